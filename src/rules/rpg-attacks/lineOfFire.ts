/**
 * Line of fire (rpg-attacks.en.txt, "Line of Fire"): a ranged attack that is a critical failure hits
 * the next nearest character in the line of fire; so does any miss with an odd result when firing into
 * a melee engagement, and any miss when firing into a grapple. A character aware of the attack may take
 * the Dodge reaction to avoid it automatically.
 *
 * Readings where the chapter is silent (also in the ruleset README):
 * - "At the GM's discretion" becomes an option (`enabled`, default on).
 * - "Result" is the attack total (the chapter calls the throw's total "the result of his throw"): an
 *   odd total. A critical failure triggers whatever it is fired into.
 * - The caller measures, for each character near the line from the shooter through the target and on
 *   past it: `along`, the distance along the line from the shooter, and `off`, the shortest distance
 *   from the line to its base (0 when the line crosses the base). In the line of fire: 0 < along <= the
 *   weapon's longest range and off <= 0.5 m; the shooter and the intended target are never in it.
 * - Firing into a melee engagement or a grapple, the target's other participants count as in the line
 *   of fire whatever their `off` (they are tangled up with the target).
 * - "Next nearest": the smallest `along`; ties go to the smaller `off`, then the id (no die).
 * - Aware: the caller's fact that the character can see the shooter when it fires. The Dodge needs a
 *   reaction (1 AP, as the grenade Dodge; not while unable to react) and the character's choice; it
 *   avoids the hit with no test and the stray shot is spent (it goes to no one else).
 * - A stray hit deals the weapon's damage with margin 0, minus armour (not below 0), and is never a
 *   critical hit.
 */
import type { TestResult } from './d20';

/** "within 0.5 m of the line" of fire. */
export const CORRIDOR = 0.5;

/** What the shot was fired into. */
export const FIRED_INTO = ['open', 'melee', 'grapple'] as const;
export type FiredInto = (typeof FIRED_INTO)[number];

/** True when a missed ranged attack goes on to hit someone else in the line of fire. */
export function strays(test: TestResult, into: FiredInto): boolean {
  if (test.success) return false;
  if (test.criticalFailure) return true;
  if (into === 'grapple') return true;
  return into === 'melee' && Math.abs(test.total) % 2 === 1;
}

/** A character the caller found near the line of fire. */
export interface LineCandidate {
  id: string;
  /** Metres along the line from the shooter. */
  along: number;
  /** Metres from the line to its base. */
  off: number;
  /** Another participant of the engagement or grapple the target is in. */
  engaged?: boolean;
  /** It can see the shooter. */
  aware: boolean;
  /** Action points left (default 0). */
  ap?: number;
  /** False while it may not take reactions (grappled). Default true. */
  canReact?: boolean;
  /** It will Dodge if it may. */
  dodge?: boolean;
  armour?: number;
}

/** The shot and where the line runs. */
export interface LineOfFire {
  shooterId: string;
  targetId: string;
  into: FiredInto;
  weaponDamage: number;
  /** The weapon's longest range (default unlimited). */
  longestRange?: number;
  corridor?: number;
  /** The GM's discretion; default true. */
  enabled?: boolean;
}

/** True when a candidate is in the line of fire of this shot. */
export function inLine(c: LineCandidate, shot: LineOfFire): boolean {
  if (c.id === shot.shooterId || c.id === shot.targetId) return false;
  if (!(c.along > 0) || c.along > (shot.longestRange ?? Infinity)) return false;
  return c.off <= (shot.corridor ?? CORRIDOR) || (shot.into !== 'open' && c.engaged === true);
}

/** The next nearest character in the line of fire, or null. */
export function nextInLine(candidates: readonly LineCandidate[], shot: LineOfFire): LineCandidate | null {
  const inside = candidates.filter((c) => inLine(c, shot));
  inside.sort((a, b) => a.along - b.along || a.off - b.off || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return inside[0] ?? null;
}

/** True when a character may Dodge a stray shot: aware, willing, able to react, with an AP. */
export const canDodgeStray = (c: LineCandidate): boolean =>
  c.aware && c.dodge === true && c.canReact !== false && (c.ap ?? 0) >= 1;

/** What became of a missed shot. */
export interface StrayResult {
  strays: boolean;
  /** Who the stray shot came to (null: it strays to no one, or does not stray). */
  victimId: string | null;
  dodged: boolean;
  apSpent: number;
  /** Damage dealt to the victim (0 when dodged). */
  damage: number;
}

/** Resolves a missed (or not) ranged attack against the line of fire. Rolls no dice. */
export function resolveStray(test: TestResult, shot: LineOfFire, candidates: readonly LineCandidate[]): StrayResult {
  const none = { victimId: null, dodged: false, apSpent: 0, damage: 0 };
  if (shot.enabled === false || !strays(test, shot.into)) return { strays: false, ...none };
  const victim = nextInLine(candidates, shot);
  if (!victim) return { strays: true, ...none };
  if (canDodgeStray(victim)) return { strays: true, victimId: victim.id, dodged: true, apSpent: 1, damage: 0 };
  const damage = Math.max(0, shot.weaponDamage - (victim.armour ?? 0));
  return { strays: true, victimId: victim.id, dodged: false, apSpent: 0, damage };
}
