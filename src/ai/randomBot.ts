/** A bot that picks a random legal move (seeded): works for every ruleset, and for soak tests. */
import { rollDie, type RngState } from '../rules/dice/rng';
import { legalMoves, type Match, type Move } from '../rules/engine/match';
import type { Table } from '../rules/engine/queries';
import type { Action, PlayerId, Ruleset } from '../rules/engine/types';

/** The bot's choice and its advanced PRNG state (the bot's own stream, not the game's dice). */
export function randomMove<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  rng: RngState,
  table: Table,
): { move: Move<A> | null; rng: RngState } {
  const moves = legalMoves(ruleset, m, player, table);
  if (moves.length === 0) return { move: null, rng };
  const [k, next] = rollDie(rng, moves.length);
  return { move: moves[k - 1]!, rng: next };
}
