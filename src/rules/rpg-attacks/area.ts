/**
 * Area effects and grenades (rpg-attacks.en.txt, "Area Effects" and "Grenades"). Pure functions over
 * plain inputs; every die comes from a DiceSource.
 *
 * Scale and geometry: 1 metre = 1 inch on the table; positions are [x, y, z] inches with y up; a
 * heading is in degrees from +x towards +z. Throw distances and deviations are measured flat (x, z);
 * the grenade keeps the aimed spot's height.
 *
 * Readings where the chapter is silent (also in the ruleset README):
 * - Deviation direction: one d12 of the engine's dice, heading = (d12 x 30) mod 360 degrees (a 12 is
 *   +x). The d12 is rolled only when the grenade actually moves (a deviation above 0).
 * - Deviation distance: the margin of failure in metres, capped at half the flat thrower-to-aim
 *   distance. A critical failure (a kept natural 1) whose total still reaches 10 has margin 0 and so
 *   lands on the spot (the text ties the distance to the margin and to nothing else).
 * - Blast areas are measured from the landing spot to the nearest point of a target's base (a flat
 *   disc of `baseRadius` at `pos`), in 3D: "within" is inclusive, so exactly 1 m is primary and exactly
 *   3 m is secondary.
 * - Damage per target: base + (total - TN), not below 0; the secondary area halves it, then cover
 *   halves it, each rounding down; armour (default 0) is subtracted last, not below 0. Any cover
 *   (moderate or heavy) between the blast and the target halves once: "Having cover halves damage".
 * - Dodge: a Defense-12 test is d20 + the target's Defense stat (the score behind its Defense total,
 *   without this round's modifiers) against TN 12, with any boons and banes the caller gives (wounds).
 *   It costs 1 AP; it needs an AP and a target able to react. On a success, in this order: if moving
 *   1 m straight away from the blast centre (flat; +x when it stands on the centre) takes its base out
 *   of every area, it moves and takes nothing; else if cover is available and it has none, it dives
 *   for cover in place (same area, cover halves: the László example); else it moves 1 m away and the
 *   area is measured again (primary may become secondary). A failed Dodge still spends the AP.
 */
import type { DiceSource } from '../dice/source';
import { EVEN, rollTest, type Edge, type TestResult } from './d20';

/** A point on or above the table: [x, y, z] inches (= metres), y up. */
export type Vec3 = readonly [number, number, number];

/** Cover between an effect and a target. */
export const COVERS = ['none', 'moderate', 'heavy'] as const;
export type Cover = (typeof COVERS)[number];

/**
 * How much a level of cover or concealment weighs: none 0, moderate 1, heavy 2 (its banes on an attack, "⊖
 * or ⊖⊖"; what it adds to a suppressive-fire d10, "+1 or +2"); also its rank, heavier later.
 */
export const coverWeight = (c: Cover): number => COVERS.indexOf(c);

/** Measurements within this of a threshold count as on it (float noise from trigonometry). */
export const EPS = 1e-9;

/** "Deploying a grenade ... calls for a Projectiles-10 test". */
export const GRENADE_TN = 10;
/** "Thrown grenades are treated as requiring Strength 3": below it, a bane (Strength Requirements). */
export const THROWN_STRENGTH = 3;
/** "make a Defense-12 test". */
export const DODGE_TN = 12;
/** "she moves a meter away". */
export const DODGE_METRES = 1;

/** A blast's radii in metres: primary (full damage) and secondary (half damage). */
export interface Blast {
  primary: number;
  secondary: number;
}

/** "grenades are treated as having Blast 1/3". */
export const BLAST_1_3: Blast = { primary: 1, secondary: 3 };

/** Which area of a blast a target is caught in. */
export type Area = 'primary' | 'secondary';

/** Flat (x, z) distance between two points. */
export const flatDistance = (a: Vec3, b: Vec3): number => Math.hypot(b[0] - a[0], b[2] - a[2]);

/** `p` moved `metres` flat along a heading (degrees from +x towards +z). */
export function offset(p: Vec3, headingDeg: number, metres: number): Vec3 {
  const r = (headingDeg * Math.PI) / 180;
  return [p[0] + metres * Math.cos(r), p[1], p[2] + metres * Math.sin(r)];
}

