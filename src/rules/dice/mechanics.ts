/**
 * Every dice mechanic of the five rule texts: a roll (from any DiceSource, so tests can script it)
 * and its exact probability function. Names follow the texts; rules decide what the numbers mean.
 */
import { convolve, die, fromPairs, mapPmf, power, type Pmf } from './pmf';
import type { DiceSource } from './source';

/** Most dice in a Counterblast pool. */
export const MAX_POOL = 10;

// ---------------------------------------------------------------- d10 pools (Counterblast)

/** A d10 pool: N dice (at most 10), success on >= difficulty, each die >= explodeOn rolls another. */
export interface PoolCheck {
  dice: number;
  difficulty: number;
  /** 10 by default; 9 or 8 where a rule says. */
  explodeOn?: number;
}

/** Rolls a d10 pool; `rolls` lists every die, explosions included, in order. */
export function rollPool(src: DiceSource, c: PoolCheck): { successes: number; rolls: number[] } {
  const n = Math.max(0, Math.min(MAX_POOL, Math.floor(c.dice)));
  const explode = c.explodeOn ?? 10;
  const rolls: number[] = [];
  let successes = 0;
  for (let i = 0; i < n; i++) {
    for (let guard = 0; guard < 1000; guard++) {
      const v = src.d(10);
      rolls.push(v);
      if (v >= c.difficulty) successes++;
      if (v < explode) break;
    }
  }
  return { successes, rolls };
}

/** Successes from one exploding d10 (a fixed point over the chain of explosions, tail < 1e-15). */
export function poolDiePmf(difficulty: number, explodeOn = 10): Pmf {
  let x: Pmf = { min: 0, p: [1] };
  for (let iter = 0; iter < 200; iter++) {
    const pairs: [number, number][] = [];
    for (let f = 1; f <= 10; f++) {
      const s = f >= difficulty ? 1 : 0;
      if (f >= explodeOn) x.p.forEach((q, i) => pairs.push([s + x.min + i, q / 10]));
      else pairs.push([s, 1 / 10]);
    }
    const next = fromPairs(pairs);
    const done = next.p.length === x.p.length && next.p.every((q, i) => Math.abs(q - (x.p[i] ?? 0)) < 1e-16);
    x = next;
    if (done) break;
  }
  // Trim the far tail.
  let end = x.p.length;
  while (end > 1 && (x.p[end - 1] ?? 0) < 1e-15) end--;
  return { min: x.min, p: x.p.slice(0, end) };
}

/** Exact distribution of a pool's successes. */
export function poolPmf(c: PoolCheck): Pmf {
  return power(poolDiePmf(c.difficulty, c.explodeOn ?? 10), Math.max(0, Math.min(MAX_POOL, Math.floor(c.dice))));
}

// ---------------------------------------------------------------- 2D10 skill checks (BLKOUT)

/** A BLKOUT skill check: 2D10 (+/- dice), success per die >= skill, an ace (10) counts two. */
export interface SkillCheck {
  skill: number;
  /** Dice added or taken away (+1 no cover, -1 full cover, ...). Never fewer than one die. */
  modifier?: number;
  /** A Hard check rolls one die. */
  hard?: boolean;
  /** Re-roll every failed die once ('failed'), or one failed die ('one'). */
  reroll?: 'failed' | 'one';
}

/** Dice a skill check rolls. */
export function skillDice(c: SkillCheck): number {
  return c.hard ? 1 : Math.max(1, 2 + (c.modifier ?? 0));
}

const faceValue = (v: number, target: number, aces: boolean): number => (v >= target ? (aces && v === 10 ? 2 : 1) : 0);

/**
 * Rolls a skill check; `rolls` holds the kept value of each die, `rerolled` the dice rolled again
 * and `replaced` what each of those showed first.
 */
export function rollSkill(
  src: DiceSource,
  c: SkillCheck,
): { successes: number; rolls: number[]; rerolled: number[]; replaced: number[] } {
  const n = skillDice(c);
  const rolls: number[] = [];
  for (let i = 0; i < n; i++) rolls.push(src.d(10));
  const rerolled: number[] = [];
  const replaced: number[] = [];
  if (c.reroll) {
    for (let i = 0; i < n; i++) {
      if (rolls[i]! >= c.skill) continue;
      rerolled.push(i);
      replaced.push(rolls[i]!);
      rolls[i] = src.d(10);
      if (c.reroll === 'one') break;
    }
  }
  return { successes: rolls.reduce((s, v) => s + faceValue(v, c.skill, true), 0), rolls, rerolled, replaced };
}

function faceDiePmf(target: number, aces: boolean): Pmf {
  return mapPmf(die(10), (v) => faceValue(v, target, aces));
}

