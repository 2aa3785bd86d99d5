/**
 * A person plays Counterblast hotseat (both seats Human, seed 2) with the mouse and the keyboard
 * only: set-up from the panel's controls, every model of both crews deployed by clicking inside
 * the shown strips (alternating, as the rules ask); a model clicked on the canvas shows its card
 * (the click that once blanked the page, React #185); a move by a dashed button and a table click
 * that B may Snapshot (B answers "No reaction"), taken back with "Undo move"; the move again, then
 * a shot that B answers with a Return-fire; then "Save game", a page reload and "Load game". After
 * each step the test checks what a player sees: the card, the model where it was sent, the log
 * line, the prompt, the tokens on the bases.
 *
 * `window.tabletop` is used only to read (playView, snapshot, projectToScreen, frames); the top view
 * is the T key. Seed 2: A is Active in turn 1 (Moxie checks 4 to 2). Salvager
 * gunner 1 and the Syndicate sniper are deployed in the open at x = 31, between the yard wall and
 * the bunker; after a 4.8" move they are 21" apart, in the gunner's 24" Rifle range. Every spot is
 * clear of the play panel, which covers the table's top-left corner in the top view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayView } from '../../src/state/play';
import type { CbState } from '../../src/rules/counterblast/game';
import { launch, openApp, waitForFrames } from './browser';
import {
  cardOf,
  cardPosition,
  clickModel,
  clickTableAt,
  hotseatSetup,
  insideRect,
  logLines,
  modelPos,
  playView,
  pressChoice,
  pressPick,
  saveReloadLoad,
  topView,
  waitForLogLine,
  takeMouse,
} from './person';
import { en } from '../support/words';

const SEED = 2;
const view = (page: Page) => playView<PlayView<CbState>>(page);

/** Where each model is deployed: A along z = 33 (its edge, nearest the player; the shooter at x = 31), B along z = 3 (its target at x = 31). */
const SPOTS: Record<string, [number, number]> = {
  'A.boss': [9, 33],
  'A.medic': [12, 33],
  'A.gunner-1': [31, 31.5],
  'A.gunner-2': [15, 33],
  'A.loader': [18.5, 33],
  'A.scout': [21.5, 33],
  'B.enforcer': [9, 3],
  'B.sniper': [31, 4.5],
  'B.thug-1': [12, 3],
  'B.thug-2': [15, 3],
  'B.firebug': [18, 3],
  'B.hound': [21, 3],
};

const near = (a: readonly number[] | null, b: readonly number[], tol = 0.1) =>
  a !== null && Math.hypot(a[0]! - b[0]!, a[a.length - 1]! - b[b.length - 1]!) < tol;
