/**
 * What the BLKOUT bot weighs (ai/index.ts decides with these): a shot's expected damage
 * from the exact dice distributions, an HE marker's, a model's best shot now, and a spot's worth
 * (its best shot, less the enemies' best answers, plus quadrant control).
 */
import { skillPmf } from '../../dice/mechanics';
import { atLeast, mean, type Pmf } from '../../dice/pmf';
import type { Queries, Table } from '../../engine/queries';
import type { BlkoutState } from '../engine';
import { shotCheck } from '../combat';
import { hasRule, ruleX } from '../data';
import { layoutOf, onTable, radiusOf, type ModelState, type Weapon } from '../game';
import { plainCheck, situation, weaponsAt } from '../situation';
import { quadrantControl, quadrants } from '../score';
import { caughtBy, heCheck, HE_MARKER, withMarker } from '../blast';
import { SIDEWINDER_RANGE } from '../modelActions';
import { pieceOf } from '../../engine/kit';

/** Boxes left on a model's damage track (a model with no track takes one hit; a Duster's Chassis). */
export const boxesLeft = (m: ModelState): number => Math.max(1, m.track) - m.damage;

/** Worth spending an Engaged token (or an action) on: expected damage at least this. */
export const WORTH = 0.3;

/** A pinned enemy unit is worth this much of a shot's expected damage. */
export const PIN_WORTH = 0.5;

/** The chance a model's plain skill check passes (any success): a data attack before a Counter EWAR, a Sidewinder. */
export function checkChance(s: BlkoutState, m: ModelState): number {
  return atLeast(skillPmf(plainCheck(s, m)), 1);
}

/**
 * A data attack's worth, on the scale of a shot's expected damage: a Data Knife's one box (no armour
 * save; more when it finishes the model, as a shot's), a Data Spike's pin on an enemy unit yet to act
 * (PIN_WORTH), or on a friendly pinned unit yet to act its marker lifted; each times the check's chance.
 * A Counter EWAR is not weighed.
 */
export function dataValue(s: BlkoutState, m: ModelState, target: string): number {
  const t = s.models[target];
  if (t) return checkChance(s, m) * (boxesLeft(t) <= 1 ? 1.5 : 1);
  const u = s.units[target];
  if (!u || u.activated || (u.player === m.player) !== u.pinned) return 0;
  return checkChance(s, m) * PIN_WORTH;
}

/**
 * Expected damage a shot now puts on the target's track, from the exact dice: the hits' distribution
 * (skillPmf) against the armour dice's saves (each blocks one damage), capped at the boxes left
 * (overkill is wasted). At a Duster's Mobility track (`track`): one die (Hard), each box worth the
 * Chassis boxes left over the Mobility boxes left (either track full destroys it).
 */
export function shotValue(
  s: BlkoutState,
  q: Queries,
  shooter: string,
  weapon: number,
  target: string,
  reaction: boolean,
  track?: 'mobility' | 'chassis',
): number {
  const m = pieceOf(s.models, shooter),
    t = pieceOf(s.models, target);
  const w = m.weapons[weapon]!;
  const mobility = track === 'mobility' && t.mobility;
  const sit = situation(s, q, shooter, target, reaction, false);
  const hits = skillPmf(shotCheck(m, w, mobility ? { ...sit, oneDie: true } : sit));
  // A model about to die is worth more than one with boxes to spare.
  const left = mobility ? mobility.track - mobility.damage : boxesLeft(t);
  if (hasRule(w.rules, 'EMP')) return hasRule(t.rules, 'AI') ? mean(hits) * w.damage : 0;
  const save = Math.max(0, Math.min(1, (11 - t.armour[1] - ruleX(w.rules, 'AP')) / 10));
  const taken = expectedTaken(hits, w.damage, t.armour[0], save, left);
  // A Mobility box is worth the Chassis boxes left over the Mobility boxes left (a full track destroys the Duster).
  const worth = mobility ? boxesLeft(t) / Math.max(1, left) : 1;
  return taken * worth * (left <= 1 ? 1.5 : 1);
}

