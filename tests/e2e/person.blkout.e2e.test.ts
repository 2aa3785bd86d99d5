/**
 * A person plays BLKOUT hotseat (both seats Human, seed 3) with the mouse and the keyboard only:
 * set-up from the panel's controls, both hardpoints and every model of both sides placed by
 * clicking the table, the edge chosen by its button; a model clicked on the canvas shows its card
 * (the click that once blanked the page, React #185); a move by a dashed button and a table click,
 * taken back with "Undo move"; a move that B may overwatch (B passes); a shot that B answers with
 * Return Fire; then "Save game", a page reload and "Load game". After each step the test checks
 * what a player sees: the card, the model where it was sent, the log line, the prompt.
 *
 * `window.tabletop` is used only to read (playView, snapshot, projectToScreen, frames); the top view
 * is the T key. Seed 3: A wins the deployment roll-off (10-5), so A deploys first and
 * has the initiative; A's Assault Team 1 and B's Bratva Team 1 are deployed in the open on the
 * east side (x = 34), so after a 5.8" move they are 22" apart with nothing between them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayView } from '../../src/state/play';
import type { BlkoutState } from '../../src/rules/blkout/game';
import { launch, nextFrames, openApp, shot, waitForFrames } from './browser';
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

const SEED = 3;
const view = (page: Page) => playView<PlayView<BlkoutState>>(page);
/** A base of 25 mm: its radius in inches. */
const RADIUS = 25 / 25.4 / 2;

/** Where each model is deployed: A on the north edge (z = 0, the far side), B on the south; the shooter and its target in the open at x = 34. */
function deploySpot(id: string, order: number): [number, number] {
  if (id === 'A1.0') return [34, 3.3];
  if (id === 'B1.0') return [34, 32.7];
  return id.startsWith('A') ? [2 + order * 2.2, 1.8] : [2 + order * 2.2, 34.2];
}

/** The BURN hand lines of the score table, A's then B's. */
const hands = (page: Page) =>
  page.$$eval('[data-testid=score] tr.hand td', (tds) => tds.map((t) => t.textContent ?? ''));

const near = (a: readonly number[] | null, b: readonly number[], tol = 0.1) =>
  a !== null && Math.hypot(a[0]! - b[0]!, a[a.length - 1]! - b[b.length - 1]!) < tol;

