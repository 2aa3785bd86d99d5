/**
 * A sixth ruleset through one line of the list: the toy duel (tests/fixtures/toy-duel) is added to the list
 * below, and the set-up panel, the app's play controller, the battle CLI, the catalogues check, the lint
 * boundaries and the invariants all pick it up with nothing else changed.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import '../../../src/i18n/allLanguages';
import { CATALOGUES, NAMESPACES } from '../../../src/i18n/catalogues';
import { render } from '../../../src/i18n/i18n';
import { RULESET_IDS, rulesetOf } from '../../../src/rulesetsLoaded';
import { NewMatch, Setup } from '../../../src/ui/NewMatch';
import { battle } from '../../../src/cli/battleRun';
import type { PlayController } from '../../../src/state/play';
import { keyProblems, messageProblems, usage } from '../../support/catalogueChecks';
import { restricted, rulesetBoundaryCases } from '../../support/boundaries';
import { check, clone, step } from '../../support/invariantSteps';
import { playSession } from '../../support/playSetup';
import { startState } from '../../support/startStates';

// The one line: the list with the toy added.
vi.mock('../../../src/rulesets', async (original) => {
  const list = await original<typeof import('../../../src/rulesets')>();
  const toy = (await import('../../fixtures/toy-duel')).default;
  return { ...list, ...list.listOf([...list.CARDS, list.listed(toy)]) };
});

const TOY = 'toy-duel';

describe('a sixth ruleset added by one line of the list', () => {
  it('is in the list, after the five', () => {
    expect(RULESET_IDS).toHaveLength(6);
    expect(RULESET_IDS[5]).toBe(TOY);
    expect(rulesetOf(TOY).bot).toBeTypeOf('function');
  });

  it('the set-up panel lists it, and its set-up shows its blurb, forces and table', () => {
    const play = {} as PlayController;
    expect(renderToStaticMarkup(<NewMatch play={play} />)).toContain(`data-testid="ruleset-${TOY}"`);
    const html = renderToStaticMarkup(<Setup entry={rulesetOf(TOY)} play={play} />);
    expect(html).toContain('A toy duel: two gunfighters on a back alley');
    expect(html).toContain('Red (1)');
    expect(html).toContain('Blue (1)');
    expect(html).toContain('Back Alley (24&quot; x 24&quot;)');
  });

  it("the app's play controller starts it and plays a turn by a click on the table", async () => {
    const s = playSession(TOY);
    expect(await s.play.start({ rules: TOY, seats: { A: 'human', B: 'human' }, seed: 3 })).toEqual({ ok: true });
    expect(render(s.view().status, 'en')).toBe('Round 1: A to act');
    expect(s.view().picks.map((p) => p.type)).toEqual(['move']);
    // Red walks 4" along the alley (the container stands between the two).
    s.play.choosePick(s.view().picks[0]!);
    expect(await s.play.clickTable(2, 0, 16)).toEqual({ ok: true });
    expect(s.view().match.state).toMatchObject({ duelists: { A: { pos: [2, 0, 16] } } });
    expect(render(s.view().status, 'en')).toBe('Round 1: B to act');
    s.play.stop();
  });

  it('the battle CLI plays it to its end with the default bot, the same bytes twice', async () => {
    const run = async () => {
      let out = '';
      expect(await battle(['--rules', TOY, '--seed', '5'], (t) => (out += t))).toBe(0);
      return out;
    };
    const first = await run();
    expect(await run()).toBe(first);
    const lines = first
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ rounds: expect.any(Number), hp: expect.any(Object) });
    expect(summary.actions).toBe(lines.length - 1 - lines.filter((l) => l.type === 'dice-rolled').length);
    let list = '';
    expect(await battle(['--list-forces', '--rules', TOY], (t) => (list += t))).toBe(0);
    expect(JSON.parse(list)).toEqual({
      [TOY]: {
        file: 'tests/fixtures/toy-duel/forces.json',
        forces: ['red', 'blue'],
        defaults: { A: 'red', B: 'blue' },
      },
    });
  });

  it('the catalogues hold its words in three languages, and the checks pass on them', () => {
    expect(NAMESPACES).toContain(TOY);
    expect(CATALOGUES.ko[TOY]?.['phase']).toBe('{round}라운드: {player} 차례');
    expect(keyProblems(CATALOGUES, TOY)).toEqual([]);
    expect(messageProblems(CATALOGUES, TOY)).toEqual([]);
    expect(usage(CATALOGUES, [TOY], ['tests/fixtures/toy-duel'])).toEqual({ missing: [], unused: [] });
  });

  it('the lint boundaries hold for its folder', async () => {
    for (const [file, code, allowed] of rulesetBoundaryCases(TOY))
      expect((await restricted(file, code)).length === 0, `${file}: ${code}`).toBe(allowed);
  });

  it('its invariants (the default: plain JSON) pass its start and catch a NaN', () => {
    const base = () => clone(startState(rulesetOf(TOY))) as Record<string, unknown>;
    expect(check(TOY, step(base(), base()))).toEqual([]);
    expect(check(TOY, step(base(), { ...base(), n: NaN }))).toEqual(['state.n is NaN, which JSON writes as null']);
  });
});
