/**
 * Playing Counterblast in Chromium: the set-up panel's crew builder (a crew over 500 points cannot
 * start), a solo battle deployed by clicking the table against the AI until the human's first
 * decision, and a hotseat save where a shot opens the target crew's reaction prompt, answered with
 * a Return-fire. Screenshots are written for the README.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleset, type CbAction } from '../../src/rules/counterblast';
import { newMatch } from '../../src/rules/engine/match';
import { type PlayView } from '../../src/state/play';
import { SAVE_FORMAT_V1 } from '../../src/state/saveFile';
import type { CbState } from '../../src/rules/counterblast/game';
import { midBattle } from '../unit/rules/counterblast/fixture';
import { clickTable, downloaded, launch, nextFrames, openApp, press, shot, waitForFrames } from './browser';
import { takeMouse } from './person';

const view = (page: Page): Promise<PlayView<CbState>> =>
  page.evaluate(() => window.tabletop.playView() as PlayView<CbState>);

describe('playing Counterblast in Chromium', () => {
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

  it('solo (seed 4): the crew builder keeps a crew within 500 points; deploying by clicking; the AI plays; the human gets the activation choices', async () => {
    await page.click('[data-testid=play-open]');
    // The chooser lists all five rulesets, none greyed.
    expect(await page.$$eval('.ruleset-chooser input', (is) => is.map((i) => (i as HTMLInputElement).value))).toEqual([
      'blkout',
      'counterblast',
      'fiveparsecs',
      'skirmish-ru',
      'rpg-attacks',
    ]);
    expect(await page.$$eval('.ruleset-chooser input:disabled', (is) => is.length)).toBe(0);
    await page.click('[data-testid=ruleset-counterblast]');
    expect(await page.textContent('[data-testid=force-points-A]')).toMatch(/500 \/ 500 pts/);
    // One more gunner: 560 points, the start button is disabled and the reason is shown; taking it out again fixes it.
    await page.click('[data-testid=force-A] details.cards summary');
    await page.selectOption('[aria-label="A card to add"]', 'gunner');
    await page.click('[data-testid=add-A]');
    expect(await page.textContent('[data-testid=force-points-A]')).toMatch(/560 \/ 500 pts/);
    expect(await page.textContent('[data-testid=force-problem-A]')).toMatch(/over the game's 500/);
    expect(await page.isDisabled('[data-testid=start-match]')).toBe(true);
    await page.click('[data-testid=remove-A-gunner]');
    expect(await page.isDisabled('[data-testid=start-match]')).toBe(false);
    // Save crews downloads a crews file that loads back; a bad one is refused naming the field and value.
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=save-forces]')]);
    const saved = JSON.parse(await (await import('node:fs/promises')).readFile(await downloaded(file), 'utf8')) as {
      format: string;
      crews: { id: string }[];
    };
    expect(saved.format).toBe('counterblast-crews/1');
    expect(saved.crews.map((c) => c.id)).toEqual(['rustwater-salvagers', 'vey-syndicate']);
    await page.setInputFiles('[data-testid=forces-input]', {
      name: 'mine.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(saved)),
    });
    await page.waitForFunction(() =>
      /crews: mine\.json/.test(document.querySelector('[data-testid=setup-panel]')?.textContent ?? ''),
    );
    const bad = {
      ...saved,
      crews: [{ ...saved.crews[0], models: [{ id: 'x', name: 'X', type: 'hero', size: 'giant' }] }],
    };
    await page.setInputFiles('[data-testid=forces-input]', {
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await page.waitForSelector('[data-testid=setup-panel] > .problem');
    expect(await page.textContent('[data-testid=setup-panel] > .problem')).toMatch(
      /bad\.json.*crews\[0\]\.models\[0\]/,
    );
    await page.fill('[data-testid=seed]', '4');
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView() !== null, null, { timeout: 60_000 });
    await waitForFrames(page, 5);
    expect(await page.textContent('[data-testid=play-status]')).toBe('Deployment: A deploys Boss Kade');
    // In a match the help line says how models move (through the rules, not by dragging).
    expect(await page.textContent('.helpbar')).toMatch(
      /then the table: it moves there \(or a dashed choice, then the table\)/,
    );
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await nextFrames(page, 3);
    // Spots along A's strip (the south edge, z = 36, drawn nearest the player).
    for (const x of [8, 12, 16, 20, 32, 36]) {
      await page.waitForFunction(
        () => {
          const v = window.tabletop.playView() as PlayView<CbState>;
          return v.decider === 'A' || v.match.state.phase !== 'deploy';
        },
        null,
        { timeout: 60_000 },
      );
      await clickTable(page, x, 33);
    }
    const mine = Object.values((await view(page)).match.state.models).filter((m) => m.player === 'A');
    expect(mine.filter((m) => m.pos).length).toBe(mine.length);
    // The AI deploys and plays; the human answers any Snapshot prompt with "No reaction" until it is A's own decision.
    for (let i = 0; i < 20; i++) {
      await page.waitForFunction(
        () => {
          const v = window.tabletop.playView() as PlayView<CbState>;
          return v.match.state.phase !== 'deploy' && (v.decider === 'A' || v.outcome !== null);
        },
        null,
        { timeout: 90_000 },
      );
      if (!(await view(page)).reacting) break;
      await press(page, '[data-testid=choice]:has-text("No reaction")');
    }
    await page.waitForSelector('[data-testid=choice]');
    const labels = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
    expect(labels.some((l) => /^Activate .* \(1 Moxie, two actions\)$/.test(l))).toBe(true);
    // Activate one: its actions are buttons, what it cannot do is greyed with the reason.
    await press(page, '[data-testid=choice]:has-text("Activate Salvager gunner 1")');
    await page.waitForSelector('[data-testid=blocked]');
    expect(await page.isDisabled('[data-testid=blocked] >> nth=0')).toBe(true);
    expect(await page.textContent('.choices')).toMatch(/Salvager gunner 1: Rush \(only after a Move\)/);
    expect(await page.textContent('[data-testid=score]')).toMatch(/Rustwater Salvagers.*Moxie.*dread/);
    expect(await page.textContent('[data-testid=objectives]')).toMatch(/Hold the Crossroads: 1 .* · 2 .* · 3 /);
    await page.evaluate(() => window.tabletop.setCameraMode('orbit'));
    await nextFrames(page, 5);
    await shot(page, 'counterblast-solo');
    // Folding the panel leaves its status line (the table under it can be clicked); unfolding brings the choices back.
    await page.click('[data-testid=play-fold]');
    expect(await page.$('[data-testid=choices]')).toBeNull();
    expect(await page.textContent('[data-testid=play-status]')).toMatch(/A acts with Salvager gunner 1/);
    await page.click('[data-testid=play-fold]');
    await page.waitForSelector('[data-testid=choices]');
    expect(errors).toEqual([]);
  });

  it('hotseat: a loaded battle where A shoots; B is prompted, answers with a Return-fire, and both shots are animated and logged', async () => {
    const start = midBattle({ 'A.gunner-1': [30, 25], 'B.thug-1': [30, 31], 'B.thug-2': [46, 3] });
    const moves: CbAction[] = [
      { type: 'activate', model: 'A.gunner-1' },
      { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' },
    ];
    const save = {
      // A hand-made save in the first layout (no hash, no summary): it is migrated on load.
      format: SAVE_FORMAT_V1,
      rules: 'counterblast',
      seats: { A: 'human', B: 'human' },
      casualUndo: false,
      initial: newMatch(ruleset, start, 4).initial,
      log: moves.map((action) => ({ player: 'A', action, rolled: 0 })),
    };
    expect(await page.evaluate((text) => window.tabletop.loadGame(text, 'duel.json'), JSON.stringify(save))).toEqual({
      ok: true,
    });
    await waitForFrames(page, 3);
    await page.waitForSelector('.play-panel.reacting');
    // A loaded hotseat game: B takes the mouse first.
    expect(await takeMouse(page)).toBe(true);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B: react?');
    const back = page.locator('[data-testid=choice]', { hasText: 'Return-fire' });
    expect(await back.textContent()).toMatch(
      /Syndicate thug 1 with .* at Salvager gunner 1: 3D Zap against 7\+, no cover/,
    );
    await shot(page, 'counterblast-reaction');
    await back.click();
    await page.waitForFunction(
      () => window.tabletop.eventLog().lines.some((l) => /Syndicate thug 1 shoots Salvager gunner 1/.test(l)),
      null,
      { timeout: 30_000 },
    );
    const lines = (await page.evaluate(() => window.tabletop.eventLog())).lines;
    expect(lines.some((l) => /Salvager gunner 1 shoots Syndicate thug 1/.test(l))).toBe(true);
    await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 30_000 });
    expect((await view(page)).match.log).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});
