/**
 * The `skirmish-ru` ruleset (../../../../shared/rules/skirmish-ru.ru.txt): two gangs in alternating
 * activations. See README.md in this folder for the clause-by-clause trace to code and tests, the
 * readings, and what is not built yet. Listed in src/rulesets.ts by its index.ts.
 */
import { msg } from '../engine/message';
import type { Ruleset } from '../engine/types';
import type { SkAction } from './actions';
import { applyAction } from './apply';
import { legalNow } from './legal';
import { layoutOf, PLAYERS, takenOut, type SkState } from './game';
import { pieceOf } from '../engine/kit';

/** Fighters of `side` taken out (down or dead). */
const lost = (s: SkState, side: string): number =>
  Object.values(s.fighters).filter((f) => f.side === side && takenOut(f)).length;

/** The reactions' names for the log's reaction-window line, by action type. */
const REACTION_IDS: Record<string, string> = { shoot: 'skirmish-ru:react.shoot' };

/** The ruleset object the engine plays. */
export const ruleset: Ruleset<SkState, SkAction> = {
  id: 'skirmish-ru',
  players: () => [...PLAYERS],
  currentPlayer: (s) => (s.phase === 'over' ? null : (s.ambush?.side ?? s.turn)),
  // The engine hands both the view of the state (through `layout`).
  legalActions: (s, player, _window, queries) => legalNow(s, player, queries),
  apply: applyAction,
  // A reserved action's window (ambush.ts): before an enemy's action or after its move, the shots of the other gang's reserved fighters.
  reactionWindow: (s) => {
    if (!s.ambush) return null;
    const m = pieceOf(s.fighters, s.ambush.mover, 'fighter');
    const mode = m.lastMove === 'none' ? 'move' : m.lastMove;
    const held = s.ambush.pending;
    return {
      player: s.ambush.side,
      timing: held ? 'before' : 'after',
      options: [...s.ambush.options],
      trigger: held ?? { type: 'move', fighter: m.id, mode, x: m.pos[0], y: m.pos[1], z: m.pos[2] },
    };
  },
  outcome: (s) => {
    if (s.phase !== 'over') return null;
    // The score: enemy fighters taken out (down or dead); more wins, equal is a draw.
    const score = { A: lost(s, 'B'), B: lost(s, 'A') };
    return { winner: score.A > score.B ? 'A' : score.B > score.A ? 'B' : null, score };
  },
  reactionName: (o) => (REACTION_IDS[o.type] ? msg(REACTION_IDS[o.type]!) : o.type),
  layout: layoutOf,
};

export type { SkAction } from './actions';
export type { SkState, SkOptions } from './game';
