/**
 * Autosave and resume, as a person meets them: a hotseat rpg-attacks match is started from the set-up
 * panel and played a few moves by pressing the panel's buttons; the page is reloaded (as a closed tab
 * reopened) and "Resume … match, round N" is pressed: the same state hash, the same log, and play goes
 * on. A table edited with the smoke tool comes back with "Restore the edited table". A corrupt or newer
 * autosave shows its reason and the default table stays usable. `window.tabletop` is only read
 * (playView, stateHash, snapshot, autosaved) and, for the bad autosaves, IndexedDB is written directly.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpgState } from '../../src/rules/rpg-attacks/game';
import type { PlayView } from '../../src/state/play';
import { clickTable, launch, openApp, waitForFrames } from './browser';
import { hotseatSetup, logLines, playView, takeMouse } from './person';

const SEED = 5;
const view = (page: Page) => playView<PlayView<RpgState>>(page);
const hash = (page: Page) => page.evaluate(() => window.tabletop.stateHash());

/** Presses the first choice button with the text (taking the mouse first) and waits for the move to be logged. */
async function press(page: Page, text: string): Promise<void> {
  await takeMouse(page);
  const before = (await view(page)).match.log.length;
  await page.locator('[data-testid=choice]', { hasText: text }).first().click();
  await page.waitForFunction((n) => (window.tabletop.playView()?.match.log.length ?? 0) > n, before, {
    timeout: 30_000,
  });
}

/** Ends the turn of the character whose turn it is. */
async function endTurn(page: Page): Promise<void> {
  const s = (await view(page)).match.state;
  await press(page, `${s.chars[s.turn!.model]!.name}: end the turn`);
}

/** Reloads the page (a closed tab reopened) once every change is autosaved, and waits for the table. */
async function reopen(page: Page): Promise<void> {
  await page.evaluate(() => window.tabletop.autosaved());
  await page.reload();
  await waitForFrames(page, 5);
}

