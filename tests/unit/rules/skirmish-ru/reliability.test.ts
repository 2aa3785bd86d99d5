/** Reliability: a to-hit 1 calls a d6, below Reliability jams; the technician clears it; flamers; ammunition. */
import { describe, expect, it } from 'vitest';
import { scriptedDice, type DiceSource } from '../../../../src/rules/dice/source';
import {
  afterShot,
  cannotFire,
  clearJam,
  fireVolley,
  jams,
  needsReliabilityRoll,
  shotsAvailable,
  spendShot,
} from '../../../../src/rules/skirmish-ru/reliability';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A result with its event words in English. */
const said = <R extends { events: readonly Text[] }>(r: R) => ({ ...r, events: r.events.map(en) });

const gun = { reliability: 4, flamer: false };
const flamer = { reliability: 3, flamer: true };
const loaded = { jammed: false, ammo: 5 };
const d6 = (d: DiceSource) => d.d(6);

describe('skirmish-ru reliability: d6 below Reliability jams', () => {
  it.each([
    [3, 4, true],
    [4, 4, false],
    [5, 4, false],
  ] as const)('die %s against Reliability %s (R-1, R, R+1): jams %s', (die, r, out) => {
    expect(jams(die, r)).toBe(out);
  });
  it('only a to-hit natural 1 calls the roll, except a flamer after every shot', () => {
    expect(needsReliabilityRoll(gun, 1)).toBe(true);
    expect(needsReliabilityRoll(gun, 2)).toBe(false);
    expect(needsReliabilityRoll(flamer, 5)).toBe(true);
    expect(needsReliabilityRoll(flamer, null)).toBe(true);
  });
  it('a to-hit 1 then a 3 against Reliability 4: jammed, the round spent', () => {
    const dice = scriptedDice([3]);
    expect(said(afterShot(dice, gun, loaded, 1))).toEqual({
      roll: 3,
      jammed: true,
      weapon: { jammed: true, ammo: 4 },
      events: ['reliability roll for a to-hit 1: 3 against 4', 'the weapon jams'],
    });
  });
  it('a to-hit 1 then a 4 against Reliability 4: holds', () => {
    expect(afterShot(scriptedDice([4]), gun, loaded, 1)).toMatchObject({ roll: 4, jammed: false });
  });
  it('a to-hit 2: no reliability die is rolled', () => {
    const dice = scriptedDice([]);
    expect(said(afterShot(dice, gun, loaded, 2))).toEqual({
      roll: null,
      jammed: false,
      weapon: { jammed: false, ammo: 4 },
      events: [],
    });
  });
  it('a flamer rolls after a shot that hit, and only once after a to-hit 1', () => {
    expect(afterShot(scriptedDice([2]), flamer, loaded, 6)).toMatchObject({ roll: 2, jammed: true });
    const dice = scriptedDice([3]);
    expect(afterShot(dice, flamer, loaded, 1)).toMatchObject({ roll: 3, jammed: false });
    expect(dice.remaining).toBe(0);
  });
  it('a flamer volley of 2 shots rolls reliability after each', () => {
    const v = fireVolley(scriptedDice([5, 4, 6, 3]), flamer, loaded, 2, d6);
    expect(v).toMatchObject({ toHitDice: [5, 6], reliabilityRolls: [4, 3], weapon: { jammed: false, ammo: 3 } });
  });
});

describe('skirmish-ru technician test clears a jam: d6 <= technician + modifiers', () => {
  const jammed = { jammed: true, ammo: 2 };
  it.each([
    [3, 3, 0, true],
    [4, 3, 0, false],
    [4, 3, 1, true],
    [3, 3, -1, false],
  ] as const)('die %s, technician %s, modifier %s: cleared %s', (die, tech, mod, cleared) => {
    const r = clearJam(scriptedDice([die]), jammed, tech, mod);
    expect(r).toEqual({ roll: die, target: tech + mod, cleared, weapon: { jammed: !cleared, ammo: 2 } });
  });
  it('a weapon that is not jammed needs no technician', () => {
    expect(() => clearJam(scriptedDice([1]), loaded, 3)).toThrow(RangeError);
  });
});

describe('skirmish-ru ammunition runs out', () => {
  it('each shot spends a round; at 0 the weapon cannot fire', () => {
    const one = { jammed: false, ammo: 1 };
    expect(spendShot(one)).toEqual({ jammed: false, ammo: 0 });
    expect(cannotFire({ jammed: false, ammo: 0 })).toBe('out of ammunition');
    expect(() => spendShot({ jammed: false, ammo: 0 })).toThrow(RangeError);
    expect(cannotFire({ jammed: true, ammo: 3 })).toBe('jammed');
    expect(cannotFire({ jammed: false, ammo: null })).toBe(null);
  });
  it('a rate of fire 3 with 2 rounds fires 2 shots and empties the weapon', () => {
    expect(shotsAvailable({ jammed: false, ammo: 2 }, 3)).toBe(2);
    const dice = scriptedDice([4, 5]);
    const v = fireVolley(dice, gun, { jammed: false, ammo: 2 }, 3, d6);
    expect(said(v)).toEqual({
      toHitDice: [4, 5],
      reliabilityRolls: [],
      weapon: { jammed: false, ammo: 0 },
      events: ['out of ammunition'],
    });
    expect(dice.remaining).toBe(0);
  });
  it('an empty or jammed weapon fires nothing and rolls nothing', () => {
    expect(fireVolley(scriptedDice([]), gun, { jammed: false, ammo: 0 }, 2, d6).events.map(en)).toEqual([
      'cannot fire: out of ammunition',
    ]);
    expect(fireVolley(scriptedDice([]), gun, { jammed: true, ammo: 4 }, 2, d6).toHitDice).toEqual([]);
  });
  it('a jam ends the attack: the shots after it are not fired and spend nothing', () => {
    const dice = scriptedDice([1, 2, 6]);
    const v = fireVolley(dice, gun, loaded, 3, d6);
    expect(v).toMatchObject({ toHitDice: [1], reliabilityRolls: [2], weapon: { jammed: true, ammo: 4 } });
    expect(dice.remaining).toBe(1);
  });
  it('a weapon without an ammunition count never runs out', () => {
    expect(shotsAvailable({ jammed: false, ammo: null }, 4)).toBe(4);
    expect(spendShot({ jammed: false, ammo: null })).toEqual({ jammed: false, ammo: null });
  });
});
