/**
 * The hover hint's odds of an rpg-attacks attack (`play.odds`): the face the kept d20 needs against the
 * TN, and the chance over the dice the boons and banes roll, at the cover thresholds (a quarter and three
 * quarters hidden) and either side of them; a stunt's extra bane; a natural 1 failing whatever the total.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { render } from '../../../../src/i18n/i18n';
import rpg from '../../../../src/rules/rpg-attacks';
import { layoutOf } from '../../../../src/rules/rpg-attacks/game';
import { testOdds } from '../../../../src/rules/rpg-attacks/odds';
import { placed, table } from './fixture';

// Gan: Projectiles 6, machine pistol ('smg', Auto); the saboteur's Defense 9; 4" is the pistol's nearest band.
const s = placed({ 'A.gan': [10, 25], 'B.saboteur': [10, 20] });
const attack = { type: 'attack', model: 'A.gan', weapon: 'smg', target: 'B.saboteur' } as const;
const behind = (terrain: number) =>
  table({
    sight: () => ({ visibleFraction: 1 - terrain, hidden: { terrain, vehicles: 0, models: 0, smoke: 0 } }),
  }).at(layoutOf(s));

describe('rpg-attacks odds: an attack', () => {
  it.each([
    [0.2499, 1, 0.9, []],
    [0.25, 2, 0.81, ['⊖ moderate cover (25 % hidden)', 'the worst d20 kept']],
    [0.75, 2, 0.81, ['⊖ moderate cover (75 % hidden)', 'the worst d20 kept']],
    [0.7501, 3, 0.729, ['⊖⊖ heavy cover (75 % hidden)', 'the worst d20 kept']],
  ])('%s hidden by terrain: 3+ on the d20 (6 + 3 = Defense 9), %s d20s, chance %s', (share, dice, chance, notes) => {
    const o = rpg.play.odds(s, behind(share), attack)!;
    expect(o.need).toEqual({ score: 3, die: 20 });
    expect(o.dice).toBe(dice);
    expect(o.chance).toBeCloseTo(chance, 12);
    expect(o.hidden).toBeCloseTo(share, 12);
    expect(o.notes!.map(en)).toEqual(notes);
  });
  it('automatic fire: ⊕, the best of two d20s', () => {
    const o = rpg.play.odds(s, behind(0), { ...attack, auto: true })!;
    expect(o.dice).toBe(2);
    expect(o.chance).toBeCloseTo(1 - 0.1 ** 2, 12);
    expect(o.notes!.map(en).at(-1)).toBe('the best d20 kept');
  });
  it("a stunt: the attack's ⊖ more", () => {
    const o = rpg.play.odds(s, behind(0), { ...attack, type: 'stunt', stunt: 'disarm' })!;
    expect(o.dice).toBe(2);
    expect(o.chance).toBeCloseTo(0.81, 12);
    expect(o.notes!.map(en)).toEqual(['⊖ stunt: Disarm', 'the worst d20 kept']);
  });
  it('a natural 1 fails whatever the total: skill 20 against TN 5 still needs a 2', () => {
    expect(testOdds(20, 5, { boons: 0, banes: 0 })).toEqual({ need: 2, chance: 0.95, dice: 1 });
    expect(testOdds(0, 25, { boons: 0, banes: 0 })).toEqual({ need: 21, chance: 0, dice: 1 });
  });
});

describe('rpg-attacks words: one unit on the table, and a target the eye cannot see', () => {
  it("a range bane names inches with the text's metres in brackets", () => {
    // Gan 20" from a target: the machine pistol's farther band.
    const far = placed({ 'A.gan': [10, 30], 'B.saboteur': [10, 5] });
    const o = rpg.play.odds(far, table().at(layoutOf(far)), attack)!;
    expect(o.notes!.map(en)).toEqual(['⊖ range 24" (24 m)', 'the worst d20 kept']);
    expect(render(o.notes![0]!, 'ru')).toBe('⊖ дистанция 24" (24 м)');
    expect(rpg.play.card(far, 'A.gan')!.weapons.map((w) => en(w.range))).toEqual([
      '80" (80 m)',
      '1" (1 m)',
      '1" (1 m)',
    ]);
  });
  it('a target wholly hidden from the eye that a line still reaches is offered at ⊖⊖, and says why', () => {
    const o = rpg.play.odds(s, behind(1), attack)!;
    expect(o.dice).toBe(3);
    expect(o.notes!.map(en)).toEqual([
      '⊖⊖ heavy cover (100 % hidden from the eye, but a line from the body still reaches it: in sight, at ⊖⊖)',
      'the worst d20 kept',
    ]);
  });
});
