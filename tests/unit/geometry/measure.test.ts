import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelBody } from '../../../src/geometry/bodies';
import { dropHeight, landing } from '../../../src/geometry/drop';
import { baseToPiece, baseToPieceBounds, pairFacts } from '../../../src/geometry/facts';
import { baseDistance, inFrontArc } from '../../../src/geometry/measure';
import { buildWorld } from '../../../src/geometry/world';
import { parseMesh } from '../../../src/io/meshImport';
import { validateScene } from '../../../src/io/sceneFile';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };
const R25 = 25 / 25.4 / 2;
const R40 = 40 / 25.4 / 2;

describe('distance between bases (edge to edge, 3D)', () => {
  it.each([
    [
      'round 25 mm and round 40 mm, 5" apart',
      model('a', 10, 10),
      model('b', 15, 10, { base: { shape: 'round', diameterMm: 40 } }),
      5 - R25 - R40,
    ],
    ['diagonal', model('a', 10, 10), model('b', 13, 14), 5 - 2 * R25],
    ['a base 3" straight above another', model('a', 10, 10), model('b', 10, 10, { position: [10, 3, 10] }), 3],
    ['touching bases', model('a', 10, 10), model('b', 10 + 2 * R25, 10), 0],
    ['overlapping bases', model('a', 10, 10), model('b', 10.3, 10), 0],
    ['up and across', model('a', 10, 10), model('b', 10 + 2 * R25 + 4, 10, { position: [10 + 2 * R25 + 4, 3, 10] }), 5],
    [
      'an oval 60x35 along x, then a round 25',
      model('a', 10, 10, { base: { shape: 'oval', lengthMm: 60, widthMm: 35 } }),
      model('b', 14, 10),
      4 - 30 / 25.4 - R25,
    ],
    [
      'the same oval turned 90 degrees',
      model('a', 10, 10, { base: { shape: 'oval', lengthMm: 60, widthMm: 35 }, facingDeg: 90 }),
      model('b', 14, 10),
      4 - 17.5 / 25.4 - R25,
    ],
  ])('%s', (_name, a, b, expected) => {
    expect(baseDistance(modelBody(a), modelBody(b))).toBeCloseTo(expected, 3);
  });

  it('pair facts report distance and height difference', () => {
    const w = world({ table: TABLE, models: [model('a', 10, 10), model('b', 10, 20, { position: [10, 2, 20] })] });
    const f = pairFacts(w, 'a', 'b');
    expect(f.heightDifference).toBe(2);
    expect(f.distance).toBeCloseTo(Math.hypot(10 - 2 * R25, 2), 3);
    expect(pairFacts(w, 'b', 'a').heightDifference).toBe(-2);
  });
});

describe('front arc', () => {
  const v = modelBody(model('v', 10, 10, { facingDeg: 90 })); // facing -z
  it.each([
    [10, 5, 90, true],
    [10, 15, 90, false],
    [15, 10, 90, false],
    [15, 9.4, 180, true],
    [15, 10.6, 180, false],
    [15, 10, 180, true],
  ])('target at (%s, %s) in a %s-degree arc: %s', (x, z, arc, inside) => {
    expect(inFrontArc(v, modelBody(model('t', x, z)), arc)).toBe(inside);
  });
});

describe('drops and landings', () => {
  const w = world({
    table: TABLE,
    terrain: [box('ledge', [10, 2, 10], [4, 4, 4]), box('thin', [30, 1, 10], [0.2, 2, 6], { kind: 'obstacle' })],
    models: [model('m', 10, 10, { position: [10, 4, 10] })],
  });

  it('a ledge of known height gives that drop', () => {
    expect(dropHeight(w, [10, 6, 10])).toBeCloseTo(2, 6);
    expect(dropHeight(w, [10, 4, 10])).toBeCloseTo(0, 6);
    expect(dropHeight(w, [13, 4, 10])).toBeCloseTo(4, 6);
    expect(dropHeight(w, [20, 0, 20])).toBe(0);
  });

  it('a model pushed off a 4" ledge falls 4" and lands within the radius', () => {
    const spot = landing(w, [12.3, 4, 10], 3, { baseRadius: R25 });
    expect(spot).not.toBeNull();
    expect(spot!.fall).toBeCloseTo(4, 6);
    expect(spot!.position[1]).toBeCloseTo(0, 6);
    // Closest valid spot: the base must clear the ledge's side (x >= 12 + radius).
    expect(spot!.position[0]).toBeGreaterThanOrEqual(12 + R25 - 1e-6);
    expect(spot!.offset).toBeLessThanOrEqual(R25 + 0.1 + 1e-9);
  });

  it('a base cannot land astride a thin wall; it is put beside it', () => {
    const spot = landing(w, [30, 3, 10], 2, { baseRadius: R25 });
    expect(spot).not.toBeNull();
    expect(Math.abs(spot!.position[0] - 30)).toBeGreaterThanOrEqual(0.1 + R25 - 0.05);
    expect(spot!.fall).toBeCloseTo(3, 6);
  });

  it('no valid spot within the radius is reported as null (a ring of bases)', () => {
    const ring = Array.from({ length: 8 }, (_, i) =>
      model(`r${i}`, 20 + Math.cos((i * Math.PI) / 4) * 1.3, 20 + Math.sin((i * Math.PI) / 4) * 1.3, {
        base: { shape: 'round', diameterMm: 40 },
      }),
    );
    const crowded = world({ table: TABLE, models: [...ring, model('c', 20, 20)] });
    expect(landing(crowded, [20, 2, 20], 0.5, { baseRadius: R25 })).toBeNull();
    expect(landing(crowded, [20, 2, 20], 0.5, { baseRadius: R25, ignoreModel: 'c' })).not.toBeNull();
  });

  it('a point off the table or not finite is a clear error', () => {
    expect(() => dropHeight(w, [60, 1, 1])).toThrow('point [60, 1, 1] is off the 48x36 table');
    expect(() => dropHeight(w, [Number.NaN, 1, 1])).toThrow('is not a finite point');
    expect(() => dropHeight(w, [1, -1, 1])).toThrow('below the table top');
  });
});

