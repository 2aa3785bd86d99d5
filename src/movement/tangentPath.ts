/**
 * Exact shortest paths for a round base among obstacles, seen from above. The base's centre may not
 * come within `radius` of a convex footprint or within `radius + r` of another base. A shortest
 * path is made of straight segments tangent to circles (radius `radius` around footprint corners,
 * `radius + r` around other bases) and arcs along those circles: a tangent graph searched with A*.
 *
 * Only supporting tangents are kept (the footprint lies wholly on one side of the line), which is
 * what makes the graph small. Terrain's part of the graph is built once per planner; other bases
 * are added lazily, only when they block a segment the search tried.
 */
import * as plane from '../geometry/plane';
import { FootprintIndex } from './footprintIndex';
import { MinHeap } from './minHeap';
import * as graph from './tangents';
import type { Circle, Path2d, Seg } from './tangents';

// Bound once: called in the searches' inner loops, where an imported binding read is a getter call
// under Vitest's module transform (see src/geometry/visibility/scratch.ts).
const { pointConvex, pointSegment, segmentConvex } = plane;
const { arcLength, polyline, sense, tangents } = graph;

export type { Path2d } from './tangents';

/** Obstacles for one base: convex footprints and circles (other bases), unexpanded. */
export interface PlanObstacles {
  polys: Float64Array[];
  circles: { x: number; z: number; r: number }[];
}

const EPS = 1e-7;

/**
 * A planner for one base radius among fixed footprints. Its terrain tangent graph is built once;
 * each query adds the start, the goal and whichever other bases get in the way.
 */
export class Planner {
  readonly index: FootprintIndex;
  private readonly circles: Circle[] = [];
  private readonly segs: Seg[] = [];
  private readonly departures: number[][] = [];
  /** Number of terrain circles and segments (the static part). */
  private readonly staticCircles: number;
  private readonly staticSegs: number;

  constructor(
    readonly polys: Float64Array[],
    readonly radius: number,
  ) {
    this.index = new FootprintIndex(polys, radius);
    polys.forEach((p, owner) => {
      for (let i = 0; i < p.length; i += 2) {
        const x = p[i]!,
          z = p[i + 1]!;
        // A corner whose circle is nowhere free (buried in other footprints) can never be touched.
        let free = false;
        for (let k = 0; k < 8 && !free; k++) {
          const a = (k * Math.PI) / 4;
          free = this.pointFree(x + Math.cos(a) * radius * (1 + 1e-6), z + Math.sin(a) * radius * (1 + 1e-6), []);
        }
        if (free) this.circles.push({ x, z, r: radius, owner, base: -1 });
      }
    });
    for (let i = 0; i < this.circles.length; i++) this.departures.push([]);
    const buf: number[][] = [];
    for (let i = 0; i < this.circles.length; i++) {
      for (let j = i + 1; j < this.circles.length; j++) this.connect(i, j, [], buf);
    }
    this.staticCircles = this.circles.length;
    this.staticSegs = this.segs.length;
  }

  /** Whether the base's centre may be at p (clear of footprints and the given bases). */
  pointFree(px: number, pz: number, bases: readonly { x: number; z: number; r: number }[]): boolean {
    const r = this.radius;
    if (this.index.some(px - r, px + r, pz - r, pz + r, (i) => pointConvex(this.polys[i]!, px, pz) < r - EPS))
      return false;
    for (const c of bases) if (Math.hypot(px - c.x, pz - c.z) < c.r + r - EPS) return false;
    return true;
  }

  /** Whether the base may slide straight from a to b past footprints (bases are checked apart). */
  segmentClearOfTerrain(ax: number, az: number, bx: number, bz: number): boolean {
    const r = this.radius;
    const d = this.index.discs;
    return !this.index.some(
      Math.min(ax, bx) - r,
      Math.max(ax, bx) + r,
      Math.min(az, bz) - r,
      Math.max(az, bz) + r,
      (i) =>
        pointSegment(d[3 * i]!, d[3 * i + 1]!, ax, az, bx, bz) < d[3 * i + 2]! + r &&
        segmentConvex(this.polys[i]!, ax, az, bx, bz) < r - EPS,
    );
  }

  /** The first base (index) the segment runs into, or -1. */
  private blockingBase(
    ax: number,
    az: number,
    bx: number,
    bz: number,
    bases: readonly { x: number; z: number; r: number }[],
  ): number {
    const minX = Math.min(ax, bx) - this.radius,
      maxX = Math.max(ax, bx) + this.radius;
    const minZ = Math.min(az, bz) - this.radius,
      maxZ = Math.max(az, bz) + this.radius;
    for (let k = 0; k < bases.length; k++) {
      const c = bases[k]!;
      if (c.x + c.r < minX || c.x - c.r > maxX || c.z + c.r < minZ || c.z - c.r > maxZ) continue;
      if (pointSegment(c.x, c.z, ax, az, bx, bz) < c.r + this.radius - EPS) return k;
    }
    return -1;
  }

