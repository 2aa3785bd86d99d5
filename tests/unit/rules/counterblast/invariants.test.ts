/**
 * counterblast's invariants (src/rules/counterblast/invariants.ts) fed bad steps: each must be caught, and the same step
 * made good must pass, so no check is vacuous.
 */
import { describe, expect, it } from 'vitest';
import type { CbState } from '../../../../src/rules/counterblast/game';
import { playableEntry, startState } from '../../../support/startStates';
import { check, clone, step } from '../../../support/invariantSteps';

describe('counterblast invariants', () => {
  const base = () => {
    const s = clone(startState(playableEntry('counterblast'))) as CbState;
    for (const m of Object.values(s.models)) m.pos = [10, 0, 10];
    return s;
  };
  const ids = Object.keys(base().models);
  it('a good step passes', () => expect(check('counterblast', step(base(), base()))).toEqual([]));
  it('Moxie, dread and actions left below 0', () => {
    const after = base();
    after.moxie.B = -2;
    after.activation = { player: 'A', models: [ids[0]!], actions: { [ids[0]!]: { left: -1, used: [] } }, aim: {} };
    expect(check('counterblast', step(base(), after))).toEqual([
      'moxie.B is -2: a pool went negative',
      `activation.actions.${ids[0]}.left is -1: a pool went negative`,
    ]);
  });
  it('a Spent model joins a new activation in the same turn', () => {
    const before = base();
    before.models[ids[0]!]!.spent = true;
    const after = clone(before);
    after.activation = { player: 'A', models: [ids[0]!], actions: { [ids[0]!]: { left: 2, used: [] } }, aim: {} };
    expect(check('counterblast', step(before, after))).toEqual([
      `${ids[0]} joins an activation in turn ${before.turn} while Spent`,
    ]);
    after.turn = before.turn + 1;
    expect(check('counterblast', step(before, after))).toEqual([]);
  });
  it('a casualty without an event', () => {
    const after = base();
    after.models[ids[1]!]!.casualty = true;
    expect(check('counterblast', step(base(), after))).toEqual([`${ids[1]} left the table without an event naming it`]);
  });
  it('a state that is not JSON', () => {
    const after = base();
    after.electTurn = undefined;
    expect(check('counterblast', step(base(), after))).toEqual([
      'state.electTurn is undefined, which JSON drops (a reloaded save would hash differently)',
    ]);
  });
});
