/**
 * A person plays Five Parsecs solo (the crew, Player A, against the Gangers run by their AI, seed
 * SEED) from the set-up to the end of the battle, with the mouse only: the ruleset, their own forces
 * file (a bad one first, refused with its field; then one with a crew of three of the sample crew,
 * so five Gangers turn up), the seats and the seed from the panel's controls; "Roll to Seize the Initiative"; every round's Reaction Roll
 * by clicking each figure on the table and pressing one of its dice in the action bar; then each
 * figure in its phase is clicked and takes the first shot its bar offers ("5+: open target in
 * range (9.0")"), else a Brawl, else "Move <name>" and a click on the table 3" towards the nearest
 * enemy and then a shot if one opens, else it ends its activation. The enemy acts on its own.
 *
 * After each step the test checks what a player sees: the action bar named for the clicked figure,
 * the die's token beside the figure, the log growing, Stun tokens beside Stunned figures, and at the
 * end the outcome line and the score board's verdict. `window.tabletop` is only read (playView,
 * snapshot, projectToScreen); the top view is the T key.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FpState } from '../../src/rules/fiveparsecs/game';
import type { PlayView } from '../../src/state/play';
import { launch, openApp, shot } from './browser';
import { fastest, focusModelBar, logLines, moveTowards, playView, topView, waitForSide } from './person';
import { en } from '../support/words';

const SEED = 5;
/** A battle has ended well before this many of the crew's steps (a guard against a loop that never ends). */
const MAX_STEPS = 400;
const view = (page: Page) => playView<PlayView<FpState>>(page);

const waitForCrew = (page: Page, logLength: number) => waitForSide(page, 'A', logLength);

/** Presses the action bar's button with exactly this label and waits for the crew's next turn (or the end). */
async function pressBar(page: Page, label: string): Promise<void> {
  const before = (await view(page)).match.log.length;
  const button = page.locator('[data-testid=action-bar] [data-testid=choice]', { hasText: label }).first();
  await button.click();
  await waitForCrew(page, before);
}

const isShot = (label: string) => /^(\d\+|natural 6)/.test(label);
const isBrawl = (label: string) => /: brawl /.test(label);
const isEnd = (label: string) => /: (end the activation|do nothing this phase)$/.test(label);

/** The nearest enemy on the table to a spot, by plane distance between base centres. */
function nearestEnemy(s: FpState, from: readonly number[]): readonly number[] | null {
  let best: readonly number[] | null = null;
  let bestD = Infinity;
  for (const f of Object.values(s.figures)) {
    if (f.side !== 'B' || f.out !== null) continue;
    const d = Math.hypot(f.pos[0] - from[0]!, f.pos[2] - from[2]!);
    if (d < bestD) [best, bestD] = [f.pos, d];
  }
  return best;
}

/** Moves a figure by its "Move" pick and a click 3" (then 1.5") towards the nearest enemy; true once a move is taken. */
async function moveTowardsEnemy(page: Page, s: FpState, id: string, name: string): Promise<boolean> {
  const f = s.figures[id]!;
  const target = nearestEnemy(s, f.pos);
  return target ? moveTowards(page, `Move ${name} (`, f.pos, target, 'A') : false;
}

