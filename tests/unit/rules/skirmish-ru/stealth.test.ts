/** Stealth: the test when seen or within 6", +1 at 50 % hidden, -1 within 6". */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  rollStealth,
  stealthModifiers,
  stealthTestCalled,
  withinStealthRange,
} from '../../../../src/rules/skirmish-ru/stealth';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A result with its event words in English. */
const said = <R extends { events: readonly Text[] }>(r: R) => ({ ...r, events: r.events.map(en) });

const unseenFar = { inSight: false, hiddenShare: 1, distance: 10 };

describe('skirmish-ru stealth: when the test is called', () => {
  it('out of sight and beyond 6": cannot be noticed, no test', () => {
    expect(stealthTestCalled(unseenFar, { inSight: false, hiddenShare: 1, distance: 8 })).toBe(false);
  });
  it('entering sight calls a test', () => {
    expect(stealthTestCalled(unseenFar, { inSight: true, hiddenShare: 0.3, distance: 12 })).toBe(true);
  });
  it.each([
    [6, true],
    [6.01, false],
  ] as const)('moving out of sight to %s" of the enemy calls a test: %s', (d, out) => {
    expect(stealthTestCalled(unseenFar, { inSight: false, hiddenShare: 1, distance: d })).toBe(out);
    expect(withinStealthRange(d)).toBe(out);
  });
  it('already seen and already within 6" before an enemy\'s move: nothing new calls a test', () => {
    const near = { inSight: true, hiddenShare: 0.6, distance: 5 };
    expect(stealthTestCalled(near, { ...near, distance: 4 })).toBe(false);
  });
  it.each([
    [6, true],
    [6.01, false],
  ] as const)(
    'the hidden model itself moving within 6" of the enemy (ending %s" away) calls a test each time: %s',
    (d, out) => {
      const near = { inSight: false, hiddenShare: 1, distance: 5 };
      expect(stealthTestCalled(near, { ...near, distance: d }, true)).toBe(out);
    },
  );
});

describe('skirmish-ru stealth modifiers: +1 at least 50 % hidden, -1 at 6" or less', () => {
  it.each([
    [0.5, 10, 1, 0, 1],
    [0.499, 10, 0, 0, 0],
    [0.5, 6, 1, -1, 0],
    [0.5, 6.01, 1, 0, 1],
    [0.499, 6, 0, -1, -1],
    [0.4999999999999, 6.0000000000001, 1, -1, 0],
  ] as const)('hidden %s, at %s": %s hidden, %s near, total %s', (share, d, hidden, near, total) => {
    expect(stealthModifiers({ hiddenShare: share, distance: d })).toEqual({ hidden, near, total });
  });
});

describe('skirmish-ru stealth test: d6 <= Stealth + modifiers', () => {
  it('the issue case: 50 % hidden within 6": +1 and -1 cancel, Stealth 3 needs 3', () => {
    const pass = rollStealth(scriptedDice([3]), 3, { hiddenShare: 0.5, distance: 6 });
    expect(said(pass)).toEqual({
      roll: 3,
      target: 3,
      modifiers: { hidden: 1, near: -1, other: 0 },
      staysHidden: true,
      events: ['stealth test: 3 against 3 (+1 at least half hidden, -1 within 6")', 'stays hidden'],
    });
    expect(rollStealth(scriptedDice([4]), 3, { hiddenShare: 0.5, distance: 6 }).staysHidden).toBe(false);
  });
  it('49.9 % hidden within 6": only the -1, a 3 against Stealth 3 is noticed', () => {
    const r = rollStealth(scriptedDice([3]), 3, { hiddenShare: 0.499, distance: 6 });
    expect(r).toMatchObject({ target: 2, staysHidden: false });
    expect(r.events.map(en)).toEqual(['stealth test: 3 against 2 (-1 within 6")', 'noticed']);
  });
  it('50 % hidden at 6.01": only the +1, a 4 against Stealth 3 stays hidden', () => {
    expect(rollStealth(scriptedDice([4]), 3, { hiddenShare: 0.5, distance: 6.01 })).toMatchObject({
      target: 4,
      staysHidden: true,
    });
  });
  it('no modifier at all: plain words; another modifier from the caller counts', () => {
    const r = rollStealth(scriptedDice([5]), 3, { hiddenShare: 0.2, distance: 9 }, 2);
    expect(r).toMatchObject({ target: 5, staysHidden: true, modifiers: { hidden: 0, near: 0, other: 2 } });
    expect(en(r.events[0]!)).toBe('stealth test: 5 against 5');
  });
});
