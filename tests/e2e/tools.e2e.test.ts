/**
 * The table tools in real Chromium, driven with the mouse and keyboard: dragging a model along its
 * measured path, the tape, the LOS badge against the geometry CLI's answer, smoke, and undo.
 * Screenshots of each tool are written for the README.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, nextFrames, openApp, project, shot, waitForFrames } from './browser';

const R = 25 / 25.4 / 2;
const SCENE = {
  format: 'tabletop-scene/1',
  name: 'Tools range',
  table: { width: 24, depth: 24 },
  terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [14.9, 0.5, 12], size: [0.3, 1, 8] }],
  models: [
    { id: 'v', side: 'A', position: [6, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.1, eyeHeight: 1 },
    { id: 'f', side: 'A', position: [6, 0, 18], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
    { id: 't', side: 'B', position: [16, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 2 },
    { id: 'e', side: 'B', position: [18, 0, 4], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
  ],
};

async function canvasOrigin(page: Page): Promise<{ x: number; y: number }> {
  const box = await (await page.$('canvas'))!.boundingBox();
  return { x: box!.x, y: box!.y };
}

async function pointAt(page: Page, p: [number, number, number]): Promise<{ x: number; y: number }> {
  const o = await canvasOrigin(page);
  const s = await project(page, p);
  return { x: o.x + s.x, y: o.y + s.y };
}

/** Presses the mouse on a table point and moves it, held, to another (the caller lets go). */
async function dragFrom(page: Page, from: [number, number, number], to: [number, number, number]): Promise<void> {
  await nextFrames(page);
  const a = await pointAt(page, from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const b = await pointAt(page, to);
  await page.mouse.move(b.x, b.y, { steps: 10 });
}

async function clickModel(page: Page, id: string): Promise<void> {
  // Let the scene draw the latest state first: raycasts use the last frame's positions.
  await nextFrames(page);
  const m = SCENE.models.find((x) => x.id === id)!;
  const p = await pointAt(page, [m.position[0]!, m.height * 0.6, m.position[2]!]);
  await page.mouse.click(p.x, p.y);
}

describe('table tools in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser));
    const r = await page.evaluate((s) => window.tabletop.loadScene(s, 'tools.json'), SCENE);
    expect(r).toEqual({ ok: true });
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await waitForFrames(page, 5);
    await nextFrames(page, 3);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('drags a model along its measured path: the length shows while dragging, and it ends where dropped', async () => {
    await dragFrom(page, [6, 1, 18], [6, 0, 22]);
    const label = await page.waitForSelector('[data-testid="drag-length"]');
    const shown = Number.parseFloat((await label.textContent()) ?? '');
    await shot(page, 'tool-drag');
    await page.mouse.up();
    await page.waitForFunction(() => window.tabletop.getScene().models?.find((m) => m.id === 'f')?.position[2] !== 18);
    const pos = await page.evaluate(() => window.tabletop.getScene().models!.find((m) => m.id === 'f')!.position);
    expect(pos[0]).toBeCloseTo(6, 0);
    expect(pos[2]).toBeGreaterThan(21.5);
    expect(pos[2]).toBeLessThan(22.5);
    // The label showed the straight length of that move (one decimal).
    expect(Math.abs(shown - (pos[2] - 18))).toBeLessThan(0.11);
  });

  it('undoes the move with Ctrl+Z and redoes it with Ctrl+Y', async () => {
    await page.keyboard.press('Control+z');
    expect(await page.evaluate(() => window.tabletop.getScene().models!.find((m) => m.id === 'f')!.position)).toEqual([
      6, 0, 18,
    ]);
    await page.keyboard.press('Control+y');
    expect(
      await page.evaluate(() => window.tabletop.getScene().models!.find((m) => m.id === 'f')!.position[2]),
    ).toBeGreaterThan(21);
    await page.keyboard.press('Control+z');
  });

  it('refuses a move through the wall beyond the allowance and says why, on screen', async () => {
    const r = await page.evaluate(() => window.tabletop.moveModel('v', 20, 12));
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/allowance|route/);
    // The same move dragged with the mouse: the notice on screen names the model and the reason.
    await dragFrom(page, [6, 1, 12], [20, 0, 12]);
    await page.mouse.up();
    const notice = await page.waitForSelector('[data-testid=notice]');
    expect(await notice.textContent()).toMatch(/^v did not move: .*(allowance|route)/);
    expect(await page.evaluate(() => window.tabletop.getScene().models!.find((m) => m.id === 'v')!.position)).toEqual([
      6, 0, 12,
    ]);
    await notice.click();
  });

  it('measures base edge to base edge with the tape', async () => {
    await page.keyboard.press('m');
    await clickModel(page, 'v');
    await clickModel(page, 'f');

    const label = await page.waitForSelector('[data-testid="tape-length"]');
    const tape = await page.evaluate(() => window.tabletop.snapshot().tape);
    expect(tape, JSON.stringify(tape)).toEqual({ a: { kind: 'model', id: 'v' }, b: { kind: 'model', id: 'f' } });
    expect(Number.parseFloat((await label.textContent()) ?? '')).toBeCloseTo(6 - 2 * R, 2);
    await shot(page, 'tool-tape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('v');
  });

  it('shows the visible percentage of a target behind a wall, the same as the geometry CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tools-'));
    const file = join(dir, 'scene.json');
    writeFileSync(file, JSON.stringify(SCENE));
    const out = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/geo.ts', 'los', file], { encoding: 'utf8' }),
    ) as {
      pairs: { viewer: string; target: string; visibleFraction: number }[];
    };
    const cli = out.pairs.find((p) => p.viewer === 'v' && p.target === 't')!.visibleFraction;
    expect(cli).toBeGreaterThan(0.3);
    expect(cli).toBeLessThan(0.7);
    await clickModel(page, 'v');
    // A badge shows over the model the mouse is over (or over every model with B).
    const over = await pointAt(page, [16, 1.2, 12]);
    await page.mouse.move(over.x, over.y);
    const badge = await page.waitForSelector('[data-testid="los-t"]');
    expect((await badge.textContent())?.startsWith(`${Math.round(cli * 100)}%`)).toBe(true);
    // The tools so far (a figure dragged see-through, the path, the tape) compiled no program after the load.
    const compiled = async () => (await page.evaluate(() => window.tabletop.renderStats()))?.inPlay;
    expect(await compiled()).toEqual([]);
    // Click the target: sight rays from the viewer's eye.
    await clickModel(page, 't');
    await page.waitForFunction(() => window.tabletop.snapshot().selectedId === 'v');
    await waitForFrames(page, 2);
    await shot(page, 'tool-los');
    // Another enemy clicked: the rays move to it (their line materials update and compile again), the viewer stays selected.
    await clickModel(page, 'e');
    await page.waitForFunction(() => window.tabletop.snapshot().selectedId === 'v');
    await waitForFrames(page, 2);
    // The rays and the wall's thick outline draw with programs the load compiled (none compiled for them).
    expect(await compiled()).toEqual([]);
  });

  it('leans out with the mouse (L) and shows range rings (O)', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('v');
    await clickModel(page, 'v');
    await page.keyboard.press('l');
    const spot = await pointAt(page, [6, 0, 12 - 2 * R - 0.5]);
    await nextFrames(page);
    await page.mouse.click(spot.x, spot.y);
    await page.waitForFunction(() => window.tabletop.getScene().models?.find((m) => m.id === 'v')?.leanOut != null);
    const lean = await page.evaluate(() => window.tabletop.getScene().models!.find((m) => m.id === 'v')!.leanOut!);
    expect(Math.hypot(lean[0] - 6, lean[2] - 12) - 2 * R).toBeLessThanOrEqual(1);
    await page.keyboard.press('v');
    await page.keyboard.press('o');
    await waitForFrames(page, 2);
    await shot(page, 'tool-lean-rings');
    await page.keyboard.press('o');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => window.tabletop.getScene().models?.find((m) => m.id === 'v')?.leanOut == null);
  });

  it('plays rule events: the log shows each as a sentence, the dice tray the last roll, and the queue drains or is skipped', async () => {
    await page.evaluate(() =>
      window.tabletop.playEvents([
        {
          type: 'dice-rolled',
          text: 'v rolled 6, 3 (d10)',
          dice: [
            [10, 6],
            [10, 3],
          ],
        },
        { type: 'shot', text: 'v shoots at e', shooter: 'v', target: 'e', hit: true },
        { type: 'damage', text: 'e takes 1 damage', target: 'e', amount: 1 },
        { type: 'model-down', text: 'e is down', model: 'e' },
      ]),
    );
    const panel = await page.waitForSelector('[data-testid="log-panel"]');
    expect(await panel.textContent()).toContain('v shoots at e');
    expect(await page.textContent('[data-testid="dice-tray"]')).toBe('63');
    // Catch the shot's tracer on its way for the README.
    await page.waitForFunction(() => window.tabletop.eventLog().queued <= 3, undefined, { timeout: 30_000 });
    await page.waitForTimeout(200);
    await shot(page, 'events');
    await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, undefined, { timeout: 30_000 });
    expect((await page.evaluate(() => window.tabletop.eventLog())).lines.slice(-2)).toEqual([
      'e takes 1 damage',
      'e is down',
    ]);
    await page.evaluate(() =>
      window.tabletop.playEvents(
        Array.from({ length: 20 }, (_, i) => ({
          type: 'shot',
          text: `shot ${i}`,
          shooter: 'v',
          target: 't',
          hit: false,
        })),
      ),
    );
    await page.click('[data-testid="skip"]');
    expect((await page.evaluate(() => window.tabletop.eventLog())).queued).toBe(0);
  });

  it("places smoke between them and LOS drops to none at once on the selected model's badges; undo and redo update them too", async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('v');
    await clickModel(page, 'v');
    // Every badge (B), so the target's stays while the mouse places smoke elsewhere.
    await page.keyboard.press('b');
    const badgeText = () => page.evaluate(() => document.querySelector('[data-testid="los-t"]')?.textContent ?? null);
    await page.waitForSelector('[data-testid="los-t"]');
    const seen = await badgeText();
    expect(seen).toMatch(/^\d+%/);
    // The selection stays while smoke goes down: the badge must follow without selecting again.
    await page.keyboard.press('s');
    const spot = await pointAt(page, [10, 0, 12]);
    await nextFrames(page);
    await page.mouse.click(spot.x, spot.y);
    await page.waitForFunction(() => (window.tabletop.getScene().smoke ?? []).length === 1);
    expect(await page.evaluate(() => window.tabletop.snapshot().selectedId)).toBe('v');
    await page.waitForFunction(() => document.querySelector('[data-testid="los-t"]')?.textContent === 'no LOS');
    await shot(page, 'tool-smoke');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => (window.tabletop.getScene().smoke ?? []).length === 0);
    await page.waitForFunction((t) => document.querySelector('[data-testid="los-t"]')?.textContent === t, seen);
    await page.keyboard.press('Control+y');
    await page.waitForFunction(() => document.querySelector('[data-testid="los-t"]')?.textContent === 'no LOS');
    await page.keyboard.press('Control+z');
    await page.waitForFunction((t) => document.querySelector('[data-testid="los-t"]')?.textContent === t, seen);
    await page.keyboard.press('b');
    await page.keyboard.press('v');
    expect(errors).toEqual([]);
  });
});
