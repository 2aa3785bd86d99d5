/**
 * Wounds, armour and damage (skirmish-ru.ru.txt, "Ранение", "Броня", "Гибель персонажа"). The text
 * points at a wound table it does not print ("сверьтесь с таблицей:"); the shared README's reading is
 * used: weapon Strength S against target Toughness T, d6 at least S >= 2T 2+, S > T 3+, S = T 4+,
 * S < T 5+, S <= T/2 6+. Armour: "бросьте кубик и сравните его с показателем брони – при успехе рана
 * полностью игнорируется", read as d6 <= Armour - AP ("бронебойность ... вычитается из значения брони").
 * Damage removes wounds; at 0 the fighter is seriously wounded and down ("тяжело ранен и падает без
 * сознания"); damage beyond the wounds left is counted too, and once that excess exceeds Toughness the
 * fighter dies ("Когда эти повреждения превышают его стойкость – персонаж погибает").
 */
import type { DiceSource } from '../dice/source';
import { passes } from './tests';

/** The d6 a wound needs (2..6): S against T on the README's table. */
export function woundNeeds(strength: number, toughness: number): 2 | 3 | 4 | 5 | 6 {
  if (strength >= 2 * toughness) return 2;
  if (2 * strength <= toughness) return 6;
  if (strength > toughness) return 3;
  if (strength === toughness) return 4;
  return 5;
}

/** One wound roll. */
export interface WoundRoll {
  roll: number;
  needs: number;
  wounded: boolean;
}

/** Rolls to wound: d6 at least `woundNeeds(S, T)`. */
export function rollWound(dice: DiceSource, strength: number, toughness: number): WoundRoll {
  const needs = woundNeeds(strength, toughness);
  const roll = dice.d(6);
  return { roll, needs, wounded: roll >= needs };
}

/** The number an armour save must not exceed: Armour minus AP. */
export const saveTarget = (armour: number, ap: number): number => armour - ap;

/** One armour save. */
export interface SaveRoll {
  roll: number;
  target: number;
  saved: boolean;
}

/**
 * Rolls an armour save, d6 <= Armour - AP; null, with no die rolled, when Armour - AP is 0 or less
 * (no armour left to roll: reading, so a fighter without armour spends no die).
 */
export function rollSave(dice: DiceSource, armour: number, ap: number): SaveRoll | null {
  const target = saveTarget(armour, ap);
  if (target <= 0) return null;
  const roll = dice.d(6);
  return { roll, target, saved: passes(roll, target) };
}

/** Where a fighter stands on the wound track. */
export type Condition = 'active' | 'seriously-wounded' | 'dead';

/** A fighter's wounds: those left, the damage taken beyond them (`excess`), and what that makes it. */
export interface WoundState {
  wounds: number;
  excess: number;
  condition: Condition;
}

/** A fresh fighter with all its wounds. */
export const freshWounds = (wounds: number): WoundState => ({ wounds, excess: 0, condition: 'active' });

/**
 * Applies `damage` to a fighter of Toughness `toughness`: wounds go first; what is left over adds to
 * `excess` (kept from earlier hits too: "эти повреждения тоже учитываются"). At 0 wounds the fighter
 * is seriously wounded; when `excess` exceeds Toughness (strictly: "превышают") it is dead. Reading:
 * the excess is the damage beyond the wounds the fighter had left, summed over every hit.
 */
export function applyDamage(s: WoundState, damage: number, toughness: number): WoundState {
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage ${damage}`);
  if (s.condition === 'dead') return s;
  const taken = Math.min(s.wounds, damage);
  const wounds = s.wounds - taken;
  const excess = s.excess + damage - taken;
  const condition: Condition = excess > toughness ? 'dead' : wounds === 0 ? 'seriously-wounded' : 'active';
  return { wounds, excess, condition };
}

/** A hit's weapon side. */
export interface HitProfile {
  strength: number;
  ap: number;
  damage: number;
}

/** A hit's target side. */
export interface HitTarget {
  toughness: number;
  armour: number;
  state: WoundState;
}

/** What one hit did: the wound roll, the save (if any), the damage dealt and the state after. */
export interface HitOutcome {
  wound: WoundRoll;
  save: SaveRoll | null;
  damage: number;
  state: WoundState;
}

/** Resolves one hit: to wound (S against T), then the armour save, then the damage. */
export function resolveHit(dice: DiceSource, w: HitProfile, t: HitTarget): HitOutcome {
  const wound = rollWound(dice, w.strength, t.toughness);
  if (!wound.wounded) return { wound, save: null, damage: 0, state: t.state };
  const save = rollSave(dice, t.armour, w.ap);
  if (save?.saved) return { wound, save, damage: 0, state: t.state };
  return { wound, save, damage: w.damage, state: applyDamage(t.state, w.damage, t.toughness) };
}
