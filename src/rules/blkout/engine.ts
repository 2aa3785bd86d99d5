/**
 * The `blkout` ruleset: BLKOUT 2nd edition match play (../../../../shared/rules/blkout-2e.ko.txt).
 * See README.md in this folder for the clause-by-clause trace to code and tests.
 */
import { SIDES, type Side } from '../engine/kit';
import { msg } from '../engine/message';
import type { Ruleset } from '../engine/types';
import type { BlkoutAction } from './actions';
import { applyAction } from './apply';
import { legalNow } from './legal';
import { layoutOf, type BlkoutState } from './game';

/** The reactions' names for the log's reaction-window line, by action type. */
const REACTION_IDS: Record<string, string> = {
  'return-fire': 'blkout:react.returnFire',
  overwatch: 'blkout:react.overwatch',
  juke: 'blkout:react.juke',
  'juke-move': 'blkout:react.jukeMove',
  burn: 'blkout:react.burn',
  'counter-ewar': 'blkout:react.counterEwar',
};

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<BlkoutState, BlkoutAction> = {
  id: 'blkout',
  players: () => [...SIDES],
  currentPlayer: (s) => (s.phase === 'over' ? null : s.window ? s.window.player : (s.activation?.player ?? s.turn)),
  legalActions: (s, player, _window, queries) => legalNow(s, player as Side, queries),
  apply: applyAction,
  reactionWindow: (s) =>
    s.window
      ? {
          player: s.window.player,
          timing: s.window.timing,
          // An open juke move is offered without its destination (the engine matches it by type).
          options: s.window.options as BlkoutAction[],
          trigger: { type: s.pending?.kind ?? 'action' } as BlkoutAction,
        }
      : null,
  outcome: (s) =>
    s.phase === 'over'
      ? { winner: s.score.A === s.score.B ? null : s.score.A > s.score.B ? 'A' : 'B', score: { ...s.score } }
      : null,
  reactionName: (o) => (REACTION_IDS[o.type] ? msg(REACTION_IDS[o.type]!) : o.type),
  layout: layoutOf,
};

export type { BlkoutAction } from './actions';
export type { BlkoutState, BlkoutOptions, GroupChoice } from './game';
