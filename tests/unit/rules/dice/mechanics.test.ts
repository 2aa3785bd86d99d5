import { describe, expect, it } from 'vitest';
import {
  armourPmf,
  d6TestProbability,
  keptD20Pmf,
  poolPmf,
  reactionsPmf,
  rollArmour,
  rollArtillery,
  rollD20,
  rollD6Test,
  rollOff,
  rollOffProbability,
  rollPool,
  rollReactions,
  rollScatter,
  rollSkill,
  rollToHit,
  skillPmf,
  toHitProbabilities,
  TWO_D6,
  roll2d6,
  type ArmourCheck,
  type PoolCheck,
  type SkillCheck,
} from '../../../../src/rules/dice/mechanics';
import { prob, type Pmf } from '../../../../src/rules/dice/pmf';
import { rngState } from '../../../../src/rules/dice/rng';
import { scriptedDice, seededDice, ScriptError } from '../../../../src/rules/dice/source';
import { enumerate } from './enumerate';

function total(d: Pmf): number {
  return d.p.reduce((a, b) => a + b, 0);
}

/** The PMF equals the enumeration of every face sequence (within what enumeration dropped). */
function matchesEnumeration(pmf: Pmf, run: Parameters<typeof enumerate>[0], maxDice = 12): void {
  const { dist, lost } = enumerate(run, maxDice);
  for (const [v, p] of dist) expect(Math.abs(prob(pmf, v) - p), `value ${v}`).toBeLessThanOrEqual(lost + 1e-12);
  for (let i = 0; i < pmf.p.length; i++)
    expect(Math.abs((dist.get(pmf.min + i) ?? 0) - pmf.p[i]!)).toBeLessThanOrEqual(lost + 1e-12);
}

