/**
 * The strict page: the built page carries a Content-Security-Policy without eval (only wasm-unsafe-eval,
 * for rapier) whose requests stay on the origin, and the first 30 moves of a game (an rpg-attacks AI v AI
 * match with its 3D dice, so rapier's WebAssembly loads, and a spectator window; at this seed they hold 10
 * shots, a grenade with its blast and two Dodge windows, as the battle CLI plays them) make no request off
 * the origin and meet no CSP violation. (The whole game took 2 minutes of the browser suite; the moves after
 * the 30th repeat what these show.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';

const SEED = 5;
/** Moves played before the checks (`npm run battle -- --rules rpg-attacks --seed 5 --players ai,ai` lists them). */
const MOVES = 30;

describe('a strict page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`plays ${MOVES} moves of an rpg-attacks AI v AI match (seed ${SEED}) with a spectator: no request leaves the origin, no CSP violation`, async () => {
    const origin = new URL(inject('baseUrl')).origin;
    const ctx = await browser.newContext({ viewport: { width: 900, height: 600 } });
    const requests: string[] = [];
    const problems: string[] = [];
    ctx.on('request', (r) => requests.push(r.url()));
    // Every violation the page reports, whatever its directive.
    await ctx.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const host = await ctx.newPage();
    host.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    host.on('pageerror', (e) => problems.push(e.message));
    await host.goto(inject('baseUrl'));
    await host.waitForFunction(() => window.tabletop?.framesSinceLoad() >= 3, undefined, { timeout: 60_000 });

    const policy = await host.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(await host.locator('script:not([src])').count()).toBe(0);

    const spectator = await ctx.newPage();
    await spectator.goto(`${inject('baseUrl')}?spectator`);
    const started = await host.evaluate(
      (seed) => window.tabletop.startMatch({ rules: 'rpg-attacks', seats: { A: 'ai', B: 'ai' }, seed }),
      SEED,
    );
    expect(started).toEqual({ ok: true });
    await host.selectOption('[data-testid=anim-speed]', '4');
    await host.selectOption('[data-testid=ai-pace]', '4');
    // Initiative throws d20s in the tray: rapier's WebAssembly is compiled under the policy.
    await host.waitForFunction(() => (window.tabletop.diceTrayStatus()?.steps ?? 0) > 0, undefined, {
      timeout: 60_000,
    });
    // The first MOVES moves: shots, damage, a grenade's blast and Dodge windows, each animated.
    await host.waitForFunction((n) => (window.tabletop.playView()?.match.log.length ?? 0) >= n, MOVES, {
      timeout: 300_000,
    });
    const log = await host.evaluate(() => window.tabletop.playView()!.match.log.map((e) => e.action.type));
    expect(log.filter((t) => t === 'attack').length).toBeGreaterThan(0);
    expect(log).toContain('grenade');
    await spectator.waitForFunction(
      () => (window.tabletop as unknown as { connected: () => boolean }).connected(),
      undefined,
      { timeout: 30_000 },
    );

    for (const page of [host, spectator]) {
      const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      expect(violations).toEqual([]);
    }
    const away = requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(away).toEqual([]);
    expect(problems).toEqual([]);
    await ctx.close();
  }, 420_000);
});
