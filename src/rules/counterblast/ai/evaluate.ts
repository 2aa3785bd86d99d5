/**
 * The Counterblast bot's evaluation of a state for a player: its side's worth less the enemy's, in
 * Mission points (roughly). A side's worth: each model on the table by its points (a hundred points
 * is 1), less for damage tokens (half its worth at its Mettle), Down (a third; all but nothing when not
 * Stable: it bleeds out at Upkeep), Panicked (it does not count for the scores), Burning (3 raw damage coming), Stunned, Marked, or Prone within an enemy's reach
 * (Prone out of reach in an enemy gun's range: a little more, for the cover);
 * its Battle Score as it stands; the objectives it holds (2 each), weighed by how near the end the
 * battle is, and how far its nearest standing model is from each objective it does not hold; and
 * the Moxie left once deployed (for activations, reactions, and dread at Upkeep: see dreadCost; Moxie beyond
 * the dread counts nothing once the crew has passed, since it is lost at the turn's end). A battle that is
 * over is worth its Mission Scores' difference, ten times over.
 */
import type { CbState } from '../engine';
import {
  crewOnTable,
  onTable,
  other,
  OBJECTIVE_POINTS,
  OBJECTIVE_RANGE,
  radiusOf,
  type CbModel,
  type Player,
} from '../game';
import { has } from '../conditions';
import { battleScore, objectiveHolders } from '../scoring';
import { TURNS } from '../turn';

/** How much the objectives count in a turn: little early (the battle is won at its end), fully in the last turns. */
export const objectiveWeight = (turn: number): number => Math.min(1, Math.max(0.2, (turn - 1) / (TURNS - 2)));

/** A Down model's share of its worth: Stable, and not (it bleeds out at Upkeep). */
export const DOWN_STABLE = 0.35;
export const DOWN_BLEEDING = 0.02;
/** A Mark's worth against its model (shots at it come one difficulty easier until the turn ends), a share of its worth. */
export const MARKED = 0.05;

/** The worth of one side (see the file's comment). */
function worth(s: CbState, p: Player, held: Record<string, Player | null>): number {
  let v = 0;
  const standing: [number, number][] = [];
  for (const m of Object.values(s.models)) {
    if (m.player !== p || !onTable(m)) continue;
    let h = m.down ? (m.stable ? DOWN_STABLE : DOWN_BLEEDING) : 1 - 0.5 * Math.min(1, m.damage / m.card.mettle);
    if (m.panicked) h *= 0.6;
    if (!m.down && has(m, 'burning')) h -= m.prone ? 0.05 : 0.15;
    if (m.stunned) h -= 0.03;
    // Marked (by a Hack): shots at it come one difficulty easier until the turn ends.
    if (has(m, 'marked')) h -= MARKED;
    // Prone within reach of a standing enemy: its Strikes at the model come easier, the model's own harder.
    if (m.prone && !m.down && enemyWithin(s, m, () => 1.5)) h -= 0.1;
    // Prone out of reach but in an enemy gun's range: light cover (+1D) and only its base to be seen.
    else if (m.prone && !m.down && inGunRange(s, m)) h += PRONE_COVER;
    // A leader Down cannot calm dread, and none is elected while it lives: each turn left pays for it.
    if (m.down && s.leader?.[p] === m.id) v -= 0.2 * (TURNS - s.turn + 1);
    v += (m.card.points / 100) * h;
    if (!m.down && !m.panicked) standing.push([m.pos![0], m.pos![2]]);
  }
  v += 0.5 * battleScore(s, p);
  const w = objectiveWeight(s.turn);
  for (const o of s.mission.objectives) {
    if (held[o.id] === p) v += OBJECTIVE_POINTS * w;
    else {
      const d = Math.min(40, ...standing.map(([x, z]) => Math.max(0, Math.hypot(x - o.x, z - o.z) - OBJECTIVE_RANGE)));
      // The way there counts from the start (it takes a few turns to walk).
      v -= 0.06 * Math.max(w, 0.5) * d;
    }
  }
  if (s.phase !== 'deploy' && s.phase !== 'over') {
    // Moxie beyond what Upkeep can spend on dread is lost at the turn's end: once the crew has passed it
    // counts `PASSED_MOXIE_WORTH`.
    const spare = s.passed[p] ? Math.max(0, s.moxie[p] - s.dread[p]) : 0;
    v += MOXIE_WORTH * (s.moxie[p] - spare) + PASSED_MOXIE_WORTH * spare - dreadCost(s, p);
  }
  return v;
}

