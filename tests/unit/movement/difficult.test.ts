/** Difficult ground along a route: the exact inches of a polyline over convex footprints, overlaps counted once. */
import { describe, expect, it } from 'vitest';
import { clipSegment, concealmentBetween, insideHull, lengthInside } from '../../../src/movement/difficult';

/** A rectangle [x0, z0]-[x1, z1] as a footprint (clockwise or not). */
const rect = (x0: number, z0: number, x1: number, z1: number, cw = false): Float64Array =>
  new Float64Array(cw ? [x0, z0, x0, z1, x1, z1, x1, z0] : [x0, z0, x1, z0, x1, z1, x0, z1]);

describe('lengthInside', () => {
  it('a straight line across a 2" wide strip: exactly 2", either way round the footprint', () => {
    expect(
      lengthInside(
        [
          [0, 5],
          [10, 5],
        ],
        [rect(3, 0, 5, 10)],
      ),
    ).toBeCloseTo(2, 12);
    expect(
      lengthInside(
        [
          [0, 5],
          [10, 5],
        ],
        [rect(3, 0, 5, 10, true)],
      ),
    ).toBeCloseTo(2, 12);
    expect(
      lengthInside(
        [
          [0, 5],
          [10, 5],
        ],
        [rect(3, 0, 4.99, 10)],
      ),
    ).toBeCloseTo(1.99, 12);
  });
  it('a route ending inside counts only the part inside; a line missing the footprint counts 0', () => {
    expect(
      lengthInside(
        [
          [0, 5],
          [4, 5],
        ],
        [rect(3, 0, 5, 10)],
      ),
    ).toBeCloseTo(1, 12);
    expect(
      lengthInside(
        [
          [0, 11],
          [10, 11],
        ],
        [rect(3, 0, 5, 10)],
      ),
    ).toBe(0);
  });
  it('a diagonal through a square: the chord', () => {
    expect(
      lengthInside(
        [
          [0, 0],
          [10, 10],
        ],
        [rect(2, 2, 4, 4)],
      ),
    ).toBeCloseTo(2 * Math.SQRT2, 12);
  });
  it('overlapping pieces count once; a bent route sums its legs', () => {
    expect(
      lengthInside(
        [
          [0, 5],
          [10, 5],
        ],
        [rect(2, 0, 5, 10), rect(4, 0, 6, 10)],
      ),
    ).toBeCloseTo(4, 12);
    expect(
      lengthInside(
        [
          [0, 5],
          [4, 5],
          [4, 9],
        ],
        [rect(3, 0, 5, 8)],
      ),
    ).toBeCloseTo(1 + 3, 12);
  });
  it('clipSegment: a segment along an edge is inside; wholly outside is null', () => {
    expect(clipSegment(rect(0, 0, 2, 2), 0, 0, 2, 0)).toEqual([0, 1]);
    expect(clipSegment(rect(0, 0, 2, 2), 3, 0, 5, 0)).toBeNull();
  });
});

describe('concealment between two points: the concealing piece the target stands in, and one the line crosses', () => {
  // A 2" square of foliage from (4, 4) to (6, 6), and crops from (10, 0) to (12, 10).
  const foliage = { id: 'foliage', hull: new Float64Array([4, 4, 6, 4, 6, 6, 4, 6]) };
  const crops = { id: 'crops', hull: new Float64Array([10, 0, 12, 0, 12, 10, 10, 10]) };
  it('inside: on the edge counts, 0.01" out does not', () => {
    expect(insideHull(foliage.hull, 6, 5)).toBe(true);
    expect(insideHull(foliage.hull, 6.01, 5)).toBe(false);
  });
  it('a target in the foliage, the line crossing the crops: both; a viewer standing in the crops sees through none', () => {
    expect(concealmentBetween([foliage, crops], [15, 5], [5, 5])).toEqual({ inside: 'foliage', through: 'crops' });
    expect(concealmentBetween([foliage, crops], [11, 5], [5, 5])).toEqual({ inside: 'foliage', through: null });
    expect(concealmentBetween([foliage, crops], [0, 5], [8, 5])).toEqual({ inside: null, through: 'foliage' });
    expect(concealmentBetween([foliage, crops], [0, 7], [8, 7])).toEqual({ inside: null, through: null });
  });
});
