/**
 * Template weapons and grenades (skirmish-ru.ru.txt, "Шаблонное оружие" and "Гранаты").
 *
 * - "Если вы попали в цель, разместите шаблон взрыва центром на целевую модель. Ваша цель и любая модель,
 *   накрытая шаблоном, считаются пораженными": a hit centres the template on the target; the target and
 *   every model the template covers are hit.
 * - A miss rolls the scatter die and the artillery die: the number (2, 4, 6, 8 or 10") is how far the
 *   template moves, the arrow which way; "символ «HIT» также снабжен стрелкой": the HIT face carries an
 *   arrow too, so on a miss it also scatters. A misfire is lost ("ушел в молоко").
 * - HIT and misfire together is a detonation; a d6: 1-2 the template centres on the shooter, 3-4 it
 *   lands d6" from the shooter in a random direction, 5-6 it lands 2d6".
 * - "Максимальная дальность броска гранаты равна удвоенной силе бойца в дюймах": a grenade reaches up to
 *   twice the thrower's Strength; on a miss it scatters half the artillery die.
 *
 * Readings (the text names no sizes and no way to roll a direction):
 * - Template sizes: the small blast template is 3" across (radius 1.5"), the large 5" (radius 2.5"),
 *   the usual sizes in the Necromunda tradition; a weapon's profile may give its own radius.
 * - A base is covered when any part of it lies under the template: the distance between the centres is
 *   at most the template's radius plus the base's radius (a base that just touches the edge is covered).
 * - The scatter die is a d6 with two HIT faces (1-2) and four arrow faces (3-6); the artillery die a d6
 *   showing 2, 4, 6, 8, 10 and MISFIRE (1..6 in that order). Every face of the scatter die points
 *   somewhere, so the direction is one more die: a d12, (d12 - 1) x 30 degrees measured from +x towards +z
 *   (the engine's convention), rolled only when the template moves. The detonation's "random direction"
 *   is the same d12.
 * - Dice order on a miss: scatter d6, artillery d6, then the d12 when the template moves. A detonation
 *   rolls its band d6 after the two dice, then d6 (3-4) or 2d6 (5-6) for the distance, then the d12.
 * - Grenades detonate like any template (the text gives no exception); halving applies to the artillery
 *   die only, so a grenade scatters 1, 2, 3, 4 or 5" and a detonation keeps its d6" and 2d6".
 */
import type { DiceSource } from '../dice/source';
import { nameLastDie } from '../engine/diceLog';
import { msg, type Msg } from '../engine/message';
import { inch2 } from './say';

/** A point on the table top (inches). */
export interface TablePoint {
  x: number;
  z: number;
}

/** A model's base seen from above: its centre and radius in inches. */
export interface BaseDisc extends TablePoint {
  id: string;
  radius: number;
}

/** Reading: the small and large blast templates, as radii in inches (3" and 5" across). */
export const TEMPLATE_RADIUS = { small: 1.5, large: 2.5 } as const;

/** A base's radius in inches from its diameter in millimetres (the engine's bases are in mm). */
export const baseRadiusInches = (diameterMm: number): number => diameterMm / 25.4 / 2;

/** Slack for the float noise of geometry; a whole 0.01" is never inside it. */
const EPS = 1e-9;

/** The ids of the bases the template covers (any overlap, a touch included), in the order given. */
export function coveredBy(centre: TablePoint, radius: number, bases: readonly BaseDisc[]): string[] {
  return bases.filter((b) => Math.hypot(b.x - centre.x, b.z - centre.z) <= radius + b.radius + EPS).map((b) => b.id);
}

/** The scatter die: 1-2 HIT, 3-6 an arrow. */
export type ScatterFace = 'hit' | 'arrow';
export const scatterFace = (die: number): ScatterFace => (die <= 2 ? 'hit' : 'arrow');

/** The artillery die: 1..5 show 2, 4, 6, 8, 10 inches, 6 shows MISFIRE. */
export type ArtilleryFace = 2 | 4 | 6 | 8 | 10 | 'misfire';
const ARTILLERY: readonly ArtilleryFace[] = [2, 4, 6, 8, 10, 'misfire'];
export const artilleryFace = (die: number): ArtilleryFace => {
  const f = ARTILLERY[die - 1];
  if (f === undefined) throw new RangeError(`the artillery die has no face ${die}`);
  return f;
};

/** The direction a d12 gives: (d12 - 1) x 30 degrees from +x towards +z. */
export const directionOf = (d12: number): number => (d12 - 1) * 30;

/** The point `distance` inches from `from` towards `deg` (degrees from +x towards +z). */
export function moved(from: TablePoint, distance: number, deg: number): TablePoint {
  const r = (deg * Math.PI) / 180;
  // Rounded to a micro-inch so 90 degrees gives a clean 0 across, not 6e-16.
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { x: round(from.x + distance * Math.cos(r)), z: round(from.z + distance * Math.sin(r)) };
}

/** "Гранаты": a grenade may be thrown at a target at most twice the thrower's Strength away. */
export const grenadeReach = (strength: number): number => 2 * strength;
export const grenadeInRange = (distance: number, strength: number): boolean => distance <= grenadeReach(strength) + EPS;

