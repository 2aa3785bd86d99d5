/**
 * The numbers BLKOUT's rules turn on, probed on both sides: a case exactly at each threshold and one
 * just past it either way, so that moving the number (or turning `>=` into `>`) fails a test.
 */
import { describe, expect, it } from 'vitest';
import { coverVerdict, HALF, type CoverContext } from '../../../../src/rules/blkout/cover';
import type { Ctx } from '../../../../src/rules/blkout/context';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { startRound } from '../../../../src/rules/blkout/round';
import { finalScoring } from '../../../../src/rules/blkout/score';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { fresh } from './fixture';

const ctx: CoverContext = {
  bothInfantry: true,
  coverModels: [],
  blockingTerrainDistance: Infinity,
  specialRuleCover: false,
};
/** A target with `share` hidden by a wall 3" from its base (never within 1": partial at most). */
const wall = (share: number) =>
  openSight({
    visibleFraction: 1 - share,
    hidden: { terrain: share, vehicles: 0, models: 0, smoke: 0 },
    coverPieces: [{ id: 'wall', kind: 'obstacle', share, distance: 3 }],
  });

/** An apply context with scripted dice; `left()` is how many scripted dice went unused. */
function context(dice: number[]): { ctx: Ctx; left: () => number } {
  const q = fakeTable();
  const src = scriptedDice(dice);
  return { ctx: { dice: src, q, window: null, events: [], at: () => q }, left: () => src.remaining };
}

describe("BLKOUT cover: half or more hidden (0.5, less the geometry core's 0.01)", () => {
  it('the threshold is 0.49', () => {
    expect(HALF).toBeCloseTo(0.49, 12);
  });
  it.each([
    [0.45, 'none'],
    [0.48, 'none'],
    [0.489, 'none'],
    [HALF, 'partial'],
    [0.491, 'partial'],
    [0.5, 'partial'],
    [0.51, 'partial'],
  ] as const)('%s hidden: %s', (share, cover) => {
    expect(coverVerdict(wall(share), ctx).cover).toBe(cover);
  });
  it('terrain and vehicles add up to the threshold; either alone short of it is no cover', () => {
    const f = (terrain: number, vehicles: number) =>
      openSight({
        visibleFraction: 1 - terrain - vehicles,
        hidden: { terrain, vehicles, models: 0, smoke: 0 },
        coverPieces: terrain > 0 ? [{ id: 'wall', kind: 'obstacle', share: terrain, distance: 3 }] : [],
        hidingModels: vehicles > 0 ? [{ id: 'truck', share: vehicles }] : [],
      });
    const withTruck = { ...ctx, coverModels: ['truck'] };
    expect(coverVerdict(f(0.25, 0.24), withTruck).cover).toBe('partial');
    expect(coverVerdict(f(0.25, 0.23), withTruck).cover).toBe('none');
    expect(coverVerdict(f(0.25, 0.24), ctx).cover).toBe('none');
  });
});

describe('BLKOUT Operations: a smoke token is removed on a D10 roll of 6+ (chaff on 10)', () => {
  const withSmoke = (chaff: boolean): BlkoutState => ({
    ...fresh(),
    round: 0,
    smoke: [{ id: 'smoke-1', x: 18, z: 18, light: false, owner: 'A', ...(chaff ? { chaff: true } : {}) }],
  });
  it.each([
    [5, false, 'stays as light smoke'],
    [6, true, 'removed'],
    [7, true, 'removed'],
  ])('smoke rolls %s: %s', (roll, removed) => {
    const { ctx: c, left } = context([roll]);
    const s = startRound(c, withSmoke(false));
    expect(left()).toBe(0);
    expect(s.smoke).toEqual(removed ? [] : [{ id: 'smoke-1', x: 18, z: 18, light: true, owner: 'A' }]);
    expect(c.events.find((e) => e.type === 'smoke')?.text).toMatch(
      new RegExp(`rolls ${roll} against 6\\+: ${removed ? 'removed' : 'thins to light smoke'}`),
    );
  });
  it.each([
    [9, false, 'stays as light smoke'],
    [10, true, 'removed'],
  ])('chaff rolls %s: %s', (roll, removed) => {
    const { ctx: c } = context([roll]);
    expect(startRound(c, withSmoke(true)).smoke.length).toBe(removed ? 0 : 1);
  });
});

describe('BLKOUT end of game: a unit with more than half its models destroyed counts on a D10 roll of 6+', () => {
  /** A fresh game (nobody destroyed) with `dead` models of B's unit `unit` destroyed. */
  const losing = (unit: string, dead: number): BlkoutState => {
    const s = fresh();
    const ids = s.units[unit]!.models.slice(0, dead);
    return {
      ...s,
      models: { ...s.models, ...Object.fromEntries(ids.map((id) => [id, { ...s.models[id]!, destroyed: true }])) },
    };
  };
  const UNIT = 'B2';
  it('the unit tested has four models', () => {
    expect(fresh().units[UNIT]!.models.length).toBe(4);
  });
  it.each([
    [5, 0],
    [6, 1],
    [7, 1],
  ])('three of four destroyed, rolls %s: A scores %s', (roll, points) => {
    const { ctx: c, left } = context([roll]);
    const s = finalScoring(c, losing(UNIT, 3));
    expect(left()).toBe(0);
    expect(s.score).toEqual({ A: points, B: 0 });
    expect(c.events.find((e) => e.type === 'unit-roll')?.text).toMatch(
      points ? /rolls \d+ against 6\+, counts as destroyed/ : /it does not count as destroyed/,
    );
  });
  it('exactly half destroyed: no roll, no point', () => {
    const { ctx: c } = context([]);
    expect(finalScoring(c, losing(UNIT, 2)).score).toEqual({ A: 0, B: 0 });
    expect(c.events).toEqual([]);
  });
  it('all destroyed: a point without a roll', () => {
    const { ctx: c } = context([]);
    expect(finalScoring(c, losing(UNIT, 4)).score).toEqual({ A: 1, B: 0 });
  });
});
