/**
 * A person plays the RPG combat chapter solo (Kestrel Colony Security, Player A, against the Drowned Choir
 * run by the AI, seed SEED, 4 rounds) from the set-up to the end, with the mouse only: the ruleset, the
 * rounds option, the seats and the seed from the panel's controls; "Roll initiative"; then each of A's
 * characters on its turn by clicking it on the table and pressing its action bar: the first attack it
 * offers ("Projectiles vs Defense 8 — László Weber: attack at …"), else "Move <name>" and a click on the
 * table 3" towards the nearest enemy (then an attack if one opens), else "end the turn". The Choir carries
 * no grenade, so a second test loads a saved game by the Load game button where the AI's grenade has
 * landed on the person's Choir, and the person presses "Dodge the grenade".
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
import { loadGame, windowSave } from './windowSave';
import { fastest, focusModelBar, logLines, moveTowards, nearestOf, playView, pressAndWait, topView } from './person';
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

/** The seed of the bots' game whose first grenade on the Choir the Dodge test loads (`windowSave`). */
const DODGE_SEED = 29;

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
    const acted = new Set<string>();
    // A's characters taken down before their first turn (they never act).
    const downFirst = new Set<string>();
    for (let step = 0; step < MAX_STEPS; step++) {
      // Once the log has its first lines, the person picks the quickest animations.
      if (step === 1) await fastest(page);
      const v = await view(page);
      if (v.outcome) break;
      const s = v.match.state;
      for (const c of Object.values(s.chars))
        if (c.side === 'A' && c.condition.down && !acted.has(c.id)) downFirst.add(c.id);
      // Every standing character wears its AP.
      for (const c of Object.values(s.chars))
        if (!c.condition.down)
          expect(en(v.markers.find((m) => m.id === `token-${c.id}`)?.label ?? '')).toMatch(/^AP \d/);
      // (The Choir carries no grenade: no Dodge comes to Kestrel here; the next test brings one.)
      expect(s.pending).toBeNull();
      const id = s.turn!.model;
      acted.add(id);
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
    // Each of A's five characters took its turn by the person's clicks, but one taken down before its first turn.
    const mine = Object.keys(end.match.state.chars).filter((c) => c.startsWith('A.'));
    expect(mine).toHaveLength(5);
    expect([...acted, ...downFirst].sort()).toEqual(mine.sort());
    expect(acted.size).toBeGreaterThanOrEqual(4);
    // Every program the battle drew (its table, the attacks' effects, the dice) was compiled while it loaded.
    expect((await page.evaluate(() => window.tabletop.renderStats()))?.inPlay).toEqual([]);
    expect(errors).toEqual([]);
  }, 900_000);

  it(`loads a saved game by clicking Load game (seed ${DODGE_SEED}): the AI's grenade lands on the Choir, the Dodge prompt shows with the blast, and pressing it spends 1 AP to Dodge`, async () => {
    // The Choir (A) is the person's, Kestrel (B) the AI's; the bots stopped where a grenade has landed on the Choir.
    const text = await windowSave(
      'rpg-attacks',
      { A: 'drowned-choir', B: 'kestrel-security' },
      'rounds=4',
      DODGE_SEED,
      (step) => step.player === 'A' && (step.before as RpgState).pending !== null,
    );
    await loadGame(page, text, 'dodge.json');
    const v = await view(page);
    const head = v.match.state.pending!.queue[0]!;
    const name = v.match.state.chars[head]!.name;
    expect(v.match.state.chars[head]!.side).toBe('A');
    expect(await page.textContent('[data-testid=play-status]')).toContain(`${name}: Dodge the grenade?`);
    expect(v.markers.filter((m) => m.id.startsWith('blast-')).map((m) => m.radius)).toEqual([1, 3]);
    await press(page, `${name}: Dodge the grenade`);
    expect(await logLines(page)).toContain(`${name} spends 1 AP to Dodge`);
    // Each other character of the Choir the blast caught is asked in turn; the person dodges with each.
    for (let i = 0; i < 6; i++) {
      const next = (await view(page)).match.state;
      const who = next.pending?.queue[0];
      if (!who || next.chars[who]!.side !== 'A') break;
      await press(page, `${next.chars[who]!.name}: Dodge the grenade`);
    }
    // Then the Dodges are rolled: the first dodger's Defense test against 12 is in the log.
    expect((await view(page)).match.state.pending).toBeNull();
    expect((await logLines(page)).some((l) => l.startsWith(`${name} Dodges: Defense `))).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);
});
