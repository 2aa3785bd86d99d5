/**
 * The smaller things players met (issue 34), in Chromium: "Load game" is reached and pressed with the keyboard;
 * the seat selects have accessible names; both hardpoints show their "HP" label, on top; the animation speed is
 * remembered over a reload; in Russian the log's Skip button stays inside the log panel.
 */
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickTable, launch, openApp, waitForFrames } from './browser';
import { playView, takeMouse } from './person';

describe('the smaller things players met', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser, 1400, 860));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('"Load game…" is a button Tab reaches and Enter presses (a file chooser opens); the seat selects have names', async () => {
    const load = page.locator('.new-matches > button.file-button', { hasText: 'Load game' });
    expect(await load.count()).toBe(1);
    await load.focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Load game/);
    // Playwright turns on its file-chooser interception when the first listener comes, without waiting
    // for the browser: a press that lands first opens nothing it can see. So the press is tried again,
    // with the focus still on the button, up to three times.
    let chooser: FileChooser | null = null;
    for (let i = 0; i < 3 && !chooser; i++) {
      const next = page.waitForEvent('filechooser', { timeout: 3_000 }).catch(() => null);
      await page.keyboard.press('Enter');
      chooser = await next;
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Load game/);
    }
    expect(chooser?.isMultiple()).toBe(false);
    // The set-up (its ruleset's code loads when the panel opens) names its seat selects.
    await page.click('[data-testid=play-open]');
    for (const side of ['A', 'B'])
      expect(await page.getAttribute(`[data-testid=seat-${side}]`, 'aria-label')).toBe(`Who plays side ${side}`);
  });

  it('both BLKOUT hardpoints show their "HP" label, and nothing covers it', async () => {
    expect(
      await page.evaluate(() =>
        window.tabletop.startMatch({ rules: 'blkout', seats: { A: 'human', B: 'human' }, seed: 3 }),
      ),
    ).toEqual({ ok: true });
    await waitForFrames(page, 3);
    await clickTable(page, 10, 12);
    await takeMouse(page);
    await clickTable(page, 26, 24);
    await takeMouse(page);
    expect((await playView(page)).markers.filter((m) => m.kind === 'objective')).toHaveLength(2);
    await waitForFrames(page, 3);
    // Labels take no pointer (a click goes through to the table): hit-test them with pointers on for a moment.
    const labels = await page.evaluate(() => {
      const all = [...document.querySelectorAll<HTMLElement>('.label, .label *')];
      for (const e of all) e.style.pointerEvents = 'auto';
      const out = [...document.querySelectorAll<HTMLElement>('.marker-label')]
        .filter((e) => e.textContent === 'HP')
        .map((e) => {
          const r = e.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return {
            w: r.width,
            h: r.height,
            onTop: top === e || e.contains(top),
            top: `${top?.tagName}.${top?.className} ${top?.textContent?.slice(0, 30)}`,
            at: [Math.round(r.x), Math.round(r.y)],
          };
        });
      for (const e of all) e.style.pointerEvents = '';
      return out;
    });
    expect(labels).toHaveLength(2);
    for (const l of labels) expect(l).toMatchObject({ onTop: true });
    expect(errors).toEqual([]);
  });

  it('the animation speed is remembered over a reload', async () => {
    await page.evaluate(() => window.tabletop.playEvents([{ type: 'note', text: 'the log opens' }]));
    await page.selectOption('[data-testid=anim-speed]', '4');
    await page.reload();
    await waitForFrames(page, 3);
    await page.evaluate(() => window.tabletop.playEvents([{ type: 'note', text: 'the log opens again' }]));
    expect(await page.inputValue('[data-testid=anim-speed]')).toBe('4');
  });

  it("in Russian the log's Skip button (with its count) stays inside the log panel", async () => {
    await page.evaluate(() => localStorage.setItem('tabletop.language', 'ru'));
    await page.reload();
    await waitForFrames(page, 3);
    await page.evaluate(() => {
      const api = window.tabletop;
      api.playEvents([{ type: 'note', text: 'журнал' }]);
      // Moves queue up behind each other: the Skip button shows how many.
      api.playEvents(
        Array.from({ length: 12 }, (_, i) => ({
          type: 'moved',
          text: `ход ${i}`,
          model: 'nobody',
          from: [1, 0, 1] as [number, number, number],
          to: [2, 0, 2] as [number, number, number],
        })),
      );
    });
    const skip = (await page.locator('[data-testid=skip]').boundingBox())!;
    const panel = (await page.locator('[data-testid=log-panel]').boundingBox())!;
    expect(await page.textContent('[data-testid=skip]')).toMatch(/^Пропустить/);
    expect(skip.x + skip.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    await page.evaluate(() => localStorage.removeItem('tabletop.language'));
  });
});
