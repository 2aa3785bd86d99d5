/**
 * Exact occluder simplification: coplanar, edge-connected triangles of a mesh are replaced by a
 * triangulation of their union (outline loops and holes, collinear outline points dropped). The
 * surface covers exactly the same points, so sight tests against it give the same answers; what
 * changes is the triangle count (a wall tessellated at 6 segments per inch becomes 2 triangles a
 * face). A group whose outline is ambiguous (a pinch vertex, overlapping triangles, a T-junction)
 * or whose re-triangulation does not cover the same area is kept as it was.
 */
import { ShapeUtils, Vector2 } from 'three';
import { KeyIndex } from './keyIndex';

/** Quantum for welding vertices and grouping planes (inches; unit normals). */
const WELD = 1e-4;
/** Distance (inches) within which a point counts as on a plane, or on a line of an outline. */
const PLANE_EPS = 2e-5;
/** Relative area difference accepted between a group and its re-triangulation. */
const AREA_TOLERANCE = 1e-4;

interface Group {
  tris: number[];
  nx: number;
  ny: number;
  nz: number;
}

/** Union-find root of `i` (with path halving). */
export function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    const p = parent[parent[i]!]!;
    parent[i] = p;
    i = p;
  }
  return i;
}

/**
 * Welds the vertices of a flat triangle soup: per corner, the id of its welded vertex (ids in order of
 * first appearance). Corners weld when their coordinates round to the same multiple of WELD (or, given
 * `perUnit`, to the same whole number once multiplied by it, as three's EdgesGeometry rounds: outline.ts); the
 * rounded triples are kept in an open-addressing hash table (numbers, not strings: half a million
 * triangles weld in tens of milliseconds).
 */
export function weld(pos: ArrayLike<number>, perUnit?: number): { ids: Int32Array; verts: number[] } {
  const corners = pos.length / 3;
  const ids = new Int32Array(corners);
  const verts: number[] = [];
  let size = 16;
  while (size < corners * 2) size *= 2;
  const mask = size - 1;
  // Slot -> vertex id + 1 (0: empty); the vertex's rounded coordinates, to tell collisions apart.
  const slots = new Int32Array(size);
  const keys = new Float64Array(corners * 3);
  for (let i = 0; i < corners; i++) {
    const x = pos[3 * i]!,
      y = pos[3 * i + 1]!,
      z = pos[3 * i + 2]!;
    const qx = perUnit === undefined ? Math.round(x / WELD) : Math.round(x * perUnit),
      qy = perUnit === undefined ? Math.round(y / WELD) : Math.round(y * perUnit),
      qz = perUnit === undefined ? Math.round(z / WELD) : Math.round(z * perUnit);
    let h = Math.imul(qx | 0, 0x9e3779b1) ^ Math.imul(qy | 0, 0x85ebca77) ^ Math.imul(qz | 0, 0xc2b2ae3d);
    h ^= h >>> 15;
    let slot = h & mask;
    let id = -1;
    for (;;) {
      const held = slots[slot]!;
      if (held === 0) break;
      const k = (held - 1) * 3;
      if (keys[k] === qx && keys[k + 1] === qy && keys[k + 2] === qz) {
        id = held - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) {
      id = verts.length / 3;
      verts.push(x, y, z);
      keys[3 * id] = qx;
      keys[3 * id + 1] = qy;
      keys[3 * id + 2] = qz;
      slots[slot] = id + 1;
    }
    ids[i] = id;
  }
  return { ids, verts };
}

/** A key for the edge from welded vertex a to b, among `count` vertices (exact below 2^53). */
export const edgeKey = (a: number, b: number, count: number): number => a * count + b;

/**
 * Triangles grouped into flat patches: two triangles sharing an edge join when their normals agree
 * and each lies in the other's plane (within float32 noise), so rounding never splits a plane.
 */
function coplanarGroups(ids: Int32Array, verts: number[]): Group[] {
  const triCount = ids.length / 3;
  const normals = new Float64Array(triCount * 4);
  const valid = new Uint8Array(triCount);
  // Per undirected edge (KeyIndex id): the first valid triangle met on it.
  const byEdge = new KeyIndex(triCount * 3);
  const firstOn = new Int32Array(triCount * 3);
  const count = verts.length / 3;
  const parent = new Int32Array(triCount);
  for (let t = 0; t < triCount; t++) {
    parent[t] = t;
    const a = ids[3 * t]!,
      b = ids[3 * t + 1]!,
      c = ids[3 * t + 2]!;
    const ax = verts[3 * a]!,
      ay = verts[3 * a + 1]!,
      az = verts[3 * a + 2]!;
    const ux = verts[3 * b]! - ax,
      uy = verts[3 * b + 1]! - ay,
      uz = verts[3 * b + 2]! - az;
    const vx = verts[3 * c]! - ax,
      vy = verts[3 * c + 1]! - ay,
      vz = verts[3 * c + 2]! - az;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (len < 1e-12 || a === b || b === c || a === c) continue;
    valid[t] = 1;
    normals.set([nx / len, ny / len, nz / len, (nx * ax + ny * ay + nz * az) / len], 4 * t);
  }
  const onPlane = (t: number, v: number) =>
    Math.abs(
      normals[4 * t]! * verts[3 * v]! +
        normals[4 * t + 1]! * verts[3 * v + 1]! +
        normals[4 * t + 2]! * verts[3 * v + 2]! -
        normals[4 * t + 3]!,
    ) <= PLANE_EPS;
  for (let t = 0; t < triCount; t++) {
    if (!valid[t]) continue;
    for (let k = 0; k < 3; k++) {
      const a = ids[3 * t + k]!,
        b = ids[3 * t + ((k + 1) % 3)]!;
      const seen = byEdge.size;
      const e = byEdge.add(a < b ? edgeKey(a, b, count) : edgeKey(b, a, count));
      if (e === seen) {
        firstOn[e] = t;
        continue;
      }
      const o = firstOn[e]!;
      const dot =
        normals[4 * t]! * normals[4 * o]! +
        normals[4 * t + 1]! * normals[4 * o + 1]! +
        normals[4 * t + 2]! * normals[4 * o + 2]!;
      if (dot < 1 - 1e-6) continue;
      const far = ids[3 * t + ((k + 2) % 3)]!;
      const oFar = [ids[3 * o]!, ids[3 * o + 1]!, ids[3 * o + 2]!].find((v) => v !== a && v !== b)!;
      if (!onPlane(o, far) || !onPlane(t, oFar)) continue;
      const ra = find(parent, t),
        rb = find(parent, o);
      if (ra !== rb) parent[ra] = rb;
    }
  }
  const groups = new Map<number, Group>();
  for (let t = 0; t < triCount; t++) {
    if (!valid[t]) continue;
    const root = find(parent, t);
    let g = groups.get(root);
    if (!g) {
      g = { tris: [], nx: normals[4 * root]!, ny: normals[4 * root + 1]!, nz: normals[4 * root + 2]! };
      groups.set(root, g);
    }
    g.tris.push(t);
  }
  return [...groups.values()];
}

/** Area of a 2D loop (positive counter-clockwise). */
function loopArea(loop: Vector2[]): number {
  let a = 0;
  for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) a += loop[j]!.x * loop[i]!.y - loop[i]!.x * loop[j]!.y;
  return a / 2;
}

