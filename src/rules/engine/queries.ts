/**
 * What rules may ask of the table. The rules define this interface; the app (src/state) and the
 * CLI implement it over the geometry core, and rule tests pass a small fake.
 */

/** Line-of-sight facts a rule needs (a subset of the geometry core's pair facts). */
export interface SightFacts {
  hasLos: boolean;
  visibleFraction: number;
  /** Share of the target hidden by terrain, by vehicles, by models, by smoke. */
  hidden: { terrain: number; vehicles: number; models: number; smoke: number };
  /** Terrain pieces hiding part of the target: id, kind, share, distance from the target's base. */
  coverPieces: { id: string; kind: string; share: number; distance: number }[];
  heightDifference: number;
  viewerInStructure: string | null;
  targetInStructure: string | null;
  smokeBlocked: boolean;
}

/** Geometry questions, by model id. */
export interface Queries {
  /** Edge-to-edge distance between two models' bases, inches. */
  distance(a: string, b: string): number;
  /** What `viewer` sees of `target`. */
  sight(viewer: string, target: string): SightFacts;
}
