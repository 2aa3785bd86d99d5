/**
 * The Counterblast bot's answers in a reaction window, greedy: Return-fire or Counterstrike when the
 * answer's expected tokens are worth more than the Moxie and the Stun, a Snapshot worth a Moxie, a
 * Disperse against a Psi Strike that would hurt, a Pursuit of a model worth striking; else pass.
 * The lookahead plays the opponent's reply with the same function (the shallow reply search).
 */
import { PASS, type Move } from '../../engine/match';
import type { Queries } from '../../engine/queries';
import type { CbAction, CbState } from '../engine';
import { attackValue, psiValue } from './odds';
import { pieceOf } from '../../engine/kit';

/** The expected tokens an answer must beat to be worth a Moxie. */
export const REACTION_BAR = 0.8;

/** The answer to the open window among `moves` (its legal moves): the most valuable over the bar, else a pass. */
export function reaction(s: CbState, q: Queries, moves: readonly Move<CbAction>[]): Move<CbAction> {
  let best: Move<CbAction> = PASS,
    value = REACTION_BAR;
  for (const mv of moves) {
    let v = 0;
    if (mv.type === 'return-fire' || mv.type === 'counterstrike') {
      const target = s.pending?.kind === 'attack' ? s.pending.attack.attacker : null;
      if (target) v = attackValue(s, q, mv.model, mv.type, mv.weapon, target);
    } else if (mv.type === 'snapshot') {
      v = attackValue(s, q, mv.model, 'snapshot', mv.weapon, mv.target);
    } else if (mv.type === 'disperse' && s.pending?.kind === 'psi' && s.pending.psi.kind === 'strike') {
      // Worth the Moxie when the Psi Strike would hurt: its expected tokens, times the chance to out-roll it (about even).
      const p = s.pending.psi;
      v = psiValue(s, p.psifer, p.enigma, p.target) * 0.5;
    } else if (mv.type === 'pursuit' && s.pending?.kind === 'snapshot') {
      // Chase a model worth striking next time: the best strike it could make once it catches up.
      const me = pieceOf(s.models, mv.model),
        quarry = s.pending.mover;
      v = Math.max(0, ...me.card.striking.map((_, i) => attackValue(s, q, me.id, 'strike', i, quarry)));
    }
    if (v > value) [best, value] = [mv, v];
  }
  return best;
}
