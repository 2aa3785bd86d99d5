/**
 * Suppressive fire (rpg-attacks.en.txt, "Suppressive Fire"): a weapon with Auto fires its full Auto
 * rating into a 20° cone from the shooter; until the shooter's next turn, anyone entering the cone must
 * first pass a Det-12 test, and anyone entering or beginning its turn in it rolls 1d10 (+1 moderate,
 * +2 heavy cover) and is hit on a result of at most the Auto rating, the die being the margin.
 *
 * Readings where the chapter is silent (also in the ruleset README):
 * - The cone lies on the table plane (x, z; heights ignored), 10° either side of the chosen heading,
 *   from the shooter's position out to the weapon's longest range (a shot reaches no further). A base
 *   is in it when any part of it is: the flat distance from the base centre to the cone (a sector) is
 *   at most the base radius.
 * - Det-12 test: d20 + Det (Determination) against TN 12, with the caller's boons and banes. On a
 *   failure the mover does not enter: its move stops at the last point of its path outside the cone and
 *   the rest of the move is lost; no d10 is rolled. On a success it enters and rolls the d10 at once.
 * - Only entering from outside triggers (a path that starts inside the cone, and moves within it, does
 *   not); one call resolves the path's first entry. Those inside when the fire is declared roll when
 *   they begin their turn. Anyone but the shooter counts, friend or foe.
 * - The hit: the die (not the cover-raised result) is the margin; damage = weapon damage + die - armour,
 *   not below 0. The cover is the caller's cover between the shooter and the character.
 * - The zone ends when the shooter's next turn begins (`expireZones` before anyone rolls).
 */
import type { DiceSource } from '../dice/source';
import { msg, type Msg } from '../engine/message';
import { EVEN, rollTest, type Edge, type TestResult } from './d20';
import { coverWeight, EPS, type Cover, type Vec3 } from './area';

/** "choose a 20° cone": 10° either side of the heading. */
export const CONE_HALF_DEG = 10;
/** "must first succeed at a Det-12 test". */
export const DET_TN = 12;
/** "+1 or +2 for moderate or heavy cover". */
export const COVER_BONUS = coverWeight;
/** Step when walking a path to find where it first touches the cone, before bisecting. */
export const PATH_STEP = 0.05;

/** The weapon firing: its Auto rating, damage and longest range (metres). */
export interface AutoWeapon {
  auto: number;
  damage: number;
  longestRange: number;
}

/** A cone under suppressive fire until its shooter's next turn. Plain JSON. */
export interface SuppressionZone {
  shooterId: string;
  origin: Vec3;
  directionDeg: number;
  range: number;
  auto: number;
  damage: number;
}

/** Why suppressive fire cannot be declared. */
export const SUPPRESSION_ERRORS = ['no-auto', 'not-enough-rounds'] as const;
export type SuppressionErrorCode = (typeof SUPPRESSION_ERRORS)[number];

export type Declared =
  | { ok: true; zone: SuppressionZone; roundsSpent: number; roundsLeft: number }
  | { ok: false; code: SuppressionErrorCode; message: Msg };

/** Declares suppressive fire: needs Auto and at least Auto rounds loaded; spends exactly Auto rounds. */
export function declareSuppression(
  shooterId: string,
  origin: Vec3,
  directionDeg: number,
  weapon: AutoWeapon,
  rounds: number,
): Declared {
  if (!(weapon.auto >= 1)) return { ok: false, code: 'no-auto', message: msg('rpg-attacks:error.suppressNoAuto') };
  if (rounds < weapon.auto)
    return {
      ok: false,
      code: 'not-enough-rounds',
      message: msg('rpg-attacks:error.suppressRounds', { auto: weapon.auto, rounds }),
    };
  const zone = {
    shooterId,
    origin,
    directionDeg,
    range: weapon.longestRange,
    auto: weapon.auto,
    damage: weapon.damage,
  };
  return { ok: true, zone, roundsSpent: weapon.auto, roundsLeft: rounds - weapon.auto };
}

