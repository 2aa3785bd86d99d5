/**
 * Facing and the front arc ("если противник находится в зоне его видимости (180 градусов)"), from
 * positions alone: the rules may not import the geometry core, so this is the same test as its
 * `inFrontArc` (src/geometry/measure.ts) for round bases, written over plain numbers. Angles are
 * degrees from +x towards +z (the engine's convention, as templates.ts `directionOf`).
 */

/** "зона его видимости (180 градусов)": the front arc, degrees. */
export const FRONT_ARC = 180;

/** An angle in [0, 360). */
export const normalDeg = (deg: number): number => ((deg % 360) + 360) % 360;

/** The heading from one spot to another, degrees from +x towards +z (0 when they coincide). */
export function headingOf(from: readonly number[], to: readonly number[]): number {
  const dx = to[0]! - from[0]!,
    dz = to[2]! - from[2]!;
  if (Math.hypot(dx, dz) < 1e-9) return 0;
  return Math.round(normalDeg((Math.atan2(dz, dx) * 180) / Math.PI) * 1000) / 1000;
}

/**
 * Whether a round base of `targetRadius` centred at `target` is in the front arc of a viewer at
 * `viewer` facing `facingDeg`: some part of the base lies within `arcDeg` / 2 of the facing (a base
 * overlapping the viewer's centre counts).
 */
export function inFrontArc(
  viewer: readonly number[],
  facingDeg: number,
  target: readonly number[],
  targetRadius: number,
  arcDeg = FRONT_ARC,
): boolean {
  const dx = target[0]! - viewer[0]!,
    dz = target[2]! - viewer[2]!;
  const dist = Math.hypot(dx, dz);
  if (dist <= targetRadius) return true;
  const f = (facingDeg * Math.PI) / 180;
  const cosAng = (dx * Math.cos(f) + dz * Math.sin(f)) / dist;
  const ang = Math.acos(Math.max(-1, Math.min(1, cosAng)));
  const halfWidth = Math.asin(Math.min(1, targetRadius / dist));
  return ang - halfWidth <= (arcDeg * Math.PI) / 360 + 1e-12;
}
