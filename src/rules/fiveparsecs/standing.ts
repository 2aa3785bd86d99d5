/**
 * How well a side stands beyond its score and its figures on the table, for Hard's look-ahead
 * (engine/strength.ts `valueFor`: a figure 3, a point of score 2). A figure taken out is off the
 * layout and in the other side's score already, so here: Stun markers, the morale dice this round's
 * enemy casualties will roll, and the mission: crew figures off the table by the objective's edge
 * (off the layout, yet not lost), Acquire's item carried, Move Through's figures through, and the
 * objective won (the crew wins once the battle ends).
 */
import { MODEL_POINTS } from '../engine/strength';
import type { PlayerId } from '../engine/types';
import { takenOut, type FpState, type Player } from './game';
import { objectiveEdge } from './missions';

/** A figure's worth (valueFor's). */
export const FIGURE = MODEL_POINTS;
/** A figure taken out: off the layout and a point of the other side's score. */
export const TAKEN_OUT = FIGURE + 2;
/** Each Stun marker (three knock the figure out). */
export const STUN = 1;
/** The objective won: the crew wins whenever the battle ends. */
export const OBJECTIVE_WON = 50;
/** Acquire: the item carried by a crew figure on the table. */
export const ITEM_CARRIED = OBJECTIVE_WON / 4;
/** Move Through: every figure needed through, at half the objective's worth (each counts its share). */
export const THROUGH = OBJECTIVE_WON / 2;

/** How well `who` stands in `s` (own good things positive, the other side's negative). */
export function standing(s: FpState, who: PlayerId): number {
  const sign = (p: Player) => (p === who ? 1 : -1);
  const m = s.mission;
  const edge = objectiveEdge(m);
  const won = m.wonRound !== null;
  let v = 0;
  let mayBail = 0;
  for (const f of Object.values(s.figures)) {
    if (f.out === null) {
      v -= sign(f.side) * STUN * f.stun;
      if (f.side === 'B' && !f.fearless) mayBail += 1;
    } else if (!takenOut(f) && edge !== null && m.exits[edge].includes(f.id)) v += sign(f.side) * FIGURE;
  }
  if (s.phase === 'over') return v;
  // Morale at the round's end: a die per enemy casualty, each in the Panic range Bails one figure.
  v += sign('A') * TAKEN_OUT * Math.min(mayBail, (s.casualties * Math.min(6, s.enemy.panic)) / 6);
  if (won) v += sign('A') * OBJECTIVE_WON;
  else if (m.item?.carrier && m.item.off === null && s.figures[m.item.carrier]?.out === null)
    v += sign('A') * ITEM_CARRIED;
  else if (m.id === 'move-through' && m.need > 0) v += (sign('A') * (THROUGH * m.exits.north.length)) / m.need;
  return v;
}
