/**
 * `npm run bench -- --online [--rooms=N] [--rules=<id>] [--json]`: N rooms of AI-vs-AI games at once on a
 * game server in a process of its own (as `npm start` runs it), over loopback. The games are the battle CLI's (seed 1..N, default forces:
 * the AI on both sides, played headless first, which is also the baseline per action); then each room is
 * played online by two colyseus.js clients, one per side, each sending its side's moves of that game when
 * its view says it decides. Per action, the time from a client's send to the view that has it played (the
 * referee, storing the action in the room's file, each client's concealed view, the trips) is measured,
 * with every room in play at once; each room's final state hash is compared with the battle CLI's.
 * JSON: `{"online":{"rooms","actions","msPerAction","p95MsPerAction","mismatches","lost", …}}`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'colyseus.js';
import { playGame } from '../../src/cli/headless';
import { battleTable } from '../../src/cli/soakGames';
import { onlineOptions, optionsText } from '../../src/server/referee';
import type { LogEntry, Match } from '../../src/rules/engine/match';
import { publicHash } from '../../src/rules/engine/secrecy';
import type { Action } from '../../src/rules/engine/types';
import { rulesetOf } from '../../src/rulesetsLoaded';
import { ROOM_NAME, type RefusedMessage, type SeatedMessage, type ViewMessage } from '../../src/online/protocol';
import { spawnSync } from 'node:child_process';
import { quantile, type Figure } from './harness';
import { serverProcess, startRedis } from '../support/serverProcess';

/** One round of rooms played at once. */
export interface RoundFigures {
  actions: number;
  /** From a client's send to its view with the action played, ms. */
  msPerAction: number;
  p95MsPerAction: number;
  /** Rooms whose final hash is not the battle CLI's for the same seed. */
  mismatches: number;
  /** Rooms that did not reach their end, or whose client missed an action. */
  lost: number;
  actionsPerSecond: number;
  wallSeconds: number;
}

/** What the online bench measured: the rooms at a player's pace (the top-level figures), then flat out. */
export interface OnlineFigures extends RoundFigures {
  rooms: number;
  rules: string;
  /** How long each side waits before each of its moves in the paced round, ms. */
  thinkMs: number;
  /** The battle CLI's referee on the same games, without the network: ms per action (the AI's thinking included). */
  headlessMsPerAction: number;
  /** The same rooms with no wait at all: the server's throughput, each action queued behind the others'. */
  flatOut: RoundFigures;
  /** The same rooms on two server processes sharing a Redis, at the same pace (absent without redis-server). */
  twoProcesses?: RoundFigures;
  /**
   * The same games with both seats the AI's, played by the server's own bot threads (a spectator watching
   * each room): ms per action is from one view to the next, the AI's thinking included.
   */
  serverAi: RoundFigures & { rooms: number };
}

/** How long a room may take to finish before it counts as lost, ms. */
const ROOM_TIMEOUT_MS = 15 * 60_000;

