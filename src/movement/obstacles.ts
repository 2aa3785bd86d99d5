/**
 * What stands in a moving base's way, seen from above. Terrain pieces are split into connected
 * solids (triangles sharing vertices); each solid is its footprint's convex hull with its height
 * range. Whether a solid blocks depends on the mover: it blocks when it rises above the mover's
 * standing level and is not entirely over its head. Other models block as circles.
 */
import type { GeometryWorld } from '../geometry/world';
import { convexConvex, convexHull2d, outerPolygon } from './plane';

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
}

/** Step a base takes without it counting as climbing (inches). */
export const STEP = 0.05;

const cache = new WeakMap<GeometryWorld['terrain'], Solid[]>();

/**
 * The connected solids of every terrain piece that blocks movement (all kinds but `area`): groups
 * of triangles joined by manifold edges (a closed box is one solid; boxes touching are two).
 */
export function terrainSolids(world: GeometryWorld): Solid[] {
  const hit = cache.get(world.terrain);
  if (hit) return hit;
  const out: Solid[] = [];
  const pos = world.terrain.positions;
  for (const piece of world.terrain.pieces) {
    if (piece.kind === 'area') continue;
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
    const key = (v: number): string => {
      const k = (first + v) * 3;
      return `${Math.round(pos[k]! * 1e4)},${Math.round(pos[k + 1]! * 1e4)},${Math.round(pos[k + 2]! * 1e4)}`;
    };
    // Edges shared by exactly two triangles join them; an edge where two boxes meet (four triangles)
    // does not, so a ring of wall boxes stays a ring of separate convex solids.
    const edges = new Map<string, number[]>();
    for (let t = 0; t < count / 3; t++) {
      const ks = [key(3 * t), key(3 * t + 1), key(3 * t + 2)];
      for (let e = 0; e < 3; e++) {
        const a = ks[e]!, b = ks[(e + 1) % 3]!;
        const edge = a < b ? `${a}|${b}` : `${b}|${a}`;
        const list = edges.get(edge);
        if (list) list.push(t);
        else edges.set(edge, [t]);
      }
    }
    for (const list of edges.values()) if (list.length === 2) parent[find(list[0]!)] = find(list[1]!);
    const groups = new Map<number, number[]>();
    for (let t = 0; t < count / 3; t++) {
      const root = find(t);
      const g = groups.get(root) ?? [];
      g.push(t);
      groups.set(root, g);
    }
    for (const tris of groups.values()) {
      const pts: number[] = [];
      let y0 = Infinity, y1 = -Infinity;
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
      let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
      for (let i = 0; i < hull.length; i += 2) {
        minX = Math.min(minX, hull[i]!);
        maxX = Math.max(maxX, hull[i]!);
        minZ = Math.min(minZ, hull[i + 1]!);
        maxZ = Math.max(maxZ, hull[i + 1]!);
      }
      out.push({ pieceIndex: piece.index, pieceId: piece.id, hull, y0, y1, minX, maxX, minZ, maxZ });
    }
  }
  cache.set(world.terrain, out);
  return out;
}

/** A model base in the way: a circle of the other base's radius. */
export interface BaseObstacle {
  modelId: string;
  x: number;
  z: number;
  r: number;
}

/** Whether a solid is in the way of a body standing at `level` with `height`. */
export function solidBlocks(s: Solid, level: number, height: number): boolean {
  return s.y1 > level + STEP && s.y0 < level + height;
}

/** Most corners an obstacle footprint keeps; rounder footprints get an outer polygon of this many. */
export const MAX_CORNERS = 16;

const planCache = new WeakMap<GeometryWorld['terrain'], Map<string, Float64Array[]>>();

/**
 * The terrain footprints a base of `radius` meets moving at `level` with `height`, ready for path
 * planning: solids in the way, where small solids (narrower than the base) closer together than
 * the base's width are merged into one footprint (a rubble pile is one obstacle: no base fits
 * between its stones), and footprints with many corners get a 16-corner outer polygon.
 * `include` filters the solids (e.g. those that cannot be climbed).
 */
export function planFootprints(world: GeometryWorld, level: number, height: number, radius: number, include: (s: Solid) => boolean = () => true, key = ''): Float64Array[] {
  let byKey = planCache.get(world.terrain);
  if (!byKey) {
    byKey = new Map();
    planCache.set(world.terrain, byKey);
  }
  const cacheKey = `${level}|${height}|${radius}|${key}`;
  const hit = byKey.get(cacheKey);
  if (hit) return hit;
  const solids = terrainSolids(world).filter((s) => solidBlocks(s, level, height) && include(s));
  const small = (s: Solid) => Math.max(s.maxX - s.minX, s.maxZ - s.minZ) < 2 * radius;
  const parent = solids.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Buckets of 2 x the base width, so only neighbours are compared.
  const size = Math.max(4 * radius, 1);
  const buckets = new Map<string, number[]>();
  solids.forEach((s, i) => {
    if (!small(s)) return;
    for (let bx = Math.floor((s.minX - radius) / size); bx <= Math.floor((s.maxX + radius) / size); bx++) {
      for (let bz = Math.floor((s.minZ - radius) / size); bz <= Math.floor((s.maxZ + radius) / size); bz++) {
        const k = `${bx},${bz}`;
        const list = buckets.get(k) ?? [];
        for (const j of list) {
          const o = solids[j]!;
          if (find(i) === find(j)) continue;
          if (s.minX - o.maxX > 2 * radius || o.minX - s.maxX > 2 * radius || s.minZ - o.maxZ > 2 * radius || o.minZ - s.maxZ > 2 * radius) continue;
          if (convexConvex(s.hull, o.hull) < 2 * radius) parent[find(i)] = find(j);
        }
        list.push(i);
        buckets.set(k, list);
      }
    }
  });
  const groups = new Map<number, number[]>();
  solids.forEach((_, i) => {
    const r = find(i);
    const g = groups.get(r) ?? [];
    g.push(i);
    groups.set(r, g);
  });
  const out: Float64Array[] = [];
  for (const members of groups.values()) {
    const pts: number[] = [];
    for (const m of members) pts.push(...solids[m]!.hull);
    const hull = members.length === 1 ? solids[members[0]!]!.hull : convexHull2d(pts);
    out.push(outerPolygon(hull, MAX_CORNERS));
  }
  byKey.set(cacheKey, out);
  return out;
}
