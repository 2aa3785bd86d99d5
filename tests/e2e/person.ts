/**
 * Helpers for the browser tests that play like a person: every move is a mouse click on the
 * canvas (at a model's or a table point's projected position), a button press or a key. The
 * automation API (`window.tabletop`) is used only to read what the app shows (the play view, the
 * scene snapshot, the projection of a table point, the frame count); the top view is the T key.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PlayView } from '../../src/state/play';
import { downloaded, nextFrames, project, waitForFrames } from './browser';

/** The match panel's view, as the page holds it. */
export const playView = <V extends PlayView = PlayView>(page: Page): Promise<V> =>
  page.evaluate(() => window.tabletop.playView() as V);

/** Puts the camera in the top view with the T key (as a person does) and waits for it to be drawn. */
export async function topView(page: Page): Promise<void> {
  if ((await page.evaluate(() => window.tabletop.snapshot().view.cameraMode)) !== 'top') await page.keyboard.press('t');
  await page.waitForFunction(() => window.tabletop.snapshot().view.cameraMode === 'top');
  await nextFrames(page, 3);
}

/** Where a model stands now ([x, y, z] of its base centre, inches), from the scene snapshot; null when it is not on the table. */
export async function modelPos(page: Page, id: string): Promise<[number, number, number] | null> {
  return page.evaluate(
    (mid) => window.tabletop.snapshot().scene.models?.find((m) => m.id === mid)?.position ?? null,
    id,
  );
}

/** Every model on the table, id to position. */
export async function positions(page: Page): Promise<Record<string, [number, number, number]>> {
  return page.evaluate(() =>
    Object.fromEntries((window.tabletop.snapshot().scene.models ?? []).map((m) => [m.id, m.position])),
  );
}

/** The canvas's top-left corner on the page (projectToScreen answers in canvas pixels). */
async function canvasOrigin(page: Page): Promise<{ x: number; y: number }> {
  const box = await (await page.$('canvas'))!.boundingBox();
  if (!box) throw new Error('the canvas is not on the page');
  return { x: box.x, y: box.y };
}

/** Clicks the canvas where a table point (inches) is drawn, after the current camera has been drawn. */
export async function clickPoint(page: Page, point: [number, number, number]): Promise<void> {
  await takeMouse(page);
  await nextFrames(page, 2);
  const o = await canvasOrigin(page);
  const s = await project(page, point);
  await page.mouse.click(o.x + s.x, o.y + s.y);
  // The rules answer from a worker: wait for the answer, as a player waits to see the click take effect.
  await page.evaluate(() => window.tabletop.engineIdle?.());
}

/** Clicks the table surface at (x, 0, z). */
export const clickTableAt = (page: Page, x: number, z: number): Promise<void> => clickPoint(page, [x, 0, z]);

/** Clicks a model where it is drawn: its base centre raised to half its height. */
export async function clickModel(page: Page, id: string): Promise<void> {
  const m = await page.evaluate(
    (mid) => window.tabletop.snapshot().scene.models?.find((x) => x.id === mid) ?? null,
    id,
  );
  if (!m) throw new Error(`no model ${id} on the table`);
  // A model still walking its move animation is drawn short of its place: wait until it is drawn there.
  await page.waitForFunction(
    ([mid, p]) => {
      const d = window.tabletop.drawnPosition(mid);
      return d !== null && Math.hypot(d[0] - p[0], d[2] - p[2]) < 0.05;
    },
    [id, m.position] as const,
  );
  await clickPoint(page, [m.position[0], m.position[1] + m.height / 2, m.position[2]]);
}

/**
 * The model card's text, once it shows the named model. When it does not come, the failure names
 * the page errors collected so far (a crash blanks the page and the card never shows).
 */
export async function cardOf(page: Page, name: string, errors: readonly string[]): Promise<string> {
  try {
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=model-panel] h2')?.textContent?.startsWith(`${n} (`) ?? false,
      name,
      { timeout: 20_000 },
    );
  } catch (e) {
    throw new Error(
      `the card of ${name} did not show (${(e as Error).message.split('\n')[0]}); page errors: ${JSON.stringify(errors)}`,
      { cause: e },
    );
  }
  return (await page.textContent('[data-testid=model-panel]')) ?? '';
}