/** A Moxie's worth in hand (an activation, a reaction, dread calmed at Upkeep). */
export const MOXIE_WORTH = 0.08;
/** A Moxie's worth beyond the dread once the crew has passed the turn: nothing (reactions may still spend it, but the pass should not count on them; then it is lost). */
export const PASSED_MOXIE_WORTH = 0.0;

/** This turn's rise in dread as things stand: 1, and 1 per model Down, per casualty and per Hero lost. */
function riseOf(s: CbState, p: Player): number {
  const lost = [
    ...s.fallen.filter((f) => f.player === p),
    // A model Down and not Stable bleeds out in Upkeep, before the Panic phase (counted twice: a margin).
    ...crewOnTable(s, p)
      .filter((m) => m.down && !m.stable)
      .map((m) => ({ hero: m.card.type === 'hero' })),
  ];
  return 1 + crewOnTable(s, p).filter((m) => m.down).length + lost.length + lost.filter((f) => f.hero).length;
}

/**
 * What the crew's dread will cost, with the Moxie it has left spent on it at Upkeep (its leader
 * standing): a little per point of dread carried on, and when the dread after the rise is more
 * than the models on the table, each model's chance to fail its nerve (no success on Knack/7)
 * times what a Panicked model loses (more in the last turn: it does not score).
 */
export function dreadCost(s: CbState, p: Player, moxie = s.moxie[p]): number {
  const mine = crewOnTable(s, p);
  const lead = s.leader?.[p] ? s.models[s.leader[p]!] : undefined;
  const calm = lead && onTable(lead) && !lead.down ? moxie : 0;
  const after = Math.max(0, s.dread[p] - calm) + riseOf(s, p);
  let cost = 0.1 * after;
  // At the threshold, a model Down or lost before Upkeep tips it over: a good share of the cost already.
  const risk = after > mine.length ? 1 : after === mine.length ? 0.4 : 0;
  if (risk) {
    const late = s.turn >= TURNS ? 2 : s.turn === TURNS - 1 ? 1.5 : 1;
    for (const m of mine)
      if (!m.panicked && !m.down) cost += risk * late * 0.6 ** m.card.knack * ((0.5 * m.card.points) / 100 + 0.3);
  }
  return cost;
}

/** What lying Prone in an enemy gun's range (and out of its reach) is worth, as a share of the model. */
export const PRONE_COVER = 0.04;

/** Whether a standing enemy is within `inches(enemy)` of the model (flat, base to base). */
const enemyWithin = (s: CbState, m: CbModel, inches: (e: CbModel) => number): boolean =>
  Object.values(s.models).some(
    (e) =>
      e.player !== m.player &&
      onTable(e) &&
      !e.down &&
      Math.hypot(e.pos![0] - m.pos![0], e.pos![2] - m.pos![2]) - radiusOf(e) - radiusOf(m) <= inches(e),
  );

/** Whether a standing enemy's gun reaches the model (sight is not asked). */
export const inGunRange = (s: CbState, m: CbModel): boolean =>
  enemyWithin(s, m, (e) => Math.max(0, ...e.card.shooting.map((w) => w.range)));

/** The state's worth for `p`: its side's worth less the enemy's. */
export function evaluate(s: CbState, p: Player): number {
  // Over: the Mission Scores are all that counts.
  if (s.score) return 10 * (s.score[p] - s.score[other(p)]);
  const held = objectiveHolders(s);
  return worth(s, p, held) - worth(s, other(p), held);
}
