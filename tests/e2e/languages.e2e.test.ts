/**
 * The table in Korean and in Russian, as a person meets it: the language menu in the toolbar, then a
 * BLKOUT reaction prompt answered in Korean (a hotseat save loaded for set-up) and a skirmish-ru battle
 * started from the panel and played one activation in Russian. Each time the toolbar, the play panel, a
 * choice and the battle log are read from the page: they are in the chosen language, and the only Latin
 * words left are names (from the state, the scene and the registry) or words the rulebook itself writes in
 * Latin letters. The choice is remembered over a reload; a browser set to Korean starts
 * in Korean. Screenshots for the README: languages-ko.png and languages-ru.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launch, openApp, shot, waitForFrames } from './browser';
import { duelSave } from './duel';
import { LANGUAGE_NAMES } from '../../src/i18n/catalogues';
import { logLines, playView, waitForSide } from './person';

const HANGUL = /[\uac00-\ud7a3]/;
const CYRILLIC = /[\u0400-\u04ff]/;

/** Latin words of three letters or more in a text. */
const latinWords = (text: string): string[] => text.match(/[A-Za-z][A-Za-z'’-]{2,}/g) ?? [];

/**
 * The words each rulebook itself writes in Latin letters and the catalogue keeps so (rule, card and token names:
 * BURN, Strikeforce, Cyclic, Counter EWAR…), lower case. Taken from ../shared/rules/blkout-2e.ko.txt and
 * skirmish-ru.ru.txt, which are not part of a clone of this project, so they are listed here.
 */
const RULEBOOK_LATIN = {
  ko: new Set(
    'assault auto blade blast blklist blkout burn controller counter cyclic data dome drone emp ewar extras indirect knife low move out overwatch phase play powered rewind runner spike strikeforce sustained swarms tech'.split(
      ' ',
    ),
  ),
  ru: new Set(['hit', 'misfire']),
};

/** Every string in some JSON (names of models, units, weapons, forces, places), split into Latin words. */
function namesIn(json: unknown, out = new Set<string>()): Set<string> {
  if (typeof json === 'string') for (const w of latinWords(json)) out.add(w.toLowerCase());
  else if (Array.isArray(json)) for (const x of json) namesIn(x, out);
  else if (json && typeof json === 'object') for (const x of Object.values(json)) namesIn(x, out);
  return out;
}

/** The page's toolbar, play panel and log text. */
const shownText = (page: Page): Promise<string> =>
  page.evaluate(() =>
    ['.toolbar', '.play-panel', '[data-testid=log-panel]']
      .map((s) => [...document.querySelectorAll<HTMLElement>(s)].map((e) => e.innerText).join('\n'))
      .join('\n'),
  );

/** The Latin words on screen that are neither names nor the rulebook's own terms. */
async function englishLeft(page: Page, rulebook: Set<string>): Promise<string[]> {
  const view = await playView(page);
  const names = namesIn([
    view.match.state,
    view.forceNames,
    view.name,
    await page.evaluate(() => window.tabletop.getScene()),
    // The language menu names each language in its own words ("English").
    Object.values(LANGUAGE_NAMES),
  ]);
  const words = latinWords(await shownText(page)).filter(
    (w) => !names.has(w.toLowerCase()) && !rulebook.has(w.toLowerCase()),
  );
  return [...new Set(words)];
}

describe('the table speaks Korean and Russian', () => {
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

  it('Korean: the menu switches the toolbar; a BLKOUT reaction prompt, its choice and the log read in Korean', async () => {
    expect(await page.textContent('.toolbar')).toMatch(/Open/);
    await page.selectOption('[data-testid=language]', 'ko');
    await page.waitForFunction(() => document.documentElement.lang === 'ko');
    const toolbar = (await page.textContent('.toolbar')) ?? '';
    expect(toolbar).toMatch(HANGUL);
    expect(toolbar).not.toMatch(/\bOpen\b|\bSave\b|\bUndo\b/);

    // Set-up through the API: a hotseat save where A's shot opens B's reaction prompt.
    const loaded = await page.evaluate((text) => window.tabletop.loadGame(text, 'duel.json'), duelSave());
    expect(loaded).toEqual({ ok: true });
    await waitForFrames(page, 3);
    await page.waitForSelector('.play-panel.reacting');
    // A loaded hotseat game opens behind B's curtain (its words in Korean too); B takes the mouse.
    expect(await page.textContent('[data-testid=curtain]')).toMatch(HANGUL);
    await page.click('[data-testid=take-mouse]');
    expect(await page.textContent('.play-panel .prompt')).toMatch(HANGUL);
    expect(await page.textContent('[data-testid=play-status]')).toMatch(HANGUL);
    const choices = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
    expect(choices.length).toBeGreaterThan(0);
    for (const c of choices) expect(c, 'a choice').toMatch(HANGUL);
    const rulebook = RULEBOOK_LATIN.ko;
    expect(await englishLeft(page, rulebook)).toEqual([]);

    await shot(page, 'languages-ko');

    // B answers by pressing its first reaction: the log tells it in Korean.
    const before = (await playView(page)).match.log.length;
    await page.locator('[data-testid=choice]').first().click();
    await page.waitForFunction((n) => (window.tabletop.playView()?.match.log.length ?? 0) > n, before, {
      timeout: 30_000,
    });
    await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 30_000 });
    const lines = await logLines(page);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l, 'a log line').toMatch(HANGUL);
    expect(await englishLeft(page, rulebook)).toEqual([]);

    // Remembered over a reload.
    await page.reload();
    await waitForFrames(page, 3);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await page.inputValue('[data-testid=language]')).toBe('ko');
    expect(errors).toEqual([]);
  });

  it('Russian: a skirmish-ru battle set up from the panel; the status, a choice and the log read in Russian', async () => {
    ({ page, errors } = await openApp(browser, 1400, 860));
    await page.selectOption('[data-testid=language]', 'ru');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(await page.textContent('.toolbar')).toMatch(CYRILLIC);
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-skirmish-ru]');
    await page.selectOption('[data-testid=seat-A]', 'human');
    await page.selectOption('[data-testid=seat-B]', 'ai');
    await page.fill('[data-testid=seed]', '3');
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'skirmish-ru', null, { timeout: 60_000 });
    await page.waitForFunction(() => window.tabletop.playView()?.decider === 'A', null, { timeout: 60_000 });
    expect(await page.textContent('[data-testid=play-status]')).toMatch(CYRILLIC);
    const rulebook = RULEBOOK_LATIN.ru;
    expect(await englishLeft(page, rulebook)).toEqual([]);

    // Press the first choice on offer (opening its fold when it sits under one): the log tells it in Russian.
    const choice = page.locator('[data-testid=choice]').first();
    if (!(await choice.isVisible())) await choice.locator('xpath=ancestor::details[1]/summary').click();
    expect(await choice.textContent()).toMatch(CYRILLIC);
    const before = (await playView(page)).match.log.length;
    await choice.click();
    await waitForSide(page, 'A', before);
    await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 30_000 });
    const lines = await logLines(page);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l, 'a log line').toMatch(CYRILLIC);
    expect(await englishLeft(page, rulebook)).toEqual([]);
    await shot(page, 'languages-ru');
    expect(errors).toEqual([]);
  });

  it('a browser set to Korean starts in Korean', async () => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const fresh = await context.newPage();
    await fresh.goto(inject('baseUrl'));
    await fresh.waitForFunction(() => document.documentElement.lang === 'ko');
    expect(await fresh.textContent('.toolbar')).toMatch(HANGUL);
    await context.close();
  });
});