/** E[min(left, max(0, hits x damage - saves))], saves ~ Binomial(armour dice, save chance). */
function expectedTaken(hits: Pmf, damage: number, dice: number, save: number, left: number): number {
  const blocks: number[] = [1];
  for (let k = 0; k < dice; k++)
    for (let b = blocks.length; b >= 0; b--)
      blocks[b] = (blocks[b] ?? 0) * (1 - save) + (b > 0 ? blocks[b - 1]! * save : 0);
  let e = 0;
  hits.p.forEach((ph, i) => {
    if (ph === 0) return;
    const incoming = (hits.min + i) * damage;
    blocks.forEach((pb, b) => (e += ph * pb * Math.min(left, Math.max(0, incoming - b))));
  });
  return e;
}

/** Expected damage of an HE marker: on enemies caught, less twice that on friends caught. */
export function blastValue(
  s: BlkoutState,
  q: Queries,
  shooter: string,
  weapon: number,
  at: [number, number, number],
  moved: boolean,
): number {
  const m = pieceOf(s.models, shooter);
  const w = m.weapons[weapon]!;
  const caught = caughtBy(s, q, at, ruleX(w.rules, 'Blast'));
  // The shot is asked with the marker on the table (as the engine resolves it).
  const marked = q.at(withMarker(s, at));
  const hits = mean(skillPmf(heCheck(s, marked, m, weapon, marked.distance(shooter, HE_MARKER), moved)));
  let v = 0;
  for (const id of caught) {
    const t = pieceOf(s.models, id);
    const fail = Math.max(0, Math.min(1, (t.armour[1] + ruleX(w.rules, 'AP') - 1) / 10));
    const left = boxesLeft(t);
    const dmg = Math.min(left, hits * fail) * (left <= 1 ? 1.5 : 1);
    v += t.player === m.player ? -2 * dmg : dmg;
  }
  return v;
}

/** The best shot a model has now: [weapon, target, value]. */
export function bestShot(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  reaction: boolean,
): [number, string, number] | null {
  let best: [number, string, number] | null = null;
  for (const t of Object.values(s.models)) {
    if (t.player === m.player || !onTable(t)) continue;
    for (const w of weaponsAt(s, q, m.id, t.id)) {
      const v = shotValue(s, q, m.id, w, t.id, reaction);
      if (!best || v > best[2]) best = [w, t.id, v];
    }
  }
  return best;
}

export const enemies = (s: BlkoutState, m: ModelState) =>
  Object.values(s.models).filter((e) => e.player !== m.player && onTable(e));

/** Inches a lean-out marker may add to a shot's reach (it stands beside the base: 25 mm and a little room). */
const LEAN_SLACK = 1.5;

/** The longest range among a model's weapons, plus the lean-out slack. */
const reach = (m: ModelState): number => Math.max(0, ...m.weapons.map((w) => w.max)) + LEAN_SLACK;

/** Quadrant points `player` would score now (2 per quadrant it controls, less 2 per quadrant the enemy controls). */
export function quadrantBalance(s: BlkoutState, player: string): number {
  return quadrantControl(s).reduce((v, c) => v + (c.controller === player ? 2 : c.controller ? -2 : 0), 0);
}

/** Inches from a spot to the inside of the nearest scoring quadrant (0 inside one). */
function toQuadrant(s: BlkoutState, r: number, x: number, z: number): number {
  return Math.min(
    ...quadrants(s.table).map(([x0, z0, x1, z1]) =>
      Math.hypot(Math.max(0, x0 + r - x, x - (x1 - r)), Math.max(0, z0 + r - z, z - (z1 - r))),
    ),
  );
}

/**
 * Weight of quadrant points now: they are scored at the end of rounds 3 and 5, and a model placed
 * now mostly stays; the weight grows as a scoring round nears and is nil once the last has passed.
 */
const quadrantWeight = (round: number): number =>
  round >= 6 ? 0 : round === 1 ? 0.5 : round === 3 || round === 5 ? 1 : 0.8;

