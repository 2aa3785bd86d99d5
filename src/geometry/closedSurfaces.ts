/**
 * Back-face culling for sight, where it is exact. A terrain surface that is closed and consistently
 * oriented (every edge shared by exactly two of its triangles, in opposite directions: a box, a
 * boulder) is entered through a face turned towards the eye before any face turned away is met,
 * as long as the eye is outside it. So for an eye outside every such surface, their faces turned
 * away can never be the first thing a sight line meets, and the visibility raster skips them: on
 * the benchmark table most occluder triangles belong to boulders, and half of those face away.
 *
 * An eye inside one (a model standing in a wall: bad input, but a base pushed a little into
 * terrain is common) turns culling off for that computation: the bounding boxes of the closed
 * surfaces are kept in a grid over the table to tell.
 */
import { KeyIndex } from './keyIndex';
import { edgeKey, find, weld } from './simplify';
import type { TerrainIndex } from './terrainIndex';

/** Grid cell (inches) of the bounding-box lookup. */
const CELL = 2;

/** What the raster needs to cull back faces. */
export interface BackFaceCulling {
  /** Per triangle of the index (original order): 1 or -1 when it belongs to a closed surface (the sign of its outward orientation), 0 otherwise. */
  sign: Int8Array;
  /** Per triangle: its normal (x, y, z; not normalised), valid where `sign` is not 0. */
  normals: Float32Array;
  /** Bounding boxes of the closed surfaces (min x, y, z, max x, y, z). */
  boxes: Float64Array;
  /** Grid over x/z: the boxes reaching each cell. */
  grid: Map<number, number[]>;
}

const cache = new WeakMap<TerrainIndex, BackFaceCulling>();

const cellKey = (cx: number, cz: number) => cx * 65536 + cz;

/** The closed, consistently oriented surfaces of an index's pieces (computed once per index). */
export function backFaceCulling(index: TerrainIndex): BackFaceCulling {
  const hit = cache.get(index);
  if (hit) return hit;
  const pos = index.positions;
  const triCount = index.triangleCount;
  const sign = new Int8Array(triCount);
  const normals = new Float32Array(triCount * 3);
  const boxes: number[] = [];
  for (const piece of index.pieces) {
    const t0 = piece.vertexStart / 3,
      t1 = piece.vertexEnd / 3;
    const n = t1 - t0;
    // Weld corners; directed edges keyed by welded ids.
    const { ids, verts } = weld(pos.subarray(piece.vertexStart * 3, piece.vertexEnd * 3));
    const vertexCount = verts.length / 3;
    // Per directed edge (KeyIndex id): how many triangles run along it, and the last of them.
    const edges = new KeyIndex(n * 3);
    const along = new Int32Array(n * 3);
    const owner = new Int32Array(n * 3);
    const cornerEdge = new Int32Array(n * 3);
    for (let t = 0; t < n; t++) {
      for (let e = 0; e < 3; e++) {
        const id = edges.add(edgeKey(ids[3 * t + e]!, ids[3 * t + ((e + 1) % 3)]!, vertexCount));
        along[id]! += 1;
        owner[id] = t;
        cornerEdge[3 * t + e] = id;
      }
    }
    const parent = new Int32Array(n).map((_, i) => i);
    const good = new Uint8Array(n);
    for (let t = 0; t < n; t++) {
      let ok = true;
      for (let e = 0; e < 3; e++) {
        const u = ids[3 * t + e]!,
          v = ids[3 * t + ((e + 1) % 3)]!;
        const back = edges.get(edgeKey(v, u, vertexCount));
        if (u === v || along[cornerEdge[3 * t + e]!] !== 1 || back < 0 || along[back] !== 1) ok = false;
        if (back >= 0) parent[find(parent, t)] = find(parent, owner[back]!);
      }
      good[t] = ok ? 1 : 0;
    }
    // Per surface: all its triangles good, and the sign of its volume (outward or inward faces).
    const groups = new Map<number, { ok: boolean; volume: number; tris: number[]; box: number[] }>();
    for (let t = 0; t < n; t++) {
      const r = find(parent, t);
      let g = groups.get(r);
      if (!g)
        groups.set(
          r,
          (g = { ok: true, volume: 0, tris: [], box: [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity] }),
        );
      g.tris.push(t);
      if (!good[t]) g.ok = false;
      const k = (piece.vertexStart + 3 * t) * 3;
      const ax = pos[k]!,
        ay = pos[k + 1]!,
        az = pos[k + 2]!;
      const bx = pos[k + 3]!,
        by = pos[k + 4]!,
        bz = pos[k + 5]!;
      const cx = pos[k + 6]!,
        cy = pos[k + 7]!,
        cz = pos[k + 8]!;
      g.volume += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
      const box = g.box;
      box[0] = Math.min(box[0]!, ax, bx, cx);
      box[1] = Math.min(box[1]!, ay, by, cy);
      box[2] = Math.min(box[2]!, az, bz, cz);
      box[3] = Math.max(box[3]!, ax, bx, cx);
      box[4] = Math.max(box[4]!, ay, by, cy);
      box[5] = Math.max(box[5]!, az, bz, cz);
    }
    for (const g of groups.values()) {
      if (!g.ok || Math.abs(g.volume) < 1e-9) continue;
      const s = g.volume > 0 ? 1 : -1;
      for (const t of g.tris) {
        const tri = t0 + t;
        const k = tri * 9;
        const ux = pos[k + 3]! - pos[k]!,
          uy = pos[k + 4]! - pos[k + 1]!,
          uz = pos[k + 5]! - pos[k + 2]!;
        const wx = pos[k + 6]! - pos[k]!,
          wy = pos[k + 7]! - pos[k + 1]!,
          wz = pos[k + 8]! - pos[k + 2]!;
        normals[3 * tri] = uy * wz - uz * wy;
        normals[3 * tri + 1] = uz * wx - ux * wz;
        normals[3 * tri + 2] = ux * wy - uy * wx;
        sign[tri] = s;
      }
      boxes.push(...g.box);
    }
  }
  const grid = new Map<number, number[]>();
  for (let b = 0; b < boxes.length / 6; b++) {
    for (let cx = Math.floor(boxes[6 * b]! / CELL); cx <= Math.floor(boxes[6 * b + 3]! / CELL); cx++) {
      for (let cz = Math.floor(boxes[6 * b + 2]! / CELL); cz <= Math.floor(boxes[6 * b + 5]! / CELL); cz++) {
        const key = cellKey(cx, cz);
        const list = grid.get(key);
        if (list) list.push(b);
        else grid.set(key, [b]);
      }
    }
  }
  const out: BackFaceCulling = { sign, normals, boxes: Float64Array.from(boxes), grid };
  cache.set(index, out);
  return out;
}

/** Whether the point lies in (or on) the bounding box of a closed surface: culling is then off. */
export function insideClosedBox(c: BackFaceCulling, x: number, y: number, z: number): boolean {
  const list = c.grid.get(cellKey(Math.floor(x / CELL), Math.floor(z / CELL)));
  if (!list) return false;
  const b = c.boxes;
  const eps = 1e-6;
  for (const i of list) {
    const k = 6 * i;
    if (
      x >= b[k]! - eps &&
      x <= b[k + 3]! + eps &&
      y >= b[k + 1]! - eps &&
      y <= b[k + 4]! + eps &&
      z >= b[k + 2]! - eps &&
      z <= b[k + 5]! + eps
    )
      return true;
  }
  return false;
}