describe('a person plays a solo Five Parsecs battle to its end by clicking', () => {
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

  it(`sets up solo against the Gangers (seed ${SEED}), gives every Reaction die by clicking figures, fights to the end`, async () => {
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-fiveparsecs]');
    // The person's own forces file: a bad one is refused naming the field and value; then three of the sample crew.
    const shipped = JSON.parse(readFileSync('assets/rulesets/fiveparsecs/forces.json', 'utf8')) as {
      crews: { id: string; name: string; figures: { id: string; speed: number }[] }[];
    };
    const comet = shipped.crews.find((c) => c.id === 'dusty-comet')!;
    const three = {
      ...comet,
      id: 'comet-three',
      name: "The Comet's Three",
      sample: false,
      figures: comet.figures.filter((f) => ['captain', 'merc', 'hunter'].includes(f.id)),
    };
    const bad = { ...shipped, crews: [{ ...three, figures: [{ ...three.figures[0]!, speed: -1 }] }] };
    await page.setInputFiles('[data-testid=forces-input]', {
      name: 'my-crew.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await page.waitForSelector('.play-panel .problem');
    expect(await page.textContent('.play-panel .problem')).toMatch(/my-crew\.json.*crews\[0\]\.figures\[0\]\.speed/);
    await page.setInputFiles('[data-testid=forces-input]', {
      name: 'my-crew.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...shipped, crews: [three, ...shipped.crews] })),
    });
    await page.waitForFunction(() => !document.querySelector('.play-panel .problem'));
    await page.selectOption('[data-testid=preset-A]', 'comet-three');
    await page.selectOption('[data-testid=preset-B]', 'gangers');
    await page.selectOption('[data-testid=seat-A]', 'human');
    await page.selectOption('[data-testid=seat-B]', 'ai');
    await page.fill('[data-testid=seed]', String(SEED));
    await page.click('button:has-text("Start Five Parsecs")');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'fiveparsecs');
    expect(await page.textContent('[data-testid=play-status]')).toBe('Before the battle: Seize the Initiative');
    await topView(page);

    const start = await view(page);
    await page.locator('[data-testid=choice]', { hasText: 'Roll to Seize the Initiative' }).click();
    await waitForCrew(page, start.match.log.length);
    expect((await logLines(page)).some((l) => /Seize the Initiative: \d \+ \d/.test(l))).toBe(true);

    let dice = 0,
      shots = 0,
      moves = 0;
    for (let step = 0; step < MAX_STEPS; step++) {
      // Once the log has its first lines, the person picks the quickest animations.
      if (step === 1) await fastest(page);
      const v = await view(page);
      if (v.outcome) break;
      const s = v.match.state;
      if (s.phase === 'reaction') {
        // The figures still without a die are the actors; the first is clicked and given the first die offered.
        const id = v.actors[0]!;
        const name = s.figures[id]!.name;
        const bar = await focusModelBar(page, id, name);
        expect(bar.length).toBeGreaterThan(0);
        expect(bar.every((l) => l.startsWith('Die ') && l.includes(` to ${name}: `))).toBe(true);
        const die = /^Die (\d)/.exec(bar[0]!)![1];
        await pressBar(page, bar[0]!);
        dice++;
        // Its token shows the die (unless that was the last die and the round has moved on).
        const now = await view(page);
        if (now.match.state.phase === 'reaction') {
          const token = now.markers.find((m) => m.id === `token-${id}`);
          expect(token && en(token.label), `${name}'s token after its die`).toMatch(new RegExp(`^(Quick|Slow) ${die}`));
        }
        continue;
      }
      // A figure's activation: the one acting, else the first whose choices are offered.
      const id = s.activation?.figure ?? v.choices.find((c) => c.models.length > 0)?.models[0] ?? v.picks[0]!.model!;
      const f = s.figures[id]!;
      const bar = await focusModelBar(page, id, f.name);
      const shot = bar.find(isShot);
      const brawl = bar.find(isBrawl);
      if (shot) {
        await pressBar(page, shot);
        shots++;
      } else if (brawl) {
        await pressBar(page, brawl);
      } else if (!s.activation && s.phase !== 'seized' && (await moveTowardsEnemy(page, s, id, f.name))) {
        // The figure stands somewhere else now (a snap shot or a brawl may follow, never undoing the move).
        const to = (await view(page)).match.state.figures[id]!.pos;
        expect(Math.hypot(to[0] - f.pos[0], to[2] - f.pos[2]), `${f.name} moved`).toBeGreaterThan(0.5);
        moves++;
      } else {
        await pressBar(page, bar.find(isEnd)!);
      }
      // Every Stunned figure on the table wears its Stun token.
      const after = await view(page);
      for (const g of Object.values(after.match.state.figures))
        if (g.out === null && g.stun > 0)
          expect(en(after.markers.find((m) => m.id === `token-${g.id}`)?.label ?? '')).toContain(`Stun ${g.stun}`);
    }

    const end = await view(page);
    expect(end.outcome, 'the battle ended').not.toBeNull();
    await shot(page, 'fiveparsecs-solo');
    const result = end.match.state.result!;
    expect(end.outcome!.winner).toBe(result.heldField ? 'A' : 'B');
    expect(await page.textContent('[data-testid=outcome]')).toMatch(/^Player [AB] wins/);
    expect(await page.textContent('.play-panel')).toContain(
      result.heldField ? 'The crew Held the Field' : 'The crew did not Hold the Field',
    );
    expect((await logLines(page)).some((l) => /The battle is over/.test(l))).toBe(true);
    // The person gave every Reaction die of every round, shot and moved.
    expect(dice).toBeGreaterThanOrEqual(6);
    expect(shots).toBeGreaterThan(0);
    expect(moves).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 900_000);
});