/** Exact distribution of a skill check's successes. */
export function skillPmf(c: SkillCheck): Pmf {
  const one = faceDiePmf(c.skill, true);
  const n = skillDice(c);
  const fail = one.p[0] ?? 0;
  if (c.reroll === 'failed') {
    // A die that fails rolls again once.
    const once = { min: 0, p: one.p.map((q, i) => (i === 0 ? fail * fail : q + fail * q)) };
    return power(once, n);
  }
  if (c.reroll === 'one') {
    // Successes of the dice that did not fail, and whether any failed; then one failed die again.
    let noFail: Pmf = { min: 0, p: [1] };
    let someFail: Pmf = { min: 0, p: [0] };
    const success = { min: 0, p: one.p.map((q, i) => (i === 0 ? 0 : q)) };
    for (let k = 0; k < n; k++) {
      const nf = convolve(noFail, success);
      const sf = convolve(someFail, { min: 0, p: [fail + 0, ...success.p.slice(1)] });
      const add = { min: 0, p: noFail.p.map((q) => q * fail) };
      someFail = sumPmf(sf, add);
      noFail = nf;
    }
    return sumPmf(noFail, convolve(someFail, one));
  }
  return power(one, n);
}

function sumPmf(a: Pmf, b: Pmf): Pmf {
  const pairs: [number, number][] = [];
  a.p.forEach((q, i) => pairs.push([a.min + i, q]));
  b.p.forEach((q, i) => pairs.push([b.min + i, q]));
  return fromPairs(pairs);
}

// ---------------------------------------------------------------- Armour checks (BLKOUT)

/** An armour check: Armour X/Y rolls X d10, each >= Y blocks one damage (no aces). */
export interface ArmourCheck {
  dice: number;
  target: number;
  /** Sustained (X): successful dice must be re-rolled, X re-rolls in all, until used or all fail. */
  sustained?: number;
}

/** Rolls an armour check. */
export function rollArmour(src: DiceSource, c: ArmourCheck): { blocked: number; rolls: number[]; rerolls: number } {
  const rolls: number[] = [];
  for (let i = 0; i < Math.max(0, c.dice); i++) rolls.push(src.d(10));
  let left = c.sustained ?? 0;
  let rerolls = 0;
  // Re-roll a successful die while re-rolls remain (the first success each time).
  while (left > 0) {
    const i = rolls.findIndex((v) => v >= c.target);
    if (i < 0) break;
    rolls[i] = src.d(10);
    left--;
    rerolls++;
  }
  return { blocked: rolls.filter((v) => v >= c.target).length, rolls, rerolls };
}

/** Exact distribution of blocked damage. */
export function armourPmf(c: ArmourCheck): Pmf {
  const p = Math.min(1, Math.max(0, (11 - c.target) / 10));
  let dist = power({ min: 0, p: [1 - p, p] }, Math.max(0, c.dice));
  for (let r = 0; r < (c.sustained ?? 0); r++) {
    // One re-roll of a successful die: with p it stays a success, else one success is lost.
    const next = new Array<number>(dist.p.length).fill(0);
    dist.p.forEach((q, s) => {
      if (s === 0) next[0]! += q;
      else {
        next[s]! += q * p;
        next[s - 1]! += q * (1 - p);
      }
    });
    dist = { min: 0, p: next };
  }
  return dist;
}

// ---------------------------------------------------------------- d6 tests and to-hit

/** A d6 test: roll-over (d6 + modifier >= target) or roll-under (d6 - modifier <= target). */
export interface D6Test {
  target: number;
  modifier?: number;
  under?: boolean;
  /** A natural 1 always fails (roll-over) or always succeeds (roll-under) when set; natural 6 the other way. */
  naturals?: boolean;
}

/** Whether a d6 face passes the test. */
export function d6Passes(t: D6Test, face: number): boolean {
  const m = t.modifier ?? 0;
  if (t.naturals) {
    if (face === 1) return !!t.under;
    if (face === 6) return !t.under;
  }
  return t.under ? face - m <= t.target : face + m >= t.target;
}

/** Rolls a d6 test. */
export function rollD6Test(src: DiceSource, t: D6Test): { pass: boolean; roll: number } {
  const roll = src.d(6);
  return { pass: d6Passes(t, roll), roll };
}

/** Probability that a d6 test passes (exact: six faces). */
export function d6TestProbability(t: D6Test): number {
  let n = 0;
  for (let f = 1; f <= 6; f++) if (d6Passes(t, f)) n++;
  return n / 6;
}

/** To-hit with a reliability roll: a natural 1 to hit rolls a d6, and at or under `reliability` the weapon fails. */
export function rollToHit(
  src: DiceSource,
  t: D6Test & { reliability: number },
): { hit: boolean; jammed: boolean; rolls: number[] } {
  const roll = src.d(6);
  if (roll === 1) {
    const r = src.d(6);
    return { hit: d6Passes(t, 1), jammed: r <= t.reliability, rolls: [roll, r] };
  }
  return { hit: d6Passes(t, roll), jammed: false, rolls: [roll] };
}

/** Exact outcome probabilities of a to-hit with reliability. */
export function toHitProbabilities(t: D6Test & { reliability: number }): { hit: number; jammed: number } {
  const jam = (1 / 6) * (Math.max(0, Math.min(6, t.reliability)) / 6);
  let hit = 0;
  for (let f = 1; f <= 6; f++) if (d6Passes(t, f)) hit += 1 / 6;
  return { hit, jammed: jam };
}

// ---------------------------------------------------------------- small dice