/** The deviation heading a d12 gives: d12 x 30 degrees, a 12 read as 0 (+x). */
export const headingFromD12 = (d12: number): number => (d12 * 30) % 360;

/** Metres a failed throw deviates: its margin, capped at half the target distance. */
export const deviationMetres = (margin: number, targetDistance: number): number =>
  Math.max(0, Math.min(margin, targetDistance / 2));

/** A grenade throw (or launch) at a spot. */
export interface GrenadeThrow {
  from: Vec3;
  aim: Vec3;
  /** The Projectiles skill added to the d20. */
  projectiles: number;
  /** Banes for range, as the caller's range table gives them. */
  rangeBanes: number;
  /** Thrown by hand (checks Strength 3) rather than launched. */
  thrown: boolean;
  /** The thrower's Strength; only read when `thrown`. */
  strength: number;
  /** Other boons and banes (wounds, concealment the caller applies). */
  edge?: Edge;
}

/** A resolved throw: the test, where it landed and why. */
export interface GrenadeResult {
  test: TestResult;
  /** The edge rolled with: the caller's, plus range banes, plus the Strength bane. */
  edge: Edge;
  strengthBane: boolean;
  /** Flat thrower-to-aim distance. */
  targetDistance: number;
  /** Metres the grenade deviated (0 on a success). */
  deviation: number;
  /** The d12 rolled for the direction, null when none was rolled. */
  directionDie: number | null;
  headingDeg: number | null;
  landing: Vec3;
}

/** The edge a throw is rolled with. */
export function grenadeEdge(t: GrenadeThrow): { edge: Edge; strengthBane: boolean } {
  const base = t.edge ?? EVEN;
  const strengthBane = t.thrown && t.strength < THROWN_STRENGTH;
  return {
    edge: { boons: base.boons, banes: base.banes + t.rangeBanes + (strengthBane ? 1 : 0) },
    strengthBane,
  };
}

/** Rolls a Projectiles-10 test; a failure deviates by its margin (capped) in a d12 direction. */
export function throwGrenade(dice: DiceSource, t: GrenadeThrow): GrenadeResult {
  const { edge, strengthBane } = grenadeEdge(t);
  const test = rollTest(dice, t.projectiles, GRENADE_TN, edge);
  const targetDistance = flatDistance(t.from, t.aim);
  const deviation = test.success ? 0 : deviationMetres(test.margin, targetDistance);
  if (deviation <= 0)
    return {
      test,
      edge,
      strengthBane,
      targetDistance,
      deviation: 0,
      directionDie: null,
      headingDeg: null,
      landing: t.aim,
    };
  const directionDie = dice.d(12);
  const headingDeg = headingFromD12(directionDie);
  return {
    test,
    edge,
    strengthBane,
    targetDistance,
    deviation,
    directionDie,
    headingDeg,
    landing: offset(t.aim, headingDeg, deviation),
  };
}

/** 3D distance from a point to the nearest point of a flat round base (centre `pos`, radius). */
export function baseEdgeDistance(centre: Vec3, pos: Vec3, baseRadius = 0): number {
  const flat = Math.max(0, flatDistance(centre, pos) - baseRadius);
  return Math.hypot(flat, pos[1] - centre[1]);
}

/** The area a base is caught in, or null when it is outside both. */
export function areaOf(centre: Vec3, pos: Vec3, baseRadius = 0, blast: Blast = BLAST_1_3): Area | null {
  const d = baseEdgeDistance(centre, pos, baseRadius);
  if (d <= blast.primary + EPS) return 'primary';
  if (d <= blast.secondary + EPS) return 'secondary';
  return null;
}

/**
 * Damage to one target: base + (total - TN) not below 0, halved (down) in the secondary area, halved
 * (down) again in cover, then minus armour, not below 0.
 */
export function areaDamage(total: number, tn: number, baseDamage: number, area: Area, inCover: boolean, armour = 0) {
  let dmg = Math.max(0, baseDamage + total - tn);
  if (area === 'secondary') dmg = Math.floor(dmg / 2);
  if (inCover) dmg = Math.floor(dmg / 2);
  return Math.max(0, dmg - armour);
}

