/**
 * The numbers BLKOUT's rules turn on, probed on both sides: a case exactly at each threshold and one
 * just past it either way, so that moving the number (or turning `>=` into `>`) fails a test.
 */
import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { coverVerdict, HALF, type CoverContext } from '../../../../src/rules/blkout/cover';
import type { Ctx } from '../../../../src/rules/blkout/context';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { startRound } from '../../../../src/rules/blkout/round';
import { endRoundScoring, finalScoring, quadrantInset, quadrants } from '../../../../src/rules/blkout/score';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { fresh, midGame } from './fixture';
import type { Text } from '../../../../src/rules/engine/message';

/** A cover verdict as {cover, reason}, once its words say the reason in English. */
const plain = (v: { cover: string; reason: string; words: Text }) => {
  expect(en(v.words)).toBe(v.reason);
  return { cover: v.cover, reason: v.reason };
};

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
  it('just short of it: no cover, and the reason says so', () => {
    expect(plain(coverVerdict(wall(0.48), ctx))).toEqual({
      cover: 'none',
      reason: 'less than half hidden by terrain or vehicles',
    });
    expect(coverVerdict(wall(HALF), ctx).reason).toBe('49% hidden, more than 1" from the terrain that hides it');
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

describe('BLKOUT cover: the other numbers (within 1", all in smoke, 3" height, the eye\'s 0.5%) and the reasons', () => {
  /** Half hidden by a wall `distance` from the target's base. */
  const near = (distance: number) =>
    openSight({
      visibleFraction: 0.4,
      hidden: { terrain: 0.6, vehicles: 0, models: 0, smoke: 0 },
      coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.6, distance }],
    });
  it.each([
    [0.99, 'full'],
    [1, 'full'],
    [1.01, 'partial'],
  ] as const)('the hiding wall %s" from the base: %s', (distance, cover) => {
    expect(coverVerdict(near(distance), ctx).cover).toBe(cover);
  });
  it.each([
    [0.99, 'full'],
    [1, 'full'],
    [1.01, 'partial'],
  ] as const)('seen only via its lean-out marker, sight-blocking terrain %s" away: %s', (distance, cover) => {
    const v = coverVerdict(openSight({ targetOnlyViaMarker: true }), { ...ctx, blockingTerrainDistance: distance });
    expect(plain(v)).toEqual({
      cover,
      reason:
        cover === 'full'
          ? 'only its lean-out marker is seen, within 1" of sight-blocking terrain'
          : 'only its lean-out marker is seen',
    });
  });
  it.each([
    [0.999, 'partial', 'its base is partly in smoke'],
    [1 - 1e-6, 'full', 'its base is entirely in smoke'],
    [1, 'full', 'its base is entirely in smoke'],
  ] as const)('the target base %s in smoke: %s', (share, cover, reason) => {
    expect(plain(coverVerdict(openSight({ baseInSmoke: { viewer: 0, target: share } }), ctx))).toEqual({
      cover,
      reason,
    });
  });
  it("smoke words: the shooter's base when it is deeper in smoke, the target's when as deep or deeper", () => {
    const smoke = (viewer: number, target: number) => coverVerdict(openSight({ baseInSmoke: { viewer, target } }), ctx);
    expect(smoke(0.5, 0.3).reason).toBe("the shooter's base is partly in smoke");
    expect(smoke(0.3, 0.5).reason).toBe('its base is partly in smoke');
    expect(smoke(0.4, 0.4).reason).toBe('its base is partly in smoke');
    expect(smoke(1, 0).reason).toBe("the shooter's base is entirely in smoke");
  });
  it.each([
    [2.99, 'none'],
    [3, 'partial'],
    [3.01, 'partial'],
  ] as const)('the target %s" above the shooter: %s', (height, cover) => {
    expect(coverVerdict(openSight({ heightDifference: height }), ctx).cover).toBe(cover);
  });
  it('a target 3" above gains partial cover with the reason; a shooter 3" above takes partial away, never full', () => {
    expect(coverVerdict(openSight({ heightDifference: 3 }), ctx).reason).toBe(
      'its base is 3" or more above the shooter',
    );
    expect(plain(coverVerdict({ ...wall(0.6), heightDifference: -3 }, ctx))).toEqual({
      cover: 'none',
      reason:
        'shooter 3" or more above it: partial cover does not count (60% hidden, more than 1" from the terrain that hides it)',
    });
    expect(coverVerdict({ ...wall(0.6), heightDifference: -2.99 }, ctx).cover).toBe('partial');
    expect(coverVerdict({ ...near(0.5), heightDifference: -3 }, ctx).cover).toBe('full');
    expect(coverVerdict({ ...near(0.5), heightDifference: 3 }, ctx).reason).toBe('60% hidden, within 1" of wall');
  });
  it('an equal verdict keeps the first reason: terrain before the structure, terrain before a special rule', () => {
    expect(coverVerdict({ ...near(0.5), targetInStructure: 'bunker' }, ctx).reason).toBe(
      '60% hidden, within 1" of wall',
    );
    expect(coverVerdict(wall(0.6), { ...ctx, specialRuleCover: true }).reason).toBe(
      '60% hidden, more than 1" from the terrain that hides it',
    );
    expect(coverVerdict(openSight(), { ...ctx, specialRuleCover: true }).reason).toBe(
      'cover from a special rule (Shield)',
    );
    expect(coverVerdict(openSight({ targetInStructure: 'bunker' }), ctx).reason).toBe(
      'inside bunker, shot from outside it',
    );
  });
  it.each([
    [0.004, true],
    [0.005, false],
    [0.006, false],
  ] as const)("the eye sees %s of a target in LOS: blind (LOS only from the base's edge) %s", (visible, blind) => {
    const v = coverVerdict(
      openSight({ visibleFraction: visible, hidden: { terrain: 0, vehicles: 0, models: 1 - visible, smoke: 0 } }),
      ctx,
    );
    expect(v.reason.includes("from the eye, seen from the base's edge")).toBe(blind);
  });
  it.each([
    [{ terrain: 0, vehicles: 0, models: 0, smoke: 0 }, 'hidden'],
    [{ terrain: 0, vehicles: 0, models: 0, smoke: 0.005 }, 'hidden'],
    [{ terrain: 0, vehicles: 0, models: 0, smoke: 0.006 }, 'hidden by smoke'],
    [{ terrain: 0.1, vehicles: 0, models: 0, smoke: 0.9 }, 'hidden by terrain and smoke'],
    [{ terrain: 0.1, vehicles: 0.1, models: 0.7, smoke: 0.1 }, 'hidden by terrain, vehicles, other models and smoke'],
  ])('what hides a target the eye cannot see, in words: %o is "%s"', (hidden, words) => {
    expect(coverVerdict(openSight({ visibleFraction: 0, hidden }), ctx).reason).toBe(
      `${words} from the eye, seen from the base's edge; terrain and vehicles hide less than half`,
    );
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
    expect(en(c.events.find((e) => e.type === 'smoke')!.text)).toMatch(
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
    expect(en(c.events.find((e) => e.type === 'unit-roll')!.text)).toMatch(
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

describe('BLKOUT quadrants: 8" in from the edges on a 3x3 ft table (36" or more a side), 6" on smaller ones', () => {
  it.each([
    [36, 36, 8],
    [48, 36, 8],
    [35.9, 48, 6],
    [48, 35.9, 6],
    [24, 24, 6],
  ])('%sx%s: %s"', (width, depth, inset) => {
    expect(quadrantInset({ width, depth })).toBe(inset);
  });
  it('the four boxes on a 48x36 table', () => {
    expect(quadrants({ width: 48, depth: 36 })).toEqual([
      [8, 8, 24, 18],
      [24, 8, 40, 18],
      [8, 18, 24, 28],
      [24, 18, 40, 28],
    ]);
  });
  it('rounds 3 and 5 score 2 per quadrant held, with the count in the log; round 4 scores nothing', () => {
    const s = midGame({ 'A1.0': [10, 10], 'B1.0': [26, 26] });
    for (const round of [3, 4, 5]) {
      const { ctx: c } = context([]);
      const next = endRoundScoring(c, { ...s, round });
      if (round === 4) {
        expect(next.score).toEqual(s.score);
        expect(c.events).toEqual([]);
        continue;
      }
      expect(next.score).toEqual({ A: s.score.A + 2, B: s.score.B + 2 });
      expect(next.scoreLog).toEqual([
        ...s.scoreLog,
        { round, player: 'A', points: 2, why: 'quadrant 1, 1-0' },
        { round, player: 'B', points: 2, why: 'quadrant 4, 0-1' },
      ]);
      expect(c.events.map((e) => en(e.text))).toEqual(['A scores 2 (quadrant 1, 1-0)', 'B scores 2 (quadrant 4, 0-1)']);
    }
  });
});
