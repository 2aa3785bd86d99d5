/**
 * A person plays skirmish-ru solo (Ржавые Волки, Player A, against Дети Котельной run by the AI, seed
 * SEED) from the set-up to the end of a 3-round battle, with the mouse only: the ruleset, the turn order
 * and length options, the seats and the seed from the panel's controls; round 1 by clicks; then, to keep the
 * suite short, the last round from a saved game the bots played to its start, loaded by the Load game
 * button, to the end by clicks. Each activation is played by clicking a
 * fighter on the table and pressing its action bar: the first shot it offers ("4 or less on d6 — …"),
 * else a charge, else "Move <name>" and a click on the table 3" towards the nearest enemy (then a shot
 * if one opens), else "reserve the action"; when an enemy moves in front of a reserved fighter the
 * prompt asks whether to fire at -1, and the person fires the first reserved shot offered. Whether the AI
 * walks into a reserved fighter's front is the AI's choice, so a second test loads a saved game by the Load
 * game button where it has, and the person fires from the prompt.
 *
 * After each step the test checks what a player sees: the action bar named for the clicked fighter,
 * each standing fighter's front arc on the table facing its way, the tokens ("reserved", "pinned",
 * "… jammed"), the log growing, and at the end the outcome line and the score board. `window.tabletop`
 * is only read (playView, snapshot, projectToScreen); the top view is the T key.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkState } from '../../src/rules/skirmish-ru/game';
import type { PlayView } from '../../src/state/play';
import { launch, openApp, shot } from './browser';
import { loadGame, windowSave } from './windowSave';
import { fastest, focusModelBar, logLines, moveTowards, nearestOf, playView, pressAndWait, topView } from './person';
import { en } from '../support/words';

const SEED = 3;
/** The seed of the bots' game whose first reserved-shot prompt for Ржавые Волки the second test loads (`windowSave`). */
const AMBUSH_SEED = 5;
/** A battle has ended well before this many of the person's steps (a guard against a loop that never ends). */
const MAX_STEPS = 300;
const view = (page: Page) => playView<PlayView<SkState>>(page);

const press = (page: Page, label: string) => pressAndWait(page, label, 'A');

const isShot = (label: string) => /^\d or less on d6 — /.test(label);
const isCharge = (label: string) => /: charge /.test(label);

/** The nearest standing enemy to a spot, by plane distance between base centres. */
const nearestEnemy = (s: SkState, from: readonly number[]) =>
  nearestOf(
    Object.values(s.fighters)
      .filter((f) => f.side === 'B' && f.wounds.condition === 'active')
      .map((f) => f.pos),
    from,
  );

/** Moves a fighter by its "Move" pick and a click 3" (then 1.5") towards the nearest enemy; true once a move is taken. */
async function moveTowardsEnemy(page: Page, s: SkState, id: string, name: string): Promise<boolean> {
  const f = s.fighters[id]!;
  const target = nearestEnemy(s, f.pos);
  return target ? moveTowards(page, `Move ${name} (`, f.pos, target, 'A') : false;
}

/** Every standing fighter wears its front arc, facing its way (the scene's facing is 360 - the rules'). */
function checkArcs(v: PlayView<SkState>): void {
  const s = v.match.state;
  if (s.phase === 'over') return;
  for (const f of Object.values(s.fighters)) {
    const arc = v.markers.find((m) => m.id === `arc-${f.id}`);
    if (f.wounds.condition !== 'active') {
      expect(arc, `${f.name} is down: no arc`).toBeUndefined();
      continue;
    }
    expect(arc?.kind, `${f.name}'s arc`).toBe('arc');
    expect(arc!.facingDeg).toBeCloseTo((360 - f.facing) % 360, 6);
    const token = en(v.markers.find((m) => m.id === `token-${f.id}`)?.label ?? '');
    if (f.reserved) expect(token).toContain('reserved');
    if (f.pinned) expect(token).toContain('pinned');
  }
}

/** What the person did by clicks. */
interface Tally {
  shots: number;
  moves: number;
  reserves: number;
  fired: number;
}

/**
 * Plays Ржавые Волки's decisions by clicks (the header's choices) until the battle ends or `stop` says so
 * of the state before a decision; each step checks the arcs and tokens.
 */
async function playByClicks(page: Page, tally: Tally, stop: (s: SkState) => boolean): Promise<void> {
  for (let step = 0; step < MAX_STEPS; step++) {
    // Once the log has its first lines, the person picks the quickest animations.
    if (step === 1) await fastest(page);
    const v = await view(page);
    if (v.outcome || stop(v.match.state)) return;
    checkArcs(v);
    const s = v.match.state;
    if (s.ambush) {
      // The reserved-action prompt: an enemy has moved in front of a reserved fighter.
      expect(await page.textContent('[data-testid=play-status]')).toMatch(/fire a reserved shot at /);
      const offered = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
      const reservedShot = offered.find((l) => l.startsWith('Reserved shot at -1: '));
      expect(reservedShot, `a reserved shot among ${offered.join(' | ')}`).toBeDefined();
      await press(page, reservedShot!);
      tally.fired++;
      continue;
    }
    const id = s.activation?.fighter ?? v.choices.find((c) => c.models.length > 0)?.models[0] ?? v.picks[0]!.model!;
    const f = s.fighters[id]!;
    const bar = await focusModelBar(page, id, f.name);
    const shotLabel = bar.find(isShot);
    const charge = bar.find(isCharge);
    if (shotLabel) {
      await press(page, shotLabel);
      tally.shots++;
    } else if (charge) {
      await press(page, charge);
    } else if ((!s.activation || s.activation.moved === 'none') && (await moveTowardsEnemy(page, s, id, f.name))) {
      tally.moves++;
    } else {
      const reserve = bar.find((l) => l.endsWith(': reserve the action (fire at -1 when an enemy moves)'));
      if (reserve) tally.reserves++;
      await press(page, reserve ?? bar.find((l) => l.endsWith(': end the activation'))!);
    }
  }
  throw new Error(`no end after ${MAX_STEPS} steps`);
}

