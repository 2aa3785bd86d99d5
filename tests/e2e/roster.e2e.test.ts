/**
 * The roster and the folding panels in Chromium, at 1400x900, in a skirmish-ru match (seed 2, A human):
 * the roster lists A's models and marks as able to act the ones Tab visits; a click on an entry selects
 * the model and turns the camera onto it (its orbit target is the model, drawn in the part of the
 * canvas the panels leave free); the play panel folds to its title bar with its button, opens again from
 * the keyboard (aria-expanded says which), and stays folded over a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, nextFrames, openApp, project, waitForFrames } from './browser';

/** Waits until the rule events have played and the engine and the table have caught up. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 60_000 });
  await page.evaluate(() => window.tabletop.engineIdle?.());
  await nextFrames(page, 3);
}

const start = (page: Page) =>
  page.evaluate(() => window.tabletop.startMatch({ rules: 'skirmish-ru', seed: 2, seats: { A: 'human', B: 'ai' } }));

/** The roster's entries: model id and whether it is marked as able to act. */
const entries = (page: Page): Promise<{ id: string; canAct: boolean }[]> =>
  page.$$eval('button.roster-entry', (bs) =>
    bs.map((b) => ({
      id: b.getAttribute('data-testid')!.slice('roster-'.length),
      canAct: b.dataset.canAct === 'true',
    })),
  );

/** A box on the page. */
const boxOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the roster and the folding panels in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser, 1400, 900));
    // A page that a run before left with folded panels starts with every panel open.
    await page.evaluate(() => localStorage.removeItem('tabletop.foldedPanels'));
    expect(await start(page)).toEqual({ ok: true });
    await settle(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists side A's models and marks as able to act exactly the ones Tab and Shift+Tab visit", async () => {
    const list = await entries(page);
    const scene = await page.evaluate(() => window.tabletop.getScene());
    expect(list.map((e) => e.id)).toEqual((scene.models ?? []).filter((m) => m.side === 'A').map((m) => m.id));
    const ready = list.filter((e) => e.canAct).map((e) => e.id);
    expect(ready.length).toBeGreaterThan(0);
    // Tab from the page (no control focused) visits the models that can act, in table order.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const visited: string[] = [];
    for (let i = 0; i < ready.length; i++) {
      await page.keyboard.press('Tab');
      visited.push((await page.evaluate(() => window.tabletop.snapshot().selectedId))!);
    }
    expect(visited).toEqual(ready);
    expect(await page.textContent('[data-testid=roster-count]')).toContain(`${ready.length} of ${list.length}`);
  });

  it('a click on an entry selects the model and turns the camera onto it, drawn clear of the panels', async () => {
    const before = await page.evaluate(() => ({
      selected: window.tabletop.snapshot().selectedId,
      target: window.tabletop.cameraTarget(),
    }));
    const list = await entries(page);
    const other = list.find((e) => e.id !== before.selected)!;
    await page.click(`[data-testid="roster-${other.id}"]`);
    await nextFrames(page, 3);
    const after = await page.evaluate(() => ({
      selected: window.tabletop.snapshot().selectedId,
      target: window.tabletop.cameraTarget(),
    }));
    expect(after.selected).toBe(other.id);
    expect(await page.getAttribute(`[data-testid="roster-${other.id}"]`, 'aria-current')).toBe('true');
    const at = (await page.evaluate(
      (id) => window.tabletop.getScene().models!.find((m) => m.id === id)!.position,
      other.id,
    ))!;
    expect(after.target![0]).toBeCloseTo(at[0], 3);
    expect(after.target![2]).toBeCloseTo(at[2], 3);
    expect(Math.hypot(after.target![0] - before.target![0], after.target![2] - before.target![2])).toBeGreaterThan(1);
    // The model is drawn in the free space between the left column and the right one.
    const canvas = await boxOf(page, 'canvas');
    const s = await project(page, at);
    const left = await boxOf(page, '[data-dock=left] > .play-panel');
    const right = await boxOf(page, '[data-dock=right] > .model-panel');
    expect(canvas.x + s.x).toBeGreaterThan(left.x + left.width);
    expect(canvas.x + s.x).toBeLessThan(right.x);
    expect(await page.textContent('[data-testid=model-panel] h2')).toContain(
      await page.textContent(`[data-testid="roster-${other.id}"] .roster-name`),
    );
  });

  it('the play panel folds to its title bar with its button and opens again from the keyboard; the fold is kept over a reload', async () => {
    const fold = '[data-testid=play-fold]';
    const open = await boxOf(page, '[data-testid=play-panel]');
    expect(await page.getAttribute(fold, 'aria-expanded')).toBe('true');
    const centreBefore = await project(page, [24, 0, 24]);
    await page.click(fold);
    await nextFrames(page, 3);
    expect(await page.getAttribute(fold, 'aria-expanded')).toBe('false');
    const folded = await boxOf(page, '[data-testid=play-panel]');
    const head = await boxOf(page, '[data-testid=play-panel] .play-head');
    expect(folded.height).toBeLessThan(open.height / 3);
    expect(folded.height).toBeLessThanOrEqual(head.height + 24);
    expect(await page.$('[data-testid=choices]')).toBeNull();
    // The roster below still takes the left column; folded too, the camera frames the table in the
    // space the two left: the view's centre moves.
    await page.click('[data-testid=roster-fold]');
    await page.waitForFunction(
      (c) => {
        const p = window.tabletop.projectToScreen([24, 0, 24]);
        return p !== null && Math.hypot(p.x - c.x, p.y - c.y) > 5;
      },
      centreBefore,
      { timeout: 10_000 },
    );
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tabletop.foldedPanels')))!)).toEqual([
      'play',
      'roster',
    ]);
    await page.click('[data-testid=roster-fold]');
    // Keyboard: the button takes the focus and Enter opens the panel again.
    await page.focus(fold);
    await page.keyboard.press('Enter');
    await nextFrames(page, 2);
    expect(await page.getAttribute(fold, 'aria-expanded')).toBe('true');
    expect(await page.$('[data-testid=choices]')).not.toBeNull();
    expect((await boxOf(page, '[data-testid=play-panel]')).height).toBeGreaterThan(open.height * 0.8);
    // Folded again, a reload (and a new match) shows it folded.
    await page.click(fold);
    await page.reload();
    await waitForFrames(page, 5);
    expect(await start(page)).toEqual({ ok: true });
    await settle(page);
    expect(await page.getAttribute(fold, 'aria-expanded')).toBe('false');
    await page.click(fold);
    expect(errors).toEqual([]);
  });
});
