/**
 * Builds the shipped terrain meshes in assets/terrain from boxes, so they can be regenerated and
 * reviewed as code: `npx tsx src/cli/make-terrain.ts`.
 *  - bunker.glb: a closed structure (7" x 5", walls 3" high) with an interior, a roof, four windows
 *    and a door, origin at the centre of its floor.
 *  - crates.stl: a stack of cargo crates (Z-up STL, inches), origin at the centre of its footprint.
 */
import { writeFileSync } from 'node:fs';
import { BoxGeometry, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { writeGlb, writeStl } from '../io/meshWrite';

function box(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): BufferGeometry {
  return new BoxGeometry(maxX - minX, maxY - minY, maxZ - minZ)
    .translate((minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2)
    .toNonIndexed()
    .deleteAttribute('normal')
    .deleteAttribute('uv');
}

/** A wall along x from x0 to x1 at z in [z0, z1], height h, with openings [from, to, bottom, top]. */
function wallX(x0: number, x1: number, z0: number, z1: number, h: number, openings: number[][]): BufferGeometry[] {
  const parts: BufferGeometry[] = [];
  let x = x0;
  for (const [from = 0, to = 0, bottom = 0, top = 0] of openings) {
    if (from > x) parts.push(box(x, 0, z0, from, h, z1));
    if (bottom > 0) parts.push(box(from, 0, z0, to, bottom, z1));
    if (top < h) parts.push(box(from, top, z0, to, h, z1));
    x = to;
  }
  if (x < x1) parts.push(box(x, 0, z0, x1, h, z1));
  return parts;
}

function bunker(): BufferGeometry {
  const hx = 3.5;
  const hz = 2.5;
  const t = 0.4;
  const h = 3;
  const window = (c: number): number[] => [c - 0.5, c + 0.5, 1.2, 2.2];
  const parts: BufferGeometry[] = [
    ...wallX(-hx, hx, -hz, -hz + t, h, [window(-1.6), window(1.6)]),
    ...wallX(-hx, hx, hz - t, hz, h, [window(-1.6), window(1.6)]),
  ];
  // Short walls along z: built along x, then turned a quarter turn about y ((x, z) -> (-z, x)),
  // a rotation rather than an axis swap so the triangles keep their outward winding.
  const door = [-0.75, 0.75, 0, 2.2];
  const westWall = wallX(-hz + t, hz - t, hx - t, hx, h, [door]);
  const eastWall = wallX(-hz + t, hz - t, -hx, -hx + t, h, [window(0)]);
  for (const g of [...westWall, ...eastWall]) parts.push(g.rotateY(-Math.PI / 2));
  parts.push(box(-hx, h, -hz, hx, h + 0.3, hz)); // roof
  const merged = mergeGeometries(parts);
  if (!merged) throw new Error('bunker: could not merge wall parts');
  return merged;
}

function crates(): BufferGeometry {
  const merged = mergeGeometries([box(-1.25, 0, -0.7, 1.25, 1.4, 0.7), box(-1.1, 1.4, -0.55, 0.3, 2.5, 0.55)]);
  if (!merged) throw new Error('crates: could not merge parts');
  return merged;
}

const out = new URL('../../assets/terrain/', import.meta.url);
writeFileSync(new URL('bunker.glb', out), writeGlb(bunker()));
writeFileSync(new URL('crates.stl', out), writeStl(crates()));
console.log('wrote assets/terrain/bunker.glb and assets/terrain/crates.stl');
