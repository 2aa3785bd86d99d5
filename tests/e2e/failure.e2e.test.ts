/**
 * A person meets a bug in a ruleset: a hotseat RPG combat chapter match (seed SEED) started from the
 * set-up panel by clicking; a fault is armed in the ruleset's `apply` through `window.tabletop` (the
 * only thing not done with the mouse); pressing "Roll initiative" then shows "The rules failed on this
 * action" with the error in words. "Download bug report" gives a JSON file holding the save (the
 * initial state and an empty log), the failing action and player, the error and its stack; Dismiss
 * closes the banner, and pressing the same choice again plays it from the last good state. Then, solo
 * with the AI as Player A, a fault armed in the bot: the AI's failure shows the same way, the AI does not
 * try again by itself, and once dismissed it plays.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpgState } from '../../src/rules/rpg-attacks/game';
import type { PlayView } from '../../src/state/play';
import { downloaded, launch, openApp } from './browser';
import { hotseatSetup, logLines, playView, pressChoice } from './person';
import { en } from '../support/words';

const SEED = 2;
const view = (page: Page) => playView<PlayView<RpgState>>(page);

describe('a rules failure reaches the person as a banner with a bug report, and the game goes on', () => {
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

  it(`hotseat RPG combat chapter (seed ${SEED}): a fault in apply on "Roll initiative", the report downloaded, dismissed, pressed again`, async () => {
    await hotseatSetup(page, 'rpg-attacks', SEED);
    await page.click('button:has-text("Start RPG combat chapter")');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks');
    const before = await view(page);
    expect(before.match.log).toEqual([]);
    const linesBefore = await logLines(page);

    expect(await page.evaluate(() => window.tabletop.injectRulesFault('apply'))).toEqual({ ok: true });
    const label = await pressChoice(page, 'Roll initiative for round 1');
    const banner = page.locator('[data-testid=rules-failure]');
    await banner.waitFor({ timeout: 10_000 });
    const text = (await banner.textContent()) ?? '';
    expect(text).toMatch(/^The rules failed on this action \(A's \S+\)\./);
    expect(text).toContain('The game stays as it was before it: choose again.');
    expect(await page.textContent('[data-testid=rules-failure-detail]')).toBe(
      'rpg-attacks, apply: a rules fault injected into apply (test)',
    );
    // The banner says it, not a notice as well.
    expect(await page.locator('[data-testid=notice]').count()).toBe(0);
    // Nothing moved: the match, the battle log and the choice are as they were.
    const after = await view(page);
    expect(after.match).toEqual(before.match);
    expect(await logLines(page)).toEqual(linesBefore);
    expect(await page.locator('[data-testid=choice]', { hasText: label }).count()).toBe(1);

    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=rules-bug-report]')]);
    expect(file.suggestedFilename()).toBe('tabletop-bug-rpg-attacks-move-1.json');
    const path = await downloaded(file);
    const report = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown> & {
      save: { format: string; rules: string; initial: unknown; log: unknown[] };
      error: { message: string; stack: string };
      action: { type: string };
    };
    expect(report).toMatchObject({
      format: 'tabletop-rules-bug-report/1',
      app: { name: 'tabletop', version: '0.1.0' },
      rules: 'rpg-attacks',
      stage: 'apply',
      by: 'human',
      player: 'A',
      entry: null,
      moves: 0,
    });
    expect(Date.parse(report.at as string)).not.toBeNaN();
    const rollMove = before.choices.find((c) => en(c.label) === label)!.move;
    expect(report.action).toEqual(rollMove);
    expect(report.error.message).toBe('a rules fault injected into apply (test)');
    expect(report.error.stack).toContain('a rules fault injected into apply (test)');
    // The save is "Save game"'s file at the last good state: it loads back as this match.
    expect(report.save).toMatchObject({ format: 'tabletop-match', version: 2, rules: 'rpg-attacks', log: [] });
    expect(report.save.initial).toEqual(before.match.initial);
    // The save as Save game writes it now, but for the time it was made.
    const now = JSON.parse(await page.evaluate(() => window.tabletop.saveGame()!)) as { savedAt: string };
    expect({ ...report.save, savedAt: now.savedAt }).toEqual(now);

    await page.click('[data-testid=rules-failure-dismiss]');
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => window.tabletop.rulesFailure())).toBeNull();

    // The same choice again: it plays, from the state before the failure.
    await pressChoice(page, 'Roll initiative for round 1');
    await page.waitForFunction(() => window.tabletop.playView()?.match.log.length === 1, undefined, {
      timeout: 10_000,
    });
    const played = await view(page);
    expect(played.match.log[0]).toMatchObject({ player: 'A', action: rollMove });
    expect(played.match.initial).toEqual(before.match.initial);
    expect(played.match.state).not.toEqual(before.match.state);
    expect((await logLines(page)).some((l) => /^Round 1: /.test(l))).toBe(true);
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it(`solo with the AI as A (seed ${SEED}): its bot throws; the banner shows the AI's failure, it waits, Dismiss lets it play`, async () => {
    // A fresh page (the first test's match is left behind with its page).
    await page.close();
    ({ page, errors } = await openApp(browser, 1400, 860));
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-rpg-attacks]');
    await page.selectOption('[data-testid=seat-A]', 'ai');
    await page.selectOption('[data-testid=seat-B]', 'human');
    await page.fill('[data-testid=seed]', String(SEED));
    // Armed before the start: the AI chooses at once.
    expect(await page.evaluate(() => window.tabletop.injectRulesFault('bot'))).toEqual({ ok: true });
    await page.click('button:has-text("Start RPG combat chapter")');
    const banner = page.locator('[data-testid=rules-failure]');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toMatch(
      /^The rules failed on the AI's move \(A, choosing a move\)\. The game stays as it was before it: dismiss to let the AI try again\./,
    );
    expect(await page.textContent('[data-testid=rules-failure-detail]')).toBe(
      'rpg-attacks, bot: a rules fault injected into bot (test)',
    );
    // It does not spin: several of its delays later it has still not played (the fault fired once, so a retry would play).
    await page.waitForTimeout(2_000);
    expect((await view(page)).match.log).toEqual([]);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=rules-bug-report]')]);
    const report = JSON.parse(await readFile(await downloaded(file), 'utf8')) as Record<string, unknown>;
    expect(report).toMatchObject({ by: 'ai', stage: 'bot', player: 'A', action: null, moves: 0 });
    await page.click('[data-testid=rules-failure-dismiss]');
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForFunction(() => (window.tabletop.playView()?.match.log.length ?? 0) > 0, undefined, {
      timeout: 20_000,
    });
    expect((await view(page)).match.log[0]?.player).toBe('A');
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
