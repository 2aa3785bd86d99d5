/**
 * Exact shortest paths for a round base among obstacles, seen from above. The base's centre may not
 * come within `radius` of a convex footprint or within `radius + r` of another base. The shortest
 * path is made of straight tangent segments and arcs of radius `radius` around footprint corners
 * (or `radius + r` around other bases): a tangent graph over those circles, searched with Dijkstra.
 */
import { inConvex, pointConvex, pointSegment, segmentConvex } from './plane';

/** Obstacles for one base: convex footprints and circles (other bases), unexpanded. */
export interface PlanObstacles {
  polys: Float64Array[];
  circles: { x: number; z: number; r: number }[];
}

/** A planned path: its length and its polyline (arcs drawn every 10 degrees). */
export interface Path2d {
  length: number;
  points: [number, number][];
}

const EPS = 1e-7;

interface Circle {
  x: number;
  z: number;
  r: number;
}

/** Whether the base's centre may be at p. */
export function pointFree(obs: PlanObstacles, radius: number, px: number, pz: number): boolean {
  for (const p of obs.polys) if (pointConvex(p, px, pz) < radius - EPS) return false;
  for (const c of obs.circles) if (Math.hypot(px - c.x, pz - c.z) < c.r + radius - EPS) return false;
  return true;
}

/** Whether the base's centre may slide straight from a to b. */
export function segmentFree(obs: PlanObstacles, radius: number, ax: number, az: number, bx: number, bz: number): boolean {
  const minX = Math.min(ax, bx) - radius, maxX = Math.max(ax, bx) + radius;
  const minZ = Math.min(az, bz) - radius, maxZ = Math.max(az, bz) + radius;
  for (const p of obs.polys) {
    if (!overlapsBox(p, minX, maxX, minZ, maxZ)) continue;
    if (segmentConvex(p, ax, az, bx, bz) < radius - EPS) return false;
  }
  for (const c of obs.circles) if (pointSegment(c.x, c.z, ax, az, bx, bz) < c.r + radius - EPS) return false;
  return true;
}

function overlapsBox(p: Float64Array, minX: number, maxX: number, minZ: number, maxZ: number): boolean {
  let a = Infinity, b = -Infinity, c = Infinity, d = -Infinity;
  for (let i = 0; i < p.length; i += 2) {
    a = Math.min(a, p[i]!);
    b = Math.max(b, p[i]!);
    c = Math.min(c, p[i + 1]!);
    d = Math.max(d, p[i + 1]!);
  }
  return !(b < minX || a > maxX || d < minZ || c > maxZ);
}

/** A directed tangent segment between two circles (or points). */
interface Seg {
  from: number;
  to: number;
  ax: number;
  az: number;
  bx: number;
  bz: number;
  /** Turning sense at each end: +1 when the angle about the centre grows along the path, 0 at points. */
  oFrom: number;
  oTo: number;
  len: number;
}

function sense(tx: number, tz: number, px: number, pz: number, c: Circle): number {
  if (c.r === 0) return 0;
  const cr = tx * (c.z - pz) - tz * (c.x - px);
  return cr > 0 ? 1 : -1;
}

/** Common tangents of two circles with signed radii (r2 sign picks outer or inner). */
function tangents(c1: Circle, c2: Circle, rho2: number, out: number[][]): void {
  const dx = c2.x - c1.x, dz = c2.z - c1.z;
  const d2 = dx * dx + dz * dz;
  const delta = rho2 - c1.r;
  const h2 = d2 - delta * delta;
  if (d2 < 1e-18 || h2 < 0) return;
  const h = Math.sqrt(h2);
  for (const k of h === 0 ? [1] : [1, -1]) {
    const nx = (delta * dx - k * h * dz) / d2;
    const nz = (delta * dz + k * h * dx) / d2;
    out.push([c1.x - c1.r * nx, c1.z - c1.r * nz, c2.x - rho2 * nx, c2.z - rho2 * nz]);
  }
}

function arcLength(c: Circle, fromAng: number, toAng: number, o: number): number {
  let d = o > 0 ? toAng - fromAng : fromAng - toAng;
  d %= 2 * Math.PI;
  if (d < 0) d += 2 * Math.PI;
  if (d > 2 * Math.PI - 1e-9) d = 0;
  return c.r * d;
}

/** Whether the arc around c from one angle to another stays clear (sampled every 0.1"). */
function arcFree(obs: PlanObstacles, radius: number, c: Circle, fromAng: number, o: number, len: number): boolean {
  if (len < 1e-9) return true;
  const steps = Math.ceil(len / 0.1);
  const total = len / c.r;
  for (let s = 1; s < steps; s++) {
    const a = fromAng + o * (total * s) / steps;
    if (!pointFree(obs, radius, c.x + Math.cos(a) * c.r, c.z + Math.sin(a) * c.r)) return false;
  }
  return true;
}

interface Graph {
  circles: Circle[];
  segs: Seg[];
  departures: number[][];
}

