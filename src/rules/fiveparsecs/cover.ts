/**
 * Cover and base contact from the table's facts (README "Readings"). The rules README reads cover
 * as: the line of fire crosses terrain more than 1" from the firer, or the target is inside an
 * area feature, or the target touches a feature that partly hides it. From the geometry core's
 * facts this build reads it as: the target is inside a feature, a structure (`targetInStructure`),
 * an area piece (woods, scrub: `Queries.areaOf`) or other terrain that does not block sight
 * (`Queries.concealment(...).inside`), or a
 * terrain piece hides at least COVER_SHARE of it and that piece is not the firer's own (a piece
 * whose distance from the target is within 1" of the whole gap stands within 1" of the firer).
 */
import type { Queries, SightFacts } from '../engine/queries';
import { BASE_MM, FIGURE_HEIGHT } from './game';
import { radiusInches } from '../engine/units';
import { sightOf } from './sight';

/** The share of the target a terrain piece must hide to give cover. */
export const COVER_SHARE = 0.1;
/** Terrain within this many inches of the firer does not cover the target ("more than 1" from the firer"). */
export const FIRER_TERRAIN = 1;
/** Bases this close (edge to edge, inches) are in base contact. */
export const CONTACT = 0.1;
/** "Must fire at a target within 3"". */
export const MUST_FIRE_WITHIN = 3;

/**
 * Whether `target` is covered from `firer` (`q` the view of the table): inside a feature, or hidden in part
 * by terrain beyond 1" of the firer. The sight facts and the edge-to-edge distance are the caller's when it
 * has them.
 */
export function isCovered(
  q: Queries,
  firer: string,
  target: string,
  f: SightFacts = sightOf(q, firer, target),
  distance: number = q.distance(firer, target),
): boolean {
  if (f.targetInStructure !== null || q.areaOf(target) !== null || q.concealment(firer, target).inside !== null)
    return true;
  const limit = distance - FIRER_TERRAIN;
  return f.coverPieces.some((p) => p.share >= COVER_SHARE && (p.closerThan ? p.closerThan(limit) : p.distance < limit));
}

/**
 * Base contact between two figures standing at these spots: bases (25 mm) within CONTACT of
 * touching and on about the same level (less than a figure's height apart). Positions only, so the
 * legal list and apply agree without asking the table.
 */
export function inContact(a: readonly number[], b: readonly number[]): boolean {
  const gap = Math.hypot(a[0]! - b[0]!, a[2]! - b[2]!) - 2 * radiusInches(BASE_MM);
  return gap <= CONTACT && Math.abs(a[1]! - b[1]!) < FIGURE_HEIGHT;
}
