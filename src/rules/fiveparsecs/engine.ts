/**
 * The `fiveparsecs` ruleset (../../../../shared/rules/five-parsecs.en.txt): the battle round, the
 * crew (A) against one enemy type (B). See README.md in this folder for the clause-by-clause trace
 * to code and tests, and for what is not built yet. index.ts composes it with its enemy AI (ai/, side B).
 */
import { msg } from '../engine/message';
import type { Ruleset } from '../engine/types';
import type { FpAction } from './actions';
import { applyAction } from './apply';
import { legalNow } from './legal';
import { layoutOf, PLAYERS, takenOut, type FpState } from './game';
import { pieceOf } from '../engine/kit';

/** The reactions' names for the log's reaction-window line, by action type. */
const REACTION_IDS: Record<string, string> = { 'snap-fire': 'fiveparsecs:react.snapFire' };

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<FpState, FpAction> = {
  id: 'fiveparsecs',
  players: () => [...PLAYERS],
  currentPlayer: (s) => (s.phase === 'over' ? null : s.phase === 'enemy' && !s.snap ? 'B' : 'A'),
  // The engine hands both the view of the state (through `layout`).
  legalActions: (s, player, _window, queries) => legalNow(s, player, queries),
  apply: applyAction,
  reactionWindow: (s) => {
    if (!s.snap) return null;
    const m = pieceOf(s.figures, s.snap.mover, 'figure');
    return {
      player: 'A',
      timing: 'after',
      options: [...s.snap.options],
      trigger: { type: 'move', figure: m.id, x: m.pos[0], y: m.pos[1], z: m.pos[2] },
    };
  },
  outcome: (s) =>
    s.phase === 'over' && s.result
      ? {
          // The crew wins when it Held the Field or won its mission's objective (README reading).
          winner: s.result.heldField || s.mission.wonRound !== null ? 'A' : 'B',
          score: {
            A: Object.values(s.figures).filter((f) => f.side === 'B' && takenOut(f)).length,
            B: Object.values(s.figures).filter((f) => f.side === 'A' && takenOut(f)).length,
          },
        }
      : null,
  reactionName: (o) => (REACTION_IDS[o.type] ? msg(REACTION_IDS[o.type]!) : o.type),
  layout: layoutOf,
};

export type { FpAction } from './actions';
export type { FpState, FpOptions } from './game';