  /** Whether the line through (px, pz) along (tx, tz) keeps circle c's footprint on one side. */
  private supporting(c: Circle, px: number, pz: number, tx: number, tz: number): boolean {
    if (c.owner < 0) return true;
    const len = Math.hypot(tx, tz);
    const nx = -tz / len,
      nz = tx / len;
    const side = (c.x - px) * nx + (c.z - pz) * nz; // +-radius
    const p = this.polys[c.owner]!;
    for (let i = 0; i < p.length; i += 2) {
      const d = (p[i]! - px) * nx + (p[i + 1]! - pz) * nz;
      if (side > 0 ? d < side - 1e-6 : d > side + 1e-6) return false;
    }
    return true;
  }

  /** Adds the valid supporting tangent segments between circles i and j (both directions). */
  private connect(i: number, j: number, bases: readonly { x: number; z: number; r: number }[], buf: number[][]): void {
    const ci = this.circles[i]!,
      cj = this.circles[j]!;
    buf.length = 0;
    if (ci.r === 0 && cj.r === 0) return;
    if (ci.r === 0) tangents(ci, cj, cj.r, buf);
    else if (cj.r === 0) {
      tangents(cj, ci, ci.r, buf);
      for (const t of buf) t.push(...t.splice(0, 2));
    } else {
      tangents(ci, cj, cj.r, buf);
      tangents(ci, cj, -cj.r, buf);
    }
    for (const [ax = 0, az = 0, bx = 0, bz = 0] of buf) {
      const tx = bx - ax,
        tz = bz - az;
      const len = Math.hypot(tx, tz);
      if (len < 1e-9) continue;
      if (!this.supporting(ci, ax, az, tx, tz) || !this.supporting(cj, bx, bz, tx, tz)) continue;
      if (!this.segmentClearOfTerrain(ax, az, bx, bz)) continue;
      if (bases.length && this.blockingBase(ax, az, bx, bz, bases) >= 0) continue;
      this.segs.push({
        from: i,
        to: j,
        ax,
        az,
        bx,
        bz,
        oFrom: sense(tx, tz, ax, az, ci),
        oTo: sense(tx, tz, bx, bz, cj),
        len,
      });
      this.departures[i]!.push(this.segs.length - 1);
      this.segs.push({
        from: j,
        to: i,
        ax: bx,
        az: bz,
        bx: ax,
        bz: az,
        oFrom: sense(-tx, -tz, bx, bz, cj),
        oTo: sense(-tx, -tz, ax, az, ci),
        len,
      });
      this.departures[j]!.push(this.segs.length - 1);
    }
  }

  private addCircle(
    c: Circle,
    bases: readonly { x: number; z: number; r: number }[],
    buf: number[][],
    keep: (c: Circle) => boolean = () => true,
  ): number {
    const k = this.circles.length;
    this.circles.push(c);
    this.departures.push([]);
    for (let i = 0; i < k; i++) if (keep(this.circles[i]!)) this.connect(i, k, bases, buf);
    return k;
  }

  /** Drops everything a query added, back to the terrain graph. */
  private reset(): void {
    for (let i = this.circles.length - 1; i >= this.staticCircles; i--) this.circles.pop();
    this.departures.length = this.staticCircles;
    this.segs.length = this.staticSegs;
    for (let i = 0; i < this.staticCircles; i++) {
      const d = this.departures[i]!;
      while (d.length && d[d.length - 1]! >= this.staticSegs) d.pop();
    }
  }

  private arcFree(
    c: Circle,
    fromAng: number,
    o: number,
    len: number,
    bases: readonly { x: number; z: number; r: number }[],
  ): boolean {
    if (len < 1e-9) return true;
    const steps = Math.ceil(len / 0.1);
    const total = len / c.r;
    for (let s = 1; s < steps; s++) {
      const a = fromAng + (o * (total * s)) / steps;
      if (!this.pointFree(c.x + Math.cos(a) * c.r, c.z + Math.sin(a) * c.r, bases)) return false;
    }
    return true;
  }

