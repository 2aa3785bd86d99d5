/**
 * Stealth (skirmish-ru.ru.txt, "Скрытность").
 *
 * - "Если на начало боя персонажа не видит противник (не знает о присутствии), то модель может
 *   скрыться": a model no enemy sees at the start of the battle may hide (hiding.ts).
 * - "Противник не может заметить персонажа пока он вне зоны видимости": while out of sight it cannot be
 *   noticed.
 * - "Если персонаж попадает в зону видимости противника или движется в 6 дюймах от него то он должен
 *   пройти тест на скрытность чтобы оставаться замаскированным": entering an enemy's sight, or moving
 *   within 6" of one, calls a stealth test to stay hidden.
 * - "+1 если модель скрыта как минимум на 50%", "-1 если находится в 6 или менее дюймах от противника":
 *   +1 when at least 50 % hidden, -1 at 6" or less from the enemy.
 *
 * Readings:
 * - The test is d6 <= Stealth + modifiers (README); a fail means the model is noticed and no longer hidden.
 * - One test per enemy that calls it, with that enemy's facts: the hidden share is the share of the model
 *   that enemy does not see (geometry's 1 - visible fraction; an enemy that does not see it at all gives
 *   1, fully hidden) and the distance is the edge-to-edge distance between their bases.
 * - "As least 50 %" and "6 or less" are inclusive: hidden share >= 0.5, distance <= 6". A slack of 1e-9
 *   absorbs float noise from the geometry (49.9 % and 6.01" are far outside it).
 * - "Moving within 6"" calls the test when the model ends any part of a move at 6" or less from an enemy
 *   it was farther than 6" from (the movement layer reports the crossing); staying within 6" does not
 *   call it again each turn unless the model moves there.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Text } from '../engine/message';

/** "в 6 дюймах": the distance that calls a test and gives -1. */
export const STEALTH_NEAR = 6;
/** "скрыта как минимум на 50%". */
export const STEALTH_HIDDEN_SHARE = 0.5;
const EPS = 1e-9;

/** How an enemy relates to a hidden model at a moment of its move. */
export interface StealthFacts {
  /** The enemy sees at least some of the model. */
  inSight: boolean;
  /** The share of the model hidden from that enemy, 0..1. */
  hiddenShare: number;
  /** Edge-to-edge distance to that enemy, inches. */
  distance: number;
}

/** Within 6" of the enemy (6" included). */
export const withinStealthRange = (distance: number): boolean => distance <= STEALTH_NEAR + EPS;

/**
 * Whether an enemy calls a stealth test: the model enters its sight (was out of sight before), or moves
 * within 6" of it («движется в 6 дюймах от него»): comes within 6" (was farther before), or, when the model
 * itself moved (`modelMoved`), ends any move within 6". A model out of sight and farther than 6" cannot be noticed.
 */
export function stealthTestCalled(before: StealthFacts, after: StealthFacts, modelMoved = false): boolean {
  const entersSight = after.inSight && !before.inSight;
  const near = withinStealthRange(after.distance);
  const comesNear = near && !withinStealthRange(before.distance);
  return entersSight || comesNear || (modelMoved && near);
}

/** The stealth test's modifiers: +1 at least 50 % hidden, -1 at 6" or less. */
export function stealthModifiers(f: Pick<StealthFacts, 'hiddenShare' | 'distance'>): {
  hidden: 0 | 1;
  near: 0 | -1;
  total: number;
} {
  const hidden = f.hiddenShare >= STEALTH_HIDDEN_SHARE - EPS ? 1 : 0;
  const near = withinStealthRange(f.distance) ? -1 : 0;
  return { hidden, near, total: hidden + near };
}

/** A stealth test's roll and verdict. */
export interface StealthResult {
  roll: number;
  target: number;
  modifiers: { hidden: 0 | 1; near: 0 | -1; other: number };
  /** Passed: stays hidden; failed: noticed. */
  staysHidden: boolean;
  events: Text[];
}

/** Rolls a stealth test: d6 <= Stealth + the modifiers (+ any other the caller passes). */
export function rollStealth(
  dice: DiceSource,
  stealth: number,
  f: Pick<StealthFacts, 'hiddenShare' | 'distance'>,
  other = 0,
): StealthResult {
  const m = stealthModifiers(f);
  const target = stealth + m.total + other;
  const roll = dice.d(6);
  const staysHidden = roll <= target;
  const words = [
    ...(m.hidden ? [msg('skirmish-ru:stealth.halfHidden')] : []),
    ...(m.near ? [msg('skirmish-ru:stealth.near')] : []),
  ];
  return {
    roll,
    target,
    modifiers: { hidden: m.hidden, near: m.near, other },
    staysHidden,
    events: [
      words.length
        ? msg('skirmish-ru:stealth.testWhy', { roll, target, why: words })
        : msg('skirmish-ru:stealth.test', { roll, target }),
      msg(staysHidden ? 'skirmish-ru:stealth.stays' : 'skirmish-ru:stealth.noticed'),
    ],
  };
}
