/** Seize the Initiative (10+ on 2D6 + modifiers) and the Reaction Roll (a die at most Reactions acts Quick). */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  assignReactions,
  phaseFor,
  rollReactionDice,
  rollSeize,
  seizeModifier,
  SEIZE_TARGET,
  type SeizeInput,
} from '../../../../src/rules/fiveparsecs/initiative';

const plain: SeizeInput = { highestSavvy: 0, outnumbered: false, opponentModifier: 0 };

describe('Five Parsecs Seize the Initiative: 2D6 + highest Savvy, +1 outnumbered, + the opponent, 10+', () => {
  it('the number is 10', () => {
    expect(SEIZE_TARGET).toBe(10);
  });
  it.each([
    [[4, 5], 9, false],
    [[5, 5], 10, true],
    [[5, 6], 11, true],
  ] as const)('%j with no modifier: %s, seized %s', (rolls, total, seized) => {
    const dice = scriptedDice(rolls);
    expect(rollSeize(dice, plain)).toEqual({ rolls, total, seized });
    expect(dice.remaining).toBe(0);
  });
  it.each([
    ['Savvy +1', { ...plain, highestSavvy: 1 }, 1],
    ['outnumbered', { ...plain, outnumbered: true }, 1],
    ['opponent -1', { ...plain, opponentModifier: -1 }, -1],
    ['opponent +2', { ...plain, opponentModifier: 2 }, 2],
    ['Hired Muscle', { ...plain, hiredMuscle: true }, -1],
    ['Savvy 2, outnumbered, opponent -1', { highestSavvy: 2, outnumbered: true, opponentModifier: -1 }, 2],
    ['a Feral ignores the opponent -2', { ...plain, opponentModifier: -2, feral: true }, 0],
    ['a Feral ignores Hired Muscle', { ...plain, hiredMuscle: true, feral: true }, 0],
    ['a Feral keeps an opponent bonus', { ...plain, opponentModifier: 1, feral: true }, 1],
  ] as const)('%s: modifier %s', (_, input, m) => {
    expect(seizeModifier(input)).toBe(m);
  });
  it('each modifier moves the total across 10: 8 + Savvy 1 + outnumbered seizes, 9 with the opponent -1 does not', () => {
    expect(rollSeize(scriptedDice([4, 4]), { ...plain, highestSavvy: 1, outnumbered: true })).toMatchObject({
      total: 10,
      seized: true,
    });
    expect(rollSeize(scriptedDice([5, 5]), { ...plain, opponentModifier: -1 })).toMatchObject({
      total: 9,
      seized: false,
    });
  });
});

describe('Five Parsecs Reaction Roll: one D6 per figure, at most Reactions is Quick', () => {
  it.each([
    [1, 2, 'quick'],
    [2, 2, 'quick'],
    [3, 2, 'slow'],
    [1, 1, 'quick'],
    [2, 1, 'slow'],
  ] as const)('die %s against Reactions %s: %s', (die, reactions, phase) => {
    expect(phaseFor(die, reactions)).toBe(phase);
  });
  it('rolls as many dice as the crew has figures', () => {
    const dice = scriptedDice([3, 1, 6]);
    expect(rollReactionDice(dice, 3)).toEqual([3, 1, 6]);
    expect(dice.remaining).toBe(0);
  });
  const crew = [
    { id: 'a', reactions: 1 },
    { id: 'b', reactions: 2 },
    { id: 'c', reactions: 2 },
  ];
  it('the player assigns the dice: the same roll sorts differently by who takes which die', () => {
    const rolled = [2, 3, 1];
    expect(assignReactions(crew, rolled, { a: 0, b: 1, c: 2 })).toEqual({
      ok: true,
      value: { a: { die: 2, phase: 'slow' }, b: { die: 3, phase: 'slow' }, c: { die: 1, phase: 'quick' } },
    });
    expect(assignReactions(crew, rolled, { a: 2, b: 0, c: 1 })).toEqual({
      ok: true,
      value: { a: { die: 1, phase: 'quick' }, b: { die: 2, phase: 'quick' }, c: { die: 3, phase: 'slow' } },
    });
  });
  it.each([
    ['a figure without a die', { a: 0, b: 1 }, /c has no die/],
    ['a die given twice', { a: 0, b: 0, c: 2 }, /die #0 is given to two figures/],
    ['a die not rolled', { a: 0, b: 1, c: 3 }, /only 3 were rolled/],
    ['a stranger', { a: 0, b: 1, c: 2, d: 0 }, /d is not a figure/],
  ] as const)('refused: %s', (_, assignment, message) => {
    const r = assignReactions(crew, [2, 3, 1], assignment);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(message);
  });
  it('refused: fewer dice than figures', () => {
    expect(assignReactions(crew, [1, 2], { a: 0, b: 1 })).toEqual({ ok: false, error: '2 dice for 3 figures' });
  });
  describe('Feral Impetuous Actions: exactly a single 1 goes to a Feral', () => {
    const feral = [
      { id: 'a', reactions: 1 },
      { id: 'f', reactions: 1, feral: true },
    ];
    it('a single 1 given to the non-Feral is refused, to the Feral accepted', () => {
      expect(assignReactions(feral, [1, 4], { a: 0, f: 1 })).toEqual({
        ok: false,
        error: 'the single 1 must go to a Feral, not a',
      });
      expect(assignReactions(feral, [1, 4], { a: 1, f: 0 }).ok).toBe(true);
      // With a third figure the 1 is still single (two dice are not 1s).
      const three = [...feral, { id: 'b', reactions: 2 }];
      expect(assignReactions(three, [1, 4, 5], { a: 0, f: 1, b: 2 })).toEqual({
        ok: false,
        error: 'the single 1 must go to a Feral, not a',
      });
    });
    it('two 1s (or none) may go anywhere; without a Feral a single 1 may too', () => {
      expect(assignReactions(feral, [1, 1], { a: 0, f: 1 }).ok).toBe(true);
      expect(assignReactions(feral, [3, 4], { a: 0, f: 1 }).ok).toBe(true);
      expect(assignReactions(crew, [1, 4, 5], { a: 1, b: 0, c: 2 }).ok).toBe(true);
    });
  });
});
