/**
 * `npm run bench -- --battles [--games=N] [--json]`: whole headless games per playable ruleset, with
 * its shipped scenario and forces: the AI against random legal play (each side in turn), a mirror
 * match (every shipped force against itself over the seeds, each seed the next of each set-up option's
 * choices, so every force's own mechanics and every special rule are played), and the default forces
 * against each other. Reports
 * milliseconds per AI-vs-AI game and the win shares (a draw counts half). The issue's goals use
 * `--games=20`; the default is small, because a BLKOUT game takes seconds today.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { playGame, type Player } from '../../src/cli/headless';
import { worldFromFile } from '../../src/cli/sceneFromDisk';
import { cachedMesh } from '../../src/io/meshCache';
import { LeverTally } from '../../src/rules/engine/levers';
import type { Level } from '../../src/rules/engine/strength';
import { RULESETS, type AnyRuleset } from '../../src/rulesetsLoaded';
import { worldQueries } from '../../src/state/worldQueries';
import type { Figure } from './harness';

/** The figures of one ruleset, as the issue names them. */
export interface BattleFigures {
  /** Wall-clock milliseconds per AI-vs-AI game (the issue's figure). */
  msPerGame: number;
  /** The same games in CPU milliseconds of this process (steadier on a shared, busy machine). */
  cpuMsPerGame: number;
  /** The slowest of those games, wall-clock and CPU milliseconds. */
  maxMsPerGame: number;
  maxCpuMsPerGame: number;
  games: number;
  /** Normal's milliseconds per decision in those games: the mean and the slowest (the issue's goal: ≤ 300). */
  msPerDecision: number;
  maxMsPerDecision: number;
  winsVsRandom: number;
  /** Null where side B cannot field side A's force (Five Parsecs: a crew against an enemy type). */
  mirrorWinShareA: number | null;
  /** The mirror games played: every force against itself, `games` seeds each. */
  mirrorGames: number;
  forcesWinShare: Record<string, number>;
  /** How often the AI used each of the ruleset's mechanics over its AI-vs-AI games (`levers`; 0: never). */
  mechanics: Record<string, number>;
  /** The share of the AI's decisions that did nothing while something useful was legal. */
  idleShare: number;
  /** Each resource the AI let go unspent, summed over the games. */
  wasted: Record<string, number>;
  /** Win shares of the stronger level over the weaker, same seeds, alternating sides (the stronger is A in odd seeds). */
  hardVsNormal: number;
  normalVsEasy: number;
  /** How many games each of those played: Easy's the bench's `games`, Hard's `--hard-games` (it searches, so it is slow). */
  levelGames: { normalVsEasy: number; hardVsNormal: number };
  /** The forces those games were played with (the most even pairing). */
  levelForces: string;
  /** Hard's mean milliseconds per decision in those games (wall-clock, its game's time over its decisions). */
  hardMsPerDecision: number;
  /** Distinct sequences of the first five actions over the AI-vs-AI games. */
  openings: number;
}

/** Share of games side `side` won (a draw counts half). */
const share = (winners: readonly (string | null)[], side: string) =>
  winners.reduce((n, w) => n + (w === side ? 1 : w === null ? 0.5 : 0), 0) / winners.length;