/** A target's wish to Dodge, with what the test needs. */
export interface DodgeIntent {
  /** The Defense stat added to the d20 of the Defense-12 test. */
  defense: number;
  edge?: Edge;
  /** Cover within a metre it could dive behind. */
  coverAvailable: boolean;
  /** Where that cover is (the spot it dives to); absent: it dives for cover where it stands. */
  coverSpot?: Vec3;
}

/** Someone who may be caught in an area. */
export interface AreaTarget {
  id: string;
  pos: Vec3;
  /** Metres; 0 (default) measures to the centre point. */
  baseRadius?: number;
  /** The TN the effect is compared to: Defense (or Willpower) total this round. */
  defense: number;
  /** Cover between the blast centre and the target. */
  cover: Cover;
  armour?: number;
  /** Action points left (default 0: cannot Dodge). */
  ap?: number;
  /** False when it may not take reactions (grappled). Default true. */
  canReact?: boolean;
  /** Present when it will Dodge if caught and able. */
  dodge?: DodgeIntent;
}

/** How a successful Dodge ended, or 'failed'. */
export type DodgeOutcome = 'left' | 'dived' | 'moved' | 'failed';

export interface DodgeResult {
  test: TestResult;
  outcome: DodgeOutcome;
  /** Where the target stands after it. */
  pos: Vec3;
}

/** What an area effect did to one target first caught in it. */
export interface AreaHit {
  id: string;
  /** The area it was caught in before any Dodge. */
  caughtIn: Area;
  /** The area it ends in (null: dodged out). */
  area: Area | null;
  inCover: boolean;
  dodge: DodgeResult | null;
  apSpent: number;
  damage: number;
}

/** An area effect going off. */
export interface AreaEffect {
  centre: Vec3;
  /** The total of the test that invoked the effect (the throw). */
  total: number;
  baseDamage: number;
  blast?: Blast;
}

/** True when this target may Dodge now. */
export const canDodge = (t: AreaTarget): boolean => !!t.dodge && (t.ap ?? 0) >= 1 && t.canReact !== false;

/** Heading from the centre to `pos` (flat); +x when it stands on the centre. */
function awayHeading(centre: Vec3, pos: Vec3): number {
  const dx = pos[0] - centre[0];
  const dz = pos[2] - centre[2];
  return Math.hypot(dx, dz) <= EPS ? 0 : (Math.atan2(dz, dx) * 180) / Math.PI;
}

/**
 * Resolves an area effect: who is caught, their Dodges (in the order given, each rolling one test),
 * and the damage each takes. Targets outside both areas are left out of the result.
 */
export function resolveArea(dice: DiceSource, effect: AreaEffect, targets: readonly AreaTarget[]): AreaHit[] {
  const blast = effect.blast ?? BLAST_1_3;
  const hits: AreaHit[] = [];
  for (const t of targets) {
    const r = t.baseRadius ?? 0;
    const caughtIn = areaOf(effect.centre, t.pos, r, blast);
    if (!caughtIn) continue;
    let area: Area | null = caughtIn;
    let inCover = t.cover !== 'none';
    let dodge: DodgeResult | null = null;
    if (canDodge(t) && t.dodge) {
      const test = rollTest(dice, t.dodge.defense, DODGE_TN, t.dodge.edge ?? EVEN);
      let outcome: DodgeOutcome = 'failed';
      let pos = t.pos;
      if (test.success) {
        const moved = offset(t.pos, awayHeading(effect.centre, t.pos), DODGE_METRES);
        const after = areaOf(effect.centre, moved, r, blast);
        if (!after) [outcome, pos, area] = ['left', moved, null];
        else if (t.dodge.coverAvailable && !inCover) {
          pos = t.dodge.coverSpot ?? t.pos;
          [outcome, inCover, area] = ['dived', true, areaOf(effect.centre, pos, r, blast)];
        } else [outcome, pos, area] = ['moved', moved, after];
      }
      dodge = { test, outcome, pos };
    }
    const damage = area ? areaDamage(effect.total, t.defense, effect.baseDamage, area, inCover, t.armour ?? 0) : 0;
    hits.push({ id: t.id, caughtIn, area, inCover, dodge, apSpent: dodge ? 1 : 0, damage });
  }
  return hits;
}
