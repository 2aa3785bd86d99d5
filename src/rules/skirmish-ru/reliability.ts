/**
 * Reliability, jams and ammunition (skirmish-ru.ru.txt, "Надежность", "Огнеметы" and the weapon profile).
 *
 * - "Если при броске на попадание выпадает 1 ... требуется бросок на «надежность». Бросьте d6, если
 *   результат меньше указанного, оружие заклинило": a to-hit natural 1 calls a d6; below the weapon's
 *   Reliability it jams.
 * - "исправить его можно пройдя тест на умение техника вместо действия атаки": a technician test, taken
 *   instead of an attack, clears the jam.
 * - "Некоторые виды оружия типа огнеметов ... требуют броска на надежность после каждого выстрела":
 *   flamers roll reliability after every shot.
 * - "боезапас, сколько боеприпасов имеет персонаж к этому оружию": ammunition runs out.
 *
 * Readings:
 * - Tests are d6 <= stat + modifiers (README); the text names no automatic pass or fail on a 1 or a 6.
 * - A flamer rolls one reliability die per shot, also when that shot's to-hit die is a 1 (not two).
 * - Each shot (each of the rate of fire's shots) spends one round of ammunition; an attack fires at most
 *   as many shots as there are rounds; a weapon at 0 cannot fire. A weapon without an ammunition count
 *   (null: a close-combat weapon) never runs out.
 * - A jam stops the attack: the shots after the one that jammed are not fired (and spend nothing).
 * - A jammed weapon cannot fire until cleared; a failed technician test leaves it jammed.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Text } from '../engine/message';
import { CANNOT_FIRE } from './say';

/** What reliability needs from a weapon's profile (data.ts holds the full profile). */
export interface ReliabilityProfile {
  /** "надежность": a reliability d6 below this jams the weapon. */
  reliability: number;
  /** Flamers: a reliability roll after every shot. */
  flamer: boolean;
}

/** A carried weapon's state in play. */
export interface WeaponState {
  jammed: boolean;
  /** Rounds left; null when the weapon does not count ammunition. */
  ammo: number | null;
}

/** "если результат меньше указанного, оружие заклинило". */
export const jams = (die: number, reliability: number): boolean => die < reliability;

/** Whether this shot calls a reliability roll: a to-hit natural 1, or any shot of a flamer. */
export const needsReliabilityRoll = (profile: ReliabilityProfile, toHitDie: number | null): boolean =>
  profile.flamer || toHitDie === 1;

/** Why a weapon cannot fire, or null when it can. */
export function cannotFire(w: WeaponState): 'jammed' | 'out of ammunition' | null {
  if (w.jammed) return 'jammed';
  if (w.ammo !== null && w.ammo <= 0) return 'out of ammunition';
  return null;
}

/** How many shots an attack may fire: the rate of fire, at most the rounds left. */
export function shotsAvailable(w: WeaponState, rateOfFire: number): number {
  if (cannotFire(w)) return 0;
  return w.ammo === null ? rateOfFire : Math.min(rateOfFire, w.ammo);
}

/** The weapon after one shot: one round fewer. */
export function spendShot(w: WeaponState): WeaponState {
  if (cannotFire(w)) throw new RangeError(`a weapon that is ${cannotFire(w)} cannot fire`);
  return { ...w, ammo: w.ammo === null ? null : w.ammo - 1 };
}

/** After one shot's to-hit die: the reliability roll if one is called, and whether the weapon jammed. */
export interface ReliabilityResult {
  roll: number | null;
  jammed: boolean;
  weapon: WeaponState;
  events: Text[];
}

/** Spends the shot's round and rolls reliability when the shot calls it. */
export function afterShot(
  dice: DiceSource,
  profile: ReliabilityProfile,
  w: WeaponState,
  toHitDie: number | null,
): ReliabilityResult {
  const spent = spendShot(w);
  if (!needsReliabilityRoll(profile, toHitDie)) return { roll: null, jammed: false, weapon: spent, events: [] };
  const roll = dice.d(6);
  const jammed = jams(roll, profile.reliability);

  return {
    roll,
    jammed,
    weapon: { ...spent, jammed },
    events: [
      msg(profile.flamer ? 'skirmish-ru:reliability.flamer' : 'skirmish-ru:reliability.one', {
        roll,
        target: profile.reliability,
      }),
      msg(jammed ? 'skirmish-ru:reliability.jams' : 'skirmish-ru:reliability.holds'),
    ],
  };
}

/** An attack's shots: to-hit dice come from `toHit` (shooting.ts rolls them), reliability and ammo here. */
export interface VolleyResult {
  /** The to-hit dice of the shots fired, in order. */
  toHitDice: number[];
  reliabilityRolls: number[];
  weapon: WeaponState;
  events: Text[];
}

/**
 * Fires up to the rate of fire: each shot rolls its to-hit die through `toHit`, spends a round and
 * rolls reliability if called; a jam ends the attack.
 */
export function fireVolley(
  dice: DiceSource,
  profile: ReliabilityProfile,
  w: WeaponState,
  rateOfFire: number,
  toHit: (dice: DiceSource) => number,
): VolleyResult {
  const n = shotsAvailable(w, rateOfFire);
  const out: VolleyResult = { toHitDice: [], reliabilityRolls: [], weapon: w, events: [] };
  const blocked = cannotFire(w);
  if (blocked) out.events.push(msg('skirmish-ru:reliability.cannotFire', { why: msg(CANNOT_FIRE[blocked]) }));
  for (let i = 0; i < n; i++) {
    const die = toHit(dice);
    out.toHitDice.push(die);
    const r = afterShot(dice, profile, out.weapon, die);
    out.weapon = r.weapon;
    if (r.roll !== null) out.reliabilityRolls.push(r.roll);
    out.events.push(...r.events);
    if (r.jammed) break;
  }
  if (n > 0 && !out.weapon.jammed && out.weapon.ammo === 0) out.events.push(msg('skirmish-ru:reliability.outOfAmmo'));
  return out;
}

/** A technician test: d6 <= technician + modifiers. */
export interface TechnicianResult {
  roll: number;
  target: number;
  cleared: boolean;
  weapon: WeaponState;
}

/** "тест на умение техника вместо действия атаки": clears a jam on a pass (the caller spends the attack). */
export function clearJam(dice: DiceSource, w: WeaponState, technician: number, modifiers = 0): TechnicianResult {
  if (!w.jammed) throw new RangeError('the weapon is not jammed');
  const roll = dice.d(6);
  const target = technician + modifiers;
  const cleared = roll <= target;
  return { roll, target, cleared, weapon: cleared ? { ...w, jammed: false } : w };
}

/** The event of a weapon jamming in a volley (the table shows it over the fighter). */
export const jamEvent = (f: { id: string; name: string }, w: { id: string; name: string }) => ({
  type: 'jam',
  text: msg('skirmish-ru:event.jam', { name: f.name, weapon: w.name }),
  model: f.id,
  weapon: w.id,
});
