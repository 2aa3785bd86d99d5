/** Pinning: any hit calls a morale test; a fail falls back to cover with no actions for one turn. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  endOwnTurn,
  moralePasses,
  pin,
  pinningTestCalled,
  rollPinning,
  turnAllowance,
} from '../../../../src/rules/skirmish-ru/pinning';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A result with its event words in English. */
const said = <R extends { events: readonly Text[] }>(r: R) => ({ ...r, events: r.events.map(en) });

describe('skirmish-ru pinning: who tests', () => {
  it.each([
    [{ hits: 1, pinned: false, down: false }, true],
    [{ hits: 3, pinned: false, down: false }, true],
    [{ hits: 0, pinned: false, down: false }, false],
    [{ hits: 1, pinned: true, down: false }, false],
    [{ hits: 1, pinned: false, down: true }, false],
  ] as const)('%j: tests %s', (m, out) => expect(pinningTestCalled(m)).toBe(out));
});

describe('skirmish-ru pinning: the morale test, d6 <= Morale + modifiers', () => {
  it.each([
    [4, 4, 0, true],
    [5, 4, 0, false],
    [5, 4, 1, true],
    [4, 4, -1, false],
  ] as const)('die %s, Morale %s, modifier %s: passes %s', (die, morale, mod, out) => {
    expect(moralePasses(die, morale, mod)).toBe(out);
  });
  it('a hit that did no damage, a 5 against Morale 4: pinned', () => {
    expect(said(rollPinning(scriptedDice([5]), 4))).toEqual({
      roll: 5,
      target: 4,
      pinned: true,
      events: [
        'morale test after a hit: 5 against 4',
        'pinned: next turn it falls back to the nearest cover, no actions',
      ],
    });
  });
  it('a 4 against Morale 4 holds', () => {
    expect(said(rollPinning(scriptedDice([4]), 4))).toMatchObject({
      pinned: false,
      events: [expect.any(String), 'holds'],
    });
  });
});

describe('skirmish-ru pinned: falls back with no actions, then back to normal at the end of its turn', () => {
  it('a pinned model must fall back and may not act; the end of its own turn clears the flag', () => {
    const m = pin({ id: 'ganger', pinned: false });
    expect(m).toEqual({ id: 'ganger', pinned: true });
    expect(turnAllowance(m)).toEqual({ mayAct: false, mustFallBack: true });
    const after = endOwnTurn(m);
    expect(after).toEqual({ id: 'ganger', pinned: false });
    expect(turnAllowance(after)).toEqual({ mayAct: true, mustFallBack: false });
  });
  it('an unpinned model is left as it is', () => {
    const m = { id: 'x', pinned: false };
    expect(endOwnTurn(m)).toBe(m);
  });
});
