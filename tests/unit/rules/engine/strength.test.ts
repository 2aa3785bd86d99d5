import { describe, expect, it } from 'vitest';
import { newMatch, PASS, type Match, type Move } from '../../../../src/rules/engine/match';
import type { Bot } from '../../../../src/rules/engine/contain';
import {
  botAt,
  candidatesOf,
  DEFAULT_LEVEL,
  EASY_SLIP,
  HARD_BUDGET,
  HARD_MARGIN,
  halvingPlan,
  isLevel,
  LEVELS,
  sureGain,
  valueFor,
  type LevelRuleset,
} from '../../../../src/rules/engine/strength';
import type { Ruleset } from '../../../../src/rules/engine/types';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { duel, duelSetup, type DuelAction, type DuelState } from './duel';

const table = fakeTable({
  override: () => ({ distance: () => 12, sight: () => openSight({ hasLos: true, visibleFraction: 1 }) }),
});

/** The duel with each side's hit points as its score. */
const duelWith = (bot: Bot<DuelState, DuelAction>): LevelRuleset<DuelState, DuelAction> => ({
  engine: duel,
  bot,
  summary: (s) => ({ score: { red: s.hp.red, blue: s.hp.blue } }),
});
const waiter: Bot<DuelState, DuelAction> = (m) => (m.window ? PASS : { type: 'wait' });
const shooter: Bot<DuelState, DuelAction> = (m) => (m.window ? PASS : { type: 'shoot' });
const duelAt = (hp: DuelState['hp'], seed: number): Match<DuelState, DuelAction> =>
  newMatch(duel, { ...duelSetup(), hp }, seed);

/** A one-move game: take 1 to 6 counters, or hold. Its own bot always takes six. */
type Take = { type: 'take'; n: number } | { type: 'hold' };
const takeGame: Ruleset<{ taken: number | null }, Take> = {
  id: 'take',
  players: () => ['A', 'B'],
  currentPlayer: () => 'A',
  legalActions: () => [...[1, 2, 3, 4, 5, 6].map((n) => ({ type: 'take' as const, n })), { type: 'hold' as const }],
  apply: (_s, a) => ({ state: { taken: a.type === 'take' ? a.n : 0 }, events: [] }),
  reactionWindow: () => null,
  outcome: (s) => (s.taken === null ? null : { winner: s.taken >= 6 ? 'A' : 'B', score: { A: s.taken, B: 0 } }),
};
const takeSix: LevelRuleset<{ taken: number | null }, Take> = {
  engine: takeGame,
  bot: () => ({ type: 'take', n: 6 }),
  summary: (s) => ({ score: { A: s.taken ?? 0, B: 0 } }),
};

describe('strengths', () => {
  it('are easy, normal and hard, normal by default', () => {
    expect(LEVELS).toEqual(['easy', 'normal', 'hard']);
    expect(DEFAULT_LEVEL).toBe('normal');
    expect(LEVELS.every(isLevel)).toBe(true);
    expect(isLevel('expert')).toBe(false);
    expect(isLevel(undefined)).toBe(false);
  });

  it('Normal is the ruleset’s own bot', () => {
    expect(botAt(duelWith(waiter), 'normal')).toBe(waiter);
  });
});