/**
 * Builds the tangent graph: circle 0 is the start, circle 1 the goal (omitted when `goal` is null),
 * then footprint corners (radius) and other bases (r + radius). Circles farther than `reach` from
 * the start are left out (no route within that length can touch them).
 */
function buildGraph(obs: PlanObstacles, radius: number, sx: number, sz: number, goal: [number, number] | null, reach = Infinity): Graph {
  const circles: Circle[] = [{ x: sx, z: sz, r: 0 }, goal ? { x: goal[0], z: goal[1], r: 0 } : { x: sx, z: sz, r: -1 }];
  const near = (x: number, z: number, r: number) => Math.hypot(x - sx, z - sz) - r <= reach;
  for (const p of obs.polys) {
    for (let i = 0; i < p.length; i += 2) if (near(p[i]!, p[i + 1]!, radius)) circles.push({ x: p[i]!, z: p[i + 1]!, r: radius });
  }
  for (const c of obs.circles) if (near(c.x, c.z, c.r + radius)) circles.push({ x: c.x, z: c.z, r: c.r + radius });
  // Drop circles whose rim is nowhere free (deep inside other obstacles): test 8 rim points.
  const usable = circles.map((c, i) => {
    if (i < 2) return c.r >= 0;
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      if (pointFree(obs, radius, c.x + Math.cos(a) * c.r * (1 + 1e-6), c.z + Math.sin(a) * c.r * (1 + 1e-6))) return true;
    }
    return false;
  });
  const segs: Seg[] = [];
  const departures: number[][] = circles.map(() => []);
  const buf: number[][] = [];
  const addSeg = (i: number, j: number, t: number[]) => {
    const [ax = 0, az = 0, bx = 0, bz = 0] = t;
    const len = Math.hypot(bx - ax, bz - az);
    if (len < 1e-9) return;
    if (!segmentFree(obs, radius, ax, az, bx, bz)) return;
    const tx = bx - ax, tz = bz - az;
    const ci = circles[i]!, cj = circles[j]!;
    segs.push({ from: i, to: j, ax, az, bx, bz, oFrom: sense(tx, tz, ax, az, ci), oTo: sense(tx, tz, bx, bz, cj), len });
    departures[i]!.push(segs.length - 1);
    segs.push({ from: j, to: i, ax: bx, az: bz, bx: ax, bz: az, oFrom: sense(-tx, -tz, bx, bz, cj), oTo: sense(-tx, -tz, ax, az, ci), len });
    departures[j]!.push(segs.length - 1);
  };
  for (let i = 0; i < circles.length; i++) {
    if (!usable[i]) continue;
    for (let j = Math.max(i + 1, 2); j < circles.length; j++) {
      if (!usable[j]) continue;
      const ci = circles[i]!, cj = circles[j]!;
      buf.length = 0;
      if (ci.r === 0) {
        tangents(ci, cj, cj.r, buf);
      } else {
        tangents(ci, cj, cj.r, buf);
        tangents(ci, cj, -cj.r, buf);
      }
      for (const t of buf) addSeg(i, j, t);
    }
  }
  return { circles, segs, departures };
}

/** Dijkstra over arrivals (a segment's far end), with arcs between arrival and departure. */
function search(obs: PlanObstacles, radius: number, g: Graph, goal: [number, number] | null): { dist: Float64Array; prev: Int32Array; best: number } {
  const { circles, segs, departures } = g;
  const dist = new Float64Array(segs.length).fill(Infinity);
  const prev = new Int32Array(segs.length).fill(-1);
  const done = new Uint8Array(segs.length);
  const heap = new MinHeap();
  const h = (x: number, z: number) => (goal ? Math.hypot(goal[0] - x, goal[1] - z) : 0);
  for (const s of departures[0]!) {
    dist[s] = segs[s]!.len;
    heap.push(s, dist[s]! + h(segs[s]!.bx, segs[s]!.bz));
  }
  let best = -1;
  while (heap.size > 0) {
    const s = heap.pop();
    if (done[s]) continue;
    done[s] = 1;
    const seg = segs[s]!;
    if (goal && seg.to === 1) {
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
      if (cost >= dist[d]!) continue;
      if (!arcFree(obs, radius, c, inAng, seg.oTo, arc)) continue;
      dist[d] = cost;
      prev[d] = s;
      heap.push(d, cost + h(next.bx, next.bz));
    }
  }
  return { dist, prev, best };
}

/**
 * The shortest path for a base of `radius` from start to goal, or null when there is none. The
 * start and goal must be free (callers check them to say why a move is refused).
 */
