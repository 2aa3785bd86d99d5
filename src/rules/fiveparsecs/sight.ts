/**
 * Sight in Five Parsecs: the geometry's line of sight (figures block it), read with one rule of the text's
 * own (the shared README: "Figures inside the same area feature see each other within 3""; issue 37).
 * Two figures whose base centres stand in the same area feature (scene kind "area": woods, scrub,
 * `Queries.areaOf`):
 * - within `SAME_AREA_SIGHT` (3", edge to edge, 3" included) see each other, even through a feature that
 *   blocks sight: that feature hides nothing between them (its own share, `coverPieces`, is dropped from
 *   what hides the target; other terrain, figures and smoke keep theirs, so a wall between them still
 *   blocks, and smoke that blocks the line still blocks it);
 * - beyond 3" see each other only if the feature does not block sight (scrub, crops: the geometry's
 *   answer as it is); inside a feature that blocks sight (dense woods) they do not.
 * Every Five Parsecs question of sight (who may fire, cover, the must-fire rule, the AI, the CLI's verdict)
 * asks `sightOf`.
 */
import type { Queries, SightFacts } from '../engine/queries';

/** Figures inside the same area feature see each other within this many inches (edge to edge). */
export const SAME_AREA_SIGHT = 3;

/** The distance comparison's slack, inches. */
const EPS = 1e-9;

/** What `viewer` sees of `target` by the Five Parsecs reading (`q` the view of the table). */
export function sightOf(q: Queries, viewer: string, target: string): SightFacts {
  const facts = q.sight(viewer, target);
  const area = q.areaOf(viewer);
  if (!area || q.areaOf(target)?.id !== area.id) return facts;
  if (q.distance(viewer, target) <= SAME_AREA_SIGHT + EPS) {
    const own = facts.coverPieces.filter((p) => p.id === area.id).reduce((n, p) => n + p.share, 0);
    if (facts.smokeBlocked || own <= EPS) return facts;
    const visible = Math.min(1, facts.visibleFraction + own);
    return {
      ...facts,
      hasLos: true,
      visibleFraction: visible,
      hidden: { ...facts.hidden, terrain: Math.max(0, facts.hidden.terrain - own) },
      coverPieces: facts.coverPieces.filter((p) => p.id !== area.id),
    };
  }
  return area.blocksLos ? { ...facts, hasLos: false, visibleFraction: 0 } : facts;
}
