/**
 * How well a side stands beyond its score and its fighters on the table, for Hard's look-ahead
 * (engine/strength.ts `valueFor`: a fighter 3, a point of score 2). A fighter taken out is in the
 * other side's score; a dead one is off the layout, a seriously wounded one lies on it, so here the
 * seriously wounded cost their place on the layout (as the dead). And: wounds lost by fighters still
 * standing, Pinned and Prone, weapons that cannot fire (jammed or empty), and Hidden.
 */
import { MODEL_POINTS } from '../engine/strength';
import type { PlayerId } from '../engine/types';
import type { Player, SkState } from './game';

/** A fighter's worth (valueFor's): wounds lost cost their share of it. */
export const FIGHTER = MODEL_POINTS;
/** The most a standing fighter loses here: less than one taken out. */
export const HARM_CAP = 2.5;
/** A Pinned fighter (its next activation only falls back). */
export const PINNED = 1;
/** A Prone fighter (standing up costs half its Movement). */
export const PRONE = 0.5;
/** Each weapon that cannot fire: jammed, or out of ammunition. */
export const DEAD_WEAPON = 0.5;
/** A Hidden fighter (no target until noticed). */
export const HIDDEN = 0.5;

/** How well `who` stands in `s` (own good things positive, the other side's negative). */
export function standing(s: SkState, who: PlayerId): number {
  const sign = (p: Player) => (p === who ? 1 : -1);
  let v = 0;
  for (const f of Object.values(s.fighters)) {
    const k = sign(f.side);
    if (f.wounds.condition === 'seriously-wounded') v -= k * FIGHTER;
    if (f.wounds.condition !== 'active') continue;
    const max = f.stats.wounds;
    let harm = max > 0 ? (FIGHTER * Math.max(0, max - f.wounds.wounds)) / max : 0;
    if (f.pinned) harm += PINNED;
    if (f.prone) harm += PRONE;
    for (const a of Object.values(f.arms)) if (a.jammed || a.ammo === 0) harm += DEAD_WEAPON;
    v -= k * Math.min(HARM_CAP, harm);
    if (f.hidden) v += k * HIDDEN;
  }
  return v;
}
