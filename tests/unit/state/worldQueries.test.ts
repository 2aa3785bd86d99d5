import { describe, expect, it } from 'vitest';
import type { Layout, Placement } from '../../../src/rules/engine/queries';
import { worldQueries } from '../../../src/state/worldQueries';
import { box } from '../../support/scenes';
import type { Scene } from '../../../src/io/sceneSchema';

/** An empty table: the view a test starts from before asking `at` for its layout. */
const EMPTY: Layout = { models: {}, smoke: [] };

const scene: Scene = {
  format: 'tabletop-scene/1',
  table: { width: 36, depth: 36 },
  terrain: [box('wall', [10, 1.5, 18], [0.5, 3, 8])],
};
const noMeshes = () => undefined;
const at = (side: string, x: number, z: number, extra: Partial<Placement> = {}): Placement => ({
  side,
  position: [x, 0, z],
  baseMm: 25,
  height: 1.2,
  kind: 'infantry',
  leanOut: null,
  ...extra,
});

describe('rules queries over the geometry and movement cores (worldQueries)', () => {
  it('a cover piece\'s closerThan gives the same answer as reading its distance (3.258"), at it and a thousandth either side', () => {
    for (const [limit, closer] of [
      [1, false],
      [3.257, false],
      [3.258, false],
      [3.259, true],
      [10, true],
    ] as const) {
      // A fresh Queries each time, so no distance has been read before closerThan answers.
      const q = worldQueries(scene, noMeshes).at({ models: { a: at('A', 6, 18), b: at('B', 14, 18) }, smoke: [] });
      const wall = q.sight('a', 'b').coverPieces[0]!;
      expect(wall.closerThan!(limit), `closer than ${limit}`).toBe(closer);
      expect(wall.distance).toBe(3.258);
      expect(wall.distance < limit).toBe(closer);
    }
  });

  it('answers about the layout it is asked at: distance, sight, routes, standing room, nearest blocking terrain', () => {
    let q = worldQueries(scene, noMeshes).at(EMPTY);
    const layout: Layout = { models: { a: at('A', 6, 18), b: at('B', 14, 18), c: at('B', 6, 26) }, smoke: [] };
    q = q.at(layout);
    expect(q.distance('a', 'b')).toBeCloseTo(8 - 25 / 25.4, 6);
    const s = q.sight('a', 'b');
    expect(s).toMatchObject({
      hasLos: false,
      visibleFraction: 0,
      hidden: { terrain: 1 },
      fromViewerMarker: false,
      targetOnlyViaMarker: false,
    });
    expect(s.coverPieces.map((c) => c.id)).toEqual(['wall']);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(q.sight('a', 'c').hasLos).toBe(true);
    // Around the 8" wall's end (x 9.75..10.25 at z 22): tangent, arc, 0.5" along the end, arc, tangent.
    const R = 25 / 25.4 / 2;
    const l1 = Math.hypot(3.75, 4),
      l2 = Math.hypot(3.75, 1);
    const turn = Math.atan2(4, 3.75) + Math.asin(R / l1) + Math.atan2(1, 3.75) + Math.asin(R / l2);
    expect(q.routeLength('a', [14, 0, 21])).toBeCloseTo(
      Math.sqrt(l1 * l1 - R * R) + 0.5 + Math.sqrt(l2 * l2 - R * R) + R * turn,
      6,
    );
    expect(q.routeLength('a', [6, 0, 22])).toBeCloseTo(4, 3);
    // Asked "within X?": the same length at X or more, Infinity just short of it (the search stops there).
    const around = q.routeLength('a', [14, 0, 21]);
    expect(q.routeLength('a', [14, 0, 21], around + 0.01)).toBe(around);
    expect(q.routeLength('a', [14, 0, 21], around)).toBe(around);
    expect(q.routeLength('a', [14, 0, 21], around - 0.01)).toBe(Infinity);
    expect(q.routeLength('a', [6, 0, 22], 3.99)).toBe(Infinity);
    expect(q.standHeight(25, 1.2, 10, 18, 0.5)).toBeNull();
    expect(q.standHeight(25, 1.2, 6, 21, 0.5)).toBe(0);
    expect(q.standHeight(25, 1.2, 6, 18.5, 0.5)).toBeNull();
    expect(q.standHeight(25, 1.2, 6, 18.5, 0.5, 'a')).toBe(0);
    expect(q.blockingTerrainDistance('a')).toBeCloseTo(10 - 0.25 - 6 - 12.5 / 25.4, 2);
  });

  it('a cover piece distance is measured when read, equals the pair facts, and a view of a later layout does not change it', () => {
    let q = worldQueries(scene, noMeshes).at(EMPTY);
    // b half behind the 3" wall's corner (x 9.75..10.25, z 14..22), 1.5" past it: partly hidden from a.
    q = q.at({ models: { a: at('A', 4, 10), b: at('B', 12, 15) }, smoke: [] });
    const s = q.sight('a', 'b');
    expect(s.coverPieces.map((c) => c.id)).toEqual(['wall']);
    const expected = 12 - 10.25 - 12.5 / 25.4; // edge of b's base to the wall's face
    const later = q.at({ models: { a: at('A', 4, 10), b: at('B', 30, 30) }, smoke: [] });
    expect(later.distance('a', 'b')).toBeGreaterThan(20);
    expect(s.coverPieces[0]!.distance).toBeCloseTo(expected, 3);
    expect(JSON.parse(JSON.stringify(s)).coverPieces[0].distance).toBeCloseTo(expected, 3);
  });

  it('a layout asked for again gets its earlier view back (same facts, not measured twice)', () => {
    let q = worldQueries(scene, noMeshes).at(EMPTY);
    const first: Layout = { models: { a: at('A', 4, 10), b: at('B', 12, 15) }, smoke: [] };
    q = q.at(first);
    const seen = q.sight('a', 'b');
    q = q.at({ models: { a: at('A', 4, 10), b: at('B', 30, 10) }, smoke: [] });
    expect(q.sight('a', 'b').visibleFraction).toBe(1);
    q = q.at(JSON.parse(JSON.stringify(first)) as Layout);
    expect(q.sight('a', 'b')).toBe(seen);
    const fresh = worldQueries(scene, noMeshes).at(first);
    expect(JSON.parse(JSON.stringify(fresh.sight('a', 'b')))).toEqual(JSON.parse(JSON.stringify(seen)));
  });

  it('a new layout moves models and places smoke; taking a model out of the layout takes it off the table', () => {
    let q = worldQueries(scene, noMeshes).at({ models: { a: at('A', 6, 30), b: at('B', 20, 30) }, smoke: [] });
    expect(q.sight('a', 'b').hasLos).toBe(true);
    q = q.at({
      models: { a: at('A', 6, 30), b: at('B', 20, 30) },
      smoke: [{ id: 's', position: [13, 0, 30], radius: 3 }],
    });
    expect(q.sight('a', 'b')).toMatchObject({ hasLos: false, smokeBlocked: true });
    q = q.at({ models: { a: at('A', 6, 30) }, smoke: [] });
    expect(() => q.distance('a', 'b')).toThrow(/no model with id "b"/);
  });

  it('a model seen only through its lean-out marker is reported so, with the marker facts', () => {
    const q = worldQueries(scene, noMeshes).at({
      models: { a: at('A', 6, 18), b: at('B', 11, 18, { leanOut: [11, 0, 23.8] }) },
      smoke: [],
    });
    const s = q.sight('a', 'b');
    expect(s.targetOnlyViaMarker).toBe(true);
    expect(s.hasLos).toBe(true);
  });

  it("measures from a viewer's lean-out marker (a 25 mm base) to the target's base, or says it has none", () => {
    let q = worldQueries(scene, noMeshes).at(EMPTY);
    // Marker 1" to the east of a's centre; b 8" east of a: 7" from the marker's centre, less both radii.
    q = q.at({ models: { a: at('A', 2, 30, { leanOut: [3, 0, 30] }), b: at('B', 10, 30) }, smoke: [] });
    expect(q.markerDistance('a', 'b')).toBeCloseTo(7 - 25 / 25.4, 6);
    expect(q.distance('a', 'b')).toBeCloseTo(8 - 25 / 25.4, 6);
    expect(q.markerDistance('b', 'a')).toBeNull();
  });

  it('jumps: a 3" wall is cleared by a 4" jump and stops a 2" one; the table edge stops any', () => {
    const q = worldQueries(scene, noMeshes).at({ models: { a: at('A', 8, 18) }, smoke: [] });
    expect(q.jumpBlocked('a', [12, 0, 18], 4)).toBeNull();
    expect(q.jumpBlocked('a', [12, 0, 18], 2)).toBe('wall');
    expect(q.jumpBlocked('a', [8, 0, 14], 2)).toBeNull();
    expect(q.jumpBlocked('a', [-2, 0, 18], 4)).toBe('table edge');
  });

  it('sight may pass through the bodies of chosen kinds (BLKOUT sees vehicles through infantry)', () => {
    let q = worldQueries(scene, noMeshes).at(EMPTY);
    // A wide, tall infantry model stands between a and the small vehicle v (no terrain on that row).
    q = q.at({
      models: {
        a: at('A', 2, 32),
        wall: at('B', 6, 32, { baseMm: 100, height: 4 }),
        v: at('B', 10, 32, { kind: 'vehicle', height: 1 }),
      },
      smoke: [],
    });
    expect(q.sight('a', 'v').hasLos).toBe(false);
    const through = q.sight('a', 'v', ['infantry']);
    expect(through.hasLos).toBe(true);
    expect(through.visibleFraction).toBeGreaterThan(0.95);
    expect(through.hidingModels).toEqual([]);
  });

  it('a viewer may look through chosen smoke tokens, everyone else still cannot (BLKOUT Targeting Smoke)', () => {
    const q = worldQueries(scene, noMeshes).at({
      models: { a: at('A', 6, 30), b: at('B', 20, 30) },
      smoke: [{ id: 's', position: [13, 0, 30], radius: 3 }],
    });
    expect(q.sight('a', 'b').hasLos).toBe(false);
    expect(q.sight('a', 'b', [], ['s'])).toMatchObject({ hasLos: true, smokeBlocked: false });
    expect(q.sight('b', 'a').hasLos).toBe(false);
  });

  it('a straight jump (Counterblast): the 3" wall stops it short; open ground takes the whole distance', () => {
    const q = worldQueries(scene, noMeshes).at({ models: { a: at('A', 8, 18) }, smoke: [] });
    const blocked = q.jumpLine('a', 0, 4, 1, 0.5, 3);
    expect(blocked.stoppedBy).toBe('wall');
    // In 0.02" steps until the base (12.5 mm) would touch the wall's face at x 9.75: 9.26 - 8 is one step too far.
    expect(blocked.travelled).toBeCloseTo(1.24, 9);
    const open = q.jumpLine('a', 90, 4, 1, 0.5, 3);
    expect(open).toMatchObject({ stoppedBy: null, fall: null });
    expect(open.end[2]).toBeCloseTo(22, 2);
  });
  it('routeCost: the route plus 1" per full 2" over difficult area pieces, clipped exactly (none on the wall scene)', () => {
    const rough: Scene = {
      ...scene,
      terrain: [
        ...(scene.terrain ?? []),
        box('mud', [20, 0.05, 10], [2, 0.1, 6], { kind: 'area', blocksLos: false, difficult: true }),
      ],
    };
    const q = worldQueries(rough, noMeshes).at({ models: { a: at('A', 16, 10) }, smoke: [] });
    // Straight across the 2" strip (x 19..21): exactly 2" of it, +1"; stopping 0.01" short of its far side: 1.99", +0.
    expect(q.routeCost('a', [24, 0, 10], 2)).toBeCloseTo(9, 6);
    expect(q.routeCost('a', [20.99, 0, 10], 2)).toBeCloseTo(4.99, 6);
    expect(q.routeCost('a', [16, 0, 16], 2)).toBeCloseTo(6, 6);
    const plain = worldQueries(scene, noMeshes).at({ models: { a: at('A', 16, 10) }, smoke: [] });
    expect(plain.routeCost('a', [24, 0, 10], 2)).toBeCloseTo(8, 6);
  });

  it('areaOf: the area piece a base centre stands in (its edge counts), and whether it blocks sight; solid terrain and open ground are no area', () => {
    const woods: Scene = {
      ...scene,
      terrain: [
        ...(scene.terrain ?? []),
        box('woods', [24, 1.5, 10], [4, 3, 4], { kind: 'area', blocksLos: true }),
        box('scrub', [24, 0.25, 24], [4, 0.5, 4], { kind: 'area' }),
      ],
    };
    const q = worldQueries(woods, noMeshes).at({
      models: {
        in: at('A', 25, 11),
        edge: at('A', 26, 10),
        out: at('A', 26.01, 10),
        scrub: at('B', 24, 24),
        wall: at('B', 10.2, 18),
      },
      smoke: [],
    });
    expect(q.areaOf('in')).toEqual({ id: 'woods', blocksLos: true });
    expect(q.areaOf('edge')).toEqual({ id: 'woods', blocksLos: true });
    expect(q.areaOf('out')).toBeNull();
    expect(q.areaOf('scrub')).toEqual({ id: 'scrub', blocksLos: false });
    expect(q.areaOf('wall')).toBeNull();
  });
});
