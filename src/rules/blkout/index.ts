/**
 * The `blkout` ruleset: BLKOUT 2nd edition match play (../../../../shared/rules/blkout-2e.ko.txt).
 * See README.md in this folder for the clause-by-clause trace to code and tests.
 */
import type { Ruleset, Scenario } from '../engine/types';
import type { BlkoutAction } from './actions';
import { applyAction } from './flow';
import { legalActions } from './legal';
import { PLAYERS, setupState, type BlkoutOptions, type BlkoutState } from './game';

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<BlkoutState, BlkoutAction> = {
  id: 'blkout',
  setup(scenario: Scenario, options?: Record<string, unknown>): BlkoutState {
    if (!options || !('data' in options) || !('groups' in options))
      throw new Error('blkout set-up needs the unit data and both groups ({ data, groups: { A, B } })');
    return setupState(scenario.table, options as unknown as BlkoutOptions);
  },
  players: () => [...PLAYERS],
  currentPlayer: (s) => (s.phase === 'over' ? null : s.window ? s.window.player : (s.activation?.player ?? s.turn)),
  legalActions: (s, player, _window, queries) => legalActions(s, player as 'A' | 'B', queries),
  apply: (s, action, ctx) => applyAction(s, action as BlkoutAction, ctx.dice, ctx.queries),
  reactionWindow: (s) =>
    s.window
      ? {
          player: s.window.player,
          timing: s.window.timing,
          options: s.window.options as BlkoutAction[],
          trigger: { type: s.pending?.kind ?? 'action' } as BlkoutAction,
        }
      : null,
  outcome: (s) =>
    s.phase === 'over'
      ? { winner: s.score.A === s.score.B ? null : s.score.A > s.score.B ? 'A' : 'B', score: { ...s.score } }
      : null,
};

export type { BlkoutAction } from './actions';
export type { BlkoutState, BlkoutOptions, GroupChoice } from './game';
