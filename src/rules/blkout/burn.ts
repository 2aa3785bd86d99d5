/**
 * BURN cards: a shared deck of 8 one-use cards, shuffled at set-up, 3 to each player, each played
 * at the moment its text names. Played here: Amped and Phase Out (before a unit activates; it must
 * activate next), Blade Runner (when a unit moves), Rewind (after an activation), Perimeter Defense
 * (the opponent's, when a unit activates), Extras! (as a unit completes its activation: its combat
 * loads are unmarked), Juiced and Personal Shielding (at the moment damage is suffered: see
 * damageMoment.ts).
 */
import { msg, type Msg } from '../engine/message';
import { freshRolls } from '../engine/diceLog';
import { illegal } from '../engine/kit';
import type { RuleError } from '../engine/types';
import type { Ctx } from './context';
import type { BlkoutAction } from './actions';
import { BURN_CARDS, type BlkoutState, type BurnCard, type Player } from './game';

/** Cards this build plays (the others stay in hand). */
export const PLAYABLE_BURN: readonly BurnCard[] = [
  'amped',
  'phase-out',
  'blade-runner',
  'extras',
  'rewind',
  'juiced',
  'personal-shielding',
  'perimeter-defense',
];

/** The card names as printed. */
export const BURN_NAMES: Record<BurnCard, string> = {
  amped: 'Amped',
  'phase-out': 'Phase Out',
  'blade-runner': 'Blade Runner',
  extras: 'Extras!',
  rewind: 'Rewind',
  juiced: 'Juiced',
  'personal-shielding': 'Personal Shielding',
  'perimeter-defense': 'Perimeter Defense',
};

/** Phase Out's reach, inches; Blade Runner's extra Move, inches. */
export const PHASE_OUT_REACH = 2;
export const BLADE_RUNNER_EXTRA = 2;

/** Shuffles the deck (Fisher-Yates: a D8, then a D7, ... a D2; the first deployer rolls) and deals 3 to A, then 3 to B. */
export function dealBurn(ctx: Ctx, s: BlkoutState): BlkoutState {
  const { dice, events } = ctx;
  const deck: BurnCard[] = [...BURN_CARDS];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = dice.d(i + 1) - 1;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  // A shuffle, not a roll a player reads as dice: its draws ride on the deal's line (no dice line, nothing featured).
  const shuffled = freshRolls(dice);
  events.push({ type: 'burn-deal', text: msg('blkout:event.burnDeal', { player: s.turn }), shuffled });
  return { ...s, burn: { hands: { A: deck.slice(0, 3), B: deck.slice(3, 6) }, primed: null } };
}

/** Whether a player holds a card. */
export const holds = (s: BlkoutState, p: Player, card: BurnCard): boolean => s.burn.hands[p].includes(card);

/**
 * Whether a card's moment asks `p`: where hands are secret (`secretHands`), whenever public facts leave
 * the card possible in p's hand (p holds some card, and the card has not been played), so that whether
 * the question comes tells neither player, nor a spectator, anything about either hand; otherwise only
 * when p holds it. (Leaving out the moments the other player could rule out from their own hand would
 * tell p that the other player holds the card.)
 */
export function mayHold(s: BlkoutState, p: Player, card: BurnCard): boolean {
  if (!s.secretHands) return holds(s, p, card);
  return s.burn.hands[p].length > 0 && !(s.burn.played ?? []).includes(card);
}

/** Whether the activation in progress has a card's effect. */
export const inEffect = (s: BlkoutState, card: BurnCard): boolean => (s.activation?.effects ?? []).includes(card);

/** The hand without one copy of a card, with its event. */
export function discard(ctx: Ctx, s: BlkoutState, p: Player, card: BurnCard, what: Msg): BlkoutState {
  const hand = [...s.burn.hands[p]];
  hand.splice(hand.indexOf(card), 1);
  ctx.events.push({
    type: 'burn',
    text: msg('blkout:event.burn', { player: p, card: BURN_NAMES[card], what }),
    player: p,
    card,
  });
  const played = s.secretHands ? { played: [...(s.burn.played ?? []), card] } : {};
  return { ...s, burn: { ...s.burn, hands: { ...s.burn.hands, [p]: hand }, ...played } };
}

/** Why a player may not play a card now (hand only; the timing is checked where it is played), or null. */
export function notInHand(s: BlkoutState, p: Player, card: string): RuleError | null {
  if (!(BURN_CARDS as readonly string[]).includes(card)) return illegal(`"${card}" is not a BURN card`);
  if (!holds(s, p, card as BurnCard)) return illegal(`${BURN_NAMES[card as BurnCard]} is not in ${p}'s hand`);
  if (!PLAYABLE_BURN.includes(card as BurnCard))
    return illegal(`${BURN_NAMES[card as BurnCard]} is not played in this build yet`);
  return null;
}

/** Cards played before a unit activates, offered for each unit that may activate now. */
export function primingChoices(s: BlkoutState, p: Player, units: readonly string[]): BlkoutAction[] {
  const out: BlkoutAction[] = [];
  const primed = s.burn.primed;
  for (const card of ['amped', 'phase-out'] as const) {
    if (!holds(s, p, card) || primed?.cards.includes(card)) continue;
    for (const unit of units) if (!primed || primed.unit === unit) out.push({ type: 'burn', card, unit });
  }
  return out;
}
