/**
 * What a shot needs to know about the table: sight under the BLKOUT sight rules, range, the cover
 * verdict, who may react. Every question goes through Queries (the view of the state.s layout).
 */
import { msg, type Msg } from '../engine/message';
import type { Placement, Queries, SightFacts } from '../engine/queries';
import { hasRule } from './data';
import { coverDice, coverVerdict, type CoverVerdict } from './cover';
import { shotDice, type ShotSituation } from './combat';
import { oneDieShot, withSpecial } from './special';
import type { SkillCheck } from '../dice/mechanics';
import { BLADE_RUNNER_EXTRA, inEffect } from './burn';
import { moveOf } from './drills';
import { isDuster, isSpent, onTable, radiusOf, type BlkoutState, type ModelState, type Weapon } from './game';
import { pieceOf } from '../engine/kit';

/** Base contact: bases within this many inches. */
export const CONTACT = 0.05;

/** Sight under BLKOUT's rules: an unblocked line, not through smoke, not through a structure. */
const clearSight = (f: SightFacts): boolean => f.hasLos && !f.smokeBlocked && f.lineThroughStructure === null;

/** Whether `viewer` may draw sight to `target` under BLKOUT's rules. */
export function canSee(s: BlkoutState, q: Queries, viewer: string, target: string): boolean {
  return clearSight(sightOf(s, q, viewer, target));
}

/**
 * Sight under BLKOUT's rule for bodies in the way: lines to an infantry target may not pass
 * completely through other infantry, so infantry bodies hide infantry; to any other target (a
 * vehicle, a Duster, a drone) sight passes through infantry.
 */
export function sightOf(s: BlkoutState, q: Queries, viewer: string, target: string): SightFacts {
  const kind = s.models[target]?.kind ?? 'infantry';
  const through: Placement['kind'][] = kind === 'infantry' ? [] : ['infantry'];
  // Targeting Smoke: the unit that laid it looks as if it were not there (during its activation).
  const unit = s.models[viewer]?.unit;
  const own =
    unit && s.activation?.unit === unit ? s.smoke.filter((t) => t.seenThroughBy === unit).map((t) => t.id) : [];
  return own.length ? q.sight(viewer, target, through, own) : q.sight(viewer, target, through);
}

/**
 * A model's Move as raised now: Stims (+2") and Blade Runner (+2") for the activating unit. Half of
 * it is the Overwatch threshold ("half the raised value"), the cost of leaning out and a juke's reach.
 */
export const raisedMove = (s: BlkoutState, m: ModelState): number =>
  moveOf(s, m) + (inEffect(s, 'blade-runner') && s.activation?.unit === m.unit ? BLADE_RUNNER_EXTRA : 0);

/** How far a model sprints: its Move, +2" for Harlow force units (force rule). */
export function sprintAllowance(s: BlkoutState, m: ModelState): number {
  const u = pieceOf(s.units, m.unit, 'unit');
  return raisedMove(s, m) + (u.faction === 'harlow' && (u.role === 'force' || u.role === 'strikeforce') ? 2 : 0);
}

/** Whether two models' bases touch. */
export const inContact = (q: Queries, a: string, b: string): boolean => q.distance(a, b) <= CONTACT;

/** Who fights whom in CQC: infantry with infantry (never drones), Dusters with Dusters; null: nobody. */
export const cqcSide = (x: ModelState): 'duster' | 'infantry' | null =>
  isDuster(x) ? 'duster' : x.kind === 'infantry' && !hasRule(x.rules, 'Drone') ? 'infantry' : null;

/**
 * The spot where `m` would touch `e` (on the line from `e` to `m`, 0.02" between the bases, standing on
 * the table there), when its route there is at most `reach`; else null. Close Assault's moves and the
 * AI's charges into CQC.
 */
export function contactSpot(q: Queries, m: ModelState, e: ModelState, reach: number): [number, number, number] | null {
  const dx = m.pos![0] - e.pos![0],
    dz = m.pos![2] - e.pos![2];
  const len = Math.hypot(dx, dz) || 1;
  const touch = radiusOf(m) + radiusOf(e) + 0.02;
  const x = Math.round((e.pos![0] + (dx / len) * touch) * 1000) / 1000,
    z = Math.round((e.pos![2] + (dz / len) * touch) * 1000) / 1000;
  const y = q.standHeight(m.baseMm, m.height, x, z, e.pos![1] + 0.25, m.id);
  return y !== null && q.routeLength(m.id, [x, y, z]) <= reach ? [x, y, z] : null;
}

