/**
 * The app in real Chromium (software WebGL): the default battle renders, scene files open through
 * the UI (button and drag-and-drop), broken files are refused without touching the table, Save
 * writes the scene file, and a screenshot is taken for the README (with SCREENSHOTS=1).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloaded, launch, openApp, pixelAt, project, shot, waitForFrames } from './browser';

const defaultScene = JSON.parse(readFileSync('assets/scenarios/default.json', 'utf8')) as {
  models: { id: string; side: string; position: [number, number, number]; height: number }[];
  terrain: unknown[];
};

type Rgb = [number, number, number];
/** Side A is drawn red and side B blue (src/scene/palette.ts); lit pixels keep that dominance. */
const isRed = ([r, g, b]: Rgb) => r > 90 && r > g * 1.6 && r > b * 1.6;
const isBlue = ([r, g, b]: Rgb) => b > 90 && b > r * 1.6 && b > g * 1.15;
/** The mat is a muted green. */
const isMat = ([r, g, b]: Rgb) => g > r && g > b && g > 50 && g < 200;

async function modelPixel(page: Page, id: string): Promise<Rgb> {
  const m = defaultScene.models.find((x) => x.id === id);
  if (!m) throw new Error(`no model ${id}`);
  const p = await project(page, [m.position[0], m.position[1] + m.height, m.position[2]]);
  return pixelAt(page, p.x, p.y);
}

async function openThroughInput(page: Page, name: string, text: string): Promise<void> {
  await page.setInputFiles('[data-testid="open-input"]', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
}

async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([n, t]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], n, { type: 'application/json' }));
      return dt;
    },
    [name, text] as const,
  );
  await page.dispatchEvent('canvas', 'dragover', { dataTransfer });
  await page.dispatchEvent('canvas', 'drop', { dataTransfer });
}

const smallScene = {
  format: 'tabletop-scene/1',
  name: 'Duel in the yard',
  table: { width: 24, depth: 24 },
  terrain: [{ id: 'crate', kind: 'obstacle', shape: 'box', center: [12, 1, 12], size: [2, 2, 2] }],
  models: [
    { id: 'red', side: 'A', position: [6, 0, 12], base: { shape: 'round', diameterMm: 40 }, height: 1.6 },
    { id: 'blue', side: 'B', position: [18, 0, 12], base: { shape: 'round', diameterMm: 40 }, height: 1.6 },
  ],
};

