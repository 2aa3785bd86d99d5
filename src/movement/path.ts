/**
 * Measured moves: the shortest route a model's base can take from where it stands to a destination,
 * and what it costs under a ruleset's measuring rules (climbing, difficult ground). The horizontal
 * route is exact (tangents and arcs around footprints at base-radius clearance, see tangentPath.ts);
 * vertical movement is added where the route goes up and over terrain.
 */
import { difficultHulls, lengthInside } from './difficult';
import { standsAt } from '../geometry/drop';
import type { CollisionWorld } from '../physics/collisions';
import type { GeometryWorld } from '../geometry/world';
import { modelIndexOf } from '../geometry/world';
import { convexHull2d, inConvex, pointConvex } from '../geometry/plane';
import { planFootprints, solidBlocks, terrainSolids, STEP, type Solid } from './obstacles';
import { pointFree, shortestPath2d, type PlanObstacles } from './tangentPath';
import { MM_PER_INCH } from '../geometry/units';

/** How vertical movement is measured. */
export const CLIMB_RULES = ['none', 'measured', 'double'] as const;
/** A climbing rule: not allowed, measured like ground, or counted double (each ruleset says which). */
export type ClimbRule = (typeof CLIMB_RULES)[number];

/** A ruleset's measuring options for one move. */
export interface MoveOptions {
  /** Vertical movement: 'none' (default), 'measured' (counts as distance) or 'double'. */
  climb?: ClimbRule;
  /** Most a model may climb up in one move, inches (default: no limit). */
  maxClimb?: number;
  /** Difficult ground adds 1" per full `difficultEvery` inches moved in it (Five Parsecs: 2). */
  difficultEvery?: number;
  /** Friendly bases (same side) may be passed through (never ended on). */
  passFriends?: boolean;
  /**
   * Rulesets that do not let a model cross places where it could not stand (ledges too narrow for
   * its base, the edge of a drop) set this: every 0.25" of the route is then checked too.
   */
  standAlongRoute?: boolean;
  /** Rapier's terrain colliders: when given, the body must also fit at the end (cylinder query). */
  collisions?: CollisionWorld;
  /** Routes longer than this are refused without being searched in full (a caller that only asks "within X?"). */
  maxLength?: number;
}

/** A table edge: north z = 0, south z = depth, west x = 0, east x = width. */
type Edge = 'north' | 'south' | 'west' | 'east';

/**
 * Why a measured move is refused, as an id with its parameters (the app words it in each language:
 * `routeWords` in rules/engine/words.ts). Pieces and models are named by id; lengths are inches.
 * `off-table`: the destination is past that edge; `not-finite`: it is no point; `overlaps-start`: the
 * model overlaps another where it stands; `no-fit`: its base does not fit at the destination (terrain or
 * a model there); `no-route`: no way round for a base of `baseMm`; `no-route-within`: none within
 * `limit`; `meets-piece`: stepping down, the route runs into `piece`; `steps-down`: it drops `drop` off a
 * ledge on a move that may not climb; `climbs-too-much`: it climbs `climb`, more than `max`; `not-on-surface`:
 * the destination's height is not a surface the route reaches; `cannot-stand-along`: it crosses a place
 * near (x, z) where it cannot stand; `cannot-stand`: no level room for its base at the destination;
 * `body-blocked`: its body does not fit there, `by` in the way.
 */
export type RouteProblem =
  | { kind: 'not-finite' }
  | { kind: 'off-table'; edge: Edge }
  | { kind: 'overlaps-start'; model: string }
  | { kind: 'no-fit' }
  | { kind: 'no-route'; baseMm: number }
  | { kind: 'no-route-within'; limit: number }
  | { kind: 'meets-piece'; piece: string; height: number }
  | { kind: 'steps-down'; drop: number }
  | { kind: 'climbs-too-much'; climb: number; max: number }
  | { kind: 'not-on-surface' }
  | { kind: 'cannot-stand-along'; model: string; x: number; z: number }
  | { kind: 'cannot-stand'; model: string }
  | { kind: 'body-blocked'; model: string; by: string };

/** A measured move. */
export interface MovePath {
  reachable: boolean;
  /** Why the move is refused, when it is, in English (the `geo` CLI prints it). */
  reason?: string;
  /** The same as an id with its parameters, for the app's words in each language. */
  problem?: RouteProblem;
  /** What the move costs: horizontal + counted vertical + difficult-ground extra. */
  length: number;
  horizontal: number;
  /** Vertical distance as counted (x2 under the 'double' rule). */
  climb: number;
  difficultExtra: number;
  /** Route of the base's centre, [x, y, z] per point (y is the surface it is on). */
  points: [number, number, number][];
}

