/** Suppressive fire: declaring it, the 20° cone, the Det-12 test on entering, the d10 against Auto. */
import { describe, expect, it } from 'vitest';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import type { Vec3 } from '../../../../src/rules/rpg-attacks/area';
import {
  beginTurnInZone,
  declareSuppression,
  distanceToCone,
  enterZone,
  expireZones,
  firstEntry,
  inCone,
  judgeSuppression,
  type SuppressionZone,
} from '../../../../src/rules/rpg-attacks/suppression';

const O: Vec3 = [0, 0, 0];
const at = (deg: number, d: number): Vec3 => [
  d * Math.cos((deg * Math.PI) / 180),
  0,
  d * Math.sin((deg * Math.PI) / 180),
];
const gun = { auto: 5, damage: 5, longestRange: 30 };
const zone: SuppressionZone = { shooterId: 'gan', origin: O, directionDeg: 0, range: 30, auto: 5, damage: 5 };

describe('rpg-attacks suppressive fire: declaring', () => {
  it('spends the full Auto rating: 5 of 12 rounds leaves 7; exactly 5 is enough, 4 is not', () => {
    expect(declareSuppression('gan', O, 0, gun, 12)).toMatchObject({ ok: true, roundsSpent: 5, roundsLeft: 7, zone });
    expect(declareSuppression('gan', O, 0, gun, 5)).toMatchObject({ ok: true, roundsLeft: 0 });
    expect(declareSuppression('gan', O, 0, gun, 4)).toMatchObject({ ok: false, code: 'not-enough-rounds' });
  });

  it('a weapon without Auto cannot suppress', () => {
    expect(declareSuppression('gan', O, 0, { ...gun, auto: 0 }, 12)).toMatchObject({ ok: false, code: 'no-auto' });
  });

  it('the zone ends when the shooter begins its next turn, not when anyone else does', () => {
    expect(expireZones([zone], 'someone')).toEqual([zone]);
    expect(expireZones([zone], 'gan')).toEqual([]);
  });
});

describe('rpg-attacks the 20° cone', () => {
  it('a point is in at 10° either side, out at 10.5°; heading wraps around 360', () => {
    expect(inCone(O, 0, at(10, 5))).toBe(true);
    expect(inCone(O, 0, at(-10, 5))).toBe(true);
    expect(inCone(O, 0, at(10.5, 5))).toBe(false);
    expect(inCone(O, 355, at(4, 5))).toBe(true);
    expect(inCone(O, 355, at(6, 5))).toBe(false);
    expect(inCone(O, 0, [-5, 0, 0])).toBe(false);
  });

  it('a base is in when any part is: at 12° and 10 m a base of radius r is in iff r >= 10 sin 2°', () => {
    const edge = 10 * Math.sin((2 * Math.PI) / 180);
    expect(distanceToCone(O, 0, at(12, 10))).toBeCloseTo(edge, 12);
    expect(inCone(O, 0, at(12, 10), edge)).toBe(true);
    expect(inCone(O, 0, at(12, 10), edge - 0.001)).toBe(false);
    expect(inCone(O, 0, [-0.4, 0, 0], 0.5)).toBe(true);
  });

  it('the cone reaches the weapon longest range: 30 m in, 30.01 m out; a base reaching back to 30 m is in', () => {
    expect(inCone(O, 0, [30, 0, 0], 0, 30)).toBe(true);
    expect(inCone(O, 0, [30.01, 0, 0], 0, 30)).toBe(false);
    expect(inCone(O, 0, [30.5, 0, 0], 0.5, 30)).toBe(true);
    expect(inCone(O, 0, [30.51, 0, 0], 0.5, 30)).toBe(false);
    expect(inCone(O, 0, [300, 0, 0])).toBe(true);
  });

  it('heights are ignored: a point 5 m up in the cone is in it', () => {
    expect(inCone(O, 90, [0, 5, 10])).toBe(true);
  });
});

