/**
 * The Five Parsecs bots: `fiveparsecsMove` dispatches to the crew's bot for side A (`crew.ts`) and,
 * for side B, to the AI type of the enemy figure that acts (`enemy.ts`, the habits in `habits.ts`).
 * It chooses only among the ruleset's legal actions and is deterministic: the same match gives the
 * same move (ties are broken by a hash of the log length, the match's seeded dice state and the ids, never
 * Math.random, and the game's dice are not rolled).
 */
import { legalMoves, type Match, type Move } from '../../rules/engine/match';
import type { Queries } from '../../rules/engine/queries';
import { ruleset, type FpAction, type FpState } from '../../rules/fiveparsecs';
import { hashOf } from './common';
import { crewAction } from './crew';
import { enemyAction } from './enemy';
import { holdChoice, snapAnswer } from './snap';

/** The bot's move for `player` now, or null when it has none. */
export function fiveparsecsMove(
  match: Match<FpState, FpAction>,
  player: string,
  queries: Queries,
): Move<FpAction> | null {
  const moves = legalMoves(ruleset, match, player, queries) as FpAction[];
  if (moves.length === 0) return null;
  // Ties "at random from the seeded dice": a hash of the log length and the match's dice state, read, never advanced.
  const seed = `${match.log.length}:${hashOf(JSON.stringify(match.rng))}`;
  // Snap Fire's window (only ever the crew's): fire with good odds, else pass.
  if (match.window) return player === 'A' ? snapAnswer(match.state, queries, seed, moves) : moves[0]!;
  const choice =
    player === 'A'
      ? (holdChoice(match.state, queries, moves) ?? crewAction(match.state, queries, seed, moves))
      : enemyAction(match.state, queries, seed, moves);
  // Only ever a legal action (the table is arranged for the state again after any look at a spot).
  return choice ?? moves[0]!;
}
