/** The d20 test: success at the TN, margins, critical hits at twice the TN, critical failures, boons and banes. */
import { describe, expect, it } from 'vitest';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import { edgeSymbols, judge, rollTest } from '../../../../src/rules/rpg-attacks/d20';

describe('rpg-attacks d20 test', () => {
  it('Azure: a Melee total of 13 against Defense 9 is a hit with margin 4; 17 is not critical, 18 is', () => {
    expect(judge(10, 3, 9)).toMatchObject({ total: 13, success: true, margin: 4, critical: false });
    expect(judge(14, 3, 9)).toMatchObject({ total: 17, success: true, critical: false });
    expect(judge(15, 3, 9)).toMatchObject({ total: 18, success: true, margin: 9, critical: true });
  });

  it('a total of exactly the TN succeeds with margin 0; one less fails with margin 1 (László: 9 against 10)', () => {
    expect(judge(6, 3, 9)).toMatchObject({ success: true, margin: 0 });
    expect(judge(5, 3, 9)).toMatchObject({ success: false, margin: 1 });
    expect(judge(7, 2, 10)).toMatchObject({ total: 9, success: false, margin: 1 });
  });

  it('a kept natural 1 is a critical failure even when the total reaches the TN', () => {
    expect(judge(1, 12, 9)).toMatchObject({ total: 13, success: false, criticalFailure: true, critical: false });
    expect(judge(2, 12, 9)).toMatchObject({ success: true, criticalFailure: false });
  });

  it('a boon rolls two d20s and keeps the best; a bane keeps the worst; one of each cancels to one die', () => {
    expect(rollTest(scripted([4, 15]), 3, 9, { boons: 1, banes: 0 })).toMatchObject({ dice: [4, 15], kept: 15 });
    expect(rollTest(scripted([4, 15, 2]), 3, 9, { boons: 0, banes: 2 })).toMatchObject({ kept: 2, success: false });
    expect(rollTest(scripted([11]), 3, 9, { boons: 1, banes: 1 })).toMatchObject({ dice: [11], kept: 11 });
    expect(edgeSymbols({ boons: 1, banes: 3 })).toBe('⊖⊖');
    expect(edgeSymbols({ boons: 2, banes: 0 })).toBe('⊕⊕');
    expect(edgeSymbols({ boons: 2, banes: 2 })).toBe('');
  });

  it('with no edge given a test rolls one d20 (the next die is left for the next roll); two net boons roll three', () => {
    const dice = scripted([7, 19, 3, 12, 5]);
    expect(rollTest(dice, 3, 9)).toEqual(judge(7, 3, 9, [7]));
    expect(dice.d(20)).toBe(19);
    expect(rollTest(dice, 3, 9, { boons: 2, banes: 0 })).toMatchObject({ dice: [3, 12, 5], kept: 12, total: 15 });
  });

  it('judged without the dice, the kept die is the only one rolled, in a list of its own; a critical failure never has a negative margin', () => {
    expect(judge(10, 3, 9).dice).toEqual([10]);
    const rolled = [4, 15];
    const r = judge(15, 3, 9, rolled);
    rolled.push(20);
    expect(r.dice).toEqual([4, 15]);
    // A natural 1 with Skill 12 against 9: a total of 13 over the TN, still a failure, margin 0 (not -4).
    expect(judge(1, 12, 9)).toMatchObject({ success: false, margin: 0 });
    expect(judge(1, 3, 9)).toMatchObject({ total: 4, success: false, margin: 5 });
  });
});
