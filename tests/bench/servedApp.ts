/** The browser benchmarks' set-up: a production build served by vite preview, and the tests' Chromium. */
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';
import { describeChromium, resolveChromium } from '../e2e/chromium.mjs';

/** The app served at `url` and a browser to open it in; `close` ends both. */
export interface ServedApp {
  url: string;
  /** The build served (its files, for sizes). */
  outDir: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Serves `dist` (built here from this tree when not given) on a free port from `port`, and starts Chromium.
 * `files`: more files served by the same server from memory, by path from the root (a big table's meshes),
 * so the page fetches them over loopback HTTP as it would from any server, not through the browser
 * driver's request interception (which passes every body through the DevTools pipe, base64-coded).
 */
export async function servedApp(
  log: (line: string) => void,
  port: number,
  dist?: string,
  files?: ReadonlyMap<string, Buffer>,
): Promise<ServedApp> {
  const found = await resolveChromium();
  log(describeChromium(found));
  const outDir = dist ?? resolve('dist');
  if (!dist) {
    log('building the app (vite build)...');
    await build({ logLevel: 'warn' });
  }
  const server = await preview({
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: false },
    logLevel: 'warn',
    plugins: files
      ? [
          {
            name: 'bench-files',
            configurePreviewServer(server) {
              server.middlewares.use((req, res, next) => {
                const body = files.get(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1)));
                if (!body) return next();
                res.setHeader('Content-Type', 'application/octet-stream');
                res.setHeader('Content-Length', body.length);
                res.end(body);
              });
            },
          },
        ]
      : [],
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  const browser = await chromium.launch({ executablePath: found.path, args: found.args });
  return {
    url,
    outDir,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
