/** Falls by height (1 / d3 / d6 / removed at 3", 6", 12"), no armour, prone, the model beneath, jumping down, climbing and leaping. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  climb,
  FALL_D3,
  FALL_D6,
  FALL_ONE_WOUND,
  fallBand,
  jumpDown,
  leap,
  resolveFall,
  resolveLandingOn,
} from '../../../../src/rules/skirmish-ru/falls';
import { freshWounds } from '../../../../src/rules/skirmish-ru/wounds';

/** Toughness 3, 3 wounds: survives anything up to 3 wounds. */
const tough = { toughness: 3, state: freshWounds(3) };

describe('skirmish-ru fall bands: up to 3" 1 wound, 3-6" d3, 6-12" d6, over 12" removed', () => {
  it.each([
    [-1, 'none'],
    [0, 'none'],
    [0.01, 'one'],
    [2.99, 'one'],
    [3, 'one'],
    [3.01, 'd3'],
    [5.99, 'd3'],
    [6, 'd3'],
    [6.01, 'd6'],
    [11.99, 'd6'],
    [12, 'd6'],
    [12.01, 'removed'],
  ] as const)('%s": %s', (h, band) => {
    expect([FALL_ONE_WOUND, FALL_D3, FALL_D6]).toEqual([3, 6, 12]);
    expect(fallBand(h)).toBe(band);
  });
  it('a NaN height is refused', () => {
    expect(() => fallBand(Number.NaN)).toThrow(RangeError);
  });
});

describe("skirmish-ru the issue's falls, scripted dice", () => {
  it('2": 1 wound, no die, prone', () => {
    const dice = scriptedDice([]);
    expect(resolveFall(dice, 2, tough)).toEqual({
      band: 'one',
      wounds: 1,
      removed: false,
      state: { wounds: 2, excess: 0, condition: 'active' },
      prone: true,
    });
  });
  it('4": d3 (the engine\'s d6 halved, rounding up): a d6 of 3 is 2 wounds', () => {
    const dice = scriptedDice([3]);
    expect(resolveFall(dice, 4, tough)).toMatchObject({ band: 'd3', wounds: 2, state: { wounds: 1 }, prone: true });
    expect(dice.rolled).toEqual([[6, 3]]);
  });
  it.each([
    [1, 1],
    [2, 1],
    [5, 3],
    [6, 3],
  ] as const)('4": a d6 of %s is %s wounds', (die, wounds) => {
    expect(resolveFall(scriptedDice([die]), 4, tough).wounds).toBe(wounds);
  });
  it('8": d6 wounds: a 3 takes all 3 wounds, seriously wounded, not prone', () => {
    const r = resolveFall(scriptedDice([3]), 8, tough);
    expect(r).toMatchObject({ band: 'd6', wounds: 3, prone: false });
    expect(r.state).toEqual({ wounds: 0, excess: 0, condition: 'seriously-wounded' });
  });
  it('8": a 6 on 2 wounds, Toughness 3: excess 4 > 3, dead, not prone', () => {
    const r = resolveFall(scriptedDice([6]), 8, { toughness: 3, state: freshWounds(2) });
    expect(r).toMatchObject({ wounds: 6, prone: false, state: { excess: 4, condition: 'dead' } });
  });
  it('13": removed without a roll', () => {
    const dice = scriptedDice([]);
    expect(resolveFall(dice, 13, tough)).toEqual({
      band: 'removed',
      wounds: 0,
      removed: true,
      state: tough.state,
      prone: false,
    });
  });
  it('armour does not save: Armour 6 rolls no save, the d3 wounds all land', () => {
    const armoured = { ...tough, armour: 6 };
    const dice = scriptedDice([4]);
    expect(resolveFall(dice, 5, armoured)).toMatchObject({ wounds: 2, state: { wounds: 1 } });
    expect(dice.rolled).toEqual([[6, 4]]);
  });
});

describe('skirmish-ru a fall onto a model', () => {
  const beneath = { agility: 3, toughness: 3, state: freshWounds(2) };
  it('the model beneath dodges on d6 <= Agility: no wounds', () => {
    const dice = scriptedDice([3, 3]); // faller's d3 die, then the dodge
    const r = resolveLandingOn(dice, 5, tough, beneath);
    expect(r.dodge).toEqual({ roll: 3, target: 3, passed: true });
    expect(r.beneath).toBeNull();
    expect(r.faller).toMatchObject({ wounds: 2, prone: true });
    expect(dice.remaining).toBe(0);
  });
  it('failing (4 > 3) it takes wounds by the same height and goes prone if it survives', () => {
    const r = resolveLandingOn(scriptedDice([3, 4, 1]), 5, tough, beneath);
    expect(r.dodge.passed).toBe(false);
    expect(r.beneath).toMatchObject({ band: 'd3', wounds: 1, prone: true, state: { wounds: 1 } });
  });
  it('failing at 2" it takes 1 wound, and on 1 wound left is seriously wounded, not prone', () => {
    const r = resolveLandingOn(scriptedDice([6]), 2, tough, { ...beneath, state: freshWounds(1) });
    expect(r.beneath).toMatchObject({ wounds: 1, prone: false, state: { condition: 'seriously-wounded' } });
  });
  it('reading: over 12" the model beneath that fails is removed too', () => {
    const r = resolveLandingOn(scriptedDice([5]), 13, tough, beneath);
    expect(r.faller.removed).toBe(true);
    expect(r.beneath?.removed).toBe(true);
  });
});

