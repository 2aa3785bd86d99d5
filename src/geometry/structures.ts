/**
 * Structures: terrain of kind `structure` with an interior (a building with walls and a roof).
 * A point is inside a structure when it lies within the piece's bounds and a ray straight up from
 * it meets that piece (its roof or upper floor) before leaving the bounds.
 */
import { Vector3 } from 'three';
import { raycastTerrain, type PieceInfo } from './terrainIndex';
import type { GeometryWorld } from './world';

const _o = new Vector3();
const UP = new Vector3(0, 1, 0);

/** The structure whose interior holds the point, or null. */
export function structureAt(world: GeometryWorld, x: number, y: number, z: number): PieceInfo | null {
  for (const piece of world.terrain.pieces) {
    if (piece.kind !== 'structure') continue;
    const b = piece.bounds;
    if (x <= b.min.x || x >= b.max.x || z <= b.min.z || z >= b.max.z || y < b.min.y - 1e-6 || y >= b.max.y) continue;
    _o.set(x, y + 0.05, z);
    const hit = raycastTerrain(world.terrain, _o, UP, b.max.y - y + 0.01, (p) => p === piece);
    if (hit) return piece;
  }
  return null;
}

/**
 * The models with something over them (a roof, an upper floor): a line straight up from the top of
 * the body meets terrain. One ray per model; the scene draws these through what hides them.
 */
export function modelsUnderCover(world: GeometryWorld): Set<string> {
  const out = new Set<string>();
  for (const b of world.bodies) {
    if (b.isMarker) continue;
    _o.set(b.cx, b.y1 + 0.01, b.cz);
    if (raycastTerrain(world.terrain, _o, UP, Infinity)) out.add(b.modelId);
  }
  return out;
}

/**
 * The first structure whose interior the segment a→b passes through, other than those in `except`
 * (the structures the two ends stand in), sampled every 0.25" inside the structure's bounds.
 */
export function segmentThroughStructure(
  world: GeometryWorld,
  a: readonly number[],
  b: readonly number[],
  except: readonly (string | null)[],
): PieceInfo | null {
  const [ax = 0, ay = 0, az = 0] = a;
  const [bx = 0, by = 0, bz = 0] = b;
  const len = Math.hypot(bx - ax, by - ay, bz - az);
  for (const piece of world.terrain.pieces) {
    if (piece.kind !== 'structure' || except.includes(piece.id)) continue;
    const steps = Math.max(2, Math.ceil(len / 0.25));
    for (let i = 1; i < steps; i++) {
      const t = i / steps;
      const x = ax + (bx - ax) * t,
        y = ay + (by - ay) * t,
        z = az + (bz - az) * t;
      const bb = piece.bounds;
      if (x <= bb.min.x || x >= bb.max.x || z <= bb.min.z || z >= bb.max.z || y < bb.min.y || y >= bb.max.y) continue;
      if (structureAt(world, x, y, z) === piece) return piece;
    }
  }
  return null;
}
