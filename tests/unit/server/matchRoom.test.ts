import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../support/serverProcess';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type ColyseusTestServer } from '@colyseus/testing';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Room as ClientRoom } from 'colyseus.js';
import {
  MAX_PAYLOAD,
  ROOM_NAME,
  type RefusedMessage,
  type SeatedMessage,
  type ViewMessage,
} from '../../../src/online/protocol';
import { MatchRoom, roomSettings } from '../../../src/server/matchRoom';
import { fileStore } from '../../../src/server/roomStore';
import { BotPool, type BotAnswer } from '../../../src/server/botPool';
import { Referee } from '../../../src/server/referee';
import { HIDDEN_CARD, type BlkoutState } from '../../../src/rules/blkout/game';
import { stateHash, type Match } from '../../../src/rules/engine/match';
import { publicHash } from '../../../src/rules/engine/secrecy';
import type { Action } from '../../../src/rules/engine/types';

// The room over a real loopback WebSocket (@colyseus/testing's server and colyseus.js clients). Seed 7.
let colyseus: ColyseusTestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rooms-'));
  roomSettings.store = fileStore(dir);
  roomSettings.reconnectSeconds = 20;
  const server = new Server({
    transport: new WebSocketTransport({ maxPayload: MAX_PAYLOAD }),
    greet: false,
    gracefullyShutdown: false,
  });
  server.define(ROOM_NAME, MatchRoom);
  colyseus = await boot(server);
});

