/**
 * Long tasks on the page's main thread during whole AI-vs-AI games, in real Chromium (software WebGL,
 * the e2e tests' flags), on a production build served by vite preview. For each playable ruleset, one
 * game (seats AI and AI, a fixed seed, animations at the fastest speed the app offers) is played twice
 * in the same run: with the rules engine in its Web Worker (the app as shipped) and with the engine on
 * the main thread (`?engine=main`, the naive way). A PerformanceObserver for 'longtask' (buffered) in
 * the page records every task over 50 ms from the match's start (the load, shader warm-up included, is over by then); a game still going at the time cap is
 * reported as capped. Total blocked time is the sum over long tasks of their time beyond 50 ms. The
 * page runs as players get it (`?shaderChecks=off`: three's synchronous shader checks are on under automation).
 */
import type { Browser } from 'playwright-core';
import { RULESETS } from '../../src/rulesetsLoaded';
import { servedApp } from './servedApp';

/** The engine's home: the worker (as shipped) or the page's main thread (the baseline). */
export const ENGINE_HOMES = ['worker', 'main'] as const;
export type EngineHome = (typeof ENGINE_HOMES)[number];

/** One game's figures. */
export interface GameFigures {
  moves: number;
  finished: boolean;
  capped: boolean;
  seconds: number;
  longTasks: number;
  longestMs: number;
  blockedMs: number;
  /** Shader programs compiled after the load's warm-up (each one a pause in play). */
  compiledInPlay: number | null;
}

/** The seed every game uses. */
const SEED = 1;
/** The fastest animation speed the battle log's speed menu offers. */
const FASTEST = '4';
/** How often the bench reads the match's progress, ms. */
const POLL_MS = 1000;

/** Summarises long-task durations: count, longest, total blocked time (beyond 50 ms each). */
export function longTaskFigures(
  durations: readonly number[],
): Pick<GameFigures, 'longTasks' | 'longestMs' | 'blockedMs'> {
  return {
    longTasks: durations.length,
    longestMs: durations.reduce((m, d) => Math.max(m, d), 0),
    blockedMs: durations.reduce((s, d) => s + Math.max(0, d - 50), 0),
  };
}

async function oneGame(browser: Browser, url: string, rules: string, capSeconds: number): Promise<GameFigures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    // Installed before the app's own scripts, so no long task is missed; `buffered` adds those already queued.
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; ms: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    // The load ends when the table has drawn and the shader warm-up is done: tasks from then on are play's.
    await page.waitForFunction(() => window.tabletop?.renderStats()?.compiledInPlay != null, undefined, {
      timeout: 120_000,
      polling: 200,
    });
    const t0 = await page.evaluate(() => performance.now());
    const started = await page.evaluate(
      ([id, seed]) => window.tabletop.startMatch({ rules: id, seats: { A: 'ai', B: 'ai' }, seed }),
      [rules, SEED] as const,
    );
    if (!started.ok) throw new Error(`${rules}: the match did not start: ${started.reason}`);
    await page.waitForSelector('[data-testid=anim-speed]', { timeout: 60_000 });
    await page.selectOption('[data-testid=anim-speed]', FASTEST);
    const until = Date.now() + capSeconds * 1000;
    let progress = { moves: 0, over: false };
    while (Date.now() < until) {
      progress = await page.evaluate(() => {
        const v = window.tabletop.playView();
        return { moves: v?.match.log.length ?? 0, over: v !== null && v.decider === null };
      });
      if (progress.over) break;
      await page.waitForTimeout(POLL_MS);
    }
    const seconds = (Date.now() - (until - capSeconds * 1000)) / 1000;
    const tasks = await page.evaluate(
      (from) =>
        (window as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks
          .filter((t) => t.start >= from)
          .map((t) => t.ms),
      t0,
    );
    const compiledInPlay = await page.evaluate(() => window.tabletop.renderStats()?.compiledInPlay ?? null);
    return {
      compiledInPlay,
      moves: progress.moves,
      finished: progress.over,
      capped: !progress.over,
      seconds,
      ...longTaskFigures(tasks),
    };
  } finally {
    await page.close();
  }
}

/** Plays every playable ruleset with each engine home; `dist` is an existing build (else one is built here). */
export async function longTaskBench(
  log: (line: string) => void,
  capSeconds: number,
  dist?: string,
  only?: string,
): Promise<Record<string, Record<EngineHome, GameFigures>>> {
  const served = await servedApp(log, 4330, dist);
  const { browser, url: base } = served;
  const out: Record<string, Record<EngineHome, GameFigures>> = {};
  try {
    for (const entry of RULESETS.filter((r) => !only || r.id === only)) {
      const row = {} as Record<EngineHome, GameFigures>;
      for (const home of ENGINE_HOMES) {
        log(
          `${entry.id}: AI vs AI, seed ${SEED}, engine on ${home === 'worker' ? 'the worker' : 'the main thread'}...`,
        );
        // As players get it: three's synchronous shader checks off (they are on under automation).
        const url = `${base}?shaderChecks=off${home === 'main' ? '&engine=main' : ''}`;
        row[home] = await oneGame(browser, url, entry.id, capSeconds);
      }
      out[entry.id] = row;
    }
  } finally {
    await served.close();
  }
  return out;
}

/**
 * The JSON the outside checks read: per ruleset the shipped app's figures (`moves`, `longTasks`,
 * `longestMs`, `blockedMs`, …, the engine in its worker) at the top, and each engine home's under its name.
 */
export function longTaskJson(
  all: Record<string, Record<EngineHome, GameFigures>>,
): Record<string, GameFigures & Record<EngineHome, GameFigures>> {
  return Object.fromEntries(Object.entries(all).map(([id, row]) => [id, { ...row.worker, ...row }]));
}

/** The figures as a table. */
export function printLongTasks(all: Record<string, Record<EngineHome, GameFigures>>, capSeconds: number): void {
  const head = ['ruleset', 'engine', 'moves', 'game', 'long tasks', 'longest ms', 'blocked ms', 'seconds', 'compiled'];
  const rows: string[][] = [];
  for (const [id, row] of Object.entries(all)) {
    for (const home of ENGINE_HOMES) {
      const g = row[home];
      rows.push([
        id,
        home,
        String(g.moves),
        g.finished ? 'finished' : `capped at ${capSeconds} s`,
        String(g.longTasks),
        g.longestMs.toFixed(0),
        g.blockedMs.toFixed(0),
        g.seconds.toFixed(0),
        String(g.compiledInPlay ?? '-'),
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log('\nLong tasks (> 50 ms) on the main thread in whole AI-vs-AI games, Chromium (goal: none)');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