/** Flat gap between two bases from the state's positions (centre distance less both radii). */
function flatGap(a: ModelState, at: readonly number[], b: ModelState): number {
  return Math.hypot(at[0]! - b.pos![0], at[2]! - b.pos![2]) - radiusOf(a) - radiusOf(b);
}

/**
 * Shield: one friendly model at a time in base contact with a Shield model. Why `m` may not stand
 * at `to` under that limit, or null.
 */
export function shieldRefusal(s: BlkoutState, m: ModelState, to: readonly number[]): Msg | null {
  const friends = Object.values(s.models).filter((f) => f.id !== m.id && f.player === m.player && onTable(f));
  const touching = (a: ModelState, at: readonly number[]) =>
    friends.filter((f) => f.id !== a.id && flatGap(a, at, f) <= CONTACT);
  for (const shield of friends) {
    if (!hasRule(shield.rules, 'Shield') || flatGap(m, to, shield) > CONTACT) continue;
    const others = touching(shield, shield.pos!).filter((f) => f.id !== m.id);
    if (others.length > 0) return msg('blkout:error.shieldTaken', { shield: shield.name, other: others[0]!.name });
  }
  if (hasRule(m.rules, 'Shield') && touching(m, to).length > 1) return msg('blkout:error.shieldOne', { name: m.name });
  return null;
}

/** Cover of `target` against `shooter`, with its reason (seen from `shooter`'s own eyes). */
function coverFrom(s: BlkoutState, q: Queries, shooter: string, target: string): CoverVerdict {
  const f = sightOf(s, q, shooter, target);
  const t = pieceOf(s.models, target);
  const v = pieceOf(s.models, shooter);
  const coverModels = Object.values(s.models)
    .filter((m) => onTable(m) && m.kind === 'vehicle' && pieceOf(s.units, m.unit, 'unit').role !== 'duster')
    .map((m) => m.id);
  const shielded =
    hasRule(t.rules, 'Shield') ||
    hasRule(t.rules, 'Boost') ||
    (t.kind === 'infantry' &&
      Object.values(s.models).some(
        (m) =>
          m.player === t.player &&
          m.id !== t.id &&
          onTable(m) &&
          hasRule(m.rules, 'Shield') &&
          inContact(q, m.id, t.id),
      ));
  return coverVerdict(f, {
    bothInfantry: t.kind === 'infantry' && v.kind === 'infantry',
    coverModels,
    blockingTerrainDistance: f.targetOnlyViaMarker ? q.blockingTerrainDistance(target) : Infinity,
    specialRuleCover: shielded,
  });
}

/** Friendly models (other than the shooter) that see the target: the spotters of an Indirect shot. */
export function spotters(s: BlkoutState, q: Queries, shooter: string, target: string): string[] {
  const m = pieceOf(s.models, shooter);
  return Object.values(s.models)
    .filter((f) => f.player === m.player && f.id !== shooter && onTable(f) && canSee(s, q, f.id, target))
    .map((f) => f.id)
    .sort();
}

const COVER_ORDER = { none: 0, partial: 1, full: 2 } as const;

/**
 * Cover of `target` against `shooter`, with its reason. A shooter that cannot see its target (an
 * Indirect shot) takes the cover from the spotter with the clearest view.
 */
export function coverOf(s: BlkoutState, q: Queries, shooter: string, target: string): CoverVerdict {
  if (canSee(s, q, shooter, target)) return coverFrom(s, q, shooter, target);
  let best: CoverVerdict | null = null;
  for (const id of spotters(s, q, shooter, target)) {
    const v = coverFrom(s, q, id, target);
    if (!best || COVER_ORDER[v.cover] < COVER_ORDER[best.cover])
      best = {
        cover: v.cover,
        reason: `seen by ${pieceOf(s.models, id).name}: ${v.reason}`,
        words: msg('blkout:cover.seenBy', { name: pieceOf(s.models, id).name, why: v.words }),
      };
  }
  return best ?? coverFrom(s, q, shooter, target);
}

