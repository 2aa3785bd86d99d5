/**
 * A scene prepared for geometry questions: the terrain index (BVH), model bodies and lean-out
 * markers, and smoke volumes. Build once per scene; `moveModel` updates one body in place.
 */
import type { MeshBVH } from 'three-mesh-bvh';
import type { Model, Scene } from './sceneTypes';
import { leanOutBody, modelBody, type Body } from './bodies';
import { mergeCoplanar } from './simplify';
import { smokeVolume, type SmokeVolume } from './smoke';
import type { MeshLookup } from './terrainGeometry';
import { buildTerrainIndex, type TerrainIndex } from './terrainIndex';

/** Everything the geometry core needs about one scene. */
export interface GeometryWorld {
  scene: Scene;
  terrain: TerrainIndex;
  /**
   * The same surfaces with coplanar faces merged (simplify.ts): what the visibility raster walks.
   * Built on first use (`occludersOf`).
   */
  occluders: TerrainIndex | null;
  models: Model[];
  /** Model bodies, in scene order. */
  bodies: Body[];
  /** Lean-out marker bodies, by model index (null when the model has none). */
  markers: (Body | null)[];
  modelIndex: Map<string, number>;
  smoke: SmokeVolume[];
  /** Where mesh pieces read their geometry (kept to build the occluder index later). */
  lookup: MeshLookup;
  /** Per-piece BVHs built on demand for distance queries. */
  pieceBvhs: Map<number, MeshBVH>;
}

/** Builds the world for a validated scene; mesh pieces read their geometry through `lookup`. */
export function buildWorld(scene: Scene, lookup: MeshLookup): GeometryWorld {
  return withModels(scene, lookup, buildTerrainIndex(scene, lookup), null, new Map());
}

/** A world for a scene over a terrain index built for it already (buildTerrainIndexAsync). */
export function worldOver(scene: Scene, lookup: MeshLookup, terrain: TerrainIndex): GeometryWorld {
  return withModels(scene, lookup, terrain, null, new Map());
}

/** A world over an existing terrain index: bodies, markers and smoke from the scene. */
function withModels(
  scene: Scene,
  lookup: MeshLookup,
  terrain: TerrainIndex,
  occluders: TerrainIndex | null,
  pieceBvhs: Map<number, MeshBVH>,
): GeometryWorld {
  const models = scene.models ?? [];
  return {
    scene,
    terrain,
    occluders,
    lookup,
    models,
    bodies: models.map(modelBody),
    markers: models.map(leanOutBody),
    modelIndex: new Map(models.map((m, i) => [m.id, i])),
    smoke: (scene.smoke ?? []).map(smokeVolume),
    pieceBvhs,
  };
}

/** The occluder index of a world, built on first use. */
export function occludersOf(world: GeometryWorld): TerrainIndex {
  world.occluders ??= buildTerrainIndex(world.scene, world.lookup, mergeCoplanar);
  return world.occluders;
}

/** The index of a model by id, or an Error naming the id. */
export function modelIndexOf(world: GeometryWorld, id: string): number {
  const i = world.modelIndex.get(id);
  if (i === undefined)
    throw new Error(`no model with id "${id}" (models: ${world.models.map((m) => m.id).join(', ')})`);
  return i;
}

/** Replaces one model (moved, turned, prone...) without rebuilding the terrain index. */
export function updateModel(world: GeometryWorld, model: Model): void {
  const i = modelIndexOf(world, model.id);
  world.models = world.models.map((m, j) => (j === i ? model : m));
  world.bodies[i] = modelBody(model);
  world.markers[i] = leanOutBody(model);
}

/**
 * A world for a scene whose terrain is the same array as `previous`'s (only models or smoke
 * changed): shares the terrain index instead of rebuilding the BVH.
 */
export function rebuildWorld(scene: Scene, lookup: MeshLookup, previous: GeometryWorld | null): GeometryWorld {
  if (!previous || previous.scene.terrain !== scene.terrain) return buildWorld(scene, lookup);
  return withModels(scene, lookup, previous.terrain, previous.occluders, previous.pieceBvhs);
}