export async function onlineBench(
  log: (line: string) => void,
  rooms: number,
  rules: string,
  thinkMs: number,
  aiRooms = Math.min(rooms, 20),
): Promise<OnlineFigures> {
  const entry = rulesetOf(rules);
  // The options every online room plays (hands kept secret): the battle CLI's games are played with them too.
  const table = await battleTable(entry, undefined, optionsText(onlineOptions(entry)));
  const q = table.queries();
  const seeds = Array.from({ length: rooms }, (_, i) => i + 1);
  // The baseline: the battle CLI's games on the same seeds, their hashes the ones each room must reach.
  const expected = new Map<number, string>();
  const logs = new Map<number, LogEntry<Action>[]>();
  let headlessActions = 0;
  const h0 = performance.now();
  for (const seed of seeds) {
    const { match } = playGame(entry, table.initial, q, { seed, players: ['ai', 'ai'] });
    expected.set(seed, publicHash(entry.play, match));
    logs.set(seed, match.log);
    headlessActions += match.log.length;
  }
  const headlessMs = performance.now() - h0;
  log(`${rules}: ${rooms} headless games, ${headlessActions} actions in ${(headlessMs / 1000).toFixed(1)} s`);

  const data = mkdtempSync(join(tmpdir(), 'online-bench-'));
  // The game server in a process of its own, as `npm start` runs it; the clients here. They act at machine
  // speed (tens of moves a second each), past the flood limit a person never nears.
  const server = await serverProcess({ DATA_DIR: data, FLOOD_PER_SECOND: FLOOD_OFF, ROOMS_PER_MINUTE: ROOMS_OFF });
  let one: { paced: RoundFigures; flat: RoundFigures; ai: OnlineFigures['serverAi'] };
  try {
    const paced = await round([server.url, server.url], rules, seeds, logs, expected, thinkMs);
    log(
      `${rules}: ${rooms} rooms, one process, ${thinkMs} ms a decision: ${paced.actions} actions in ${paced.wallSeconds.toFixed(1)} s`,
    );
    const flat = await round([server.url, server.url], rules, seeds, logs, expected, 0);
    log(`${rules}: ${rooms} rooms, one process, flat out: ${flat.actions} actions in ${flat.wallSeconds.toFixed(1)} s`);
    const ai = await aiRound(server.url, rules, seeds.slice(0, aiRooms), expected);
    log(
      `${rules}: ${ai.rooms} rooms, one process, the server's AI on both seats: ${ai.actions} actions in ${ai.wallSeconds.toFixed(1)} s`,
    );
    one = { paced, flat, ai };
  } finally {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
  const two = await twoProcesses(log, rules, seeds, logs, expected, thinkMs);
  return {
    rooms,
    rules,
    thinkMs,
    ...one.paced,
    headlessMsPerAction: headlessMs / Math.max(1, headlessActions),
    flatOut: one.flat,
    ...(two ? { twoProcesses: two } : {}),
    serverAi: one.ai,
  };
}

/**
 * Rooms whose two seats are the AI's, all at once: the server's bot threads play them while a spectator
 * watches each; its final hash must be the battle CLI's for the seed (the same bot, the same referee).
 */
async function aiRound(
  url: string,
  rules: string,
  seeds: readonly number[],
  expected: ReadonlyMap<number, string>,
): Promise<OnlineFigures['serverAi']> {
  const figures = await allRooms(seeds, expected, async (seed) => {
    const room = await new Client(url).create(ROOM_NAME, { rules, seats: { A: 'ai', B: 'ai' }, seed });
    room.onMessage('seated', () => undefined);
    const intervals: number[] = [];
    let seen = -1;
    let at = performance.now();
    const r = await new Promise<{ finished: boolean; hash: string }>((resolve) => {
      const timer = setTimeout(() => resolve({ finished: false, hash: '' }), ROOM_TIMEOUT_MS);
      room.onMessage('view', (v: ViewMessage) => {
        const n = v.logFrom + (v.match as Match<unknown, Action>).log.length;
        if (n <= seen) return;
        const now = performance.now();
        if (seen >= 0) intervals.push((now - at) / (n - seen));
        [seen, at] = [n, now];
        if (v.decider === null) {
          clearTimeout(timer);
          resolve({ finished: true, hash: v.hash });
        }
      });
      room.send('sync');
    });
    await room.leave();
    return { intervals, actions: Math.max(0, seen), finished: r.finished, hash: r.hash };
  });
  return { rooms: seeds.length, ...figures };
}

/** One room's play, as the rounds tally it. */
interface RoomRun {
  intervals: number[];
  actions: number;
  /** It reached its end with no action missed. */
  finished: boolean;
  hash: string;
}

/** Every room played at once by `play`, tallied: a room unfinished is lost, one whose hash is not the CLI's a mismatch. */
async function allRooms(
  seeds: readonly number[],
  expected: ReadonlyMap<number, string>,
  play: (seed: number) => Promise<RoomRun>,
): Promise<RoundFigures> {
  const intervals: number[] = [];
  let actions = 0;
  let mismatches = 0;
  let lost = 0;
  const t0 = performance.now();
  await Promise.all(
    seeds.map(async (seed) => {
      const r = await play(seed);
      intervals.push(...r.intervals);
      actions += r.actions;
      if (!r.finished) lost += 1;
      else if (r.hash !== expected.get(seed)) mismatches += 1;
    }),
  );
  const wallSeconds = (performance.now() - t0) / 1000;
  return {
    actions,
    msPerAction: intervals.reduce((a, b) => a + b, 0) / Math.max(1, intervals.length),
    p95MsPerAction: intervals.length ? quantile(intervals, 0.95) : 0,
    mismatches,
    lost,
    actionsPerSecond: actions / wallSeconds,
    wallSeconds,
  };
}

/** The flood limit the bench's servers run with (its clients act at machine speed). */
const FLOOD_OFF = '1000000';
/** The bench creates every room from one address: no limit on new rooms a minute. */
const ROOMS_OFF = '1000000';

/**
 * The same rooms on two server processes sharing a Redis (started here on a loopback port): each room is
 * created through one process and its other seat joined through the other. Null (and said) without redis-server.
 */
async function twoProcesses(
  log: (line: string) => void,
  rules: string,
  seeds: readonly number[],
  logs: ReadonlyMap<number, LogEntry<Action>[]>,
  expected: ReadonlyMap<number, string>,
  thinkMs: number,
): Promise<RoundFigures | null> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    log('two processes: skipped (no redis-server on this machine: apt-get install redis-server)');
    return null;
  }
  const port = 6900 + Math.floor(Math.random() * 90);
  const redis = await startRedis(port);
  try {
    const env = (p: number) => ({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      PORT: String(p),
      DATA_DIR: '',
      FLOOD_PER_SECOND: FLOOD_OFF,
      ROOMS_PER_MINUTE: ROOMS_OFF,
    });
    const servers = await Promise.all([serverProcess(env(port + 100)), serverProcess(env(port + 200))]);
    try {
      const r = await round([servers[0]!.url, servers[1]!.url], rules, seeds, logs, expected, thinkMs);
      log(
        `${rules}: ${seeds.length} rooms, two processes on Redis, ${thinkMs} ms a decision: ${r.actions} actions in ${r.wallSeconds.toFixed(1)} s`,
      );
      return r;
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  } finally {
    redis.kill('SIGKILL');
  }
}

