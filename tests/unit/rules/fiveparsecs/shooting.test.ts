/** Firing: the base to-hit number at and just past 6" and the weapon's range, trait modifiers, and scripted shots. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  hitTargetWords,
  rollShot,
  rollShots,
  shotChance,
  shotHits,
  toHitTarget,
  traitHitModifier,
} from '../../../../src/rules/fiveparsecs/shooting';
import { en } from '../../../support/words';

describe('Five Parsecs to-hit: 3+ open within 6", 5+ open in range, 6+ covered in range', () => {
  it.each([
    [5.99, false, 3, 'open-close'],
    [6, false, 3, 'open-close'],
    [6.01, false, 5, 'open-range'],
    [24, false, 5, 'open-range'],
    [24.01, false, null, null],
    // The book's line the summary leaves out: "in cover within 6": 5+", beyond 6" 6+.
    [2, true, 5, 'covered-close'],
    [5.99, true, 5, 'covered-close'],
    [6, true, 5, 'covered-close'],
    [6.01, true, 6, 'covered-range'],
    [24, true, 6, 'covered-range'],
    [24.01, true, null, null],
  ] as const)('%s" with a 24" weapon, cover %s: %s (%s)', (distance, cover, target, reason) => {
    expect(toHitTarget(distance, 24, cover)).toEqual(target === null ? null : { target, reason });
  });
  it('a weapon shorter than 6" is out of range past its range even inside 6"', () => {
    expect(toHitTarget(4, 4, false)).toEqual({ target: 3, reason: 'open-close' });
    expect(toHitTarget(4.01, 4, false)).toBeNull();
  });
  it('the shot button words give the number, the reason and the distance', () => {
    expect(en(hitTargetWords(toHitTarget(9, 24, false)!, 9))).toBe('5+: open target in range (9.0")');
    expect(en(hitTargetWords(toHitTarget(3.25, 24, false)!, 3.25))).toBe('3+: open target within 6" (3.3")');
    expect(en(hitTargetWords(toHitTarget(12, 24, true)!, 12))).toBe('6+: covered target in range (12.0")');
    expect(en(hitTargetWords(toHitTarget(5, 24, true)!, 5))).toBe('5+: covered target within 6" (5.0")');
  });
});

describe('Five Parsecs weapon traits on the to-hit roll', () => {
  it.each([
    [['heavy'], true, 10, -1],
    [['heavy'], false, 10, 0],
    [['snap-shot'], false, 6, 1],
    [['snap-shot'], false, 6.01, 0],
    [['heavy', 'snap-shot'], true, 5, 0],
    [[], true, 3, 0],
  ] as const)('%j, moved %s, %s": %s', (traits, moved, distance, m) => {
    expect(traitHitModifier(traits, moved, distance)).toBe(m);
  });
});

describe('Five Parsecs shots: 1D6 + Combat Skill against the number', () => {
  it.each([
    [3, 0, 5, false],
    [4, 0, 5, false],
    [5, 0, 5, true],
    [3, 1, 5, false],
    [4, 1, 5, true],
    [5, 0, 6, false],
    [6, 0, 6, true],
    [2, 1, 3, true],
    [1, 1, 3, false],
    [1, 2, 3, true],
  ] as const)('die %s + skill %s against %s+: hit %s', (die, skill, target, hit) => {
    const dice = scriptedDice([die]);
    const r = rollShot(dice, { skill, target });
    expect(r.hits > 0).toBe(hit);
    expect(r.total).toBe(die + skill);
    expect(dice.remaining).toBe(0);
  });
  it('a modifier counts: a Heavy weapon fired after moving misses 5+ on 4 + 1 - 1', () => {
    expect(rollShot(scriptedDice([4]), { skill: 1, target: 5, modifier: -1 }).hits).toBe(0);
    expect(rollShot(scriptedDice([5]), { skill: 1, target: 5, modifier: -1 }).hits).toBe(1);
    // The total the log shows counts the modifier too: 5 + 1 - 1.
    expect(rollShot(scriptedDice([5]), { skill: 1, target: 5, modifier: -1 }).total).toBe(5);
  });
  it('Seize the Initiative shots hit only on a natural 6, whatever the skill and the number', () => {
    expect(shotHits(5, { skill: 3, target: 3, seize: true })).toBe(false);
    expect(shotHits(6, { skill: 0, target: 6, seize: true })).toBe(true);
    expect(rollShot(scriptedDice([5]), { skill: 2, target: 3, seize: true }).hits).toBe(0);
    expect(rollShot(scriptedDice([6]), { skill: 0, target: 5, seize: true }).hits).toBe(1);
  });
  it('an Aimed shot re-rolls a 1 once, and the second die stands', () => {
    const again = scriptedDice([1, 5]);
    expect(rollShot(again, { skill: 0, target: 5, aimed: true })).toEqual({
      rolls: [1, 5],
      face: 5,
      total: 5,
      hits: 1,
    });
    expect(again.remaining).toBe(0);
    expect(rollShot(scriptedDice([1, 1]), { skill: 0, target: 3, aimed: true }).hits).toBe(0);
    const two = scriptedDice([2, 6]);
    expect(rollShot(two, { skill: 0, target: 5, aimed: true }).rolls).toEqual([2]);
    expect(two.remaining).toBe(1);
    const plain = scriptedDice([1, 6]);
    expect(rollShot(plain, { skill: 2, target: 3 }).rolls).toEqual([1]);
    expect(plain.remaining).toBe(1);
  });
  it('a Critical weapon scores two Hits on a natural 6 and one otherwise', () => {
    expect(rollShot(scriptedDice([6]), { skill: 0, target: 5, critical: true }).hits).toBe(2);
    expect(rollShot(scriptedDice([5]), { skill: 1, target: 5, critical: true }).hits).toBe(1);
    expect(rollShot(scriptedDice([6]), { skill: 0, target: 5 }).hits).toBe(1);
  });
  it('a weapon rolls one die per shot', () => {
    const dice = scriptedDice([4, 5]);
    expect(rollShots(dice, 2, { skill: 0, target: 5 }).map((r) => r.hits)).toEqual([0, 1]);
    expect(dice.remaining).toBe(0);
  });
});

describe('the chance one die of a shot hits (the odds the shot button and the bot read)', () => {
  it('Combat Skill +1 against 5+: faces 4-6, 1/2; Aimed, a missed 1 is rolled again: 1/2 + 1/12', () => {
    expect(shotChance({ skill: 1, target: 5 })).toBe(3 / 6);
    expect(shotChance({ skill: 1, target: 5, aimed: true })).toBeCloseTo(3 / 6 + 3 / 36, 12);
    // A modifier moves the faces: -1 leaves 5-6.
    expect(shotChance({ skill: 1, target: 5, modifier: -1 })).toBe(2 / 6);
  });

  it('a 1 that hits is not rolled again: Combat Skill +2 against 3+ hits on every face, Aimed or not', () => {
    expect(shotChance({ skill: 2, target: 3 })).toBe(1);
    expect(shotChance({ skill: 2, target: 3, aimed: true })).toBe(1);
  });

  it('seizing the Initiative: only a natural 6 hits (1/6), Aimed 1/6 + 1/36', () => {
    expect(shotChance({ skill: 2, target: 3, seize: true })).toBe(1 / 6);
    expect(shotChance({ skill: 2, target: 3, seize: true, aimed: true })).toBeCloseTo(1 / 6 + 1 / 36, 12);
  });
});
