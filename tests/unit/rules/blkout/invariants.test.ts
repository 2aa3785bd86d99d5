/**
 * blkout's invariants (src/rules/blkout/invariants.ts) fed bad steps: each must be caught, and the same step
 * made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import type { BlkoutState } from '../../../../src/rules/blkout/game';
import { playableEntry, startState } from '../../../support/startStates';
import { check, clone, step } from '../../../support/invariantSteps';

describe('blkout invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('blkout'))) as BlkoutState;
    for (const m of Object.values(s.models)) m.pos = [10, 0, 10];
    return s;
  };
  it('a good step passes', () => expect(check('blkout', step(base(), base()))).toEqual([]));
  it('command points below 0', () => {
    const after = base();
    after.cp.A = -1;
    expect(check('blkout', step(base(), after))).toEqual(['cp.A is -1: a pool went negative']);
  });
  it('damage beyond the track', () => {
    const after = base();
    const m = Object.values(after.models)[0]!;
    m.damage = m.track + 1;
    expect(check('blkout', step(base(), after))).toEqual([`models.${m.id}.track - damage is -1: a pool went negative`]);
  });
  it('a unit that activated activates again in the same round, unless by Rewind', () => {
    const before = base();
    const u = Object.values(before.units)[0]!;
    before.units[u.id]!.activated = true;
    const after = clone(before);
    after.activation = {
      unit: u.id,
      player: u.player,
      stage: 'reposition',
      moved: {},
      repositioned: [],
      acted: [],
      cyclic: null,
      via: 'turn',
    };
    expect(check('blkout', step(before, after))).toEqual([
      `${u.id} activates again in round ${before.round} (it had activated, and no Rewind was played)`,
    ]);
    after.activation.via = 'rewind';
    expect(check('blkout', step(before, after))).toEqual([]);
    after.activation.acted = ['x', 'x'];
    expect(check('blkout', step(before, after))).toEqual([`x is listed twice in the activation of ${u.id} (acted)`]);
  });
  it('a model destroyed without an event', () => {
    const after = base();
    const m = Object.values(after.models)[0]!;
    m.destroyed = true;
    expect(check('blkout', step(base(), after))).toEqual([`${m.id} left the table without an event naming it`]);
    expect(check('blkout', step(base(), after, [{ type: 'removed', text: '', model: m.id }]))).toEqual([]);
  });
  it('a state that is not JSON', () => {
    const after = base() as BlkoutState & { extra?: number };
    after.extra = NaN;
    expect(check('blkout', step(base(), after))).toEqual(['state.extra is NaN, which JSON writes as null']);
  });
});
