/**
 * A person plays the RPG combat chapter solo (Kestrel Colony Security, Player A, against the Drowned Choir
 * run by the AI, seed SEED, 4 rounds) from the set-up to the end, with the mouse only: the ruleset, the
 * rounds option, the seats and the seed from the panel's controls; "Roll initiative"; then each of A's
 * characters on its turn by clicking it on the table and pressing its action bar: the first attack it
 * offers ("Projectiles vs Defense 8 — László Weber: attack at …"), else "Move <name>" and a click on the
 * table 3" towards the nearest enemy (then an attack if one opens), else "end the turn"; when an AI's
 * grenade catches one of A's characters, the Dodge prompt is answered by pressing "Dodge the grenade".
 *
 * After each step the test checks what a player sees: the action bar named for the acting character,
 * every standing character's token with its AP, the log growing, and at the end the outcome line and
 * the score board. `window.tabletop` is only read (playView, snapshot, projectToScreen).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpgState } from '../../src/rules/rpg-attacks/game';
import type { PlayView } from '../../src/state/play';
import { launch, openApp, shot } from './browser';
import { focusModelBar, logLines, moveTowards, nearestOf, playView, pressAndWait, topView } from './person';
import { en } from '../support/words';

const SEED = 3;
/** A battle has ended well before this many of the person's steps (a guard against a loop that never ends). */
const MAX_STEPS = 200;
const view = (page: Page) => playView<PlayView<RpgState>>(page);

const press = (page: Page, label: string) => pressAndWait(page, label, 'A');

const isAttack = (label: string) => /^\w+ vs (Defense|Willpower) \d+.* — .*: (attack|automatic fire) at /.test(label);

/** The nearest standing enemy to a spot, by plane distance between base centres. */
const nearestEnemy = (s: RpgState, from: readonly number[]) =>
  nearestOf(
    Object.values(s.chars)
      .filter((c) => c.side === 'B' && !c.condition.down)
      .map((c) => c.pos),
    from,
  );

describe('a person plays a solo RPG combat chapter battle to its end by clicking', () => {
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

  it(`sets up solo against the AI (seed ${SEED}, 4 rounds), rolls initiative, acts with each character by clicking, fights to the end`, async () => {
    await page.click('[data-testid=play-open]');
    await page.click('[data-testid=ruleset-rpg-attacks]');
    await page.selectOption('[data-testid=option-rounds]', '4');
    await page.selectOption('[data-testid=seat-A]', 'human');
    await page.selectOption('[data-testid=seat-B]', 'ai');
    await page.fill('[data-testid=seed]', String(SEED));
    await page.click('button:has-text("Start RPG combat chapter")');
    await page.waitForFunction(() => window.tabletop.playView()?.rules === 'rpg-attacks');
    expect(await page.textContent('[data-testid=play-status]')).toBe('Before round 1: roll initiative');
    await topView(page);
    await press(page, 'Roll initiative for round 1');
    expect((await logLines(page)).some((l) => /^Round 1: /.test(l))).toBe(true);

    let attacks = 0,
      moves = 0;
    for (let step = 0; step < MAX_STEPS; step++) {
      const v = await view(page);
      if (v.outcome) break;
      const s = v.match.state;
      // Every standing character wears its AP.
      for (const c of Object.values(s.chars))
        if (!c.condition.down)
          expect(en(v.markers.find((m) => m.id === `token-${c.id}`)?.label ?? '')).toMatch(/^AP \d/);
      if (s.pending) {
        // An AI's grenade caught one of A's characters: the Dodge prompt, with the blast's two rings on the table.
        expect(v.markers.filter((m) => m.id.startsWith('blast-')).map((m) => m.radius)).toEqual([1, 3]);
        await press(page, 'Dodge the grenade');
        continue;
      }
      const id = s.turn!.model;
      const c = s.chars[id]!;
      const bar = await focusModelBar(page, id, c.name);
      const attack = bar.find(isAttack);
      if (attack) {
        await press(page, attack);
        attacks++;
      } else if (!s.turn!.moved && nearestEnemy(s, c.pos)) {
        const moved = await moveTowards(page, `Move ${c.name} (`, c.pos, nearestEnemy(s, c.pos)!, 'A');
        if (moved) moves++;
        else await press(page, `${c.name}: end the turn`);
      } else {
        await press(page, `${c.name}: end the turn`);
      }
    }

    const end = await view(page);
    expect(end.outcome, 'the battle ended').not.toBeNull();
    await shot(page, 'rpg-attacks-solo');
    const score = end.outcome!.score!;
    expect(end.outcome!.winner).toBe(score.A! > score.B! ? 'A' : score.B! > score.A! ? 'B' : null);
    expect(await page.textContent('[data-testid=outcome]')).toMatch(/^(Player [AB] wins|A draw)/);
    expect((await logLines(page)).some((l) => /The battle is over/.test(l))).toBe(true);
    expect(attacks).toBeGreaterThan(0);
    expect(moves + attacks).toBeGreaterThan(3);
    // Every program the battle drew (its table, the attacks' effects, the dice) was compiled while it loaded.
    expect((await page.evaluate(() => window.tabletop.renderStats()))?.inPlay).toEqual([]);
    expect(errors).toEqual([]);
  }, 900_000);
});
