/**
 * The Five Parsecs bots: `fiveparsecsMove` dispatches to the crew's bot for side A (`crew.ts`) and,
 * for side B, to the AI type of the enemy figure that acts (`enemy.ts`, the habits in `habits.ts`).
 * It chooses only among the ruleset's legal actions and is deterministic: the same match gives the
 * same move (ties are broken by a hash of the log length, the match's seeded dice state and the ids, never
 * Math.random, and the game's dice are not rolled).
 */
import { legalMoves, type Match, type Move } from '../../engine/match';
import type { Table } from '../../engine/queries';
import { ruleset, type FpAction, type FpState } from '../engine';
import { layoutOf } from '../game';
import { figureLegal, offersWithoutMoves } from '../legal';
import { waiting } from '../round';
import { hashOf } from './common';
import { crewAction, crewActor } from './crew';
import { runners } from './objective';
import { enemyAction } from './enemy';
import { holdChoice, snapAnswer } from './snap';

/** The bot's move for `player` now, or null when it has none. */
export function fiveparsecsMove(match: Match<FpState, FpAction>, player: string, table: Table): Move<FpAction> | null {
  const s = match.state;
  // Every question below is about `s` (spots weighed ask views of their own).
  const queries = table.at(layoutOf(s));
  // Ties "at random from the seeded dice": a hash of the log length and the match's dice state, read, never advanced.
  const seed = `${match.log.length}:${hashOf(JSON.stringify(match.rng))}`;
  const choosing = !match.window && !s.activation && waiting(s).length > 0;
  // The enemy acts with its first waiting figure (by id): only that figure's moves are sampled.
  if (choosing && player === 'B' && s.phase === 'enemy') {
    const moves = figureLegal(s, queries, waiting(s)[0]!.id);
    return moves.length ? (enemyAction(s, queries, seed, moves) ?? moves[0]!) : null;
  }
  // The crew outside a mission's run: whether to hold, and which figure acts, come from its shots, so
  // only the acting figure's moves are sampled.
  if (choosing && player === 'A' && s.phase !== 'seize' && runners(s).length === 0) {
    const offers = offersWithoutMoves(s, queries);
    const hold = holdChoice(s, queries, offers);
    if (hold) return hold;
    const actor = crewActor(s, queries, offers);
    const moves = actor ? figureLegal(s, queries, actor) : [];
    if (moves.length) return crewAction(s, queries, seed, moves) ?? moves[0]!;
  }
  const moves = legalMoves(ruleset, match, player, queries) as FpAction[];
  if (moves.length === 0) return null;
  // Snap Fire's window (only ever the crew's): fire with good odds, else pass.
  if (match.window) return player === 'A' ? snapAnswer(s, queries, seed, moves) : moves[0]!;
  const choice =
    player === 'A'
      ? (holdChoice(s, queries, moves) ?? crewAction(s, queries, seed, moves))
      : enemyAction(s, queries, seed, moves);
  // Only ever a legal action.
  return choice ?? moves[0]!;
}
