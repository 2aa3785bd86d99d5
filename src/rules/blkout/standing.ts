/**
 * How well a side stands beyond its score and its models on the table, for Hard's look-ahead
 * (engine/strength.ts `valueFor`: a model 3, a point of score 2). A destroyed model is off the layout
 * and a destroyed unit's victory point comes only at the end, so here: damage marked on tracks,
 * pinned units, quadrants held while a quadrant scoring is still to come, enemy units destroyed (or
 * more than half destroyed) for the end-of-game points, models held off the table (not lost), and a
 * little for command points and BURN cards in hand.
 */
import { MODEL_POINTS, SCORE_POINTS } from '../engine/strength';
import type { PlayerId } from '../engine/types';
import { radiusOf, type BlkoutState, type Player } from './game';
import { quadrants } from './score';

/** A model's worth (valueFor's): its share of a full damage track costs as much. */
export const MODEL = MODEL_POINTS;
/** A pinned unit (it loses its next Reposition). */
export const PINNED = 1;
/** A quadrant held now: most of its 2 victory points (2 each) at the next quadrant scoring. */
export const QUADRANT = 0.75 * 2 * SCORE_POINTS;
/** An enemy unit destroyed: its 1 victory point at the end. */
export const UNIT_DESTROYED = 2;
/** An enemy unit more than half destroyed: its point on a D10 roll of 6+ (half the time). */
export const UNIT_HALF_LOST = 1;
/** A command point or a BURN card in hand. */
export const RESOURCE = 0.25;

/** The rounds whose end scores the quadrants. */
const QUADRANT_ROUNDS = [3, 5];

/** How well `who` stands in `s` (own good things positive, the other side's negative). */
export function standing(s: BlkoutState, who: PlayerId): number {
  const sign = (p: Player) => (p === who ? 1 : -1);
  const boxes = s.phase !== 'over' && QUADRANT_ROUNDS.some((r) => r >= s.round) ? quadrants(s.table) : [];
  const held = boxes.map(() => ({ A: 0, B: 0 }));
  const units: Record<string, { player: Player; dead: number; all: number }> = {};
  let v = 0;
  for (const m of Object.values(s.models)) {
    const u = (units[m.unit] ??= { player: m.player, dead: 0, all: 0 });
    u.all += 1;
    if (m.destroyed) {
      u.dead += 1;
      continue;
    }
    if (!m.pos) {
      // Held back or not yet deployed: not on the layout, yet not lost.
      v += sign(m.player) * MODEL;
      continue;
    }
    const chassis = m.track > 0 ? m.damage / m.track : 0;
    const mobility = m.mobility && m.mobility.track > 0 ? m.mobility.damage / m.mobility.track : 0;
    v -= sign(m.player) * MODEL * (1 - (1 - chassis) * (1 - mobility));
    if (boxes.length) {
      const r = radiusOf(m);
      const [x, , z] = m.pos;
      boxes.forEach(([x0, z0, x1, z1], i) => {
        if (x - r >= x0 && x + r <= x1 && z - r >= z0 && z + r <= z1) held[i]![m.player] += Math.max(1, m.track);
      });
    }
  }
  for (const q of held) if (q.A !== q.B) v += sign(q.A > q.B ? 'A' : 'B') * QUADRANT;
  if (s.phase !== 'over')
    for (const u of Object.values(units)) {
      if (u.dead === u.all) v -= sign(u.player) * UNIT_DESTROYED;
      else if (u.dead * 2 > u.all) v -= sign(u.player) * UNIT_HALF_LOST;
    }
  for (const u of Object.values(s.units))
    if (u.pinned && u.models.some((id) => !s.models[id]?.destroyed)) v -= sign(u.player) * PINNED;
  for (const p of ['A', 'B'] as const) v += sign(p) * RESOURCE * ((s.cp[p] ?? 0) + (s.burn.hands[p]?.length ?? 0));
  return v;
}
