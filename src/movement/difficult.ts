/**
 * Difficult ground along a route (Five Parsecs: "Difficult terrain cost +1" per 2" moved"): the
 * inches of a polyline, seen from above, that lie over the footprints of difficult terrain pieces.
 * Exact: each segment is clipped against each convex footprint (Cyrus-Beck), and overlapping pieces
 * are counted once (the clipped intervals are merged).
 */
import { convexHull2d } from '../geometry/plane';
import type { GeometryWorld } from '../geometry/world';

type Terrain = GeometryWorld['terrain'];
type Piece = Terrain['pieces'][number];

/** The footprints (convex hulls seen from above, [x, z, ...]) of the pieces `keep` selects, by id, cached per terrain. */
function footprints(
  cache: WeakMap<Terrain, { id: string; hull: Float64Array }[]>,
  world: GeometryWorld,
  keep: (p: Piece) => boolean,
): { id: string; hull: Float64Array }[] {
  const hit = cache.get(world.terrain);
  if (hit) return hit;
  const pos = world.terrain.positions;
  const out = world.terrain.pieces
    .filter(keep)
    .map((p) => {
      const pts: number[] = [];
      for (let v = p.vertexStart; v < p.vertexEnd; v++) pts.push(pos[v * 3]!, pos[v * 3 + 2]!);
      return { id: p.id, hull: convexHull2d(pts) };
    })
    .filter((h) => h.hull.length >= 6);
  cache.set(world.terrain, out);
  return out;
}

const difficultCache = new WeakMap<Terrain, { id: string; hull: Float64Array }[]>();
const difficultOnly = new WeakMap<Terrain, Float64Array[]>();

/** The footprints (convex hulls seen from above, [x, z, ...]) of the world's difficult pieces (cached: a move asks each time). */
export function difficultHulls(world: GeometryWorld): Float64Array[] {
  let hulls = difficultOnly.get(world.terrain);
  if (!hulls) {
    hulls = footprints(difficultCache, world, (p) => p.difficult).map((h) => h.hull);
    difficultOnly.set(world.terrain, hulls);
  }
  return hulls;
}

/** The part [t0, t1] of segment a-b (t in [0, 1]) inside a convex polygon, or null when none. */
export function clipSegment(
  poly: Float64Array,
  ax: number,
  az: number,
  bx: number,
  bz: number,
): [number, number] | null {
  const n = poly.length / 2;
  // The polygon's turning direction: inside is on this side of every edge.
  let area = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) area += poly[2 * j]! * poly[2 * i + 1]! - poly[2 * i]! * poly[2 * j + 1]!;
  const s = area >= 0 ? 1 : -1;
  let t0 = 0,
    t1 = 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const px = poly[2 * j]!,
      pz = poly[2 * j + 1]!;
    const ex = poly[2 * i]! - px,
      ez = poly[2 * i + 1]! - pz;
    // s * cross(edge, X(t) - p) >= 0 inside, linear in t: n0 + t d.
    const n0 = s * (ex * (az - pz) - ez * (ax - px));
    const d = s * (ex * (bz - az) - ez * (bx - ax));
    if (Math.abs(d) < 1e-15) {
      if (n0 < 0) return null;
      continue;
    }
    const t = -n0 / d;
    if (d > 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  return t1 > t0 ? [t0, t1] : null;
}

/** Inches of the polyline `points` ([x, z] seen from above) that lie inside any of the convex `hulls`. */
export function lengthInside(points: readonly (readonly [number, number])[], hulls: readonly Float64Array[]): number {
  let total = 0;
  for (let k = 0; k + 1 < points.length; k++) {
    const [ax, az] = points[k]!;
    const [bx, bz] = points[k + 1]!;
    const len = Math.hypot(bx - ax, bz - az);
    if (len === 0) continue;
    const spans = hulls
      .map((h) => clipSegment(h, ax, az, bx, bz))
      .filter((x): x is [number, number] => x !== null)
      .sort((a, b) => a[0] - b[0]);
    let covered = 0,
      end = -Infinity;
    for (const [a, b] of spans) {
      if (b <= end) continue;
      covered += b - Math.max(a, end);
      end = b;
    }
    total += covered * len;
  }
  return total;
}

const concealCache = new WeakMap<Terrain, { id: string; hull: Float64Array }[]>();

/** The footprints (convex hulls seen from above) of the pieces that do not block sight (foliage, crops), by id. */
export const concealingHulls = (world: GeometryWorld): { id: string; hull: Float64Array }[] =>
  footprints(concealCache, world, (p) => !p.blocksLos);

const areaCache = new WeakMap<Terrain, { id: string; hull: Float64Array }[]>();

/** The footprints (convex hulls seen from above) of the area pieces (scene kind "area": walked through), by id. */
export const areaHulls = (world: GeometryWorld): { id: string; hull: Float64Array }[] =>
  footprints(areaCache, world, (p) => p.kind === 'area');

/** Whether (x, z) lies inside a convex polygon (on its edge counts). */
export function insideHull(poly: Float64Array, x: number, z: number): boolean {
  const n = poly.length / 2;
  let sign = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const c =
      (poly[2 * i]! - poly[2 * j]!) * (z - poly[2 * j + 1]!) -
      (poly[2 * i + 1]! - poly[2 * j + 1]!) * (x - poly[2 * j]!);
    if (Math.abs(c) < 1e-12) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/**
 * Seen from above, between base centres `a` (the viewer) and `b` (the target): the concealing piece `b`
 * stands in, and the first one the line crosses that neither stands in (null when none).
 */
export function concealmentBetween(
  hulls: readonly { id: string; hull: Float64Array }[],
  a: readonly [number, number],
  b: readonly [number, number],
): { inside: string | null; through: string | null } {
  let inside: string | null = null,
    through: string | null = null;
  for (const { id, hull } of hulls) {
    const inB = insideHull(hull, b[0], b[1]);
    if (inB && inside === null) inside = id;
    if (inB || insideHull(hull, a[0], a[1])) continue;
    if (through === null && clipSegment(hull, a[0], a[1], b[0], b[1])) through = id;
  }
  return { inside, through };
}