/**
 * The range of a shot (or an HE marker) from `shooter` to `target`: "sight and range are measured
 * from the lean-out marker", so when the shooter sees the target only from its marker, from the
 * marker's edge; when it sees only the target's marker ("the marker is taken as the model"), to
 * that marker's edge; else (its body sees the body, or an Indirect shot) base edge to base edge.
 */
export function rangeOf(s: BlkoutState, q: Queries, shooter: string, target: string): number {
  const f = sightOf(s, q, shooter, target);
  const seen = clearSight(f);
  // Edge to edge is the same either way round: the target's marker to the shooter's base.
  const viaMarker =
    seen && f.fromViewerMarker
      ? q.markerDistance(shooter, target)
      : seen && f.targetOnlyViaMarker
        ? q.markerDistance(target, shooter)
        : null;
  return viaMarker ?? q.distance(shooter, target);
}

/** Whether a weapon reaches: the shot's range (`rangeOf`) within [min, max]. */
export function inRange(s: BlkoutState, q: Queries, shooter: string, target: string, w: Weapon): boolean {
  const d = rangeOf(s, q, shooter, target);
  return d >= w.min && d <= w.max;
}

/** Force rule (Task Force Boone): once a round, one non-AI, non-Powered infantry model of theirs may make a Data Attack (as a Data Spike). */
export function booneDataAttack(s: BlkoutState, m: ModelState): boolean {
  const u = pieceOf(s.units, m.unit, 'unit');
  if (u.faction !== 'task-force-boone' || u.role === 'blklist' || u.role === 'handler') return false;
  if (m.kind !== 'infantry' || hasRule(m.rules, 'AI') || hasRule(m.rules, 'Powered') || hasRule(m.rules, 'Data Spike'))
    return false;
  return (s.forceUsed?.[m.player] ?? 0) !== s.round;
}

/** Force rule (Manticor Borz): their models ignore the first point of damage from each Blast attack. */
export function blastShrug(s: BlkoutState, m: ModelState): number {
  const u = pieceOf(s.units, m.unit, 'unit');
  return u.faction === 'manticor-borz' && u.role !== 'blklist' ? 1 : 0;
}

/** Force rule: one more D10 in every skill check (UN Raid Force Alpha's UTG units). */
export function extraDie(s: BlkoutState, m: ModelState): boolean {
  const u = pieceOf(s.units, m.unit, 'unit');
  return (
    u.faction === 'un-raid-force-alpha' &&
    u.role !== 'blklist' &&
    (u.card === 'rfa-assaulters' || u.card === 'rfa-specialists')
  );
}

/** A skill check that is not a shot (a data attack, a Counter EWAR, a Sidewinder): the model's skill, the force rule's extra die, the special rule's one-die limit. */
export const plainCheck = (s: BlkoutState, m: ModelState): SkillCheck =>
  withSpecial(s, m, { skill: m.skill, modifier: extraDie(s, m) ? 1 : 0 });

/** Force rule: UN 3rd Battalion non-AI infantry in base contact with other infantry re-roll failed shots. */
export function buddyReroll(s: BlkoutState, q: Queries, m: ModelState): boolean {
  const u = pieceOf(s.units, m.unit, 'unit');
  if (
    u.faction !== 'un-3rd-battalion' ||
    u.role === 'blklist' ||
    u.role === 'handler' ||
    m.kind !== 'infantry' ||
    hasRule(m.rules, 'AI')
  )
    return false;
  return Object.values(s.models).some(
    (o) => o.id !== m.id && onTable(o) && o.kind === 'infantry' && inContact(q, o.id, m.id),
  );
}

/** The full situation of a shot. */
export function situation(
  s: BlkoutState,
  q: Queries,
  shooter: string,
  target: string,
  reaction: boolean,
  juked: boolean,
): ShotSituation & { verdict: CoverVerdict } {
  const m = pieceOf(s.models, shooter);
  // Targeting Array (Duster armoury): cover is ignored when it shoots infantry.
  const verdict: CoverVerdict =
    hasRule(m.rules, 'Targeting Array') && s.models[target]?.kind === 'infantry'
      ? { cover: 'none', reason: 'Targeting Array ignores cover', words: msg('blkout:cover.targetingArray') }
      : coverOf(s, q, shooter, target);
  const moved = !reaction && s.activation?.unit === m.unit && (s.activation.moved[shooter] ?? 0) > 0;
  return {
    cover: verdict.cover,
    verdict,
    distance: rangeOf(s, q, shooter, target),
    reaction,
    moved,
    juked,
    extraDie: extraDie(s, m),
    buddyReroll: buddyReroll(s, q, m),
    oneDie: oneDieShot(s, m),
  };
}

