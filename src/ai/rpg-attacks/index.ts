/** Placeholder until the rpg-attacks bot lands: the first attack, else the first legal move. */
import { legalMoves, type Match, type Move } from '../../rules/engine/match';
import type { Queries } from '../../rules/engine/queries';
import { ruleset, type RpgAction, type RpgState } from '../../rules/rpg-attacks';

export function rpgAttacksMove(m: Match<RpgState, RpgAction>, who: string, q: Queries): Move<RpgAction> | null {
  const moves = legalMoves(ruleset, m, who, q);
  return moves.find((a) => a.type === 'attack') ?? moves[0] ?? null;
}