const jumper = { agility: 3, acrobatics: 3, toughness: 3, state: freshWounds(2) };

describe('skirmish-ru jumping down: up to Agility inches, acrobatics test', () => {
  it.each([
    [2.99, true],
    [3, true],
    [3.01, false],
  ] as const)('Agility 3, %s" down: allowed %s', (h, allowed) => {
    expect(jumpDown(scriptedDice([1]), h, jumper).allowed).toBe(allowed);
  });
  it('a refused jump rolls no die', () => {
    const dice = scriptedDice([]);
    expect(jumpDown(dice, 4, jumper)).toEqual({ allowed: false });
  });
  it('a pass keeps the rest of the move, a fail ends it (and, reading, does not fall)', () => {
    expect(jumpDown(scriptedDice([3]), 3, jumper)).toEqual({
      allowed: true,
      test: { roll: 3, target: 3, passed: true },
      moveEnds: false,
    });
    const dice = scriptedDice([4]);
    expect(jumpDown(dice, 3, jumper)).toMatchObject({ allowed: true, moveEnds: true });
    expect(dice.remaining).toBe(0);
  });
});

describe('skirmish-ru climbing: up to Agility inches, double movement, acrobatics test, a fail falls', () => {
  it.each([
    [2.99, true],
    [3, true],
    [3.01, false],
  ] as const)('Agility 3, %s" up: allowed %s', (h, allowed) => {
    expect(climb(scriptedDice([1]), h, 12, jumper).allowed).toBe(allowed);
  });
  it('costs twice the height, and needs that much movement left', () => {
    expect(climb(scriptedDice([1]), 2, 4, jumper)).toMatchObject({ allowed: true, cost: 4, fall: null });
    expect(climb(scriptedDice([]), 2, 3.99, jumper)).toEqual({ allowed: false, why: 'no-movement' });
    expect(climb(scriptedDice([1]), 2, 4.01, jumper)).toMatchObject({ allowed: true, cost: 4 });
    expect(climb(scriptedDice([]), 3.5, 12, jumper)).toEqual({ allowed: false, why: 'too-high' });
  });
  it('a fail falls from the height it was climbing to: 3" is 1 wound', () => {
    const dice = scriptedDice([4]);
    const r = climb(dice, 3, 6, jumper);
    expect(r).toMatchObject({ allowed: true, cost: 6, test: { passed: false }, fall: { band: 'one', wounds: 1 } });
    expect(dice.remaining).toBe(0);
  });
  it('a fail from 3.01" (Agility 4) falls d3', () => {
    const r = climb(scriptedDice([5, 6]), 3.01, 8, { ...jumper, agility: 4 });
    expect(r).toMatchObject({
      fall: { band: 'd3', wounds: 3, prone: false, state: { condition: 'seriously-wounded' } },
    });
  });
});

describe('skirmish-ru leaping a gap: up to Agility inches, costs the gap, acrobatics test, a fail falls', () => {
  it.each([
    [2.99, true],
    [3, true],
    [3.01, false],
  ] as const)('Agility 3, a %s" gap: allowed %s', (g, allowed) => {
    expect(leap(scriptedDice([1]), g, 6, 12, jumper).allowed).toBe(allowed);
  });
  it('costs the gap in movement and needs it left', () => {
    expect(leap(scriptedDice([2]), 2.5, 6, 2.5, jumper)).toMatchObject({ allowed: true, cost: 2.5, fall: null });
    expect(leap(scriptedDice([]), 2.5, 6, 2.49, jumper)).toEqual({ allowed: false, why: 'no-movement' });
    expect(leap(scriptedDice([1]), 2.5, 6, 2.51, jumper)).toMatchObject({ allowed: true, cost: 2.5 });
    expect(leap(scriptedDice([]), 3.5, 6, 12, jumper)).toEqual({ allowed: false, why: 'too-far' });
  });
  it('a fail falls the depth below the gap: 8" is d6', () => {
    const dice = scriptedDice([6, 1]);
    const r = leap(dice, 2, 8, 6, jumper);
    expect(r).toMatchObject({ test: { roll: 6, passed: false }, fall: { band: 'd6', wounds: 1, prone: true } });
    expect(dice.remaining).toBe(0);
  });
});