interface Area {
  hull: Float64Array;
}

const areaCache = new WeakMap<GeometryWorld['terrain'], Area[]>();

/** Footprints of difficult area terrain (convex hull of each piece: `difficultHulls`). */
function difficultAreas(world: GeometryWorld): Area[] {
  let out = areaCache.get(world.terrain);
  if (!out) areaCache.set(world.terrain, (out = difficultHulls(world).map((hull) => ({ hull }))));
  return out;
}

const hullsOf = new WeakMap<readonly Area[], Float64Array[]>();
/** The areas' hulls (one list per area list). */
function areaHulls(areas: readonly Area[]): Float64Array[] {
  let h = hullsOf.get(areas);
  if (!h) hullsOf.set(areas, (h = areas.map((a) => a.hull)));
  return h;
}

const aroundCache = new WeakMap<Float64Array[], Map<number, Float64Array[] | null>>();

/**
 * `polys` with each difficult area's hull inset by `r` (less a hair) added (cached per footprint list and radius, so
 * its planner is too); null when no hull is wide enough to keep a centre out of (none to go round).
 */
function aroundDifficult(polys: Float64Array[], areas: readonly Area[], r: number): Float64Array[] | null {
  let byRadius = aroundCache.get(polys);
  if (!byRadius) aroundCache.set(polys, (byRadius = new Map()));
  if (byRadius.has(r)) return byRadius.get(r)!;
  // Clearance r from a hull inset by r runs the centre along its edge, which counts as inside: inset a
  // hundredth less, so the centre passes a hundredth outside. A patch narrower than the base is inset as
  // far as it goes (its core), so the centre passes a little wider of it.
  const inset = areas.map((a) => insetCore(a.hull, Math.max(0, r - 0.01))).filter((h): h is Float64Array => h !== null);
  const out = inset.length ? [...polys, ...inset] : null;
  byRadius.set(r, out);
  return out;
}

/** `hull` inset by `d`, or by as much as it can be (to a thousandth) when that leaves nothing; null for a sliver. */
function insetCore(hull: Float64Array, d: number): Float64Array | null {
  const full = insetConvex(hull, d);
  if (full) return full;
  let lo = 0,
    hi = d;
  while (hi - lo > 1e-3) {
    const mid = (lo + hi) / 2;
    if (insetConvex(hull, mid)) lo = mid;
    else hi = mid;
  }
  return lo > 0 ? insetConvex(hull, lo) : null;
}

/**
 * A convex polygon (flat x, z pairs) moved in by `d` on every side: the polygon clipped by each edge's
 * half-plane shifted inwards (Sutherland-Hodgman); null when nothing is left.
 */
export function insetConvex(hull: Float64Array, d: number): Float64Array | null {
  const n = hull.length / 2;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += hull[2 * i]! * hull[2 * j + 1]! - hull[2 * j]! * hull[2 * i + 1]!;
  }
  const sign = area >= 0 ? 1 : -1;
  let pts: [number, number][] = Array.from({ length: n }, (_, i) => [hull[2 * i]!, hull[2 * i + 1]!]);
  for (let i = 0; i < n && pts.length >= 3; i++) {
    const [ax, az] = [hull[2 * i]!, hull[2 * i + 1]!];
    const [bx, bz] = [hull[2 * ((i + 1) % n)]!, hull[2 * ((i + 1) % n) + 1]!];
    const len = Math.hypot(bx - ax, bz - az);
    if (len < 1e-12) continue;
    // Inward normal (left of a counter-clockwise edge); keep points at least d inside.
    const nx = (-(bz - az) / len) * sign,
      nz = ((bx - ax) / len) * sign;
    const depth = (x: number, z: number) => (x - ax) * nx + (z - az) * nz - d;
    const next: [number, number][] = [];
    for (let k = 0; k < pts.length; k++) {
      const p = pts[k]!,
        q = pts[(k + 1) % pts.length]!;
      const dp = depth(p[0], p[1]),
        dq = depth(q[0], q[1]);
      if (dp >= 0) next.push(p);
      if (dp >= 0 !== dq >= 0) {
        const t = dp / (dp - dq);
        next.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
      }
    }
    pts = next;
  }
  if (pts.length < 3) return null;
  return convexHull2d(pts.flat());
}

