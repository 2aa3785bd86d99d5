/**
 * Builds the app, serves the build on 127.0.0.1 (a free port), and hands the URL and the Chromium
 * path to the browser tests. Fails with install instructions when no Chromium is found.
 */
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { findChromium, INSTALL_HINT } from './chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error(INSTALL_HINT);
  await build({ logLevel: 'warn' });
  server = await preview({ preview: { host: '127.0.0.1', port: 4310, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
  project.provide('chromiumPath', chromiumPath);
}

export async function teardown(): Promise<void> {
  await server?.close();
}