/** Every room played at once, each side thinking `thinkMs` before each of its moves. */
async function round(
  urls: readonly [string, string],
  rules: string,
  seeds: readonly number[],
  logs: ReadonlyMap<number, LogEntry<Action>[]>,
  expected: ReadonlyMap<number, string>,
  thinkMs: number,
): Promise<RoundFigures> {
  return allRooms(seeds, expected, async (seed) => {
    // Created through one process, its other seat joined through the other (the same one, with one process).
    const r = await playRoom(seed % 2 ? urls : [urls[1], urls[0]], rules, seed, logs.get(seed)!, thinkMs);
    return { ...r, finished: r.finished && r.gaps === 0 };
  });
}

/** One room played by two clients, each sending its side's moves of the headless game when the view says it decides. */
async function playRoom(
  urls: readonly [string, string],
  rules: string,
  seed: number,
  moves: readonly LogEntry<Action>[],
  thinkMs: number,
): Promise<{ intervals: number[]; actions: number; finished: boolean; gaps: number; hash: string }> {
  const sdk = new Client(urls[0]);
  const a = await sdk.create(ROOM_NAME, { rules, seats: { A: 'me', B: 'remote' }, seed });
  a.onMessage('view', () => undefined);
  // The first messages may have come before these listeners (Node's sockets hand a chunk's frames over at once): ask again.
  const code = await new Promise<string>((r) => {
    a.onMessage('seated', (s: SeatedMessage) => r(s.code));
    a.send('sync');
  });
  const b = await new Client(urls[1]).joinById(code, { seat: 'B' });
  b.onMessage('seated', () => undefined);
  const intervals: number[] = [];
  let gaps = 0;
  let hash = '';
  let done = 0;
  let sentAt = 0;
  const clients = { A: a, B: b };
  const sentFor = { A: -1, B: -1 };
  const finished = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ROOM_TIMEOUT_MS);
    for (const side of ['A', 'B'] as const) {
      let seen = -1;
      clients[side].onMessage('refused', (r: RefusedMessage) => {
        clearTimeout(timer);
        console.error(`room ${code} (seed ${seed}) refused ${side}'s move ${seen}: ${r.reason}`);
        resolve(false);
      });
      clients[side].onMessage('view', (v: ViewMessage) => {
        if (v.seat !== side) return;
        const n = v.logFrom + (v.match as Match<unknown, Action>).log.length;
        if (n <= seen) return;
        if (seen >= 0 && !v.events.some((e) => e.entry === n - 1)) gaps += 1;
        seen = n;
        // The acting side's client times its own action: sent to the view that has it played.
        if (side === 'A' && n > done) {
          if (done > 0 || n === 1) intervals.push(performance.now() - sentAt);
          done = n;
          hash = v.hash;
        }
        if (v.decider === null || n >= moves.length) {
          if (side === 'A') {
            clearTimeout(timer);
            resolve(v.decider === null && n === moves.length);
          }
          return;
        }
        const next = moves[n]!;
        // Once per action: a client's view may come twice (its own sync), and the action only once.
        if (sentFor[side] === n) return;
        if (next.player === side && v.decider === side) {
          sentFor[side] = n;
          const send = () => {
            sentAt = performance.now();
            clients[side].send('act', { move: next.action, at: n });
          };
          if (thinkMs > 0) setTimeout(send, thinkMs);
          else send();
        }
      });
    }
    b.send('sync');
    a.send('sync');
  });
  await Promise.all([a.leave(), b.leave()]);
  return { intervals, actions: done, finished, gaps, hash };
}

