/** The one prefixed dice source: forced rolls (battle --dice) and a paused action's replay, then live dice. */
import { describe, expect, it } from 'vitest';
import { prefixedDice, scriptedDice, ScriptError } from '../../../../src/rules/dice/source';

describe('prefixedDice', () => {
  it('gives the prefix first, then the live dice, and records every roll', () => {
    const d = prefixedDice([6, [10, 3]], scriptedDice([2, 9]));
    expect([d.d(6), d.d(10), d.used, d.d(6), d.d(10), d.used]).toEqual([6, 3, 2, 2, 9, 2]);
    expect(d.rolled).toEqual([
      [6, 6],
      [10, 3],
      [6, 2],
      [10, 9],
    ]);
  });

  it.each([
    [[7], 6, '7 cannot be rolled on a d6'],
    [[0], 6, '0 cannot be rolled on a d6'],
    [[[10, 4]], 6, 'replayed roll #1 was a d10, now a d6 is rolled (the replay diverged)'],
  ] as const)('refuses %j on a d%i: %s', (prefix, sides, message) => {
    const d = prefixedDice(prefix, scriptedDice([]));
    expect(() => d.d(sides)).toThrow(new ScriptError(message));
  });

  it('refuses through the given error (the battle CLI names --dice)', () => {
    const d = prefixedDice([9], scriptedDice([]), (m) => new RangeError(`--dice: ${m}`));
    expect(() => d.d(6)).toThrow(new RangeError('--dice: 9 cannot be rolled on a d6'));
  });
});
