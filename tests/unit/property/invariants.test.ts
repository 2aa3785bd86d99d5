/**
 * The generic invariant checks, and every ruleset of the list against them: its start state stepping to
 * itself passes, and a value JSON cannot keep is caught by path. Each ruleset's own checks (a pool below 0,
 * a model acting twice, a model leaving the table without an event) are fed bad steps in
 * tests/unit/rules/<id>/invariants.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { jsonProblems, negativePools, silentLeavers, twice } from '../../../src/rules/engine/invariants';
import { RULESETS } from '../../../src/rulesetsLoaded';
import { startState } from '../../support/startStates';
import { check, clone, step } from '../../support/invariantSteps';

describe('the generic checks', () => {
  it('jsonProblems names undefined, NaN, infinities, functions, class instances and a cycle by path; an object listed twice is no problem (JSON writes it twice)', () => {
    const shared = { a: 1 };
    expect(
      jsonProblems({ a: undefined, b: [NaN], c: { d: Infinity }, e: () => 1, f: new Map(), g: [shared, shared] }),
    ).toEqual([
      'state.a is undefined, which JSON drops (a reloaded save would hash differently)',
      'state.b[0] is NaN, which JSON writes as null',
      'state.c.d is Infinity, which JSON writes as null',
      'state.e is a function, not JSON',
      'state.f is a class instance, not a plain object',
    ]);
    expect(jsonProblems({ a: [1, 'x', null, true, { b: [] }] })).toEqual([]);
    const loop: Record<string, unknown> = { n: 1 };
    loop.self = loop;
    expect(jsonProblems(loop)).toEqual(['state.self contains itself (a cycle)']);
  });

  it('negativePools and twice find only what is wrong', () => {
    expect(
      negativePools([
        ['ap', -1],
        ['ammo', 0],
        ['unused', null],
      ]),
    ).toEqual(['ap is -1: a pool went negative']);
    expect(twice(['a', 'b', 'a', 'a'], 'acted')).toEqual(['a is listed twice in acted']);
    expect(twice(['a', 'b'], 'acted')).toEqual([]);
  });

  it('silentLeavers accepts a removal that an event names, and refuses one that none does', () => {
    const before = { m: [1, 0, 1] as const, n: [2, 0, 2] as const };
    const table = { width: 10, depth: 10 };
    expect(silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [])).toEqual([
      'm left the table without an event naming it',
    ]);
    expect(
      silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [{ type: 'removed', text: 'm is removed', model: 'm' }]),
    ).toEqual([]);
    // The text alone does not count: the event must carry the id in a field.
    expect(silentLeavers(before, { m: null, n: [2, 0, 2] }, table, [{ type: 'note', text: 'm' }])).toHaveLength(1);
    expect(silentLeavers(before, { m: [11, 0, 1], n: [2, 0, 2] }, table, [])).toEqual([
      "m went past the table's edge to (11, 0, 1) without an event naming it",
    ]);
    expect(silentLeavers(before, { n: [2, 0, 2] }, table, [])).toEqual(['m vanished from the state without an event']);
  });
});

describe.each(RULESETS.map((r) => [r.id, r] as const))('%s invariants (from the list)', (id, entry) => {
  const base = () => clone(startState(entry)) as Record<string, unknown>;
  it('its start state stepping to itself passes', () => expect(check(id, step(base(), base()))).toEqual([]));
  it('a value JSON cannot keep is caught by its path', () => {
    const after = { ...base(), listCheck: NaN };
    expect(check(id, step(base(), after))).toContain('state.listCheck is NaN, which JSON writes as null');
  });
});