/** The position the model card shows ("x 4.2", z 1.8""), as numbers. */
export async function cardPosition(page: Page): Promise<[number, number]> {
  const text = (await page.textContent('[data-testid=model-panel]')) ?? '';
  const m = /x (-?[\d.]+)", z (-?[\d.]+)"/.exec(text);
  if (!m) throw new Error(`the model card shows no position: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

/** The battle log's lines as shown (the whole game; the panel scrolls). */
export async function logLines(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=log-panel] .log-lines li', (lis) => lis.map((li) => li.textContent ?? ''));
}

/** Waits until the battle log panel shows a line matching the pattern; returns the shown lines. */
export async function waitForLogLine(page: Page, pattern: RegExp, timeout = 30_000): Promise<string[]> {
  await page.waitForFunction(
    ([source, flags]) =>
      [...document.querySelectorAll('[data-testid=log-panel] .log-lines li')].some((li) =>
        new RegExp(source, flags).test(li.textContent ?? ''),
      ),
    [pattern.source, pattern.flags] as const,
    { timeout },
  );
  return logLines(page);
}

/**
 * With two humans at one screen, the curtain asks the next player to take the mouse: they click it
 * (nothing of theirs shows until then). Does nothing when no curtain is up.
 */
export async function takeMouse(page: Page): Promise<boolean> {
  const curtain = page.locator('[data-testid=curtain]');
  if (!(await curtain.isVisible())) return false;
  expect(await curtain.textContent()).toMatch(/^Player [AB]: take the mouse/);
  await page.click('[data-testid=take-mouse]');
  await curtain.waitFor({ state: 'detached', timeout: 10_000 });
  return true;
}

/**
 * Presses the choice button whose label contains the text (exactly one must), taking the mouse
 * first when the curtain is up and opening the fold it sits under (drills, armoury, cards, split fire).
 */
export async function pressChoice(page: Page, text: string): Promise<string> {
  await takeMouse(page);
  const button = page.locator('[data-testid=choice]', { hasText: text });
  expect(await button.count(), `one choice button "${text}"`).toBe(1);
  const label = (await button.textContent()) ?? '';
  if (!(await button.isVisible())) await button.locator('xpath=ancestor::details[1]/summary').click();
  await button.click();
  await page.evaluate(() => window.tabletop.engineIdle?.());
  return label;
}

/** Presses the dashed pick button whose label contains the text, and waits until it is the armed one. */
export async function pressPick(page: Page, text: string): Promise<string> {
  await takeMouse(page);
  const button = page.locator('[data-testid=pick]', { hasText: text });
  expect(await button.count(), `one pick button "${text}"`).toBe(1);
  const label = (await button.textContent()) ?? '';
  if (!(await button.isVisible())) await button.locator('xpath=ancestor::details[1]/summary').click();
  await button.click();
  await page.locator('[data-testid=pick].active', { hasText: text }).waitFor({ timeout: 10_000 });
  return label;
}

/** Opens the set-up panel, chooses the ruleset, Human for both seats, and the seed. */
export async function hotseatSetup(page: Page, rules: string, seed: number): Promise<void> {
  await page.click('[data-testid=play-open]');
  await page.click(`[data-testid=ruleset-${rules}]`);
  for (const seat of ['[data-testid=seat-A]', '[data-testid=seat-B]']) await page.selectOption(seat, 'human');
  await page.fill('[data-testid=seed]', String(seed));
}

/** Presses "Save game" and returns the downloaded file's name and text. */
export async function saveGame(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click('.play-foot button:has-text("Save game")'),
  ]);
  const path = await downloaded(file);
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Loads a saved game through the "Load game" button's file input (in the match panel, or "Load game…" under the set-up panels before a match). */
export async function loadGame(page: Page, name: string, text: string): Promise<void> {
  await page.setInputFiles('[data-testid=load-game-input]', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
}

/** Whether a point lies inside a marker's rectangle [x0, z0, x1, z1], the base's radius inside its edges. */
export function insideRect(rect: [number, number, number, number], x: number, z: number, margin: number): boolean {
  return x - margin >= rect[0] && x + margin <= rect[2] && z - margin >= rect[1] && z + margin <= rect[3];
}

/**
 * Saves the game by its button (a download), reloads the page, and loads the file through "Load
 * game…" before any match; checks that the file is the saved game (`name`, `rules`, hotseat seats, the
 * whole log), that the load says so, and that the battle log, the state, the status line, the prompt,
 * the choices and the models' places are what they were. Returns the positions, for further checks.
 */
export async function saveReloadLoad(
  page: Page,
  name: string,
  rules: string,
): Promise<Record<string, [number, number, number]>> {
  await takeMouse(page);
  const before = await playView(page);
  const status = await page.textContent('[data-testid=play-status]');
  const prompt = await page.textContent('.play-panel .prompt');
  const choices = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent));
  const where = await positions(page);
  const lines = await logLines(page);
  const saved = await saveGame(page);
  expect(saved.name).toBe(name);
  const file = JSON.parse(saved.text) as { format: string; rules: string; seats: unknown; log: unknown[] };
  expect(file).toMatchObject({ format: 'tabletop-match', version: 2, rules, seats: { A: 'human', B: 'human' } });
  expect(file.log).toHaveLength(before.match.log.length);

  await page.reload();
  await waitForFrames(page, 5);
  expect(await page.evaluate(() => window.tabletop.playView())).toBeNull();
  // Before any match, "Load game…" sits under the set-up panels.
  expect(await page.textContent('.new-matches')).toContain('Load game…');
  await loadGame(page, saved.name, saved.text);
  await page.waitForFunction((n) => window.tabletop.playView()?.match.log.length === n, before.match.log.length, {
    timeout: 60_000,
  });
  await waitForFrames(page, 3);
  // The loaded game says so and shows its whole battle log again.
  expect(await page.textContent('[data-testid=notice]')).toMatch(
    new RegExp(`^Loaded ${saved.name.replace('.', '\\.')}: ${before.match.log.length} moves replayed; `),
  );
  expect(await logLines(page)).toEqual(lines);
  const loaded = await playView(page);
  expect(loaded.match.state).toEqual(before.match.state);
  expect(loaded.seats).toEqual({ A: 'human', B: 'human' });
  expect(await page.textContent('[data-testid=play-status]')).toBe(status);
  // Loaded at one screen with two human seats: the decider takes the mouse before their choices show.
  expect(loaded.curtain).toBe(loaded.decider);
  expect(await takeMouse(page)).toBe(true);
  expect(await page.textContent('.play-panel .prompt')).toBe(prompt);
  expect(await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent))).toEqual(choices);
  expect(await positions(page)).toEqual(where);
  return where;
}

/** Waits until the match has moved on from `logLength` actions and `side` decides again (no AI thinking), or it is over. */
export async function waitForSide(page: Page, side: string, logLength: number): Promise<void> {
  await page.waitForFunction(
    ([n, who]) => {
      const v = window.tabletop.playView();
      if (!v) return false;
      return v.outcome !== null || (v.match.log.length > (n as number) && v.decider === who && !v.thinking);
    },
    [logLength, side] as const,
    { timeout: 90_000 },
  );
}

/** Clicks a model on the table (unless the action bar already carries its name) and returns the bar's choices. */
export async function focusModelBar(page: Page, id: string, name: string): Promise<string[]> {
  const named = async () =>
    (await page.evaluate(
      () => document.querySelector('[data-testid=action-bar] .action-bar-name')?.textContent ?? null,
    )) === name;
  if (!(await named())) {
    await clickModel(page, id);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=action-bar] .action-bar-name')?.textContent === n,
      name,
      { timeout: 20_000 },
    );
  }
  return page.$$eval('[data-testid=action-bar] [data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
}

/**
 * Presses the pick whose label starts with `pick` and clicks the table 3" (then 1.5") from `from` towards
 * `to`; true once a move is taken (then it waits for `side`'s next decision). A spot the rules refuse shows a
 * notice and the next, shorter one is tried.
 */
export async function moveTowards(
  page: Page,
  pick: string,
  from: readonly number[],
  to: readonly number[],
  side: string,
): Promise<boolean> {
  const dx = to[0]! - from[0]!,
    dz = to[2]! - from[2]!;
  const len = Math.hypot(dx, dz);
  for (const step of [3, 1.5]) {
    if (len < step + 1.5) continue;
    await pressPick(page, pick);
    const before = (await playView(page)).match.log.length;
    await clickTableAt(page, from[0]! + (dx / len) * step, from[2]! + (dz / len) * step);
    const moved = await page
      .waitForFunction((n) => (window.tabletop.playView()?.match.log.length ?? 0) > n, before, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (moved) {
      await waitForSide(page, side, before);
      return true;
    }
    await page.keyboard.press('Escape');
  }
  return false;
}

/** Presses the first choice button whose label contains `label` and waits for `side`'s next decision (or the end). */
export async function pressAndWait(page: Page, label: string, side: string): Promise<void> {
  const before = (await playView(page)).match.log.length;
  await page.locator('[data-testid=choice]', { hasText: label }).first().click();
  await waitForSide(page, side, before);
}

/** The nearest of some spots to `from`, by plane distance (null when there are none). */
export function nearestOf(spots: Iterable<readonly number[]>, from: readonly number[]): readonly number[] | null {
  let best: readonly number[] | null = null;
  let bestD = Infinity;
  for (const p of spots) {
    const d = Math.hypot(p[0]! - from[0]!, p[2]! - from[2]!);
    if (d < bestD) [best, bestD] = [p, d];
  }
  return best;
}

/**
 * The person picks the quickest animations in the log panel (shown once the log has a line): 4x, and the
 * AI's moves 4x where an AI plays. The tests that judge animations keep the defaults.
 */
export async function fastest(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=anim-speed]');
  await page.selectOption('[data-testid=anim-speed]', '4');
  if (await page.$('[data-testid=ai-pace]')) await page.selectOption('[data-testid=ai-pace]', '4');
}
