/**
 * The hover hint's odds of a Counterblast attack (`play.odds`): the Zap check the shot will roll, its
 * Difficulty at the short-range threshold (8") and either side of it, and the cover dice the defence adds
 * at the cover threshold (a third hidden by terrain).
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { fakeTable, openSight } from '../../../support/fakeTable';
import counterblast from '../../../../src/rules/counterblast';
import { layoutOf } from '../../../../src/rules/counterblast/game';
import { midBattle } from './fixture';

// A.gunner-1: Zap 4, Rifle 24" damage 1. B.thug-1 the target.
const s = midBattle({ 'A.gunner-1': [10, 10], 'B.thug-1': [10, 20], 'B.enforcer': [40, 34] });
const shot = { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' } as const;

/** The odds with the target `d` inches away, `share` of it hidden by a `kind` piece. */
function oddsAt(d: number, share = 0, kind: 'area' | 'obstacle' = 'obstacle') {
  const q = fakeTable({
    sight: () =>
      openSight({
        visibleFraction: 1 - share,
        hidden: { terrain: share, vehicles: 0, models: 0, smoke: 0 },
        coverPieces: share > 0 ? [{ id: 'wall', kind, share, distance: 1 }] : [],
      }),
    override: () => ({ distance: () => d }),
  });
  return counterblast.play.odds(s, q.at(layoutOf(s)), shot)!;
}

describe('counterblast odds: a shot', () => {
  it.each([
    [7.99, 7, 1 - 0.6 ** 4],
    [8, 7, 1 - 0.6 ** 4],
    [8.01, 8, 1 - 0.7 ** 4],
  ])('at %s": Difficulty %s on D10, 4 dice (Zap 4), chance %s', (d, difficulty, chance) => {
    const o = oddsAt(d);
    expect(o.need).toEqual({ score: difficulty, die: 10 });
    expect(o.dice).toBe(4);
    expect(o.chance).toBeCloseTo(chance, 12);
    expect(en(o.cover!)).toBe('no cover');
    expect(o.notes!.map(en)).toEqual(['1 damage per success']);
  });
  it.each([
    [0.33, 'no cover'],
    [1 / 3, 'heavy cover (+2D Defense)'],
  ])('%s hidden behind a wall: %s', (share, cover) => {
    const o = oddsAt(10, share);
    expect(en(o.cover!)).toBe(cover);
    expect(o.hidden).toBeCloseTo(share, 12);
  });
  it('a third hidden in area terrain: light cover (+1D Defense); under a third seen: Obscured', () => {
    expect(en(oddsAt(10, 0.5, 'area').cover!)).toBe('light cover (+1D Defense)');
    expect(oddsAt(10, 0.7, 'area').notes!.map(en)).toEqual(['1 damage per success', 'Obscured']);
  });
  it('a strike is Grit against its Difficulty, with no cover', () => {
    const o = counterblast.play.odds(s, fakeTable().at(layoutOf(s)), {
      type: 'strike',
      model: 'A.gunner-1',
      weapon: 0,
      target: 'B.thug-1',
    })!;
    expect(o.need?.die).toBe(10);
    expect(o.cover).toBeUndefined();
  });
});
