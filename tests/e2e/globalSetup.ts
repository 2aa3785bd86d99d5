/**
 * Builds the app, serves the build on 127.0.0.1 (a free port), starts one Chromium for the whole run, and
 * hands the URL, the Chromium path and the running browser's endpoint to the browser tests (each file
 * connects to it instead of starting its own). Uses the system's Chromium, or the packaged one when none
 * starts (chromium.mjs).
 */
import { chromium, type BrowserServer } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { describeChromium, resolveChromium } from './chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    chromiumArgs: string[];
    /** The shared Chromium's endpoint (`chromium.connect`). */
    chromiumEndpoint: string;
  }
}

let server: PreviewServer | undefined;
let browser: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The system's Chromium when it starts, else the one inside @sparticuz/chromium (throws with the install hint).
  const found = await resolveChromium();
  console.log(describeChromium(found));
  await build({ logLevel: 'warn' });
  server = await preview({ preview: { host: '127.0.0.1', port: 4310, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
  project.provide('chromiumPath', found.path);
  project.provide('chromiumArgs', found.args);
  browser = await chromium.launchServer({ executablePath: found.path, args: found.args });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await browser?.close();
  await server?.close();
}
