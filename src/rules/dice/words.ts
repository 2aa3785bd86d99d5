/**
 * A roll's successes explained in words: the dice, the number each must reach, the count, and why
 * a die counts more than once (BLKOUT's aces) or brought another die (Counterblast's explosions).
 */

const successes = (n: number) => `${n} success${n === 1 ? '' : 'es'}`;
const times = (n: number) => ['no', 'one', 'two', 'three', 'four', 'five'][n] ?? String(n);

/**
 * A BLKOUT skill check: "10, 4 against 4+: 3 successes, the 10 counts twice". A die re-rolled
 * shows what it was ("7 (re-rolled from 2)"); an ace (10) is two successes.
 */
export function skillWords(c: {
  rolls: readonly number[];
  skill: number;
  rerolled?: readonly number[];
  replaced?: readonly number[];
}): string {
  const shown = c.rolls.map((v, i) => {
    const k = (c.rerolled ?? []).indexOf(i);
    return k >= 0 && c.replaced?.[k] !== undefined ? `${v} (re-rolled from ${c.replaced[k]})` : String(v);
  });
  const n = c.rolls.reduce((t, v) => t + (v >= c.skill ? (v === 10 ? 2 : 1) : 0), 0);
  const aces = c.rolls.filter((v) => v === 10).length;
  const why = aces === 1 ? ', the 10 counts twice' : aces > 1 ? ', each 10 counts twice' : '';
  return `${shown.join(', ')} against ${c.skill}+: ${successes(n)}${why}`;
}

/**
 * A BLKOUT armour check: "6, 2 against 6+: 1 save". No aces (a 10 saves once); Sustained re-rolls
 * are named.
 */
export function armourWords(c: { rolls: readonly number[]; target: number; rerolls?: number }): string {
  const n = c.rolls.filter((v) => v >= c.target).length;
  const sustained = c.rerolls
    ? ` (after ${times(c.rerolls)} Sustained re-roll${c.rerolls === 1 ? '' : 's'} of a save)`
    : '';
  const ace = c.rolls.includes(10) ? ', a 10 saves once (no aces in armour checks)' : '';
  if (c.rolls.length === 0) return 'no dice: no saves';
  return `${c.rolls.join(', ')} against ${c.target}+${sustained}: ${n} save${n === 1 ? '' : 's'}${ace}`;
}

/**
 * A Counterblast pool: "10, 7, 3 against 7+: 2 successes, the 10 exploded into one more die".
 * Every die at or over `explodeOn` rolled one more die (listed after it).
 */
export function poolWords(c: { rolls: readonly number[]; difficulty: number; explodeOn?: number }): string {
  if (c.rolls.length === 0) return 'no dice: 0 successes';
  const n = c.rolls.filter((v) => v >= c.difficulty).length;
  const on = c.explodeOn ?? 10;
  const boom = c.rolls.filter((v) => v >= on);
  const what = on === 10 ? 'the 10' : `the ${boom[0]}`;
  const why =
    boom.length === 1
      ? `, ${what} exploded into one more die`
      : boom.length > 1
        ? `, ${times(boom.length)} dice of ${on}+ exploded into ${times(boom.length)} more`
        : '';
  return `${c.rolls.join(', ')} against ${c.difficulty}+: ${successes(n)}${why}`;
}
