import { describe, expect, it } from 'vitest';
import { anyPointLos } from '../../../src/geometry/facts';
import { blockedByOnePrism } from '../../../src/geometry/losCertificate';
import { terrainSolids } from '../../../src/geometry/solids';
import { buildWorld } from '../../../src/geometry/world';
import { box, model, randomScene, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };

describe('convex prism solids', () => {
  it('knows boxes and faceted cylinders are prisms', () => {
    const w = world({
      table: TABLE,
      terrain: [
        box('b', [10, 1, 10], [2, 2, 4], { rotationY: 33 }),
        { id: 'c', kind: 'obstacle', shape: 'cylinder', center: [20, 1, 10], radius: 1, height: 2 },
      ],
    });
    expect(terrainSolids(w).map((s) => [s.pieceId, s.prism])).toEqual([
      ['b', true],
      ['c', true],
    ]);
  });
});

describe('one-prism LOS certificate', () => {
  const scene = (wall: [number, number, number], size: [number, number, number]) =>
    world({
      table: TABLE,
      terrain: [box('wall', wall, size)],
      models: [model('a', 10, 10, { height: 1.5 }), model('b', 20, 10, { height: 1.5 })],
    });
  const bodies = (w: ReturnType<typeof scene>) => [w.bodies[0]!, w.bodies[1]!] as const;

  it('a wall taller than both, across the whole corridor, proves there is no LOS', () => {
    const w = scene([15, 1, 10], [0.5, 2, 6]);
    expect(blockedByOnePrism(w, ...bodies(w))).toBe('wall');
  });

  it.each<[string, [number, number, number], [number, number, number]]>([
    ['lower than a body', [15, 0.7, 10], [0.5, 1.4, 6]],
    ['too short to span the corridor', [15, 1, 10.5], [0.5, 2, 0.8]],
    ['not standing on the ground', [15, 2, 10], [0.5, 2, 6]],
  ])('proves nothing for a wall %s', (_why, at, size) => {
    const w = scene(at, size);
    expect(blockedByOnePrism(w, ...bodies(w))).toBeNull();
  });

  it('is never wrong on random tables (seeds 7, 88, 909, 4242): certified pairs have no LOS from any body point', () => {
    let certified = 0;
    for (const seed of [7, 88, 909, 4242]) {
      const w = buildWorld(randomScene(seed, 16, 12), () => undefined);
      for (let i = 0; i < w.bodies.length; i++) {
        for (let j = i + 1; j < w.bodies.length; j++) {
          if (!blockedByOnePrism(w, w.bodies[i]!, w.bodies[j]!)) continue;
          certified++;
          expect(anyPointLos(w, w.bodies[i]!, w.bodies[j]!, undefined, false), `seed ${seed}: ${i}-${j}`).toBe(false);
          expect(anyPointLos(w, w.bodies[j]!, w.bodies[i]!, undefined, false), `seed ${seed}: ${j}-${i}`).toBe(false);
        }
      }
    }
    // The tables are dense enough that the proof applies to some pairs.
    expect(certified).toBeGreaterThan(3);
  });
});

describe('barrier of several prisms', () => {
  it('two walls meeting in an L, neither spanning the corridor alone, block it together; with a gap they do not', () => {
    const make = (gap: number) =>
      world({
        table: TABLE,
        terrain: [box('w1', [15, 1, 9.2], [0.5, 2, 1.6]), box('w2', [15, 1, 10.8 + gap], [0.5, 2, 1.6])],
        models: [model('a', 10, 10, { height: 1.5 }), model('b', 20, 10, { height: 1.5 })],
      });
    const joined = make(0);
    expect(blockedByOnePrism(joined, joined.bodies[0]!, joined.bodies[1]!)).not.toBeNull();
    expect(anyPointLos(joined, joined.bodies[0]!, joined.bodies[1]!, undefined, false)).toBe(false);
    const apart = make(0.3);
    expect(blockedByOnePrism(apart, apart.bodies[0]!, apart.bodies[1]!)).toBeNull();
  });
});
