/**
 * Rendering cost in real Chromium (software WebGL through SwiftShader, the e2e tests' flags): a
 * production build served by vite preview, measured in one run.
 * - Frames per second (at 640x400) of the default battle filled to 40 models, with its terrain and a smoke token,
 *   against the same page with an empty table (no models, terrain or smoke): the ratio is the figure
 *   (frame rates here only mean something as ratios within one run). While measuring, a
 *   requestAnimationFrame loop polls `window.tabletop.framesSinceLoad()`, which asks an on-demand
 *   canvas for the next frame, so both builds draw as often as they can.
 * - The default battle (as the page opens) orbited by a mouse drag against the empty table, same page
 *   size: `battleOverEmptyFps`; its draw calls per frame (`window.tabletop.renderStats()`).
 * - Time to the first frame: from navigation start to the first WebGL draw call (median of three fresh
 *   pages), and the JavaScript fetched by then, gzip (`entryGzipBytes`, from the build's files).
 * The page runs as players get it (`?shaderChecks=off`).
 * - Main-thread work per idle second: Chromium's TaskDuration (CDP Performance.getMetrics) over 3 s
 *   with the battle loaded, one model selected and nothing polling the page.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { servedApp } from './servedApp';
import { median, type Figure } from './harness';

/** How long each frame-rate sample runs, milliseconds. */
const SAMPLE_MS = 6000;
/** The canvas size the frame rates are measured at (CSS pixels). */
const FPS_VIEWPORT = [640, 400] as const;
/** The idle window for main-thread work, milliseconds. */
const IDLE_MS = 3000;

type SceneJson = { models?: { id: string; side: string; position: number[] }[]; [k: string]: unknown };

/** The default scenario with models added along both table edges up to 40, and one smoke token. */
export function battleScene(): SceneJson {
  const scene = JSON.parse(readFileSync(resolve('assets/scenarios/default.json'), 'utf8')) as SceneJson;
  const models = [...(scene.models ?? [])];
  const template = models[0]!;
  for (let i = 0; models.length < 40; i++) {
    const side = i % 2 === 0 ? 'A' : 'B';
    const x = 3 + Math.floor(i / 2) * 3;
    models.push({ ...template, id: `bench-${i}`, side, position: [x, 0, side === 'A' ? 33.5 : 2.5] });
  }
  return {
    ...scene,
    models,
    smoke: [{ id: 'bench-smoke', position: [24, 0, 18], radius: 3, height: null, light: false }],
  };
}

/** An empty table of the same size. */
function emptyScene(scene: SceneJson): SceneJson {
  return { format: scene.format, table: scene.table };
}

/** Frames the app drew per second over SAMPLE_MS, with a rAF loop asking for every frame. */
async function framesPerSecond(page: Page): Promise<number> {
  // A string, not a function: tsx's __name helper (for named arrows) does not exist in the page.
  return page.evaluate(`(async (ms) => {
    const api = window.tabletop;
    const loop = (until) => new Promise((done) => {
      const step = () => { api.framesSinceLoad(); if (performance.now() < until) requestAnimationFrame(step); else done(); };
      requestAnimationFrame(step);
    });
    await loop(performance.now() + 500); // warm up: the new scene compiles its shaders
    const f0 = api.framesSinceLoad();
    const t0 = performance.now();
    await loop(t0 + ms);
    return ((api.framesSinceLoad() - f0) * 1000) / (performance.now() - t0);
  })(${SAMPLE_MS})`);
}

async function load(page: Page, scene: SceneJson): Promise<void> {
  const r = await page.evaluate((s) => window.tabletop.loadScene(s, 'bench.json'), scene);
  if (!r.ok) throw new Error(`the bench scene did not load: ${r.error}`);
  await page.waitForFunction(() => window.tabletop.framesSinceLoad() >= 3, undefined, { timeout: 60_000 });
}

/** The gzip size of the JavaScript files a page fetched (their paths in the build), bytes. */
export function gzipBytes(outDir: string, paths: readonly string[]): number {
  return paths.reduce((sum, p) => sum + gzipSync(readFileSync(join(outDir, p)), { level: 9 }).length, 0);
}

/** Milliseconds from navigation start to the first WebGL draw call of a fresh page, and the scripts fetched by then. */
async function firstFrame(browser: Browser, url: string): Promise<{ ms: number; scripts: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __firstDraw?: number };
    for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
      for (const name of ['drawElements', 'drawArrays'] as const) {
        const original = proto[name] as (...args: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          w.__firstDraw ??= performance.now();
          return original.apply(this, args);
        };
      }
    }
  });
  await page.goto(url);
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstDraw?: number }).__firstDraw,
    undefined,
    {
      timeout: 60_000,
    },
  );
  const ms = (await handle.jsonValue()) as number;
  // Every script whose fetch ended before that draw (the entry, its static imports, and any worker started by then).
  const scripts = await page.evaluate(
    (t) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.responseEnd <= t && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname),
    ms,
  );
  await page.close();
  return { ms, scripts };
}

/** The last frame's draw calls once three readings 300 ms apart (each after a fresh frame) agree. */
async function settledDrawCalls(page: Page): Promise<number> {
  const read = async () => {
    // framesSinceLoad asks the on-demand canvas for a frame.
    await page.evaluate(() => window.tabletop.framesSinceLoad());
    await page.waitForTimeout(300);
    return (await page.evaluate(() => window.tabletop.renderStats()))!.drawCalls;
  };
  let last = [await read(), await read(), await read()];
  for (let i = 0; i < 40 && !(last[0] === last[1] && last[1] === last[2]); i++)
    last = [last[1]!, last[2]!, await read()];
  return last[2]!;
}