describe('the app in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the default battle: table, red side A and blue side B where the scene puts them', async () => {
    const snap = await page.evaluate(() => window.tabletop.snapshot());
    expect(snap.scene.models?.length).toBe(defaultScene.models.length);
    expect(snap.scene.terrain?.length).toBe(defaultScene.terrain.length);
    expect(await page.textContent('[data-testid="scene-name"]')).toBe('Crossroads at Hollow Depot');

    for (const id of ['a2', 'a3', 'a4']) expect(isRed(await modelPixel(page, id)), `model ${id}`).toBe(true);
    for (const id of ['b1', 'b3', 'b4']) {
      const px = await modelPixel(page, id);
      expect(isBlue(px), `model ${id}: ${px.join(',')}`).toBe(true);
    }
    // Open mat in the middle of a grid cell, away from terrain and models.
    const mat = await project(page, [18.5, 0, 33.5]);
    expect(isMat(await pixelAt(page, mat.x, mat.y))).toBe(true);
    // b5 stands inside the closed bunker: its roof hides it, so no blue shows there.
    expect(isBlue(await modelPixel(page, 'b5'))).toBe(false);
    expect(errors).toEqual([]);

    await shot(page, 'default-battle');
  });

  it('selects a model with a click and shows its card', async () => {
    const a3 = defaultScene.models.find((m) => m.id === 'a3')!;
    const p = await project(page, [a3.position[0], a3.position[1] + a3.height * 0.5, a3.position[2]]);
    const canvas = (await page.$('canvas'))!;
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await page.waitForSelector('[data-testid="model-panel"]');
    expect(await page.evaluate(() => window.tabletop.snapshot().selectedId)).toBe('a3');
    expect(await page.textContent('[data-testid="model-panel"]')).toContain('40 mm round');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => window.tabletop.snapshot().selectedId)).toBeNull();
  });

  it('refuses a broken file opened through the button, shows why, and keeps the table', async () => {
    const before = await page.evaluate(() => window.tabletop.getScene());
    const broken = structuredClone(defaultScene) as unknown as { models: { position: number[] }[] };
    broken.models[3]!.position = [60, 0, 10];
    await openThroughInput(page, 'broken-battle.json', JSON.stringify(broken));
    const banner = await page.waitForSelector('[data-testid="error-banner"]');
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('broken-battle.json');
    expect(text).toContain('models[3].position');
    expect(text).toContain('[60,0,10]');
    expect(await page.evaluate(() => window.tabletop.getScene())).toEqual(before);
    // Still drawn: a red model is where it was.
    expect(isRed(await modelPixel(page, 'a2'))).toBe(true);
  });

  it('refuses a dropped file that is not JSON, and one whose mesh is missing', async () => {
    const before = await page.evaluate(() => window.tabletop.getScene());
    await dropFile(page, 'notes.json', 'these are my notes, not a scene');
    await page.waitForFunction(() => window.tabletop.snapshot().lastError?.message.includes('notes.json'));
    const missingMesh = {
      ...smallScene,
      terrain: [
        { id: 'shed', kind: 'structure', shape: 'mesh', src: 'assets/terrain/shed-missing.glb', position: [12, 0, 4] },
      ],
    };
    await dropFile(page, 'shed.json', JSON.stringify(missingMesh));
    await page.waitForFunction(() => window.tabletop.snapshot().lastError?.message.includes('shed-missing.glb'));
    const issue = await page.evaluate(() => window.tabletop.snapshot().lastError?.issues[0]);
    expect(issue).toMatchObject({ code: 'mesh-load', path: 'terrain[0].src' });
    expect(await page.evaluate(() => window.tabletop.getScene())).toEqual(before);
  });

  it('opens a valid scene through the button and replaces the table', async () => {
    await openThroughInput(page, 'duel.json', JSON.stringify(smallScene));
    await page.waitForFunction(() => window.tabletop.snapshot().sceneFile === 'duel.json');
    await waitForFrames(page, 3);
    expect(await page.evaluate(() => window.tabletop.getScene())).toEqual(smallScene);
    expect(await page.$('[data-testid="error-banner"]')).toBeNull();
    expect(await page.textContent('[data-testid="scene-name"]')).toBe('Duel in the yard');
    const red = await project(page, [6, 1, 12]);
    const blue = await project(page, [18, 1, 12]);
    expect(isRed(await pixelAt(page, red.x, red.y))).toBe(true);
    expect(isBlue(await pixelAt(page, blue.x, blue.y))).toBe(true);
    expect(await page.inputValue('[data-testid="table-size"]')).toBe('24x24');
  });

  it('opens a dropped scene with glTF and STL terrain', async () => {
    const meshes = {
      ...smallScene,
      name: 'Meshes',
      terrain: [
        { id: 'bunker', kind: 'structure', shape: 'mesh', src: 'assets/terrain/bunker.glb', position: [12, 0, 5] },
        {
          id: 'crates',
          kind: 'obstacle',
          shape: 'mesh',
          src: 'assets/terrain/crates.stl',
          position: [12, 0, 18],
          scale: 1.5,
        },
      ],
    };
    await dropFile(page, 'meshes.json', JSON.stringify(meshes));
    await page.waitForFunction(() => window.tabletop.snapshot().sceneFile === 'meshes.json');
    await waitForFrames(page, 3);
    const names = await page.evaluate(() => window.tabletop.getScene().terrain?.map((t) => t.id));
    expect(names).toEqual(['bunker', 'crates']);
    // The bunker's grey roof is drawn where the mesh puts it (over the mat's green).
    const roof = await project(page, [12, 3.3, 5]);
    const [r, g, b] = await pixelAt(page, roof.x, roof.y);
    expect(Math.abs(r - g) < 30 && Math.abs(g - b) < 30).toBe(true);
  });

  it('saves the table as a scene file that loads back unchanged', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="save-button"]')]);
    expect(download.suggestedFilename()).toBe('meshes.json');
    const path = await downloaded(download);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved).toEqual(await page.evaluate(() => window.tabletop.getScene()));
    const again = await page.evaluate((s) => window.tabletop.loadScene(s, 'again.json'), saved);
    expect(again).toEqual({ ok: true });
  });

  it('changes the table size from the menu, and refuses a size its models do not fit', async () => {
    await page.selectOption('[data-testid="table-size"]', '36x36');
    await page.waitForFunction(() => window.tabletop.getScene().table.width === 36);
    await page.evaluate(() =>
      window.tabletop.loadScene(
        JSON.stringify({
          format: 'tabletop-scene/1',
          table: { width: 48, depth: 36 },
          models: [
            { id: 'far', side: 'A', position: [40, 0, 30], base: { shape: 'round', diameterMm: 25 }, height: 1 },
          ],
        }),
        'far.json',
      ),
    );
    await page.selectOption('[data-testid="table-size"]', '24x24');
    await page.waitForSelector('[data-testid="error-banner"]');
    expect(await page.evaluate(() => window.tabletop.getScene().table)).toEqual({ width: 48, depth: 36 });
    expect(await page.inputValue('[data-testid="table-size"]')).toBe('48x36');
    expect(errors).toEqual([]);
  });
});
