import { describe, expect, it } from 'vitest';
import { backFaceCulling, insideClosedBox } from '../../../src/geometry/closedSurfaces';
import { referenceVisibility } from '../../../src/geometry/reference';
import { computeVisibility } from '../../../src/geometry/visibility';
import { buildWorld, occludersOf } from '../../../src/geometry/world';
import { validateScene } from '../../../src/io/sceneFile';
import { PlaneGeometry } from 'three';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };

describe('back-face culling of closed terrain surfaces', () => {
  it('a box is closed and outward-facing; an open plate is not culled', () => {
    const scene = validateScene({
      format: 'tabletop-scene/1',
      table: TABLE,
      terrain: [
        box('crate', [10, 1, 10], [2, 2, 2]),
        { id: 'plate', kind: 'obstacle', shape: 'mesh', src: 'plate.glb', position: [30, 1, 10] },
      ],
      models: [model('v', 5, 5)],
    });
    if (!scene.ok) throw new Error(scene.error.message);
    const w = buildWorld(scene.value, (src) =>
      src === 'plate.glb' ? new PlaneGeometry(4, 4).rotateX(-Math.PI / 2) : undefined,
    );
    const occ = occludersOf(w);
    const culling = backFaceCulling(occ);
    const crate = occ.byId.get('crate')!;
    const plate = occ.byId.get('plate')!;
    expect(crate.vertexEnd).toBeGreaterThan(crate.vertexStart);
    expect(plate.vertexEnd).toBeGreaterThan(plate.vertexStart);
    for (let t = crate.vertexStart / 3; t < crate.vertexEnd / 3; t++)
      expect(culling.sign[t], `crate triangle ${t}`).toBe(1);
    for (let t = plate.vertexStart / 3; t < plate.vertexEnd / 3; t++)
      expect(culling.sign[t], `plate triangle ${t}`).toBe(0);
    expect(insideClosedBox(culling, 10, 1, 10)).toBe(true);
    expect(insideClosedBox(culling, 12.5, 1, 10)).toBe(false);
    expect(insideClosedBox(culling, 30, 1, 10)).toBe(false);
  });

  it('an eye inside a crate (a base pushed into terrain) still sees nothing through its walls, as the reference does', () => {
    const w = world({
      table: TABLE,
      terrain: [box('crate', [10, 1, 18], [3, 2, 3])],
      models: [model('v', 10, 18, { height: 1.5 }), model('t', 20, 18, { height: 1.5 })],
    });
    const v = w.bodies[0]!,
      t = w.bodies[1]!;
    const fast = computeVisibility(w, v.eye, t, (k) => k === 0);
    const ref = referenceVisibility(w, v.eye, t, (k) => k === 0, 32);
    expect(ref.visible).toBe(0);
    expect(fast.visible).toBe(0);
    expect(fast.blocked).toEqual([{ kind: 'terrain', index: 0, cells: fast.samples }]);
  });

  it('from outside, culling changes nothing: a crate hides the lower half of a target behind it, counted or credited', () => {
    const w = world({
      table: TABLE,
      terrain: [box('crate', [20, 0.5, 18], [1, 1, 6])],
      models: [model('v', 10, 18, { height: 1, eyeHeight: 1 }), model('t', 21, 18, { height: 2 })],
    });
    const v = w.bodies[0]!,
      t = w.bodies[1]!;
    const credited = computeVisibility(w, v.eye, t, (k) => k === 0);
    const counted = computeVisibility(w, v.eye, t, (k) => k === 0, undefined, undefined, true);
    const ref = referenceVisibility(w, v.eye, t, (k) => k === 0, 64);
    expect(counted.visible).toBe(credited.visible);
    expect(credited.visible / credited.samples).toBeCloseTo(ref.visible / ref.samples, 1);
    expect(credited.visible / credited.samples).toBeGreaterThan(0.3);
    expect(credited.visible / credited.samples).toBeLessThan(0.7);
  });
});
