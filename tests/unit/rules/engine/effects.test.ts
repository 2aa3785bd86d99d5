/**
 * Table effects (src/rules/engine/effects.ts): the shared vocabulary maps itself, each ruleset maps its own
 * events, and every event of a seeded battle that moves, shoots, strikes, blasts, harms or removes a model
 * has an effect (a ruleset's event that the table would silently not animate fails here).
 */
import { describe, expect, it } from 'vitest';
import { battle } from '../../../../src/cli/battleRun';
import { commonEffect, EFFECT_KINDS } from '../../../../src/rules/engine/effects';
import { RULESETS, rulesetOf } from '../../../../src/rulesetsLoaded';
import type { RuleEvent } from '../../../../src/rules/engine/types';

describe('the shared vocabulary', () => {
  it('maps moves, jumps, pushes and falls', () => {
    expect(commonEffect({ type: 'moved', model: 'a', from: [1, 0, 1], to: [2, 0, 2] })).toEqual({
      kind: 'move',
      model: 'a',
      from: [1, 0, 1],
      to: [2, 0, 2],
      how: 'walk',
    });
    expect(commonEffect({ type: 'moved', model: 'a', to: [2, 0, 2], how: 'push' })).toMatchObject({
      how: 'push',
      from: null,
    });
    expect(commonEffect({ type: 'jump', model: 'a', to: [2, 0, 2] })).toMatchObject({ kind: 'move', how: 'jump' });
    expect(commonEffect({ type: 'moved', model: 'a', to: [2, 0, 2], how: 'jump' })).toMatchObject({ how: 'jump' });
    expect(commonEffect({ type: 'fall', model: 'a', to: [2, 0, 2], height: 3 })).toEqual({
      kind: 'fall',
      model: 'a',
      to: [2, 0, 2],
      height: 3,
    });
    // Without a destination there is nothing to draw.
    expect(commonEffect({ type: 'moved', model: 'a' })).toBeNull();
  });

  it('maps attacks: a shot, a blast, a strike by a shooter or an attacker', () => {
    expect(commonEffect({ type: 'shot', shooter: 'a', target: 'b', hit: true })).toEqual({
      kind: 'shot',
      from: 'a',
      to: 'b',
      hit: true,
    });
    expect(commonEffect({ type: 'shot', shooter: 'a', target: 'b' })).toMatchObject({ hit: false });
    expect(commonEffect({ type: 'blast', at: [3, 0, 3], radius: 2 })).toEqual({
      kind: 'blast',
      from: null,
      at: [3, 0, 3],
      radius: 2,
    });
    expect(commonEffect({ type: 'strike', shooter: 'a', target: 'b' })).toEqual({ kind: 'strike', a: 'a', b: 'b' });
    expect(commonEffect({ type: 'strike', attacker: 'c', target: 'b' })).toEqual({ kind: 'strike', a: 'c', b: 'b' });
  });

  it('maps status changes, smoke, dice and reaction windows; anything else is logged only', () => {
    expect(commonEffect({ type: 'damage', target: 'b', amount: 2 })).toEqual({
      kind: 'status',
      model: 'b',
      change: 'damage',
      amount: 2,
    });
    expect(commonEffect({ type: 'model-down', model: 'b' })).toMatchObject({ change: 'down' });
    expect(commonEffect({ type: 'removed', model: 'b' })).toMatchObject({ change: 'removed' });
    expect(commonEffect({ type: 'token-placed', token: 'smoke', at: [1, 0, 1] })).toEqual({
      kind: 'marker',
      marker: 'smoke',
      at: [1, 0, 1],
    });
    // A token other than smoke is drawn by the table markers, not as an effect.
    expect(commonEffect({ type: 'token-placed', token: 'hardpoint', at: [1, 0, 1] })).toBeNull();
    expect(commonEffect({ type: 'dice-rolled', dice: [[6, 4]] })).toEqual({ kind: 'dice', dice: [[6, 4]] });
    expect(commonEffect({ type: 'reaction-window', player: 'B' })).toEqual({ kind: 'window', player: 'B' });
    expect(commonEffect({ type: 'round', round: 2 })).toBeNull();
    expect(EFFECT_KINDS).toHaveLength(9);
  });
});

describe("each ruleset's own events", () => {
  it("Counterblast's psi is a shot, skirmish-ru's template a blast at its centre and its jam a status change", () => {
    expect(rulesetOf('counterblast').effectOf({ type: 'psi', shooter: 'a', target: 'b', hit: true })).toEqual({
      kind: 'shot',
      from: 'a',
      to: 'b',
      hit: true,
    });
    const sk = rulesetOf('skirmish-ru').effectOf;
    expect(sk({ type: 'template', shooter: 'a', centre: [4, 0, 4], radius: 1.5 })).toEqual({
      kind: 'blast',
      from: 'a',
      at: [4, 0, 4],
      radius: 1.5,
    });
    // A template lost off the table comes down nowhere.
    expect(sk({ type: 'template', shooter: 'a', centre: null })).toBeNull();
    expect(sk({ type: 'jam', model: 'a' })).toEqual({ kind: 'status', model: 'a', change: 'jammed', amount: null });
    expect(sk({ type: 'psi', shooter: 'a', target: 'b' })).toBeNull();
  });

  it("BLKOUT's close-quarters fight and Five Parsecs' brawl are strikes", () => {
    expect(rulesetOf('blkout').effectOf({ type: 'cqc', a: 'x', b: 'y' })).toEqual({ kind: 'strike', a: 'x', b: 'y' });
    expect(rulesetOf('fiveparsecs').effectOf({ type: 'brawl', attacker: 'x', target: 'y' })).toEqual({
      kind: 'strike',
      a: 'x',
      b: 'y',
    });
  });
});

/** Event types that move, attack, harm or remove a model: each must show on the table. */
const MUST_SHOW = new Set([
  'moved',
  'jump',
  'fall',
  'shot',
  'psi',
  'strike',
  'brawl',
  'cqc',
  'blast',
  'template',
  'damage',
  'model-down',
  'removed',
  'jam',
]);

describe.each(RULESETS.map((r) => r.id))('%s, a seeded battle (seed 1)', (id) => {
  it('every event that moves, attacks, harms or removes a model has a table effect', async () => {
    let out = '';
    expect(await battle(['--rules', id, '--seed', '1'], (t) => (out += t))).toBe(0);
    const events = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RuleEvent & { move?: number })
      .filter((e) => e.move !== undefined);
    const shown = events.filter((e) => MUST_SHOW.has(e.type));
    expect(shown.length).toBeGreaterThan(10);
    const missing = shown.filter((e) => {
      // A template lost off the table has no spot to come down at.
      if (e.type === 'template' && e.centre === null) return false;
      return rulesetOf(id).effectOf(e) === null;
    });
    expect(missing.map((e) => `${e.type} ${JSON.stringify(e)}`.slice(0, 160))).toEqual([]);
  });
});