/** A model may react now: on the table, not Engaged, its unit not yet activated or it holds a Ready token; vehicles never (Dusters may). */
export function canReact(s: BlkoutState, m: ModelState): boolean {
  if (!onTable(m) || m.engaged) return false;
  const u = pieceOf(s.units, m.unit, 'unit');
  if (m.kind === 'vehicle' && u.role !== 'duster') return false;
  if (s.activation?.unit === u.id) return false;
  return !u.activated || m.ready;
}

/** Weapons a model may fire at a target now (sight, range, playable, Blast only at vehicles in reactions). */
export function weaponsAt(s: BlkoutState, q: Queries, shooter: string, target: string, meleeOnly = false): number[] {
  const m = pieceOf(s.models, shooter);
  const t = pieceOf(s.models, target);
  if (!onTable(m) || !onTable(t) || m.player === t.player) return [];
  // No weapon reaches even from the nearest of the bases and lean-out markers: no need to ask sight.
  const nearest = Math.min(
    q.distance(shooter, target),
    q.markerDistance(shooter, target) ?? Infinity,
    q.markerDistance(target, shooter) ?? Infinity,
  );
  if (m.weapons.every((w) => w.max < nearest)) return [];
  // Without its own sight, only an Indirect weapon, at a model a friend sees.
  const sees = canSee(s, q, shooter, target);
  const indirect =
    !sees && m.weapons.some((w) => hasRule(w.rules, 'Indirect')) && spotters(s, q, shooter, target).length > 0;
  if (!sees && !indirect) return [];
  const out: number[] = [];
  m.weapons.forEach((w, i) => {
    if (isSpent(m, i)) return;
    if (!sees && !hasRule(w.rules, 'Indirect')) return;
    // "Low Tech 유닛은 대상으로 삼을 수 없다": an Indirect weapon never targets Low Tech, seen or not.
    if (hasRule(w.rules, 'Indirect') && hasRule(t.rules, 'Low Tech')) return;
    if (meleeOnly && !hasRule(w.rules, 'Melee')) return;
    if (hasRule(w.rules, 'EMP') && !hasRule(t.rules, 'AI')) return;
    // Blast shoots vehicles and Dusters directly (AP); infantry (drones too) only through an HE marker.
    if (hasRule(w.rules, 'Blast') && t.kind !== 'vehicle') return;
    if (inRange(s, q, shooter, target, w)) out.push(i);
  });
  return out;
}

/** Dice a shot would roll now (AI and verdict panels). */
export function diceFor(
  s: BlkoutState,
  q: Queries,
  shooter: string,
  weapon: number,
  target: string,
  reaction: boolean,
): number {
  const m = pieceOf(s.models, shooter);
  return shotDice(m, m.weapons[weapon]!, situation(s, q, shooter, target, reaction, false));
}

/** The table verdict for any two models (the `geo los --rules blkout` output): sight, cover and the dice a shot rolls. */
export function tableVerdict(
  q: Queries,
  viewer: string,
  target: string,
  kinds: Record<string, 'infantry' | 'vehicle' | 'drone' | string>,
): { cover: 'none' | 'partial' | 'full'; los: boolean; dice: number; reason: string } {
  const f = q.sight(viewer, target, (kinds[target] ?? 'infantry') === 'infantry' ? [] : ['infantry']);
  const los = clearSight(f);
  const v = coverVerdict(f, {
    bothInfantry: (kinds[viewer] ?? 'infantry') === 'infantry' && (kinds[target] ?? 'infantry') === 'infantry',
    coverModels: Object.keys(kinds).filter((id) => kinds[id] === 'vehicle'),
    blockingTerrainDistance: f.targetOnlyViaMarker ? q.blockingTerrainDistance(target) : Infinity,
    specialRuleCover: false,
  });
  return {
    cover: v.cover,
    los,
    dice: los ? 2 + coverDice(v.cover, false) : 0,
    reason: los
      ? v.reason
      : f.smokeBlocked
        ? 'smoke blocks the line'
        : f.lineThroughStructure
          ? `the line passes through ${f.lineThroughStructure}`
          : 'no line of sight',
  };
}
