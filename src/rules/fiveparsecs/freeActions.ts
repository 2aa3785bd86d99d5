/**
 * Free Actions (five-parsecs.en.txt, "Actions"): "Some activities are Free Actions, such as using a
 * consumable item. A character can perform one Free Action without inhibiting their other
 * activities. Carrying out two Free Actions in the same round requires foregoing the Combat Action
 * for that round."
 *
 * Reading (README): the battle has no consumables or other Free Actions yet, so no action takes one;
 * this is the count a Free Action will use. Each figure counts its Free Actions this round
 * (`freeActions`, cleared each round). A second one is allowed only while the figure has not taken
 * its Combat Action, and from then on it may not take one (no Shoot, no Brawl, no move into contact).
 * A third is refused.
 */
import { msg, type Msg } from '../engine/message';
import type { FpFigure } from './game';

/** "one Free Action without inhibiting their other activities". */
export const FREE_ACTIONS_WITHOUT_COST = 1;
/** The most a figure may take in a round (the second costs the Combat Action). */
export const FREE_ACTIONS_MAX = 2;

/** Free Actions the figure has taken this round. */
export const freeActionsOf = (f: FpFigure): number => f.freeActions ?? 0;

/** Whether the figure has given up its Combat Action this round for a second Free Action. */
export const combatForgone = (f: FpFigure): boolean => freeActionsOf(f) > FREE_ACTIONS_WITHOUT_COST;

/** Why the figure may not take another Free Action now (`combatTaken`: it has fired or brawled this round), or null. */
export function freeActionRefusal(f: FpFigure, combatTaken: boolean): Msg | null {
  const n = freeActionsOf(f);
  if (n >= FREE_ACTIONS_MAX) return msg('fiveparsecs:refuse.freeMax', { name: f.name, max: FREE_ACTIONS_MAX });
  if (n === FREE_ACTIONS_WITHOUT_COST && combatTaken) return msg('fiveparsecs:refuse.freeSecond', { name: f.name });
  return null;
}

/** The figure after one more Free Action (check freeActionRefusal first). */
export const takeFreeAction = (f: FpFigure): FpFigure => ({ ...f, freeActions: freeActionsOf(f) + 1 });
