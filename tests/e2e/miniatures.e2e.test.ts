/**
 * Miniatures in real Chromium: models are drawn as the project's figures (infantry, drone, vehicle)
 * or their own mesh, in the side's colour, and a press on a figure still picks its model. With
 * SCREENSHOTS=1 it writes the README's assets/screenshots/miniatures.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, nextFrames, openApp, pixelAt, project, shot } from './browser';

type Rgb = [number, number, number];
const isRed = ([r, g, b]: Rgb) => r > 90 && r > g * 1.6 && r > b * 1.6;
const isBlue = ([r, g, b]: Rgb) => b > 90 && b > r * 1.6 && b > g * 1.15;

const round = (mm: number) => ({ shape: 'round', diameterMm: mm });
const scene = {
  format: 'tabletop-scene/1',
  name: 'Miniatures',
  table: { width: 18, depth: 12 },
  terrain: [
    { id: 'wall', kind: 'obstacle', shape: 'box', center: [6, 0.75, 2.5], size: [7, 1.5, 0.5] },
    { id: 'box', kind: 'obstacle', shape: 'box', material: 'metal', center: [14, 1.25, 3], size: [5, 2.5, 2.5] },
    { id: 'woods', kind: 'area', shape: 'cylinder', center: [15, 1, 9.5], radius: 2, height: 2 },
  ],
  models: [
    { id: 'a1', side: 'A', position: [3, 0, 6], base: round(32), height: 1.25, kind: 'infantry', facingDeg: 0 },
    { id: 'a2', side: 'A', position: [5, 0, 6], base: round(32), height: 1.25, kind: 'infantry', prone: true },
    { id: 'a3', side: 'A', position: [7, 0, 6], base: round(40), height: 1.4, kind: 'drone' },
    {
      id: 'a4',
      side: 'A',
      position: [10.5, 0, 6],
      base: { shape: 'oval', lengthMm: 105, widthMm: 70 },
      height: 2,
      kind: 'vehicle',
    },
    { id: 'b1', side: 'B', position: [3, 0, 10], base: round(32), height: 1.25, kind: 'infantry', facingDeg: 90 },
    { id: 'b2', side: 'B', position: [5, 0, 10], base: round(32), height: 1.25, kind: 'infantry', facingDeg: 180 },
    { id: 'b3', side: 'B', position: [7, 0, 10], base: round(40), height: 1.4, kind: 'drone', facingDeg: 270 },
    {
      id: 'b4',
      side: 'B',
      position: [10.5, 0, 10],
      base: round(60),
      height: 2,
      kind: 'vehicle',
      facingDeg: 180,
      mesh: 'assets/terrain/crates.stl',
    },
  ],
};

describe('miniatures on the table', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const at = async (p: [number, number, number]): Promise<Rgb> => {
    const s = await project(page, p);
    return pixelAt(page, s.x, s.y);
  };

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser));
    expect(await page.evaluate((s) => window.tabletop.loadScene(s, 'miniatures.json'), scene)).toEqual({ ok: true });
    // The figures load once, after the scene: wait until the drawn standing infantry leaves the space beside its head empty.
    await page.waitForFunction(() => document.querySelector('canvas') !== null);
    await nextFrames(page, 10);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws figures in the side colour, not the old full-width cylinder', async () => {
    // The torso of a standing figure is team-coloured...
    await expect.poll(async () => isRed(await at([3, 0.8, 6])), { timeout: 20_000 }).toBe(true);
    expect(isBlue(await at([5, 0.8, 10]))).toBe(true); // b2, side on to the camera
    // ...and beside its head, where the old body cylinder was, there is no red any more.
    const beside = await at([3, 1.1, 6 - 0.5]);
    expect(isRed(beside), `beside a1's head: ${beside.join(',')}`).toBe(false);
    // A prone figure lies on its base: nothing red stands at chest height above it.
    expect(isRed(await at([5, 0.9, 6]))).toBe(false);
    // The vehicle's hull and a model's own mesh (crates.stl fitted to its base) are team-coloured.
    expect(isRed(await at([10.3, 1.0, 6]))).toBe(true);
    const own = await at([10.5, 1.0, 10]);
    expect(isBlue(own), `b4's own mesh: ${own.join(',')}`).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a press on a figure still picks its model', async () => {
    const box = (await (await page.$('canvas'))!.boundingBox())!;
    const p = await project(page, [7, 0.7, 6]);
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await page.waitForFunction(() => window.tabletop.snapshot().selectedId === 'a3');
    await page.keyboard.press('Escape');
    await nextFrames(page, 2);
    await shot(page, 'miniatures');
    expect(errors).toEqual([]);
  });
});