async function rulesetFigures(
  entry: AnyRuleset,
  games: number,
  hardGames: number,
  log: (line: string) => void,
): Promise<BattleFigures> {
  const loaded = await worldFromFile(entry.scenario);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { scene, world } = loaded.value;
  const q = worldQueries({ ...scene, models: [] }, cachedMesh, world);
  const parsed = entry.forces.parse(readFileSync(entry.forces.file, 'utf8'), entry.forces.file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const data = parsed.value;
  const setup = (A: string, B: string, options?: Record<string, string>) =>
    entry.setupByIds(scene.table, data, { A, B }, options);
  /** The set-up options of seed `seed`'s lever-counting games: each option's choices in turn (BLKOUT: each special rule; not those that seat the players). */
  const optionsOf = (seed: number): Record<string, string> =>
    Object.fromEntries(
      entry.play.options.filter((o) => !o.seats).map((o) => [o.id, o.choices[(seed - 1) % o.choices.length]!.value]),
    );
  const tally = new LeverTally(entry.levers, entry.id);
  const openings = new Set<string>();
  let lastLog: readonly { player: string }[] = [];
  const winner = (
    initial: unknown,
    seed: number,
    players: readonly [Player, Player],
    count: 'levers' | 'openings' | false = false,
    levels?: readonly [Level, Level],
    onDecision?: (ms: number) => void,
  ) => {
    const { match } = playGame(entry, initial, q, {
      seed,
      players,
      ...(onDecision ? { onDecision } : {}),
      ...(levels ? { levels } : {}),
      ...(count ? { onStep: (step, by) => by === 'ai' && tally.add(step) } : {}),
    });
    if (count === 'openings') openings.add(JSON.stringify(match.log.slice(0, 5).map((e) => [e.player, e.action])));
    lastLog = match.log;
    return entry.engine.outcome(match.state)?.winner ?? null;
  };
  const { A, B } = entry.forces.defaults;
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  // The AI against random legal play: A in odd seeds, B in even ones.
  const vsRandom = seeds.map((seed) => {
    const aiSide = seed % 2 ? 'A' : 'B';
    const w = winner(setup(A, B), seed, aiSide === 'A' ? ['ai', 'random'] : ['random', 'ai']);
    return w === aiSide ? 'ai' : w === null ? null : 'random';
  });
  // A mirror match where B may field A's force: every force both sides may field against itself, over
  // the seeds (their levers are counted, so each force's own drills and kit are played); where B may not, the sides
  // field different kinds of force, and A's default plays each force B may field (Five Parsecs: the crew
  // against every enemy type).
  const symmetric = entry.forces.problem(data, A, 'B') === null;
  const mirrored = entry.forces
    .ids(data)
    .filter((id) => entry.forces.problem(data, id, 'A') === null && entry.forces.problem(data, id, 'B') === null);
  const mirror = symmetric
    ? mirrored.flatMap((f) => seeds.map((seed) => winner(setup(f, f, optionsOf(seed)), seed, ['ai', 'ai'], 'levers')))
    : null;
  const opponents = symmetric
    ? [B]
    : entry.forces.ids(data).filter((id) => entry.forces.problem(data, id, 'B') === null);
  // One untimed AI-vs-AI game first (seed 0), so the timings are of warmed-up code as in an app that has been playing.
  winner(setup(A, opponents[0]!), 0, ['ai', 'ai']);
  const times: number[] = [];
  const cpu: number[] = [];
  const decisions: number[] = [];
  const forces = opponents.map((b) =>
    seeds.map((seed) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const w = winner(setup(A, b), seed, ['ai', 'ai'], false, undefined, (ms) => decisions.push(ms));
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
      return w;
    }),
  );
  // The same pairings and seeds again, untimed, each seed with its set-up options (Five Parsecs: each
  // mission in turn), with every decision's levers counted (that needs each step's legal moves).
  for (const b of opponents)
    for (const seed of seeds) winner(setup(A, b, optionsOf(seed)), seed, ['ai', 'ai'], 'openings');
  const levers = tally.figures();
  // Each strength against the next weaker one: the stronger is A in odd seeds, B in even ones. They play
  // the most even pairing, so the strength decides rather than the forces: the mirror match where side B
  // may field A's force, else the opponent whose games against A's default came closest to even.
  const evenest = opponents
    .map((b, i) => [b, Math.abs(share(forces[i]!, 'A') - 0.5)] as const)
    .sort((x, y) => x[1] - y[1])[0]![0];
  const levelForces = symmetric ? setup(A, A) : setup(A, evenest);
  let hardMs = 0,
    hardDecisions = 0;
  const levelShare = (strong: Level, weak: Level, n: number) =>
    share(
      seeds.slice(0, n).map((seed) => {
        const side = seed % 2 ? 'A' : 'B';
        const t0 = performance.now();
        const w = winner(levelForces, seed, ['ai', 'ai'], false, side === 'A' ? [strong, weak] : [weak, strong]);
        if (strong === 'hard') {
          hardMs += performance.now() - t0;
          hardDecisions += lastLog.filter((e) => e.player === side).length;
        }
        return w === side ? 'strong' : w === null ? null : 'weak';
      }),
      'strong',
    );
  const normalVsEasy = levelShare('normal', 'easy', games);
  const hardVsNormal = levelShare('hard', 'normal', hardGames);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const figures: BattleFigures = {
    msPerGame: mean(times),
    cpuMsPerGame: mean(cpu),
    maxMsPerGame: Math.max(...times),
    maxCpuMsPerGame: Math.max(...cpu),
    games,
    msPerDecision: mean(decisions),
    maxMsPerDecision: Math.max(...decisions),
    winsVsRandom: share(vsRandom, 'ai'),
    mirrorWinShareA: mirror ? share(mirror, 'A') : null,
    mirrorGames: mirror?.length ?? 0,
    forcesWinShare: Object.fromEntries(opponents.map((b, i) => [`${A} vs ${b}`, share(forces[i]!, 'A')])),
    mechanics: levers.mechanics,
    idleShare: levers.idleShare,
    wasted: levers.wasted,
    hardVsNormal,
    normalVsEasy,
    levelGames: { normalVsEasy: games, hardVsNormal: hardGames },
    levelForces: symmetric ? `${A} vs ${A}` : `${A} vs ${evenest}`,
    hardMsPerDecision: hardDecisions ? hardMs / hardDecisions : 0,
    openings: openings.size,
  };
  log(
    `${entry.id}: ${games} games each; normal vs easy ${normalVsEasy}, hard vs normal ${hardVsNormal} (${hardGames} games); AI vs random ${vsRandom.join(' ')}; mirror ${mirror ? mirror.join(' ') : 'n/a'}; forces ${forces.map((f, i) => `${opponents[i]}: ${f.join(' ')}`).join('; ')}`,
  );
  return figures;
}

