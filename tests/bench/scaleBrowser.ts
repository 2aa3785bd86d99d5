/**
 * The browser half of the scale benchmark (`--scale --browser`): Chromium (the e2e tests' software
 * WebGL) opens a production build, then loads the scale table (scaleTable.ts: its terrain as binary STL
 * files, served by the app's own server over loopback HTTP; 100 models) through
 * `window.tabletop.loadScene`, as a player opening a scene file would. Figures: milliseconds from the
 * call to the first frame drawn with the new table (`browserFirstFrameMs`), and the longest main-thread task from the call until a second after that
 * frame (`browserLongestLoadTaskMs`, from the page's `longtask` entries: work put off past the first
 * frame counts too). The median of three fresh pages.
 */
import type { BufferGeometry } from 'three';
import { median } from './harness';
import { servedApp } from './servedApp';
import { scaleTable } from './scaleTable';

/** A geometry's triangles as a binary STL file. */
function binaryStl(g: BufferGeometry): Buffer {
  const flat = g.index ? g.toNonIndexed() : g;
  const p = flat.getAttribute('position');
  const tris = p.count / 3;
  const out = Buffer.alloc(84 + tris * 50);
  out.writeUInt32LE(tris, 80);
  for (let t = 0; t < tris; t++) {
    const at = 84 + t * 50 + 12;
    for (let c = 0; c < 3; c++) {
      out.writeFloatLE(p.getX(3 * t + c), at + c * 12);
      out.writeFloatLE(p.getY(3 * t + c), at + c * 12 + 4);
      out.writeFloatLE(p.getZ(3 * t + c), at + c * 12 + 8);
    }
  }
  return out;
}

/** One page's figures. */
interface Load {
  firstFrameMs: number;
  longestTaskMs: number;
}

/** Runs the browser half; `dist`: an existing build (else this tree is built). */
export async function scaleBrowserBench(
  log: (line: string) => void,
  dist?: string,
): Promise<{ browserFirstFrameMs: number; browserLongestLoadTaskMs: number }> {
  const { scene, lookup } = scaleTable();
  const files = new Map<string, Buffer>();
  for (const t of scene.terrain ?? []) if (t.shape === 'mesh') files.set(t.src, binaryStl(lookup(t.src)!));
  const app = await servedApp(log, 4330, dist, files);
  try {
    const loads: Load[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(() => {
        const w = window as unknown as { __tasks: { start: number; duration: number }[] };
        w.__tasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${app.url}?shaderChecks=off`);
      await page.waitForFunction(() => window.tabletop?.framesSinceLoad() >= 3, undefined, { timeout: 60_000 });
      // The page settles first: start-up work (the shader warm-up linking programs, the route warm-up) ends
      // with no long task for a second, as it has when a player opens a scene file from the menu.
      await page.waitForFunction(
        () => {
          const w = window as unknown as { __tasks?: { start: number; duration: number }[] };
          const last = Math.max(0, ...(w.__tasks ?? []).map((t) => t.start + t.duration));
          return performance.now() - last > 1000;
        },
        undefined,
        { timeout: 30_000, polling: 250 },
      );
      // A string, not a function: tsx's __name helper (for named arrows) does not exist in the page.
      const load = (await page.evaluate(`(async (scene) => {
        const api = window.tabletop;
        const t0 = performance.now();
        const r = await api.loadScene(scene, 'scale.json');
        if (!r.ok) return { error: r.error };
        await new Promise((done) => {
          const step = () => (api.framesSinceLoad() >= 1 ? done() : requestAnimationFrame(step));
          step();
        });
        const first = performance.now();
        await new Promise((done) => setTimeout(done, 1000));
        const tasks = window.__tasks.filter((t) => t.start + t.duration > t0);
        return { firstFrameMs: first - t0, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)) };
      })(${JSON.stringify(scene)})`)) as Load | { error: string };
      await page.close();
      if ('error' in load) throw new Error(`the scale table did not load: ${load.error}`);
      log(
        `page ${i + 1}: first frame ${load.firstFrameMs.toFixed(0)} ms, longest task ${load.longestTaskMs.toFixed(0)} ms`,
      );
      loads.push(load);
    }
    return {
      browserFirstFrameMs: median(loads.map((l) => l.firstFrameMs)),
      browserLongestLoadTaskMs: median(loads.map((l) => l.longestTaskMs)),
    };
  } finally {
    await app.close();
  }
}
