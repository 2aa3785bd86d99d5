/**
 * Jumps: a straight horizontal jump of a given distance, clearing terrain up to a height above the
 * ground it starts from and models no bigger than the jumper, stopping short where it meets
 * something it cannot clear or where it could not land. A jump that ends over empty space falls.
 */
import { landing, type Landing } from '../geometry/drop';
import { modelIndexOf, type GeometryWorld } from '../geometry/world';
import { inConvex, pointConvex } from '../geometry/plane';
import { STEP, terrainSolids } from './obstacles';

/** What a jump may clear. */
export interface JumpOptions {
  /** Terrain no more than this much higher than the take-off ground is cleared (Counterblast: 1"). */
  clearHeight?: number;
  /** Models whose base radius is at most this are cleared (default: the jumper's own radius). */
  clearModelRadius?: number;
  /** Radius searched for a landing spot when the jump ends over empty space (Counterblast: 3"). */
  fallRadius?: number;
}

/** The outcome of a jump. */
export interface JumpResult {
  /** Where the base ends (before any fall). */
  end: [number, number, number];
  /** Horizontal distance actually jumped. */
  travelled: number;
  /** What stopped it short (a terrain piece id, a model id, "table edge" or "no room to land"), or null. */
  stoppedBy: string | null;
  /** When it ends over empty space: the height fallen and where it lands (null: nowhere within the radius). */
  fall: { height: number; landing: Landing | null } | null;
}

const STEP_IN = 0.02;

/** Jumps model `modelId` `distance` inches towards `directionDeg` (counter-clockwise from +x, seen from above). */
export function jump(
  world: GeometryWorld,
  modelId: string,
  directionDeg: number,
  distance: number,
  options: JumpOptions = {},
): JumpResult {
  if (!Number.isFinite(distance) || distance < 0)
    throw new Error(`jump distance must be a finite number >= 0 (got ${distance})`);
  const i = modelIndexOf(world, modelId);
  const body = world.bodies[i]!;
  const r = body.radius;
  const level = body.y0;
  const clear = options.clearHeight ?? 1;
  const clearR = options.clearModelRadius ?? r;
  const a = (directionDeg * Math.PI) / 180;
  const ux = Math.cos(a),
    uz = -Math.sin(a);
  const solids = terrainSolids(world).filter((s) => s.y1 > level + STEP && s.y0 < level + (body.y1 - body.y0));
  const { width, depth } = world.scene.table;
  const others = world.bodies.filter((_, k) => k !== i);

  // Walk out until something cannot be cleared.
  let reached = 0;
  let stoppedBy: string | null = null;
  const steps = Math.ceil(distance / STEP_IN);
  for (let s = 1; s <= steps; s++) {
    const d = Math.min(distance, s * STEP_IN);
    const x = body.cx + ux * d,
      z = body.cz + uz * d;
    if (x - r < 0 || x + r > width || z - r < 0 || z + r > depth) {
      stoppedBy = 'table edge';
      break;
    }
    const wall = solids.find((sol) => sol.y1 > level + clear + 1e-9 && pointConvex(sol.hull, x, z) < r - 1e-9);
    if (wall) {
      stoppedBy = wall.pieceId;
      break;
    }
    const big = others.find(
      (b) =>
        b.radius > clearR + 1e-9 &&
        b.y1 > level &&
        b.y0 < body.y1 &&
        Math.hypot(b.cx - x, b.cz - z) < b.radius + r - 1e-9,
    );
    if (big) {
      stoppedBy = big.modelId;
      break;
    }
    reached = d;
  }
  // Back off until the base can land (not on another model).
  let land = reached;
  const onModel = (d: number) =>
    others.find(
      (b) =>
        b.y1 > level &&
        b.y0 < body.y1 &&
        Math.hypot(b.cx - (body.cx + ux * d), b.cz - (body.cz + uz * d)) < b.radius + r - 1e-9,
    );
  while (land > 0 && onModel(land)) land = Math.max(0, land - STEP_IN);
  if (land < reached - 1e-9 && stoppedBy === null) stoppedBy = 'no room to land';
  const ex = body.cx + ux * land,
    ez = body.cz + uz * land;
  // The ground under the base's centre at the end: the highest solid top it cleared, else the table.
  let ground = 0;
  for (const s of terrainSolids(world))
    if (s.y1 <= level + clear + 1e-9 && inConvex(s.hull, ex, ez)) ground = Math.max(ground, s.y1);
  const end: [number, number, number] = [ex, ground, ez];
  if (ground < level - STEP) {
    const spot = landing(world, [ex, level, ez], options.fallRadius ?? 3, {
      baseRadius: r,
      height: body.y1 - body.y0,
      ignoreModel: modelId,
    });
    return {
      end: [ex, level, ez],
      travelled: land,
      stoppedBy,
      fall: { height: level - (spot ? spot.position[1] : ground), landing: spot },
    };
  }
  return { end, travelled: land, stoppedBy, fall: null };
}
