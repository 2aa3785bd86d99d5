/**
 * The hover hint's odds of a BLKOUT shot (`play.odds`): the skill check the shot will roll, at the cover
 * threshold (half hidden, less the geometry's 0.01) and either side of it, and with and without CQB's
 * re-roll (within half the weapon's range).
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { fakeTable, openSight } from '../../../support/fakeTable';
import blkout from '../../../../src/rules/blkout';
import { HALF } from '../../../../src/rules/blkout/cover';
import { layoutOf } from '../../../../src/rules/blkout/game';
import { midGame } from './fixture';

// A1.0: Harlow grunt, Skill 4, FAL-32C 24" CQB. B1.0: Bratva grunt.
const near = midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] });
const far = midGame({ 'A1.0': [10, 6], 'B1.0': [10, 30], 'A2.0': [2, 2], 'B2.0': [34, 34] });
const shot = { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' } as const;

/** A table where a wall 3" from the target hides `share` of it. */
const behindWall = (share: number) =>
  fakeTable({
    sight: () =>
      openSight({
        visibleFraction: 1 - share,
        hidden: { terrain: share, vehicles: 0, models: 0, smoke: 0 },
        coverPieces: [{ id: 'wall', kind: 'obstacle', share, distance: 3 }],
      }),
  });

const oddsAt = (s: typeof near, share: number) => blkout.play.odds(s, behindWall(share).at(layoutOf(s)), shot)!;

describe('blkout odds: a shot', () => {
  it('in the open within half range: 4+ on D10 (Skill 4), 3 dice, failed dice re-rolled (CQB): 1 - 0.09³', () => {
    const o = oddsAt(near, 0);
    expect(o.need).toEqual({ score: 4, die: 10 });
    expect(o.dice).toBe(3);
    expect(o.chance).toBeCloseTo(1 - 0.09 ** 3, 12);
    expect(o.hidden).toBe(0);
    expect(en(o.cover!)).toBe('no cover');
    expect(o.notes!.map(en)).toEqual(['failed dice re-rolled']);
  });
  it('beyond half range: no re-roll, 1 - 0.3³', () => {
    const o = oddsAt(far, 0);
    expect(o.dice).toBe(3);
    expect(o.chance).toBeCloseTo(1 - 0.3 ** 3, 12);
    expect(o.notes).toEqual([]);
  });
  it.each([
    [HALF - 0.001, 3, 'no cover'],
    [HALF, 2, 'partial cover'],
    [HALF + 0.001, 2, 'partial cover'],
  ])('%s hidden behind a wall: %s dice, %s', (share, dice, cover) => {
    const o = oddsAt(far, share);
    expect(o.dice).toBe(dice);
    expect(o.chance).toBeCloseTo(1 - 0.3 ** dice, 12);
    expect(o.hidden).toBeCloseTo(share, 12);
    expect(en(o.cover!)).toBe(cover);
  });
  it('a move is no attack: no odds', () => {
    expect(blkout.play.odds(near, fakeTable(), { type: 'end-activation' })).toBeNull();
  });
});
