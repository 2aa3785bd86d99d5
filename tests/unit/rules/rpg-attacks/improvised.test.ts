/** Improvised weapons: the GM's call fixed by the object's kind. */
import { describe, expect, it } from 'vitest';
import { IMPROVISED_KINDS, improvisedAs, improvisedWeapon } from '../../../../src/rules/rpg-attacks/improvised';

describe('rpg-attacks improvised weapons', () => {
  it('improvised weapons: edged as a knife, blunt as a baton, anything else unarmed', () => {
    expect(improvisedAs('edged')).toBe('knife');
    expect(improvisedAs('blunt')).toBe('baton');
    expect(improvisedAs('other')).toBe('unarmed');
    expect(improvisedWeapon('blunt', { knife: { damage: 2 }, baton: { damage: 3 }, unarmed: { damage: 0 } })).toEqual({
      damage: 3,
    });
  });

  it('every kind maps to one of the three profiles', () => {
    for (const k of IMPROVISED_KINDS) expect(['knife', 'baton', 'unarmed']).toContain(improvisedAs(k));
  });
});