/** How far a miss scatters: the artillery number, halved for a grenade. */
export const scatterDistance = (face: 2 | 4 | 6 | 8 | 10, grenade: boolean): number => (grenade ? face / 2 : face);

/** The detonation's band: 1-2 on the shooter, 3-4 d6" away, 5-6 2d6" away. */
export type DetonationBand = 'on-shooter' | 'short' | 'long';
export const detonationBand = (die: number): DetonationBand => (die <= 2 ? 'on-shooter' : die <= 4 ? 'short' : 'long');

/** One template shot or throw, the to-hit roll already made (shooting decides hit or miss). */
export interface TemplateShot {
  hit: boolean;
  /** The declared target's position (where a hit centres the template and a miss scatters from). */
  target: TablePoint;
  /** The shooter's position (a detonation centres on it or flies from it). */
  shooter: TablePoint;
  /** A thrown grenade: half the artillery die. */
  grenade: boolean;
}

/** Where the template went and why; plain JSON. `centre` is null when the shot is lost. */
export interface TemplateResult {
  outcome: 'hit' | 'scatter' | 'lost' | 'detonation';
  centre: TablePoint | null;
  /** The two dice on a miss: raw rolls and faces. */
  scatter: { scatterDie: number; face: ScatterFace; artilleryDie: number; artillery: ArtilleryFace } | null;
  /** Detonation: the band die, its band, and the distance dice (none for 1-2). */
  detonation: { die: number; band: DetonationBand; distanceDice: number[] } | null;
  /** How far the template moved from its origin (the target, or the shooter on a detonation). */
  distance: number;
  /** Degrees from +x towards +z; null when nothing moved. */
  directionDeg: number | null;
  /** Event words, in order. */
  events: Msg[];
}

/** Rolls where a template lands: a hit needs no dice, a miss rolls scatter and artillery (see the readings). */
export function resolveTemplate(dice: DiceSource, shot: TemplateShot): TemplateResult {
  const what = shot.grenade ? 'grenade' : 'template';
  if (shot.hit)
    return {
      outcome: 'hit',
      centre: { ...shot.target },
      scatter: null,
      detonation: null,
      distance: 0,
      directionDeg: null,
      events: [msg('skirmish-ru:tpl.hit', { what })],
    };
  const scatterDie = dice.d(6);
  nameLastDie(dice, 'scatter');
  const artilleryDie = dice.d(6);
  nameLastDie(dice, 'artillery');
  const face = scatterFace(scatterDie);
  const artillery = artilleryFace(artilleryDie);
  const scatter = { scatterDie, face, artilleryDie, artillery };
  const rolled = msg(face === 'hit' ? 'skirmish-ru:tpl.rolled.hit' : 'skirmish-ru:tpl.rolled.arrow', {
    artillery: artillery === 'misfire' ? msg('skirmish-ru:tpl.misfire') : artillery,
  });
  if (artillery === 'misfire' && face === 'arrow')
    return {
      outcome: 'lost',
      centre: null,
      scatter,
      detonation: null,
      distance: 0,
      directionDeg: null,
      events: [msg('skirmish-ru:tpl.miss', { rolled }), msg('skirmish-ru:tpl.lost', { what })],
    };
  if (artillery === 'misfire') {
    const die = dice.d(6);
    const band = detonationBand(die);
    const events = [msg('skirmish-ru:tpl.miss', { rolled }), msg('skirmish-ru:tpl.detonation', { die })];
    if (band === 'on-shooter')
      return {
        outcome: 'detonation',
        centre: { ...shot.shooter },
        scatter,
        detonation: { die, band, distanceDice: [] },
        distance: 0,
        directionDeg: null,
        events: [...events, msg('skirmish-ru:tpl.bursts', { what })],
      };
    const distanceDice = band === 'short' ? [dice.d(6)] : [dice.d(6), dice.d(6)];
    const distance = distanceDice.reduce((a, b) => a + b, 0);
    const directionDeg = directionOf(dice.d(12));
    return {
      outcome: 'detonation',
      centre: moved(shot.shooter, distance, directionDeg),
      scatter,
      detonation: { die, band, distanceDice },
      distance,
      directionDeg,
      events: [...events, msg('skirmish-ru:tpl.flies', { what, distance: inch2(distance), deg: directionDeg })],
    };
  }
  const distance = scatterDistance(artillery, shot.grenade);
  const directionDeg = directionOf(dice.d(12));
  return {
    outcome: 'scatter',
    centre: moved(shot.target, distance, directionDeg),
    scatter,
    detonation: null,
    distance,
    directionDeg,
    events: [
      msg('skirmish-ru:tpl.miss', { rolled }),
      msg('skirmish-ru:tpl.scatters', { what, distance: inch2(distance), deg: directionDeg }),
    ],
  };
}

/**
 * The models a landed template hits: every base it covers, and on a hit the declared target even if
 * its base were somehow left out of `bases` ("Ваша цель и любая модель, накрытая шаблоном").
 */
export function templateHits(
  result: TemplateResult,
  radius: number,
  bases: readonly BaseDisc[],
  targetId: string | null,
): string[] {
  if (!result.centre) return [];
  const ids = coveredBy(result.centre, radius, bases);
  if (result.outcome === 'hit' && targetId !== null && !ids.includes(targetId)) ids.unshift(targetId);
  return ids;
}
