/**
 * Falls, jumps and climbing (skirmish-ru.ru.txt, "Прыжок", "Ущерб от падения"). Heights and gaps are
 * inches, measured on the table by the geometry and movement cores (not here); these functions take
 * the numbers and the dice.
 *
 * Falling damage: "Бойца упавшие не более чем на 3" получают одну рану, пролетевшие расстояние от 3" до
 * 6" получают d3 ран, а с 6" до 12" - d6 ран ... с высоты более 12 боец удаляется с поля без всяких
 * бросков." Read with each upper bound inclusive: (0, 3] 1 wound, (3, 6] d3, (6, 12] d6, over 12 removed.
 * The "automatic hit" ("автоматическое попадание") needs no to-hit or wound roll; "Броня не спасает":
 * no armour save. The faller goes prone unless seriously wounded or dead; a model under the landing
 * spot tests agility to dodge, and if it fails takes wounds by the same height and goes prone if it survives.
 */
import type { DiceSource } from '../dice/source';
import { rollD3 } from '../dice/mechanics';
import { rollTest, type TestRoll } from './tests';
import { applyDamage, type WoundState } from './wounds';

/** Inches up to which a fall does 1 wound. */
export const FALL_ONE_WOUND = 3;
/** Inches up to which a fall does d3 wounds. */
export const FALL_D3 = 6;
/** Inches up to which a fall does d6 wounds; above it the model is removed. */
export const FALL_D6 = 12;

/** The band a fall's height lies in. */
export type FallBand = 'none' | 'one' | 'd3' | 'd6' | 'removed';

/** The band of a fall from `height` inches (a height of 0 or less is no fall). */
export function fallBand(height: number): FallBand {
  if (Number.isNaN(height)) throw new RangeError('fall height NaN');
  if (height <= 0) return 'none';
  if (height <= FALL_ONE_WOUND) return 'one';
  if (height <= FALL_D3) return 'd3';
  if (height <= FALL_D6) return 'd6';
  return 'removed';
}

/** Rolls the wounds of a fall's band: 1, a d3 (the engine's d6 halved, rounding up), a d6; 0 otherwise. */
export function rollFallWounds(dice: DiceSource, band: FallBand): number {
  if (band === 'one') return 1;
  if (band === 'd3') return rollD3(dice);
  if (band === 'd6') return dice.d(6);
  return 0;
}

/** A model's side of a fall: its Toughness and its wounds. */
export interface Faller {
  toughness: number;
  state: WoundState;
}

/** What a fall did to one model. */
export interface FallOutcome {
  band: FallBand;
  /** Wounds the fall dealt (no armour save). */
  wounds: number;
  /** Over 12": taken off the table without a roll. */
  removed: boolean;
  state: WoundState;
  /** Goes prone: it took the fall and is neither seriously wounded, dead nor removed. */
  prone: boolean;
}

/** Applies a fall of `height` inches to a model: wounds by the band, no save; prone if it is still active. */
export function resolveFall(dice: DiceSource, height: number, m: Faller): FallOutcome {
  const band = fallBand(height);
  if (band === 'none') return { band, wounds: 0, removed: false, state: m.state, prone: false };
  if (band === 'removed') return { band, wounds: 0, removed: true, state: m.state, prone: false };
  const wounds = rollFallWounds(dice, band);
  const state = applyDamage(m.state, wounds, m.toughness);
  return { band, wounds, removed: false, state, prone: state.condition === 'active' };
}

/** A model under the landing spot: its agility for the dodge, Toughness and wounds. */
export interface Beneath extends Faller {
  agility: number;
}

/** What a fall onto another model did: the faller's fall, the dodge, and the model beneath's fall (if it failed). */
export interface LandingOutcome {
  faller: FallOutcome;
  dodge: TestRoll;
  /** Null when the dodge passed. */
  beneath: FallOutcome | null;
}

/**
 * A fall onto a model: the faller's fall first, then the model beneath tests agility to dodge; failing,
 * it takes wounds "в зависимости от высоты" by the same table (so over 12" it is removed too: reading)
 * and goes prone if it survives. Dice in that order: the faller's, the dodge, the beneath's.
 */
export function resolveLandingOn(dice: DiceSource, height: number, faller: Faller, beneath: Beneath): LandingOutcome {
  const f = resolveFall(dice, height, faller);
  const dodge = rollTest(dice, beneath.agility);
  return { faller: f, dodge, beneath: dodge.passed ? null : resolveFall(dice, height, beneath) };
}

/** A jumper's side: agility (the limit in inches), acrobatics (the test), Toughness and wounds for a fall. */
export interface Jumper extends Faller {
  agility: number;
  acrobatics: number;
}

/**
 * A jump down from `height` inches: "с высоты не более равной показателю ловкости в дюймах", so refused
 * above Agility, with no die. An acrobatics test: a pass lands and may spend the rest of the move, a fail
 * ends the move ("ход заканчивается"). Reading: the text gives a failed jump down no fall, so the model
 * lands unhurt; the drop itself costs no movement.
 */
export function jumpDown(
  dice: DiceSource,
  height: number,
  j: Pick<Jumper, 'agility' | 'acrobatics'>,
): { allowed: false } | { allowed: true; test: TestRoll; moveEnds: boolean } {
  if (height > j.agility) return { allowed: false };
  const test = rollTest(dice, j.acrobatics);
  return { allowed: true, test, moveEnds: !test.passed };
}

/** A climb or a leap: refused, or tested, with the movement it cost and, on a fail, the fall. */
export type ClimbOutcome =
  | { allowed: false; why: 'too-high' | 'too-far' | 'no-movement' }
  | { allowed: true; test: TestRoll; cost: number; fall: FallOutcome | null };

/**
 * A climb up a wall `height` inches high (at most Agility): it costs double movement (2 x height; a
 * ladder does not, and is the movement core's), needs that much movement left, and an acrobatics test; a
 * fail is a fall "с высоты на которую модель должна была взобраться": from `height`. Reading: the
 * movement is spent either way, and a fall ends the move.
 */
export function climb(dice: DiceSource, height: number, movementLeft: number, j: Jumper): ClimbOutcome {
  if (height > j.agility) return { allowed: false, why: 'too-high' };
  const cost = 2 * height;
  if (cost > movementLeft) return { allowed: false, why: 'no-movement' };
  const test = rollTest(dice, j.acrobatics);
  return { allowed: true, test, cost, fall: test.passed ? null : resolveFall(dice, height, j) };
}

/**
 * A leap over a gap `gap` inches wide (at most Agility): "прыгает на расстояние, равное ее ловкости, на
 * что соответственно тратится часть движения", read as: it costs the gap's width in movement, needs that
 * much left, and an acrobatics test; a fail "падает вниз": a fall of `depth` inches (the drop below the
 * gap, from the geometry).
 */
export function leap(dice: DiceSource, gap: number, depth: number, movementLeft: number, j: Jumper): ClimbOutcome {
  if (gap > j.agility) return { allowed: false, why: 'too-far' };
  if (gap > movementLeft) return { allowed: false, why: 'no-movement' };
  const test = rollTest(dice, j.acrobatics);
  return { allowed: true, test, cost: gap, fall: test.passed ? null : resolveFall(dice, depth, j) };
}
