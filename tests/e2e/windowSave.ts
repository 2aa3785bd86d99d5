/**
 * Saved games for the browser tests that stop at a moment a whole game by clicks may never reach: the
 * ruleset's bots play both sides headlessly with the rules (`playGame`, the shipped table and forces file)
 * until `at` says a step is the one to stop before; the save (the first save layout, which a load
 * migrates) seats side A for a person and side B for the AI, with the log up to that step.
 */
import { playGame } from '../../src/cli/headless';
import { battleTable } from '../../src/cli/soakGames';
import type { LeverStep } from '../../src/rules/engine/levers';
import { RULESETS } from '../../src/rulesetsLoaded';
import { SAVE_FORMAT_V1 } from '../../src/state/saveFile';
import { waitForFrames } from './browser';

/** `options`: the set-up options as the battle CLI takes them (`rounds=4`), or none for the defaults. */
export async function windowSave(
  rules: string,
  forces: { A: string; B: string },
  options: string | undefined,
  seed: number,
  at: (step: LeverStep<unknown>) => boolean,
): Promise<string> {
  const entry = RULESETS.find((r) => r.id === rules);
  if (!entry) throw new Error(`no ruleset ${rules}`);
  const t = await battleTable(entry, forces, options);
  let stop = -1,
    n = 0;
  const { match } = playGame(entry, t.initial, t.queries(), {
    seed,
    players: ['ai', 'ai'],
    onStep: (step) => {
      if (stop < 0 && at(step)) stop = n;
      n++;
    },
  });
  if (stop < 0) throw new Error(`${rules} seed ${seed}: the bots' game never came to the step asked for`);
  return JSON.stringify({
    format: SAVE_FORMAT_V1,
    rules,
    seats: { A: 'human', B: 'ai' },
    casualUndo: false,
    initial: match.initial,
    log: match.log.slice(0, stop),
  });
}

/**
 * Loads a saved game the way a person does (the Load game button's file chooser) and waits for its match,
 * replayed to the save's last move, to be on screen for a few frames.
 */
export async function loadGame(page: import('playwright-core').Page, text: string, name: string): Promise<void> {
  const { rules, log } = JSON.parse(text) as { rules: string; log: unknown[] };
  const version = await page.evaluate(() => window.tabletop.snapshot().sceneVersion);
  await page.setInputFiles('[data-testid=load-game-input]', {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await page.waitForFunction(
    ([n, id, moves]) => {
      const v = window.tabletop.playView();
      return window.tabletop.snapshot().sceneVersion > n && v?.rules === id && v.match.log.length === moves;
    },
    [version, rules, log.length] as const,
    { timeout: 60_000 },
  );
  await waitForFrames(page, 3);
}
