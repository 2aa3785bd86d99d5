/**
 * What stands in a moving base's way, seen from above. Terrain pieces are split into connected
 * solids (triangles sharing vertices); each solid is its footprint's convex hull with its height
 * range. Whether a solid blocks depends on the mover: it blocks when it rises above the mover's
 * standing level and is not entirely over its head. Other models block as circles.
 */
import type { GeometryWorld } from '../geometry/world';
import { convexConvex, convexHull2d, outerPolygon } from '../geometry/plane';

export { terrainSolids, STEP, type Solid } from '../geometry/solids';
import { terrainSolids, STEP, type Solid } from '../geometry/solids';

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
export function planFootprints(
  world: GeometryWorld,
  level: number,
  height: number,
  radius: number,
  include: (s: Solid) => boolean = () => true,
  key = '',
): Float64Array[] {
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
          if (
            s.minX - o.maxX > 2 * radius ||
            o.minX - s.maxX > 2 * radius ||
            s.minZ - o.maxZ > 2 * radius ||
            o.minZ - s.maxZ > 2 * radius
          )
            continue;
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
  out.push(...tableEdges(world.scene.table.width, world.scene.table.depth));
  byKey.set(cacheKey, out);
  return out;
}

/** How wide the edge strips are (a closed ring just past the table: no route reaches its outside). */
const BEYOND = 1;

/**
 * The four strips just past the table's edges (a closed ring 1" wide), as footprints: a route keeps its base at base-radius
 * clearance from them, so the whole base stays on the table all the way (a wall from edge to edge has
 * no way round past the table's end).
 */
export function tableEdges(width: number, depth: number): Float64Array[] {
  const rect = (x0: number, z0: number, x1: number, z1: number) => convexHull2d([x0, z0, x1, z0, x1, z1, x0, z1]);
  return [
    rect(-BEYOND, -BEYOND, 0, depth + BEYOND),
    rect(width, -BEYOND, width + BEYOND, depth + BEYOND),
    rect(0, -BEYOND, width, 0),
    rect(0, depth, width, depth + BEYOND),
  ];
}
