/**
 * skirmish-ru's words as messages (catalogue namespace `skirmish-ru`): the helpers the rules use to chain
 * the parts of a log line ("a: b: c", "a; b") and to refuse a move with a message.
 */
import { msg, type Msg, type Text } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';

/** Parts joined by ": " (as one message, each part rendered first). */
export function colon(...parts: readonly Text[]): Text {
  return parts.reduce((a, b) => msg('skirmish-ru:join.colon', { a, b }));
}

/** Parts joined by "; ". */
export function semi(...parts: readonly Text[]): Text {
  return parts.reduce((a, b) => msg('skirmish-ru:join.semi', { a, b }));
}

/** An illegal move, with why. */
export const refuse = (why: Text): RuleError => ruleError('illegal-action', why);

/** A to-hit modifier's value with its sign ("+1", "-2"). */
export const signed = (v: number): string => (v < 0 ? `${v}` : `+${v}`);

/** The words of each to-hit modifier's reason. */
export const MODIFIER_IDS = {
  cover: 'skirmish-ru:modifier.cover',
  hidden: 'skirmish-ru:modifier.hidden',
  reserved: 'skirmish-ru:modifier.reserved',
  sprinted: 'skirmish-ru:modifier.sprinted',
  small: 'skirmish-ru:modifier.small',
  large: 'skirmish-ru:modifier.large',
} as const;

/** One to-hit modifier in words ("cover -1"). */
export const modifierWords = (m: { reason: keyof typeof MODIFIER_IDS; value: number }): Msg =>
  msg('skirmish-ru:modifier', { reason: msg(MODIFIER_IDS[m.reason]), value: signed(m.value) });

/** The move modes as verbs in a log line and as nouns on a button. */
export const MODE_IDS = {
  move: 'skirmish-ru:mode.move',
  run: 'skirmish-ru:mode.run',
  sprint: 'skirmish-ru:mode.sprint',
} as const;

/** A sprint's (or a leap's) athletics test: "Name: athletics test 4 against 3: fails, fatigue 1". */
export const athleticsWords = (
  f: { name: string; fatigue: number },
  t: { roll: number; target: number; passed: boolean },
): Msg =>
  t.passed
    ? msg('skirmish-ru:event.athletics.pass', { name: f.name, roll: t.roll, target: t.target })
    : msg('skirmish-ru:event.athletics.fail', { name: f.name, roll: t.roll, target: t.target, fatigue: f.fatigue + 1 });

/** Why a weapon cannot fire now (reliability.ts's `cannotFire`). */
export const CANNOT_FIRE = {
  jammed: 'skirmish-ru:cannotFire.jammed',
  'out of ammunition': 'skirmish-ru:cannotFire.ammo',
} as const;

/** A length in inches to two decimals, as the log always printed it (`3.99"`, `3,99"` in Russian). */
export const inch2 = (x: number): Msg => msg('skirmish-ru:inches', { n: Math.round(x * 100) / 100 });

/** A jump that costs more than the move, run or sprint allows. */
export const JUMP_COST = {
  move: 'skirmish-ru:refuse.jumpCost.move',
  run: 'skirmish-ru:refuse.jumpCost.run',
  sprint: 'skirmish-ru:refuse.jumpCost.sprint',
} as const;

/** The jumps as nouns. */
export const HOW_IDS = {
  down: 'skirmish-ru:how.down',
  climb: 'skirmish-ru:how.climb',
  leap: 'skirmish-ru:how.leap',
} as const;

/** Why a climb or a leap is refused. */
export const WHY_IDS = {
  'too-high': 'skirmish-ru:why.tooHigh',
  'too-far': 'skirmish-ru:why.tooFar',
  'no-movement': 'skirmish-ru:why.noMovement',
} as const;
