/**
 * The opponent's strength: Easy, Normal or Hard, for every ruleset, built around the ruleset's own bot
 * (which is Normal).
 *
 * - **Easy** plays Normal's kind of move but, at a share of its decisions (`EASY_SLIP`), another move of
 *   the same kind: another spot for the same move, another target for the same attack. Plausible, and
 *   weaker; never a random action of another kind.
 * - **Hard** looks ahead: it takes Normal's choice and a few other legal moves (`HARD_BUDGET.width`, at
 *   least one of each other kind), plays each out several times for a number of moves (`depth`) with
 *   Normal's play on both sides and dice drawn from the engine's own rolls, and keeps the move whose
 *   outcomes score best (`valueFor`). The samples are spent by successive halving (`halvingPlan`): every
 *   move gets a few, the better half more, and so on, so the moves that might beat Normal's get the most. The samples roll fresh dice seeded from the
 *   match, never the match's own stream (which would be reading the future), and each candidate meets
 *   the same dice (common random numbers), so they are compared on the same luck. Another move must beat
 *   Normal's by more than the samples' noise (`sureGain`), so luck does not make it swap a good move for a
 *   worse one.
 *   Its budget counts simulated moves, not milliseconds: the same match gives the same decision on every
 *   machine, so a seed and its actions still replay exactly.
 *
 * Every draw comes from the match (its seed and the decision's place in the log), so a level's games are
 * as repeatable as Normal's.
 */
import { rngState, hash32 } from '../dice/rng';
import { act, decider, legalMoves, type Match, type Move } from './match';
import type { Bot } from './contain';
import type { Table } from './queries';
import { tieBreaker } from './tieBreak';
import { isError, type Action, type PlayerId, type Ruleset } from './types';

/** The strengths, weakest first. */
export const LEVELS = ['easy', 'normal', 'hard'] as const;
/** A strength. */
export type Level = (typeof LEVELS)[number];
/** The strength when none is named (`battle --ai`, the set-up panel, an older save). */
export const DEFAULT_LEVEL: Level = 'normal';

/** Whether a value names a strength. */
export function isLevel(x: unknown): x is Level {
  return typeof x === 'string' && (LEVELS as readonly string[]).includes(x);
}

/** The share of Easy's decisions where it takes another move of the same kind as Normal's. */
export const EASY_SLIP = 0.6;

/** How Hard searches: moves compared, samples of each, moves simulated per sample. */
export interface HardBudget {
  width: number;
  samples: number;
  depth: number;
}
/**
 * Hard's budget by default: 6 moves compared, 4 samples' worth each (24 rollouts, spent by `halvingPlan`:
 * 6 moves x 1, the best 3 to 3, the best 2 to 7; 20 in all), 8 moves simulated a rollout: 160 moves a decision.
 */
export const HARD_BUDGET: HardBudget = { width: 6, samples: 4, depth: 8 };
/** How much better (in `valueFor` points, a model is 3) another move must score than Normal's to be taken. */
export const HARD_MARGIN = 1;

/**
 * How much better one move's samples are than Normal's on the same dice, counting only what is sure:
 * the mean gain less its standard error and `HARD_MARGIN` (0 or less: not better). A lucky sample or two
 * does not outweigh the ruleset's own judgement.
 */
export function sureGain(samples: readonly number[], normal: readonly number[]): number {
  const d = samples.map((v, i) => v - normal[i]!);
  const n = d.length;
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  return mean - sd / Math.sqrt(n) - HARD_MARGIN;
}

/** What a level's bot needs of a ruleset: its engine, its own (Normal) bot, its summary's score and its standing. */
export interface LevelRuleset<S, A extends Action> {
  engine: Ruleset<S, A>;
  bot: Bot<S, A>;
  summary: (s: S) => { score: Record<string, number> | null };
  /** How well a side stands beyond score and models (define.ts `standing`); absent: 0. */
  standing?: (s: S, who: PlayerId) => number;
}

/** The ruleset's bot at a strength (Normal: its own bot). */
export function botAt<S, A extends Action>(
  entry: LevelRuleset<S, A>,
  level: Level,
  budget: HardBudget = HARD_BUDGET,
): Bot<S, A> {
  switch (level) {
    case 'normal':
      return entry.bot;
    case 'easy':
      return easyBot(entry);
    case 'hard':
      return hardBot(entry, budget);
  }
}

const json = (x: unknown) => JSON.stringify(x);

/** The ruleset's bot, slipping to another move of the same kind at `EASY_SLIP` of its decisions. */
export function easyBot<S, A extends Action>(entry: LevelRuleset<S, A>): Bot<S, A> {
  return (m, who, table) => {
    const move = entry.bot(m, who, table);
    if (!move) return move;
    const tie = tieBreaker(m, `${who}|easy`);
    if (tie('slip') >= EASY_SLIP) return move;
    const chosen = json(move);
    const others = legalMoves(entry.engine, m, who, table).filter((x) => x.type === move.type && json(x) !== chosen);
    let pick: Move<A> = move,
      lowest = Infinity;
    for (const x of others) {
      const t = tie(json(x));
      if (t < lowest) [pick, lowest] = [x, t];
    }
    return pick;
  };
}

