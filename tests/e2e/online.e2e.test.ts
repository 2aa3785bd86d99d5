/**
 * Online play through the game server (`npm start`'s process, started here on its own port with its own
 * data folder): three browser contexts (separate profiles, so no BroadcastChannel links them) play and
 * watch one room.
 *
 * BLKOUT, seed 3 (as the hotseat test: A wins the deployment roll-off 10-5): A creates the room, B opens
 * the link, a spectator opens `?room=CODE&spectator`. Both players click the hardpoints, the edge and
 * every model's deployment in their own page; A's move is answered by a reaction prompt on B's page only.
 * After every action all three pages hold the server's state hash; no page ever holds, nor receives over
 * its socket, a BURN card of another side. Then the two players play on to the match's end, each move
 * chosen in its own page by the rules' bot from what that page holds.
 *
 * Then the fault: an RPG room (seed 5) played by two pages, the server process killed mid-match and
 * started again on the same data folder; both pages come back by themselves and finish the match, and
 * the server's final hash is the battle CLI's for the same seed and moves.
 *
 * Last, the set-up panel's buttons: a Five Parsecs co-op room (side A shared, against the AI) with a
 * password, created by "Create an online room"; the second player's link alone is refused for the
 * password, and "Join an online room" with it typed takes side A's second place.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayView } from '../../src/state/play';
import type { BlkoutState } from '../../src/rules/blkout/game';
import type { Match, Move } from '../../src/rules/engine/match';
import { replay } from '../../src/rules/engine/match';
import { publicHash } from '../../src/rules/engine/secrecy';
import type { Action } from '../../src/rules/engine/types';
import { battleTable } from '../../src/cli/soakGames';
import { rulesetOf } from '../../src/rulesetsLoaded';
import { launch, openApp, waitForFrames } from './browser';
import { clickTableAt, fastest, logLines, pressChoice, topView, waitForLogLine } from './person';

const PORT = 4390 + Math.floor(Math.random() * 50);
const BASE = `http://127.0.0.1:${PORT}/`;
const data = mkdtempSync(join(tmpdir(), 'online-e2e-'));
let server: ChildProcess | null = null;

/** Starts the game server (as `npm start` does, on the built app) and waits until it serves. */
async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the game server did not start:\n${out}`)), 60_000);
    const seen = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Serving the tabletop')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => reject(new Error(`the game server exited (${code}):\n${out}`)));
  });
}

/** Kills the server process at once (no shutdown of any kind: as a crash or a pulled plug). */
async function killServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

const view = (page: Page) => page.evaluate(() => window.tabletop.playView() as PlayView<BlkoutState>);
const hashOf = (page: Page) => page.evaluate(() => window.tabletop.stateHash());
const logLength = (page: Page) => page.evaluate(() => window.tabletop.playView()?.match.log.length ?? -1);

/** Waits until every page shows the same match at the same action (the server's hash everywhere). */
async function sameEverywhere(pages: readonly Page[], n: number): Promise<string> {
  for (const p of pages)
    await p.waitForFunction((k) => window.tabletop.playView()?.match.log.length === k, n, { timeout: 30_000 });
  const hashes = await Promise.all(pages.map(hashOf));
  expect(new Set(hashes).size, `one hash on every page: ${hashes.join(', ')}`).toBe(1);
  return hashes[0]!;
}

/** Every text a page received over its sockets (colyseus.js frames: strings, or bytes read as latin1). */
function socketText(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) =>
      frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1')),
    ),
  );
  return frames;
}

/** Where each model is deployed (the hotseat test's spots: A north, B south). */
function deploySpot(id: string, order: number): [number, number] {
  if (id === 'A1.0') return [34, 3.3];
  if (id === 'B1.0') return [34, 32.7];
  return id.startsWith('A') ? [2 + order * 2.2, 1.8] : [2 + order * 2.2, 34.2];
}

describe('online play: two players and a spectator in three browser profiles', () => {
  let browser: Browser;
  let a: Page;
  let b: Page;
  let watcher: Page;
  let errors: string[] = [];
  const frames: Record<'A' | 'B' | 'S', string[]> = { A: [], B: [], S: [] };

  beforeAll(async () => {
    await startServer();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await killServer();
    rmSync(data, { recursive: true, force: true });
  });

  it('A creates a BLKOUT room; B opens its link and a spectator the spectator link; both players click the set-up and the deployment in their own page; the hash is the same in all three after every action', async () => {
    const opened = await openApp(browser, 1400, 900, BASE);
    a = opened.page;
    errors = opened.errors;
    frames.A = socketText(a);
    const made = await a.evaluate(() =>
      window.tabletop.online.create({ rules: 'blkout', seats: { A: 'me', B: 'remote' }, seed: 3 }),
    );
    expect(made.seat).toBe('A');
    expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(made.url).toBe(`${BASE}?room=${made.code}&seat=B`);
    const pb = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    frames.B = socketText(pb);
    await pb.goto(made.url);
    b = pb;
    const ps = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    frames.S = socketText(ps);
    await ps.goto(`${BASE}?room=${made.code}&spectator&aspect=16:9`);
    watcher = ps;
    for (const p of [b, watcher]) {
      await waitForFrames(p, 3);
      await p.waitForFunction(() => window.tabletop?.playView() != null, null, { timeout: 60_000 });
    }
    expect(await b.evaluate(() => window.tabletop.online.status())).toMatchObject({
      connected: true,
      code: made.code,
      seat: 'B',
      players: { A: { kind: 'me', connected: true }, B: { kind: 'remote', connected: true } },
    });
    // The spectator window answers `online.status()` as the app does.
    expect(await watcher.evaluate(() => window.tabletop.online.status())).toMatchObject({
      connected: true,
      code: made.code,
      seat: 'spectator',
    });
    expect((await view(a)).seats).toEqual({ A: 'human', B: 'remote' });
    expect((await view(b)).seats).toEqual({ A: 'remote', B: 'human' });
    expect((await view(watcher)).seats).toEqual({ A: 'remote', B: 'remote' });
    await a.locator('[data-testid=online-status]', { hasText: `Online room ${made.code}` }).waitFor();
    await sameEverywhere([a, b, watcher], 0);

    // A's decision: B's page waits for it, and a move sent from B's page is refused there with the reason.
    expect(await b.textContent('.play-panel .thinking')).toBe('Player A (online) is deciding…');
    const hardpoint = { type: 'place-hardpoint', x: 12, z: 18 };
    const refused = await b.evaluate((m) => window.tabletop.submitMove(m), hardpoint);
    expect(refused).toEqual({ ok: false, reason: { id: 'ui:refuse.online-other', args: { side: 'A' } } });
    await topView(a);
    await topView(b);
    await clickTableAt(a, 12, 18);
    await sameEverywhere([a, b, watcher], 1);
    await clickTableAt(b, 24, 18);
    await waitForLogLine(b, /^deployment roll-off 10-5: A deploys first$/);
    await sameEverywhere([a, b, watcher], 2);
    await pressChoice(a, 'Deploy on the north edge');
    await sameEverywhere([a, b, watcher], 3);

    const order: Record<string, number> = { A: 0, B: 0 };
    for (let i = 0; i < 28; i++) {
      const v = await view(a);
      if (v.match.state.phase !== 'deploy') break;
      const side = v.decider as 'A' | 'B';
      const page = side === 'A' ? a : b;
      const id = (await view(page)).pick?.model;
      expect(id, `${side}'s page arms its next model`).toBeTruthy();
      const [x, z] = deploySpot(id!, order[side]!);
      if (id !== 'A1.0' && id !== 'B1.0') order[side]! += 1;
      const n = v.match.log.length;
      await clickTableAt(page, x, z);
      await sameEverywhere([a, b, watcher], n + 1);
    }
    expect((await view(watcher)).match.state.phase).toBe('execution');
    // Each player's page shows its own hand, the other's as a count; the spectator's neither.
    const hand = (p: Page) => p.$$eval('[data-testid=score] tr.hand td', (tds) => tds.map((t) => t.textContent ?? ''));
    const [aOwn, aOther] = await hand(a);
    const [bOther, bOwn] = await hand(b);
    expect(aOwn).toMatch(/^BURN: (?!\d+ card)\w/);
    expect(aOther).toBe('BURN: 3 cards');
    expect(bOther).toBe('BURN: 3 cards');
    expect(bOwn).toMatch(/^BURN: (?!\d+ card)\w/);
    // The spectator window (the broadcast layout, from the server): its overlay follows the match, and it holds no card.
    expect(await watcher.textContent('[data-testid=bc-status]')).toContain('Round 1 of 5');
    expect((await view(watcher)).match.state.burn.hands).toEqual({
      A: ['hidden', 'hidden', 'hidden'],
      B: ['hidden', 'hidden', 'hidden'],
    });
    expect(errors).toEqual([]);
  }, 300_000);

  it("A's move is answered by a reaction prompt on B's page only; B passes by its button; no page ever held another side's BURN card", async () => {
    await pressChoice(a, 'Activate Assault Team');
    // Hands are secret online: B is asked about Perimeter Defense as A's unit activates, held or not (seed 3:
    // A holds it, so B's only answer is the pass that says why B was asked); A sees only that B decides.
    await b.waitForSelector('.play-panel.reacting', { timeout: 30_000 });
    expect(await b.locator('[data-testid=choice]').allTextContents()).toEqual([
      expect.stringContaining('Pass (no card for this: asked anyway, so your hand stays secret)'),
    ]);
    expect(await a.textContent('.play-panel .thinking')).toBe('Player B (online) is deciding…');
    let n = (await logLength(b)) + 1;
    await pressChoice(b, 'Pass');
    await sameEverywhere([a, b, watcher], n);
    await a.locator('[data-testid=pick]', { hasText: 'Move Assault Team 1' }).click();
    const from = (await view(a)).match.state.models['A1.0']!.pos!;
    await clickTableAt(a, from[0], from[2] + 5.8);
    await b.waitForSelector('.play-panel.reacting', { timeout: 30_000 });
    n = await logLength(b);
    await sameEverywhere([a, b, watcher], n);
    expect(await b.textContent('.play-panel .prompt')).toBe('Player B: react?');
    expect(await a.isVisible('.play-panel.reacting [data-testid=choices]')).toBe(false);
    expect(await a.textContent('.play-panel .thinking')).toBe('Player B (online) is deciding…');
    expect(await watcher.isVisible('[data-testid=choices]')).toBe(false);
    await pressChoice(b, 'Pass');
    await sameEverywhere([a, b, watcher], n + 1);
    expect((await view(a)).match.log.at(-1)).toMatchObject({ player: 'B', action: { type: 'pass' } });
    expect(await a.textContent('.play-panel .prompt')).toBe('Player A to decide');
    // B's log names B's possible reactions; A's says only that B might react (they could name a BURN card).
    expect((await logLines(b)).filter((l) => l.startsWith('B may react')).at(-1)).toMatch(/^B may react: overwatch/);
    expect((await logLines(a)).filter((l) => l.startsWith('B may react')).at(-1)).toBe('B may react');

    // The secrets: whatever each page holds and whatever its socket carried.
    const hands = (await view(a)).match.state.burn.hands.A;
    const handsB = (await view(b)).match.state.burn.hands.B;
    expect(hands.every((c) => c !== 'hidden')).toBe(true);
    expect(handsB.every((c) => c !== 'hidden')).toBe(true);
    expect((await view(b)).match.state.burn.hands.A).toEqual(['hidden', 'hidden', 'hidden']);
    expect((await view(a)).match.state.burn.hands.B).toEqual(['hidden', 'hidden', 'hidden']);
    const pageText = async (p: Page) => `${await p.content()}\n${JSON.stringify(await view(p))}`;
    for (const card of hands) {
      expect(frames.B.join('\n')).not.toContain(card);
      expect(frames.S.join('\n')).not.toContain(card);
      expect(await pageText(b)).not.toContain(`"${card}"`);
    }
    for (const card of handsB) {
      expect(frames.A.join('\n')).not.toContain(card);
      expect(frames.S.join('\n')).not.toContain(card);
      expect(await pageText(a)).not.toContain(`"${card}"`);
    }
    expect(frames.B.length).toBeGreaterThan(30);
    expect(errors).toEqual([]);
  }, 120_000);

  it("the players play the match to its end, each move chosen in its own page (the rules' bot, from what that page holds); the same hash in all three pages after every action", async () => {
    const entry = rulesetOf('blkout');
    const q = (await battleTable(entry)).queries();
    const pages = { A: a, B: b };
    // Each person picks the quickest animations: the rest of the match is about the pages agreeing.
    for (const p of [a, b]) await fastest(p);
    let moves = 0;
    for (;;) {
      const decider = (await view(watcher)).decider as 'A' | 'B' | null;
      if (!decider) break;
      const page = pages[decider];
      const mine = (await view(page)).match as unknown as Match<unknown, Action>;
      const move = entry.bot(mine, decider, q) as Move<Action>;
      expect(await page.evaluate((m) => window.tabletop.submitMove(m), move), JSON.stringify(move)).toEqual({
        ok: true,
      });
      await sameEverywhere([a, b, watcher], mine.log.length + 1);
      moves += 1;
    }
    expect(moves).toBeGreaterThan(100);
    const outcomes = await Promise.all([a, b, watcher].map(async (p) => (await view(p)).outcome));
    expect(outcomes[0]).not.toBeNull();
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual(outcomes[0]);
    expect(errors).toEqual([]);
    // A hang guard, not a speed goal: the match is about 270 actions (hands secret: every moment a card could answer is asked).
  }, 480_000);
});

