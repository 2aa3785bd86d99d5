import { describe, expect, it } from 'vitest';
import skirmishRu from '../../../../src/rules/skirmish-ru';
import type { SkState } from '../../../../src/rules/skirmish-ru';
import {
  DEAD_WEAPON,
  FIGHTER,
  HARM_CAP,
  HIDDEN,
  PINNED,
  PRONE,
  standing,
} from '../../../../src/rules/skirmish-ru/standing';
import { valueFor } from '../../../../src/rules/engine/strength';
import { fresh, set } from './fixture';

/** Standing for both sides: A's, and B's (always its negative). */
function both(s: SkState): number {
  const a = standing(s, 'A');
  expect(standing(s, 'B')).toBeCloseTo(-a, 12);
  return a;
}
const wounds = (id: string, w: SkState['fighters'][string]['wounds']) => set(id, { wounds: w });

describe('skirmish-ru standing', () => {
  it('is 0 for a fresh battle', () => {
    expect(standing(fresh(), 'A')).toBe(0);
    expect(standing(fresh(), 'B')).toBe(0);
  });

  it('counts wounds lost as the share of the fighter’s wounds', () => {
    // The leader has 3 wounds: 1 lost is a third of a fighter; a 2-wound fighter at 1 is half.
    expect(both(wounds('A.vozhak-grom', { wounds: 2, excess: 0, condition: 'active' })(fresh()))).toBeCloseTo(
      -FIGHTER / 3,
      12,
    );
    expect(both(wounds('B.shilo', { wounds: 1, excess: 0, condition: 'active' })(fresh()))).toBe(FIGHTER / 2);
  });

  it('counts a seriously wounded fighter as off the table (it lies on the layout, yet is out), the dead not at all', () => {
    const down = wounds('B.shilo', { wounds: 0, excess: 1, condition: 'seriously-wounded' })(fresh());
    const dead = wounds('B.shilo', { wounds: 0, excess: 9, condition: 'dead' })(fresh());
    expect(both(down)).toBe(FIGHTER);
    expect(both(dead)).toBe(0);
    expect(valueFor(skirmishRu, down, 'A')).toBe(valueFor(skirmishRu, dead, 'A'));
    expect(valueFor(skirmishRu, dead, 'A') - valueFor(skirmishRu, fresh(), 'A')).toBe(FIGHTER + 2);
  });

  it('counts Pinned, Prone, weapons that cannot fire and Hidden', () => {
    expect(both(set('A.kosoy', { pinned: true })(fresh()))).toBe(-PINNED);
    expect(both(set('B.gvozd', { prone: true })(fresh()))).toBe(PRONE);
    const s = fresh();
    const arms = { ...s.fighters['A.kosoy']!.arms };
    arms.pistolet = { jammed: true, ammo: 8 };
    arms.obrez = { jammed: false, ammo: 0 };
    expect(both(set('A.kosoy', { arms })(s))).toBe(-2 * DEAD_WEAPON);
    expect(both(set('B.vorona', { hidden: true })(fresh()))).toBe(-HIDDEN);
  });

  it('never counts a standing fighter as badly as one taken out', () => {
    // Half its wounds (1.5), Pinned (1) and Prone (0.5) would be 3: a whole fighter.
    const worst = set('A.kosoy', { pinned: true, prone: true })(
      wounds('A.kosoy', { wounds: 1, excess: 0, condition: 'active' })(fresh()),
    );
    expect(both(worst)).toBe(-HARM_CAP);
  });

  it('is the ruleset’s standing', () => {
    expect(skirmishRu.standing).toBe(standing);
  });
});
