/**
 * Collisions with rapier: the terrain as fixed trimesh colliders, and "does a model's body fit
 * here" as a cylinder shape query, plus an inside-a-solid test (oriented meshes). Rapier is WASM and
 * loads asynchronously, so callers create the collision world once and pass it where needed.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import type { GeometryWorld } from '../geometry/world';

/** Clearance (inches) a body keeps from terrain it merely touches (standing on a floor, against a wall). */
export const TOUCH = 0.01;

/** Rapier's view of a scene's terrain. */
export interface CollisionWorld {
  /**
   * Whether a round body (base underside centre x, y, z; radius; height) fits without passing
   * into terrain. Returns null when it fits, else the id of a terrain piece in the way.
   */
  bodyBlockedBy(x: number, y: number, z: number, radius: number, height: number): string | null;
  /** Frees the WASM memory. */
  dispose(): void;
}

let ready: Promise<void> | null = null;

/** Loads rapier's WASM once. */
export function initRapier(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/** Builds the collision world for a scene's terrain (every piece but area terrain). */
export async function createCollisionWorld(world: GeometryWorld): Promise<CollisionWorld> {
  await initRapier();
  const physics = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const owner = new Map<number, string>();
  const pos = world.terrain.positions;
  for (const piece of world.terrain.pieces) {
    if (piece.kind === 'area') continue;
    const vertices = pos.slice(piece.vertexStart * 3, piece.vertexEnd * 3);
    const indices = new Uint32Array(piece.vertexEnd - piece.vertexStart).map((_, i) => i);
    const desc = RAPIER.ColliderDesc.trimesh(
      vertices,
      indices,
      RAPIER.TriMeshFlags.ORIENTED | RAPIER.TriMeshFlags.MERGE_DUPLICATE_VERTICES,
    );
    const collider = physics.createCollider(desc);
    owner.set(collider.handle, piece.id);
  }
  // Scene queries see colliders only after one step.
  physics.step();
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  return {
    bodyBlockedBy(x, y, z, radius, height) {
      const half = Math.max(height - 2 * TOUCH, 1e-3) / 2;
      const shape = new RAPIER.Cylinder(half, Math.max(radius - TOUCH, 1e-3));
      const hit = physics.intersectionWithShape({ x, y: y + TOUCH + half, z }, rotation, shape);
      if (hit) return owner.get(hit.handle) ?? 'terrain';
      const inside = physics.projectPoint({ x, y: y + TOUCH + half, z }, true);
      if (inside?.isInside) return owner.get(inside.collider.handle) ?? 'terrain';
      return null;
    },
    dispose() {
      physics.free();
    },
  };
}
