import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room as ClientRoom } from 'colyseus.js';
import { playGame } from '../../../src/cli/headless';
import { battleTable } from '../../../src/cli/soakGames';
import type { LogEntry, Match } from '../../../src/rules/engine/match';
import { publicHash } from '../../../src/rules/engine/secrecy';
import type { Action } from '../../../src/rules/engine/types';
import { rulesetOf } from '../../../src/rulesetsLoaded';
import { ROOM_NAME, type SeatedMessage, type ViewMessage } from '../../../src/online/protocol';
import { serverProcess, startRedis, until, type ServerProcess } from '../../support/serverProcess';

// Two game server processes on one Redis (started here on a loopback port): a room created through one is
// joined through the other; the room's process is killed, started again, restores the room from Redis, and
// the players come back through the other process and finish. RPG, seed 13. CI installs redis-server
// (.ci/run) and sets REQUIRE_REDIS, so there the test cannot be skipped.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && process.env.REQUIRE_REDIS) throw new Error('REQUIRE_REDIS is set and redis-server is not installed');
const SEED = 13;
const REDIS_PORT = 6400 + Math.floor(Math.random() * 500);

/** A player's client: it sends its side's moves of the headless game when its view says it decides. */
function player(room: ClientRoom, side: 'A' | 'B', moves: readonly LogEntry<Action>[]) {
  const state = { n: -1, hash: '', over: false, key: null as string | null };
  room.onMessage('seated', (s: SeatedMessage) => (state.key = s.key));
  room.onMessage('refused', () => undefined);
  room.onMessage('view', (v: ViewMessage) => {
    const n = v.logFrom + (v.match as Match<unknown, Action>).log.length;
    if (n < state.n) return;
    const fresh = n > state.n;
    state.n = n;
    state.hash = v.hash;
    state.over = v.decider === null;
    if (fresh && v.decider === side && moves[n]?.player === side) room.send('act', { move: moves[n]!.action, at: n });
  });
  room.send('sync');
  return state;
}

describe.skipIf(!hasRedis)('several server processes on one Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  const servers: ServerProcess[] = [];
  const env = (port: number) => ({
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    PORT: String(port),
    DATA_DIR: '',
  });

  beforeAll(async () => {
    redis = await startRedis(REDIS_PORT);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    redis?.kill('SIGKILL');
  });

  it(`a room made through one process is joined through the other; its process is killed and restarted, it comes back from Redis, and the game ends on the battle CLI's hash (seed ${SEED})`, async () => {
    const entry = rulesetOf('rpg-attacks');
    const table = await battleTable(entry);
    const { match } = playGame(entry, table.initial, table.queries(), { seed: SEED, players: ['ai', 'ai'] });
    const moves = match.log;
    const [p1, p2] = await Promise.all([
      serverProcess(env(4700 + REDIS_PORT - 6400)),
      serverProcess(env(5300 + REDIS_PORT - 6400)),
    ]);
    servers.push(p1!, p2!);

    const via1 = new Client(p1!.url);
    const via2 = new Client(p2!.url);
    const ra = await via1.create(ROOM_NAME, { rules: 'rpg-attacks', seats: { A: 'me', B: 'remote' }, seed: SEED });
    const code = await new Promise<string>((r) => {
      ra.onMessage('seated', (s: SeatedMessage) => r(s.code));
      ra.send('sync');
    });
    // B comes in through the other process: Redis finds the room, and the client is sent to the room's process.
    const rb = await via2.joinById(code, { seat: 'B' });
    const a = player(ra, 'A', moves.slice(0, 10));
    const b = player(rb, 'B', moves.slice(0, 10));
    await until(() => a.n === 10 && b.n === 10);
    expect(a.hash).toBe(b.hash);
    const keys = { A: a.key!, B: b.key! };

    // The room's process dies; a new one starts on its port and restores the room from Redis.
    await p1!.kill();
    const p3 = await serverProcess(env(p1!.port));
    servers.push(p3);
    const back = async (side: 'A' | 'B') => {
      for (let i = 0; ; i++) {
        try {
          return await via2.joinById(code, { seat: side, key: keys[side] });
        } catch (e) {
          if (i > 50) throw e;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const [ra2, rb2] = await Promise.all([back('A'), back('B')]);
    const a2 = player(ra2, 'A', moves);
    const b2 = player(rb2, 'B', moves);
    await until(() => a2.over && b2.over && a2.n === moves.length && b2.n === moves.length);
    expect(a2.hash).toBe(publicHash(entry.play, match));
    expect(b2.hash).toBe(publicHash(entry.play, match));
    await Promise.all([ra2.leave(), rb2.leave()]);
  }, 180_000);
});
