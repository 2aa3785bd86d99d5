/**
 * Difficult ground's divisor (`difficultEvery: 2`: +1" per full 2" moved in it), probed on both
 * sides: a route with exactly 2" and 4" in difficult ground, and just less and just more.
 */
import { describe, expect, it } from 'vitest';
import { measuredPath } from '../../../src/movement/path';
import { model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };

/**
 * A straight 10" move from x 10 to x 20 across rubble `width` inches wide starting at x 12.525.
 * The route is sampled every 0.05" from x 10; the rubble's edges sit between samples, so the
 * length counted in it is exactly its width when that is a multiple of 0.05".
 */
function across(width: number, difficultEvery = 2) {
  const x0 = 12.525;
  const w = world({
    table: TABLE,
    terrain: [
      {
        id: 'rubble',
        kind: 'area',
        shape: 'box',
        center: [x0 + width / 2, 0.2, 10],
        size: [width, 0.4, 20],
        difficult: true,
        blocksLos: false,
      },
    ],
    models: [model('m', 10, 10)],
  });
  return measuredPath(w, 'm', [20, 0, 10], { difficultEvery });
}

describe('difficult ground: +1" per full 2" moved in it', () => {
  it.each([
    [1.95, 0],
    [2, 1],
    [2.05, 1],
    [3.95, 1],
    [4, 2],
    [4.05, 2],
  ])('%s" in difficult ground adds %s"', (width, extra) => {
    const p = across(width);
    expect(p.reachable).toBe(true);
    expect(p.horizontal).toBeCloseTo(10, 9);
    expect(p.difficultExtra).toBe(extra);
    expect(p.length).toBeCloseTo(10 + extra, 9);
  });
  it('the divisor is the ruleset\'s: every 2.5" counts 4" as one extra inch, every 1" as four', () => {
    expect(across(4, 2.5).difficultExtra).toBe(1);
    expect(across(4, 1).difficultExtra).toBe(4);
  });
});