/** A d3 (a d6 halved, rounding up). */
export function rollD3(src: DiceSource): number {
  return Math.ceil(src.d(6) / 2);
}

/** A d5 (a d10 halved, rounding up). */
export function rollD5(src: DiceSource): number {
  return Math.ceil(src.d(10) / 2);
}

/** 2d6 summed. */
export function roll2d6(src: DiceSource): number {
  return src.d(6) + src.d(6);
}

/** Distribution of 2d6. */
export const TWO_D6: Pmf = power(die(6), 2);

/** A random direction in whole degrees, 0..359 (counter-clockwise from +x). */
export function rollDirection(src: DiceSource): number {
  return src.d(360) - 1;
}

/** The scatter die: 2 faces HIT, 4 faces an arrow (its direction rolled in degrees). */
export function rollScatter(src: DiceSource): { hit: true } | { hit: false; directionDeg: number } {
  const face = src.d(6);
  return face <= 2 ? { hit: true } : { hit: false, directionDeg: rollDirection(src) };
}

/** Faces of the artillery die. */
export const ARTILLERY_FACES = [2, 4, 6, 8, 10, 'misfire'] as const;

/** The artillery die: 2, 4, 6, 8, 10 or misfire, each one in six. */
export function rollArtillery(src: DiceSource): (typeof ARTILLERY_FACES)[number] {
  return ARTILLERY_FACES[src.d(6) - 1]!;
}

// ---------------------------------------------------------------- d20 with boons and banes

/** d20 + skill against a target number; boons and banes cancel, the rest add dice kept best/worst. */
export interface D20Test {
  skill: number;
  tn: number;
  boons?: number;
  banes?: number;
}

/** Rolls a d20 test: the kept die, total and margin (total - TN; success when >= 0). */
export function rollD20(src: DiceSource, t: D20Test): { kept: number; rolls: number[]; total: number; margin: number } {
  const net = (t.boons ?? 0) - (t.banes ?? 0);
  const rolls: number[] = [];
  for (let i = 0; i < 1 + Math.abs(net); i++) rolls.push(src.d(20));
  const kept = net >= 0 ? Math.max(...rolls) : Math.min(...rolls);
  const total = kept + t.skill;
  return { kept, rolls, total, margin: total - t.tn };
}

/** Distribution of the kept d20 (best of n with boons, worst with banes). */
export function keptD20Pmf(boons = 0, banes = 0): Pmf {
  const net = boons - banes;
  const n = 1 + Math.abs(net);
  const p: number[] = [];
  for (let v = 1; v <= 20; v++) {
    p.push(net >= 0 ? (v ** n - (v - 1) ** n) / 20 ** n : ((21 - v) ** n - (20 - v) ** n) / 20 ** n);
  }
  return { min: 1, p };
}

// ---------------------------------------------------------------- Five Parsecs

/** 1D6 + skill against a fixed number (to hit: 3+, 5+, 6+). */
export function rollSkillD6(
  src: DiceSource,
  skill: number,
  target: number,
): { pass: boolean; roll: number; total: number } {
  const roll = src.d(6);
  return { pass: roll + skill >= target, roll, total: roll + skill };
}

/** 2D6 + the best Savvy (seize the initiative and similar). */
export function roll2d6Plus(src: DiceSource, bonus: number): number {
  return roll2d6(src) + bonus;
}

/** One d6 per crew member against Reactions: a die at or under it acts in the quick phase. */
export function rollReactions(src: DiceSource, crew: number, reactions: number): { quick: number; rolls: number[] } {
  const rolls: number[] = [];
  for (let i = 0; i < crew; i++) rolls.push(src.d(6));
  return { quick: rolls.filter((v) => v <= reactions).length, rolls };
}

/** Distribution of the number acting in the quick phase. */
export function reactionsPmf(crew: number, reactions: number): Pmf {
  const p = Math.max(0, Math.min(6, reactions)) / 6;
  return power({ min: 0, p: [1 - p, p] }, crew);
}

// ---------------------------------------------------------------- roll-offs

/** A roll-off on d`sides` (+ bonuses); ties roll again. Returns the winner and every pair rolled. */
export function rollOff(
  src: DiceSource,
  sides = 10,
  bonusA = 0,
  bonusB = 0,
): { winner: 'a' | 'b'; rounds: [number, number][] } {
  const rounds: [number, number][] = [];
  for (let guard = 0; guard < 10000; guard++) {
    const a = src.d(sides),
      b = src.d(sides);
    rounds.push([a, b]);
    if (a + bonusA !== b + bonusB) return { winner: a + bonusA > b + bonusB ? 'a' : 'b', rounds };
  }
  throw new Error('roll-off did not finish');
}

/** Probability that side A wins a roll-off (ties re-rolled). */
export function rollOffProbability(sides = 10, bonusA = 0, bonusB = 0): number {
  let win = 0,
    lose = 0;
  for (let a = 1; a <= sides; a++) {
    for (let b = 1; b <= sides; b++) {
      if (a + bonusA > b + bonusB) win++;
      else if (a + bonusA < b + bonusB) lose++;
    }
  }
  return win / (win + lose);
}
