/**
 * The rules engine's Queries over the app's geometry service: rules ask by model id and get plain
 * numbers and facts back, never three.js objects.
 */
import type { Queries } from '../rules/engine/queries';
import type { GeometryService } from './geometryService';

/** Queries answered by the geometry core for the store's current scene. */
export function geometryQueries(geo: GeometryService): Queries {
  return {
    distance: (a, b) => geo.tapeLength({ kind: 'model', id: a }, { kind: 'model', id: b }),
    sight(viewer, target) {
      const f = geo.facts(viewer, target);
      return {
        hasLos: f.hasLos,
        visibleFraction: f.visibleFraction,
        hidden: { terrain: f.hidden.terrain, vehicles: f.hidden.vehicles, models: f.hidden.models, smoke: f.hidden.smoke },
        coverPieces: f.coverPieces.map((c) => ({ id: c.id, kind: c.kind, share: c.share, distance: c.distance })),
        heightDifference: f.heightDifference,
        viewerInStructure: f.viewerInStructure,
        targetInStructure: f.targetInStructure,
        smokeBlocked: f.smokeBlocked,
      };
    },
  };
}