function insideLoop(p: Vector2, loop: Vector2[]): boolean {
  let inside = false;
  for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
    const a = loop[i]!,
      b = loop[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Drops outline points that lie on the line through their neighbours. */
function dropCollinear(loop: Vector2[]): Vector2[] {
  let pts = loop;
  for (let changed = true; changed && pts.length > 3;) {
    changed = false;
    const out: Vector2[] = [];
    for (let i = 0; i < pts.length; i++) {
      const p = pts[(i + pts.length - 1) % pts.length]!,
        q = pts[i]!,
        r = pts[(i + 1) % pts.length]!;
      const cross = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
      const base = Math.hypot(r.x - p.x, r.y - p.y);
      // q within PLANE_EPS of the line p-r, and between p and r.
      const along = (q.x - p.x) * (r.x - p.x) + (q.y - p.y) * (r.y - p.y);
      if (base > 0 && Math.abs(cross) <= PLANE_EPS * base && along > 0 && along < base * base) {
        changed = true;
        continue;
      }
      out.push(q);
    }
    pts = out;
  }
  return pts;
}

/**
 * The union of one group's triangles, re-triangulated (flat xyz), or null when the group must stay
 * as it is.
 */
function mergeGroup(g: Group, ids: Int32Array, verts: number[]): number[] | null {
  if (g.tris.length < 3) return null;
  // Directed boundary edges: an edge whose reverse is not in the group.
  const edges = new Map<number, [number, number]>();
  const count = verts.length / 3;
  let area3 = 0;
  for (const t of g.tris) {
    for (let k = 0; k < 3; k++) {
      const a = ids[3 * t + k]!,
        b = ids[3 * t + ((k + 1) % 3)]!;
      const rev = edgeKey(b, a, count);
      if (edges.has(rev)) edges.delete(rev);
      else {
        const key = edgeKey(a, b, count);
        if (edges.has(key)) return null; // the same directed edge twice: overlapping triangles
        edges.set(key, [a, b]);
      }
    }
    const a = ids[3 * t]!,
      b = ids[3 * t + 1]!,
      c = ids[3 * t + 2]!;
    const ux = verts[3 * b]! - verts[3 * a]!,
      uy = verts[3 * b + 1]! - verts[3 * a + 1]!,
      uz = verts[3 * b + 2]! - verts[3 * a + 2]!;
    const vx = verts[3 * c]! - verts[3 * a]!,
      vy = verts[3 * c + 1]! - verts[3 * a + 1]!,
      vz = verts[3 * c + 2]! - verts[3 * a + 2]!;
    area3 += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  const next = new Map<number, number>();
  for (const [a, b] of edges.values()) {
    if (next.has(a)) return null; // pinch vertex: two outlines meet at a point
    next.set(a, b);
  }
  // Plane basis.
  const { nx, ny, nz } = g;
  const hx = Math.abs(nx) < 0.9 ? 1 : 0,
    hy = hx ? 0 : 1;
  let ax = ny * 0 - nz * hy,
    ay = nz * hx - nx * 0,
    az = nx * hy - ny * hx;
  const al = Math.hypot(ax, ay, az);
  ax /= al;
  ay /= al;
  az /= al;
  const bx = ny * az - nz * ay,
    by = nz * ax - nx * az,
    bz = nx * ay - ny * ax;
  const to2d = (v: number) =>
    new Vector2(
      verts[3 * v]! * ax + verts[3 * v + 1]! * ay + verts[3 * v + 2]! * az,
      verts[3 * v]! * bx + verts[3 * v + 1]! * by + verts[3 * v + 2]! * bz,
    );
  const offset =
    nx * verts[3 * ids[3 * g.tris[0]!]!]! +
    ny * verts[3 * ids[3 * g.tris[0]!]! + 1]! +
    nz * verts[3 * ids[3 * g.tris[0]!]! + 2]!;
  // Chain the loops.
  const seen = new Set<number>();
  const outers: Vector2[][] = [];
  const holes: Vector2[][] = [];
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop: Vector2[] = [];
    let v = start;
    for (let guard = 0; guard <= next.size; guard++) {
      if (seen.has(v)) break;
      seen.add(v);
      loop.push(to2d(v));
      const n = next.get(v);
      if (n === undefined) return null;
      v = n;
    }
    if (v !== start) return null;
    const clean = dropCollinear(loop);
    if (clean.length < 3) return null;
    (loopArea(clean) > 0 ? outers : holes).push(clean);
  }
  if (outers.length === 0) return null;
  const holesOf: Vector2[][][] = outers.map(() => []);
  for (const h of holes) {
    const owner = outers.findIndex((o) => insideLoop(h[0]!.clone().add(h[1]!).multiplyScalar(0.5), o));
    if (owner < 0) return null;
    holesOf[owner]!.push(h);
  }
  const out: number[] = [];
  let area2 = 0;
  const lift = (p: Vector2) =>
    [p.x * ax + p.y * bx + offset * nx, p.x * ay + p.y * by + offset * ny, p.x * az + p.y * bz + offset * nz] as const;
  outers.forEach((outer, i) => {
    const hs = holesOf[i]!;
    const all = [...outer, ...hs.flat()];
    for (const [p, q, r] of ShapeUtils.triangulateShape(outer, hs)) {
      const A = all[p!]!,
        B = all[q!]!,
        C = all[r!]!;
      area2 += Math.abs((B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x)) / 2;
      out.push(...lift(A), ...lift(B), ...lift(C));
    }
  });
  if (Math.abs(area2 - area3) > AREA_TOLERANCE * Math.max(area3, 1) + 1e-9) return null;
  return out;
}

/**
 * A flat triangle soup (xyz per corner) with its coplanar connected patches merged. The result
 * covers the same points as the input; degenerate triangles are dropped.
 */
export function mergeCoplanar(positions: Float32Array): Float32Array {
  const { ids, verts } = weld(positions);
  const groups = coplanarGroups(ids, verts);
  // Each group's triangles: merged where that is fewer, else its own (read from `positions`).
  const chosen = groups.map((g) => {
    const merged = mergeGroup(g, ids, verts);
    return merged && merged.length / 9 < g.tris.length ? merged : null;
  });
  let length = 0;
  groups.forEach((g, i) => (length += chosen[i]?.length ?? g.tris.length * 9));
  const out = new Float32Array(length);
  let at = 0;
  groups.forEach((g, i) => {
    const merged = chosen[i];
    if (merged) {
      out.set(merged, at);
      at += merged.length;
    } else
      for (const t of g.tris) {
        out.set(positions.subarray(9 * t, 9 * t + 9), at);
        at += 9;
      }
  });
  return out;
}
