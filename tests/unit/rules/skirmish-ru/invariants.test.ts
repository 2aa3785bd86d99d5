/**
 * skirmish-ru's invariants (src/rules/skirmish-ru/invariants.ts) fed bad steps: each must be caught, and the same step
 * made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import type { SkState } from '../../../../src/rules/skirmish-ru/game';
import { playableEntry, startState } from '../../../support/startStates';
import { check, clone, step } from '../../../support/invariantSteps';

describe('skirmish-ru invariants', () => {
  const base = () => clone(startState(playableEntry('skirmish-ru'))) as SkState;
  const ids = Object.keys(base().fighters);
  it('a good step passes', () => expect(check('skirmish-ru', step(base(), base()))).toEqual([]));
  it('ammunition and wounds below 0', () => {
    const after = base();
    const f = after.fighters[ids[0]!]!;
    const w = Object.keys(f.arms)[0]!;
    f.arms[w]!.ammo = -1;
    f.wounds.wounds = -1;
    expect(check('skirmish-ru', step(base(), after))).toEqual([
      `fighters.${ids[0]}.wounds.wounds is -1: a pool went negative`,
      `fighters.${ids[0]}.arms.${w}.ammo is -1: a pool went negative`,
    ]);
  });
  it('a fighter that activated activates again in the round', () => {
    const before = base();
    before.fighters[ids[0]!]!.activated = true;
    const after = clone(before);
    after.activation = { fighter: ids[0]!, moved: 'none', left: false, pinned: false } as SkState['activation'];
    expect(check('skirmish-ru', step(before, after))).toEqual([
      `${ids[0]} activates a second time in round ${before.round}`,
    ]);
  });
  it('a fighter killed without an event', () => {
    const after = base();
    after.fighters[ids[0]!]!.wounds.condition = 'dead';
    expect(check('skirmish-ru', step(base(), after))).toEqual([`${ids[0]} left the table without an event naming it`]);
    expect(check('skirmish-ru', step(base(), after, [{ type: 'dead', text: '', model: ids[0] }]))).toEqual([]);
  });
  it('a state that is not JSON', () => {
    const after = base() as SkState & { clock?: unknown };
    after.clock = new Date(0);
    expect(check('skirmish-ru', step(base(), after))).toEqual(['state.clock is a class instance, not a plain object']);
  });
});