/** The seeded sampler's frequencies agree with the PMF (4 standard errors). */
function samplerAgrees(
  pmf: Pmf,
  sample: (src: ReturnType<typeof seededDice>) => number,
  seed: number,
  n = 20000,
): void {
  const src = seededDice(rngState(seed));
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const v = sample(src);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  for (let i = 0; i < pmf.p.length; i++) {
    const p = pmf.p[i]!;
    const f = (counts.get(pmf.min + i) ?? 0) / n;
    expect(Math.abs(f - p), `value ${pmf.min + i}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-3);
  }
}

describe('d10 pools with exploding dice (Counterblast)', () => {
  const cases: PoolCheck[] = [
    { dice: 2, difficulty: 7 },
    { dice: 3, difficulty: 8, explodeOn: 9 },
    { dice: 1, difficulty: 7, explodeOn: 8 },
  ];
  it.each(cases)('PMF matches enumeration and sums to 1: %o', (c) => {
    const pmf = poolPmf(c);
    expect(total(pmf)).toBeCloseTo(1, 12);
    matchesEnumeration(pmf, (src) => rollPool(src, c).successes, 7);
  });
  it('seeded sampler agrees with the PMF (seed 101)', () =>
    samplerAgrees(poolPmf({ dice: 5, difficulty: 7 }), (s) => rollPool(s, { dice: 5, difficulty: 7 }).successes, 101));
  it('scripted: 10 explodes into another die, and pools cap at 10 dice', () => {
    expect(rollPool(scriptedDice([10, 7, 3]), { dice: 2, difficulty: 7 })).toEqual({ successes: 2, rolls: [10, 7, 3] });
    expect(rollPool(scriptedDice([9, 9, 2, 1]), { dice: 2, difficulty: 7, explodeOn: 9 })).toEqual({
      successes: 2,
      rolls: [9, 9, 2, 1],
    });
    expect(rollPool(scriptedDice(new Array(10).fill(1)), { dice: 14, difficulty: 7 }).rolls).toHaveLength(10);
    expect(rollPool(scriptedDice([]), { dice: 0, difficulty: 7 }).successes).toBe(0);
  });
});

describe('2D10 skill checks (BLKOUT)', () => {
  const cases: SkillCheck[] = [
    { skill: 4 },
    { skill: 5, modifier: 1 },
    { skill: 4, modifier: -1 },
    { skill: 6, modifier: -3 },
    { skill: 4, hard: true },
    { skill: 5, reroll: 'failed' },
    { skill: 5, modifier: 1, reroll: 'one' },
  ];
  it.each(cases)('PMF matches enumeration: %o', (c) => {
    const pmf = skillPmf(c);
    expect(total(pmf)).toBeCloseTo(1, 12);
    matchesEnumeration(pmf, (src) => rollSkill(src, c).successes);
  });
  it('seeded sampler agrees with the PMF (seed 202)', () =>
    samplerAgrees(skillPmf({ skill: 4, modifier: 1 }), (s) => rollSkill(s, { skill: 4, modifier: 1 }).successes, 202));
  it('scripted: an ace counts two, never fewer than one die, a Hard check rolls one', () => {
    expect(rollSkill(scriptedDice([10, 4]), { skill: 4 }).successes).toBe(3);
    expect(rollSkill(scriptedDice([3]), { skill: 4, modifier: -5 }).rolls).toEqual([3]);
    expect(rollSkill(scriptedDice([10]), { skill: 4, hard: true, modifier: 2 }).successes).toBe(2);
    expect(rollSkill(scriptedDice([2, 9, 7]), { skill: 5, reroll: 'failed' })).toEqual({
      successes: 2,
      rolls: [7, 9],
      rerolled: [0],
      replaced: [2],
    });
  });
});

describe('armour checks and Sustained (BLKOUT)', () => {
  const cases: ArmourCheck[] = [
    { dice: 2, target: 6 },
    { dice: 1, target: 6, sustained: 2 },
    { dice: 3, target: 5, sustained: 1 },
  ];
  it.each(cases)('PMF matches enumeration: %o', (c) => {
    const pmf = armourPmf(c);
    expect(total(pmf)).toBeCloseTo(1, 12);
    matchesEnumeration(pmf, (src) => rollArmour(src, c).blocked);
  });
  it("the text's example: Armour 1/6 against Sustained (2) re-rolls a success until it fails, at most twice", () => {
    expect(rollArmour(scriptedDice([8, 9, 7]), { dice: 1, target: 6, sustained: 2 })).toEqual({
      blocked: 1,
      rolls: [7],
      rerolls: 2,
    });
    expect(rollArmour(scriptedDice([8, 2]), { dice: 1, target: 6, sustained: 2 })).toEqual({
      blocked: 0,
      rolls: [2],
      rerolls: 1,
    });
    expect(rollArmour(scriptedDice([3]), { dice: 1, target: 6, sustained: 2 })).toEqual({
      blocked: 0,
      rolls: [3],
      rerolls: 0,
    });
    // No aces in armour checks: a 10 blocks one.
    expect(rollArmour(scriptedDice([10, 10]), { dice: 2, target: 6 }).blocked).toBe(2);
  });
  it('seeded sampler agrees with the PMF (seed 303)', () =>
    samplerAgrees(
      armourPmf({ dice: 3, target: 6, sustained: 2 }),
      (s) => rollArmour(s, { dice: 3, target: 6, sustained: 2 }).blocked,
      303,
    ));
});

describe('d6 tests, to-hit and reliability (skirmish-ru, Five Parsecs)', () => {
  it('roll-over and roll-under with naturals', () => {
    expect(d6TestProbability({ target: 4 })).toBeCloseTo(3 / 6, 12);
    expect(d6TestProbability({ target: 4, modifier: 5, naturals: true })).toBeCloseTo(5 / 6, 12);
    expect(d6TestProbability({ target: 3, under: true })).toBeCloseTo(3 / 6, 12);
    expect(d6TestProbability({ target: 0, under: true, naturals: true })).toBeCloseTo(1 / 6, 12);
    expect(rollD6Test(scriptedDice([1]), { target: 2, modifier: 3, naturals: true }).pass).toBe(false);
  });
  it('a natural 1 to hit rolls reliability; at or under it the weapon jams (exact and seeded 404)', () => {
    expect(rollToHit(scriptedDice([1, 2]), { target: 4, reliability: 2 })).toEqual({
      hit: false,
      jammed: true,
      rolls: [1, 2],
    });
    expect(rollToHit(scriptedDice([5]), { target: 4, reliability: 2 })).toEqual({
      hit: true,
      jammed: false,
      rolls: [5],
    });
    const p = toHitProbabilities({ target: 4, reliability: 2 });
    expect(p).toEqual({ hit: 0.5, jammed: 1 / 18 });
    const src = seededDice(rngState(404));
    let jams = 0;
    const n = 30000;
    for (let i = 0; i < n; i++) if (rollToHit(src, { target: 4, reliability: 2 }).jammed) jams++;
    expect(Math.abs(jams / n - 1 / 18)).toBeLessThan(4 * Math.sqrt(((1 / 18) * (17 / 18)) / n));
  });
});

describe('d20 with boons and banes (rpg-attacks)', () => {
  it.each([
    [0, 0],
    [2, 0],
    [0, 1],
    [3, 1],
  ] as const)('kept-die PMF with %s boons and %s banes matches enumeration', (boons, banes) => {
    const pmf = keptD20Pmf(boons, banes);
    expect(total(pmf)).toBeCloseTo(1, 12);
    matchesEnumeration(pmf, (src) => rollD20(src, { skill: 0, tn: 0, boons, banes }).kept);
  });
  it('boons and banes cancel; margin is total minus TN', () => {
    expect(rollD20(scriptedDice([7]), { skill: 5, tn: 10, boons: 2, banes: 2 })).toEqual({
      kept: 7,
      rolls: [7],
      total: 12,
      margin: 2,
    });
    expect(rollD20(scriptedDice([3, 18]), { skill: 0, tn: 10, banes: 1 }).kept).toBe(3);
  });
});

describe('Five Parsecs, roll-offs, scatter and artillery dice', () => {
  it('2d6 and reactions match enumeration; a seeded sampler agrees (seed 505)', () => {
    matchesEnumeration(TWO_D6, (src) => roll2d6(src));
    matchesEnumeration(reactionsPmf(3, 4), (src) => rollReactions(src, 3, 4).quick);
    samplerAgrees(reactionsPmf(5, 3), (s) => rollReactions(s, 5, 3).quick, 505);
  });
  it('a roll-off re-rolls ties; its win probability is exact', () => {
    expect(rollOff(scriptedDice([4, 4, 2, 9]))).toEqual({
      winner: 'b',
      rounds: [
        [4, 4],
        [2, 9],
      ],
    });
    expect(rollOffProbability(10)).toBeCloseTo(0.5, 12);
    expect(rollOffProbability(10, 1, 0)).toBeCloseTo(55 / (55 + 36), 12);
    const src = seededDice(rngState(606));
    let a = 0;
    for (let i = 0; i < 20000; i++) if (rollOff(src, 10, 1, 0).winner === 'a') a++;
    expect(Math.abs(a / 20000 - 55 / 91)).toBeLessThan(0.015);
  });
  it('scatter die: HIT on two faces, else an arrow with a direction; artillery die faces', () => {
    expect(rollScatter(scriptedDice([2]))).toEqual({ hit: true });
    expect(rollScatter(scriptedDice([5, 91]))).toEqual({ hit: false, directionDeg: 90 });
    expect([1, 2, 3, 4, 5, 6].map((f) => rollArtillery(scriptedDice([f])))).toEqual([2, 4, 6, 8, 10, 'misfire']);
  });
});

describe('dice sources', () => {
  it('the seeded PRNG replays exactly from its state and is uniform enough (seed 707)', () => {
    const a = seededDice(rngState(707));
    const first = Array.from({ length: 50 }, () => a.d(10));
    const b = seededDice(rngState(707));
    expect(Array.from({ length: 50 }, () => b.d(10))).toEqual(first);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual({ seed: 707, n: a.state.n });
    samplerAgrees({ min: 1, p: new Array(6).fill(1 / 6) }, (s) => s.d(6), 707);
  });
  it('a script that runs out or does not fit the die is a clear error', () => {
    expect(() => scriptedDice([]).d(6)).toThrow(ScriptError);
    expect(() => scriptedDice([7]).d(6)).toThrow('scripted roll #1 is 7, which a d6 cannot show');
  });
});
