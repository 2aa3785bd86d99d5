/**
 * The spectator window in real Chromium: a host page and a `?spectator` page in one browser context
 * (a BroadcastChannel joins pages of one origin and profile). The host plays BLKOUT AI v AI (seed 3);
 * the spectator's mirrored match log equals the host's, its overlay shows the score board, and a
 * reopened spectator catches up. Then the backgrounds (chroma key, transparent) and the letterbox shape.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launch, shot, waitForFrames } from './browser';
import { en } from '../support/words';

const SEED = 3;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
// A failed test's pages must not go on drawing (and playing) while the next test runs.
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
async function context(): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  contexts.push(ctx);
  return ctx;
}

async function open(
  ctx: BrowserContext,
  query = '',
  viewport = { width: 1280, height: 720 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(inject('baseUrl') + query);
  await waitForFrames(page, 3);
  return { page, errors };
}

const matchLog = (page: Page) => page.evaluate(() => JSON.stringify(window.tabletop.playView()?.match.log ?? null));
const moves = (page: Page) => page.evaluate(() => window.tabletop.playView()?.match.log.length ?? 0);

/** Polls (up to 3 s) until the spectator's match log equals the host's; returns how many moves it held. */
async function logsMatch(host: Page, spec: Page): Promise<number> {
  let last = { spec: '', host: '' };
  for (let i = 0; i < 30; i++) {
    const h = await matchLog(host);
    const s = await matchLog(spec);
    if (s === h && h !== 'null') return (JSON.parse(h) as unknown[]).length;
    last = { spec: s, host: h };
    await spec.waitForTimeout(100);
  }
  expect(last.spec).toEqual(last.host);
  return -1;
}

/** The four corner pixels (RGBA) of a screenshot, then its centre pixel, decoded by the browser's own PNG reader. */
async function corners(page: Page, omitBackground: boolean): Promise<number[][]> {
  const png = (await page.screenshot({ omitBackground })).toString('base64');
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data];
    return [
      at(0, 0),
      at(img.width - 1, 0),
      at(0, img.height - 1),
      at(img.width - 1, img.height - 1),
      at(img.width >> 1, img.height >> 1),
    ];
  }, png);
}

const SHOOTING_README = process.env.SCREENSHOTS === '1';

