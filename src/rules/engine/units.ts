/**
 * The rules' units kit: inches on the table, bases and markers in millimetres as the hobby sells
 * them. One place for the conversion (the geometry core has its own, in geometry/units.ts: rules may
 * not import geometry).
 */

/** Millimetres in one inch. */
export const MM_PER_INCH = 25.4;

/** Millimetres to inches. */
export const mmToInches = (mm: number): number => mm / MM_PER_INCH;

/** Inches to millimetres. */
export const inchesToMm = (inches: number): number => inches * MM_PER_INCH;

/** The radius in inches of a round base or marker `diameterMm` across. */
export const radiusInches = (diameterMm: number): number => diameterMm / MM_PER_INCH / 2;

/** The radius in inches of a 25 mm marker (lean-out marker, drone-swarm marker). */
export const MARKER_25MM_RADIUS = radiusInches(25);
