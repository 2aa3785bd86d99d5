/**
 * Shooting (skirmish-ru.ru.txt, "Стрельба", "Стрельба в ближний бой", "Зарезервированное действие"):
 * who may shoot, the to-hit modifiers, and the to-hit roll d6 <= Shooting + modifiers. A to-hit 1
 * calls the reliability roll ("Если при броске на попадание выпадает 1 ... требуется бросок на
 * надежность"); that roll is reliability.ts's, built in another part: here the shot only says it is due.
 * The front arc is the geometry's (`inFrontArc`, src/geometry/measure.ts); a caller passes its answer.
 */
import type { DiceSource } from '../dice/source';
import { passes, testTarget } from './tests';

/** "Часть модели врага не видно за укрытием (30% скрыто)": the hidden share from which a target is in cover. */
export const COVER_SHARE = 0.3;
/** "Противник практически не видим за препятствием (80-90% скрыто)": the hidden share from which it is hidden. */
export const HIDDEN_SHARE = 0.8;
/** "Цель имеет высоту 2” или больше": inches from which a target is large. */
export const LARGE_HEIGHT = 2;

/** How hidden a target is, as the `geo los --rules skirmish-ru` verdict names it. */
export type CoverCategory = 'none' | 'cover' | 'hidden';

/** A cover category and its to-hit modifier. */
export interface Cover {
  cover: CoverCategory;
  modifier: 0 | -1 | -2;
}

/**
 * The cover category of a target of which `hiddenShare` (0..1) is hidden from the shooter: 0.8 or
 * more hidden (-2), else 0.3 or more in cover (-1), else none (0). Both bounds are inclusive: the text's
 * "30% скрыто" is read as "at least 30 %" and "80-90%" as "at least 80 %" (fully hidden is no line of
 * sight at all, the geometry's verdict, so 'hidden' covers everything from 80 % up).
 */
export function coverOf(hiddenShare: number): Cover {
  if (!(hiddenShare >= 0 && hiddenShare <= 1)) throw new RangeError(`hidden share ${hiddenShare} is not in 0..1`);
  if (hiddenShare >= HIDDEN_SHARE) return { cover: 'hidden', modifier: -2 };
  if (hiddenShare >= COVER_SHARE) return { cover: 'cover', modifier: -1 };
  return { cover: 'none', modifier: 0 };
}

/** The same from the geometry's visible share (hidden = 1 - visible). */
export const coverOfVisible = (visibleShare: number): Cover => coverOf(1 - visibleShare);

/**
 * A target's size: 'small' is a bomb, a device or a spot ("Маленькая цель обычно на ½” меньше ... чем
 * обычная модель"; "Вражеские бойцы всегда больше нее!": a fighter is never small), 'large' is 2" or taller.
 */
export type TargetSize = 'small' | 'normal' | 'large';

/** The size of a model or object `height` inches tall that is not a small target: large from 2". */
export const sizeOfHeight = (height: number): 'normal' | 'large' => (height >= LARGE_HEIGHT ? 'large' : 'normal');

/** What the to-hit roll of one shot depends on. */
export interface ShotSituation {
  /** Share of the target hidden from the shooter, 0..1 (the geometry's 1 - visible share). */
  hiddenShare: number;
  /** "Боец стреляет за счет зарезервированного действия": a shot from a reserved action. */
  reserved?: boolean;
  /** "Боец-цель совершал спринт в свою фазу движения": the target sprinted. */
  targetSprinted?: boolean;
  /** The target's size (a fighter is 'normal' or 'large'). */
  targetSize?: TargetSize;
}

/** One to-hit modifier and why. */
export interface Modifier {
  reason: 'cover' | 'hidden' | 'reserved' | 'sprinted' | 'small' | 'large';
  value: number;
}