describe('spectator window', () => {
  it(
    `mirrors the host's AI v AI match (seed ${SEED}) with the score on its overlay, catches up when reopened, and follows the host's camera when told`,
    async () => {
      const ctx = await context();
      // A small host page: software WebGL draws both pages on the same cores.
      const host = await open(ctx, '', { width: 900, height: 560 });
      let spec = await open(ctx, '?spectator&aspect=16:9');
      const started = await host.page.evaluate(
        (seed) => window.tabletop.startMatch({ rules: 'blkout', seats: { A: 'ai', B: 'ai' }, seed }),
        SEED,
      );
      expect(started).toEqual({ ok: true });
      // The host plays its animations at 4x (the log panel's speed shows once a match is on); the speed goes over the channel too.
      await host.page.selectOption('[data-testid=anim-speed]', '4');
      await host.page.waitForFunction(() => (window.tabletop.playView()?.match.log.length ?? 0) >= 3);
      expect(await logsMatch(host.page, spec.page)).toBeGreaterThanOrEqual(3);

      // The overlay shows each side's force and every cell of its score row, as the host's board has them.
      let board = { host: '', overlay: '' };
      for (let i = 0; i < 30; i++) {
        const view = await host.page.evaluate(() => window.tabletop.playView()!);
        const overlay = await spec.page.evaluate(() =>
          ['A', 'B'].map((p) => document.querySelector(`[data-testid=bc-side-${p}]`)?.textContent ?? ''),
        );
        const want = (['A', 'B'] as const).map((p) => [
          view.forceNames[p],
          ...view.board.rows[p].map((c) => en(c.text)),
        ]);
        board = { host: JSON.stringify(want), overlay: JSON.stringify(overlay) };
        if (want.every((cells, i) => cells.every((t) => overlay[i]!.includes(t)))) break;
        await spec.page.waitForTimeout(100);
      }
      const texts = JSON.parse(board.host) as string[][];
      const shown = JSON.parse(board.overlay) as string[];
      texts.forEach((cells, i) => cells.forEach((t) => expect(shown[i]).toContain(t)));
      const status = await spec.page.textContent('[data-testid=bc-status]');
      expect(status).toContain('BLKOUT');

      await host.page.waitForFunction(() => (window.tabletop.playView()?.match.log.length ?? 0) >= 6);
      await logsMatch(host.page, spec.page);
      if (SHOOTING_README) {
        // The README's picture: past deployment, just after a roll, with the models on the table.
        await host.page.waitForFunction(
          () =>
            !/Deployment/.test(window.tabletop.words(window.tabletop.playView()?.status ?? '')) &&
            window.tabletop.currentRoll().length > 0,
          undefined,
          { timeout: 120_000 },
        );
        await spec.page.waitForTimeout(1500);
        await shot(spec.page, 'spectator-overlay');
      }

      // Closed while the host plays on, then opened again: it catches up.
      const before = await moves(host.page);
      await spec.page.close();
      await host.page.waitForFunction((n) => (window.tabletop.playView()?.match.log.length ?? 0) >= n + 2, before);
      spec = await open(ctx, '?spectator&aspect=16:9');
      expect(await logsMatch(host.page, spec.page)).toBeGreaterThanOrEqual(before + 2);

      // Directed from the host: follow the host's camera; the host goes to its top view, and the spectator
      // sees the 48" x 36" table square on (its corners project 4:3 apart).
      await host.page.click('summary:has-text("Broadcast")');
      await host.page.selectOption('[data-testid=broadcast-style]', 'host');
      await host.page.evaluate(() => window.tabletop.setCameraMode('top'));
      let ratio = 0;
      for (let i = 0; i < 50 && Math.abs(ratio - 4 / 3) > 0.03; i++) {
        await spec.page.waitForTimeout(100);
        ratio = await spec.page.evaluate(() => {
          const a = window.tabletop.projectToScreen([0, 0, 0]);
          const b = window.tabletop.projectToScreen([48, 0, 36]);
          return a && b ? Math.abs(b.x - a.x) / Math.abs(b.y - a.y) : 0;
        });
      }
      expect(ratio).toBeCloseTo(4 / 3, 1);

      // The toolbar's button opens a spectator window.
      const [popup] = await Promise.all([ctx.waitForEvent('page'), host.page.click('[data-testid=spectator-window]')]);
      expect(new URL(popup.url()).searchParams.has('spectator')).toBe(true);
      await popup.close();
      expect([...host.errors, ...spec.errors]).toEqual([]);
      // Taking the README's picture waits for the match to get past deployment.
    },
    SHOOTING_README ? 360_000 : undefined,
  );

  it('draws the chroma key colour behind the table: the four corner pixels are 00ff00', async () => {
    const ctx = await context();
    const { page, errors } = await open(ctx, '?spectator&chroma=00ff00&overlay=score');
    for (const [r, g, b] of (await corners(page, false)).slice(0, 4)) {
      expect(Math.abs(r! - 0)).toBeLessThanOrEqual(2);
      expect(Math.abs(g! - 255)).toBeLessThanOrEqual(2);
      expect(Math.abs(b! - 0)).toBeLessThanOrEqual(2);
    }
    expect(errors).toEqual([]);
  });

  it('renders with alpha for ?transparent: the corner alpha is 0', async () => {
    const ctx = await context();
    const { page, errors } = await open(ctx, '?spectator&transparent');
    const px = await corners(page, true);
    for (const corner of px.slice(0, 4)) expect(corner[3]).toBe(0);
    // The table itself, in the middle, is drawn opaque.
    expect(px[4]![3]).toBe(255);
    expect(errors).toEqual([]);
  });

  it('letterboxes ?aspect=9:16 in a 1280x720 window, and names a refused parameter and its value', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '?spectator&aspect=9:16&chroma=zz');
    const box = (await (await page.$('canvas'))!.boundingBox())!;
    expect(box.height).toBeCloseTo(720, 0);
    expect(box.width / box.height).toBeCloseTo(9 / 16, 2);
    expect(box.x).toBeCloseTo((1280 - box.width) / 2, 0);
    expect(await page.textContent('[data-testid=spectator-errors]')).toContain('chroma=zz');
  });
});
