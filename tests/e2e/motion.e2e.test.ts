/**
 * Models that move, and a canvas that renders on demand, in real Chromium: an idle table draws no
 * frames; a queued move is drawn at its start, glides through the middle of its path with frames the
 * event player asks for itself (nothing polls the frame count meanwhile), and ends where the store says.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openApp, waitForFrames } from './browser';

const SCENE = {
  format: 'tabletop-scene/1',
  name: 'Motion range',
  table: { width: 24, depth: 24 },
  models: [
    { id: 'v', side: 'A', position: [20, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
    { id: 't', side: 'B', position: [12, 0, 4], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
  ],
};

describe('motion and render on demand', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    ({ page } = await openApp(browser));
    const r = await page.evaluate((s) => window.tabletop.loadScene(s), SCENE);
    expect(r.ok).toBe(true);
    await waitForFrames(page, 5);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws no frames while nothing moves', async () => {
    await page.waitForTimeout(500);
    const before = await page.evaluate(() => window.tabletop.framesSinceLoad());
    await page.waitForTimeout(1500);
    const after = await page.evaluate(() => window.tabletop.framesSinceLoad());
    // The first reading asks for one frame itself.
    expect(after - before).toBeLessThanOrEqual(1);
  });

  it('glides a queued move from its start to where the store put the model, at the chosen speed', async () => {
    // The log panel (with its speed setting) shows once the log has a line.
    await page.evaluate(() => window.tabletop.playEvents([{ type: 'note', text: 'the motion range opens' }]));
    await page.selectOption('[data-testid="anim-speed"]', '0.5');
    // 16" at 6"/s and half speed: about 5.3 s. Samples every 50 ms, without asking for frames.
    const samples = await page.evaluate(async () => {
      const api = window.tabletop;
      api.playEvents([{ type: 'moved', text: 'v moves 16"', model: 'v', from: [4, 0, 12], to: [20, 0, 12] }]);
      const xs: number[] = [];
      const t0 = performance.now();
      while (api.eventLog().queued > 0 && performance.now() - t0 < 60_000) {
        xs.push(api.drawnPosition('v')![0]);
        await new Promise((r) => setTimeout(r, 50));
      }
      return xs;
    });
    expect(samples.length).toBeGreaterThan(2);
    // Before its first frame the model may still stand where the store says; from then on it glides.
    const drawn = samples.filter((x) => x < 19.99);
    expect(drawn[0]).toBeLessThan(8);
    expect(drawn.some((x) => x > 6 && x < 18)).toBe(true);
    // Never backwards.
    for (let i = 1; i < drawn.length; i++) expect(drawn[i]!).toBeGreaterThanOrEqual(drawn[i - 1]! - 1e-9);
    await page.evaluate(() => window.tabletop.framesSinceLoad());
    await page.waitForFunction(() => window.tabletop.drawnPosition('v')![0] === 20);
  });

  it('Skip draws every model where the store says at once', async () => {
    await page.evaluate(() =>
      window.tabletop.playEvents([
        { type: 'moved', text: 'v moves back', model: 'v', from: [4, 0, 12], to: [20, 0, 12] },
      ]),
    );
    await page.waitForFunction(() => window.tabletop.drawnPosition('v')![0] < 19);
    await page.click('[data-testid="skip"]');
    await page.waitForFunction(() => window.tabletop.drawnPosition('v')![0] === 20);
    expect(await page.evaluate(() => window.tabletop.eventLog().queued)).toBe(0);
  });
});
