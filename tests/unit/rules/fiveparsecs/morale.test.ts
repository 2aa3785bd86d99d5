/** Morale (a D6 per casualty, at or under Panic Bails, Fearless never) and the give-up roll once the objective is won. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { giveUpDice, mainAiType, panics, rollGiveUp, rollMorale } from '../../../../src/rules/fiveparsecs/morale';

describe('Five Parsecs morale: one D6 per casualty this round, each at or under Panic Bails one figure', () => {
  it.each([
    [1, 1, true],
    [2, 1, false],
    [2, 2, true],
    [3, 2, false],
    [1, 0, false],
  ] as const)('die %s against Panic 1-%s: Bails %s', (die, panic, out) => {
    expect(panics(die, panic)).toBe(out);
  });
  it('one die per casualty: three casualties, dice 1, 3, 2 against Panic 1-2: two Bail', () => {
    const dice = scriptedDice([1, 3, 2]);
    expect(rollMorale(dice, { casualties: 3, panic: 2, mayBail: 5 })).toEqual({ rolls: [1, 3, 2], bail: 2 });
    expect(dice.remaining).toBe(0);
  });
  it('never more Bail than there are figures that may (Fearless ones never Bail)', () => {
    expect(rollMorale(scriptedDice([1, 1]), { casualties: 2, panic: 2, mayBail: 1 })).toEqual({
      rolls: [1, 1],
      bail: 1,
    });
  });
  it.each([
    ['no casualties', { casualties: 0, panic: 2, mayBail: 4 }],
    ['Panic 0 (War Bots)', { casualties: 2, panic: 0, mayBail: 4 }],
    ['only Fearless figures left', { casualties: 2, panic: 2, mayBail: 0 }],
  ] as const)('no dice when nothing could Bail: %s', (_, m) => {
    const dice = scriptedDice([]);
    expect(rollMorale(dice, m)).toEqual({ rolls: [], bail: 0 });
  });
});

describe('Five Parsecs give-up roll once the objective is won: any natural 1 withdraws', () => {
  it.each([
    ['cautious', 2],
    ['defensive', 2],
    ['tactical', 2],
    ['guardian', 2],
    ['aggressive', 1],
    ['rampaging', 0],
    ['beast', 0],
  ] as const)('%s rolls %sD6', (ai, n) => {
    expect(giveUpDice(ai)).toBe(n);
  });
  it.each([
    ['tactical', [2, 1], true],
    ['tactical', [1, 6], true],
    ['tactical', [2, 2], false],
    ['aggressive', [1], true],
    ['aggressive', [2], false],
  ] as const)('%s rolling %j: withdraws %s', (ai, rolls, out) => {
    const dice = scriptedDice(rolls);
    expect(rollGiveUp(dice, ai)).toEqual({ rolls, withdraws: out });
    expect(dice.remaining).toBe(0);
  });
  it('Rampaging and Beast fight on: no dice, no withdrawal', () => {
    expect(rollGiveUp(scriptedDice([]), 'rampaging')).toEqual({ rolls: [], withdraws: false });
    expect(rollGiveUp(scriptedDice([]), 'beast')).toEqual({ rolls: [], withdraws: false });
  });
  it('the main AI type is the one most figures have; a tie goes to the first in the AI list', () => {
    expect(mainAiType(['aggressive', 'rampaging', 'rampaging'])).toBe('rampaging');
    expect(mainAiType(['rampaging', 'aggressive'])).toBe('aggressive');
    expect(mainAiType([])).toBeNull();
  });
});
