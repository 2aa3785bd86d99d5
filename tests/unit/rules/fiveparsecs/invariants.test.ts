/**
 * fiveparsecs's invariants (src/rules/fiveparsecs/invariants.ts) fed bad steps: each must be caught, and the same step
 * made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import type { FpState } from '../../../../src/rules/fiveparsecs/game';
import { playableEntry, startState } from '../../../support/startStates';
import { check, clone, step } from '../../../support/invariantSteps';

describe('fiveparsecs invariants', () => {
  const base = () => clone(startState(playableEntry('fiveparsecs'))) as FpState;
  const ids = Object.keys(base().figures);
  it('a good step passes', () => expect(check('fiveparsecs', step(base(), base()))).toEqual([]));
  it('Stun markers below 0', () => {
    const after = base();
    after.figures[ids[0]!]!.stun = -1;
    expect(check('fiveparsecs', step(base(), after))).toEqual([`figures.${ids[0]}.stun is -1: a pool went negative`]);
  });
  it('a figure that acted begins a second activation in the round', () => {
    const before = base();
    before.figures[ids[0]!]!.acted = true;
    const after = clone(before);
    after.activation = { figure: ids[0]!, stunAtStart: 0 };
    expect(check('fiveparsecs', step(before, after))).toEqual([
      `${ids[0]} begins a second activation in round ${before.round}`,
    ]);
  });
  it('a figure taken out, or walked off the edge, without an event', () => {
    const after = base();
    after.figures[ids[0]!]!.out = 'slain';
    after.figures[ids[1]!]!.pos = [-1, 0, 5];
    expect(check('fiveparsecs', step(base(), after))).toEqual([
      `${ids[0]} left the table without an event naming it`,
      `${ids[1]} went past the table's edge to (-1, 0, 5) without an event naming it`,
    ]);
  });
  it('a state that is not JSON', () => {
    const after = base();
    after.enemy.panic = Infinity;
    expect(check('fiveparsecs', step(base(), after))).toEqual([
      'state.enemy.panic is Infinity, which JSON writes as null',
    ]);
  });
});
