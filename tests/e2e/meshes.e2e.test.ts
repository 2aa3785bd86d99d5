/**
 * Hostile mesh files, tried as a person would: chosen through the toolbar's Open… input. A truncated GLB,
 * a GLB with a wrong header and an STL with a NaN vertex are each refused with the reason in the banner,
 * the table stays as it was, and so does a match being played; then a good file still becomes a terrain
 * piece. Every mesh is parsed in the mesh worker (its counts on window.tabletop), under the page's CSP.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openApp, waitForFrames } from './browser';
import { badVertexStl, dataUriGltf, goodGlb, truncatedGlb, wrongMagicGlb } from '../support/hostileMeshes';

async function choose(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.setInputFiles('[data-testid="open-input"]', {
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(bytes),
  });
}

const HOSTILE = [
  { name: 'broken-bunker.glb', bytes: truncatedGlb(40), reason: /truncated: the GLB header says [\d,]+ bytes/ },
  { name: 'renamed-zip.glb', bytes: wrongMagicGlb(), reason: /not a binary glTF: the file starts with 50 4b 03 04/ },
  { name: 'nan-crate.stl', bytes: badVertexStl(NaN), reason: /vertex 0 has a NaN coordinate/ },
];

describe('hostile meshes through the toolbar', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser, 1000, 700));
    await page.evaluate(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('parses the default table’s own meshes on the page, and starts the worker only for a chosen file', async () => {
    // The default scene's terrain is on the table (its two meshes were parsed before the first frame)...
    const meshes = await page.evaluate(() =>
      window.tabletop
        .snapshot()
        .scene.terrain!.flatMap((t) => (t.shape === 'mesh' ? [t.src] : []))
        .sort(),
    );
    expect(meshes).toEqual(['assets/terrain/bunker.glb', 'assets/terrain/crates.stl']);
    expect(await page.locator('[data-testid="error-banner"]').count()).toBe(0);
    // ...without the worker, whose script (three again) the first frame therefore does not fetch.
    const stats = await page.evaluate(() => window.tabletop.meshWorker());
    expect(stats).toEqual({ parsed: 0, refused: 0, workersStarted: 0, timedOut: 0 });
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(scripts.filter((p) => p.includes('meshParse.worker'))).toEqual([]);
  });

  it('refuses a truncated GLB, a wrong header and a NaN STL with the reason; the table stays', async () => {
    const before = await page.evaluate(() => window.tabletop.snapshot());
    const refusedBefore = (await page.evaluate(() => window.tabletop.meshWorker()))!.refused;
    for (const { name, bytes, reason } of HOSTILE) {
      await choose(page, name, bytes);
      const banner = page.locator('[data-testid="error-banner"]');
      await banner.waitFor({ timeout: 30_000 });
      await expect.poll(() => banner.textContent(), { timeout: 30_000 }).toContain(`Could not open ${name}`);
      expect(await banner.textContent()).toMatch(reason);
      const now = await page.evaluate(() => window.tabletop.snapshot());
      expect(now.scene).toEqual(before.scene);
      expect(now.sceneVersion).toBe(before.sceneVersion);
      await page.click('[data-testid="error-banner"] button[aria-label="Dismiss"]');
    }
    const stats = (await page.evaluate(() => window.tabletop.meshWorker()))!;
    // Each refusal came from the worker, and none needed a new one.
    expect(stats.refused).toBe(refusedBefore + HOSTILE.length);
    expect(stats.workersStarted).toBe(1);
  });

  it('leaves a match being played as it was, and refuses even a good file until the match is left', async () => {
    const started = await page.evaluate(() =>
      window.tabletop.startMatch({ rules: 'rpg-attacks', seats: { A: 'human', B: 'human' }, seed: 3 }),
    );
    expect(started).toEqual({ ok: true });
    await waitForFrames(page, 2);
    const match = await page.evaluate(() => JSON.stringify(window.tabletop.playView()));
    const scene = await page.evaluate(() => JSON.stringify(window.tabletop.getScene()));
    for (const [name, bytes, reason] of [
      ['broken.glb', truncatedGlb(8), /truncated/],
      ['crate.glb', goodGlb(), /leave the match first/],
    ] as const) {
      await choose(page, name, bytes);
      const banner = page.locator('[data-testid="error-banner"]');
      await expect.poll(() => banner.textContent(), { timeout: 30_000 }).toMatch(reason);
      expect(await page.evaluate(() => JSON.stringify(window.tabletop.playView()))).toBe(match);
      expect(await page.evaluate(() => JSON.stringify(window.tabletop.getScene()))).toBe(scene);
      await page.click('[data-testid="error-banner"] button[aria-label="Dismiss"]');
    }
  });

  it('still imports a good file onto the sandbox table as a terrain piece', async () => {
    // Leave the match by loading a plain scene, as Open… with a scene file does.
    const table = { width: 24, depth: 24 };
    const loaded = await page.evaluate(
      (t) => window.tabletop.loadScene({ format: 'tabletop-scene/1', table: t, terrain: [], models: [] }, 'yard.json'),
      table,
    );
    expect(loaded).toEqual({ ok: true });
    await choose(page, 'crate.glb', goodGlb());
    await expect
      .poll(() => page.evaluate(() => window.tabletop.getScene().terrain?.length ?? 0), { timeout: 30_000 })
      .toBe(1);
    const [piece] = (await page.evaluate(() => window.tabletop.getScene().terrain)) ?? [];
    expect(piece).toMatchObject({ id: 'mesh-1', shape: 'mesh', src: 'crate.glb', kind: 'obstacle' });
    // The 2" x 1" x 1" box stands centred on the table.
    expect((piece as { position: number[] }).position.map((v) => Math.round(v * 1000) / 1000)).toEqual([12, 0, 12]);
    expect(await page.locator('[data-testid="error-banner"]').count()).toBe(0);
    // A .gltf whose buffer is a data URI: decoded in the worker under the page's CSP.
    await choose(page, 'triangle.gltf', dataUriGltf());
    await expect
      .poll(() => page.evaluate(() => window.tabletop.getScene().terrain?.length ?? 0), { timeout: 30_000 })
      .toBe(2);
    await waitForFrames(page, 2);
    expect((await page.evaluate(() => window.tabletop.meshWorker()))!.timedOut).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
