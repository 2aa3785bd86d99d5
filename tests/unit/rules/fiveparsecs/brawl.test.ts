/** Brawling: 1D6 + Combat Skill (+2 Melee, +1 Pistol); the loser takes a Hit, a draw both; natural 6 and 1. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import { brawlBonus, brawlOutcome, rollBrawl } from '../../../../src/rules/fiveparsecs/brawl';

const bare = { skill: 0, bonus: 0 };

describe('Five Parsecs brawl bonus: +2 Melee, +1 Pistol', () => {
  it.each([
    [['melee'], 2],
    [['pistol'], 1],
    [['melee', 'pistol'], 2],
    [['heavy'], 0],
    [null, 0],
  ] as const)('%j: +%s', (traits, bonus) => {
    expect(brawlBonus(traits)).toBe(bonus);
  });
});

describe('Five Parsecs brawl: compare totals', () => {
  it.each([
    // first die, second die, first skill+bonus, second skill+bonus -> hits taken [first, second], winner
    [3, 4, 1, 0, [1, 1], 'draw'],
    [3, 4, 2, 0, [0, 1], 0],
    [3, 4, 0, 0, [1, 0], 1],
    [4, 3, 0, 0, [0, 1], 0],
    [3, 3, 0, 0, [1, 1], 'draw'],
    [2, 4, 2, 0, [1, 1], 'draw'],
    [2, 4, 3, 0, [0, 1], 0],
  ] as const)('%s vs %s with +%s vs +%s: hits %j, winner %s', (a, b, ma, mb, hits, winner) => {
    const r = brawlOutcome([a, b], { skill: ma, bonus: 0 }, { skill: 0, bonus: mb });
    expect(r.hits).toEqual(hits);
    expect(r.winner).toBe(winner);
    expect(r.totals).toEqual([a + ma, b + mb]);
  });
  it('the weapon bonus counts like skill: a Melee 4 beats a Pistol 4, a Melee 3 ties a Pistol 4 and a bare 5', () => {
    expect(brawlOutcome([4, 4], { skill: 0, bonus: 2 }, { skill: 0, bonus: 1 }).winner).toBe(0);
    expect(brawlOutcome([3, 4], { skill: 0, bonus: 2 }, { skill: 0, bonus: 1 }).winner).toBe('draw');
    expect(brawlOutcome([3, 5], { skill: 0, bonus: 2 }, bare).winner).toBe('draw');
  });
});

describe('Five Parsecs brawl: a natural 6 inflicts an extra Hit, a natural 1 suffers one', () => {
  it('a winning 6 gives the loser two Hits', () => {
    expect(brawlOutcome([6, 3], bare, bare).hits).toEqual([0, 2]);
  });
  it('a losing 6 still inflicts one Hit on the winner', () => {
    expect(brawlOutcome([6, 5], bare, { skill: 3, bonus: 0 }).hits).toEqual([1, 1]);
  });
  it('a losing 1 suffers two Hits; a winning 1 suffers one', () => {
    expect(brawlOutcome([1, 3], bare, bare).hits).toEqual([2, 0]);
    expect(brawlOutcome([1, 2], { skill: 3, bonus: 0 }, bare).hits).toEqual([1, 1]);
  });
  it('6 against 1: the 1 takes the loss, the 6 and its own 1: three Hits', () => {
    expect(brawlOutcome([6, 1], bare, bare).hits).toEqual([0, 3]);
  });
  it('a drawn 6 against 6: each takes the draw Hit and the other 6 (two each)', () => {
    expect(brawlOutcome([6, 6], bare, bare).hits).toEqual([2, 2]);
  });
  it('rolls the first brawler then the second', () => {
    const dice = scriptedDice([2, 5]);
    expect(rollBrawl(dice, bare, bare)).toMatchObject({ rolls: [2, 5], winner: 1, hits: [1, 0] });
    expect(dice.remaining).toBe(0);
  });
});
