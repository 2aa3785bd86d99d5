/**
 * Firing (five-parsecs.en.txt, "Firing"): the base number to hit by distance and cover, the weapon
 * traits that move the roll (Heavy, Snap Shot), and one shot's roll with the Seize the Initiative
 * natural-6 rule, Aimed re-rolls of a 1 and Critical's second Hit. Distances and cover come from the
 * table layer; these functions only turn them into numbers and dice.
 */
import type { DiceSource } from '../dice/source';
import type { WeaponTrait } from './data';
import { msg, type Msg } from '../engine/message';
import { inch1, inch2 } from './say';

/** "Open target within 6"": the distance inside which an open target is hit on 3+. */
export const CLOSE_RANGE = 6;

/** Why a shot needs the number it does, for the shot button's words. */
export type HitReason = 'open-close' | 'open-range' | 'covered-close' | 'covered-range';

/** A base number to hit and why; null when the target is out of range. */
export interface HitTarget {
  target: 3 | 5 | 6;
  reason: HitReason;
}

/**
 * The base to-hit number ("To Hit, roll 1D6+Combat Skill"): an open target within 6" 3+, an open
 * target within range 5+, a covered target within range 6+. The text's three lines have none for a
 * covered target within 6"; the book they summarise reads "in the open at range, or in cover within
 * 6": 5+", so a covered target within 6" is 5+. Out of the weapon's range: null. "Within" includes the
 * distance itself.
 */
export function toHitTarget(distance: number, range: number, cover: boolean): HitTarget | null {
  if (distance > range) return null;
  if (cover)
    return distance <= CLOSE_RANGE ? { target: 5, reason: 'covered-close' } : { target: 6, reason: 'covered-range' };
  if (distance <= CLOSE_RANGE) return { target: 3, reason: 'open-close' };
  return { target: 5, reason: 'open-range' };
}

/** Why a shot needs its base number, in words ("covered target within 6\""). */
export function hitReasonWords(reason: HitReason): Msg {
  switch (reason) {
    case 'open-close':
      return msg('fiveparsecs:hit.openClose', { close: inch2(CLOSE_RANGE) });
    case 'open-range':
      return msg('fiveparsecs:hit.openRange');
    case 'covered-close':
      return msg('fiveparsecs:hit.coveredClose', { close: inch2(CLOSE_RANGE) });
    case 'covered-range':
      return msg('fiveparsecs:hit.coveredRange');
  }
}

/** The reason in the words of the shot button ("5+: open target in range (9.0")"). */
export function hitTargetWords(t: HitTarget, distance: number): Msg {
  const why = hitReasonWords(t.reason);
  return msg('fiveparsecs:hit.need', { target: t.target, why, distance: inch1(distance) });
}

/**
 * What a weapon's traits add to the to-hit roll (README "Traits"): Heavy -1 when the firer moved
 * this round, Snap Shot +1 against a target within 6".
 */
export function traitHitModifier(traits: readonly WeaponTrait[], moved: boolean, distance: number): number {
  let m = 0;
  if (traits.includes('heavy') && moved) m -= 1;
  if (traits.includes('snap-shot') && distance <= CLOSE_RANGE) m += 1;
  return m;
}

/** One shot's circumstances. */
export interface ShotRoll {
  /** The firer's Combat Skill. */
  skill: number;
  /** The base number (toHitTarget). */
  target: number;
  /** Trait and other modifiers to the roll (traitHitModifier). */
  modifier?: number;
  /** A shot before round 1 after Seizing the Initiative: "Any shots taken only Hit on a natural 6". */
  seize?: boolean;
  /** An Aimed shot: a first die of 1 is rolled again, and the second die stands. */
  aimed?: boolean;
  /** The weapon is Critical: a natural 6 that hits is two Hits. */
  critical?: boolean;
}

/** A shot's outcome: the dice (two when an Aimed 1 was re-rolled), the die that counts, the total and Hits scored. */
export interface ShotResult {
  rolls: number[];
  face: number;
  total: number;
  hits: number;
}

/** Whether a die hits: 1D6 + Combat Skill + modifiers at or above the target, or only a natural 6 when seizing. */
export function shotHits(face: number, t: ShotRoll): boolean {
  if (t.seize) return face === 6;
  return face + t.skill + (t.modifier ?? 0) >= t.target;
}

/** The chance one die of a shot hits (an Aimed shot's 1 rolled again when a 1 misses). */
export function shotChance(t: ShotRoll): number {
  const p = [1, 2, 3, 4, 5, 6].filter((face) => shotHits(face, t)).length / 6;
  return t.aimed && !shotHits(1, t) ? p + p / 6 : p;
}

/** Rolls one shot (an Aimed shot re-rolls a 1 once). */
export function rollShot(dice: DiceSource, t: ShotRoll): ShotResult {
  const rolls = [dice.d(6)];
  if (t.aimed && rolls[0] === 1) rolls.push(dice.d(6));
  const face = rolls[rolls.length - 1]!;
  const hit = shotHits(face, t);
  return {
    rolls,
    face,
    total: face + t.skill + (t.modifier ?? 0),
    hits: !hit ? 0 : t.critical && face === 6 ? 2 : 1,
  };
}

/** Rolls a weapon's shots at one target, one die each (the weapon's Shots). */
export function rollShots(dice: DiceSource, shots: number, t: ShotRoll): ShotResult[] {
  return Array.from({ length: shots }, () => rollShot(dice, t));
}
