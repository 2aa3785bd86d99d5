/**
 * A table you can read, in Chromium: in a skirmish-ru hotseat match the distance and LOS badges show
 * over the hovered and targeted models only, B shows every one, and then no two labels overlap; and
 * the table's labels never paint over the interface: no pixel of the play panel, the score board, the
 * battle log, the model card or the Help window changes when they are hidden
 * (`window.tabletop.setLabelsHidden`). LABELS_SCREENSHOT=<file.png> keeps a 1400x900 picture of the
 * table with every badge shown.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFrames, launch, openApp, project } from './browser';
import { clickModel, modelPos, pressChoice, takeMouse } from './person';

type Box = { x: number; y: number; w: number; h: number };

/** The table labels shown (page pixels, with their words) and how many the label layer hides (under a panel). */
async function labelBoxes(page: Page): Promise<{ shown: (Box & { text: string })[]; hidden: number }> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('[data-testid=table-canvas] > div > .label')];
    const shown = all
      .filter((el) => getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height, text: el.textContent ?? '' };
      })
      .filter((b) => b.w > 0 && b.h > 0);
    return { shown, hidden: all.length - shown.length };
  });
}

/** The ids of the models that carry a distance badge now. */
const badged = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid^=label-]', (ls) =>
    ls.map((l) => l.getAttribute('data-testid')!.slice('label-'.length)).sort(),
  );

/** Waits until the rule events have played, a few frames are drawn and the label layer has laid them out. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 60_000 });
  await nextFrames(page, 3);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Puts the mouse over a table point (inches). */
async function hover(page: Page, point: [number, number, number]): Promise<void> {
  const box = (await (await page.$('canvas'))!.boundingBox())!;
  const s = await project(page, point);
  await page.mouse.move(box.x + s.x, box.y + s.y);
  await settle(page);
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The panel's pixels (a screenshot of its box) with the table's labels shown and hidden. */
async function shownAndHidden(page: Page, selector: string): Promise<{ shown: Buffer; hidden: Buffer; box: Box }> {
  const r = (await page.locator(selector).first().boundingBox())!;
  expect(r, selector).not.toBeNull();
  const clip = { x: r.x, y: r.y, width: r.width, height: r.height };
  await settle(page);
  const shown = await page.screenshot({ clip });
  await page.evaluate(() => window.tabletop.setLabelsHidden(true));
  await settle(page);
  const hidden = await page.screenshot({ clip });
  await page.evaluate(() => window.tabletop.setLabelsHidden(false));
  await settle(page);
  return { shown, hidden, box: { x: r.x, y: r.y, w: r.width, h: r.height } };
}

describe('table labels in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser, 1400, 900));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows badges over the hovered and targeted models; B (or Badges) shows them all, none over another', async () => {
    const started = await page.evaluate(() =>
      window.tabletop.startMatch({ rules: 'skirmish-ru', seats: { A: 'human', B: 'human' }, seed: 1 }),
    );
    expect(started).toEqual({ ok: true });
    await takeMouse(page);
    // A line in the battle log: A's first fighter ends its activation.
    await pressChoice(page, 'Бурый: end the activation');
    await takeMouse(page);
    await settle(page);

    // Selected (the mouse rests on it): no badge yet, the model card shows.
    await clickModel(page, 'A.buryi');
    await page.waitForSelector('[data-testid=model-panel]');
    await settle(page);
    expect(await badged(page)).toEqual([]);
    // Over an enemy: its badge alone.
    const enemy = (await modelPos(page, 'B.tikhonya'))!;
    await hover(page, [enemy[0], 0.5, enemy[2]]);
    expect(await badged(page)).toEqual(['B.tikhonya']);
    await page.waitForSelector('[data-testid=los-B\\.tikhonya]');
    await hover(page, [24, 0, 24]);
    expect(await badged(page)).toEqual([]);
    // A clicked enemy (sight rays) is targeted: its badge stays when the mouse leaves.
    await clickModel(page, 'B.vorona');
    await hover(page, [24, 0, 24]);
    expect(await badged(page)).toEqual(['B.vorona']);

    // B: every other model's badge.
    await page.keyboard.press('b');
    await settle(page);
    expect(await page.getAttribute('[data-testid=badges]', 'aria-pressed')).toBe('true');
    const everyOther = await page.evaluate(() =>
      window.tabletop
        .getScene()
        .models!.map((m) => m.id)
        .filter((id) => id !== 'A.buryi')
        .sort(),
    );
    expect(await badged(page)).toEqual(everyOther);
    const { shown, hidden } = await labelBoxes(page);
    // The camera frames the table clear of the docked panels, so no fighter need stand behind one; a
    // badge that would lie under a panel is hidden rather than drawn under it: none shown overlaps one.
    expect(shown.length).toBeGreaterThanOrEqual(everyOther.length - hidden);
    const panels = await page.$$eval('[data-dock] > *', (els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      }),
    );
    for (const label of shown)
      for (const panel of panels) expect(overlap(label, panel), `"${label.text}" over a panel`).toBe(false);
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++)
        expect(overlap(shown[i]!, shown[j]!), `"${shown[i]!.text}" and "${shown[j]!.text}" overlap`).toBe(false);
    // The canvas and its labels are one stacking context beneath the interface.
    expect(await page.$eval('[data-testid=table-canvas]', (el) => getComputedStyle(el).isolation)).toBe('isolate');
    if (process.env.LABELS_SCREENSHOT) await page.screenshot({ path: process.env.LABELS_SCREENSHOT });
    // The button says the same as the key, and turns them off again.
    await page.click('[data-testid=badges]');
    await settle(page);
    expect(await badged(page)).toEqual(['B.vorona']);
    await page.keyboard.press('b');
    await settle(page);
    expect(await badged(page)).toEqual(everyOther);
  });

  it('changes no pixel of any panel when the labels are hidden (badges shown for all, Help open too)', async () => {
    const panels = [
      '[data-testid=play-panel]',
      '[data-testid=score]',
      '[data-testid=log-panel]',
      '[data-testid=model-panel]',
    ];
    const check = async (selector: string) => {
      const { shown, hidden, box } = await shownAndHidden(page, selector);
      const same = shown.equals(hidden);
      if (!same) {
        const base = join(tmpdir(), `labels-${selector.replace(/\W+/g, '-')}`);
        writeFileSync(`${base}-shown.png`, shown);
        writeFileSync(`${base}-hidden.png`, hidden);
      }
      expect(same, `${selector} at ${JSON.stringify(box)}: the labels change its pixels`).toBe(true);
    };
    expect((await labelBoxes(page)).shown.length).toBeGreaterThan(5);
    for (const p of panels) await check(p);
    await page.keyboard.press('?');
    await page.waitForSelector('[data-testid=help]');
    await check('[data-testid=help]');
    expect(await page.textContent('[data-testid=help]')).toMatch(/B\s*badges over every model/);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