export function shortestPath2d(obs: PlanObstacles, radius: number, sx: number, sz: number, gx: number, gz: number): Path2d | null {
  if (segmentFree(obs, radius, sx, sz, gx, gz)) {
    return { length: Math.hypot(gx - sx, gz - sz), points: [[sx, sz], [gx, gz]] };
  }
  const g = buildGraph(obs, radius, sx, sz, [gx, gz]);
  const { circles, segs } = g;
  const { dist, prev, best } = search(obs, radius, g, [gx, gz]);
  if (best < 0) return null;
  // Rebuild the polyline.
  const chain: number[] = [];
  for (let s = best; s >= 0; s = prev[s]!) chain.push(s);
  chain.reverse();
  const points: [number, number][] = [[sx, sz]];
  for (let k = 0; k < chain.length; k++) {
    const seg = segs[chain[k]!]!;
    if (k > 0) {
      const before = segs[chain[k - 1]!]!;
      const c = circles[seg.from]!;
      const a0 = Math.atan2(before.bz - c.z, before.bx - c.x);
      const len = arcLength(c, a0, Math.atan2(seg.az - c.z, seg.ax - c.x), before.oTo);
      const turn = len / c.r;
      const steps = Math.max(1, Math.ceil(turn / (Math.PI / 18)));
      for (let i = 1; i < steps; i++) {
        const a = a0 + (before.oTo * turn * i) / steps;
        points.push([c.x + Math.cos(a) * c.r, c.z + Math.sin(a) * c.r]);
      }
      points.push([seg.ax, seg.az]);
    }
    points.push([seg.bx, seg.bz]);
  }
  return { length: dist[best]!, points };
}

/**
 * Shortest route lengths from the start to every query point within `maxLength` (Infinity where
 * unreachable or farther): one Dijkstra over the tangent graph, then for each point the best of the
 * straight leg from the start and the legs leaving each circle tangentially.
 */
export function distanceField(obs: PlanObstacles, radius: number, sx: number, sz: number, queries: Float64Array, maxLength: number): Float64Array {
  const g = buildGraph(obs, radius, sx, sz, null, maxLength);
  const { circles, segs } = g;
  const { dist } = search(obs, radius, g, null);
  // Arrivals by circle, with their angle and turning sense, for the last leg.
  const arrivals: { ang: number; o: number; d: number }[][] = circles.map(() => []);
  segs.forEach((s, k) => {
    if (dist[k]! > maxLength) return;
    const c = circles[s.to]!;
    if (c.r > 0) arrivals[s.to]!.push({ ang: Math.atan2(s.bz - c.z, s.bx - c.x), o: s.oTo, d: dist[k]! });
  });
  const out = new Float64Array(queries.length / 2).fill(Infinity);
  const buf: number[][] = [];
  for (let q = 0; q < out.length; q++) {
    const qx = queries[2 * q]!, qz = queries[2 * q + 1]!;
    const straight = Math.hypot(qx - sx, qz - sz);
    if (straight > maxLength || !pointFree(obs, radius, qx, qz)) continue;
    if (segmentFree(obs, radius, sx, sz, qx, qz)) {
      out[q] = straight;
      continue;
    }
    let best = Infinity;
    for (let c = 2; c < circles.length; c++) {
      const list = arrivals[c]!;
      if (list.length === 0) continue;
      const circle = circles[c]!;
      // Lower bound: reaching the circle at all, then the gap to the query.
      let minD = Infinity;
      for (const a of list) minD = Math.min(minD, a.d);
      if (minD + Math.hypot(qx - circle.x, qz - circle.z) - circle.r >= best) continue;
      buf.length = 0;
      tangents({ x: qx, z: qz, r: 0 }, circle, circle.r, buf);
      for (const [, , tx = 0, tz = 0] of buf) {
        const leg = Math.hypot(qx - tx, qz - tz);
        // Leaving the circle at (tx, tz) towards the query: its turning sense there.
        const o = sense(qx - tx, qz - tz, tx, tz, circle);
        const ang = Math.atan2(tz - circle.z, tx - circle.x);
        let arrive = Infinity;
        for (const a of list) if (a.o === o) arrive = Math.min(arrive, a.d + arcLength(circle, a.ang, ang, o));
        const total = arrive + leg;
        if (total < best && segmentFree(obs, radius, tx, tz, qx, qz)) best = total;
      }
    }
    if (best <= maxLength) out[q] = best;
  }
  return out;
}

/** Whether p lies inside any footprint (for messages: a base standing in a wall). */
export function insideFootprint(obs: PlanObstacles, px: number, pz: number): boolean {
  return obs.polys.some((p) => inConvex(p, px, pz));
}

/** A binary min-heap of ids by priority. */
class MinHeap {
  private ids: number[] = [];
  private keys: number[] = [];
  get size(): number {
    return this.ids.length;
  }
  push(id: number, key: number): void {
    const ids = this.ids, keys = this.keys;
    let i = ids.length;
    ids.push(id);
    keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      ids[i] = ids[p]!;
      keys[i] = keys[p]!;
      i = p;
    }
    ids[i] = id;
    keys[i] = key;
  }
  pop(): number {
    const ids = this.ids, keys = this.keys;
    const top = ids[0]!;
    const lastId = ids.pop()!;
    const lastKey = keys.pop()!;
    if (ids.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= ids.length) break;
        const r = l + 1;
        const c = r < ids.length && keys[r]! < keys[l]! ? r : l;
        if (keys[c]! >= lastKey) break;
        ids[i] = ids[c]!;
        keys[i] = keys[c]!;
        i = c;
      }
      ids[i] = lastId;
      keys[i] = lastKey;
    }
    return top;
  }
}