function refuse(reason: string, problem: RouteProblem): MovePath {
  return {
    reachable: false,
    reason,
    problem,
    length: Infinity,
    horizontal: Infinity,
    climb: 0,
    difficultExtra: 0,
    points: [],
  };
}

/** The edge a point off a `width` x `depth` table lies past (the farthest past, so a corner names one). */
function edgePast(x: number, z: number, width: number, depth: number): Edge {
  const past: [Edge, number][] = [
    ['west', -x],
    ['east', x - width],
    ['north', -z],
    ['south', z - depth],
  ];
  return past.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/** A point for messages: two decimals. */
/** A table spot as a player reads it off the rulers: `x 1.5", z 3.5"` (never raw coordinates). */
const fmt = (p: readonly number[]): string => {
  const r = (v: number) => `${Math.round(v * 10) / 10}"`;
  return p.length === 2
    ? `x ${r(p[0]!)}, z ${r(p[1]!)}`
    : `x ${r(p[0]!)}, z ${r(p[2]!)}${Math.abs(p[1]!) > 0.05 ? `, ${r(p[1]!)} up` : ''}`;
};

/** Samples the 2D route every `step` inches: [x, z, distance along]. */
function sample(points: [number, number][], step = 0.05): [number, number, number][] {
  const out: [number, number, number][] = [];
  let along = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, az] = points[i]!;
    const [bx, bz] = points[i + 1]!;
    const len = Math.hypot(bx - ax, bz - az);
    const n = Math.max(1, Math.ceil(len / step));
    for (let k = i === 0 ? 0 : 1; k <= n; k++)
      out.push([ax + ((bx - ax) * k) / n, az + ((bz - az) * k) / n, along + (len * k) / n]);
    along += len;
  }
  return out;
}

/**
 * The measured path for model `modelId` to the destination (the base's centre, at the height of
 * the surface it should stand on). Unreachable moves come back with `reachable: false` and a reason.
 */
