/**
 * The Counterblast bot's answers in a reaction window, greedy: Return-fire or Counterstrike when the
 * answer's expected tokens are worth more than the Moxie and the Stun, a Snapshot worth a Moxie, a
 * Parry that saves tokens, a Disperse against a Psi Strike that would hurt, a Pursuit of a model worth
 * striking; else pass. A Moxie the crew can no longer spend on activations this turn is worth less
 * (`SPARE_BAR`): the pool is set afresh next turn.
 * The lookahead plays the opponent's reply with the same function (the shallow reply search).
 */
import { PASS, type Move } from '../../engine/match';
import type { Queries } from '../../engine/queries';
import type { CbAction, CbState } from '../engine';
import { attackValue, expected, psiValue, tokensOf } from './odds';
import { attackOdds } from '../attacks';
import { gritOf } from '../conditions';
import type { Player } from '../game';
import { activatable } from '../turn';
import { pieceOf } from '../../engine/kit';

/** The expected tokens an answer must beat to be worth a Moxie. */
export const REACTION_BAR = 0.8;
/** The bar when the crew holds a Moxie it cannot spend on activations this turn (the pool is set afresh next turn). */
export const SPARE_BAR = 0.25;

/** A Disperse against a Psi Craft: over the spare-Moxie bar, under the bar for a Moxie the crew could still spend. */
export const CRAFT_WORTH = 0.3;

/**
 * Moxie the crew of `p` holds beyond what its un-Spent models could still spend activating this turn
 * (all of it once the crew has passed) and what calming its dread would take in Upkeep: it is lost when
 * the next turn sets the pool afresh.
 */
export function spareMoxie(s: CbState, p: Player): number {
  const activations = s.passed[p] ? 0 : activatable(s, p).length;
  return Math.max(0, (s.moxie[p] ?? 0) - activations - (s.dread[p] ?? 0));
}

/** The expected tokens a Parry saves: the strike's damage against Defense, less that against Defense and Grit. */
export function parryValue(s: CbState, q: Queries, model: string): number {
  if (s.pending?.kind !== 'attack' || s.pending.attack.kind !== 'strike') return 0;
  const a = s.pending.attack;
  const t = pieceOf(s.models, model);
  const o = attackOdds(s, q, a);
  const raw = expected(o.dice, o.difficulty) * o.damage;
  return tokensOf(t, raw, o.coverDice) - tokensOf(t, raw, o.coverDice + gritOf(t));
}

/** The answer to the open window among `moves` (its legal moves) and `extra`: the most valuable over the bar, else a pass. */
export function reaction(
  s: CbState,
  q: Queries,
  moves: readonly Move<CbAction>[],
  extra: readonly [Move<CbAction>, number] | null = null,
): Move<CbAction> {
  const who = s.window?.player as Player | undefined;
  let best: Move<CbAction> = PASS,
    value = who && spareMoxie(s, who) >= 1 ? SPARE_BAR : REACTION_BAR;
  // An answer weighed elsewhere (an Action-roll's spot, and the tokens it saves).
  if (extra && extra[1] > value) [best, value] = extra;
  for (const mv of moves) {
    let v = 0;
    if (mv.type === 'parry') v = parryValue(s, q, mv.model);
    else if (mv.type === 'return-fire' || mv.type === 'counterstrike') {
      const target = s.pending?.kind === 'attack' ? s.pending.attack.attacker : null;
      if (target) v = attackValue(s, q, mv.model, mv.type, mv.weapon, target);
    } else if (mv.type === 'snapshot') {
      v = attackValue(s, q, mv.model, 'snapshot', mv.weapon, mv.target);
    } else if (mv.type === 'disperse' && s.pending?.kind === 'psi') {
      // Worth the Moxie when the Psi Strike would hurt: its expected tokens, times the chance to out-roll it
      // (about even); a Psi Craft is worth spending a Moxie the crew would lose anyway (CRAFT_WORTH).
      const p = s.pending.psi;
      v = p.kind === 'strike' ? psiValue(s, p.psifer, p.enigma, p.target) * 0.5 : CRAFT_WORTH;
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