afterAll(async () => {
  await colyseus.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

/** A client's stream of messages, kept from the moment it joins (so none is missed between awaits). */
function listen(room: ClientRoom) {
  const views: ViewMessage[] = [];
  const refusals: RefusedMessage[] = [];
  const seated: SeatedMessage[] = [];
  const raw: string[] = [];
  room.onMessage('view', (v: ViewMessage) => (views.push(v), raw.push(JSON.stringify(v))));
  room.onMessage('refused', (r: RefusedMessage) => refusals.push(r));
  room.onMessage('seated', (s: SeatedMessage) => seated.push(s));
  return { room, views, refusals, seated, raw, last: () => views.at(-1)! };
}

const refereeOf = (code: string) => (colyseus.getRoomById(code) as unknown as { referee: Referee }).referee;

/** The move the rules' own bot would make for the side deciding now (the test's stand-in for a player's click). */
const botMoveIn = (code: string) => refereeOf(code).botMove()!;

/** Creates a BLKOUT room (A: the creator, B: remote) and seats a second client at B. */
async function twoPlayers(extra: Record<string, unknown> = {}) {
  const a = listen(
    await colyseus.sdk.create(ROOM_NAME, { rules: 'blkout', seats: { A: 'me', B: 'remote' }, seed: 7, ...extra }),
  );
  await until(() => a.seated.length > 0 && a.views.length > 0);
  const code = a.seated[0]!.code;
  const b = listen(
    await colyseus.sdk.joinById(code, { seat: 'B', ...('password' in extra ? { password: extra.password } : {}) }),
  );
  await until(() => b.views.length > 0);
  return { a, b, code };
}

/** Plays the deciding side's bot move from its own client; waits until both clients have the new view. */
async function step(code: string, clients: Record<'A' | 'B', ReturnType<typeof listen>>) {
  const ref = refereeOf(code);
  const who = ref.decider() as 'A' | 'B';
  const at = ref.match.log.length;
  const counts = [clients.A.views.length, clients.B.views.length];
  clients[who].room.send('act', { move: botMoveIn(code), at });
  await until(() => clients.A.views.length > counts[0]! && clients.B.views.length > counts[1]!);
  return who;
}

describe('the online match room', () => {
  it('seats the creator and a remote player; an accepted move reaches both with the same hash as the referee', async () => {
    const { a, b, code } = await twoPlayers();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(a.seated[0]!.seat).toBe('A');
    expect(b.seated[0]!.seat).toBe('B');
    expect(a.seated[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(b.last().seats).toEqual({
      A: { kind: 'me', taken: true, connected: true },
      B: { kind: 'remote', taken: true, connected: true },
    });
    await step(code, { A: a, B: b });
    await step(code, { A: a, B: b });
    const ref = refereeOf(code);
    expect(ref.match.log).toHaveLength(2);
    expect(a.last().hash).toBe(ref.hash());
    expect(b.last().hash).toBe(ref.hash());
    // The same two moves replayed by the battle CLI's set-up give the same hash (the server is the CLI's referee).
    const again = await Referee.open(ref.record, ref.match.log);
    expect(again.hash()).toBe(ref.hash());
    // The hash the clients get is the public one: the whole match's would name the seed. Another seed, the
    // same public state (no die rolled yet): the same public hash, another whole-match hash.
    expect(ref.hash()).toBe(publicHash(ref.entry.play, ref.match));
    expect(ref.hash()).not.toBe(stateHash(ref.match));
    const [seven, eight] = await Promise.all([Referee.open(ref.record), Referee.open({ ...ref.record, seed: 8 })]);
    expect(seven.hash()).toBe(eight.hash());
    expect(stateHash(seven.match)).not.toBe(stateHash(eight.match));
    await a.room.leave();
    await b.room.leave();
  });

  it("refuses a move for the other seat, a spectator's move, a stale, malformed or oversized message, and plays on", async () => {
    const { a, b, code } = await twoPlayers();
    const watcher = listen(await colyseus.sdk.joinById(code, { seat: 'spectator' }));
    await until(() => watcher.views.length > 0);
    const ref = refereeOf(code);
    const who = ref.decider() as 'A' | 'B';
    const other = who === 'A' ? b : a;
    other.room.send('act', { move: botMoveIn(code), at: 0 });
    await until(() => other.refusals.length === 1);
    expect(other.refusals[0]!.code).toBe('not-your-seat');
    expect(other.refusals[0]!.reason).toBe(`it is ${who}'s decision, not ${who === 'A' ? 'B' : 'A'}'s`);
    watcher.room.send('act', { move: botMoveIn(code), at: 0 });
    await until(() => watcher.refusals.length === 1);
    expect(watcher.refusals[0]).toEqual({ code: 'not-your-seat', reason: 'a spectator cannot act' });
    const mine = who === 'A' ? a : b;
    mine.room.send('act', { move: botMoveIn(code), at: 5 });
    mine.room.send('act', { move: 'place' });
    mine.room.send('act', { move: { type: 'x'.repeat(5000) }, at: 0 });
    mine.room.send('hello', {});
    // Names an object has of its own (Colyseus' handlers are looked up in one) are just unknown messages.
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) mine.room.send(name, {});
    mine.room.send('act', { move: { type: 'place' }, at: 2n ** 63n - 1n });
    await until(() => mine.refusals.length === 9);
    expect(mine.refusals.map((r) => r.code)).toEqual([
      'stale',
      'bad-message',
      'bad-message',
      'bad-message',
      'bad-message',
      'bad-message',
      'bad-message',
      'bad-message',
      'bad-message',
    ]);
    expect(mine.refusals[4]!.reason).toBe('no message "constructor" (send "act")');
    expect(mine.refusals[8]!.reason).toMatch(/^act: Do not know how to serialize a BigInt/);
    expect(mine.refusals[1]!.reason).toBe('act: move: Invalid input: expected object, received string');
    expect(mine.refusals[2]!.reason).toMatch(/^message of \d+ characters \(at most 4096\)$/);
    expect(ref.match.log).toHaveLength(0);
    // A frame over the socket's limit closes that connection; the match goes on for the others.
    const closed = new Promise<number>((r) => watcher.room.onLeave(r));
    watcher.room.send('act', { move: { type: 'x'.repeat(MAX_PAYLOAD) }, at: 0 });
    expect(await closed).toBe(1009);
    await step(code, { A: a, B: b });
    expect(ref.match.log).toHaveLength(1);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('refuses a flood past 50 messages in a second, and closes a connection past 150; the match goes on', async () => {
    const { a, b, code } = await twoPlayers();
    const ref = refereeOf(code);
    const mine = ref.decider() === 'A' ? a : b;
    for (let i = 0; i < 51; i++) mine.room.send('act', { move: { type: 'none' }, at: 99 });
    await until(() => mine.refusals.length === 51);
    expect(mine.refusals.slice(0, 50).every((r) => r.code === 'stale')).toBe(true);
    expect(mine.refusals[50]).toEqual({ code: 'flood', reason: 'more than 50 messages in a second' });
    const closed = new Promise<number>((r) => mine.room.onLeave(r));
    for (let i = 0; i < 100; i++) mine.room.send('act', { move: { type: 'none' }, at: 99 });
    expect(await closed).toBe(4008);
    expect(ref.match.log).toHaveLength(0);
    await (mine === a ? b : a).room.leave();
  });

  it("sends each player its own BURN hand, the other's as cards' backs, a spectator neither, and never the seed or the shuffle", async () => {
    const { a, b, code } = await twoPlayers();
    const watcher = listen(await colyseus.sdk.joinById(code, { seat: 'spectator' }));
    const ref = refereeOf(code);
    const dealt = () => (ref.match.state as BlkoutState).burn.hands.A.length > 0;
    while (!dealt()) await step(code, { A: a, B: b });
    await until(() => watcher.views.length > 0 && watcher.last().hash === ref.hash());
    const hands = (ref.match.state as BlkoutState).burn.hands;
    const seen = (c: ReturnType<typeof listen>) => (c.last().match as Match<BlkoutState, Action>).state.burn.hands;
    expect(seen(a)).toEqual({ A: hands.A, B: [HIDDEN_CARD, HIDDEN_CARD, HIDDEN_CARD] });
    expect(seen(b)).toEqual({ A: [HIDDEN_CARD, HIDDEN_CARD, HIDDEN_CARD], B: hands.B });
    expect(seen(watcher)).toEqual({
      A: [HIDDEN_CARD, HIDDEN_CARD, HIDDEN_CARD],
      B: [HIDDEN_CARD, HIDDEN_CARD, HIDDEN_CARD],
    });
    // Nothing B was sent names a card of A's hand (the deal's shuffle draws would tell it), nor the seed.
    for (const card of hands.A) expect(b.raw.join('\n')).not.toContain(`"${card}"`);
    for (const card of [...hands.A, ...hands.B]) expect(watcher.raw.join('\n')).not.toContain(`"${card}"`);
    expect(b.raw.join('\n')).not.toContain('"shuffled"');
    for (const v of [...a.views, ...b.views, ...watcher.views]) {
      const m = v.match as Match<BlkoutState, Action>;
      expect([m.rng.seed, m.initial?.rng.seed ?? 0]).toEqual([0, 0]);
    }
    expect(ref.match.rng.seed).toBe(7);
    await Promise.all([a.room.leave(), b.room.leave(), watcher.room.leave()]);
  });

  it('keeps BURN hands secret from the flow of play: a BLKOUT room plays burnWindows=always, even when asked for the default', async () => {
    const { a, b, code } = await twoPlayers({ options: { burnWindows: '' } });
    const ref = refereeOf(code);
    expect(ref.record.options).toMatchObject({ burnWindows: 'always' });
    expect((ref.match.state as BlkoutState).secretHands).toBe(true);
    expect(b.last().options).toMatchObject({ burnWindows: 'always' });
    // A room restored from its record plays the same.
    expect(((await Referee.open(ref.record)).match.state as BlkoutState).secretHands).toBe(true);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('rolls the dice of a room whose seed nobody gave under a 256-bit key the server keeps; no client is sent it', async () => {
    const a = listen(await colyseus.sdk.create(ROOM_NAME, { rules: 'rpg-attacks', seats: { A: 'me', B: 'remote' } }));
    await until(() => a.seated.length > 0 && a.views.length > 0);
    const code = a.seated[0]!.code;
    const b = listen(await colyseus.sdk.joinById(code, { seat: 'B' }));
    await until(() => b.views.length > 0);
    const ref = refereeOf(code);
    const key = ref.match.rng.key!;
    expect(key).toHaveLength(8);
    expect(ref.record.key).toEqual(key);
    // Played until dice were rolled: the rolls come from the key's stream.
    while (ref.match.rng.n === 0) await step(code, { A: a, B: b });
    for (const v of [...a.views, ...b.views]) {
      const m = v.match as Match<unknown, Action>;
      expect(m.rng).toEqual({ seed: 0, n: m.rng.n });
      if (m.initial) expect(m.initial.rng).toEqual({ seed: 0, n: 0 });
    }
    const words = key.map(String);
    for (const text of [...a.raw, ...b.raw]) for (const w of words) expect(text).not.toContain(w);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('plays an AI seat on the server, thinking in a bot thread: the remote player acts, the AI answers without being asked', async () => {
    const pool = new BotPool(1);
    roomSettings.bots = pool;
    const a = listen(
      await colyseus.sdk.create(ROOM_NAME, { rules: 'rpg-attacks', seats: { A: 'me', B: 'ai' }, seed: 7 }),
    );
    await until(() => a.seated.length > 0 && a.views.length > 0);
    const code = a.seated[0]!.code;
    const ref = refereeOf(code);
    // Whoever starts, after A's move (or at once) the AI's moves follow until it is A's decision again.
    for (let i = 0; i < 3 && ref.decider() === 'A'; i++) {
      const n = ref.match.log.length;
      a.room.send('act', { move: botMoveIn(code), at: n });
      await until(() => ref.match.log.length > n);
    }
    await until(() => ref.match.log.some((e) => e.player === 'B') && ref.decider() !== 'B');
    expect(a.last().seats.B).toEqual({ kind: 'ai', taken: true, connected: true });
    await until(() => a.last().hash === ref.hash());
    await expect(colyseus.sdk.joinById(code, { seat: 'B' })).rejects.toThrow("seat B is the AI's");
    // Every move of B's came from the thread: B's moves in the log, as many answers from the pool.
    expect(pool.answered).toBe(ref.match.log.filter((e) => e.player === 'B').length);
    roomSettings.bots = null;
    await pool.close();
    await a.room.leave();
  });

  it('never stalls on its AI: a bot with no move, or a refused one, is answered by a legal move; a thread past its time is replaced', async () => {
    // A bot that answers with nothing, then with a move the rules refuse.
    const answers: BotAnswer[] = [
      { id: 0, move: null },
      { id: 1, move: { type: 'no-such-action' } as never },
    ];
    roomSettings.bots = { move: async () => answers.shift() ?? { id: 2, move: null } } as unknown as BotPool;
    const a = listen(
      await colyseus.sdk.create(ROOM_NAME, { rules: 'rpg-attacks', seats: { A: 'ai', B: 'ai' }, seed: 9 }),
    );
    await until(() => a.seated.length > 0);
    const ref = refereeOf(a.seated[0]!.code);
    await until(() => ref.match.log.length >= 3);
    roomSettings.bots = null;
    await a.room.leave();
    // A pool that always fails (a thread crashing, or past its time): after two failures a legal move is played.
    let failures = 0;
    roomSettings.bots = {
      move: async () => ({ id: failures++, error: 'bot thread: no answer in 60000 ms' }),
    } as unknown as BotPool;
    const c = listen(
      await colyseus.sdk.create(ROOM_NAME, { rules: 'rpg-attacks', seats: { A: 'ai', B: 'ai' }, seed: 10 }),
    );
    await until(() => c.seated.length > 0);
    const failing = refereeOf(c.seated[0]!.code);
    // (The bot is asked again after a pause: a second, then two.)
    await until(() => failing.match.log.length > 0);
    expect(failures).toBeGreaterThanOrEqual(2);
    // The move played is the match's own legal draw (not the bot's, thought on the rooms' thread).
    const fresh = await Referee.open(failing.record);
    expect(failing.match.log[0]!.action).toEqual(fresh.anyMove());
    roomSettings.bots = null;
    await c.room.leave();
    // A pool whose threads may think 1 ms: the request fails with the reason, and the thread is replaced.
    const pool = new BotPool(1, 1);
    const answer = await pool.move({ rules: 'rpg-attacks', forces: ref.record.forces, options: {}, match: ref.match });
    expect(answer).toMatchObject({ error: 'bot thread: no answer in 1 ms' });
    expect(pool.size).toBe(1);
    await pool.close();
  });

  it("shares a co-op crew: Five Parsecs' crew (A) played by two remote players against the AI, either acting for it", async () => {
    const one = listen(
      await colyseus.sdk.create(ROOM_NAME, {
        rules: 'fiveparsecs',
        seats: { A: 'me', B: 'ai' },
        shared: ['A'],
        seed: 7,
      }),
    );
    await until(() => one.seated.length > 0 && one.views.length > 0);
    const code = one.seated[0]!.code;
    const two = listen(await colyseus.sdk.joinById(code, { seat: 'A' }));
    await until(() => two.seated.length > 0 && two.views.length > 0);
    expect(two.seated[0]!.seat).toBe('A');
    expect(two.seated[0]!.key).not.toBe(one.seated[0]!.key);
    await until(() => one.last().seats.A.partner?.connected === true);
    expect(one.last().seats.A).toEqual({
      kind: 'me',
      taken: true,
      connected: true,
      partner: { taken: true, connected: true },
    });
    await expect(colyseus.sdk.joinById(code, { seat: 'A' })).rejects.toThrow('seat A is taken');
    // Either of the two plays the crew's decision: here the partner, then the first player.
    const ref = refereeOf(code);
    for (const player of [two, one]) {
      await until(() => ref.decider() === 'A');
      const n = ref.match.log.length;
      player.room.send('act', { move: botMoveIn(code), at: n });
      await until(() => ref.match.log.length > n && ref.match.log[n]!.player === 'A');
    }
    await Promise.all([one.room.leave(), two.room.leave()]);
  });

  it('keeps a dropped player’s seat: the room says they left, and they reconnect to the same match', async () => {
    const { a, b, code } = await twoPlayers();
    await step(code, { A: a, B: b });
    const token = a.room.reconnectionToken;
    const n = b.views.length;
    await a.room.leave(false);
    await until(() => b.views.length > n && b.last().seats.A.connected === false);
    expect(b.last().seats.A.taken).toBe(true);
    await expect(colyseus.sdk.joinById(code, { seat: 'A' })).rejects.toThrow('seat A is taken');
    const back = listen(await colyseus.sdk.reconnect(token));
    await until(() => back.views.length > 0 && b.last().seats.A.connected);
    expect(back.last().hash).toBe(refereeOf(code).hash());
    expect(back.last().seat).toBe('A');
    await step(code, { A: back, B: b });
    await Promise.all([back.room.leave(), b.room.leave()]);
  });

  it('restores a room from its stored log after the server lost it, and its players take their seats back by key', async () => {
    const { a, b, code } = await twoPlayers({ password: 'ledge' });
    for (let i = 0; i < 3; i++) await step(code, { A: a, B: b });
    const hash = refereeOf(code).hash();
    const keys = { A: a.seated[0]!.key!, B: b.seated[0]!.key! };
    // The server loses the room (as a restart would): the players' connections go with it.
    await colyseus.getRoomById(code).disconnect();
    await until(() => !matchMaker.getLocalRoomById(code));
    await matchMaker.createRoom(ROOM_NAME, { restore: code, token: roomSettings.restoreToken });
    expect(refereeOf(code).hash()).toBe(hash);
    await expect(colyseus.sdk.joinById(code, { seat: 'A', key: keys.A })).rejects.toThrow(
      'this room needs its password',
    );
    await expect(colyseus.sdk.joinById(code, { seat: 'A', password: 'ledge' })).rejects.toThrow('seat A is taken');
    const a2 = listen(await colyseus.sdk.joinById(code, { seat: 'A', key: keys.A, password: 'ledge' }));
    const b2 = listen(await colyseus.sdk.joinById(code, { seat: 'B', key: keys.B, password: 'ledge' }));
    await until(() => a2.views.length > 0 && b2.views.length > 0);
    expect(a2.last().hash).toBe(hash);
    // Every event so far comes with the first view (the battle log is whole again).
    expect(a2.views[0]!.events.map((e) => e.entry)).toEqual([0, 1, 2]);
    await step(code, { A: a2, B: b2 });
    expect(refereeOf(code).match.log).toHaveLength(4);
    expect((await roomSettings.store.get(code))!.log).toHaveLength(4);
    await Promise.all([a2.room.leave(), b2.room.leave()]);
  });
});