/**
 * How good a spot is for a model: the best shot (or Data Knife, or Sidewinder pin) it gets, less the damage the enemies can answer
 * with (each enemy's best shot at it: the reply), plus what the spot does for quadrant control
 * (the change in quadrant points, and a pull towards the quadrants for a model outside them).
 */
export function spotValue(
  s: BlkoutState,
  table: Table,
  m: ModelState,
  at: [number, number, number] | null,
  lean: [number, number, number] | null = null,
): number {
  const moved: BlkoutState =
    at || lean ? { ...s, models: { ...s.models, [m.id]: { ...m, pos: at ?? m.pos, leanOut: lean } } } : s;
  const q = table.at(layoutOf(moved));
  const me = pieceOf(moved.models, m.id);
  const knife = ruleX(me.rules, 'Data Knife'),
    pins = ruleX(me.rules, 'Sidewinder') - (me.checks ?? 0);
  let offence = 0,
    threat = 0,
    reachGap = Infinity;
  for (const e of enemies(moved, me)) {
    // Sight is asked only where a weapon could reach (a lean-out marker adds at most LEAN_SLACK).
    const gap = Math.hypot(e.pos![0] - me.pos![0], e.pos![2] - me.pos![2]) - radiusOf(e) - radiusOf(me);
    if (gap <= reach(me))
      for (const w of weaponsAt(moved, q, me.id, e.id))
        offence = Math.max(offence, shotValue(moved, q, me.id, w, e.id, false));
    // A Data Knife needs no sight: an AI or Powered model within its reach (else the inches to go).
    if (knife > 0 && (hasRule(e.rules, 'AI') || hasRule(e.rules, 'Powered'))) {
      if (gap <= knife) offence = Math.max(offence, dataValue(moved, me, e.id));
      reachGap = Math.min(reachGap, Math.max(0, gap - knife));
    }
    // A Sidewinder with a box left pins a unit yet to act that has a model within 12".
    const u = pins > 0 ? pieceOf(moved.units, e.unit, 'unit') : null;
    if (u && !u.activated && !u.pinned) {
      if (gap <= SIDEWINDER_RANGE) offence = Math.max(offence, checkChance(moved, me) * PIN_WORTH);
      reachGap = Math.min(reachGap, Math.max(0, gap - SIDEWINDER_RANGE));
    }
    let worst = 0;
    if (gap <= reach(e))
      for (const w of weaponsAt(moved, q, e.id, me.id))
        worst = Math.max(worst, shotValue(moved, q, e.id, w, me.id, true));
    threat += worst;
  }
  const weight = quadrantWeight(s.round);
  const control = weight * (quadrantBalance(moved, m.player) - quadrantBalance(s, m.player));
  const pull = 0.08 * weight * toQuadrant(s, radiusOf(me), me.pos![0], me.pos![2]);
  return offence - 0.6 * threat + control - pull - REACH_PULL * (Number.isFinite(reachGap) ? reachGap : 0);
}

/**
 * How much a Data Knife's or a Sidewinder's carrier wants each inch nearer the nearest enemy beyond
 * their reach (an AI or Powered model; a unit yet to act): they reach 6" and 12", less than a shot.
 */
const REACH_PULL = 0.05;

export function pickBest<T extends { x: number; y: number; z: number }>(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  options: T[],
): [T, number] | null {
  let best: [T, number] | null = null;
  for (const o of options) {
    const v = spotValue(s, q, m, [o.x, o.y, o.z]);
    if (!best || v > best[1]) best = [o, v];
  }
  return best;
}

/** The value of a model's best shot were it carrying `weapon` too (an armoury weapon), or null when that weapon has none. */
export function armedShot(s: BlkoutState, q: Queries, m: ModelState, weapon: Weapon): number | null {
  const armed: ModelState = { ...m, weapons: [...m.weapons, weapon] };
  const trial: BlkoutState = { ...s, models: { ...s.models, [m.id]: armed } };
  const shot = bestShot(trial, q, armed, false);
  return shot && shot[0] === armed.weapons.length - 1 ? shot[2] : null;
}
