import { describe, expect, it } from 'vitest';
import rpgAttacks from '../../../../src/rules/rpg-attacks';
import type { RpgState } from '../../../../src/rules/rpg-attacks';
import { HEALTHY, type Condition } from '../../../../src/rules/rpg-attacks/consequences';
import { CHARACTER, HARM_CAP, HINDERED, PINNED, PRONE, standing } from '../../../../src/rules/rpg-attacks/standing';
import { valueFor } from '../../../../src/rules/engine/strength';
import { fresh, set } from './fixture';

/** Standing for both sides: A's, and B's (always its negative). */
function both(s: RpgState): number {
  const a = standing(s, 'A');
  expect(standing(s, 'B')).toBeCloseTo(-a, 12);
  return a;
}
const cond = (id: string, c: Partial<Condition>) => set(id, { condition: { ...HEALTHY, ...c } });

describe('rpg-attacks standing', () => {
  it('is 0 for a fresh battle', () => {
    expect(standing(fresh(), 'A')).toBe(0);
    expect(standing(fresh(), 'B')).toBe(0);
  });

  it('counts Wounds and Grave Wounds as their share of the total that puts a character down (6)', () => {
    expect(both(cond('A.azure', { wounds: 1 })(fresh()))).toBe(-CHARACTER / 6);
    expect(both(cond('B.cantor', { wounds: 1, graveWounds: 1 })(fresh()))).toBe(CHARACTER / 2);
  });

  it('counts a character down (or unconscious) as off the table: it lies on the layout, yet is out', () => {
    const down = cond('B.hollis', { wounds: 2, graveWounds: 1, down: true })(fresh());
    expect(both(down)).toBe(CHARACTER);
    expect(both(cond('B.hollis', { unconsciousHours: 3 })(fresh()))).toBe(CHARACTER);
    expect(valueFor(rpgAttacks, down, 'A') - valueFor(rpgAttacks, fresh(), 'A')).toBe(CHARACTER + 2);
  });

  it('counts Prone, each Hindered, and pinned in grapples', () => {
    expect(both(cond('A.gan', { prone: true })(fresh()))).toBe(-PRONE);
    const calledShot = { by: null, cause: 'calledShot' as const };
    expect(both(cond('A.gan', { hindered: [calledShot] })(fresh()))).toBe(-HINDERED);
    const held = (n: number) => Array.from({ length: n }, () => ({ by: 'A.gan', cause: 'grapple' as const }));
    expect(both(cond('B.deacon', { hindered: held(2) })(fresh()))).toBe(2 * HINDERED);
    expect(both(cond('B.deacon', { hindered: held(3) })(fresh()))).toBe(Math.min(HARM_CAP, 3 * HINDERED + PINNED));
  });

  it('never counts a standing character as badly as one down', () => {
    expect(both(cond('A.laszlo', { wounds: 5, prone: true })(fresh()))).toBe(-HARM_CAP);
  });

  it('is the ruleset’s standing', () => {
    expect(rpgAttacks.standing).toBe(standing);
  });
});
