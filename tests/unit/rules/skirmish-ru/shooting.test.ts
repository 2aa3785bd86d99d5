/** Shooting: cover categories at 30 % and 80 % hidden, the to-hit modifiers, d6 <= Shooting + modifiers, who may shoot. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  COVER_SHARE,
  coverOf,
  coverOfVisible,
  HIDDEN_SHARE,
  LARGE_HEIGHT,
  randomInCombat,
  rollShots,
  rollToHit,
  shotRefusal,
  sizeOfHeight,
  toHitModifiers,
  type ShotPermission,
} from '../../../../src/rules/skirmish-ru/shooting';

describe('skirmish-ru cover: "30% скрыто" -1, "80-90% скрыто" -2', () => {
  it.each([
    [0, 'none', 0],
    [0.299, 'none', 0],
    [0.3, 'cover', -1],
    [0.301, 'cover', -1],
    [0.799, 'cover', -1],
    [0.8, 'hidden', -2],
    [0.801, 'hidden', -2],
    [1, 'hidden', -2],
  ] as const)('hidden share %s: %s (%s)', (share, cover, modifier) => {
    expect(coverOf(share)).toEqual({ cover, modifier });
  });
  it('the bounds are 0.3 and 0.8; a share outside 0..1 is refused', () => {
    expect([COVER_SHARE, HIDDEN_SHARE]).toEqual([0.3, 0.8]);
    expect(() => coverOf(-0.01)).toThrow(new RangeError('hidden share -0.01 is not in 0..1'));
    expect(() => coverOf(1.01)).toThrow(new RangeError('hidden share 1.01 is not in 0..1'));
    expect(() => coverOf(Number.NaN)).toThrow(new RangeError('hidden share NaN is not in 0..1'));
    expect(coverOf(0)).toEqual({ cover: 'none', modifier: 0 });
    expect(coverOf(1)).toEqual({ cover: 'hidden', modifier: -2 });
  });
  it('from the visible share: 70 % visible is cover, 20 % visible is hidden', () => {
    expect(coverOfVisible(0.701).cover).toBe('none');
    expect(coverOfVisible(0.7).cover).toBe('cover');
    expect(coverOfVisible(0.201).cover).toBe('cover');
    expect(coverOfVisible(0.2).cover).toBe('hidden');
  });
});

describe('skirmish-ru target size: large from 2" tall', () => {
  it.each([
    [1.99, 'normal'],
    [2, 'large'],
    [2.01, 'large'],
  ] as const)('%s" tall: %s', (h, size) => {
    expect(LARGE_HEIGHT).toBe(2);
    expect(sizeOfHeight(h)).toBe(size);
  });
});

describe('skirmish-ru to-hit modifiers', () => {
  it('each modifier alone', () => {
    expect(toHitModifiers({ hiddenShare: 0 })).toEqual([]);
    expect(toHitModifiers({ hiddenShare: 0.5 })).toEqual([{ reason: 'cover', value: -1 }]);
    expect(toHitModifiers({ hiddenShare: 0.85 })).toEqual([{ reason: 'hidden', value: -2 }]);
    expect(toHitModifiers({ hiddenShare: 0, reserved: true })).toEqual([{ reason: 'reserved', value: -1 }]);
    expect(toHitModifiers({ hiddenShare: 0, targetSprinted: true })).toEqual([{ reason: 'sprinted', value: -1 }]);
    expect(toHitModifiers({ hiddenShare: 0, targetSize: 'small' })).toEqual([{ reason: 'small', value: -1 }]);
    expect(toHitModifiers({ hiddenShare: 0, targetSize: 'normal' })).toEqual([]);
    expect(toHitModifiers({ hiddenShare: 0, targetSize: 'large' })).toEqual([{ reason: 'large', value: 1 }]);
  });
  it('they add up: hidden, reserved, sprinted and large is -3', () => {
    const m = toHitModifiers({ hiddenShare: 0.9, reserved: true, targetSprinted: true, targetSize: 'large' });
    expect(m.map((x) => x.reason)).toEqual(['hidden', 'reserved', 'sprinted', 'large']);
    expect(m.reduce((a, x) => a + x.value, 0)).toBe(-3);
  });
});

describe('skirmish-ru to-hit roll: d6 <= Shooting + modifiers', () => {
  const cover = toHitModifiers({ hiddenShare: 0.3 });
  const hidden = toHitModifiers({ hiddenShare: 0.8, reserved: true });
  it.each([
    [4, [], 3, true],
    [4, [], 4, true],
    [4, [], 5, false],
    [4, cover, 2, true],
    [4, cover, 3, true],
    [4, cover, 4, false],
    [4, hidden, 1, true],
    [4, hidden, 2, false],
  ] as const)('Shooting %s, modifiers %j, die %s: hit %s', (shooting, mods, die, hit) => {
    const dice = scriptedDice([die]);
    expect(rollToHit(dice, shooting, mods).hit).toBe(hit);
    expect(dice.remaining).toBe(0);
  });
  it('a 1 calls the reliability roll, hit or miss; no other face does', () => {
    expect(rollToHit(scriptedDice([1]), 4, [])).toEqual({ roll: 1, target: 4, hit: true, reliabilityDue: true });
    expect(rollToHit(scriptedDice([2]), 4, [])).toMatchObject({ hit: true, reliabilityDue: false });
    // Shooting 2, hidden (-2) and reserved (-1): target -1, even a 1 misses, and reliability is still due
    expect(rollToHit(scriptedDice([1]), 2, hidden)).toEqual({ roll: 1, target: -1, hit: false, reliabilityDue: true });
  });
  it('rate of fire: one roll per shot', () => {
    const dice = scriptedDice([2, 5]);
    expect(rollShots(dice, 4, [], 2).map((r) => r.hit)).toEqual([true, false]);
    expect(dice.remaining).toBe(0);
  });
});

describe('skirmish-ru who may shoot', () => {
  const ok: ShotPermission = {
    inArc: true,
    los: true,
    distance: 10,
    reach: 24,
    pistol: false,
    melee: false,
    inCloseCombat: false,
    moved: 'move',
  };
  it('in sight, in the front arc, in range, after a plain move', () => {
    expect(shotRefusal(ok)).toBeNull();
    expect(shotRefusal({ ...ok, moved: 'none' })).toBeNull();
  });
  it.each([
    [23.99, null],
    [24, null],
    [24.01, 'out-of-range'],
  ] as const)('at %s" with a 24" weapon: %s', (distance, out) => {
    expect(shotRefusal({ ...ok, distance })).toBe(out);
  });
  it('refusals', () => {
    expect(shotRefusal({ ...ok, inArc: false })).toBe('out-of-arc');
    expect(shotRefusal({ ...ok, los: false })).toBe('no-sight');
    expect(shotRefusal({ ...ok, moved: 'run' })).toBe('ran');
    expect(shotRefusal({ ...ok, moved: 'sprint' })).toBe('ran');
    expect(shotRefusal({ ...ok, melee: true })).toBe('melee-weapon');
    expect(shotRefusal({ ...ok, inCloseCombat: true })).toBe('close-combat');
  });
  it('a pistol may fire from close combat', () => {
    expect(shotRefusal({ ...ok, inCloseCombat: true, pistol: true, reach: 8, distance: 1 })).toBeNull();
  });
  it('a hit on a close combat strikes a random model in it', () => {
    expect(randomInCombat(scriptedDice([]), 1)).toBe(0);
    expect(randomInCombat(scriptedDice([2]), 2)).toBe(1);
    const dice = scriptedDice([3]);
    expect(randomInCombat(dice, 3)).toBe(2);
    expect(dice.rolled).toEqual([[3, 3]]);
    expect(() => randomInCombat(scriptedDice([]), 0)).toThrow(new RangeError('a close combat of 0 models'));
    expect(() => randomInCombat(scriptedDice([]), 1.5)).toThrow(new RangeError('a close combat of 1.5 models'));
  });
});
