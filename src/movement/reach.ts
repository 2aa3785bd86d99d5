/**
 * Reach preview: where a model's base centre can get with a given allowance, as a grid of cells
 * with the exact route length to each cell centre (tangent-graph distance field on the level the
 * model stands on). The scene draws it as a heat map; the hovered cell's route comes from
 * measuredPath, which also adds climbing and difficult-ground costs.
 */
import { modelIndexOf, type GeometryWorld } from '../geometry/world';
import { planFootprints, STEP } from './obstacles';
import type { MoveOptions } from './path';
import { distanceField, type PlanObstacles } from './tangentPath';

/** A reach grid: cell (i, j) has its centre at (x0 + (i + 0.5) cell, z0 + (j + 0.5) cell). */
export interface ReachGrid {
  modelId: string;
  allowance: number;
  /** Height of the level the grid lies on (the model's base). */
  level: number;
  cell: number;
  x0: number;
  z0: number;
  cols: number;
  rows: number;
  /** Route length per cell, row by row (z), or -1 where the base cannot get within the allowance. */
  costs: number[];
}

/** The obstacles a model meets moving on its own level (terrain solids in the way, other bases). */
export function levelObstacles(world: GeometryWorld, modelId: string, options: MoveOptions = {}): PlanObstacles {
  const i = modelIndexOf(world, modelId);
  const body = world.bodies[i]!;
  const model = world.models[i]!;
  const h = body.y1 - body.y0;
  return {
    polys: planFootprints(world, body.y0, h, body.radius),
    circles: world.bodies
      .filter((b, k) => k !== i && b.y1 > body.y0 + STEP && b.y0 < body.y0 + h && !(options.passFriends && world.models[k]!.side === model.side))
      .map((b) => ({ x: b.cx, z: b.cz, r: b.radius })),
  };
}

/** The reach grid of `modelId` for `allowance` inches, with `cell`-inch cells (default 0.25"). */
export function reach(world: GeometryWorld, modelId: string, allowance: number, options: MoveOptions & { cell?: number } = {}): ReachGrid {
  if (!Number.isFinite(allowance) || allowance < 0) throw new Error(`allowance must be a finite number >= 0 (got ${allowance})`);
  const body = world.bodies[modelIndexOf(world, modelId)]!;
  const cell = options.cell ?? 0.25;
  const { width, depth } = world.scene.table;
  const r = body.radius;
  const x0 = Math.max(r, body.cx - allowance), x1 = Math.min(width - r, body.cx + allowance);
  const z0 = Math.max(r, body.cz - allowance), z1 = Math.min(depth - r, body.cz + allowance);
  const cols = Math.max(0, Math.ceil((x1 - x0) / cell));
  const rows = Math.max(0, Math.ceil((z1 - z0) / cell));
  const queries = new Float64Array(cols * rows * 2);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      queries[2 * (j * cols + i)] = x0 + (i + 0.5) * cell;
      queries[2 * (j * cols + i) + 1] = z0 + (j + 0.5) * cell;
    }
  }
  const field = distanceField(levelObstacles(world, modelId, options), r, body.cx, body.cz, queries, allowance);
  return {
    modelId,
    allowance,
    level: body.y0,
    cell,
    x0,
    z0,
    cols,
    rows,
    costs: Array.from(field, (d) => (Number.isFinite(d) ? Math.round(d * 1000) / 1000 : -1)),
  };
}
