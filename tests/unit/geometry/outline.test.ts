import { describe, expect, it } from 'vitest';
import { BoxGeometry, BufferGeometry, EdgesGeometry, Float32BufferAttribute, TorusKnotGeometry } from 'three';
import { sharpEdges } from '../../../src/geometry/outline';
import { boulder, rubble, ruin, structure, wall } from '../../bench/referenceTable';
import { mulberry32 } from '../../support/rng';

/** three's EdgesGeometry of the same triangles: the reference the outline must equal exactly. */
function threeEdges(positions: Float32Array, indices: Uint32Array | Uint16Array | null, degrees: number) {
  const g = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(positions, 3));
  if (indices) g.setIndex(Array.from(indices));
  return new EdgesGeometry(g, degrees).getAttribute('position').array as Float32Array;
}

function same(g: BufferGeometry, degrees: number): { ours: Float32Array; theirs: Float32Array } {
  const positions = g.getAttribute('position').array as Float32Array;
  const indices = (g.index?.array as Uint32Array | Uint16Array | undefined) ?? null;
  return { ours: sharpEdges(positions, indices, degrees), theirs: threeEdges(positions, indices, degrees) };
}

describe('sharpEdges: three EdgesGeometry, with whole-number keys', () => {
  it.each([1, 20, 60])("equals three's segments exactly on the big table's generated terrain at %i°", (degrees) => {
    const rnd = mulberry32(40); // seed 40
    let segments = 0;
    for (const g of [ruin(rnd), rubble(rnd), boulder(rnd), wall(12, 3), structure()]) {
      const { ours, theirs } = same(g, degrees);
      expect(ours).toEqual(theirs);
      segments += ours.length / 6;
    }
    expect(segments).toBeGreaterThan(1000);
  });

  it('equals three on indexed geometry (a box, a torus knot)', () => {
    for (const g of [new BoxGeometry(2, 3, 4, 3, 2, 1), new TorusKnotGeometry(3, 1, 64, 8)]) {
      const { ours, theirs } = same(g, 20);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(theirs);
    }
  });

  it('draws the fold of two triangles only past the threshold angle, and every open edge', () => {
    // Two triangles on the edge (0,0,0)-(1,0,0), folded by 30°: a hinge between them.
    const fold = (deg: number) => {
      const r = (deg * Math.PI) / 180;
      return new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, Math.sin(r), -Math.cos(r)]);
    };
    const flat = sharpEdges(fold(0), null, 20);
    expect(flat.length / 6).toBe(4); // the four open edges; the flat hinge is not drawn
    expect(sharpEdges(fold(30), null, 20).length / 6).toBe(5); // 30° > 20°: the hinge too
    expect(sharpEdges(fold(30), null, 40).length / 6).toBe(4);
    for (const deg of [0, 30]) expect(sharpEdges(fold(deg), null, 20)).toEqual(threeEdges(fold(deg), null, 20));
  });

  it('skips degenerate triangles and treats duplicated and non-manifold edges as three does', () => {
    const tri = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    const back = [1, 0, 0, 0, 0, 0, 0, -1, 0];
    const soup = new Float32Array([
      ...tri,
      ...tri, // a duplicate: its edges are already held
      ...back, // shares the edge (0,0,0)-(1,0,0) the other way: matched once
      ...back, // a third triangle on that edge: held anew
      0,
      0,
      0,
      0.00001,
      0,
      0,
      0,
      0,
      1, // degenerate after rounding to 1e-4
      2,
      2,
      2,
      2,
      2,
      2,
      3,
      3,
      3, // degenerate
    ]);
    const ours = sharpEdges(soup, null, 20);
    expect(ours).toEqual(threeEdges(soup, null, 20));
    expect(ours.length / 6).toBe(5);
  });

  it('gives nothing for no triangles', () => {
    expect(sharpEdges(new Float32Array(0), null, 20).length).toBe(0);
  });
});
