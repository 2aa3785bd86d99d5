/** Close combat: a roll per point of Attacks, pistols fire, leaving on agility, shots into a combat. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  hitsIntoCombat,
  mayShootInCloseCombat,
  meleeHits,
  rollLeave,
  rollStrike,
  strikeRolls,
} from '../../../../src/rules/skirmish-ru/closeCombat';
import { fireVolley } from '../../../../src/rules/skirmish-ru/reliability';
import { en } from '../../../support/words';
import type { Text } from '../../../../src/rules/engine/message';

/** A result with its event words in English. */
const said = <R extends { events: readonly Text[] }>(r: R) => ({ ...r, events: r.events.map(en) });

const brawler = { attacks: 3, shooting: 4 };

describe('skirmish-ru close combat: one to-hit roll per point of Attacks', () => {
  it.each([
    [{ attacks: 1, shooting: 3 }, 1],
    [{ attacks: 3, shooting: 3 }, 3],
    [{ attacks: 0, shooting: 3 }, 0],
  ] as const)('%j: %s rolls', (f, n) => expect(strikeRolls(f)).toBe(n));
  it.each([
    [4, 0, true],
    [5, 0, false],
    [5, 1, true],
    [4, -1, false],
  ] as const)('die %s with modifier %s against Shooting 4: hits %s', (die, mod, out) => {
    expect(meleeHits(die, brawler, mod)).toBe(out);
  });
  it('Attacks 3: three dice 2, 5, 4 against 4: two hits', () => {
    const dice = scriptedDice([2, 5, 4]);
    expect(said(rollStrike(dice, brawler))).toEqual({
      rolls: [2, 5, 4],
      target: 4,
      hits: 2,
      events: ['close combat: 3 rolls [2, 5, 4] needing 4 or less: 2 hits'],
    });
    expect(dice.remaining).toBe(0);
  });
});

describe('skirmish-ru shooting from close combat: pistols only', () => {
  it.each([
    [false, false, true],
    [false, true, true],
    [true, true, true],
    [true, false, false],
  ] as const)('in close combat %s, pistol %s: may fire %s', (cc, pistol, out) => {
    expect(mayShootInCloseCombat(cc, pistol)).toBe(out);
  });
  it('a pistol fired in close combat is a shot: its rate of fire from its ammunition, reliability on a 1', () => {
    const pistol = { reliability: 3, flamer: false };
    const v = fireVolley(scriptedDice([1, 2, 5]), pistol, { jammed: false, ammo: 1 }, 2, (d) => d.d(6));
    expect(v).toMatchObject({ toHitDice: [1], reliabilityRolls: [2], weapon: { jammed: true, ammo: 0 } });
  });
});

describe('skirmish-ru leaving close combat: an agility test, a fail gives a free attack, never an attack after', () => {
  it('a pass at exactly Agility breaks away; still no attack after', () => {
    expect(said(rollLeave(scriptedDice([3]), 3, ['orc']))).toEqual({
      roll: 3,
      target: 3,
      passed: true,
      freeAttackBy: [],
      mayAttackAfter: false,
      events: ['leaving close combat: agility test 3 against 3', 'breaks away'],
    });
  });
  it('a fail at Agility + 1 gives every enemy in contact a free attack', () => {
    const r = rollLeave(scriptedDice([4]), 3, ['orc', 'goblin']);
    expect(r).toMatchObject({ passed: false, freeAttackBy: ['orc', 'goblin'], mayAttackAfter: false });
    expect(en(r.events[1]!)).toBe('fails: a free attack by orc, goblin');
  });
  it('modifiers count: 4 against Agility 3 - 1 fails, against 3 + 1 passes', () => {
    expect(rollLeave(scriptedDice([3]), 3, ['orc'], -1).passed).toBe(false);
    expect(rollLeave(scriptedDice([4]), 3, ['orc'], 1).passed).toBe(true);
  });
});

describe('skirmish-ru shots into close combat hit a random model in it', () => {
  it('two models: a d2 for each hit, friends included', () => {
    const dice = scriptedDice([2, 1, 2]);
    expect(hitsIntoCombat(dice, ['friend', 'enemy'], 3)).toEqual({
      rolls: [2, 1, 2],
      struck: ['enemy', 'friend', 'enemy'],
    });
    expect(dice.rolled).toEqual([
      [2, 2],
      [2, 1],
      [2, 2],
    ]);
  });
  it('three models: a d3; a 3 picks the third', () => {
    expect(hitsIntoCombat(scriptedDice([3]), ['a', 'b', 'c'], 1).struck).toEqual(['c']);
  });
  it('a combat of one model left needs no die', () => {
    expect(hitsIntoCombat(scriptedDice([]), ['lone'], 2)).toEqual({ rolls: [null, null], struck: ['lone', 'lone'] });
  });
  it('no hits, no dice; an empty combat is an error', () => {
    expect(hitsIntoCombat(scriptedDice([]), ['a', 'b'], 0)).toEqual({ rolls: [], struck: [] });
    expect(() => hitsIntoCombat(scriptedDice([]), [], 1)).toThrow(RangeError);
  });
});
