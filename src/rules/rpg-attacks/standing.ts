/**
 * How well a side stands beyond its score and its characters on the table, for Hard's look-ahead
 * (engine/strength.ts `valueFor`: a character 3, a point of score 2). A character down is in the
 * other side's score yet lies on the layout as a body, so here the down cost their place on the
 * layout. And: Wounds and Grave Wounds of those standing (their share of the total that puts a
 * character down), Prone, each Hindered, and pinned in grapples.
 */
import { MODEL_POINTS } from '../engine/strength';
import type { PlayerId } from '../engine/types';
import { DOWN_AT, grappleHindered, isDown, PINNED_AT, woundTotal } from './consequences';
import type { Player, RpgState } from './game';

/** A character's worth (valueFor's): Wounds + 2 x Grave Wounds cost their share of DOWN_AT of it. */
export const CHARACTER = MODEL_POINTS;
/** The most a standing character loses here: less than one down. */
export const HARM_CAP = 2.5;
/** A Prone character (standing up costs its move). */
export const PRONE = 0.5;
/** Each Hindered (a bane on physical tests). */
export const HINDERED = 0.5;
/** Pinned by grapples (on top of their Hindered). */
export const PINNED = 1;

/** How well `who` stands in `s` (own good things positive, the other side's negative). */
export function standing(s: RpgState, who: PlayerId): number {
  const sign = (p: Player) => (p === who ? 1 : -1);
  let v = 0;
  for (const c of Object.values(s.chars)) {
    const k = sign(c.side);
    const cond = c.condition;
    if (isDown(cond)) {
      v -= k * CHARACTER;
      continue;
    }
    let harm = (CHARACTER * woundTotal(cond)) / DOWN_AT + HINDERED * cond.hindered.length;
    if (cond.prone) harm += PRONE;
    if (grappleHindered(cond) >= PINNED_AT) harm += PINNED;
    v -= k * Math.min(HARM_CAP, harm);
  }
  return v;
}