  /**
   * A* from circle `start` over arrivals; segments are checked against `bases` as they are tried,
   * and bases that block one are reported in `blockers`.
   */
  private search(
    start: number,
    goal: number,
    gx: number,
    gz: number,
    bases: readonly { x: number; z: number; r: number }[],
    blockers: Set<number>,
    useHeuristic: boolean,
    bound = Infinity,
  ): { dist: Float64Array; prev: Int32Array; best: number } {
    const { circles, segs, departures } = this;
    const dist = new Float64Array(segs.length).fill(Infinity);
    const prev = new Int32Array(segs.length).fill(-1);
    const done = new Uint8Array(segs.length);
    const heap = new MinHeap();
    const h = (x: number, z: number) => (useHeuristic ? Math.hypot(gx - x, gz - z) : 0);
    const open = (s: number): boolean => {
      const seg = segs[s]!;
      if (s < this.staticSegs && bases.length) {
        const b = this.blockingBase(seg.ax, seg.az, seg.bx, seg.bz, bases);
        if (b >= 0) {
          blockers.add(b);
          return false;
        }
      }
      return true;
    };
    for (const s of departures[start]!) {
      if (segs[s]!.len + h(segs[s]!.bx, segs[s]!.bz) > bound || !open(s)) continue;
      dist[s] = segs[s]!.len;
      heap.push(s, dist[s]! + h(segs[s]!.bx, segs[s]!.bz));
    }
    let best = -1;
    while (heap.size > 0) {
      const s = heap.pop();
      if (done[s]) continue;
      done[s] = 1;
      const seg = segs[s]!;
      if (seg.to === goal) {
        best = s;
        break;
      }
      const c = circles[seg.to]!;
      if (c.r <= 0) continue;
      const inAng = Math.atan2(seg.bz - c.z, seg.bx - c.x);
      for (const d of departures[seg.to]!) {
        const next = segs[d]!;
        if (done[d] || next.oFrom !== seg.oTo) continue;
        const outAng = Math.atan2(next.az - c.z, next.ax - c.x);
        const arc = arcLength(c, inAng, outAng, seg.oTo);
        const cost = dist[s]! + arc + next.len;
        if (cost >= dist[d]! || cost + h(next.bx, next.bz) > bound || !open(d)) continue;
        if (!this.arcFree(c, inAng, seg.oTo, arc, bases)) continue;
        dist[d] = cost;
        prev[d] = s;
        heap.push(d, cost + h(next.bx, next.bz));
      }
    }
    return { dist, prev, best };
  }

  /**
   * The shortest path from start to goal past the footprints and `bases`, or null. Bases join the
   * graph only once they block a segment the search tried, and the search runs again.
   */
  path(
    sx: number,
    sz: number,
    gx: number,
    gz: number,
    bases: readonly { x: number; z: number; r: number }[],
    maxLength = Infinity,
  ): Path2d | null {
    if (Math.hypot(gx - sx, gz - sz) > maxLength) return null;
    // Only circles a route no longer than maxLength could touch are joined to the start and goal.
    const keep = (c: Circle) =>
      Math.hypot(c.x - sx, c.z - sz) + Math.hypot(c.x - gx, c.z - gz) - 2 * c.r <= maxLength + 1e-9;
    if (this.segmentClearOfTerrain(sx, sz, gx, gz) && this.blockingBase(sx, sz, gx, gz, bases) < 0) {
      return {
        length: Math.hypot(gx - sx, gz - sz),
        points: [
          [sx, sz],
          [gx, gz],
        ],
      };
    }
    const included = new Set<number>();
    const direct = this.blockingBase(sx, sz, gx, gz, bases);
    if (direct >= 0) included.add(direct);
    const buf: number[][] = [];
    try {
      for (let round = 0; round < bases.length + 1; round++) {
        this.reset();
        for (const k of included) {
          const b = bases[k]!;
          this.addCircle({ x: b.x, z: b.z, r: b.r + this.radius, owner: -1, base: k }, bases, buf, keep);
        }
        const start = this.addCircle({ x: sx, z: sz, r: 0, owner: -1, base: -1 }, bases, buf, keep);
        const goal = this.addCircle({ x: gx, z: gz, r: 0, owner: -1, base: -1 }, bases, buf, keep);
        const blockers = new Set<number>();
        const { dist, prev, best } = this.search(start, goal, gx, gz, bases, blockers, true, maxLength);
        const fresh = [...blockers].filter((k) => !included.has(k));
        if (fresh.length === 0) return best < 0 ? null : polyline(this.circles, this.segs, best, prev, dist, sx, sz);
        for (const k of fresh) included.add(k);
      }
      return null;
    } finally {
      this.reset();
    }
  }