/** Smallest angle between two headings, 0..180 degrees. */
function angleBetween(a: number, b: number): number {
  const d = (((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/** Flat distance from point (px, pz) to the segment from (0,0) to (ex, ez). */
function toSegment(px: number, pz: number, ex: number, ez: number): number {
  const len2 = ex * ex + ez * ez;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * ex + pz * ez) / len2));
  return Math.hypot(px - t * ex, pz - t * ez);
}

/** Flat distance from a point to the cone (0 inside): a sector of ±10° about the heading, out to `range`. */
export function distanceToCone(origin: Vec3, directionDeg: number, point: Vec3, range = Infinity): number {
  const px = point[0] - origin[0];
  const pz = point[2] - origin[2];
  const d = Math.hypot(px, pz);
  if (d <= EPS) return 0;
  const heading = (Math.atan2(pz, px) * 180) / Math.PI;
  if (angleBetween(heading, directionDeg) <= CONE_HALF_DEG + EPS) return Math.max(0, d - range);
  const reach = Number.isFinite(range) ? range : d + 1;
  let best = Infinity;
  for (const side of [-CONE_HALF_DEG, CONE_HALF_DEG]) {
    const r = ((directionDeg + side) * Math.PI) / 180;
    best = Math.min(best, toSegment(px, pz, reach * Math.cos(r), reach * Math.sin(r)));
  }
  return best;
}

/** True when any part of a round base (centre `point`, `radius`) lies in the cone. */
export const inCone = (origin: Vec3, directionDeg: number, point: Vec3, radius = 0, range = Infinity): boolean =>
  distanceToCone(origin, directionDeg, point, range) <= radius + EPS;

/** True when a base is in a zone's cone. */
export const inZone = (zone: SuppressionZone, pos: Vec3, radius = 0): boolean =>
  inCone(zone.origin, zone.directionDeg, pos, radius, zone.range);

/** The d10 against the Auto rating. */
export interface SuppressionHit {
  die: number;
  /** The die plus the cover bonus. */
  result: number;
  hit: boolean;
  /** The die value on a hit, else 0. */
  margin: number;
  /** Weapon damage + die - armour (not below 0) on a hit, else 0. */
  damage: number;
}

/** Judges a d10: hit when die + cover bonus is at most Auto; the die is the margin. */
export function judgeSuppression(die: number, auto: number, cover: Cover, weaponDamage: number, armour = 0) {
  const result = die + COVER_BONUS(cover);
  const hit = result <= auto;
  const margin = hit ? die : 0;
  const damage = hit ? Math.max(0, weaponDamage + die - armour) : 0;
  return { die, result, hit, margin, damage } satisfies SuppressionHit;
}

/** Rolls the d10 for one character in a zone. */
export const rollSuppression = (dice: DiceSource, zone: SuppressionZone, cover: Cover, armour = 0): SuppressionHit =>
  judgeSuppression(dice.d(10), zone.auto, cover, zone.damage, armour);

/** Zones still standing when `actorId` begins its turn: its own end. */
export const expireZones = (zones: readonly SuppressionZone[], actorId: string): SuppressionZone[] =>
  zones.filter((z) => z.shooterId !== actorId);

/** Where a path first enters a zone: the leg, the first point inside and the last point outside. */
export interface Entry {
  leg: number;
  inside: Vec3;
  stopAt: Vec3;
}

const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/**
 * The first point where a base moving along `path` passes from outside the cone into it, or null.
 * Walks each leg in steps of at most PATH_STEP, then bisects the crossing to 1e-6 of the leg. `open`
 * says where the shooter has a line of fire to the base: the cone stops at what blocks it, so a point
 * inside the cone's sector that the shooter cannot reach is outside the zone.
 */
export function firstEntry(
  zone: SuppressionZone,
  path: readonly Vec3[],
  radius = 0,
  open: (at: Vec3) => boolean = () => true,
): Entry | null {
  const first = path[0];
  if (!first) return null;
  const inZone = (z: SuppressionZone, p: Vec3, r: number) => inCone(z.origin, z.directionDeg, p, r, z.range) && open(p);
  let wasInside = inZone(zone, first, radius);
  for (let leg = 0; leg + 1 < path.length; leg++) {
    const a = path[leg]!;
    const b = path[leg + 1]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[2] - a[2]) / PATH_STEP));
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      const inside = inZone(zone, lerp(a, b, t), radius);
      if (inside && !wasInside) {
        let lo = (i - 1) / steps;
        let hi = t;
        while (hi - lo > 1e-6) {
          const mid = (lo + hi) / 2;
          if (inZone(zone, lerp(a, b, mid), radius)) hi = mid;
          else lo = mid;
        }
        return { leg, inside: lerp(a, b, hi), stopAt: lerp(a, b, lo) };
      }
      wasInside = inside;
    }
  }
  return null;
}

/** Someone moving, as the zone sees it. */
export interface Mover {
  id: string;
  /** The planned move: its start, then each turning point. */
  path: readonly Vec3[];
  radius?: number;
  /** Determination, added to the d20 of the Det-12 test. */
  det: number;
  detEdge?: Edge;
  /** Cover against the shooter where it enters. */
  cover: Cover;
  armour?: number;
}

/** What the zone did to a move. */
export type EntryResult =
  | { kind: 'clear' }
  | { kind: 'held'; det: TestResult; stopAt: Vec3 }
  | { kind: 'entered'; det: TestResult; at: Vec3; hit: SuppressionHit };

/**
 * A move meeting a zone: no entry (or the shooter itself) is clear; else a Det-12 test, failed: the
 * move stops at the cone's edge; passed: it enters and rolls the d10 (the caller goes on with the move).
 * `open`: where the shooter has a line of fire to the mover (the zone ends at what blocks it).
 */
export function enterZone(
  dice: DiceSource,
  zone: SuppressionZone,
  mover: Mover,
  open?: (at: Vec3) => boolean,
): EntryResult {
  if (mover.id === zone.shooterId) return { kind: 'clear' };
  const entry = firstEntry(zone, mover.path, mover.radius ?? 0, open);
  if (!entry) return { kind: 'clear' };
  const det = rollTest(dice, mover.det, DET_TN, mover.detEdge ?? EVEN);
  if (!det.success) return { kind: 'held', det, stopAt: entry.stopAt };
  return { kind: 'entered', det, at: entry.inside, hit: rollSuppression(dice, zone, mover.cover, mover.armour ?? 0) };
}

/** Someone beginning its turn. */
export interface Stander {
  id: string;
  pos: Vec3;
  radius?: number;
  cover: Cover;
  armour?: number;
}

/** A character beginning its turn in a zone rolls the d10; null when it is outside (or the shooter). */
export function beginTurnInZone(dice: DiceSource, zone: SuppressionZone, c: Stander): SuppressionHit | null {
  if (c.id === zone.shooterId || !inZone(zone, c.pos, c.radius ?? 0)) return null;
  return rollSuppression(dice, zone, c.cover, c.armour ?? 0);
}
