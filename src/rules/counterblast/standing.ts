/**
 * How well a side stands beyond its score and its models on the table, for Hard's look-ahead
 * (engine/strength.ts `valueFor`: a model 3, a point of score 2). The Mission Score exists only once
 * the battle is over and a casualty is off the layout, so here: damage tokens short of Down, Down
 * (worse unstable), Stunned, Panicked, Prone and the inflicted conditions; the Mission Score the
 * battle would give now (Battle Score and objectives held, at most of their points); dread; and
 * models not yet deployed (off the layout, yet not lost). A model on the table loses at most
 * `HARM_CAP`, so a casualty always stands worse.
 */
import { MODEL_POINTS, SCORE_POINTS } from '../engine/strength';
import type { Inflicted } from './data';
import type { PlayerId } from '../engine/types';
import { OBJECTIVE_POINTS, OBJECTIVE_RANGE, radiusOf, type CbState, type Player } from './game';
import { battleScoreOf } from './scoring';

/** A model's worth (valueFor's): damage costs its share of the tokens that make a casualty. */
export const MODEL = MODEL_POINTS;
/** The most a model on the table loses here: less than a casualty's whole model. */
export const HARM_CAP = 2.5;
/** A Down model, its damage tokens aside (out of the fight, no Battle Score, holds no objective; it bleeds out unless treated). */
export const DOWN = 2;
/** A Down model no longer Stable: it is a casualty at the next Upkeep. */
export const UNSTABLE = 0.5;
/** A Stunned model (until Upkeep). */
export const STUNNED = 1;
/** A Panicked model (no Battle Score, no objective, runs for its Evac Point). */
export const PANICKED = 1.5;
/** A Prone model. */
export const PRONE = 0.5;
/** Each inflicted condition. */
export const CONDITION: Record<Inflicted, number> = {
  blind: 1,
  burning: 0.5,
  'half-blind': 0.5,
  marked: 0.5,
  pinned: 1,
};
/** A point of Mission Score the battle would give now: most of its 2. */
export const MISSION_POINT = 0.75 * SCORE_POINTS;
/** A point of dread (panic tests to come). */
export const DREAD = 0.5;

/** How well `who` stands in `s` (own good things positive, the other side's negative). */
export function standing(s: CbState, who: PlayerId): number {
  const sign = (p: Player) => (p === who ? 1 : -1);
  const objectives = s.mission.objectives;
  const near = objectives.map(() => ({ A: 0, B: 0 }));
  const points = { A: 0, B: 0 };
  let v = 0;
  for (const m of Object.values(s.models)) {
    if (m.casualty) continue;
    const k = sign(m.player);
    if (!m.pos) {
      // Not yet deployed: off the layout, yet not lost.
      v += k * MODEL;
      if (!m.down && !m.panicked) points[m.player] += m.card.points;
      continue;
    }
    let harm = m.down ? DOWN + (m.stable ? 0 : UNSTABLE) : (MODEL * m.damage) / (2 * m.card.mettle + 1);
    if (m.stunned) harm += STUNNED;
    if (m.panicked) harm += PANICKED;
    if (m.prone && !m.down) harm += PRONE;
    for (const c of m.conditions ?? []) harm += CONDITION[c] ?? 0;
    v -= k * Math.min(HARM_CAP, harm);
    if (m.down || m.panicked) continue;
    points[m.player] += m.card.points;
    const r = radiusOf(m);
    for (let i = 0; i < objectives.length; i++) {
      const o = objectives[i]!;
      if (Math.hypot(m.pos[0] - o.x, m.pos[2] - o.z) - r <= OBJECTIVE_RANGE + 1e-9) near[i]![m.player] += 1;
    }
  }
  if (s.phase !== 'over') {
    let mission = battleScoreOf(points.A / s.gamePoints) - battleScoreOf(points.B / s.gamePoints);
    for (const n of near) mission += n.A > n.B ? OBJECTIVE_POINTS : n.B > n.A ? -OBJECTIVE_POINTS : 0;
    v += sign('A') * MISSION_POINT * mission;
  }
  v -= DREAD * (sign('A') * (s.dread.A ?? 0) + sign('B') * (s.dread.B ?? 0));
  return v;
}
