/**
 * The pieces of a tangent graph: circles (footprint corners grown by the base radius, other bases,
 * or points), directed tangent segments between them, common tangents of two circles, and arcs.
 */

/** A circle of the graph (radius 0: a point, the start or the goal). */
export interface Circle {
  x: number;
  z: number;
  r: number;
  /** Footprint the corner belongs to, or -1 (a base, the start, the goal). */
  owner: number;
  /** Index of the base, for base circles; -1 otherwise. */
  base: number;
}

/** A directed tangent segment between two circles (or points). */
export interface Seg {
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

/**
 * The turning sense about circle c of a path touching it at p along (tx, tz): +1 when the angle
 * about the centre grows along the path, -1 when it shrinks, 0 at a point (radius 0).
 */
export function sense(tx: number, tz: number, px: number, pz: number, c: Circle): number {
  if (c.r === 0) return 0;
  const cr = tx * (c.z - pz) - tz * (c.x - px);
  return cr > 0 ? 1 : -1;
}

/** Common tangents of two circles with signed radii (rho2's sign picks outer or inner). */
export function tangents(
  c1: { x: number; z: number; r: number },
  c2: { x: number; z: number },
  rho2: number,
  out: number[][],
): void {
  const dx = c2.x - c1.x,
    dz = c2.z - c1.z;
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

/** Length of the arc on c from angle fromAng to toAng, turning with sense o. */
export function arcLength(c: Circle, fromAng: number, toAng: number, o: number): number {
  let d = o > 0 ? toAng - fromAng : fromAng - toAng;
  d %= 2 * Math.PI;
  if (d < 0) d += 2 * Math.PI;
  if (d > 2 * Math.PI - 1e-9) d = 0;
  return c.r * d;
}

/** A planned path: its length and its polyline (arcs drawn every 10 degrees). */
export interface Path2d {
  length: number;
  points: [number, number][];
}

/**
 * The path that ends with segment `best` (A*'s `prev` links back to the start at sx, sz): its
 * length and its polyline, the arcs between segments drawn every 10 degrees.
 */
export function polyline(
  circles: readonly Circle[],
  segs: readonly Seg[],
  best: number,
  prev: Int32Array,
  dist: Float64Array,
  sx: number,
  sz: number,
): Path2d {
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