/** The inches a move line gives ("Salvager gunner 1 moves 2""). */
const movedInches = (line: string) => Number(/moves ([\d.]+)"/.exec(line)?.[1]);
const status = (page: Page) => page.textContent('[data-testid=play-status]');
/** The prompt, once the player deciding has taken the mouse (hotseat: the curtain is clicked first). */
const prompt = async (page: Page) => (await takeMouse(page), page.textContent('.play-panel .prompt'));

describe('a person plays Counterblast hotseat with clicks, buttons and keys', () => {
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

  it(`sets up from the panel (both seats Human, seed ${SEED}) and deploys every model of both crews by clicking inside the shown strips`, async () => {
    await hotseatSetup(page, 'counterblast', SEED);
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView() !== null, null, { timeout: 60_000 });
    await waitForFrames(page, 5);
    expect((await view(page)).seats).toEqual({ A: 'human', B: 'human' });
    expect(await status(page)).toBe('Deployment: A deploys Boss Kade');
    expect(await prompt(page)).toBe('Player A to decide');
    await topView(page);

    // Alternating, one model at a time: the next model's dashed button is armed; the spot is inside its crew's shown strip.
    for (let i = 0; i < 12; i++) {
      const v = await view(page);
      if (v.match.state.phase !== 'deploy') break;
      const side = v.decider!;
      const zone = v.markers.find((m) => m.kind === 'zone' && m.side === side);
      expect(zone?.rect, `${side}'s deployment strip is shown`).toBeDefined();
      const id = v.pick?.model;
      expect(id, 'a deploy pick is armed').toBeTruthy();
      const m = v.match.state.models[id!]!;
      expect(await status(page)).toBe(`Deployment: ${side} deploys ${m.card.name}`);
      await takeMouse(page);
      expect(await page.textContent('[data-testid=pick].active')).toBe(
        `Deploy ${m.card.name} (within 6" of your edge)`,
      );
      const [x, z] = SPOTS[id!]!;
      expect(insideRect(zone!.rect!, x, z, 1), `${id} at [${x}, ${z}] inside ${JSON.stringify(zone!.rect)}`).toBe(true);
      await clickTableAt(page, x, z);
      await page.waitForFunction(
        (mid) => !!(window.tabletop.playView() as PlayView<CbState>).match.state.models[mid]!.pos,
        id!,
        {
          timeout: 30_000,
        },
      );
      await waitForLogLine(
        page,
        new RegExp(`^${m.card.name} deploys [\\d.]+" from the (west|east) edge, [\\d.]+" from the (north|south) edge$`),
      );
      expect(near(await modelPos(page, id!), [x, z])).toBe(true);
    }
    const v = await view(page);
    expect(v.match.state.phase).toBe('activation');
    expect(Object.values(v.match.state.models).filter((m) => m.pos).length).toBe(12);
    await waitForLogLine(page, /^Moxie checks: .*: A is Active( \(.*\))?$/);
    expect(await status(page)).toBe('Turn 1 of 6: A is Active and activates a model');
    expect(await prompt(page)).toBe('Player A to decide');
    expect(errors).toEqual([]);
  }, 180_000);

  it('clicking a model on the canvas shows its card (name and stats) without a page error; Esc clears it; an enemy shows its own card', async () => {
    await clickModel(page, 'A.gunner-1');
    const card = await cardOf(page, 'Salvager gunner 1', errors);
    expect(card).toMatch(/\(A\.gunner-1, side A\)/);
    expect(card).toMatch(/Move 5" · Zap 4D · Grit 3D · Knack 2D · Defense 2D · Mettle 3/);
    expect(card).toMatch(/Rifle 24" · 2 dmg/);
    expect(card).toMatch(/no tokens/);
    expect(near(await cardPosition(page), SPOTS['A.gunner-1']!)).toBe(true);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });

    await clickModel(page, 'B.sniper');
    const enemy = await cardOf(page, 'Syndicate sniper', errors);
    expect(enemy).toMatch(/\(B\.sniper, side B\)/);
    expect(enemy).toMatch(/Move 4" · Zap 5D · Grit 2D · Knack 3D · Defense 2D · Mettle 3/);
    expect(enemy).toMatch(/Long rifle 36" · 1 dmg/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });
    expect(await status(page)).toBe('Turn 1 of 6: A is Active and activates a model');
    expect(errors).toEqual([]);
  });

  it('activates a model by its button; a 2" move by the dashed button and a table click: B is prompted to Snapshot and presses "No reaction"; no dice were rolled, and "Undo move" puts the model back', async () => {
    await pressChoice(page, 'Activate Salvager gunner 1 (1 Moxie, two actions)');
    await waitForLogLine(page, /^A spends 1 Moxie: Salvager gunner 1 activates$/);
    expect(await status(page)).toBe('Turn 1 of 6: A acts with Salvager gunner 1 (2 left)');
    const logAtStart = (await view(page)).match.log.length;

    await pressPick(page, 'Move Salvager gunner 1 (up to 5")');
    // Pressing the dashed button selects the model: its card shows.
    await cardOf(page, 'Salvager gunner 1', errors);
    const from = (await modelPos(page, 'A.gunner-1'))!;
    const to: [number, number] = [from[0], from[2] - 2];
    await clickTableAt(page, to[0], to[1]);
    await page.waitForSelector('.play-panel.reacting');
    expect(await prompt(page)).toBe('Player B: react?');
    const lines = await waitForLogLine(page, /^Salvager gunner 1 moves [\d.]+"$/);
    expect(Math.abs(movedInches(lines.find((l) => /moves/.test(l))!) - 2)).toBeLessThan(0.1);
    expect(lines.at(-1)).toBe('B may react: snapshot');
    expect(near(await modelPos(page, 'A.gunner-1'), to)).toBe(true);
    expect(near(await cardPosition(page), to)).toBe(true);
    await takeMouse(page);
    const snapshot = page.locator('[data-testid=choice]', {
      hasText: 'Snapshot (1 Moxie, then Stunned): Syndicate sniper shoots Salvager gunner 1 with Long rifle',
    });
    expect(await snapshot.textContent()).toMatch(/: 5D Zap against 8\+, no cover, 1 damage per success, [\d.]+"$/);

    await pressChoice(page, 'No reaction');
    await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    expect(await prompt(page)).toBe('Player A to decide');
    expect(await status(page)).toBe('Turn 1 of 6: A acts with Salvager gunner 1 (1 left)');
    const m = (await view(page)).match;
    expect(m.log.slice(logAtStart).map((e) => [e.player, e.action.type, e.rolled])).toEqual([
      ['A', 'move', 0],
      ['B', 'pass', 0],
    ]);
    expect((await logLines(page)).some((l) => /Snapshot|shoots/.test(l))).toBe(false);

    await page.click('.play-foot button:has-text("Undo move")');
    await page.waitForFunction(
      (n) => (window.tabletop.playView() as PlayView<CbState>).match.log.length === n,
      logAtStart,
      {
        timeout: 30_000,
      },
    );
    expect(await modelPos(page, 'A.gunner-1')).toEqual(from);
    // The undone move's line (and B's answer to it) leave the battle log.
    expect((await logLines(page)).some((l) => /^Salvager gunner 1 moves/.test(l))).toBe(false);
    // The card (still showing the model) gives its old place; both actions are left and the move is on offer again.
    expect(near(await cardPosition(page), [from[0], from[2]])).toBe(true);
    expect(await status(page)).toBe('Turn 1 of 6: A acts with Salvager gunner 1 (2 left)');
    await page.locator('[data-testid=pick]', { hasText: 'Move Salvager gunner 1 (up to 5")' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('moves the gunner 4.8" (B passes on the Snapshot again); the model is drawn where it was sent', async () => {
    await pressPick(page, 'Move Salvager gunner 1 (up to 5")');
    const from = (await modelPos(page, 'A.gunner-1'))!;
    const to: [number, number] = [from[0], from[2] - 4.8];
    await clickTableAt(page, to[0], to[1]);
    await page.waitForSelector('.play-panel.reacting');
    expect(await prompt(page)).toBe('Player B: react?');
    const lines = await waitForLogLine(page, /^Salvager gunner 1 moves [\d.]+"$/);
    expect(Math.abs(movedInches(lines.filter((l) => /moves/.test(l)).at(-1)!) - 4.8)).toBeLessThan(0.1);
    expect(near(await modelPos(page, 'A.gunner-1'), to)).toBe(true);
    // Clicking where the model is now drawn selects it; its card says where it stands.
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });
    await clickModel(page, 'A.gunner-1');
    await cardOf(page, 'Salvager gunner 1', errors);
    expect(near(await cardPosition(page), to)).toBe(true);

    await pressChoice(page, 'No reaction');
    await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    expect(await prompt(page)).toBe('Player A to decide');
    expect(await status(page)).toBe('Turn 1 of 6: A acts with Salvager gunner 1 (1 left)');
    expect(errors).toEqual([]);
  });

  it('shoots by the shot button; B is prompted and returns fire by its button; the log tells both shots, and the damage shows on the bases and the card', async () => {
    const shot = await pressChoice(page, 'Salvager gunner 1 shoots Syndicate sniper with Rifle');
    expect(shot).toMatch(
      /^Salvager gunner 1 shoots Syndicate sniper with Rifle: 4D Zap against 8\+, no cover, 2 damage per success, 2[01](\.\d)?"$/,
    );
    await waitForLogLine(page, /^Salvager gunner 1 shoots at Syndicate sniper$/);
    await page.waitForSelector('.play-panel.reacting');
    expect(await prompt(page)).toBe('Player B: react?');
    const back = await pressChoice(
      page,
      'Return-fire (1 Moxie, then Stunned): Syndicate sniper with Long rifle at Salvager gunner 1',
    );
    expect(back).toMatch(/: 5D Zap against 8\+, no cover, 1 damage per success, [\d.]+"$/);
    const lines = await waitForLogLine(page, /^Salvager gunner 1 takes 2 damage/);
    expect(lines).toContain('B spends 1 Moxie: Syndicate sniper reacts (return-fire)');
    // Each shot's dice, the number they need and the successes, in words.
    expect(
      lines.some((l) =>
        /^Salvager gunner 1 shoots Syndicate sniper with Rifle: Zap [\d, ]+ against 8\+: 1 success\b/.test(l),
      ),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) =>
        /^Syndicate sniper shoots Salvager gunner 1 with Long rifle: Zap [\d, ]+ against 8\+: 3 successes\b/.test(l),
      ),
      lines.join('\n'),
    ).toBe(true);
    expect(lines).toContain('Syndicate sniper takes 2 damage (2 tokens, Mettle 3)');
    expect(await page.textContent('[data-testid=dice-tray]')).toMatch(/\d/);
    await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    expect(await prompt(page)).toBe('Player A to decide');
    expect(await status(page)).toBe('Turn 1 of 6: A acts with Salvager gunner 1 (0 left)');
    // The tokens drawn on the bases: the sniper Stunned (its reaction) with 2 damage, the gunner Spent (both actions used) with 2 damage.
    const tokens = Object.fromEntries(
      (await view(page)).markers.filter((m) => m.kind === 'token').map((m) => [m.id, en(m.label)]),
    );
    expect(tokens['tokens-B.sniper']).toBe('Stunned 2 dmg');
    expect(tokens['tokens-A.gunner-1']).toBe('Spent 2 dmg');
    await page.waitForFunction(
      (want) => {
        const shown = [...document.querySelectorAll('.token-label')].map((e) => e.textContent ?? '');
        return want.every((t) => shown.includes(t));
      },
      [tokens['tokens-B.sniper']!, tokens['tokens-A.gunner-1']!],
    );
    // The gunner's card (it is still selected) lists its tokens.
    expect(await cardOf(page, 'Salvager gunner 1', errors)).toMatch(/Spent, 2 dmg$/);
    expect(errors).toEqual([]);
  });

  it('saves the battle (a download), reloads the page, loads the file by "Load game": the battle is at the same point', async () => {
    expect(await prompt(page)).toBe('Player A to decide');
    const where = await saveReloadLoad(page, 'counterblast-turn1.json', 'counterblast');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.token-label')].some((e) => e.textContent === 'Stunned 2 dmg'),
    );
    // The loaded table answers clicks: the gunner is where it moved, with its damage.
    await topView(page);
    await clickModel(page, 'A.gunner-1');
    expect(await cardOf(page, 'Salvager gunner 1', errors)).toMatch(/Spent, 2 dmg$/);
    expect(near(await cardPosition(page), [where['A.gunner-1']![0], where['A.gunner-1']![2]])).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
