/**
 * A roll's successes explained in words: the dice, the number each must reach, the count, and why
 * a die counts more than once (BLKOUT's aces) or brought another die (Counterblast's explosions).
 * Words are messages (engine namespace); the dice are numbers the locale formats.
 */
import { msg, type Msg } from '../engine/message';

/**
 * A BLKOUT skill check: "10, 4 against 4+: 3 successes, the 10 counts twice". A die re-rolled
 * shows what it was ("7 (re-rolled from 2)"); an ace (10) is two successes.
 */
export function skillWords(c: {
  rolls: readonly number[];
  skill: number;
  rerolled?: readonly number[];
  replaced?: readonly number[];
}): Msg {
  const shown = c.rolls.map((v, i) => {
    const k = (c.rerolled ?? []).indexOf(i);
    return k >= 0 && c.replaced?.[k] !== undefined ? msg('engine:die.rerolled', { v, was: c.replaced[k] }) : v;
  });
  const n = c.rolls.reduce((t, v) => t + (v >= c.skill ? (v === 10 ? 2 : 1) : 0), 0);
  const aces = c.rolls.filter((v) => v === 10).length;
  return msg('engine:check.skill', { dice: shown, need: c.skill, n, aces: aces > 1 ? 2 : aces });
}

/**
 * A BLKOUT armour check: "6, 2 against 6+: 1 save". No aces (a 10 saves once); Sustained re-rolls
 * are named.
 */
export function armourWords(c: { rolls: readonly number[]; target: number; rerolls?: number }): Msg {
  if (c.rolls.length === 0) return msg('engine:check.armour.none');
  const n = c.rolls.filter((v) => v >= c.target).length;
  return msg('engine:check.armour', {
    dice: [...c.rolls],
    need: c.target,
    n,
    rerolls: c.rerolls ?? 0,
    ace: c.rolls.includes(10) ? 1 : 0,
  });
}

/**
 * A Counterblast pool: "10, 7, 3 against 7+: 2 successes, the 10 exploded into one more die".
 * Every die at or over `explodeOn` rolled one more die (listed after it).
 */
export function poolWords(c: { rolls: readonly number[]; difficulty: number; explodeOn?: number }): Msg {
  if (c.rolls.length === 0) return msg('engine:check.pool.none');
  const n = c.rolls.filter((v) => v >= c.difficulty).length;
  const on = c.explodeOn ?? 10;
  const boom = c.rolls.filter((v) => v >= on);
  return msg('engine:check.pool', {
    dice: [...c.rolls],
    need: c.difficulty,
    n,
    boom: boom.length,
    face: boom[0] ?? on,
    on,
  });
}