/** The online bench's figures as table rows. */
export function onlineRows(f: OnlineFigures): Figure[] {
  const rows = (prefix: string, r: RoundFigures, how: string): Figure[] => [
    {
      key: `${prefix}.msPerAction`,
      value: r.msPerAction,
      unit: 'ms',
      note: `${how}: a side sends its move → its view has it`,
    },
    {
      key: `${prefix}.p95MsPerAction`,
      value: r.p95MsPerAction,
      unit: 'ms',
      ...(prefix === 'online' ? { target: '≤ 100' } : {}),
    },
    { key: `${prefix}.actionsPerSecond`, value: r.actionsPerSecond, unit: 'actions/s' },
    { key: `${prefix}.mismatches`, value: r.mismatches, unit: 'rooms', target: '0', note: "final hash ≠ battle CLI's" },
    { key: `${prefix}.lost`, value: r.lost, unit: 'rooms', target: '0', note: 'unfinished or an action missed' },
  ];
  return [
    { key: 'online.rooms', value: f.rooms, unit: 'rooms', note: `${f.rules}, the AI's games, all at once` },
    { key: 'online.actions', value: f.actions, unit: 'actions' },
    ...rows('online', f, `${f.thinkMs} ms a decision`),
    {
      key: 'online.headlessMsPerAction',
      value: f.headlessMsPerAction,
      unit: 'ms',
      note: 'battle CLI, no network (AI included)',
    },
    ...rows('flatOut', f.flatOut, 'no wait'),
    ...(f.twoProcesses
      ? rows('twoProcesses', f.twoProcesses, `two processes on Redis, ${f.thinkMs} ms a decision`)
      : []),
    { key: 'serverAi.rooms', value: f.serverAi.rooms, unit: 'rooms', note: "both seats the server's AI (bot threads)" },
    ...rows('serverAi', f.serverAi, "the server's AI: one view to the next"),
  ];
}
