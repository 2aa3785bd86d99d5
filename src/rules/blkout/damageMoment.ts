/**
 * BURN cards played "when damage is suffered" (Juiced, Personal Shielding) need the owner's
 * decision in the middle of a resolution. A shot's damage is suffered at step ④, before the armour
 * check: Personal Shielding is offered there (its dice count in that check); Juiced is offered once
 * the armour check has said how much damage is taken (damage without an armour check offers both). The resolution pauses there: the action is undone, a
 * window asks the owner, and the answer replays the action from the start with the dice it already
 * rolled (so nothing is re-rolled) and the answers given so far, until it finishes or asks again.
 * Pure and deterministic: a seed and the list of actions (the answers included) replay exactly.
 */
import { prefixedDice, type DiceSource } from '../dice/source';
import type { RuleEvent } from '../engine/types';
import type { BlkoutAction, BlkoutOption } from './actions';
import { holds, mayHold } from './burn';
import type { BlkoutState, BurnCard, Player } from './game';

/** What the paused resolution asks: may the owner play a card on this damage? */
export interface DamageAsk {
  player: Player;
  model: string;
  unit: string;
  taken: number;
  /** The cards on offer at this moment (those the owner holds); absent in older saves: both. */
  cards?: BurnCard[];
  /** The moment comes before the armour check (step ④): `taken` is the damage coming in. */
  before?: boolean;
}

/** Thrown where damage is about to be marked and the owner has a card for it. */
export class DamagePause extends Error {
  constructor(readonly ask: DamageAsk) {
    super('damage pause');
  }
}

/** A paused action: what to replay, with which dice, and what has been answered so far. */
export interface PausedAction {
  action: BlkoutAction | { type: 'pass' };
  /** Every roll made before the pause, to be fed back in order. */
  rolls: [number, number][];
  /** The answers so far, one per damage moment: a card played, or null for none. */
  answers: (BurnCard | null)[];
  /** Events already shown before the pause (left out when the replay reaches them again). */
  shown: number;
  /** The state the action started from. */
  from: BlkoutState;
  ask: DamageAsk;
}

/** The cards that answer damage. */
export const DAMAGE_CARDS: readonly BurnCard[] = ['juiced', 'personal-shielding'];

/** Dice that give back recorded rolls first (checking the die), then roll live. */
export const replayDice = (recorded: readonly [number, number][], live: DiceSource): DiceSource =>
  prefixedDice(recorded, live, (m) => new Error(m));

/**
 * At a damage moment: the answer already given (the card, or null), or a pause when the owner holds
 * one of the cards on offer and has not answered. Only moments that ask are counted (the answers are
 * one per asking moment, in order), and the state given back has that count.
 */
export function damageAnswer(
  s: BlkoutState,
  ask: DamageAsk & { cards: BurnCard[] },
): { state: BlkoutState; answer: BurnCard | null } {
  // Where hands are secret, the cards the owner could hold as far as the attacker knows (damageWindow offers the held ones).
  const cards = ask.cards.filter((c) => mayHold(s, ask.player, c));
  if (cards.length === 0) return { state: s, answer: null };
  const index = s.damageSeen ?? 0;
  const answers = s.damageAnswers ?? [];
  const state: BlkoutState = { ...s, damageSeen: index + 1 };
  if (index < answers.length) return { state, answer: answers[index]! };
  throw new DamagePause({ ...ask, cards });
}

/** The window a pause opens: the owner's cards, or pass. */
export function damageWindow(s: BlkoutState, ask: DamageAsk): BlkoutState['window'] {
  const options: BlkoutOption[] = [];
  const cards = ask.cards ?? DAMAGE_CARDS;
  if (cards.includes('juiced') && holds(s, ask.player, 'juiced'))
    options.push({ type: 'burn', card: 'juiced', unit: ask.model });
  if (cards.includes('personal-shielding') && holds(s, ask.player, 'personal-shielding'))
    options.push({ type: 'burn', card: 'personal-shielding', unit: ask.unit });
  return { player: ask.player, timing: 'simultaneous', options };
}

/** Events of a replay, less the ones shown before the pause. */
export const unseen = (events: RuleEvent[], shown: number): RuleEvent[] => events.slice(shown);
