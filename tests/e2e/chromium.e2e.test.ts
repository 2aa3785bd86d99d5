/**
 * Which Chromium the browser tests use (tests/e2e/chromium.mjs): the system's when it starts, else
 * the one inside @sparticuz/chromium. The fallback is driven here with a $CHROMIUM_PATH that does not
 * exist and one that is not a browser, and the packaged browser draws WebGL 2 and runs a worker.
 */
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeChromium, resolveChromium } from './chromium.mjs';

describe('the Chromium for the browser tests', () => {
  it('falls back to the packaged Chromium when $CHROMIUM_PATH does not exist, and says so', async () => {
    const found = await resolveChromium({ CHROMIUM_PATH: '/nowhere/chromium' });
    expect(found.source).toBe('@sparticuz/chromium');
    expect(found.notes).toEqual(['CHROMIUM_PATH is set to /nowhere/chromium, which does not exist']);
    expect(describeChromium(found)).toMatch(/^Chromium for browser tests: @sparticuz\/chromium 153\./);
  });

  it('falls back when the browser found does not start (here a program that exits at once)', async () => {
    const found = await resolveChromium({ CHROMIUM_PATH: '/bin/true' });
    expect(found.source).toBe('@sparticuz/chromium');
    expect(found.notes[0]).toMatch(/^\/bin\/true does not start: /);
  });

  it('the packaged Chromium draws WebGL 2 and runs a worker, without its Lambda-only flags', async () => {
    const found = await resolveChromium({ TABLETOP_CHROMIUM: 'packaged' });
    expect(found.args).not.toContain('--single-process');
    expect(found.args).not.toContain('--disable-web-security');
    const browser = await chromium.launch({ executablePath: found.path, args: found.args });
    try {
      for (let i = 0; i < 2; i++) {
        // Two contexts in turn: closing one must not take the browser down.
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        const got = await page.evaluate(async () => {
          const gl = document.createElement('canvas').getContext('webgl2');
          const worker = new Worker(URL.createObjectURL(new Blob(['postMessage(6 * 7)'])));
          const answer = await new Promise((resolve, reject) => {
            worker.onmessage = (e) => resolve(e.data);
            worker.onerror = (e) => reject(new Error(`the worker failed: ${e.message}`));
          });
          return { webgl2: gl !== null, answer };
        });
        expect(got).toEqual({ webgl2: true, answer: 42 });
        await ctx.close();
      }
    } finally {
      await browser.close();
    }
  });
});