describe('structures (the shipped bunker.glb)', () => {
  it('knows who is inside, and which lines pass through the interior; windows let sight through', async () => {
    const bytes = readFileSync('assets/terrain/bunker.glb');
    const geometry = await parseMesh(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      'bunker.glb',
    );
    const scene = validateScene({
      format: 'tabletop-scene/1',
      table: TABLE,
      terrain: [{ id: 'bunker', kind: 'structure', shape: 'mesh', src: 'bunker.glb', position: [38, 0, 10] }],
      models: [
        model('in', 38, 10),
        model('north', 36.4, 2, { height: 1.9, eyeHeight: 1.7 }),
        model('south', 36.4, 18, { height: 1.9 }),
        model('east', 46, 10),
      ],
    });
    if (!scene.ok) throw new Error(scene.error.message);
    const w = buildWorld(scene.value, () => geometry);
    const f = pairFacts(w, 'north', 'south');
    expect(f.viewerInStructure).toBeNull();
    expect(f.targetInStructure).toBeNull();
    expect(f.lineThroughStructure).toBe('bunker');
    expect(f.visibleFraction).toBeGreaterThan(0.05);
    expect(f.visibleFraction).toBeLessThan(0.6);
    expect(f.coverPieces.map((c) => c.id)).toEqual(['bunker']);
    const g = pairFacts(w, 'in', 'east');
    expect(g.viewerInStructure).toBe('bunker');
    expect(g.lineThroughStructure).toBeNull();
    // The east wall's single window is at 1.2"-2.2": a 1" model inside sees nothing of one outside at eye level 0.9".
    expect(g.visibleFraction).toBe(0);
    // The cheap bounds on a base's distance to the mesh hold the exact disc-to-mesh distance, r apart at most.
    const piece = w.terrain.pieces.find((p) => p.id === 'bunker')!;
    for (const id of ['north', 'south', 'east']) {
      const body = w.bodies.find((b) => b.modelId === id)!;
      const [lo, hi] = baseToPieceBounds(w, body, 'bunker');
      const exact = baseToPiece(w, body, piece);
      expect(lo).toBeLessThanOrEqual(exact + 1e-5);
      expect(hi).toBeGreaterThanOrEqual(exact - 1e-5);
      expect(hi - lo).toBeLessThanOrEqual(25 / 25.4 / 2 + 1e-5);
    }
    expect(baseToPieceBounds(w, w.bodies[0]!, 'nowhere')).toEqual([NaN, NaN]);
  });
});

describe('lean-out markers', () => {
  it('a viewer behind a wall end sees the target through its marker; a target seen only via its marker is flagged', () => {
    const w = world({
      table: TABLE,
      terrain: [box('wall', [20, 1.5, 15], [0.5, 3, 10])],
      models: [
        model('v', 19, 18, { leanOut: [19, 0, 21] }),
        model('t', 25, 22),
        model('hider', 21, 18, { leanOut: [21, 0, 21] }),
        model('far', 10, 22),
      ],
    });
    const f = pairFacts(w, 'v', 't');
    expect(f.visibleFraction).toBe(0);
    expect(f.viaLeanOut?.fromViewerMarker?.visibleFraction).toBe(1);
    const g = pairFacts(w, 'far', 'hider');
    expect(g.hasLos).toBe(false);
    expect(g.viaLeanOut?.toTargetMarker?.hasLos).toBe(true);
    expect(g.viaLeanOut?.targetSeenOnlyViaMarker).toBe(true);
    expect(pairFacts(w, 't', 'far').viaLeanOut).toBeNull();
  });
});
