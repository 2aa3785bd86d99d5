/** Characteristic tests: d6 <= the characteristic plus the modifiers; no automatic pass or fail (the text names none). */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { passes, rollTest, testTarget, TESTS } from '../../../../src/rules/skirmish-ru/tests';

describe('skirmish-ru tests: d6 at most the characteristic plus modifiers', () => {
  it.each([
    [3, [], 2, true],
    [3, [], 3, true],
    [3, [], 4, false],
    [3, [1], 4, true],
    [3, [1], 5, false],
    [3, [-1], 2, true],
    [3, [-1], 3, false],
    [4, [1, -1, -1], 3, true],
    [4, [1, -1, -1], 4, false],
  ] as const)('stat %s, modifiers %j, die %s: passed %s', (stat, mods, die, out) => {
    const dice = scriptedDice([die]);
    expect(rollTest(dice, stat, mods)).toEqual({ roll: die, target: testTarget(stat, mods), passed: out });
    expect(dice.remaining).toBe(0);
  });

  it('the target is the characteristic plus every modifier', () => {
    expect(testTarget(4)).toBe(4);
    expect(testTarget(4, [1, -2])).toBe(3);
  });

  it('reading: a natural 1 is no automatic pass, a 6 no automatic fail', () => {
    expect(passes(1, 0)).toBe(false);
    expect(passes(1, 1)).toBe(true);
    expect(passes(6, 5)).toBe(false);
    expect(passes(6, 6)).toBe(true);
    // a skill of 0 never passes, but the die is still rolled
    const dice = scriptedDice([1]);
    expect(rollTest(dice, 0).passed).toBe(false);
    expect(dice.remaining).toBe(0);
    expect(rollTest(scriptedDice([6]), 5, [1]).passed).toBe(true);
  });

  it('the tests the text names', () => {
    expect(TESTS).toEqual(['agility', 'athletics', 'acrobatics', 'stealth', 'morale', 'technician']);
  });
});
