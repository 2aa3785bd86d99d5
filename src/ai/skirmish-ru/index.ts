/** Placeholder until the skirmish-ru bot lands: the first shot or strike, else the first legal move. */
import { legalMoves, type Match, type Move } from '../../rules/engine/match';
import type { Queries } from '../../rules/engine/queries';
import { ruleset, type SkAction, type SkState } from '../../rules/skirmish-ru';

export function skirmishRuMove(m: Match<SkState, SkAction>, who: string, q: Queries): Move<SkAction> | null {
  const moves = legalMoves(ruleset, m, who, q);
  return moves.find((a) => a.type === 'shoot' || a.type === 'strike') ?? moves[0] ?? null;
}