describe('Easy', () => {
  const easy = botAt(takeSix, 'easy');
  // Seeds 1-400, one decision each.
  const picks = Array.from({ length: 400 }, (_, i) => easy(newMatch(takeGame, { taken: null }, i + 1), 'A', table)!);

  it('slips at about its share of decisions, and otherwise plays Normal’s move', () => {
    const slips = picks.filter((p) => !(p.type === 'take' && p.n === 6)).length / picks.length;
    expect(slips).toBeGreaterThan(EASY_SLIP - 0.08);
    expect(slips).toBeLessThan(EASY_SLIP + 0.08);
  });

  it('slips only to a move of the same kind (another count taken, never a hold)', () => {
    expect(picks.every((p) => p.type === 'take')).toBe(true);
    const counts = new Set(picks.map((p) => (p as { n: number }).n));
    expect([...counts].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('chooses the same for the same match (seed 9)', () => {
    const m = newMatch(takeGame, { taken: null }, 9);
    expect(easy(m, 'A', table)).toEqual(easy(m, 'A', table));
  });
});

describe('Hard', () => {
  it('finds the winning shot a passive Normal would not take (seed 3: blue on its last hit point)', () => {
    const m = duelAt({ red: 2, blue: 1 }, 3);
    expect(waiter(m, 'red', table)).toEqual({ type: 'wait' });
    expect(botAt(duelWith(waiter), 'hard')(m, 'red', table)).toEqual({ type: 'shoot' });
  });

  it('keeps Normal’s move when no other scores better by its margin (seeds 1-5)', () => {
    for (const seed of [1, 2, 3, 4, 5])
      expect(botAt(duelWith(shooter), 'hard')(duelAt({ red: 2, blue: 1 }, seed), 'red', table)).toEqual({
        type: 'shoot',
      });
  });

  it('does not read the match’s own next dice: the same position at another point of the stream decides alike', () => {
    const hard = botAt(duelWith(waiter), 'hard');
    for (const seed of [1, 2, 3, 4]) {
      const m = duelAt({ red: 2, blue: 2 }, seed);
      const later = { ...m, rng: { ...m.rng, n: m.rng.n + 7 } };
      expect(hard(later, 'red', table)).toEqual(hard(m, 'red', table));
    }
  });

  it('compares Normal’s move first, then one of each other kind, within its width', () => {
    const legal: Move<Take>[] = [...[1, 2, 3, 4, 5, 6].map((n) => ({ type: 'take' as const, n })), { type: 'hold' }];
    const tie = (k: string) => ((k.length * 7919) % 101) / 101;
    const c = candidatesOf(legal, { type: 'take', n: 6 }, tie, 3);
    expect(c).toHaveLength(3);
    expect(c[0]).toEqual({ type: 'take', n: 6 });
    expect(c[1]).toEqual({ type: 'hold' });
    expect(c[2]!.type).toBe('take');
    expect(candidatesOf(legal, { type: 'take', n: 6 }, tie, HARD_BUDGET.width)).toHaveLength(HARD_BUDGET.width);
  });
});

describe('halvingPlan', () => {
  it('spends width x samples rollouts in equal shares over the rounds, halving the moves still compared', () => {
    // 24 rollouts over 3 rounds of 8: 6 moves x 1, the best 3 to 3 each, the best 2 to 7 each.
    expect(halvingPlan(6, 4)).toEqual([
      { alive: 6, samples: 1 },
      { alive: 3, samples: 3 },
      { alive: 2, samples: 7 },
    ]);
    expect(halvingPlan(4, 3)).toEqual([
      { alive: 4, samples: 1 },
      { alive: 2, samples: 4 },
    ]);
    // Two moves: one round, all the samples.
    expect(halvingPlan(2, 6)).toEqual([{ alive: 2, samples: 6 }]);
    for (const [w, n] of [
      [6, 4],
      [8, 4],
      [5, 5],
      [3, 2],
    ] as const) {
      const plan = halvingPlan(w, n);
      const spent = plan.reduce((sum, r, i) => sum + r.alive * (r.samples - (plan[i - 1]?.samples ?? 0)), 0);
      expect(spent).toBeLessThanOrEqual(w * n);
      expect(plan.at(-1)!.alive).toBe(2);
    }
  });
});

describe('sureGain', () => {
  it('is the mean gain on the same dice, less its standard error and the margin', () => {
    // Gains 4, 4, 4, 4: no spread.
    expect(sureGain([5, 5, 5, 5], [1, 1, 1, 1])).toBe(4 - HARD_MARGIN);
    // Gains 0, 8, 0, 8: mean 4, sd 4.62, standard error 2.31.
    expect(sureGain([1, 9, 1, 9], [1, 1, 1, 1])).toBeCloseTo(4 - Math.sqrt(64 / 3) / 2 - HARD_MARGIN, 9);
    // One lucky sample of four (a won game, +100) is not a sure gain over a steady +1.
    expect(sureGain([100, 0, 0, 0], [1, 1, 1, 1])).toBeLessThan(0);
  });
});

describe('valueFor', () => {
  const entry = duelWith(waiter);
  it('is 100 for a won game, -100 for a lost one', () => {
    expect(valueFor(entry, { ...duelSetup(), hp: { red: 1, blue: 0 } }, 'red')).toBe(100);
    expect(valueFor(entry, { ...duelSetup(), hp: { red: 1, blue: 0 } }, 'blue')).toBe(-100);
  });
  it('counts 2 a point of score ahead while the game goes on', () => {
    expect(valueFor(entry, { ...duelSetup(), hp: { red: 2, blue: 1 } }, 'red')).toBe(2);
    expect(valueFor(entry, { ...duelSetup(), hp: { red: 2, blue: 1 } }, 'blue')).toBe(-2);
    expect(valueFor(entry, duelSetup(), 'red')).toBe(0);
  });
});
