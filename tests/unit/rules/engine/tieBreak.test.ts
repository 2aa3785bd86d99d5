import { describe, expect, it } from 'vitest';
import { bestBy, tieBreaker } from '../../../../src/rules/engine/tieBreak';

const match = (seed: number, moves: number) => ({ rng: { seed, n: 0 }, log: Array.from({ length: moves }) });

describe('bot tie-breaker', () => {
  it('gives the same number for the same match, decision, player and key (a replay chooses alike)', () => {
    expect(tieBreaker(match(7, 3), 'A')('f1')).toBe(tieBreaker(match(7, 3), 'A')('f1'));
    const x = tieBreaker(match(7, 3), 'A')('f1');
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThan(1);
  });

  it('orders the same keys differently across seeds, decisions and players', () => {
    const keys = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'];
    const order = (t: (k: string) => number) => [...keys].sort((a, b) => t(a) - t(b)).join(',');
    const orders = new Set([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => order(tieBreaker(match(seed, 0), 'A'))),
      order(tieBreaker(match(1, 1), 'A')),
      order(tieBreaker(match(1, 0), 'B')),
    ]);
    // 10 streams over 720 orders: nearly all distinct (a fixed order would give 1).
    expect(orders.size).toBeGreaterThanOrEqual(8);
  });
});

describe('bestBy', () => {
  const spots = [{ x: 0 }, { x: 1 }, { x: 2 }, { x: 3 }];
  it('takes the highest value when it stands alone, whatever the tie-breaker', () => {
    for (const seed of [1, 2, 3]) expect(bestBy(spots, (s) => s.x, tieBreaker(match(seed, 0), 'A'))).toEqual({ x: 3 });
  });

  it('picks among the items within the tolerance of the best by the tie-breaker, and never one below it', () => {
    const value = (s: { x: number }) => (s.x >= 1 ? 11 - s.x : 0);
    // 1, 2 and 3 score 10, 9 and 8: within 1 of 10 are 1 and 2 (exactly at the edge); 3 is past it.
    const picked = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => bestBy(spots, value, tieBreaker(match(seed, 0), 'A'), 1)!.x),
    );
    expect(picked).toEqual(new Set([1, 2]));
    expect(bestBy([], value, tieBreaker(match(1, 0), 'A'))).toBeNull();
  });
});
