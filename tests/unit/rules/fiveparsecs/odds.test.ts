/**
 * The hover hint's odds of a Five Parsecs shot and Brawl (`play.odds`): the face a D6 needs with the
 * firer's Combat Skill, at the 6" open-target threshold and either side of it, in cover, when Seizing
 * the Initiative, and a Brawl's chance of Hitting counted over both dice.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { fakeTable, openSight } from '../../../support/fakeTable';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import { layoutOf } from '../../../../src/rules/fiveparsecs/game';
import { midRound } from './fixture';

// A.captain: Combat Skill +1, Military rifle 24" (1 shot), Blade. B.gangers-1: Combat Skill 0, Blade.
const place = { 'A.captain': [18, 18], 'B.gangers-1': [18, 10] } as Record<string, [number, number]>;
const shot = { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' } as const;

function oddsAt(d: number, cover = false, phase: 'quick' | 'seized' = 'quick') {
  const s = midRound(place, phase);
  const q = fakeTable({
    sight: () =>
      cover
        ? openSight({
            visibleFraction: 0.6,
            hidden: { terrain: 0.4, vehicles: 0, models: 0, smoke: 0 },
            coverPieces: [{ id: 'crates', kind: 'obstacle', share: 0.4, distance: 0.5 }],
          })
        : openSight(),
    override: () => ({ distance: () => d }),
  });
  return fiveparsecs.play.odds(s, q.at(layoutOf(s)), shot)!;
}

describe('fiveparsecs odds: a shot', () => {
  it.each([
    // Unmoved, the captain aims: a 1 that misses is rolled again (p + p/6).
    [5.99, 2, 5 / 6 + 5 / 36, 'open target within 6"'],
    [6, 2, 5 / 6 + 5 / 36, 'open target within 6"'],
    [6.01, 4, 3 / 6 + 3 / 36, 'open target in range'],
  ])('open target at %s": %s+ on the D6 (base number - Combat Skill 1), chance %s', (d, score, chance, why) => {
    const o = oddsAt(d);
    expect(o.need).toEqual({ score, die: 6 });
    expect(o.chance).toBeCloseTo(chance, 12);
    expect(o.dice).toBe(1);
    expect(en(o.cover!)).toBe(why);
  });
  it('in cover within 6": 5+ base, so 4+ on the die; beyond 6": 6+, so 5+; 40 % hidden', () => {
    const o = oddsAt(5, true);
    expect(o.need).toEqual({ score: 4, die: 6 });
    expect(o.chance).toBeCloseTo(3 / 6 + 3 / 36, 12);
    expect(o.hidden).toBeCloseTo(0.4, 12);
    expect(en(o.cover!)).toBe('covered target within 6"');
    const far = oddsAt(6.01, true);
    expect(far.need).toEqual({ score: 5, die: 6 });
    expect(far.chance).toBeCloseTo(2 / 6 + 2 / 36, 12);
    expect(en(far.cover!)).toBe('covered target in range');
  });
  it('Seizing the Initiative: a natural 6 only', () => {
    const o = oddsAt(5, false, 'seized');
    expect(o.need).toEqual({ score: 6, die: 6 });
    expect(o.chance).toBeCloseTo(1 / 6 + 1 / 36, 12);
    expect(o.notes!.map(en)).toEqual(['a natural 6 (Seize the Initiative)', 'aimed (not moved): a 1 is rolled again']);
  });
  it('after a move there is no aim: 4+ at 6.01" is 3 in 6, and no aim note', () => {
    const s = midRound(place, 'quick', (x) => ({
      ...x,
      figures: { ...x.figures, 'A.captain': { ...x.figures['A.captain']!, moved: true } },
    }));
    const q = fakeTable({ override: () => ({ distance: () => 6.01 }) });
    const o = fiveparsecs.play.odds(s, q.at(layoutOf(s)), shot)!;
    expect(o.chance).toBeCloseTo(3 / 6, 12);
    expect(o.notes ?? []).toEqual([]);
  });
  it("a Brawl: 1D6 +3 against 1D6 +2 Hits the foe in 26 of 36 pairs (a win, a draw, a 6, the foe's 1)", () => {
    const s = midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 17] });
    const o = fiveparsecs.play.odds(s, fakeTable().at(layoutOf(s)), {
      type: 'brawl',
      figure: 'A.captain',
      target: 'B.gangers-1',
    })!;
    expect(o.chance).toBeCloseTo(26 / 36, 12);
    expect(o.notes!.map(en)).toEqual(['1D6 +3 against 1D6 +2; the higher Hits, a draw Hits both']);
  });
});