/** Every playable ruleset's battle figures (or only the one whose id is `only`). */
export async function battleFigures(
  games: number,
  log: (line: string) => void,
  only?: string,
  hardGames = Math.min(games, 4),
): Promise<Record<string, BattleFigures>> {
  const out: Record<string, BattleFigures> = {};
  const playable = RULESETS;
  if (only && !playable.some((r) => r.id === only))
    throw new Error(`--rules=${only}: no playable ruleset by that id (${playable.map((r) => r.id).join(', ')})`);
  for (const entry of playable.filter((r) => !only || r.id === only))
    out[entry.id] = await rulesetFigures(entry, games, hardGames, log);
  return out;
}

/** The same figures as table rows. */
export function battleRows(all: Record<string, BattleFigures>): Figure[] {
  return Object.entries(all).flatMap(([id, f]) => [
    { key: `${id}.msPerGame`, value: f.msPerGame, unit: 'ms', target: '≤ 1000', note: 'AI vs AI, default forces' },
    {
      key: `${id}.cpuMsPerGame`,
      value: f.cpuMsPerGame,
      unit: 'ms',
      target: '≤ 1000',
      note: 'the same games, CPU time',
    },
    {
      key: `${id}.maxMsPerDecision`,
      value: f.maxMsPerDecision,
      unit: 'ms',
      target: '≤ 300',
      note: `Normal's slowest decision (mean ${f.msPerDecision.toFixed(1)} ms)`,
    },
    { key: `${id}.winsVsRandom`, value: f.winsVsRandom, unit: 'share', target: '≥ 0.95', note: `${f.games} games` },
    {
      key: `${id}.maxCpuMsPerGame`,
      value: f.maxCpuMsPerGame,
      unit: 'ms',
      target: '≤ 1000',
      note: `the slowest of ${Object.keys(f.forcesWinShare).length * f.games} games, CPU time`,
    },
    ...(f.mirrorWinShareA === null
      ? []
      : [
          {
            key: `${id}.mirrorWinShareA`,
            value: f.mirrorWinShareA,
            unit: 'share',
            target: '0.35-0.65',
            note: `same force both sides, ${f.mirrorGames} games`,
          },
        ]),
    ...Object.entries(f.forcesWinShare).map(([k, v]) => ({
      key: `${id}.forces`,
      value: v,
      unit: 'share A',
      target: '0.30-0.70',
      note: k,
    })),
    {
      key: `${id}.normalVsEasy`,
      value: f.normalVsEasy,
      unit: 'share',
      target: '≥ 0.60',
      note: `${f.levelGames.normalVsEasy} games, ${f.levelForces}`,
    },
    {
      key: `${id}.hardVsNormal`,
      value: f.hardVsNormal,
      unit: 'share',
      target: '≥ 0.60',
      note: `${f.levelGames.hardVsNormal} games, ${f.levelForces}`,
    },
    {
      key: `${id}.hardMsPerDecision`,
      value: f.hardMsPerDecision,
      unit: 'ms',
      target: '≈ 1000',
      note: 'Hard, wall-clock',
    },
    { key: `${id}.idleShare`, value: f.idleShare, unit: 'share', target: '≤ 0.05', note: 'AI decisions idle' },
    { key: `${id}.openings`, value: f.openings, unit: 'count', target: '≥ 10 of 20', note: 'first five actions' },
    ...Object.entries(f.mechanics).map(([k, v]) => ({
      key: `${id}.mechanics`,
      value: v,
      unit: 'uses',
      target: '≥ 1',
      note: k,
    })),
    ...Object.entries(f.wasted).map(([k, v]) => ({
      key: `${id}.wasted`,
      value: v,
      unit: 'lost',
      target: '0',
      note: k,
    })),
  ]);
}