/** Writes an autosave straight into IndexedDB (as a crash mid-write or a newer app would leave it). */
async function plant(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(
    ([k, v]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tabletop');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('autosave', 'readwrite');
          tx.objectStore('autosave').put(v, k);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [key, value] as const,
  );
}

describe('autosave and resume in the browser (IndexedDB)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`a hotseat rpg-attacks match (seed ${SEED}) played a few moves by button comes back after a reload with "Resume": same hash, same log, play goes on`, async () => {
    const { page, errors } = await openApp(browser, 1400, 860);
    // Nothing autosaved yet: no offer, the default battle.
    expect(await page.locator('[data-testid=resume-offer]').count()).toBe(0);
    await hotseatSetup(page, 'rpg-attacks', SEED);
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks', null, { timeout: 60_000 });
    await press(page, 'Roll initiative for round 1');
    await endTurn(page);
    await endTurn(page);
    const before = await view(page);
    expect(before.match.log.length).toBe(3);
    const h = await hash(page);
    expect(h).toMatch(/^[0-9a-f]{8}$/);
    const lines = await logLines(page);
    // No AI seat: the log offers no AI turn pace.
    expect(await page.locator('[data-testid=anim-speed]').count()).toBe(1);
    expect(await page.locator('[data-testid=ai-pace]').count()).toBe(0);

    await reopen(page);
    expect(await page.evaluate(() => window.tabletop.playView())).toBeNull();
    const resume = page.locator('[data-testid=resume-match]');
    expect(await resume.textContent()).toBe(`Resume RPG combat chapter match, round ${before.match.state.round}`);
    expect(before.match.state.round).toBe(1);
    await resume.click();
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks', null, { timeout: 60_000 });
    await waitForFrames(page, 3);
    expect(await page.locator('[data-testid=resume-offer]').count()).toBe(0);
    expect(await hash(page)).toBe(h);
    const resumed = await view(page);
    expect(resumed.match.log).toEqual(before.match.log);
    expect(resumed.seats).toEqual({ A: 'human', B: 'human' });
    // Whoever is at the screen after a reload: the decider takes the mouse before their choices show.
    expect(resumed.curtain).toBe(resumed.decider);
    expect(await page.locator('[data-testid=curtain]').count()).toBe(1);
    expect(await logLines(page)).toEqual(lines);

    // Play goes on, and the next move is autosaved too.
    await endTurn(page);
    expect((await view(page)).match.log.length).toBe(4);
    const h4 = await hash(page);
    await reopen(page);
    await page.click('[data-testid=resume-match]');
    await page.waitForFunction(() => window.tabletop.playView()?.match.log.length === 4, null, { timeout: 60_000 });
    expect(await hash(page)).toBe(h4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a solo match set up at "AI strength: Hard" in the panel comes back Hard after a reload (the strength is saved)', async () => {
    const { page, errors } = await openApp(browser, 1400, 860);
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-rpg-attacks]');
    // The strength is offered only while a seat is the AI's (B is by default).
    expect(await page.inputValue('[data-testid=ai-level]')).toBe('normal');
    await page.selectOption('[data-testid=ai-level]', 'hard');
    // Both seats Human: no AI, so no strength to choose; B the AI's again, the choice is still Hard.
    await page.selectOption('[data-testid=seat-B]', 'human');
    expect(await page.locator('[data-testid=ai-level]').count()).toBe(0);
    await page.selectOption('[data-testid=seat-B]', 'ai');
    expect(await page.inputValue('[data-testid=ai-level]')).toBe('hard');
    await page.fill('[data-testid=seed]', String(SEED));
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks', null, { timeout: 60_000 });
    expect((await view(page)).level).toBe('hard');
    await reopen(page);
    await page.locator('[data-testid=resume-match]').click();
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks', null, { timeout: 60_000 });
    const resumed = await view(page);
    expect(resumed.level).toBe('hard');
    expect(resumed.seats).toEqual({ A: 'human', B: 'ai' });
    // With an AI seat the log offers the AI turn pace, 2x by default; a choice outlives a reload.
    await press(page, 'Roll initiative for round 1');
    expect(await page.inputValue('[data-testid=ai-pace]')).toBe('2');
    await page.selectOption('[data-testid=ai-pace]', '4');
    await reopen(page);
    await page.locator('[data-testid=resume-match]').click();
    await page.waitForFunction(() => (window.tabletop.playView()?.match.log.length ?? 0) > 0, null, {
      timeout: 60_000,
    });
    expect(await page.inputValue('[data-testid=ai-pace]')).toBe('4');
    expect(errors).toEqual([]);
  });

  it('a table edited with the smoke tool is offered back after a reload; Discard forgets it', async () => {
    const { page, errors } = await openApp(browser);
    await page.keyboard.press('s');
    await clickTable(page, 20, 20);
    await page.waitForFunction(() => (window.tabletop.getScene().smoke ?? []).length === 1);
    const smoke = await page.evaluate(() => window.tabletop.getScene().smoke);

    await reopen(page);
    expect(await page.evaluate(() => window.tabletop.getScene().smoke ?? [])).toEqual([]);
    expect(await page.locator('[data-testid=resume-match]').count()).toBe(0);
    const restore = page.locator('[data-testid=restore-scene]');
    expect(await restore.textContent()).toBe('Restore the edited table (default.json)');
    await restore.click();
    await page.waitForFunction(() => (window.tabletop.getScene().smoke ?? []).length === 1);
    expect(await page.evaluate(() => window.tabletop.getScene().smoke)).toEqual(smoke);
    await page.locator('[data-testid=resume-offer]').waitFor({ state: 'detached' });

    await reopen(page);
    await page.click('[data-testid=discard-scene]');
    await page.locator('[data-testid=resume-offer]').waitFor({ state: 'detached' });
    await reopen(page);
    expect(await page.locator('[data-testid=resume-offer]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a corrupt or newer autosaved match shows the reason; the default table stays usable', async () => {
    const { page, errors } = await openApp(browser);
    // IndexedDB's "tabletop" database exists once the page has looked for an autosave.
    await page.evaluate(() => window.tabletop.autosaved());
    await plant(page, 'match', '{"format":"tabletop-match","version":2,"rules":"blk');
    await reopen(page);
    expect(await page.textContent('[data-testid=autosave-error]')).toMatch(
      /^The autosaved match cannot be resumed: autosaved match: not JSON \(/,
    );
    expect(await page.locator('[data-testid=resume-match]').count()).toBe(0);

    await plant(page, 'match', JSON.stringify({ format: 'tabletop-match', version: 3, rules: 'blkout' }));
    await reopen(page);
    expect(await page.textContent('[data-testid=autosave-error]')).toContain(
      'autosaved match: saved by version 3; this app reads up to 2',
    );
    // The default battle is there and takes edits.
    expect((await page.evaluate(() => window.tabletop.getScene().models ?? [])).length).toBe(12);
    await page.keyboard.press('s');
    await clickTable(page, 20, 20);
    await page.waitForFunction(() => (window.tabletop.getScene().smoke ?? []).length === 1);
    await page.locator('[data-testid=resume-offer]').waitFor({ state: 'detached' });
    // The refused match is still there to discard on the next visit.
    await reopen(page);
    await page.click('[data-testid=discard-match]');
    expect(await page.locator('[data-testid=restore-scene]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