export function measuredPath(
  world: GeometryWorld,
  modelId: string,
  dest: readonly number[],
  options: MoveOptions = {},
): MovePath {
  const i = modelIndexOf(world, modelId);
  const model = world.models[i]!;
  const body = world.bodies[i]!;
  const [dx = NaN, dy = NaN, dz = NaN] = dest;
  if (![dx, dy, dz].every(Number.isFinite))
    return refuse(`destination ${fmt(dest)} is not a finite point`, { kind: 'not-finite' });
  const { width, depth } = world.scene.table;
  if (dx < 0 || dx > width || dz < 0 || dz > depth || dy < 0)
    return refuse(`destination ${fmt(dest)} is off the ${width}x${depth} table`, {
      kind: 'off-table',
      edge: edgePast(dx, dz, width, depth),
    });
  const r = body.radius;
  // The whole base on the table (a hair of slack for a spot rounded to the thousandth).
  if (dx < r - 1e-6 || dx > width - r + 1e-6 || dz < r - 1e-6 || dz > depth - r + 1e-6)
    return refuse(`the base at ${fmt(dest)} would hang over the edge of the ${width}x${depth} table`, {
      kind: 'off-table',
      edge: edgePast(dx - r, dz - r, width - 2 * r, depth - 2 * r),
    });
  const h = body.y1 - body.y0;
  const level = body.y0;
  const climb = options.climb ?? 'none';
  const factor = climb === 'double' ? 2 : 1;
  const maxClimb = options.maxClimb ?? Infinity;

  const blocking = terrainSolids(world).filter((s) => solidBlocks(s, level, h));
  const climbable = (s: Solid) => climb !== 'none' && s.y1 - level <= maxClimb + 1e-9;
  const bases = world.bodies
    .filter(
      (b, k) =>
        k !== i &&
        b.y1 > level + STEP &&
        b.y0 < level + h &&
        !(options.passFriends && world.models[k]!.side === model.side),
    )
    .map((b) => ({ x: b.cx, z: b.cz, r: b.radius }));
  const walled: PlanObstacles = { polys: planFootprints(world, level, h, r), circles: bases };
  if (!pointFree(walled, r, body.cx, body.cz) && !pointFree({ polys: [], circles: bases }, r, body.cx, body.cz)) {
    return refuse(`${modelId} overlaps another model where it stands`, { kind: 'overlaps-start', model: modelId });
  }

  const plans: { obs: PlanObstacles; over: Solid[] }[] = [{ obs: walled, over: [] }];
  const over = blocking.filter(climbable);
  let overObs: PlanObstacles | null = null;
  if (over.length > 0) {
    const polys = planFootprints(world, level, h, r, (s) => !climbable(s), `no-climb<=${maxClimb}`);
    overObs = { polys, circles: bases };
    plans.push({ obs: overObs, over });
  }
  // A destination on a raised surface that is not in the way on this level (an upper floor over
  // head height): climb onto it where the route first passes under its edge.
  if (climb !== 'none' && dy > level + STEP && dy - level <= maxClimb + 1e-9) {
    const floors = terrainSolids(world).filter(
      (s) => Math.abs(s.y1 - dy) <= STEP && !solidBlocks(s, level, h) && inConvex(s.hull, dx, dz),
    );
    for (const f of floors) {
      plans.push({ obs: walled, over: [f] });
      if (overObs) plans.push({ obs: overObs, over: [...over, f] });
    }
  }

  const areas = options.difficultEvery ? difficultAreas(world) : [];
  // Difficult ground is charged on the route taken, so the route round it competes with the route
  // through: each plan again with the difficult patches as obstacles (their hulls inset by the base's
  // radius, so the centre keeps out of them), unless the move starts or ends inside one.
  if (areas.length && !areas.some((a) => inConvex(a.hull, body.cx, body.cz) || inConvex(a.hull, dx, dz))) {
    for (const plan of [...plans]) {
      const polys = aroundDifficult(plan.obs.polys, areas, r);
      if (polys) plans.push({ obs: { polys, circles: plan.obs.circles }, over: plan.over });
    }
  }
  let best: MovePath | null = null;
  let why = `no route for a ${(r * 2 * MM_PER_INCH).toFixed(0)} mm base to ${fmt(dest)}`;
  let problem: RouteProblem = { kind: 'no-route', baseMm: Math.round(r * 2 * MM_PER_INCH) };
  for (const plan of plans) {
    if (!pointFree(plan.obs, r, body.cx, body.cz)) continue;
    if (!pointFree(plan.obs, r, dx, dz)) {
      why = `the base does not fit at ${fmt([dx, dz])} (terrain or another model is in the way)`;
      problem = { kind: 'no-fit' };
      continue;
    }
    const route = shortestPath2d(plan.obs, r, body.cx, body.cz, dx, dz, options.maxLength);
    if (!route) {
      if (options.maxLength !== undefined) {
        why = `no route within ${options.maxLength}" to ${fmt(dest)}`;
        problem = { kind: 'no-route-within', limit: options.maxLength };
      }
      continue;
    }
    // Height of the surface under the base's centre along the route. It follows the surface it is
    // on: up only onto solids the plan climbs, down to whatever is below when a surface ends (a
    // step down off a ledge, which counts as climbing down).
    // Only solids under the route's box can be under the base.
    let rMinX = Infinity,
      rMaxX = -Infinity,
      rMinZ = Infinity,
      rMaxZ = -Infinity;
    for (const [x, z] of route.points) {
      rMinX = Math.min(rMinX, x - r);
      rMaxX = Math.max(rMaxX, x + r);
      rMinZ = Math.min(rMinZ, z - r);
      rMaxZ = Math.max(rMaxZ, z + r);
    }
    const allSolids = terrainSolids(world).filter(
      (s) => s.maxX >= rMinX && s.minX <= rMaxX && s.maxZ >= rMinZ && s.minZ <= rMaxZ,
    );
    const surfaceAfter = (x: number, z: number, current: number): number => {
      let y = 0;
      for (const s of allSolids) {
        if (s.y1 > current + STEP || s.y1 <= y) continue;
        if (x < s.minX || x > s.maxX || z < s.minZ || z > s.maxZ || !inConvex(s.hull, x, z)) continue;
        y = s.y1;
      }
      for (const s of plan.over) if (s.y1 > y && inConvex(s.hull, x, z)) y = s.y1;
      return y;
    };
    const samples = sample(route.points);
    let up = 0;
    let vertical = 0;
    let prevY = level;
    let lowest = level;
    let clash: { why: string; problem: RouteProblem } | null = null;
    const stoodOn = new Set<Solid>();
    const heights: number[] = [];
    for (const [x, z] of samples) {
      const y = surfaceAfter(x, z, prevY);
      if (y > prevY) up += y - prevY;
      vertical += Math.abs(y - prevY);
      lowest = Math.min(lowest, y);
      // Remember what it stood on (it may slide down that solid's face when climbing down).
      for (const s of allSolids)
        if (
          Math.abs(s.y1 - y) <= STEP &&
          x >= s.minX &&
          x <= s.maxX &&
          z >= s.minZ &&
          z <= s.maxZ &&
          inConvex(s.hull, x, z)
        )
          stoodOn.add(s);
      // Off the start level the base meets that level's terrain: check it has room there.
      if (clash === null && Math.abs(y - level) > STEP && plan.over.length === 0) {
        const hitSolid = allSolids.find(
          (s) =>
            !stoodOn.has(s) &&
            solidBlocks(s, y, h) &&
            x >= s.minX - r &&
            x <= s.maxX + r &&
            z >= s.minZ - r &&
            z <= s.maxZ + r &&
            pointConvex(s.hull, x, z) < r - 1e-7,
        );
        if (hitSolid)
          clash = {
            why: `the route meets ${hitSolid.pieceId} after stepping down to ${y.toFixed(2)}"`,
            problem: { kind: 'meets-piece', piece: hitSolid.pieceId, height: y },
          };
      }
      heights.push(y);
      prevY = y;
    }
    if (climb === 'none' && lowest < level - STEP) {
      why = `the route steps down ${(level - lowest).toFixed(2)}" off a ledge and this move may not climb (jump or fall instead)`;
      problem = { kind: 'steps-down', drop: level - lowest };
      continue;
    }
    if (clash) {
      ({ why, problem } = clash);
      continue;
    }
    if (up > maxClimb + 1e-9) {
      why = `the route climbs ${up.toFixed(2)}", more than the ${maxClimb}" allowed in one move`;
      problem = { kind: 'climbs-too-much', climb: up, max: maxClimb };
      continue;
    }
    if (Math.abs(prevY - dy) > STEP) {
      why = `the destination at height ${dy} is not on a surface the route reaches (it ends at ${prevY.toFixed(2)})`;
      problem = { kind: 'not-on-surface' };
      continue;
    }
    // The route's inches over difficult ground, clipped exactly (the base's centre, seen from above).
    const inDifficult = areas.length ? lengthInside(route.points, areaHulls(areas)) : 0;
    const extra = options.difficultEvery ? Math.floor(inDifficult / options.difficultEvery + 1e-9) : 0;
    const counted = vertical * factor;
    const length = route.length + counted + extra;
    if (!best || length < best.length) {
      // Polyline points take the surface height of the nearest sample.
      const points = route.points.map(([x, z]) => {
        let k = 0;
        let d = Infinity;
        samples.forEach(([sx, sz], i) => {
          const e = Math.hypot(sx - x, sz - z);
          if (e < d) {
            d = e;
            k = i;
          }
        });
        return [x, heights[k] ?? level, z] as [number, number, number];
      });
      best = { reachable: true, length, horizontal: route.length, climb: counted, difficultExtra: extra, points };
      // A straight route on the walled plan is as short as any: the other plans take the same line
      // (they only have fewer obstacles) over the same surfaces, or climb more; unless it pays for
      // difficult ground, which a route round it may not.
      if (plan === plans[0] && route.points.length === 2 && extra === 0) break;
    }
  }
  if (!best) return refuse(why, problem);
  // It may cross anything mid-move (unless the ruleset says otherwise), but must be able to stand
  // where it ends.
  if (options.standAlongRoute) {
    for (const [x, z] of sample(
      best.points.map(([px, , pz]) => [px, pz] as [number, number]),
      0.25,
    )) {
      const y = standsAt(world, x, level + Math.min(options.maxClimb ?? 100, 100) + STEP, z, {
        baseRadius: r,
        height: h,
        ignoreModel: modelId,
      });
      if (y === null)
        return {
          ...best,
          reachable: false,
          reason: `the route crosses a place where ${modelId} cannot stand, near ${fmt([x, z])}`,
          problem: { kind: 'cannot-stand-along', model: modelId, x, z },
        };
    }
  }
  const stand = standsAt(world, dx, dy + STEP, dz, { baseRadius: r, height: h, ignoreModel: modelId });
  if (stand === null || Math.abs(stand - dy) > STEP) {
    return {
      ...best,
      reachable: false,
      reason: `${modelId} cannot stand at ${fmt(dest)} (no level room for its base)`,
      problem: { kind: 'cannot-stand', model: modelId },
    };
  }
  const blocker = options.collisions?.bodyBlockedBy(dx, stand, dz, r, h) ?? null;
  if (blocker)
    return {
      ...best,
      reachable: false,
      reason: `${modelId}'s body does not fit at ${fmt(dest)}: ${blocker} is in the way`,
      problem: { kind: 'body-blocked', model: modelId, by: blocker },
    };
  return best;
}