/** `valueFor`'s points: a won game, a point of score ahead, a model on the table (a ruleset's `standing` counts in them). */
export const WIN_POINTS = 100;
export const SCORE_POINTS = 2;
export const MODEL_POINTS = 3;

/**
 * How good a state is for `who`, in points: a won game 100 (lost -100), each point of score ahead 2,
 * each model more on the table than the other side 3, and the ruleset's own `standing` (wounds, models
 * down, objectives held).
 */
export function valueFor<S, A extends Action>(entry: LevelRuleset<S, A>, state: S, who: PlayerId): number {
  const outcome = entry.engine.outcome(state);
  if (outcome) return outcome.winner === who ? WIN_POINTS : outcome.winner === null ? 0 : -WIN_POINTS;
  let v = 0;
  const score = entry.summary(state).score;
  if (score)
    for (const [side, points] of Object.entries(score)) v += (side === who ? SCORE_POINTS : -SCORE_POINTS) * points;
  const layout = entry.engine.layout?.(state);
  if (layout) for (const p of Object.values(layout.models)) v += p.side === who ? MODEL_POINTS : -MODEL_POINTS;
  return v + (entry.standing?.(state, who) ?? 0);
}

/** The moves Hard compares: Normal's, one of each other kind, then others, `width` at most. */
export function candidatesOf<A extends Action>(
  legal: readonly Move<A>[],
  normal: Move<A>,
  tie: (key: string) => number,
  width: number,
): Move<A>[] {
  const chosen = json(normal);
  const rest = legal
    .filter((x) => json(x) !== chosen)
    .map((x) => [x, tie(json(x))] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([x]) => x);
  const out: Move<A>[] = [normal];
  const kinds = new Set([normal.type]);
  for (const x of rest)
    if (out.length < width && !kinds.has(x.type)) {
      kinds.add(x.type);
      out.push(x);
    }
  for (const x of rest) if (out.length < width && !out.includes(x)) out.push(x);
  return out;
}

/** One sample: `move` played on dice seeded by `seed`, then Normal's play on both sides for `depth` moves. */
function sample<S, A extends Action>(
  entry: LevelRuleset<S, A>,
  m: Match<S, A>,
  who: PlayerId,
  move: Move<A>,
  table: Table,
  seed: number,
  depth: number,
): number {
  const first = act(entry.engine, { ...m, rng: rngState(seed) }, who, move, table);
  if (isError(first)) return -Infinity;
  let sim = first.match;
  for (let i = 0; i < depth; i++) {
    const next = decider(entry.engine, sim);
    if (!next) break;
    const reply = entry.bot(sim, next, table);
    if (!reply) break;
    const r = act(entry.engine, sim, next, reply, table);
    if (isError(r)) break;
    sim = r.match;
  }
  return valueFor(entry, sim.state, who);
}

/**
 * How many samples each candidate still in the race has after each round of `halving`: the budget
 * (`width` x `samples` rollouts) is spent in equal shares over the rounds, and each round keeps the
 * better half (Normal's move always stays), so the moves that might beat Normal's get the most samples.
 */
export function halvingPlan(width: number, samples: number): { alive: number; samples: number }[] {
  const rounds = Math.max(1, Math.ceil(Math.log2(Math.max(2, width))));
  const share = (width * samples) / rounds;
  const plan: { alive: number; samples: number }[] = [];
  let alive = width,
    total = 0;
  for (let r = 0; r < rounds; r++) {
    total += Math.max(1, Math.floor(share / alive));
    plan.push({ alive, samples: total });
    alive = Math.max(2, Math.ceil(alive / 2));
  }
  return plan;
}

/** The ruleset's bot, looking ahead by simulated play within `budget` (successive halving: `halvingPlan`). */
export function hardBot<S, A extends Action>(entry: LevelRuleset<S, A>, budget: HardBudget): Bot<S, A> {
  return (m, who, table) => {
    const normal = entry.bot(m, who, table);
    if (!normal) return normal;
    const legal = legalMoves(entry.engine, m, who, table);
    if (legal.length < 2) return normal;
    const tie = tieBreaker(m, `${who}|hard`);
    const candidates = candidatesOf(legal, normal, tie, budget.width);
    const seedOf = (i: number) => hash32((m.rng.seed ^ 0x4a2d5eed) >>> 0, m.log.length * 64 + i);
    // Each candidate's outcomes, sample i on seed i for all of them (common random numbers).
    const runs = candidates.map(() => [] as number[]);
    const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    let alive = candidates.map((_, i) => i);
    for (const round of halvingPlan(candidates.length, budget.samples)) {
      alive = alive.slice(0, round.alive);
      for (const i of alive)
        while (runs[i]!.length < round.samples)
          runs[i]!.push(sample(entry, m, who, candidates[i]!, table, seedOf(runs[i]!.length), budget.depth));
      // The better half goes on, Normal's move (index 0) first whatever its mean.
      alive = [0, ...alive.filter((i) => i !== 0).sort((a, b) => mean(runs[b]!) - mean(runs[a]!) || a - b)];
    }
    let best = normal,
      bestGain = 0;
    for (const i of alive.slice(1)) {
      const n = runs[i]!.length;
      const gain = sureGain(runs[i]!, runs[0]!.slice(0, n));
      if (gain > bestGain) [best, bestGain] = [candidates[i]!, gain];
    }
    return best;
  };
}
