/**
 * Measuring between models the way players do: edge to edge between bases, in 3D (a base 3"
 * straight above another is 3" away), the height between bases, and front arcs.
 */
import type { Body } from './bodies';

const OUTLINE = 128;

/** Footprint outline points (x, z) of a body's base. */
function outline(b: Body): Float64Array {
  const out = new Float64Array(OUTLINE * 2);
  for (let i = 0; i < OUTLINE; i++) {
    const ang = (2 * Math.PI * i) / OUTLINE;
    const u = Math.cos(ang) * b.a,
      v = Math.sin(ang) * b.b;
    out[2 * i] = b.cx + u * b.cos + v * b.sin;
    out[2 * i + 1] = b.cz - u * b.sin + v * b.cos;
  }
  return out;
}

function insideFootprint(b: Body, x: number, z: number): boolean {
  const dx = x - b.cx,
    dz = z - b.cz;
  const u = (dx * b.cos - dz * b.sin) / b.a;
  const v = (dx * b.sin + dz * b.cos) / b.b;
  return u * u + v * v <= 1;
}

/** Horizontal gap between two footprints (0 when they overlap seen from above). */
export function footprintGap(a: Body, b: Body): number {
  const centres = Math.hypot(a.cx - b.cx, a.cz - b.cz);
  if (a.a === a.b && b.a === b.b) return Math.max(0, centres - a.a - b.a);
  // Ovals: closest pair of outline points (128 each), after an overlap check.
  if (insideFootprint(a, b.cx, b.cz) || insideFootprint(b, a.cx, a.cz)) return 0;
  const pa = outline(a),
    pb = outline(b);
  let best = Infinity;
  for (let i = 0; i < OUTLINE; i++) {
    const x = pa[2 * i]!,
      z = pa[2 * i + 1]!;
    if (insideFootprint(b, x, z)) return 0;
    for (let j = 0; j < OUTLINE; j++) best = Math.min(best, Math.hypot(x - pb[2 * j]!, z - pb[2 * j + 1]!));
  }
  return best;
}

/** Shortest distance between two bases, edge to edge in 3D (bases are flat at their y). */
export function baseDistance(a: Body, b: Body): number {
  return Math.hypot(footprintGap(a, b), b.y0 - a.y0);
}

/** Height of b's base above a's (negative when below). */
export function heightDifference(a: Body, b: Body): number {
  return b.y0 - a.y0;
}

/**
 * Whether any part of T's base lies within V's front arc of `arcDeg` degrees (centred on V's
 * facing). A base overlapping V's is always in the arc.
 */
export function inFrontArc(v: Body, t: Body, arcDeg: number): boolean {
  const dx = t.cx - v.cx,
    dz = t.cz - v.cz;
  const dist = Math.hypot(dx, dz);
  if (dist <= t.radius) return true;
  // Facing vector (cos, -sin) in x/z: counter-clockwise from +x seen from above.
  const cosAng = (dx * v.cos - dz * v.sin) / dist;
  const ang = Math.acos(Math.max(-1, Math.min(1, cosAng)));
  const halfWidth = Math.asin(Math.min(1, t.radius / dist));
  return ang - halfWidth <= (arcDeg * Math.PI) / 360 + 1e-12;
}
