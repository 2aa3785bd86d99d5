/**
 * Hover odds in Chromium (issue 34): in an rpg-attacks hotseat match, with the acting character selected,
 * the mouse over an enemy it may attack shows each attack's odds in numbers under its words ("3+ on d20 ·
 * 73 % to hit · …"), the play view's `odds` worded by the app.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, nextFrames, openApp, project } from './browser';
import { clickModel, modelPos, playView, pressChoice, takeMouse } from './person';

/** The first choice that attacks someone and carries odds: its model and target. */
async function anAttack(page: Page): Promise<{ model: string; target: string } | null> {
  const v = await playView(page);
  const c = v.choices.find((x) => x.odds && x.models.length === 1 && x.targets.length === 1);
  return c ? { model: c.models[0]!, target: c.targets[0]! } : null;
}

describe('hover odds in Chromium', () => {
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

  it('hovering an enemy the selected character may attack shows the odds in numbers', async () => {
    const started = await page.evaluate(() =>
      window.tabletop.startMatch({ rules: 'rpg-attacks', seats: { A: 'human', B: 'human' }, seed: 1 }),
    );
    expect(started).toEqual({ ok: true });
    await takeMouse(page);
    if ((await playView(page)).choices.some((c) => c.move.type === 'begin')) await pressChoice(page, 'Roll initiative');
    await takeMouse(page);
    const attack = await anAttack(page);
    expect(attack, 'an attack with odds in the first turn').not.toBeNull();
    await clickModel(page, attack!.model);
    const at = (await modelPos(page, attack!.target))!;
    const box = (await (await page.$('canvas'))!.boundingBox())!;
    const s = await project(page, [at[0], at[1] + 0.5, at[2]]);
    await page.mouse.move(box.x + s.x, box.y + s.y);
    await nextFrames(page, 3);
    const odds = page.locator('[data-testid=attack-odds]').first();
    await odds.waitFor({ timeout: 10_000 });
    expect(await odds.textContent()).toMatch(/^\d+\+ on d20 · \d+ % to hit · /);
    expect(errors).toEqual([]);
  });
});