describe('rpg-attacks the d10 against Auto', () => {
  it('Auto 5: a 5 hits with margin 5 (damage 5 + 5 - armour), a 6 misses', () => {
    expect(judgeSuppression(5, 5, 'none', 5)).toEqual({ die: 5, result: 5, hit: true, margin: 5, damage: 10 });
    expect(judgeSuppression(5, 5, 'none', 5, 3)).toMatchObject({ damage: 7 });
    expect(judgeSuppression(6, 5, 'none', 5)).toEqual({ die: 6, result: 6, hit: false, margin: 0, damage: 0 });
    expect(judgeSuppression(1, 5, 'none', 5, 9)).toMatchObject({ hit: true, damage: 0 });
  });

  it('moderate cover +1: a 4 becomes 5 and hits (margin 4), a 5 becomes 6 and misses', () => {
    expect(judgeSuppression(4, 5, 'moderate', 5)).toMatchObject({ result: 5, hit: true, margin: 4, damage: 9 });
    expect(judgeSuppression(5, 5, 'moderate', 5)).toMatchObject({ result: 6, hit: false });
  });

  it('heavy cover +2: a 3 becomes 5 and hits, a 4 becomes 6 and misses', () => {
    expect(judgeSuppression(3, 5, 'heavy', 5)).toMatchObject({ result: 5, hit: true, margin: 3 });
    expect(judgeSuppression(4, 5, 'heavy', 5)).toMatchObject({ result: 6, hit: false });
  });
});

describe('rpg-attacks entering and standing in the zone', () => {
  const across: Vec3[] = [
    [10, 0, -6],
    [10, 0, 6],
  ];
  const edgeZ = 10 * Math.tan((10 * Math.PI) / 180);

  it('firstEntry finds the crossing of the cone edge, to the base radius', () => {
    const e = firstEntry(zone, across)!;
    expect(e.leg).toBe(0);
    expect(e.inside[2]).toBeCloseTo(-edgeZ, 4);
    expect(e.stopAt[2]).toBeLessThan(e.inside[2]);
    expect(inCone(O, 0, e.stopAt)).toBe(false);
    expect(firstEntry(zone, across, 0.5)!.inside[2]).toBeLessThan(-edgeZ - 0.4);
    expect(
      firstEntry(zone, [
        [10, 0, -6],
        [10, 0, -3],
      ]),
    ).toBeNull();
  });

  it('a path starting inside does not enter; leaving and coming back in does (second leg)', () => {
    expect(
      firstEntry(zone, [
        [10, 0, 0],
        [10, 0, 1],
      ]),
    ).toBeNull();
    const e = firstEntry(zone, [
      [10, 0, 0],
      [10, 0, 6],
      [10, 0, 0],
    ])!;
    expect(e.leg).toBe(1);
    expect(e.inside[2]).toBeCloseTo(edgeZ, 4);
  });

  it('Det 12 passes (d20 7 + Det 5) and the d10 is rolled: a 5 hits for 10', () => {
    const dice = scripted([7, 5]);
    const r = enterZone(dice, zone, { id: 'x', path: across, det: 5, cover: 'none' });
    expect(r).toMatchObject({ kind: 'entered', det: { total: 12, success: true }, hit: { hit: true, damage: 10 } });
    expect(dice.remaining).toBe(0);
  });

  it('Det 11 fails: the move stops at the edge and no d10 is rolled', () => {
    const dice = scripted([6]);
    const r = enterZone(dice, zone, { id: 'x', path: across, det: 5, cover: 'none' });
    expect(r.kind).toBe('held');
    if (r.kind === 'held') {
      expect(r.det.total).toBe(11);
      expect(r.stopAt[2]).toBeCloseTo(-edgeZ, 4);
      expect(inCone(O, 0, r.stopAt)).toBe(false);
    }
    expect(dice.remaining).toBe(0);
  });

  it('a move that stays out, or the shooter itself, rolls nothing', () => {
    const dice = scripted([]);
    expect(
      enterZone(dice, zone, {
        id: 'x',
        path: [
          [10, 0, -6],
          [10, 0, -5],
        ],
        det: 0,
        cover: 'none',
      }),
    ).toEqual({
      kind: 'clear',
    });
    expect(enterZone(dice, zone, { id: 'gan', path: across, det: 0, cover: 'none' })).toEqual({ kind: 'clear' });
  });

  it('beginning a turn in the zone rolls the d10 with cover; outside or the shooter rolls nothing', () => {
    expect(beginTurnInZone(scripted([4]), zone, { id: 'x', pos: [10, 0, 0], cover: 'moderate' })).toMatchObject({
      hit: true,
      margin: 4,
    });
    expect(beginTurnInZone(scripted([4]), zone, { id: 'x', pos: [10, 0, 0], cover: 'heavy' })).toMatchObject({
      hit: false,
    });
    expect(beginTurnInZone(scripted([]), zone, { id: 'x', pos: [10, 0, 5], cover: 'none' })).toBeNull();
    expect(beginTurnInZone(scripted([]), zone, { id: 'gan', pos: [10, 0, 0], cover: 'none' })).toBeNull();
  });
});
