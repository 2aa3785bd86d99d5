/**
 * Characteristic tests (skirmish-ru.ru.txt says "пройти тест на ловкость / атлетику / акробатику /
 * скрытность / мораль / умение техника" but never how a test is rolled). Reading (shared README,
 * "skirmish-ru"): roll d6; the test passes when the die is at most the characteristic plus the
 * modifiers. The text names no automatic pass or fail, so none is read in: a natural 1 passes only
 * when the target is at least 1 and a 6 fails only when it is below 6. A target of 0 or less cannot
 * pass and one of 6 or more cannot fail; the die is rolled all the same, so a script always spends one.
 */
import type { DiceSource } from '../dice/source';

/** The tests the text names, by the characteristic each rolls against. */
export const TESTS = ['agility', 'athletics', 'acrobatics', 'stealth', 'morale', 'technician'] as const;
/** One kind of test. */
export type TestKind = (typeof TESTS)[number];

/** The number a d6 must not exceed: the characteristic plus the modifiers. */
export const testTarget = (stat: number, modifiers: readonly number[] = []): number =>
  modifiers.reduce((a, m) => a + m, stat);

/** Whether a die passes a test against `target` (d6 <= target). */
export const passes = (roll: number, target: number): boolean => roll <= target;

/** One rolled test: the die, what it had to be at most, and the verdict. */
export interface TestRoll {
  roll: number;
  target: number;
  passed: boolean;
}

/** Rolls a test: one d6 against the characteristic plus the modifiers. */
export function rollTest(dice: DiceSource, stat: number, modifiers: readonly number[] = []): TestRoll {
  const target = testTarget(stat, modifiers);
  const roll = dice.d(6);
  return { roll, target, passed: passes(roll, target) };
}
