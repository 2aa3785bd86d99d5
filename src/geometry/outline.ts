/**
 * A mesh's outline: the edges where the two triangles that share them meet at more than a threshold
 * angle, and the edges only one triangle has. The result is exactly three's EdgesGeometry's (the same
 * segments, in the same order, to the float: outline.test.ts compares them), computed with whole-number
 * keys instead of strings: three keys every corner and every directed edge by a string such as
 * "12,-30,4_12,-29,4" and spends two seconds on the half a million triangles of a big table; here a
 * corner is a welded vertex id (its coordinates rounded to 1e-4, as three rounds them) and an edge a
 * number in an open-addressing table (KeyIndex), which takes a tenth of that.
 */
import { KeyIndex } from './keyIndex';
import { weld } from './simplify';

/** three's EdgesGeometry rounds coordinates to this many steps per unit before comparing them. */
const PRECISION = 1e4;

/**
 * The outline of a triangle mesh (`positions` xyz per vertex; `indices` three per triangle, or null for
 * a flat list of triangles) at `thresholdDegrees`, as line segments (two points, six numbers each).
 */
export function sharpEdges(
  positions: ArrayLike<number>,
  indices: ArrayLike<number> | null,
  thresholdDegrees: number,
): Float32Array {
  // An indexed mesh is read as its flat list of triangles (the same floats, so the same segments).
  const p = indices ? flatten(positions, indices) : positions;
  const corners = p.length / 3;
  const { ids, verts } = weld(p, PRECISION);
  const vertices = verts.length / 3;
  const thresholdDot = Math.cos((Math.PI / 180) * thresholdDegrees);
  // Directed edges in order of first appearance: the corners they run between, the normal of the
  // triangle that first had them, and whether a sibling (the same edge the other way) has used them up.
  const edges = new KeyIndex(corners);
  const from = new Int32Array(corners);
  const to = new Int32Array(corners);
  const normals = new Float64Array(corners * 3);
  const spent = new Uint8Array(corners);
  const out: number[] = [];
  for (let t = 0; t + 2 < corners; t += 3) {
    const a = ids[t]!,
      b = ids[t + 1]!,
      c = ids[t + 2]!;
    if (a === b || b === c || c === a) continue;
    const ia = t * 3,
      ib = ia + 3,
      ic = ia + 6;
    // three's Triangle.getNormal: (c - b) x (a - b), scaled to unit length.
    const ux = p[ic]! - p[ib]!,
      uy = p[ic + 1]! - p[ib + 1]!,
      uz = p[ic + 2]! - p[ib + 2]!;
    const wx = p[ia]! - p[ib]!,
      wy = p[ia + 1]! - p[ib + 1]!,
      wz = p[ia + 2]! - p[ib + 2]!;
    let nx = uy * wz - uz * wy,
      ny = uz * wx - ux * wz,
      nz = ux * wy - uy * wx;
    const lengthSq = nx * nx + ny * ny + nz * nz;
    if (lengthSq > 0) {
      const s = 1 / Math.sqrt(lengthSq);
      nx *= s;
      ny *= s;
      nz *= s;
    } else nx = ny = nz = 0;
    for (let j = 0; j < 3; j++) {
      const k = (j + 1) % 3;
      const v0 = ids[t + j]!,
        v1 = ids[t + k]!;
      const sibling = edges.get(v1 * vertices + v0);
      if (sibling >= 0 && !spent[sibling]) {
        const s = 3 * sibling;
        if (nx * normals[s]! + ny * normals[s + 1]! + nz * normals[s + 2]! <= thresholdDot) {
          const c0 = (t + j) * 3,
            c1 = (t + k) * 3;
          out.push(p[c0]!, p[c0 + 1]!, p[c0 + 2]!, p[c1]!, p[c1 + 1]!, p[c1 + 2]!);
        }
        spent[sibling] = 1;
      } else {
        // Held the first time only (three keeps the first triangle's normal for a repeated edge).
        const held = edges.size;
        const e = edges.add(v0 * vertices + v1);
        if (e < held) continue;
        from[e] = (t + j) * 3;
        to[e] = (t + k) * 3;
        normals[3 * e] = nx;
        normals[3 * e + 1] = ny;
        normals[3 * e + 2] = nz;
      }
    }
  }
  for (let e = 0; e < edges.size; e++) {
    if (spent[e]) continue;
    const c0 = from[e]!,
      c1 = to[e]!;
    out.push(p[c0]!, p[c0 + 1]!, p[c0 + 2]!, p[c1]!, p[c1 + 1]!, p[c1 + 2]!);
  }
  return new Float32Array(out);
}

/** The triangles of an indexed mesh as a flat list of corners (xyz each). */
function flatten(positions: ArrayLike<number>, indices: ArrayLike<number>): Float32Array {
  const out = new Float32Array(indices.length * 3);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]! * 3;
    out[3 * i] = positions[v]!;
    out[3 * i + 1] = positions[v + 1]!;
    out[3 * i + 2] = positions[v + 2]!;
  }
  return out;
}
