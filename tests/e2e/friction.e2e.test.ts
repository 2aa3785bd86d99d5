/**
 * The friction a new player met (issue 15), in real Chromium, by mouse and keyboard: a panel that
 * fails to draw leaves the table and the match; pick buttons stay armed and say to click the table;
 * saved games load before a match and through Open…; Leave asks first; Undo is offered only when it
 * works; the table tools (tape, notices, rings, help, eye view, legend, roofs) and a battle log that
 * scrolls back with a dice tray of the current roll.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleset, type BlkoutAction } from '../../src/rules/blkout';
import { newMatch } from '../../src/rules/engine/match';
import { type PlayView } from '../../src/state/play';
import { SAVE_FORMAT, SAVE_FORMAT_V1 } from '../../src/state/saveFile';
import type { BlkoutState } from '../../src/rules/blkout/game';
import { midGame } from '../unit/rules/blkout/fixture';
import { clickTable, downloaded, launch, nextFrames, openApp, pixelAt, press, project, waitForFrames } from './browser';
import { loadGame } from './windowSave';

const view = (page: Page): Promise<PlayView<BlkoutState>> =>
  page.evaluate(() => window.tabletop.playView() as PlayView<BlkoutState>);

/** A hotseat duel (seed 5): A1.0 and B1.0 10" apart in the open, A2.0 and B2.0 in far corners; `moves` already played by A. */
function duelSave(moves: BlkoutAction[]): string {
  const start = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });
  return JSON.stringify({
    // A hand-made save in the first layout (no hash, no summary): it is migrated on load.
    format: SAVE_FORMAT_V1,
    rules: 'blkout',
    seats: { A: 'human', B: 'human' },
    casualUndo: false,
    initial: newMatch(ruleset, start, 5).initial,
    log: moves.map((action) => ({ player: 'A', action, rolled: 0 })),
  });
}

/** Loads a saved game the way a person does (the Load game button's file chooser), then takes the mouse. */
async function loadThroughButton(page: Page, text: string, name: string): Promise<void> {
  // A load puts its table on screen anew (a new scene version), even over a match already loaded.
  await loadGame(page, text, name);
  // The duel is a hotseat game: loaded, it opens behind the decider's curtain, and they take the mouse.
  await page.click('[data-testid=take-mouse]');
  await page.locator('[data-testid=curtain]').waitFor({ state: 'detached', timeout: 10_000 });
}

async function canvasPoint(page: Page, p: [number, number, number]): Promise<{ x: number; y: number }> {
  const box = (await (await page.$('canvas'))!.boundingBox())!;
  const s = await project(page, p);
  return { x: box.x + s.x, y: box.y + s.y };
}

