/**
 * Terrain pieces split into connected solids: groups of triangles joined by manifold edges (a closed
 * box is one solid; boxes touching are two), each with its footprint's convex hull and height range.
 * Movement plans round them; line of sight uses those that are exactly convex vertical prisms.
 */
import type { GeometryWorld } from './world';
import { convexHull2d, polygonBounds } from './plane';
import { KeyIndex } from './keyIndex';
import { edgeKey, weld } from './simplify';

/** A connected solid of a terrain piece. */
export interface Solid {
  pieceIndex: number;
  pieceId: string;
  /** Footprint hull, counter-clockwise x/z pairs. */
  hull: Float64Array;
  y0: number;
  y1: number;
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  /**
   * The solid is exactly a convex vertical prism (footprint hull x [y0, y1]): every vertex lies on
   * that prism's surface and the triangles' area equals its surface area. Boxes are.
   */
  prism: boolean;
}

/** Step a base takes without it counting as climbing (inches). */
export const STEP = 0.05;

const cache = new WeakMap<GeometryWorld['terrain'], Solid[]>();

/** Solids found so far for a terrain: the pieces done (in order) and their solids. */
interface SolidsSoFar {
  next: number;
  out: Solid[];
}
const partial = new WeakMap<GeometryWorld['terrain'], SolidsSoFar>();

/**
 * The connected solids of every terrain piece that blocks movement (all kinds but `area`): groups
 * of triangles joined by manifold edges (a closed box is one solid; boxes touching are two).
 */
export function terrainSolids(world: GeometryWorld): Solid[] {
  terrainSolidsStep(world, Infinity);
  return cache.get(world.terrain)!;
}

/**
 * Finds the solids piece by piece for up to `budgetMs` (at least one piece), keeping what it found for
 * the next call, so a caller on the page (the route warm-up) never holds it for a whole dense table's
 * second; true once every piece is done (then `terrainSolids` answers at once).
 */
export function terrainSolidsStep(world: GeometryWorld, budgetMs: number): boolean {
  if (cache.has(world.terrain)) return true;
  const started = performance.now();
  const state = partial.get(world.terrain) ?? { next: 0, out: [] };
  partial.set(world.terrain, state);
  const pieces = world.terrain.pieces;
  while (state.next < pieces.length) {
    const piece = pieces[state.next]!;
    if (piece.kind !== 'area') pieceSolids(world.terrain.positions, piece, state.out);
    state.next++;
    if (performance.now() - started >= budgetMs) break;
  }
  if (state.next < pieces.length) return false;
  cache.set(world.terrain, state.out);
  partial.delete(world.terrain);
  return true;
}

/** One piece's solids, added to `out`. */
function pieceSolids(pos: Float32Array, piece: GeometryWorld['terrain']['pieces'][number], out: Solid[]): void {
  const first = piece.vertexStart;
  const count = piece.vertexEnd - piece.vertexStart;
  // Union-find over triangles through shared edges (both end points, quantised).
  const parent = new Int32Array(count / 3).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Corners welded (simplify.ts), edges keyed by their welded ends.
  const { ids, verts } = weld(pos.subarray(first * 3, (first + count) * 3));
  const vertexCount = verts.length / 3;
  // Edges shared by exactly two triangles join them; an edge where two boxes meet (four triangles)
  // does not, so a ring of wall boxes stays a ring of separate convex solids.
  const tris = count / 3;
  const edges = new KeyIndex(tris * 3);
  const onEdge = new Int32Array(tris * 3);
  const firstOn = new Int32Array(tris * 3);
  const secondOn = new Int32Array(tris * 3);
  for (let t = 0; t < tris; t++) {
    for (let e = 0; e < 3; e++) {
      const a = ids[3 * t + e]!,
        b = ids[3 * t + ((e + 1) % 3)]!;
      const edge = edges.add(a < b ? edgeKey(a, b, vertexCount) : edgeKey(b, a, vertexCount));
      const n = onEdge[edge]!++;
      if (n === 0) firstOn[edge] = t;
      else if (n === 1) secondOn[edge] = t;
    }
  }
  for (let e = 0; e < edges.size; e++) if (onEdge[e] === 2) parent[find(firstOn[e]!)] = find(secondOn[e]!);
  const groups = new Map<number, number[]>();
  for (let t = 0; t < count / 3; t++) {
    const root = find(t);
    const g = groups.get(root) ?? [];
    g.push(t);
    groups.set(root, g);
  }
  for (const tris of groups.values()) {
    const pts: number[] = [];
    let y0 = Infinity,
      y1 = -Infinity;
    for (const t of tris) {
      for (let c = 0; c < 3; c++) {
        const k = (first + t * 3 + c) * 3;
        pts.push(pos[k]!, pos[k + 2]!);
        y0 = Math.min(y0, pos[k + 1]!);
        y1 = Math.max(y1, pos[k + 1]!);
      }
    }
    const hull = convexHull2d(pts);
    if (hull.length < 6) continue;
    const [minX, maxX, minZ, maxZ] = polygonBounds(hull);
    out.push({
      pieceIndex: piece.index,
      pieceId: piece.id,
      hull,
      y0,
      y1,
      minX,
      maxX,
      minZ,
      maxZ,
      prism: isPrism(pos, first, tris, hull, y0, y1),
    });
  }
}

/** Whether the triangles (indices into the piece starting at vertex `first`) form exactly the prism hull x [y0, y1]. */
function isPrism(
  pos: Float32Array,
  first: number,
  tris: number[],
  hull: Float64Array,
  y0: number,
  y1: number,
): boolean {
  const eps = 1e-4;
  const n = hull.length / 2;
  let hullArea = 0;
  let perimeter = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    hullArea += hull[2 * j]! * hull[2 * i + 1]! - hull[2 * i]! * hull[2 * j + 1]!;
    perimeter += Math.hypot(hull[2 * i]! - hull[2 * j]!, hull[2 * i + 1]! - hull[2 * j + 1]!);
  }
  hullArea = Math.abs(hullArea) / 2;
  const expected = 2 * hullArea + perimeter * (y1 - y0);
  let area = 0;
  const onSurface = (x: number, y: number, z: number): boolean => {
    if (Math.abs(y - y0) < eps || Math.abs(y - y1) < eps) return true;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = hull[2 * j]!,
        az = hull[2 * j + 1]!,
        bx = hull[2 * i]!,
        bz = hull[2 * i + 1]!;
      const vx = bx - ax,
        vz = bz - az;
      const len = Math.hypot(vx, vz);
      if (len < 1e-12) continue;
      const cross = ((x - ax) * vz - (z - az) * vx) / len;
      const t = ((x - ax) * vx + (z - az) * vz) / (len * len);
      if (Math.abs(cross) < eps && t > -eps && t < 1 + eps) return true;
    }
    return false;
  };
  for (const t of tris) {
    const k = (first + t * 3) * 3;
    const ax = pos[k]!,
      ay = pos[k + 1]!,
      az = pos[k + 2]!;
    const bx = pos[k + 3]!,
      by = pos[k + 4]!,
      bz = pos[k + 5]!;
    const cx = pos[k + 6]!,
      cy = pos[k + 7]!,
      cz = pos[k + 8]!;
    if (!onSurface(ax, ay, az) || !onSurface(bx, by, bz) || !onSurface(cx, cy, cz)) return false;
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const wx = cx - ax,
      wy = cy - ay,
      wz = cz - az;
    area += Math.hypot(uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx) / 2;
  }
  return Math.abs(area - expected) <= 1e-3 * Math.max(1, expected);
}
