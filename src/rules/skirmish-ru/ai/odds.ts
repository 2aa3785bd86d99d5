/**
 * The odds the skirmish-ru bot weighs, read from the rules' own dice functions: each chance is the
 * share of the six faces for which the rules' roll (to hit, to wound, the save, a test, a technician
 * test) succeeds, so the bot never keeps its own copy of a table. Values are in "takeouts": the
 * expected wounds dealt as a share of the wounds the target has left (1 = it goes down).
 */
import { scriptedDice } from '../../dice/source';
import { meleeProfile, strikeModifiers } from '../attack';
import { meleeHits, strikeRolls } from '../closeCombat';
import type { Statline } from '../data';
import type { SkFighter, SkState } from '../game';
import { clearJam, shotsAvailable, type WeaponState } from '../reliability';
import { rollToHit, toHitModifiers, type ShotSituation } from '../shooting';
import { rollTest, testTarget } from '../tests';
import { rollSave, rollWound, type HitProfile } from '../wounds';
import { pieceOf } from '../../engine/kit';

const FACES = [1, 2, 3, 4, 5, 6] as const;
const memo = new Map<string, number>();

/** The share of d6 faces for which `passes(face)` holds (memoised by `key`). */
function share(key: string, passes: (face: number) => boolean): number {
  let v = memo.get(key);
  if (v === undefined) {
    v = FACES.filter((d) => passes(d)).length / 6;
    memo.set(key, v);
  }
  return v;
}

/** One die that shows `face`. */
const face = (d: number) => scriptedDice([d]);

/** The chance one shot hits: `rollToHit` with the rules' modifiers for the situation. */
export function hitChance(shooting: number, situation: ShotSituation): number {
  const mods = toHitModifiers(situation);
  const key = `hit|${shooting}|${mods.map((m) => m.value).join(',')}`;
  return share(key, (d) => rollToHit(face(d), shooting, mods).hit);
}

/** The chance a hit wounds (`rollWound`, the S-against-T table). */
export const woundChance = (strength: number, toughness: number): number =>
  share(`wound|${strength}|${toughness}`, (d) => rollWound(face(d), strength, toughness).wounded);

/** The chance a wound gets through the armour (`rollSave`; no die when Armour - AP is 0 or less). */
export const unsavedChance = (armour: number, ap: number): number =>
  1 - share(`save|${armour}|${ap}`, (d) => rollSave(face(d), armour, ap)?.saved ?? false);

/** The chance of passing a characteristic test (`rollTest`). */
export const testChance = (stat: number): number => share(`test|${stat}`, (d) => rollTest(face(d), stat).passed);

/** The chance a technician test clears a jam (`clearJam`). */
export const clearChance = (technician: number): number =>
  share(`clear|${technician}`, (d) => clearJam(face(d), { jammed: true, ammo: null }, technician).cleared);

/** The chance one close-combat die hits at Shooting `shooting` with the strike's modifiers summed to `mod` (`meleeHits`). */
const meleeChance = (shooting: number, mod: number): number =>
  share(`melee|${shooting}|${mod}`, (d) => meleeHits(d, { attacks: 1, shooting }, mod));

/** Expected wounds one hit of `p` deals to a fighter of statline `t`. */
export const perHit = (p: HitProfile, t: Pick<Statline, 'toughness' | 'armour'>): number =>
  woundChance(p.strength, t.toughness) * unsavedChance(t.armour, p.ap) * p.damage;

/** Expected wounds as a share of what `t` has left (at most 1). */
export const takeout = (wounds: number, t: SkFighter): number => Math.min(1, wounds / Math.max(1, t.wounds.wounds));

/** The takeout value of a volley by `f` with weapon state `arm` at `t` in `situation`. */
export function volleyValue(
  s: SkState,
  f: SkFighter,
  weapon: string,
  arm: WeaponState,
  t: SkFighter,
  situation: ShotSituation,
): { chance: number; value: number } {
  const w = pieceOf(s.weapons, weapon, 'weapon');
  const shots = shotsAvailable(arm, w.rateOfFire ?? 1);
  const chance = hitChance(f.stats.shooting, situation);
  return { chance, value: takeout(shots * chance * perHit(w, t.stats), t) };
}

/** The takeout value of one strike by `f` at `t` (its Attacks dice against Shooting and the strike's modifiers, its best close-combat weapon). */
export const strikeValue = (s: SkState, f: SkFighter, t: SkFighter): number =>
  takeout(
    strikeRolls(f.stats) *
      meleeChance(
        f.stats.shooting,
        testTarget(
          0,
          strikeModifiers(t).map((m) => m.value),
        ),
      ) *
      perHit(meleeProfile(s, f), t.stats),
    t,
  );
