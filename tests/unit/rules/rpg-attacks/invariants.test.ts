/**
 * rpg-attacks's invariants (src/rules/rpg-attacks/invariants.ts) fed bad steps: each must be caught, and the same step
 * made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import type { RpgState } from '../../../../src/rules/rpg-attacks/game';
import { playableEntry, startState } from '../../../support/startStates';
import { check, clone, step } from '../../../support/invariantSteps';

describe('rpg-attacks invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('rpg-attacks'))) as RpgState;
    s.phase = 'battle';
    s.round = 1;
    s.order = Object.keys(s.chars);
    return s;
  };
  const ids = Object.keys(base().chars);
  it('a good step passes', () => expect(check('rpg-attacks', step(base(), base()))).toEqual([]));
  it('action points below 0', () => {
    const after = base();
    after.chars[ids[0]!]!.ap = -1;
    expect(check('rpg-attacks', step(base(), after))).toEqual([`chars.${ids[0]}.ap is -1: a pool went negative`]);
  });
  it('action points that rise within a round, and a second turn in the round', () => {
    const before = base();
    before.turn = { model: ids[1]!, moved: false };
    const after = clone(before);
    after.chars[ids[0]!]!.ap += 1;
    after.turn = { model: ids[0]!, moved: false };
    expect(check('rpg-attacks', step(before, after))).toEqual([
      `${ids[0]}'s action points rose from ${before.chars[ids[0]!]!.ap} to ${before.chars[ids[0]!]!.ap + 1} within round 1`,
      `${ids[0]} takes a turn again in round 1 (order 0, after order 1)`,
    ]);
    after.round = 2;
    expect(check('rpg-attacks', step(before, after))).toEqual([]);
  });
  it('a character down without an event', () => {
    const after = base();
    after.chars[ids[2]!]!.condition.down = true;
    expect(check('rpg-attacks', step(base(), after))).toEqual([`${ids[2]} left the table without an event naming it`]);
  });
  it('a state that is not JSON', () => {
    const after = base() as RpgState & { f?: unknown };
    after.f = () => 0;
    expect(check('rpg-attacks', step(base(), after))).toEqual(['state.f is a function, not JSON']);
  });
});
