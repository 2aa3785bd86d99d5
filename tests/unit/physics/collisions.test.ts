import { describe, expect, it } from 'vitest';
import { measuredPath } from '../../../src/movement/path';
import { createCollisionWorld } from '../../../src/physics/collisions';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };
const R = 25 / 25.4 / 2;

describe('rapier collisions', () => {
  const scene = () =>
    world({
      table: TABLE,
      terrain: [
        box('wall', [10, 1, 10], [0.5, 2, 6]),
        box('shelf', [20, 0.9, 10], [4, 0.2, 4]),
        { id: 'woods', kind: 'area', shape: 'cylinder', center: [30, 1.5, 10], radius: 3, height: 3 },
      ],
      models: [model('m', 5, 10, { height: 1.1 })],
    });

  it('says whether a body fits, and names the terrain in the way', async () => {
    const c = await createCollisionWorld(scene());
    try {
      expect(c.bodyBlockedBy(5, 0, 10, R, 1.1)).toBeNull();
      // Touching the wall's face is fine; overlapping it is not.
      expect(c.bodyBlockedBy(9.75 - R, 0, 10, R, 1.1)).toBeNull();
      expect(c.bodyBlockedBy(9.75 - R + 0.1, 0, 10, R, 1.1)).toBe('wall');
      // Inside the wall (no surface crossed by the cylinder's sides when it is thick enough).
      expect(c.bodyBlockedBy(10, 0.5, 10, 0.1, 0.5)).toBe('wall');
      // Under a shelf at 0.8"-1.0": a 1.1" model does not fit, a 0.6" one does; standing on it is fine.
      expect(c.bodyBlockedBy(20, 0, 10, R, 1.1)).toBe('shelf');
      expect(c.bodyBlockedBy(20, 0, 10, R, 0.6)).toBeNull();
      expect(c.bodyBlockedBy(20, 1.0, 10, R, 1.1)).toBeNull();
      // Area terrain is not solid.
      expect(c.bodyBlockedBy(30, 0, 10, R, 1.1)).toBeNull();
    } finally {
      c.dispose();
    }
  });

  it('a measured move checks the body fits where it ends', async () => {
    const w = scene();
    const c = await createCollisionWorld(w);
    try {
      expect(measuredPath(w, 'm', [5, 0, 14], { collisions: c }).reachable).toBe(true);
      const under = measuredPath(w, 'm', [20, 0, 10], { collisions: c });
      expect(under.reachable).toBe(false);
    } finally {
      c.dispose();
    }
  });
});
