/** Wounds: the S-against-T table at each band's edges, armour d6 <= Armour - AP, damage to 0 wounds and excess beyond Toughness. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  applyDamage,
  freshWounds,
  resolveHit,
  rollSave,
  rollWound,
  saveTarget,
  woundNeeds,
} from '../../../../src/rules/skirmish-ru/wounds';

describe('skirmish-ru wound table: S >= 2T 2+, S > T 3+, S = T 4+, S < T 5+, S <= T/2 6+', () => {
  it.each([
    // T 4: 2T = 8, T/2 = 2
    [9, 4, 2],
    [8, 4, 2],
    [7, 4, 3],
    [5, 4, 3],
    [4, 4, 4],
    [3, 4, 5],
    [2, 4, 6],
    [1, 4, 6],
    // T 3 (odd): 2T = 6, T/2 = 1.5
    [6, 3, 2],
    [5, 3, 3],
    [4, 3, 3],
    [3, 3, 4],
    [2, 3, 5],
    [1, 3, 6],
    // T 1: S 2 is already double
    [2, 1, 2],
    [1, 1, 4],
  ] as const)('S %s against T %s needs %s+', (s, t, needs) => {
    expect(woundNeeds(s, t)).toBe(needs);
  });
  it.each([
    [4, 3, 2, false],
    [4, 3, 3, true],
    [4, 3, 4, true],
    [3, 4, 4, false],
    [3, 4, 5, true],
    [3, 4, 6, true],
  ] as const)('S %s against T %s, die %s: wounded %s', (s, t, die, out) => {
    const dice = scriptedDice([die]);
    expect(rollWound(dice, s, t)).toEqual({ roll: die, needs: woundNeeds(s, t), wounded: out });
    expect(dice.remaining).toBe(0);
  });
});

describe('skirmish-ru armour: d6 <= Armour - AP ignores the wound', () => {
  it.each([
    [3, 0, 2, true],
    [3, 0, 3, true],
    [3, 0, 4, false],
    [3, 1, 1, true],
    [3, 1, 2, true],
    [3, 1, 3, false],
  ] as const)('Armour %s, AP %s, die %s: saved %s', (armour, ap, die, saved) => {
    expect(saveTarget(armour, ap)).toBe(armour - ap);
    const dice = scriptedDice([die]);
    expect(rollSave(dice, armour, ap)).toEqual({ roll: die, target: armour - ap, saved });
    expect(dice.remaining).toBe(0);
  });
  it('reading: no armour left (Armour - AP <= 0) rolls no die', () => {
    expect(rollSave(scriptedDice([]), 0, 0)).toBeNull();
    expect(rollSave(scriptedDice([]), 2, 2)).toBeNull();
    expect(rollSave(scriptedDice([]), 1, 3)).toBeNull();
    expect(rollSave(scriptedDice([1]), 2, 1)).toEqual({ roll: 1, target: 1, saved: true });
  });
});

describe('skirmish-ru damage: 0 wounds is seriously wounded; excess beyond Toughness kills', () => {
  it('damage removes wounds', () => {
    expect(applyDamage(freshWounds(3), 1, 3)).toEqual({ wounds: 2, excess: 0, condition: 'active' });
    expect(applyDamage(freshWounds(3), 0, 3)).toEqual({ wounds: 3, excess: 0, condition: 'active' });
  });
  it('0 wounds: seriously wounded and down', () => {
    expect(applyDamage(freshWounds(2), 2, 3)).toEqual({ wounds: 0, excess: 0, condition: 'seriously-wounded' });
  });
  it.each([
    // Wounds 2, Toughness 3: damage 2 + excess
    [4, 2, 'seriously-wounded'],
    [5, 3, 'seriously-wounded'],
    [6, 4, 'dead'],
  ] as const)('Wounds 2, Toughness 3, damage %s: excess %s, %s', (damage, excess, condition) => {
    expect(applyDamage(freshWounds(2), damage, 3)).toEqual({ wounds: 0, excess, condition });
  });
  it('excess adds up over hits: T 3 down at excess 3 dies of 1 more', () => {
    let s = applyDamage(freshWounds(1), 4, 3);
    expect(s).toEqual({ wounds: 0, excess: 3, condition: 'seriously-wounded' });
    s = applyDamage(s, 1, 3);
    expect(s).toEqual({ wounds: 0, excess: 4, condition: 'dead' });
    expect(applyDamage(s, 2, 3)).toBe(s);
    expect(() => applyDamage(freshWounds(1), -1, 3)).toThrow(RangeError);
  });
});

describe('skirmish-ru one hit: wound, save, damage', () => {
  const rifle = { strength: 4, ap: 1, damage: 1 };
  const target = { toughness: 3, armour: 2, state: freshWounds(2) };
  it('not wounded: no save rolled', () => {
    const dice = scriptedDice([2]);
    expect(resolveHit(dice, rifle, target)).toMatchObject({ save: null, damage: 0, state: target.state });
    expect(dice.remaining).toBe(0);
  });
  it('wounded and saved (d6 1 <= 2 - 1)', () => {
    const r = resolveHit(scriptedDice([3, 1]), rifle, target);
    expect(r).toMatchObject({ save: { roll: 1, target: 1, saved: true }, damage: 0, state: target.state });
  });
  it('wounded, not saved: one wound off', () => {
    const r = resolveHit(scriptedDice([3, 2]), rifle, target);
    expect(r).toMatchObject({ damage: 1, state: { wounds: 1, excess: 0, condition: 'active' } });
  });
  it('armour pierced to 0: no save die', () => {
    const dice = scriptedDice([6]);
    const r = resolveHit(dice, { strength: 3, ap: 2, damage: 2 }, target);
    expect(r).toMatchObject({ save: null, damage: 2, state: { wounds: 0, condition: 'seriously-wounded' } });
    expect(dice.remaining).toBe(0);
  });
});