describe('a person plays a solo skirmish-ru battle to its end by clicking', () => {
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

  it(`sets up solo against the AI (seed ${SEED}), activates fighters by clicking in round 1, loads the last round by Load game, reserves actions, fights to the end`, async () => {
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-skirmish-ru]');
    // Its set-up shows once its code has arrived (a ruleset loads when it is chosen).
    await page.waitForSelector('[data-testid=option-turnOrder]');
    expect(await page.$$eval('[data-testid=option-turnOrder] option', (os) => os.map((o) => o.textContent))).toEqual([
      'Alternating activations',
      'Whole-side turns',
    ]);
    await page.selectOption('[data-testid=option-turnOrder]', 'alternating');
    // A 3-round battle (8 by default), so the whole of it is played by clicks in a minute or so.
    await page.selectOption('[data-testid=option-rounds]', '3');
    await page.selectOption('[data-testid=seat-A]', 'human');
    await page.selectOption('[data-testid=seat-B]', 'ai');
    await page.fill('[data-testid=seed]', String(SEED));
    await page.click('button:has-text("Start skirmish-ru")');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'skirmish-ru');
    expect(await page.textContent('[data-testid=play-status]')).toBe('Round 1 of 3 · Ржавые Волки (A) to activate');
    await topView(page);

    // Round 1 by clicks.
    const tally = { shots: 0, moves: 0, reserves: 0, fired: 0 };
    await playByClicks(page, tally, (s) => s.round >= 2);
    expect((await view(page)).match.state.round).toBe(2);
    // The last round from a saved game the bots played to its start (seed SEED, 3 rounds), loaded by the
    // Load game button and played to the end by clicks.
    const late = await windowSave(
      'skirmish-ru',
      { A: 'rzhavye-volki', B: 'deti-kotelnoy' },
      'rounds=3',
      SEED,
      (step) => step.player === 'A' && (step.before as SkState).round === 3,
    );
    await loadGame(page, late, 'round-3.json');
    expect(await page.textContent('[data-testid=play-status]')).toMatch(/^Round 3 of 3 · /);
    await playByClicks(page, tally, () => false);

    const end = await view(page);
    expect(end.outcome, 'the battle ended').not.toBeNull();
    await shot(page, 'skirmish-ru-solo');
    const score = end.outcome!.score!;
    expect(end.outcome!.winner).toBe(score.A! > score.B! ? 'A' : score.B! > score.A! ? 'B' : null);
    expect(await page.textContent('[data-testid=outcome]')).toMatch(/^(Player [AB] wins|A draw)/);
    expect((await logLines(page)).some((l) => /The battle is over/.test(l))).toBe(true);
    // The person moved, shot and reserved; the board counts what the state says.
    expect(tally.moves).toBeGreaterThan(0);
    expect(tally.shots + tally.fired).toBeGreaterThan(0);
    expect(tally.reserves, 'actions reserved').toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 900_000);

  it(`loads a saved game by clicking Load game (seed ${AMBUSH_SEED}): an AI fighter moves in front of a reserved one, the prompt asks to fire at -1, and the person fires`, async () => {
    const text = await windowSave(
      'skirmish-ru',
      { A: 'rzhavye-volki', B: 'deti-kotelnoy' },
      undefined,
      AMBUSH_SEED,
      (step) => step.player === 'A' && Boolean((step.before as SkState).ambush),
    );
    await loadGame(page, text, 'ambush.json');
    const before = await view(page);
    expect(before.match.state.ambush?.side, JSON.stringify(before.match.state.ambush)).toBe('A');
    const mover = before.match.state.fighters[before.match.state.ambush!.mover]!.name;
    expect(await page.textContent('[data-testid=play-status]')).toContain(
      `Ржавые Волки: fire a reserved shot at ${mover}?`,
    );
    const offered = await page.$$eval('[data-testid=choice]', (bs) => bs.map((b) => b.textContent ?? ''));
    const reservedShot = offered.find((l) => l.startsWith('Reserved shot at -1: '));
    expect(reservedShot, `a reserved shot among ${offered.join(' | ')}`).toBeDefined();
    expect(offered.some((l) => l.startsWith('Hold fire: no reserved shot at '))).toBe(true);
    await press(page, reservedShot!);
    const after = await view(page);
    const fired = after.match.log[before.match.log.length]!;
    expect(fired).toMatchObject({ player: 'A', action: { type: 'shoot' } });
    const shooter = before.match.state.fighters[(fired.action as unknown as { fighter: string }).fighter]!;
    expect(shooter.reserved).toBe(true);
    expect((await logLines(page)).some((l) => l.startsWith(`${shooter.name} fires `))).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);
});
