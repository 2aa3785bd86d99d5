/** Shared browser-test helpers: launch Chromium, open the app, wait for frames, read pixels, take the README's screenshots. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The Chromium the global setup started for the whole run (the system's, or the packaged one, with its
 * flags): a connection of this file's own. Closing it closes this file's pages and contexts, not the browser.
 */
export function launch(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/** A download saved to a file of this machine (the shared browser is remote: it keeps no path to read). */
export async function downloaded(d: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-download-')), d.suggestedFilename());
  await d.saveAs(path);
  return path;
}

/**
 * Writes the README's screenshot `assets/screenshots/<name>.png`, only when SCREENSHOTS=1 (`npm run
 * screenshots`): a plain test run leaves the tracked images alone.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync('assets/screenshots', { recursive: true });
  await page.screenshot({ path: `assets/screenshots/${name}.png` });
}

/** Opens the app (at `url`, the test server's by default) at a fixed viewport, collecting page errors; resolves once the scene has drawn. */
export async function openApp(
  browser: Browser,
  width = 1280,
  height = 800,
  url: string = inject('baseUrl'),
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  await waitForFrames(page, 5);
  // The page has loaded once its shader warm-up is done (it links each program, a task apiece).
  await page.waitForFunction(() => window.tabletop.renderStats()?.compiledInPlay != null, undefined, {
    timeout: 60_000,
  });
  return { page, errors };
}

/** Waits until the current scene has been on screen for at least `n` frames. */
export async function waitForFrames(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => window.tabletop?.framesSinceLoad() >= count, n, { timeout: 60_000 });
}

/**
 * Waits until `n` more frames have been drawn: after a change to the table, so the scene graph
 * (and the pointer's raycasts) reflect it before the test clicks.
 */
export async function nextFrames(page: Page, n = 2): Promise<void> {
  const now = await page.evaluate(() => window.tabletop.framesSinceLoad());
  // The count starts again from 0 when a new scene version is shown (a model moved or left the
  // table): then `n` frames of the new one are enough, rather than waiting for the old count.
  await page.waitForFunction(
    ([start, count]) => {
      const f = window.tabletop.framesSinceLoad();
      return f >= start + count || (f < start && f >= count);
    },
    [now, n] as const,
    { timeout: 60_000 },
  );
}

/** RGB of the canvas pixel at a point (CSS pixels within the canvas). */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector('canvas');
      if (!canvas) throw new Error('no canvas');
      const scale = canvas.width / canvas.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(canvas, 0, 0);
      const d = ctx.getImageData(Math.round(px * scale), Math.round(py * scale), 1, 1).data;
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0] as [number, number, number];
    },
    [x, y] as const,
  );
}

/** Projects a table point (inches) to canvas pixels through the automation API. */
export async function project(page: Page, point: [number, number, number]): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((pt) => window.tabletop.projectToScreen(pt), point);
  if (!p) throw new Error(`point ${JSON.stringify(point)} is not in front of the camera`);
  return p;
}

/** Clicks the table at (x, 0, z) inches, after the scene has drawn the current camera. */
export async function clickTable(page: Page, x: number, z: number): Promise<void> {
  await nextFrames(page);
  const box = (await (await page.$('canvas'))!.boundingBox())!;
  const s = await project(page, [x, 0, z]);
  await page.mouse.click(box.x + s.x, box.y + s.y);
  await engineAnswered(page);
}

/** Clicks a button and waits for the rules engine's answer (it runs in a worker), as a player waits to see a click take effect. */
export async function press(page: Page, selector: string): Promise<void> {
  await page.click(selector);
  await engineAnswered(page);
}

/** Waits until the rules engine has answered every request in flight. */
export async function engineAnswered(page: Page): Promise<void> {
  await page.evaluate(() => window.tabletop.engineIdle?.());
}