describe('a person plays BLKOUT hotseat with clicks, buttons and keys', () => {
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

  it(`sets up from the panel (both seats Human, seed ${SEED}), places the hardpoints, picks the edge by its button, and deploys every model of both sides by clicking inside the shown strips`, async () => {
    await hotseatSetup(page, 'blkout', SEED);
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView() !== null, null, { timeout: 60_000 });
    await waitForFrames(page, 5);
    expect((await view(page)).seats).toEqual({ A: 'human', B: 'human' });
    expect(await page.textContent('[data-testid=play-status]')).toBe('Set-up: A places a hardpoint (0 of 2)');
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');
    // The only thing to do is place a hardpoint: its dashed button is already armed.
    await takeMouse(page);
    expect(await page.textContent('[data-testid=pick].active')).toMatch(/^Place a hardpoint/);
    await topView(page);

    await clickTableAt(page, 12, 18);
    // Said in inches from the edges, never as raw coordinates.
    await waitForLogLine(
      page,
      /^A places hardpoint 1 12(\.\d)?" from the west edge, 18(\.\d)?" from the (north|south) edge$/,
    );
    expect(await page.textContent('[data-testid=play-status]')).toBe('Set-up: B places a hardpoint (1 of 2)');
    // Control passed to the other human: a curtain hides B's choices and hand until B takes the mouse.
    expect(await page.textContent('[data-testid=curtain]')).toMatch(/^Player B: take the mouse/);
    expect(await page.isVisible('[data-testid=choices]')).toBe(false);
    for (const hand of await hands(page)) expect(hand).toMatch(/^BURN: \d+ cards?$/);
    await shot(page, 'hotseat-curtain');
    expect(await takeMouse(page)).toBe(true);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B to decide');
    await clickTableAt(page, 24, 18);
    await waitForLogLine(page, /^deployment roll-off 10-5: A deploys first$/);
    const hardpoints = (await view(page)).match.state.hardpoints;
    expect(hardpoints).toHaveLength(2);
    expect(near([hardpoints[0]!.x, hardpoints[0]!.z], [12, 18])).toBe(true);
    expect(near([hardpoints[1]!.x, hardpoints[1]!.z], [24, 18])).toBe(true);
    expect(await page.textContent('[data-testid=play-status]')).toBe(
      'Set-up: A won the deployment roll and picks an edge',
    );

    // The edges are named as the screen shows them; A takes the far (north) edge here.
    await takeMouse(page);
    expect(await page.textContent('[data-testid=choices]')).toContain('Deploy on the south edge (nearest you)');
    await pressChoice(page, 'Deploy on the north edge');
    await waitForLogLine(page, /^A deploys on the north edge \(far side\), B on the south edge \(nearest you\)$/);
    expect(await page.textContent('[data-testid=play-status]')).toBe('Deployment: A deploys');

    // One click per model: the next model's dashed button is armed; the spot is inside its side's shown strip.
    const order: Record<string, number> = { A: 0, B: 0 };
    for (let i = 0; i < 28; i++) {
      const v = await view(page);
      if (v.match.state.phase !== 'deploy') break;
      const side = v.decider!;
      const zone = v.markers.find((m) => m.kind === 'zone' && m.side === side);
      expect(zone?.rect, `${side}'s deployment strip is shown`).toBeDefined();
      const id = v.pick?.model;
      expect(id, 'a deploy pick is armed').toBeTruthy();
      const name = v.match.state.models[id!]!.name;
      await takeMouse(page);
      expect(await page.textContent('[data-testid=pick].active')).toBe(`Deploy ${name} (within 4" of your edge)`);
      const [x, z] = deploySpot(id!, order[side]!);
      if (id !== 'A1.0' && id !== 'B1.0') order[side]! += 1;
      expect(insideRect(zone!.rect!, x, z, RADIUS), `${id} at [${x}, ${z}] inside ${JSON.stringify(zone!.rect)}`).toBe(
        true,
      );
      await clickTableAt(page, x, z);
      await page.waitForFunction(
        (mid) => (window.tabletop.playView() as PlayView<BlkoutState>).match.state.models[mid]!.pos !== null,
        id!,
        {
          timeout: 30_000,
        },
      );
      await waitForLogLine(
        page,
        // A name may hold parentheses ("Handler (A)": both sides have a Handler).
        new RegExp(
          `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} deploys [\\d.]+" from the (west|east) edge, [\\d.]+" from the (north|south) edge$`,
        ),
      );
      expect(near(await modelPos(page, id!), [x, z])).toBe(true);
    }
    const v = await view(page);
    expect(v.match.state.phase).toBe('execution');
    expect(Object.values(v.match.state.models).filter((m) => m.pos).length).toBe(28);
    await waitForLogLine(page, /^A deployed first and has the initiative$/);
    expect(await page.textContent('[data-testid=play-status]')).toBe('Round 1 of 5: A activates a unit');
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');
    // BURN hands are secret at one screen: A (deciding) sees its own cards, B's only as a count.
    await takeMouse(page);
    const [handA, handB] = await hands(page);
    expect(handA).toMatch(/^BURN: (?!\d+ card)\w/);
    expect(handB).toBe('BURN: 3 cards');
    expect(errors).toEqual([]);
  }, 240_000);

  it('clicking a model on the canvas shows its card (name and stats) without a page error; Esc clears it; an enemy shows its own card', async () => {
    await clickModel(page, 'A1.0');
    const card = await cardOf(page, 'Assault Team 1', errors);
    expect(card).toMatch(/\(A1\.0, side A\)/);
    expect(card).toMatch(/Move 6" · Skill 4\+? · Armour 1\/6/);
    expect(card).toMatch(/FAL-32C 24" · 1 dmg · CQB/);
    expect(near(await cardPosition(page), [34, 3.3])).toBe(true);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });

    await clickModel(page, 'B1.0');
    const enemy = await cardOf(page, 'Bratva Team 1', errors);
    expect(enemy).toMatch(/\(B1\.0, side B\)/);
    expect(enemy).toMatch(/Move 6" · Skill 4\+? · Armour 1\/4/);
    expect(enemy).toMatch(/AKMZ-2 24" · 1 dmg · Medium/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });
    // The page is still whole: the play panel and the canvas are there.
    expect(await page.textContent('[data-testid=play-status]')).toBe('Round 1 of 5: A activates a unit');
    expect(errors).toEqual([]);
  });

  it('activates a unit by its button; a 2" move by the dashed button and a table click rolls no dice, and "Undo move" puts the model back', async () => {
    await pressChoice(page, 'Activate Assault Team');
    await waitForLogLine(page, /^Assault Team \(A\) activates$/);
    expect(await page.textContent('[data-testid=play-status]')).toBe('Round 1 of 5: Assault Team repositions');

    const label = await pressPick(page, 'Move Assault Team 2');
    expect(label).toBe('Move Assault Team 2 (up to 6")');
    // Pressing the dashed button selects the model: its card shows, and the hint says to click the table.
    await cardOf(page, 'Assault Team 2', errors);
    expect(await page.textContent('[data-testid=pick-hint]')).toMatch(
      /^Move Assault Team 2 \(up to 6"\): click the table/,
    );
    await nextFrames(page, 3);
    await shot(page, 'play-move');
    const from = (await modelPos(page, 'A1.1'))!;
    const to: [number, number] = [from[0], from[2] + 2];
    const logBefore = (await view(page)).match.log.length;
    await clickTableAt(page, to[0], to[1]);
    await page.waitForFunction(
      (n) => (window.tabletop.playView() as PlayView<BlkoutState>).match.log.length === n,
      logBefore + 1,
      {
        timeout: 30_000,
      },
    );
    const moveLine = (await waitForLogLine(page, /^Assault Team 2 moves [\d.]+"$/)).at(-1)!;
    expect(Math.abs(Number(/moves ([\d.]+)"/.exec(moveLine)![1]) - 2)).toBeLessThan(0.1);
    expect(near(await modelPos(page, 'A1.1'), to)).toBe(true);
    expect(near(await cardPosition(page), to)).toBe(true);
    const moved = (await view(page)).match;
    expect(moved.log.at(-1)).toMatchObject({ player: 'A', action: { type: 'move', model: 'A1.1' }, rolled: 0 });
    // A move of no more than half its Move: no one may overwatch, it stays A's decision.
    expect(moved.window).toBeNull();
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');

    await page.click('.play-foot button:has-text("Undo move")');
    await page.waitForFunction(
      (n) => (window.tabletop.playView() as PlayView<BlkoutState>).match.log.length === n,
      logBefore,
      {
        timeout: 30_000,
      },
    );
    expect(await modelPos(page, 'A1.1')).toEqual(from);
    // The undone move's line leaves the battle log.
    expect((await logLines(page)).some((l) => /^Assault Team 2 moves/.test(l))).toBe(false);
    // The card (still showing the model) gives its old place, and its move is on offer again.
    expect(near(await cardPosition(page), [from[0], from[2]])).toBe(true);
    await page.locator('[data-testid=pick]', { hasText: 'Move Assault Team 2 (up to 6")' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('moves Assault Team 1 5.8" towards the enemy; B is prompted (Overwatch) and passes by its button; the model is where it was sent', async () => {
    await pressPick(page, 'Move Assault Team 1');
    const from = (await modelPos(page, 'A1.0'))!;
    const to: [number, number] = [from[0], from[2] + 5.8];
    await clickTableAt(page, to[0], to[1]);
    await page.waitForSelector('.play-panel.reacting');
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B: react?');
    // B decides now: B's hand shows and A's is a count.
    await takeMouse(page);
    const [handA, handB] = await hands(page);
    expect(handA).toBe('BURN: 3 cards');
    expect(handB).toMatch(/^BURN: (?!\d+ card)\w/);
    const lines = await waitForLogLine(page, /^Assault Team 1 moves [\d.]+"$/);
    const moveLine = lines.find((l) => l.startsWith('Assault Team 1 moves'))!;
    expect(Math.abs(Number(/moves ([\d.]+)"/.exec(moveLine)![1]) - 5.8)).toBeLessThan(0.1);
    expect(lines.at(-1)).toMatch(/^B may react: overwatch/);
    expect(near(await modelPos(page, 'A1.0'), to)).toBe(true);
    await takeMouse(page);
    const overwatch = page.locator('[data-testid=choice]', {
      hasText: 'Bratva Team 1 overwatches Assault Team 1 with AKMZ-2',
    });
    expect(await overwatch.textContent()).toMatch(/no cover \(.*\), 3D10$/);
    // The model is drawn at its new place: clicking there selects it and its card says where it stands.
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=model-panel]', { state: 'detached' });
    await clickModel(page, 'A1.0');
    await cardOf(page, 'Assault Team 1', errors);
    expect(near(await cardPosition(page), to)).toBe(true);

    await pressChoice(page, 'Pass (no reaction)');
    await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');
    expect((await view(page)).match.log.at(-1)).toMatchObject({ player: 'B', action: { type: 'pass' }, rolled: 0 });
    expect((await logLines(page)).some((l) => /overwatches/.test(l))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shoots by the shot button; B is prompted, returns fire by its button, then takes the damage; the log tells the outcome', async () => {
    await pressChoice(page, 'Done repositioning: to actions');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=play-status]')?.textContent === 'Round 1 of 5: Assault Team acts',
    );
    const shot = await pressChoice(page, 'Assault Team 1 shoots Bratva Team 1');
    expect(shot).toMatch(
      /^Assault Team 1 shoots Bratva Team 1 with FAL-32C: no cover \(less than half hidden by terrain or vehicles\), 3D10$/,
    );
    await waitForLogLine(page, /^Assault Team 1 declares a shot at Bratva Team 1 with FAL-32C$/);
    await page.waitForSelector('.play-panel.reacting');
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B: react?');
    const back = await pressChoice(page, 'Bratva Team 1 returns fire at Assault Team 1 with AKMZ-2');
    expect(back).toMatch(/no cover \(.*\), 3D10$/);
    const lines = await waitForLogLine(page, /^Bratva Team 1 returns fire at Assault Team 1 with AKMZ-2/);
    expect(lines.some((l) => /^Assault Team 1 shoots Bratva Team 1 with FAL-32C/.test(l))).toBe(true);
    // The successes are explained: the dice, the number they need, the count and why a 10 counts twice.
    expect(
      lines.some((l) =>
        /^Assault Team 1 shoots: [\d, ()a-z-]+ against \d\+: 4 successes(, (the|each) 10 counts? twice)?$/.test(l),
      ),
      lines.join('\n'),
    ).toBe(true);
    expect(await page.textContent('[data-testid=dice-tray]')).toMatch(/\d/);
    // Four damage coming: B may play a BURN card first; B takes it instead.
    await page.waitForSelector('.play-panel.reacting');
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B: react?');
    await pressChoice(page, 'Take the damage (no card)');
    const after = await waitForLogLine(page, /^Bratva Team 1 is destroyed$/);
    expect(after).toContain('Bratva Team 1 takes 4 damage');
    expect(after.at(-1)).toBe('Bratva Team 1 is destroyed before its shot lands');
    await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');
    // The destroyed model is gone from the table.
    expect(await modelPos(page, 'B1.0')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('sprints Assault Team 2 and leans out by its dashed button and two table clicks: the marker stands beside the base', async () => {
    await takeMouse(page);
    const label = await pressPick(page, 'Sprint Assault Team 2 and lean out');
    expect(label).toBe('Sprint Assault Team 2 and lean out (up to 5", then its marker beside the base)');
    const from = (await modelPos(page, 'A1.1'))!;
    const to: [number, number] = [from[0], from[2] + 3];
    await clickTableAt(page, to[0], to[1]);
    await waitForLogLine(page, /^Assault Team 2 sprints [\d.]+" to lean out$/);
    expect(near(await modelPos(page, 'A1.1'), to)).toBe(true);
    // The marker is all that is left to do: its pick is armed, and a click beside the base places it.
    await takeMouse(page);
    expect(await page.textContent('[data-testid=pick].active')).toMatch(/Assault Team 2/);
    const beside: [number, number] = [to[0] + 25 / 25.4 + 0.02, to[1]];
    await clickTableAt(page, beside[0], beside[1]);
    await waitForLogLine(page, /^Assault Team 2 leans out$/);
    const marker = (await view(page)).match.state.models['A1.1']!.leanOut;
    expect(near(marker, beside)).toBe(true);
    // The Sprint is complete: B may answer it (Overwatch); B passes.
    if (await page.$('.play-panel.reacting')) {
      await takeMouse(page);
      await pressChoice(page, 'Pass (no reaction)');
      await page.waitForSelector('.play-panel.reacting', { state: 'detached' });
    }
    expect(errors).toEqual([]);
  });

  it('saves the game (a download), reloads the page, loads the file by "Load game": the match is at the same point', async () => {
    await takeMouse(page);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player A to decide');
    const where = await saveReloadLoad(page, 'blkout-round1.json', 'blkout');
    // The loaded table answers clicks: Assault Team 1 is where it was moved.
    await topView(page);
    await clickModel(page, 'A1.0');
    await cardOf(page, 'Assault Team 1', errors);
    expect(near(await cardPosition(page), [where['A1.0']![0], where['A1.0']![2]])).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
