/**
 * Smoke volumes (ARCHITECTURE.md): a vertical cylinder, 3" radius and unlimited height by default. A line
 * is blocked when both its ends are outside the volume and the line passes through it; lines that
 * start or end inside are not blocked.
 */
import type { Smoke } from './sceneTypes';

/** Default smoke radius in inches. */
export const DEFAULT_SMOKE_RADIUS = 3;

/** A smoke volume in table coordinates; `y1` is Infinity for unlimited height. */
export interface SmokeVolume {
  id: string;
  cx: number;
  cz: number;
  r: number;
  y0: number;
  y1: number;
  light: boolean;
}

/** The volume of a scene smoke token. */
export function smokeVolume(s: Smoke): SmokeVolume {
  const [x, y, z] = s.position;
  const height = s.height ?? null;
  return {
    id: s.id,
    cx: x,
    cz: z,
    r: s.radius ?? DEFAULT_SMOKE_RADIUS,
    y0: y,
    y1: height === null ? Infinity : y + height,
    light: s.light ?? false,
  };
}

/** Whether a point is inside the volume (boundary counts as inside). */
export function pointInSmoke(v: SmokeVolume, x: number, y: number, z: number): boolean {
  const dx = x - v.cx;
  const dz = z - v.cz;
  return dx * dx + dz * dz <= v.r * v.r && y >= v.y0 && y <= v.y1;
}

/**
 * Whether the segment a→b is blocked by the volume under the ARCHITECTURE.md rule: both ends outside and
 * some part of the segment inside. Tangent grazes (touching the boundary only) do not block.
 */
export function smokeBlocksSegment(
  v: SmokeVolume,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
): boolean {
  if (pointInSmoke(v, ax, ay, az) || pointInSmoke(v, bx, by, bz)) return false;
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const fx = ax - v.cx;
  const fz = az - v.cz;
  const A = dx * dx + dz * dz;
  if (A < 1e-18) return false; // vertical segment outside the circle never enters it
  const B = 2 * (fx * dx + fz * dz);
  const C = fx * fx + fz * fz - v.r * v.r;
  const disc = B * B - 4 * A * C;
  if (disc <= 0) return false;
  const s = Math.sqrt(disc);
  let t0 = Math.max(0, (-B - s) / (2 * A));
  let t1 = Math.min(1, (-B + s) / (2 * A));
  if (t0 >= t1) return false;
  // Height range of the segment while inside the circle.
  if (Math.abs(dy) > 1e-12) {
    const ta = (v.y0 - ay) / dy;
    const tb = (v.y1 - ay) / dy;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
    return t0 < t1;
  }
  return ay > v.y0 && ay < v.y1;
}

/**
 * Share of a round footprint (centre, radius) inside the smoke's circle, ignoring height: the exact
 * area of the lens where the two circles overlap, over the footprint's area.
 */
export function circleShareInSmoke(v: SmokeVolume, cx: number, cz: number, r: number): number {
  const d = Math.hypot(cx - v.cx, cz - v.cz);
  const R = v.r;
  if (d >= r + R) return 0;
  if (d <= R - r) return 1;
  if (d <= r - R) return (R * R) / (r * r);
  const a1 = r * r * Math.acos((d * d + r * r - R * R) / (2 * d * r));
  const a2 = R * R * Math.acos((d * d + R * R - r * r) / (2 * d * R));
  const k = 0.5 * Math.sqrt((-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R));
  return (a1 + a2 - k) / (Math.PI * r * r);
}

/**
 * Where the ray o + t d first enters the volume (its circle and height range), as t >= 0, or
 * Infinity when it never does. For ordering occluders; whether it blocks is smokeBlocksSegment.
 */
export function smokeEntry(
  v: SmokeVolume,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const fx = ox - v.cx,
    fz = oz - v.cz;
  const A = dx * dx + dz * dz;
  if (A < 1e-18) return Infinity;
  const B = 2 * (fx * dx + fz * dz);
  const C = fx * fx + fz * fz - v.r * v.r;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return Infinity;
  let t0 = (-B - Math.sqrt(disc)) / (2 * A);
  if (Math.abs(dy) > 1e-12) {
    const ta = (v.y0 - oy) / dy,
      tb = (v.y1 - oy) / dy;
    t0 = Math.max(t0, Math.min(ta, tb));
  }
  return Math.max(t0, 0);
}
