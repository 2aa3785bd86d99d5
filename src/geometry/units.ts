/**
 * Units and model defaults of the geometry contract: inches everywhere, y up, table top at y = 0.
 * Bases are given in millimetres (as the hobby sells them) and converted here, once.
 */
import type { Base, Model } from './sceneTypes';

/** Millimetres in one inch. */
export const MM_PER_INCH = 25.4;

/** Eye height as a share of body height when the scene gives none (ARCHITECTURE.md). */
export const DEFAULT_EYE_RATIO = 0.9;

/** Diameter of a lean-out marker's base, in millimetres. */
export const LEAN_OUT_DIAMETER_MM = 25;

/** Converts millimetres to inches. */
export function mmToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

/** Half extents of a base footprint in inches: [along facing, across facing]. */
export function baseHalfExtents(base: Base): [number, number] {
  if (base.shape === 'round') {
    const r = mmToInches(base.diameterMm) / 2;
    return [r, r];
  }
  return [mmToInches(base.lengthMm) / 2, mmToInches(base.widthMm) / 2];
}

/** Radius of the smallest circle around the base, in inches (exact for round bases). */
export function baseRadius(base: Base): number {
  const [a, b] = baseHalfExtents(base);
  return Math.max(a, b);
}

/** Body height in inches: a prone model's body is its base alone (zero height above it). */
export function bodyHeight(model: Pick<Model, 'height' | 'prone'>): number {
  return model.prone ? 0 : model.height;
}

/** Eye height above the base underside in inches. */
export function eyeHeight(model: Pick<Model, 'height' | 'eyeHeight' | 'prone'>): number {
  if (model.prone) return 0;
  return model.eyeHeight ?? DEFAULT_EYE_RATIO * model.height;
}

/** Facing in radians, counter-clockwise seen from above, 0 along +x. */
export function facingRadians(model: Pick<Model, 'facingDeg'>): number {
  return ((model.facingDeg ?? 0) * Math.PI) / 180;
}
