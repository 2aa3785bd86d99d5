/**
 * Playing BLKOUT in Chromium: a solo match started from the play panel, set up by clicking the
 * table (a hardpoint, then every model), against the AI until the first activation is the human's;
 * and a hotseat game loaded from a save where a shot opens the other player's reaction prompt,
 * answered by pressing its button. Screenshots are written for the README.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlayView } from '../../src/state/play';
import type { BlkoutState } from '../../src/rules/blkout/game';
import { clickTable, launch, nextFrames, openApp, shot, waitForFrames } from './browser';
import { duelSave } from './duel';
import { takeMouse } from './person';

const view = (page: Page): Promise<PlayView<BlkoutState>> =>
  page.evaluate(() => window.tabletop.playView() as PlayView<BlkoutState>);

describe('playing BLKOUT in Chromium', () => {
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

  it('solo (seed 2): start from the panel, place a hardpoint and deploy by clicking the table, the AI answers, the human gets the activation choices', async () => {
    await page.click('[data-testid=play-open]');
    // The group builder shows each chosen card; a bad card file is refused naming the field and value.
    await page.click('[data-testid=force-A] details.cards summary');
    expect(await page.textContent('[data-testid=card-hfr-assault-team]')).toMatch(
      /Move 6" · Skill 4\+ · Armour 1\/6.*FAL-32C\s*24"/,
    );
    const bad = JSON.stringify({
      format: 'blkout-units/1',
      factions: [{ id: 'x', name: 'X', color: '#000000', forceRule: { id: 'r', text: 't' } }],
      units: [{ id: 'u', faction: 'x', role: 'force', name: 'U', move: -1 }],
    });
    await page.setInputFiles('[data-testid=forces-input]', {
      name: 'my-cards.json',
      mimeType: 'application/json',
      buffer: Buffer.from(bad),
    });
    await page.waitForSelector('.play-panel .problem');
    expect(await page.textContent('.play-panel .problem')).toMatch(/my-cards\.json.*units\[0\]/);
    await page.selectOption('[data-testid=seat-B]', 'ai');
    await page.fill('[data-testid=seed]', '2');
    await page.click('[data-testid=start-match]');
    await page.waitForFunction(() => window.tabletop.playView() !== null, null, { timeout: 60_000 });
    await waitForFrames(page, 5);
    expect(await page.textContent('[data-testid=play-status]')).toMatch(/A places a hardpoint/);
    await page.evaluate(() => window.tabletop.setCameraMode('top'));
    await nextFrames(page, 3);

    // Too near the edge: refused, and the notice says why.
    await clickTable(page, 2, 2);
    expect(await page.textContent('.notice')).toMatch(/edge/);
    expect((await view(page)).match.state.hardpoints).toHaveLength(0);
    await clickTable(page, 12, 12);
    const placed = (await view(page)).match.state.hardpoints[0]!;
    expect(Math.hypot(placed.x - 12, placed.z - 12)).toBeLessThan(0.3);

    // The AI places the other hardpoint; whoever wins the roll-off picks an edge (the human takes south, nearest the player; the AI as B takes north).
    await page.waitForFunction(
      () => {
        const v = window.tabletop.playView() as PlayView<BlkoutState>;
        return v.decider === 'A' || v.match.state.phase === 'deploy';
      },
      null,
      { timeout: 60_000 },
    );
    if ((await view(page)).match.state.phase === 'edge')
      await page.click('[data-testid=choice]:has-text("south edge")');
    await page.waitForFunction(
      () => {
        const v = window.tabletop.playView() as PlayView<BlkoutState>;
        return v.decider === 'A' && v.match.state.phase === 'deploy';
      },
      null,
      { timeout: 60_000 },
    );

    // Deploy every model by clicking spots inside the human's 4" strip.
    const edge = (await view(page)).match.state.edges.A!;
    // North is z = 0 (the far side), south z = 36 (nearest the player).
    const spot = (t: number): [number, number] =>
      edge === 'north' ? [t, 1.7] : edge === 'south' ? [t, 34.3] : edge === 'west' ? [1.7, t] : [34.3, t];
    let t = 2.5;
    for (let i = 0; i < 40; i++) {
      const v = await view(page);
      if (v.match.state.phase !== 'deploy' || v.decider !== 'A') break;
      const [x, z] = spot(t);
      t += 1.6;
      await clickTable(page, x, z);
    }
    const deployed = Object.values((await view(page)).match.state.models).filter((m) => m.player === 'A' && m.pos);
    expect(deployed.length).toBe(
      Object.values((await view(page)).match.state.models).filter((m) => m.player === 'A').length,
    );

    // The AI deploys and plays its activations; then it is the human's decision with buttons to press.
    await page.waitForFunction(
      () => {
        const v = window.tabletop.playView() as PlayView<BlkoutState>;
        return v.match.state.phase === 'execution' && v.decider === 'A';
      },
      null,
      { timeout: 90_000 },
    );
    await page.waitForSelector('[data-testid=choice]');
    const labels = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
    expect(labels.some((l) => /^Activate |Pass|Counter EWAR|returns fire|Juke/.test(l))).toBe(true);
    expect(await page.textContent('[data-testid=score]')).toMatch(/Harlow strike group.*3 CP/);
    await page.evaluate(() => window.tabletop.setCameraMode('orbit'));
    await nextFrames(page, 5);
    await shot(page, 'play-solo');
    expect(errors).toEqual([]);
  });

  it('hotseat: a loaded game where A shoots; B is prompted to react, returns fire by pressing its button, and both shots are animated and logged', async () => {
    // A1.0 and B1.0 10" apart in the open; A2.0 and B2.0 out of the way (a save in the first layout, migrated on load).
    expect(await page.evaluate((text) => window.tabletop.loadGame(text, 'duel.json'), duelSave())).toEqual({
      ok: true,
    });
    await waitForFrames(page, 3);
    await page.waitForSelector('.play-panel.reacting');
    // A loaded hotseat game: B takes the mouse first.
    expect(await takeMouse(page)).toBe(true);
    expect(await page.textContent('.play-panel .prompt')).toBe('Player B: react?');
    // The table draws the attacker → target line for the player reacting.
    expect((await view(page)).reactionLine).toEqual(['A1.0', 'B1.0']);
    const returnFire = page.locator('[data-testid=choice]', { hasText: 'returns fire at Assault Team 1 with AKMZ-2' });
    expect(await returnFire.textContent()).toMatch(/no cover.*D10/);
    // Hovering the button rings the models it names: the returner and its target.
    await returnFire.hover();
    expect([...(await page.evaluate(() => window.tabletop.snapshot().highlight))].sort()).toEqual(['A1.0', 'B1.0']);
    await shot(page, 'play-reaction');
    await returnFire.click();
    expect(await page.evaluate(() => window.tabletop.snapshot().highlight)).toEqual([]);
    await page.waitForFunction(
      () => window.tabletop.eventLog().lines.some((l) => /returns fire at Assault Team/.test(l)),
      null,
      { timeout: 30_000 },
    );
    const lines = (await page.evaluate(() => window.tabletop.eventLog())).lines;
    expect(lines.some((l) => /Assault Team 1 shoots Bratva Team/.test(l))).toBe(true);
    // The shots play as animations (the queue drains as the scene draws them).
    await page.waitForFunction(() => window.tabletop.eventLog().queued === 0, null, { timeout: 30_000 });
    expect((await view(page)).match.log).toHaveLength(4);
    expect(errors).toEqual([]);
  });
});
