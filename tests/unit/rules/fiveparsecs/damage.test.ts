/** Damage: 1D6 + Damage equal to or above Toughness, or a natural 6, eliminates; else Stunned and pushed 1"; saves; Stun markers. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  addStun,
  eliminates,
  KNOCKOUT_STUNS,
  mayMoveAndAct,
  PUSH_BACK,
  rollHit,
  saves,
  stunAfterActing,
} from '../../../../src/rules/fiveparsecs/damage';

describe('Five Parsecs damage: "modified score equals or exceeds Toughness", or a natural 6', () => {
  it.each([
    [2, 0, 3, false],
    [3, 0, 3, true],
    [4, 0, 3, true],
    [3, 1, 5, false],
    [4, 1, 5, true],
    [5, 1, 5, true],
    [5, 0, 6, false],
    [6, 0, 6, true],
    [6, 0, 9, true],
    [5, 2, 9, false],
    [1, 5, 6, true],
  ] as const)('die %s + Damage %s against Toughness %s: eliminated %s', (die, damage, toughness, out) => {
    expect(eliminates(die, damage, toughness)).toBe(out);
    const dice = scriptedDice([die]);
    const r = rollHit(dice, { damage, toughness });
    expect(r.kind).toBe(out ? 'eliminated' : 'stunned');
    expect(dice.remaining).toBe(0);
  });
  it('a survivor is Stunned and pushed 1" back', () => {
    expect(PUSH_BACK).toBe(1);
    expect(rollHit(scriptedDice([2]), { damage: 0, toughness: 4 })).toEqual({
      kind: 'stunned',
      saveRoll: null,
      roll: 2,
      total: 2,
      pushBack: 1,
    });
  });
});

describe('Five Parsecs armour saves (War Bots 5+)', () => {
  it.each([
    [4, 5, false],
    [5, 5, true],
    [6, 5, true],
  ] as const)('save die %s against %s+: saved %s', (die, save, saved) => {
    expect(saves(die, save)).toBe(saved);
  });
  it('the save is rolled first; a saved Hit rolls no damage', () => {
    const dice = scriptedDice([5, 6]);
    expect(rollHit(dice, { damage: 0, toughness: 4, save: 5 })).toEqual({ kind: 'saved', saveRoll: 5 });
    expect(dice.remaining).toBe(1);
  });
  it('a failed save goes on to the damage die', () => {
    const dice = scriptedDice([4, 4]);
    expect(rollHit(dice, { damage: 0, toughness: 4, save: 5 })).toEqual({
      kind: 'eliminated',
      saveRoll: 4,
      roll: 4,
      total: 4,
    });
    expect(dice.remaining).toBe(0);
  });
  it('a Piercing weapon ignores the save: the first die is the damage die', () => {
    const dice = scriptedDice([6]);
    expect(rollHit(dice, { damage: 0, toughness: 4, save: 5, piercing: true })).toMatchObject({
      kind: 'eliminated',
      saveRoll: null,
    });
    expect(dice.remaining).toBe(0);
  });
});

describe('Five Parsecs Stun markers', () => {
  it('three markers knock a figure out: the second does not, the third does', () => {
    expect(KNOCKOUT_STUNS).toBe(3);
    expect(addStun(0)).toEqual({ markers: 1, knockedOut: false });
    expect(addStun(1)).toEqual({ markers: 2, knockedOut: false });
    expect(addStun(2)).toEqual({ markers: 3, knockedOut: true });
  });
  it('one marker comes off after acting, never below none', () => {
    expect(stunAfterActing(2)).toBe(1);
    expect(stunAfterActing(1)).toBe(0);
    expect(stunAfterActing(0)).toBe(0);
  });
  it('a Stunned figure may Move or act, an unstunned one both', () => {
    expect(mayMoveAndAct(0)).toBe(true);
    expect(mayMoveAndAct(1)).toBe(false);
  });
});
