/**
 * Pinning (skirmish-ru.ru.txt, "Залегание").
 *
 * - "Если персонаж получил попадание, даже которое не нанесло урон – он должен пройти тест на мораль":
 *   any hit, even one that does no damage, calls a morale test.
 * - "При успехе – действует как обычно, но при провале в свой ход должен двигаться в сторону от противника
 *   к ближайшему укрытию и не может не совершать никаких действий": on a pass the model acts as usual; on
 *   a fail, in its turn it moves away from the enemy to the nearest cover and takes no actions.
 * - "В конце своего хода персонаж возвращается в обычное состояние": at the end of that turn it returns
 *   to normal.
 * - The falls section pins a model "как от вражеского огня" (as from enemy fire) without a test: a fallen
 *   model, and one a falling model lands on, that is not seriously wounded or dead. `pin` is that state.
 *
 * Readings:
 * - The test is d6 <= Morale + modifiers (README).
 * - One test per attack that hits the model (however many of its hits land); a model already pinned, or
 *   down (seriously wounded) or dead after the attack, does not test.
 * - Pinned is a flag on the model; the retreat to cover is the movement layer's work.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Text } from '../engine/message';

/** The model's state that pinning reads and writes. */
export interface PinState {
  pinned: boolean;
}

/** Whether an attack calls a morale test on the model. */
export function pinningTestCalled(m: {
  /** Hits this attack landed on the model (damage or not). */
  hits: number;
  pinned: boolean;
  /** Seriously wounded (down) or dead after the attack. */
  down: boolean;
}): boolean {
  return m.hits > 0 && !m.pinned && !m.down;
}

/** A morale test against pinning. */
export interface PinningResult {
  roll: number;
  target: number;
  pinned: boolean;
  events: Text[];
}

/** The pass or fail of a morale die: d6 <= Morale + modifiers. */
export const moralePasses = (die: number, morale: number, modifiers = 0): boolean => die <= morale + modifiers;

/** Rolls the morale test after a hit; a fail pins the model (`ownTurn`: hit in its own activation, it loses the rest of it). */
export function rollPinning(dice: DiceSource, morale: number, modifiers = 0, ownTurn = false): PinningResult {
  const roll = dice.d(6);
  const target = morale + modifiers;
  const pinned = !moralePasses(roll, morale, modifiers);
  return {
    roll,
    target,
    pinned,
    events: [
      msg('skirmish-ru:morale.test', { roll, target }),
      msg(
        pinned ? (ownTurn ? 'skirmish-ru:morale.pinnedNow' : 'skirmish-ru:morale.pinned') : 'skirmish-ru:morale.holds',
      ),
    ],
  };
}

/** Pins a model (a failed test, or a fall "as from enemy fire"). */
export const pin = <T extends PinState>(m: T): T => ({ ...m, pinned: true });

/** What a model may do in its turn: pinned, it only moves away from the enemy to cover, with no actions. */
export const turnAllowance = (m: PinState): { mayAct: boolean; mustFallBack: boolean } =>
  m.pinned ? { mayAct: false, mustFallBack: true } : { mayAct: true, mustFallBack: false };

/** "В конце своего хода персонаж возвращается в обычное состояние": the end of its own turn unpins it. */
export const endOwnTurn = <T extends PinState>(m: T): T => (m.pinned ? { ...m, pinned: false } : m);