/** The to-hit modifiers of a shot, in the text's order (cover or hidden, reserved, sprinted, small or large). */
export function toHitModifiers(s: ShotSituation): Modifier[] {
  const out: Modifier[] = [];
  const c = coverOf(s.hiddenShare);
  if (c.cover !== 'none') out.push({ reason: c.cover, value: c.modifier });
  if (s.reserved) out.push({ reason: 'reserved', value: -1 });
  if (s.targetSprinted) out.push({ reason: 'sprinted', value: -1 });
  if (s.targetSize === 'small') out.push({ reason: 'small', value: -1 });
  if (s.targetSize === 'large') out.push({ reason: 'large', value: +1 });
  return out;
}

/** One to-hit roll: the die, the number it had to be at most, the hit, and whether reliability is rolled next. */
export interface ToHitRoll {
  roll: number;
  target: number;
  hit: boolean;
  /** A natural 1 calls a reliability roll (hit or not). */
  reliabilityDue: boolean;
}

/**
 * Rolls to hit: d6 <= Shooting + modifiers. The text names no automatic hit or miss, so a 1 misses a
 * target of 0 or less and a 6 hits one of 6 or more; the die is rolled even then, since a 1 still calls
 * the reliability roll.
 */
export function rollToHit(dice: DiceSource, shooting: number, modifiers: readonly Modifier[]): ToHitRoll {
  const target = testTarget(
    shooting,
    modifiers.map((m) => m.value),
  );
  const roll = dice.d(6);
  return { roll, target, hit: passes(roll, target), reliabilityDue: roll === 1 };
}

/** "скорострельность, сколько выстрелов производит оружие за одну атаку": one to-hit roll per shot. */
export function rollShots(
  dice: DiceSource,
  shooting: number,
  modifiers: readonly Modifier[],
  rateOfFire: number,
): ToHitRoll[] {
  return Array.from({ length: rateOfFire }, () => rollToHit(dice, shooting, modifiers));
}

/** How the shooter moved this turn: running or sprinting leaves no attack but close combat. */
export type MoveKind = 'none' | 'move' | 'run' | 'sprint';

/** What decides whether a fighter may shoot at a target. */
export interface ShotPermission {
  /** The geometry's `inFrontArc` answer: the target is in the 180-degree front. */
  inArc: boolean;
  /** Line of sight to the target exists. */
  los: boolean;
  /** Inches to the target. */
  distance: number;
  /** The weapon's reach (data.ts `weaponReach`). */
  reach: number;
  /** The weapon is a pistol. */
  pistol: boolean;
  /** The weapon is a melee weapon. */
  melee: boolean;
  /** The shooter is in base contact with an enemy. */
  inCloseCombat: boolean;
  /** The shooter's move this turn. */
  moved: MoveKind;
}

/** Why a shot is refused, or null when it is allowed. */
export type ShotRefusal = 'melee-weapon' | 'ran' | 'close-combat' | 'no-sight' | 'out-of-arc' | 'out-of-range' | null;

/**
 * Whether a fighter may shoot: not with a melee weapon; not after a run or a sprint ("не сможет
 * использовать в этот ход действие атаки (кроме рукопашного боя)"); not from close combat except with a
 * pistol; only at an enemy it sees, in the 180-degree front, within the weapon's reach (distance <= reach).
 */
export function shotRefusal(p: ShotPermission): ShotRefusal {
  if (p.melee) return 'melee-weapon';
  if (p.moved === 'run' || p.moved === 'sprint') return 'ran';
  if (p.inCloseCombat && !p.pistol) return 'close-combat';
  if (!p.los) return 'no-sight';
  if (!p.inArc) return 'out-of-arc';
  if (p.distance > p.reach) return 'out-of-range';
  return null;
}

/**
 * "любое попадание ранит случайную модель в этом ближнем бою": the index (0-based) of the model a hit
 * on a close combat of `models` models strikes, one die with that many faces.
 */
export function randomInCombat(dice: DiceSource, models: number): number {
  if (!Number.isInteger(models) || models < 1) throw new RangeError(`a close combat of ${models} models`);
  return models === 1 ? 0 : dice.d(models) - 1;
}