describe('a person meets no friction (Chromium)', () => {
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

  it('saved games: Load game… is offered before a match; Open… recognises a saved game and loads it; a confirmation and the battle log show', async () => {
    await page.waitForSelector('[data-testid=load-game-input]', { state: 'attached' });
    expect(await page.textContent('.new-matches')).toContain('Load game…');
    await loadThroughButton(page, duelSave([{ type: 'activate', unit: 'A1' }]), 'duel.json');
    expect(await page.textContent('[data-testid=notice]')).toMatch(/^Loaded duel\.json: 1 move replayed; /);
    expect(await page.textContent('[data-testid=log-lines]')).toMatch(/Assault Team/);
    // Open… with a saved game loads it too (it used to say "expected tabletop-scene/1").
    const version = await page.evaluate(() => window.tabletop.snapshot().sceneVersion);
    await page.setInputFiles('[data-testid=open-input]', {
      name: 'again.json',
      mimeType: 'application/json',
      buffer: Buffer.from(duelSave([])),
    });
    await page.waitForFunction((v) => window.tabletop.snapshot().sceneVersion > v, version, { timeout: 60_000 });
    await page.waitForFunction(
      () =>
        /^Loaded again\.json: 0 moves replayed/.test(document.querySelector('[data-testid=notice]')?.textContent ?? ''),
      null,
      { timeout: 60_000 },
    );
    expect((await view(page)).match.log).toHaveLength(0);
    expect(await page.$('[data-testid=error-banner]')).toBeNull();
  });

  it('pick buttons: pressing an armed one keeps it armed with the click-the-table hint; Esc disarms; with nothing armed a click moves the selected model; Undo only when it works', async () => {
    await loadThroughButton(page, duelSave([]), 'duel.json');
    expect(await page.isDisabled('[data-testid=play-undo]')).toBe(true);
    await press(page, '[data-testid=choice]:has-text("Activate Assault Team")');
    expect(await page.isDisabled('[data-testid=play-undo]')).toBe(false);
    const move = page.locator('[data-testid=pick]', { hasText: /^Move Assault Team/ });
    await move.click();
    expect(await move.getAttribute('aria-pressed')).toBe('true');
    expect(await page.textContent('[data-testid=pick-hint]')).toMatch(/^Move Assault Team.*: click the table/);
    await move.click();
    expect(await move.getAttribute('aria-pressed')).toBe('true');
    expect(await page.textContent('[data-testid=pick-hint]')).toMatch(/click the table/);
    await page.keyboard.press('Escape');
    expect(await page.$('[data-testid=pick-hint]')).toBeNull();
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await nextFrames(page, 3);
    // Disarmed, A1.0 is still selected: a click on the table moves it there, with no button pressed.
    await clickTable(page, 8, 31);
    await page.waitForFunction(() => {
      const m = (window.tabletop.playView() as PlayView<BlkoutState>).match.state.models as Record<
        string,
        { pos: [number, number, number] | null }
      >;
      return Math.hypot(m['A1.0']!.pos![0] - 8, m['A1.0']!.pos![2] - 31) < 0.3;
    });
    await page.click('[data-testid=play-undo]');
    await page.waitForFunction(() => {
      const m = (window.tabletop.playView() as PlayView<BlkoutState>).match.state.models as Record<
        string,
        { pos: [number, number, number] | null }
      >;
      return m['A1.0']!.pos![0] === 6;
    });
    // Armed again, the click moves it.
    await move.click();
    await clickTable(page, 8, 31);
    await page.waitForFunction(() => {
      const m = (window.tabletop.playView() as PlayView<BlkoutState>).match.state.models as Record<
        string,
        { pos: [number, number, number] | null }
      >;
      return Math.hypot(m['A1.0']!.pos![0] - 8, m['A1.0']!.pos![2] - 31) < 0.3;
    });
    // Undo takes the move and its log line back.
    const lines = (await page.evaluate(() => window.tabletop.eventLog().lines)).length;
    await page.click('[data-testid=play-undo]');
    await page.waitForFunction(() => {
      const m = (window.tabletop.playView() as PlayView<BlkoutState>).match.state.models as Record<
        string,
        { pos: [number, number, number] | null }
      >;
      return m['A1.0']!.pos![0] === 6;
    });
    expect((await page.evaluate(() => window.tabletop.eventLog().lines)).length).toBeLessThan(lines);
    // Ctrl+Z in a match is Undo move: the activation goes, and then there is nothing left to undo.
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => (window.tabletop.playView() as PlayView<BlkoutState>).match.log.length === 0);
    expect(await page.isDisabled('[data-testid=play-undo]')).toBe(true);
    await page.evaluate(() => window.tabletop.setCameraMode('orbit'));
  });

  it('a panel that fails to draw shows a banner with a bug report; the table and the match stay, and it draws again', async () => {
    await loadThroughButton(page, duelSave([{ type: 'activate', unit: 'A1' }]), 'duel.json');
    const before = await view(page);
    const canvas = await page.$('canvas');
    await page.evaluate(() => window.tabletop.injectRenderFault('play panel'));
    await page.waitForSelector('[data-testid="render-error-play panel"]');
    expect(await page.textContent('[data-testid="render-error-play panel"]')).toMatch(
      /Something went wrong drawing the play panel\..*render fault injected/,
    );
    // The table is still drawn, the same canvas, and the match is still in the store.
    expect(await page.$('canvas')).not.toBeNull();
    expect(await canvas!.isVisible()).toBe(true);
    await nextFrames(page, 3);
    expect((await view(page)).match.log).toEqual(before.match.log);
    const download = page.waitForEvent('download');
    await page.click('[data-testid="render-error-play panel"] [data-testid=bug-report]');
    const report = JSON.parse(readFileSync(await downloaded(await download), 'utf8')) as {
      format: string;
      part: string;
      error: string;
      save: { format: string; log: unknown[] };
      lastAction: { action: { type: string } };
    };
    expect(report.format).toBe('tabletop-bug-report/1');
    expect(report.part).toBe('play panel');
    expect(report.save.format).toBe(SAVE_FORMAT);
    expect(report.save.log).toHaveLength(1);
    expect(report.lastAction.action.type).toBe('activate');
    await page.click('[data-testid="render-error-play panel"] [data-testid=redraw]');
    await page.waitForSelector('[data-testid=play-status]');
    expect(errors.filter((e) => !/render fault injected/.test(e))).toEqual([]);
    errors.length = 0;
  });

  it('Leave asks first, and sits away from the fold button', async () => {
    expect(await page.$('.play-head [data-testid=leave]')).toBeNull();
    expect(await page.$('.play-foot [data-testid=leave]')).not.toBeNull();
    await page.click('[data-testid=leave]');
    expect(await page.textContent('[data-testid=leave-confirm]')).toMatch(/Leave this match\?/);
    await page.click('[data-testid=leave-no]');
    expect(await view(page)).not.toBeNull();
    await page.click('[data-testid=leave]');
    await page.click('[data-testid=leave-yes]');
    await page.waitForFunction(() => window.tabletop.playView() === null);
  });

  it('the legend names the side colours; the help has a close button, closes on a click outside and tells how to play each ruleset', async () => {
    expect(await page.textContent('[data-testid=legend-A]')).toMatch(/A\s*red/);
    expect(await page.textContent('[data-testid=legend-B]')).toMatch(/B\s*blue/);
    await page.keyboard.press('?');
    await page.waitForSelector('[data-testid=help]');
    expect(await page.textContent('[data-testid=how-to-blkout]')).toMatch(/How to play BLKOUT.*hardpoint/);
    expect(await page.textContent('[data-testid=how-to-counterblast]')).toMatch(/How to play Counterblast.*Moxie/);
    // A click inside keeps it open; the close button closes it.
    await page.click('[data-testid=help] h2');
    expect(await page.$('[data-testid=help]')).not.toBeNull();
    await page.click('[data-testid=help-close]');
    expect(await page.$('[data-testid=help]')).toBeNull();
    await page.keyboard.press('?');
    await page.mouse.click(30, 400);
    expect(await page.$('[data-testid=help]')).toBeNull();
  });

  it('tools: the tape shows its first point and follows the cursor; a change of tool clears a notice; rings are labelled and on a button; the eye view says how to leave', async () => {
    await page.evaluate(() =>
      window.tabletop.loadScene(
        {
          format: 'tabletop-scene/1',
          table: { width: 24, depth: 24 },
          terrain: [{ id: 'hut', kind: 'structure', shape: 'box', center: [18, 1.5, 12], size: [5, 3, 5] }],
          models: [
            { id: 'v', side: 'A', position: [6, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
            { id: 'in', side: 'B', position: [18, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.1 },
          ],
        },
        'tools.json',
      ),
    );
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await waitForFrames(page, 5);
    await page.keyboard.press('m');
    await clickTable(page, 4, 4);
    const first = await page.evaluate(() => window.tabletop.snapshot().tape);
    expect(first?.b).toBeNull();
    const to = await canvasPoint(page, [10, 0, 4]);
    await page.mouse.move(to.x, to.y, { steps: 4 });
    const live = await page.waitForSelector('[data-testid=tape-live-length]');
    expect(Number.parseFloat((await live.textContent()) ?? '')).toBeCloseTo(6, 0);
    await page.mouse.click(to.x, to.y);
    expect(Number.parseFloat((await page.textContent('[data-testid=tape-length]')) ?? '')).toBeCloseTo(6, 0);
    // A notice goes when the tool changes.
    await page.keyboard.press('l');
    await clickTable(page, 12, 20);
    expect(await page.textContent('[data-testid=notice]')).toMatch(/select a model first/);
    await page.click('[data-testid=tool-select]');
    expect(await page.$('[data-testid=notice]')).toBeNull();
    // Range rings from the toolbar, labelled.
    await page.evaluate(() => window.tabletop.selectModel('v'));
    await page.click('[data-testid=rings]');
    for (const r of [3, 6, 8, 12]) expect(await page.textContent(`[data-testid=ring-label-${r}]`)).toBe(`${r}"`);
    await page.click('[data-testid=rings]');
    expect(await page.$('[data-testid=ring-label-3]')).toBeNull();
    // The eye view says how to leave it, and its button does.
    await page.keyboard.press('e');
    expect(await page.textContent('[data-testid=eye-banner]')).toMatch(/press E or Esc to leave/);
    await page.click('[data-testid=eye-leave]');
    expect(await page.$('[data-testid=eye-banner]')).toBeNull();
  });

  it('a model under a roof stays visible: its colour shows through the roof from above', async () => {
    await page.evaluate(() => window.tabletop.selectModel(null));
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await nextFrames(page, 4);
    const box = (await (await page.$('canvas'))!.boundingBox())!;
    const under = await project(page, [18, 3, 12]);
    const roof = await project(page, [19.8, 3, 13.8]);
    const [r, g, b] = await pixelAt(page, under.x, under.y);
    const [r0, g0, b0] = await pixelAt(page, roof.x, roof.y);
    expect(box.width).toBeGreaterThan(0);
    // Side B is blue: over the model the roof is bluer than the bare roof beside it.
    expect(b - (r + g) / 2).toBeGreaterThan(b0 - (r0 + g0) / 2 + 15);
  });

  it('the battle log scrolls back through the whole game; the dice tray shows only the current roll', async () => {
    const lines = page.locator('[data-testid=log-lines] li');
    const earlier = await page.evaluate(() => window.tabletop.eventLog().lines.length);
    await page.evaluate(() =>
      window.tabletop.playEvents(Array.from({ length: 300 }, (_, i) => ({ type: 'note', text: `line ${i}` }))),
    );
    await page.evaluate(() =>
      window.tabletop.playEvents([
        {
          type: 'dice-rolled',
          text: 'A rolled 7, 2 (d10)',
          dice: [
            [10, 7],
            [10, 2],
          ],
        },
      ]),
    );
    // Every line of the game is there, from the first one on.
    expect(await lines.count()).toBe(earlier + 301);
    expect(await lines.nth(earlier).textContent()).toBe('line 0');
    expect(await lines.first().textContent()).toBe(await page.evaluate(() => window.tabletop.eventLog().lines[0]));
    const scroll = await page.$eval('[data-testid=log-lines]', (el) => ({
      top: el.scrollTop,
      height: el.scrollHeight,
      client: el.clientHeight,
    }));
    expect(scroll.height).toBeGreaterThan(scroll.client);
    // It follows the newest line.
    expect(scroll.top + scroll.client).toBeGreaterThan(scroll.height - 30);
    expect(await page.textContent('[data-testid=dice-tray]')).toBe('72');
    await page.evaluate(() => window.tabletop.playEvents([{ type: 'note', text: 'B passes' }]));
    await page.waitForSelector('[data-testid=dice-tray]', { state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('the 3D table failing to draw shows its banner; the panels stay, and it draws again (last: drei labels complain as the canvas goes)', async () => {
    await page.keyboard.press('Escape');
    await page.click('[data-testid=play-open]');
    // A selection with every badge shown (Badges) draws a label over every other model: after the table
    // is drawn again there must be exactly as many (none left over from the canvas that failed).
    const labels = () => page.$$eval('[data-testid^=label-]', (ls) => ls.length);
    await page.click('[data-testid=badges]');
    await page.evaluate(() => window.tabletop.selectModel('v'));
    await page.waitForSelector('[data-testid=label-in]');
    const shown = await labels();
    expect(shown).toBe(1);
    await page.evaluate(() => window.tabletop.injectRenderFault('table'));
    await page.waitForSelector('[data-testid="render-error-table"]');
    expect(await page.textContent('[data-testid="render-error-table"]')).toMatch(
      /Something went wrong drawing the table\./,
    );
    expect(await page.$('canvas')).toBeNull();
    expect(await page.isVisible('[data-testid=start-match]')).toBe(true);
    await page.click('[data-testid="render-error-table"] [data-testid=redraw]');
    await page.waitForSelector('canvas');
    await nextFrames(page, 3);
    await page.waitForSelector('[data-testid=label-in]');
    expect(await labels()).toBe(shown);
    expect(await page.evaluate(() => window.tabletop.snapshot().selectedId)).toBe('v');
    // React reports the caught error on the console, and drei's Html labels complain as the failed
    // canvas unmounts their roots mid-render; nothing else went wrong.
    expect(errors.filter((e) => !/render fault injected|synchronously unmount a root|removeChild/.test(e))).toEqual([]);
  });
});
