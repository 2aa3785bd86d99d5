/** The skirmish-ru bot's odds, read from the rules' own rolls: to hit by the hidden share, to wound, saves, tests, volleys. */
import { describe, expect, it } from 'vitest';
import {
  clearChance,
  hitChance,
  strikeValue,
  testChance,
  unsavedChance,
  volleyValue,
  woundChance,
} from '../../../../../src/rules/skirmish-ru/ai/odds';
import { placed, set } from '../fixture';

describe('skirmish-ru bot odds', () => {
  it.each([
    [4, { hiddenShare: 0 }, 4 / 6],
    [4, { hiddenShare: 0.299 }, 4 / 6],
    [4, { hiddenShare: 0.3 }, 3 / 6],
    [4, { hiddenShare: 0.8 }, 2 / 6],
    [4, { hiddenShare: 0.8, reserved: true }, 1 / 6],
    [3, { hiddenShare: 0.8, reserved: true, targetSprinted: true }, 0],
    [6, { hiddenShare: 0 }, 1],
  ])('Shooting %i, %j: a shot hits with %d', (shooting, situation, p) => {
    expect(hitChance(shooting, situation)).toBeCloseTo(p, 9);
  });

  it('wounds by the S-against-T table, saves by Armour - AP (none at 0 or less), tests and the technician at most the stat', () => {
    expect([woundChance(6, 3), woundChance(4, 3), woundChance(3, 3), woundChance(3, 4), woundChance(2, 4)]).toEqual([
      5 / 6,
      4 / 6,
      3 / 6,
      2 / 6,
      1 / 6,
    ]);
    const unsaved = [unsavedChance(2, 0), unsavedChance(2, 1), unsavedChance(1, 1), unsavedChance(0, 0)];
    [4 / 6, 5 / 6, 1, 1].forEach((p, i) => expect(unsaved[i]).toBeCloseTo(p, 9));
    expect([testChance(0), testChance(3), testChance(6)]).toEqual([0, 3 / 6, 1]);
    expect([clearChance(1), clearChance(3)]).toEqual([1 / 6, 3 / 6]);
  });

  it('a volley of the assault gun (2 shots, S3, AP1) at Ворона (T3, Armour 1, 2 wounds): 2 x 4/6 x 3/6 = 2/3 wounds: a third of its 2 wounds, two thirds of 1; a jammed gun nothing', () => {
    const s = placed({ 'A.vozhak-grom': [24, 30], 'B.vorona': [24, 16] });
    const f = s.fighters['A.vozhak-grom']!,
      t = s.fighters['B.vorona']!;
    const v = volleyValue(s, f, 'avtomat', f.arms['avtomat']!, t, { hiddenShare: 0 });
    expect(v.chance).toBeCloseTo(4 / 6, 9);
    expect(v.value).toBeCloseTo((2 * (4 / 6) * (3 / 6)) / 2, 9);
    const hurt = set('B.vorona', { wounds: { wounds: 1, excess: 0, condition: 'active' } })(s);
    expect(
      volleyValue(hurt, f, 'avtomat', f.arms['avtomat']!, hurt.fighters['B.vorona']!, { hiddenShare: 0 }).value,
    ).toBeCloseTo(2 * (4 / 6) * (3 / 6), 9);
    expect(volleyValue(s, f, 'avtomat', { jammed: true, ammo: 10 }, t, { hiddenShare: 0 }).value).toBe(0);
    // A strike: 2 Attacks at Melee 4, the knife S3 against T3 (4+), Armour 1 saves on a 1.
    expect(strikeValue(s, f, t)).toBeCloseTo((2 * (4 / 6) * (3 / 6) * (5 / 6)) / 2, 9);
  });
});
