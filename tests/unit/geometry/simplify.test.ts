import { describe, expect, it } from 'vitest';
import { BoxGeometry, BufferGeometry, IcosahedronGeometry, PlaneGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { mergeCoplanar } from '../../../src/geometry/simplify';
import { buildTerrainIndex } from '../../../src/geometry/terrainIndex';
import { computeVisibility } from '../../../src/geometry/visibility';
import { buildWorld } from '../../../src/geometry/world';
import { referenceTable } from '../../bench/referenceTable';

function soup(g: BufferGeometry): Float32Array {
  return new Float32Array((g.index ? g.toNonIndexed() : g).getAttribute('position').array);
}

function area(pos: Float32Array): number {
  let a = 0;
  for (let t = 0; t < pos.length; t += 9) {
    const ux = pos[t + 3]! - pos[t]!,
      uy = pos[t + 4]! - pos[t + 1]!,
      uz = pos[t + 5]! - pos[t + 2]!;
    const vx = pos[t + 6]! - pos[t]!,
      vy = pos[t + 7]! - pos[t + 1]!,
      vz = pos[t + 8]! - pos[t + 2]!;
    a += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  return a;
}

/** True when the point (x, y) on the z = 0 plane lies in one of the triangles. */
function covers(pos: Float32Array, x: number, y: number): boolean {
  for (let t = 0; t < pos.length; t += 9) {
    const s = (ax: number, ay: number, bx: number, by: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const d1 = s(pos[t]!, pos[t + 1]!, pos[t + 3]!, pos[t + 4]!);
    const d2 = s(pos[t + 3]!, pos[t + 4]!, pos[t + 6]!, pos[t + 7]!);
    const d3 = s(pos[t + 6]!, pos[t + 7]!, pos[t]!, pos[t + 1]!);
    if ((d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)) return true;
  }
  return false;
}

describe('mergeCoplanar (exact occluder simplification)', () => {
  it('turns a finely tessellated box into 12 triangles with the same surface area', () => {
    const pos = soup(new BoxGeometry(5, 2, 0.4, 30, 12, 3));
    const merged = mergeCoplanar(pos);
    expect(merged.length / 9).toBe(12);
    expect(area(merged)).toBeCloseTo(area(pos), 4);
  });

  it('merges a rotated, translated box too (float32 noise does not split its faces)', () => {
    const pos = soup(new BoxGeometry(5, 2, 0.4, 30, 12, 3).rotateY(0.7).rotateX(0.2).translate(13.3, 1, 7.1));
    const merged = mergeCoplanar(pos);
    expect(merged.length / 9).toBe(12);
    expect(area(merged)).toBeCloseTo(area(pos), 3);
  });

  it('keeps a window: a wall face with a hole still has the hole after merging', () => {
    // A 3 x 3 grid of unit quads on z = 0 with the middle quad missing.
    const quads: BufferGeometry[] = [];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        if (i !== 1 || j !== 1) quads.push(new PlaneGeometry(1, 1, 2, 2).translate(i + 0.5, j + 0.5, 0));
    const pos = soup(mergeGeometries(quads)!);
    const merged = mergeCoplanar(pos);
    expect(merged.length / 9).toBeLessThan(pos.length / 9);
    expect(area(merged)).toBeCloseTo(8, 5);
    expect(covers(merged, 1.5, 1.5)).toBe(false);
    for (const [x, y] of [
      [0.5, 0.5],
      [2.5, 1.5],
      [1.5, 2.9],
      [0.1, 2.9],
    ] as const)
      expect(covers(merged, x, y)).toBe(true);
  });

  it('leaves a curved surface and overlapping triangles as they were', () => {
    const tri = [0, 0, 0, 2, 0, 0, 0, 2, 0];
    const overlapping = new Float32Array([...tri, ...tri, 0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(mergeCoplanar(overlapping).length).toBe(overlapping.length);
    const ball = soup(new IcosahedronGeometry(1, 3));
    expect(mergeCoplanar(ball)).toEqual(ball);
  });

  it('gives the same visible fractions as the unmerged terrain on the benchmark table (seed 20261129)', () => {
    const { scene, lookup } = referenceTable(20261129);
    const merged = buildWorld(scene, lookup);
    const plain = buildWorld(scene, lookup);
    plain.occluders = buildTerrainIndex(scene, lookup);
    expect(merged.occluders).toBeNull();
    let worst = 0,
      seenSome = 0;
    for (let k = 0; k < 60; k++) {
      const i = (k * 7) % 40,
        j = (k * 13 + 5) % 40;
      if (i === j) continue;
      const a = computeVisibility(merged, merged.bodies[i]!.eye, merged.bodies[j]!, (n) => n === i);
      const b = computeVisibility(plain, plain.bodies[i]!.eye, plain.bodies[j]!, (n) => n === i);
      expect(a.samples).toBe(b.samples);
      worst = Math.max(worst, Math.abs(a.visible - b.visible));
      if (b.visible < b.samples) seenSome++;
    }
    // Cells whose centre ray grazes a shared edge may fall either way: at most one cell in 1024.
    expect(worst).toBeLessThanOrEqual(1);
    expect(seenSome).toBeGreaterThan(10);
    expect(merged.occluders!.triangleCount).toBeLessThan(plain.terrain.triangleCount / 2);
    // Two builds of the 175k-triangle table and a merge: about 3 s, past the default 5 s on a busy machine.
  }, 30_000);
});