  /**
   * Shortest route lengths from the start to every query point within `maxLength` (Infinity where
   * unreachable or farther): one Dijkstra, then for each point the best of the straight leg from
   * the start and the legs leaving each circle tangentially.
   */
  field(
    sx: number,
    sz: number,
    bases: readonly { x: number; z: number; r: number }[],
    queries: Float64Array,
    maxLength: number,
  ): Float64Array {
    const buf: number[][] = [];
    // Only bases within reach matter for routes no longer than maxLength.
    bases = bases.filter((b) => Math.hypot(b.x - sx, b.z - sz) - b.r - this.radius <= maxLength);
    try {
      this.reset();
      bases.forEach((b, k) => this.addCircle({ x: b.x, z: b.z, r: b.r + this.radius, owner: -1, base: k }, bases, buf));
      const start = this.addCircle({ x: sx, z: sz, r: 0, owner: -1, base: -1 }, bases, buf);
      const { dist } = this.search(start, -1, sx, sz, bases, new Set(), false);
      const { circles, segs } = this;
      const arrivals: { ang: number; o: number; d: number }[][] = circles.map(() => []);
      segs.forEach((s, k) => {
        if (dist[k]! > maxLength) return;
        const c = circles[s.to]!;
        if (c.r > 0) arrivals[s.to]!.push({ ang: Math.atan2(s.bz - c.z, s.bx - c.x), o: s.oTo, d: dist[k]! });
      });
      const out = new Float64Array(queries.length / 2).fill(Infinity);
      for (let q = 0; q < out.length; q++) {
        const qx = queries[2 * q]!,
          qz = queries[2 * q + 1]!;
        const straight = Math.hypot(qx - sx, qz - sz);
        if (straight > maxLength || !this.pointFree(qx, qz, bases)) continue;
        if (this.segmentClearOfTerrain(sx, sz, qx, qz) && this.blockingBase(sx, sz, qx, qz, bases) < 0) {
          out[q] = straight;
          continue;
        }
        let best = Infinity;
        for (let c = 0; c < circles.length; c++) {
          const list = arrivals[c]!;
          if (list.length === 0) continue;
          const circle = circles[c]!;
          let minD = Infinity;
          for (const a of list) minD = Math.min(minD, a.d);
          if (minD + Math.hypot(qx - circle.x, qz - circle.z) - circle.r >= Math.min(best, maxLength + 1e-9)) continue;
          buf.length = 0;
          tangents({ x: qx, z: qz, r: 0 }, circle, circle.r, buf);
          for (const [, , tx = 0, tz = 0] of buf) {
            const leg = Math.hypot(qx - tx, qz - tz);
            const o = sense(qx - tx, qz - tz, tx, tz, circle);
            const ang = Math.atan2(tz - circle.z, tx - circle.x);
            let arrive = Infinity;
            for (const a of list) if (a.o === o) arrive = Math.min(arrive, a.d + arcLength(circle, a.ang, ang, o));
            const total = arrive + leg;
            if (
              total < best &&
              this.segmentClearOfTerrain(tx, tz, qx, qz) &&
              this.blockingBase(tx, tz, qx, qz, bases) < 0
            )
              best = total;
          }
        }
        if (best <= maxLength) out[q] = best;
      }
      return out;
    } finally {
      this.reset();
    }
  }
}

const planners = new WeakMap<Float64Array[], Map<number, Planner>>();

/** The planner for these footprints and radius (cached while the footprint list lives). */
export function plannerFor(polys: Float64Array[], radius: number): Planner {
  let byRadius = planners.get(polys);
  if (!byRadius) {
    byRadius = new Map();
    planners.set(polys, byRadius);
  }
  let p = byRadius.get(radius);
  if (!p) {
    p = new Planner(polys, radius);
    byRadius.set(radius, p);
  }
  return p;
}

/** Whether the base's centre may be at p. */
export function pointFree(obs: PlanObstacles, radius: number, px: number, pz: number): boolean {
  return plannerFor(obs.polys, radius).pointFree(px, pz, obs.circles);
}

/** The shortest path for a base of `radius` from start to goal, or null when there is none (or none within `maxLength`). */
export function shortestPath2d(
  obs: PlanObstacles,
  radius: number,
  sx: number,
  sz: number,
  gx: number,
  gz: number,
  maxLength = Infinity,
): Path2d | null {
  return plannerFor(obs.polys, radius).path(sx, sz, gx, gz, obs.circles, maxLength);
}

/** Route lengths from the start to each query point (see Planner.field). */
export function distanceField(
  obs: PlanObstacles,
  radius: number,
  sx: number,
  sz: number,
  queries: Float64Array,
  maxLength: number,
): Float64Array {
  return plannerFor(obs.polys, radius).field(sx, sz, obs.circles, queries, maxLength);
}
