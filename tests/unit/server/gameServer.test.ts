import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../support/serverProcess';
import { afterAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { Client, type Room as ClientRoom } from 'colyseus.js';
import { ROOM_NAME, type SeatedMessage, type ViewMessage } from '../../../src/online/protocol';
import { MATCHMAKE_MAX_BYTES, startGameServer, type GameServer } from '../../../src/server/gameServer';
import type { Referee } from '../../../src/server/referee';

// The game server as `npm start` runs it: the app's files and the rooms at one address, rooms in files.
const dirs: string[] = [];
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), name));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const portOf = (s: GameServer) => (s.http.address() as { port: number }).port;

function listen(room: ClientRoom) {
  const views: ViewMessage[] = [];
  const seated: SeatedMessage[] = [];
  room.onMessage('view', (v: ViewMessage) => views.push(v));
  room.onMessage('seated', (s: SeatedMessage) => seated.push(s));
  room.onMessage('refused', () => undefined);
  return { room, views, seated };
}

const refereeOf = (code: string) => (matchMaker.getLocalRoomById(code) as unknown as { referee: Referee }).referee;

describe('the game server (npm start)', () => {
  it('serves the built app and the rooms at one address; a restart, or the room closed while empty, loses no match (seed 11)', async () => {
    const app = temp('app-');
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>tabletop</title>');
    const data = temp('data-');
    let server = await startGameServer({ port: 0, host: '127.0.0.1', staticDir: app, dataDir: data });
    const url = `http://127.0.0.1:${portOf(server)}`;
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>tabletop</title>');
    expect((await fetch(`${url}/nothing-here.js`)).status).toBe(404);

    const sdk = new Client(url);
    const a = listen(await sdk.create(ROOM_NAME, { rules: 'skirmish-ru', seats: { A: 'me', B: 'remote' }, seed: 11 }));
    await until(() => a.seated.length > 0);
    const code = a.seated[0]!.code;
    const b = listen(await sdk.joinById(code, { seat: 'B' }));
    await until(() => b.views.length > 0);
    const players = { A: a, B: b };
    for (let i = 0; i < 4; i++) {
      const ref = refereeOf(code);
      const who = ref.decider() as 'A' | 'B';
      const n = ref.match.log.length;
      players[who].room.send('act', { move: ref.botMove(), at: n });
      await until(() => refereeOf(code).match.log.length > n);
    }
    const hash = refereeOf(code).hash();

    // The server stops mid-match (its rooms and connections go) and starts again on the same data folder.
    await server.close();
    server = await startGameServer({ port: 0, host: '127.0.0.1', staticDir: app, dataDir: data });
    expect(server.restored).toEqual([code]);
    const sdk2 = new Client(`http://127.0.0.1:${portOf(server)}`);
    const a2 = listen(await sdk2.joinById(code, { seat: 'A', key: a.seated[0]!.key! }));
    const b2 = listen(await sdk2.joinById(code, { seat: 'B', key: b.seated[0]!.key! }));
    await until(() => a2.views.length > 0 && b2.views.length > 0);
    expect(a2.views[0]!.hash).toBe(hash);
    expect(b2.views[0]!.hash).toBe(hash);
    expect(a2.views[0]!.events.map((e) => e.entry)).toEqual([0, 1, 2, 3]);
    const ref = refereeOf(code);
    const who = ref.decider() as 'A' | 'B';
    ({ A: a2, B: b2 })[who].room.send('act', { move: ref.botMove(), at: 4 });
    await until(() => refereeOf(code).match.log.length === 5);

    // Both players gone and the room closed (as it closes after 30 minutes empty): a player coming back by
    // its code finds it, brought back from the data folder, with the same match.
    const later = refereeOf(code).hash();
    await Promise.all([a2.room.leave(), b2.room.leave()]);
    await matchMaker.getLocalRoomById(code).disconnect();
    expect(await matchMaker.query({ roomId: code })).toEqual([]);
    const a3 = listen(await sdk2.joinById(code, { seat: 'A', key: a.seated[0]!.key! }));
    await until(() => a3.views.length > 0);
    expect(a3.views[0]!.hash).toBe(later);
    expect(refereeOf(code).match.log).toHaveLength(5);
    await server.close();
  });

  it('refuses a matchmaking body over 16 kB and an address past its rooms a minute, and goes on serving', async () => {
    const server = await startGameServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: null,
      dataDir: null,
      roomsPerMinute: 2,
      botThreads: 0,
    });
    const url = `http://127.0.0.1:${portOf(server)}`;
    const big = await fetch(`${url}/matchmake/joinById/ABCDEFGHJK`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seat: 'A', pad: 'x'.repeat(MATCHMAKE_MAX_BYTES) }),
    });
    expect(await big.json()).toEqual({
      code: 4290,
      error: `a matchmaking request of over ${MATCHMAKE_MAX_BYTES} bytes`,
    });
    const sdk = new Client(url);
    const options = { rules: 'rpg-attacks', seats: { A: 'me', B: 'remote' }, seed: 3 };
    const rooms = [await sdk.create(ROOM_NAME, options), await sdk.create(ROOM_NAME, options)];
    await expect(sdk.create(ROOM_NAME, options)).rejects.toThrow(
      'more than 2 rooms a minute from one address: wait a little',
    );
    // joinOrCreate makes a room too (a private room is never joined by it), and the path is read as Colyseus reads it.
    await expect(sdk.joinOrCreate(ROOM_NAME, options)).rejects.toThrow('more than 2 rooms a minute');
    const sideways = await fetch(`${url}/x/matchmake//create/${ROOM_NAME}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(options),
    });
    expect(((await sideways.json()) as { error: string }).error).toMatch(/^more than 2 rooms a minute/);
    // The rooms made before play on.
    expect((await matchMaker.query({ name: ROOM_NAME })).length).toBe(2);
    await Promise.all(rooms.map((r) => r.leave()));
    await server.close();
  });
});
