/**
 * `npm run bench -- --online [--rooms=N] [--rules=<id>] [--json]`: N rooms of AI-vs-AI games at once on a
 * game server in this process, over loopback. The games are the battle CLI's (seed 1..N, default forces:
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
import { stateHash, type LogEntry, type Match } from '../../src/rules/engine/match';
import type { Action } from '../../src/rules/engine/types';
import { rulesetOf } from '../../src/rulesetsLoaded';
import { ROOM_NAME, type RefusedMessage, type SeatedMessage, type ViewMessage } from '../../src/online/protocol';
import { startGameServer } from '../../src/server/gameServer';
import { quantile, type Figure } from './harness';

/** What the online bench measured. */
export interface OnlineFigures {
  rooms: number;
  rules: string;
  actions: number;
  msPerAction: number;
  p95MsPerAction: number;
  /** Rooms whose final hash is not the battle CLI's for the same seed. */
  mismatches: number;
  /** Rooms that did not reach their end, or whose watcher missed an action. */
  lost: number;
  /** The battle CLI's referee on the same games, without the network: ms per action. */
  headlessMsPerAction: number;
  wallSeconds: number;
}

/** How long a room may take to finish before it counts as lost, ms. */
const ROOM_TIMEOUT_MS = 15 * 60_000;

export async function onlineBench(log: (line: string) => void, rooms: number, rules: string): Promise<OnlineFigures> {
  const entry = rulesetOf(rules);
  const table = await battleTable(entry);
  const q = table.queries();
  const seeds = Array.from({ length: rooms }, (_, i) => i + 1);
  // The baseline: the battle CLI's games on the same seeds, their hashes the ones each room must reach.
  const expected = new Map<number, string>();
  const logs = new Map<number, LogEntry<Action>[]>();
  let headlessActions = 0;
  const h0 = performance.now();
  for (const seed of seeds) {
    const { match } = playGame(entry, table.initial, q, { seed, players: ['ai', 'ai'] });
    expected.set(seed, stateHash(match));
    logs.set(seed, match.log);
    headlessActions += match.log.length;
  }
  const headlessMs = performance.now() - h0;
  log(`${rules}: ${rooms} headless games, ${headlessActions} actions in ${(headlessMs / 1000).toFixed(1)} s`);

  const data = mkdtempSync(join(tmpdir(), 'online-bench-'));
  // The clients act at machine speed (tens of moves a second each), past the flood limit a person never nears.
  const server = await startGameServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: null,
    dataDir: data,
    flood: { refuse: 1e6, close: 1e6 },
  });
  const url = `http://127.0.0.1:${(server.http.address() as { port: number }).port}`;
  const intervals: number[] = [];
  let actions = 0;
  let mismatches = 0;
  let lost = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      seeds.map(async (seed) => {
        const r = await playRoom(url, rules, seed, logs.get(seed)!);
        intervals.push(...r.intervals);
        actions += r.actions;
        if (!r.finished || r.gaps > 0) lost += 1;
        else if (r.hash !== expected.get(seed)) mismatches += 1;
      }),
    );
  } finally {
    await server.close();
    rmSync(data, { recursive: true, force: true });
  }
  const wallMs = performance.now() - t0;
  log(`${rules}: ${rooms} rooms online, ${actions} actions in ${(wallMs / 1000).toFixed(1)} s`);
  return {
    rooms,
    rules,
    actions,
    msPerAction: intervals.reduce((a, b) => a + b, 0) / Math.max(1, intervals.length),
    p95MsPerAction: intervals.length ? quantile(intervals, 0.95) : 0,
    mismatches,
    lost,
    headlessMsPerAction: headlessMs / Math.max(1, headlessActions),
    wallSeconds: wallMs / 1000,
  };
}

/** One room played by two clients, each sending its side's moves of the headless game when the view says it decides. */
async function playRoom(
  url: string,
  rules: string,
  seed: number,
  moves: readonly LogEntry<Action>[],
): Promise<{ intervals: number[]; actions: number; finished: boolean; gaps: number; hash: string }> {
  const sdk = new Client(url);
  const a = await sdk.create(ROOM_NAME, { rules, seats: { A: 'me', B: 'remote' }, seed });
  a.onMessage('view', () => undefined);
  // The first messages may have come before these listeners (Node's sockets hand a chunk's frames over at once): ask again.
  const code = await new Promise<string>((r) => {
    a.onMessage('seated', (s: SeatedMessage) => r(s.code));
    a.send('sync');
  });
  const b = await sdk.joinById(code, { seat: 'B' });
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
        const n = (v.match as Match<unknown, Action>).log.length;
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
          sentAt = performance.now();
          clients[side].send('act', { move: next.action, at: n });
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
  return [
    { key: 'online.rooms', value: f.rooms, unit: 'rooms', note: `${f.rules}, the AI's games, all at once` },
    { key: 'online.actions', value: f.actions, unit: 'actions' },
    { key: 'online.msPerAction', value: f.msPerAction, unit: 'ms', note: 'a side sends its move → its view has it' },
    { key: 'online.p95MsPerAction', value: f.p95MsPerAction, unit: 'ms', target: '≤ 100' },
    { key: 'online.headlessMsPerAction', value: f.headlessMsPerAction, unit: 'ms', note: 'battle CLI, no network' },
    { key: 'online.mismatches', value: f.mismatches, unit: 'rooms', target: '0', note: "final hash ≠ battle CLI's" },
    { key: 'online.lost', value: f.lost, unit: 'rooms', target: '0', note: 'unfinished or an action missed' },
    { key: 'online.wallSeconds', value: f.wallSeconds, unit: 's' },
  ];
}
