/**
 * The 3D dice tray in Chromium: the faces that land up are the values the rules rolled. A hotseat
 * rpg-attacks match (seed 4) set up through `window.tabletop`, then the initiative roll pressed on the
 * play panel as a person does; and a skirmish-ru template miss's dice line (scatter and artillery dice
 * named, as the engine logs it) sent with the other dice kinds, for the README's screenshot.
 * `diceShown()` reads each die's face from the displayed mesh's world orientation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceLabel, kindOf } from '../../src/dice3d/solids';
import type { DieShown } from '../../src/state/automation';
import type { RolledDie } from '../../src/state/eventQueue';
import { launch, nextFrames, openApp, shot } from './browser';

/** Waits for the tray to finish the current roll's throw and returns what it shows and what was rolled. */
async function settled(page: Page): Promise<{ shown: DieShown[]; rolled: RolledDie[] }> {
  await page.waitForFunction(() => (window.tabletop.diceShown()?.length ?? 0) > 0, null, { timeout: 60_000 });
  return page.evaluate(() => ({ shown: window.tabletop.diceShown()!, rolled: window.tabletop.currentRoll() }));
}

/** Every die the tray throws shows its rolled value, read from the mesh, flat on the tray. */
function expectShowsRoll(shown: DieShown[], rolled: RolledDie[]): void {
  const thrown = rolled.filter((d) => kindOf(d.sides, d.name) !== null);
  expect(thrown.length).toBeGreaterThan(0);
  expect(shown.map((d) => [d.kind, d.sides, d.shownValue])).toEqual(
    thrown.map((d) => [kindOf(d.sides, d.name), d.sides, d.value]),
  );
  for (const d of shown) {
    expect(d.shown).toBe(faceLabel(d.kind as never, d.rolled));
    expect(d.up).toBeGreaterThan(0.9);
  }
}

describe('3D dice in the tray beside the table', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openApp(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('rpg-attacks hotseat (seed 4): pressing "Roll initiative" throws the d20s, which land showing the rolled values', async () => {
    const started = await page.evaluate(() =>
      window.tabletop.startMatch({ rules: 'rpg-attacks', seed: 4, seats: { A: 'human', B: 'human' } }),
    );
    expect(started).toEqual({ ok: true });
    await page.locator('[data-testid=choice]', { hasText: 'Roll initiative' }).first().click();
    const { shown, rolled } = await settled(page);
    expect(rolled.every((d) => d.sides === 20)).toBe(true);
    expectShowsRoll(shown, rolled);
    expect(errors).toEqual([]);
  });

  it('Skip jumps a throw (at speed 0.5) to its last frame, on the faces rolled', async () => {
    await page.selectOption('.log-panel select', '0.5');
    await page.evaluate(() =>
      window.tabletop.playEvents([
        {
          type: 'dice-rolled',
          text: 'B rolled 3, 9 (2d10)',
          dice: [
            [10, 3],
            [10, 9],
          ],
        },
      ]),
    );
    await page.waitForFunction(() => window.tabletop.diceTrayStatus()?.state === 'playing', null, { timeout: 60_000 });
    // Skip stays pressable while the tray plays, though the dice line's own queue slot is over.
    await page.click('[data-testid=skip]');
    await page.waitForFunction(() => window.tabletop.diceTrayStatus()?.state === 'done', null, { timeout: 60_000 });
    expect(await page.evaluate(() => window.tabletop.diceTrayStatus())).toMatchObject({ skipped: true, dice: 2 });
    expect(await page.isDisabled('[data-testid=skip]')).toBe(true);
    const { shown, rolled } = await settled(page);
    expectShowsRoll(shown, rolled);
    await page.selectOption('.log-panel select', '1');
  });

  it('a template miss: the scatter die shows HIT or an arrow and the artillery die the inches or MISFIRE rolled', async () => {
    await page.evaluate(() =>
      window.tabletop.playEvents([
        { type: 'shot', text: 'Лёха Огонь misses with the flamer', shooter: 'x', target: 'y', hit: false },
        {
          type: 'dice-rolled',
          text: 'A rolled 4, 3, 1, 5 (4d6), 7 (d10), 18 (d20), 2 (d6)',
          dice: [
            [6, 4],
            [6, 3],
            [6, 1],
            [6, 5],
            [10, 7],
            [20, 18],
            [6, 2],
          ],
          names: [null, null, 'scatter', 'artillery', null, null, null],
          player: 'A',
        },
      ]),
    );
    await page.evaluate(() => window.tabletop.viewDiceTray());
    const { shown, rolled } = await settled(page);
    expectShowsRoll(shown, rolled);
    expect(shown.map((d) => d.shown)).toEqual(['4', '3', 'HIT', '10', '7', '18', '2']);
    await nextFrames(page, 3);
    await shot(page, 'dice-tray');
    expect(errors).toEqual([]);
  });
});