/** Frames per second while the mouse orbits the camera (a left drag back and forth across the canvas). */
async function orbitingFps(page: Page): Promise<number> {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width / 2, height / 2);
  await page.mouse.down();
  let orbiting = true;
  const drag = (async () => {
    for (let i = 0; orbiting; i++) {
      await page.mouse.move(width / 2 + Math.sin(i / 8) * width * 0.3, height / 2, { steps: 1 });
      await page.waitForTimeout(30);
    }
  })();
  try {
    return await framesPerSecond(page);
  } finally {
    orbiting = false;
    await drag;
    await page.mouse.up();
  }
}

/** Runs the rendering benchmark against `dist` (built here from this tree when not given). */
export async function renderBench(log: (line: string) => void, dist?: string): Promise<Figure[]> {
  const served = await servedApp(log, 4320, dist);
  const { browser, outDir } = served;
  // As players get it: three's synchronous shader checks off (they are on under automation).
  const url = `${served.url}?shaderChecks=off`;
  try {
    log('time to first frame (3 fresh pages)...');
    const firsts: { ms: number; scripts: string[] }[] = [];
    for (let i = 0; i < 3; i++) firsts.push(await firstFrame(browser, url));
    const entry = gzipBytes(outDir, firsts[0]!.scripts);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.waitForFunction(() => window.tabletop?.framesSinceLoad() >= 3, undefined, { timeout: 60_000 });
    // The default battle as the page opens: its draw calls per frame (the renderer's count of the last
    // frame), once the shader warm-up is over and the count has settled (the figures load after the
    // first frames; until then each model draws its plain body).
    await page.waitForFunction(() => window.tabletop.renderStats()?.compiledInPlay != null, undefined, {
      timeout: 60_000,
    });
    const drawCalls = await settledDrawCalls(page);
    const defaultScene = (await page.evaluate(() => window.tabletop.getScene())) as unknown as SceneJson;
    log('frames per second: the default battle against an empty table, orbiting...');
    await page.setViewportSize({ width: FPS_VIEWPORT[0], height: FPS_VIEWPORT[1] });
    await load(page, defaultScene);
    const orbitBattle = await orbitingFps(page);
    await load(page, emptyScene(defaultScene));
    const orbitEmpty = await orbitingFps(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const battle = battleScene();
    log('frames per second: battle of 40 models, then the empty table...');
    // A smaller canvas for the frame rates: software WebGL on a busy machine draws 1280x800 at about
    // one frame a second, too few to count; the ratio is what is compared.
    await page.setViewportSize({ width: FPS_VIEWPORT[0], height: FPS_VIEWPORT[1] });
    await load(page, battle);
    const full = await framesPerSecond(page);
    await load(page, emptyScene(battle));
    const empty = await framesPerSecond(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    log('main-thread work while idle...');
    await load(page, battle);
    await page.evaluate(() => window.tabletop.selectModel('a1'));
    // Let the selection, the damping of the controls and any queued frames finish.
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    };
    const before = await taskSeconds();
    const t0 = Date.now();
    await page.waitForTimeout(IDLE_MS);
    const idle = ((await taskSeconds()) - before) * 1000;
    const idleSeconds = (Date.now() - t0) / 1000;
    const framesIdle = await page.evaluate(() => window.tabletop.framesSinceLoad());
    await page.waitForTimeout(IDLE_MS);
    const framesIdleAfter = await page.evaluate(() => window.tabletop.framesSinceLoad());

    return [
      {
        key: 'render.fpsBattle',
        value: full,
        unit: 'fps',
        note: '40 models, terrain, smoke; every frame requested; 640x400',
      },
      { key: 'render.fpsEmpty', value: empty, unit: 'fps', note: 'same page, empty table' },
      { key: 'render.fpsRatio', value: full / empty, unit: 'ratio', target: '>= 0.8', note: 'battle / empty' },
      {
        key: 'render.battleOverEmptyFps',
        value: orbitBattle / orbitEmpty,
        unit: 'ratio',
        target: '>= 0.8',
        note: `default battle / empty table, orbiting, 640x400 (${orbitBattle.toFixed(1)} / ${orbitEmpty.toFixed(1)} fps)`,
      },
      {
        key: 'render.drawCallsPerFrame',
        value: drawCalls,
        unit: 'calls',
        target: '<= 30',
        note: 'the default battle, 1280x800',
      },
      {
        key: 'render.entryGzipBytes',
        value: entry,
        unit: 'bytes',
        target: '<= 500000',
        note: `JavaScript fetched before the first frame, gzip level 9 (${firsts[0]!.scripts.length} files)`,
      },
      {
        key: 'render.firstFrameMs',
        value: median(firsts.map((f) => f.ms)),
        unit: 'ms',
        target: '<= 1500',
        note: 'navigation start to first WebGL draw, median of 3',
      },
      {
        key: 'render.idleTaskMsPerS',
        value: idle / idleSeconds,
        unit: 'ms/s',
        target: 'about 0',
        note: 'main-thread TaskDuration per idle second, a model selected',
      },
      {
        key: 'render.idleFramesPerS',
        // The frame count asks for a frame itself: one frame is the reading's own.
        value: Math.max(0, framesIdleAfter - framesIdle - 1) / (IDLE_MS / 1000),
        unit: 'fps',
        target: '0',
        note: 'frames drawn per idle second',
      },
    ];
  } finally {
    await served.close();
  }
}
