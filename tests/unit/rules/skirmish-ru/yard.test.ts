/** The skirmish-ru scene (the Boiler Yard, 48" x 48"): it loads, every roof holds a fighter, the strips are clear. */
import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../../src/rules/engine/queries';
import { BASE_MM, FIGURE_HEIGHT, layoutOf, TABLE } from '../../../../src/rules/skirmish-ru/game';
import { CLIMB_FROM } from '../../../../src/rules/skirmish-ru/activation';
import { fresh } from './fixture';
import { yardScene, yardTable } from './yard';

/** Each roof: its piece, a spot on it, its height. */
const ROOFS: [string, number, number, number][] = [
  ['loading-dock', 8, 30, 2],
  ['pump-shed', 16, 14, 4],
  ['workshop', 21, 33, 5],
  ['warehouse-west', 29, 20, 8],
  ['warehouse-east', 37.5, 20, 8],
  ['boiler-house', 44.5, 33, 10.5],
  ['water-tower', 39.5, 33, 13],
  ['container-east', 44, 12, 3],
  ['container-east-2', 44, 16.5, 3],
];
const EMPTY: Layout = { models: {}, smoke: [] };

describe('the Boiler Yard (assets/scenarios/skirmish-ru-48.json)', () => {
  it('passes the scene validator: 48" x 48", fourteen pieces', () => {
    const s = yardScene();
    expect(s.table).toEqual(TABLE);
    expect(s.terrain?.length).toBe(14);
  });

  it.each(ROOFS)('a fighter stands on the %s roof at (%s, %s), %s" up', (_id, x, z, h) => {
    const q = yardTable().at(EMPTY);
    expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, h + 0.25)).toBe(h);
    // Searching from just below the roof finds no roof there (the ground under a solid piece is not reached from above it).
    expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, h - 0.3)).not.toBe(h);
  });

  it('the warehouses stand 2.5" apart, the water tower 2" from the boiler house, the east containers 2" apart; the alley between holds a fighter', () => {
    const q = yardTable().at(EMPTY);
    expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, 33.25, 20, 8.25)).toBe(0);
    expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, 42, 33, 13.25)).toBe(0);
    expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, 44, 14.25, 3.25)).toBe(0);
  });

  it('both deployment strips are clear: every fighter of the sample gangs stands where set-up puts it', () => {
    const s = fresh();
    let q = yardTable().at(layoutOf(s));
    for (const f of Object.values(s.fighters))
      expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, f.pos[0], f.pos[2], 0.25, f.id), f.id).toBe(0);
    q = q.at(EMPTY);
    for (const x of [1, 6, 12, 18, 24, 30, 36, 42, 47])
      for (const z of [1, 3, 5, 43, 45, 47])
        expect(q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, 0.25), `${x},${z}`).toBe(0);
  });

  it('sight: the warehouses hide a fighter behind them from one across the yard', () => {
    const table = yardTable();
    const at = (x: number, z: number) => ({
      side: 'A',
      position: [x, 0, z] as [number, number, number],
      baseMm: BASE_MM,
      height: FIGURE_HEIGHT,
      kind: 'infantry' as const,
      leanOut: null,
    });
    const q = table.at({ models: { a: at(22, 20), b: at(45, 20), c: at(22, 28) }, smoke: [] });
    expect(q.sight('a', 'b').hasLos).toBe(false);
    expect(q.sight('a', 'c').hasLos).toBe(true);
  });

  it('a normal move crosses a piece up to 1" high (CLIMB_FROM), paying it up and down; a higher one it goes round (or climbs with a jump)', () => {
    const table = yardTable();
    const at = (x: number, z: number) => ({
      side: 'A' as const,
      position: [x, 0, z] as [number, number, number],
      baseMm: BASE_MM,
      height: FIGURE_HEIGHT,
      kind: 'infantry' as const,
      leanOut: null,
    });
    // The low wall (1"): from z 8 to z 10 over it: 2" + 1" up + 1" down.
    const wall = table.at({ models: { a: at(12, 8) }, smoke: [] });
    expect(wall.routeLength('a', [12, 0, 10], undefined, CLIMB_FROM)).toBeCloseTo(4, 3);
    // The loading dock (2" roof, x 4..12, z 27.5..32.5): over it 7" + 2" + 2" = 11"; round it about 14".
    const dock = table.at({ models: { a: at(8, 26.5) }, smoke: [] });
    expect(dock.routeLength('a', [8, 0, 33.5])).toBeCloseTo(11, 3);
    const round = dock.routeLength('a', [8, 0, 33.5], undefined, CLIMB_FROM);
    expect(round).toBeGreaterThan(13.5);
    expect(round).toBeLessThan(15);
  });
});
