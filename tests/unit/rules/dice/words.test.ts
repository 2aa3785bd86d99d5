import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { armourWords, poolWords, skillWords } from '../../../../src/rules/dice/words';

describe('successes explained: the dice, the number to reach, the count and why a die counts more than once', () => {
  it('BLKOUT skill checks: an ace (10) counts twice; a re-rolled die shows what it was', () => {
    expect(en(skillWords({ rolls: [10, 4], skill: 4 }))).toBe('10, 4 against 4+: 3 successes, the 10 counts twice');
    expect(en(skillWords({ rolls: [10, 10, 1], skill: 5 }))).toBe(
      '10, 10, 1 against 5+: 4 successes, each 10 counts twice',
    );
    expect(en(skillWords({ rolls: [3], skill: 4 }))).toBe('3 against 4+: 0 successes');
    expect(en(skillWords({ rolls: [7, 9], skill: 5, rerolled: [0], replaced: [2] }))).toBe(
      '7 (re-rolled from 2), 9 against 5+: 2 successes',
    );
  });
  it('BLKOUT armour checks: no aces (a 10 saves once), Sustained re-rolls named', () => {
    expect(en(armourWords({ rolls: [6, 2], target: 6 }))).toBe('6, 2 against 6+: 1 save');
    expect(en(armourWords({ rolls: [10, 5, 1], target: 4 }))).toBe(
      '10, 5, 1 against 4+: 2 saves, a 10 saves once (no aces in armour checks)',
    );
    expect(en(armourWords({ rolls: [2], target: 6, rerolls: 2 }))).toBe(
      '2 against 6+ (after two Sustained re-rolls of a save): 0 saves',
    );
  });
  it("Counterblast pools: a 10 explodes into one more die (or the weapon's 9s)", () => {
    expect(en(poolWords({ rolls: [10, 7, 3], difficulty: 7 }))).toBe(
      '10, 7, 3 against 7+: 2 successes, the 10 exploded into one more die',
    );
    expect(en(poolWords({ rolls: [9, 10, 2, 4], difficulty: 7, explodeOn: 9 }))).toBe(
      '9, 10, 2, 4 against 7+: 2 successes, two dice of 9+ exploded into two more',
    );
    expect(en(poolWords({ rolls: [], difficulty: 7 }))).toBe('no dice: 0 successes');
  });
});