describe('online play survives the server: killed mid-match, started again, both players come back and finish', () => {
  let browser: Browser;
  const SEED = 5;

  beforeAll(async () => {
    if (!server) await startServer();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`an RPG room (seed ${SEED}) played to the end by two pages, the server killed and restarted after 6 actions; the final hash is the battle CLI's`, async () => {
    const entry = rulesetOf('rpg-attacks');
    const table = await battleTable(entry);
    const q = table.queries();
    const { page: pa } = await openApp(browser, 1000, 700, BASE);
    const made = await pa.evaluate(
      (seed) => window.tabletop.online.create({ rules: 'rpg-attacks', seats: { A: 'me', B: 'remote' }, seed }),
      SEED,
    );
    const pb = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await pb.goto(made.url);
    await pb.waitForFunction(() => window.tabletop?.playView() != null, null, { timeout: 60_000 });
    const pages = { A: pa, B: pb };
    // Each player's moves: the rules' own bot choosing from what that player's page holds.
    const playOne = async (): Promise<boolean> => {
      const v = await view(pa);
      if (v.outcome || !v.decider) return false;
      const page = pages[v.decider as 'A' | 'B'];
      const mine = (await view(page)).match as Match<unknown, Action>;
      const move = entry.bot(mine, v.decider, q) as Move<Action>;
      const r = await page.evaluate((m) => window.tabletop.submitMove(m), move);
      expect(r, JSON.stringify(move)).toEqual({ ok: true });
      await sameEverywhere([pa, pb], mine.log.length + 1);
      return true;
    };
    for (let i = 0; i < 6; i++) expect(await playOne()).toBe(true);
    const before = await hashOf(pa);

    await killServer();
    await pa.waitForFunction(() => !window.tabletop.online.status().connected, null, { timeout: 30_000 });
    await startServer();
    // Both pages find their room again by themselves (its log restored from the data folder, their seats by key).
    for (const p of [pa, pb])
      await p.waitForFunction(() => window.tabletop.online.status().connected, null, { timeout: 60_000 });
    expect(await hashOf(pa)).toBe(before);
    expect(await hashOf(pb)).toBe(before);

    let moves = 6;
    while (await playOne()) moves += 1;
    const final = await hashOf(pa);
    expect(await hashOf(pb)).toBe(final);
    // The battle CLI's referee, replaying the same moves from the same seed and set-up, reaches the same hash.
    const log = (await view(pa)).match.log as Match<unknown, Action>['log'];
    expect(log).toHaveLength(moves);
    const start = { initial: { state: table.initial, rng: { seed: SEED, n: 0 } }, casualUndo: false };
    expect(publicHash(entry.play, replay(entry.engine, start, log, q))).toBe(final);
    expect((await view(pb)).outcome).not.toBeNull();
  }, 300_000);
});

describe("the set-up panel's online buttons: a co-op room with a password, created and joined by clicks", () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!server) await startServer();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await killServer();
    rmSync(data, { recursive: true, force: true });
  });

  it('Five Parsecs (co-op crew against the AI): "Create an online room" with a password; the link alone is refused for the password; typed in "Join an online room", the second player joins side A; either player acts for the crew', async () => {
    const entry = rulesetOf('fiveparsecs');
    const q = (await battleTable(entry)).queries();
    const { page: one, errors } = await openApp(browser, 1400, 900, BASE);
    await one.click('[data-testid=play-open]');
    // BLKOUT's "BURN cards asked" is offered on one screen; an online room always keeps hands secret, so
    // the field goes once a seat is a remote player's.
    await one.click('[data-testid=ruleset-blkout]');
    expect(await one.isVisible('[data-testid=option-burnWindows]')).toBe(true);
    await one.selectOption('[data-testid=seat-B]', 'remote');
    expect(await one.isVisible('[data-testid=option-burnWindows]')).toBe(false);
    await one.selectOption('[data-testid=seat-B]', 'ai');
    await one.click('[data-testid=ruleset-fiveparsecs]');
    // Sharing is offered for the human's side against the AI, and a password field shows once the room is online.
    expect(await one.isVisible('[data-testid=online-password]')).toBe(false);
    await one.check('[data-testid=share-A]');
    expect(await one.isVisible('[data-testid=share-B]')).toBe(false);
    await one.fill('[data-testid=online-password]', 'ravens');
    await one.click('[data-testid=create-online]');
    const link = await one.locator('[data-testid=online-link]').inputValue({ timeout: 60_000 });
    const code = /room=([0-9A-Z]{10})&seat=A$/.exec(link)?.[1];
    expect(code, link).toBeTruthy();
    expect(await one.textContent('[data-testid=online-status]')).toContain(
      "A: connected · A's second player: free place · B: AI",
    );

    const two = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await two.goto(link);
    await two.waitForFunction(() => window.tabletop?.framesSinceLoad() > 2, null, { timeout: 60_000 });
    await two.locator('[data-testid=notice]', { hasText: 'this room needs its password' }).waitFor({ timeout: 30_000 });
    expect(await two.evaluate(() => window.tabletop.online.status().connected)).toBe(false);
    await two.click('[data-testid=play-open]');
    // The link filled the join form: its code and side.
    expect(await two.inputValue('[data-testid=join-code]')).toBe(code);
    expect(await two.inputValue('[data-testid=join-seat]')).toBe('A');
    await two.fill('[data-testid=join-password]', 'raven');
    await two.click('[data-testid=join-online]');
    await two.locator('.join-online .problem', { hasText: 'this room needs its password' }).waitFor();
    await two.fill('[data-testid=join-password]', 'ravens');
    await two.click('[data-testid=join-online]');
    await two.waitForFunction(() => window.tabletop.online.status().connected, null, { timeout: 60_000 });
    await one
      .locator('[data-testid=online-status]', { hasText: "A's second player: connected" })
      .waitFor({ timeout: 30_000 });
    expect(await one.isVisible('[data-testid=online-link]')).toBe(false);
    expect((await two.evaluate(() => window.tabletop.online.status())).players?.A).toEqual({
      kind: 'me',
      taken: true,
      connected: true,
      partner: { taken: true, connected: true },
    });

    // The crew's decisions, from either page: the second player's, then the first's (the AI's moves between).
    for (const page of [two, one, two]) {
      await page.waitForFunction(() => window.tabletop.playView()?.decider === 'A', null, { timeout: 60_000 });
      const mine = (await page.evaluate(() => window.tabletop.playView()!.match)) as Match<unknown, Action>;
      const move = entry.bot(mine, 'A', q) as Move<Action>;
      expect(await page.evaluate((m) => window.tabletop.submitMove(m), move)).toEqual({ ok: true });
      await sameEverywhere([one, two], mine.log.length + 1);
      expect((await view(one)).match.log.at(-1)?.player).toBe('A');
    }
    expect(errors).toEqual([]);
  }, 240_000);
});
