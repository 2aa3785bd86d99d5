/**
 * The `counterblast` ruleset (../../../../shared/rules/counterblast.en.txt). See README.md in this
 * folder for the clause-by-clause trace to code and tests, and for what is not played yet.
 */
import { msg } from '../engine/message';
import type { Ruleset } from '../engine/types';
import type { CbAction } from './actions';
import { applyAction } from './apply';
import { legalNow } from './legal';
import { layoutOf, PLAYERS, type CbState, type Player } from './game';

/** The reactions' names for the log's reaction-window line, by action type. */
const REACTION_IDS: Record<string, string> = {
  'return-fire': 'counterblast:react.returnFire',
  counterstrike: 'counterblast:react.counterstrike',
  parry: 'counterblast:react.parry',
  'action-roll': 'counterblast:react.actionRoll',
  snapshot: 'counterblast:react.snapshot',
  pursuit: 'counterblast:react.pursuit',
  disperse: 'counterblast:react.disperse',
};

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<CbState, CbAction> = {
  id: 'counterblast',
  players: () => [...PLAYERS],
  currentPlayer: (s) =>
    s.phase === 'over'
      ? null
      : s.window
        ? s.window.player
        : s.phase === 'deploy'
          ? s.deployTurn
          : s.phase === 'upkeep'
            ? (s.upkeepTurn ?? null)
            : s.phase === 'moxie'
              ? (s.electTurn ?? null)
              : s.active,
  // The engine hands both the view of the state (through `layout`).
  legalActions: (s, player, _window, queries) => legalNow(s, player as Player, queries),
  apply: applyAction,
  reactionWindow: (s) =>
    s.window
      ? {
          player: s.window.player,
          timing: 'before',
          options: s.window.options as CbAction[],
          trigger: { type: s.pending?.kind ?? 'action' } as CbAction,
        }
      : null,
  outcome: (s) =>
    s.phase === 'over' && s.score
      ? { winner: s.score.A === s.score.B ? null : s.score.A > s.score.B ? 'A' : 'B', score: { ...s.score } }
      : null,
  reactionName: (o) => (REACTION_IDS[o.type] ? msg(REACTION_IDS[o.type]!) : o.type),
  layout: layoutOf,
};

export type { CbAction } from './actions';
export type { CbState, CbOptions } from './game';
