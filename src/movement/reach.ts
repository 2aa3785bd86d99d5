/**
 * Reach preview: where a model's base centre can get with a given allowance, as a grid of cells
 * with the exact route length to each cell centre (tangent-graph distance field on the level the
 * model stands on), plus, under climbing rules, the cells on tops of terrain it can climb onto
 * (entered from the cheapest point round the footprint, plus the climb). The scene draws it as a
 * heat map; the hovered cell's route comes from measuredPath, which also adds difficult ground.
 */
import { modelIndexOf, type GeometryWorld } from '../geometry/world';
import { planFootprints, solidBlocks, STEP, terrainSolids } from './obstacles';
import { pointConvex, pointSegment } from '../geometry/plane';
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
  /**
   * Tops of terrain the model can climb onto within the allowance (climbing rules only): the same
   * grid's cells that lie on each top, as [i, j, cost] triples, with the top's height.
   */
  upper: { pieceId: string; y: number; cells: number[] }[];
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
      .filter(
        (b, k) =>
          k !== i &&
          b.y1 > body.y0 + STEP &&
          b.y0 < body.y0 + h &&
          !(options.passFriends && world.models[k]!.side === model.side),
      )
      .map((b) => ({ x: b.cx, z: b.cz, r: b.radius })),
  };
}

/** The reach grid of `modelId` for `allowance` inches, with `cell`-inch cells (default 0.25"). */
export function reach(
  world: GeometryWorld,
  modelId: string,
  allowance: number,
  options: MoveOptions & { cell?: number } = {},
): ReachGrid {
  if (!Number.isFinite(allowance) || allowance < 0)
    throw new Error(`allowance must be a finite number >= 0 (got ${allowance})`);
  const body = world.bodies[modelIndexOf(world, modelId)]!;
  const cell = options.cell ?? 0.25;
  const { width, depth } = world.scene.table;
  const r = body.radius;
  const x0 = Math.max(r, body.cx - allowance),
    x1 = Math.min(width - r, body.cx + allowance);
  const z0 = Math.max(r, body.cz - allowance),
    z1 = Math.min(depth - r, body.cz + allowance);
  const cols = Math.max(0, Math.ceil((x1 - x0) / cell));
  const rows = Math.max(0, Math.ceil((z1 - z0) / cell));
  const queries = new Float64Array(cols * rows * 2);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      queries[2 * (j * cols + i)] = x0 + (i + 0.5) * cell;
      queries[2 * (j * cols + i) + 1] = z0 + (j + 0.5) * cell;
    }
  }
  const obstacles = levelObstacles(world, modelId, options);
  const climb = options.climb ?? 'none';
  const factor = climb === 'double' ? 2 : 1;
  const maxClimb = options.maxClimb ?? Infinity;
  // Tops it could climb onto: solids in its way, no higher than allowed, with room for the base.
  const tops =
    climb === 'none'
      ? []
      : terrainSolids(world).filter((s) => {
          const rise = s.y1 - body.y0;
          return (
            solidBlocks(s, body.y0, body.y1 - body.y0) &&
            rise <= maxClimb &&
            rise * factor < allowance &&
            s.maxX - s.minX >= 2 * r &&
            s.maxZ - s.minZ >= 2 * r &&
            s.maxX >= x0 - r &&
            s.minX <= x1 + r &&
            s.maxZ >= z0 - r &&
            s.minZ <= z1 + r
          );
        });
  // Entry points just outside each top's footprint (every 0.25" round it), priced by the ground field.
  const entries: { top: number; x: number; z: number }[] = [];
  tops.forEach((s, t) => {
    const h = s.hull;
    for (let k = 0; k < h.length; k += 2) {
      const ax = h[k]!,
        az = h[k + 1]!,
        bx = h[(k + 2) % h.length]!,
        bz = h[(k + 3) % h.length]!;
      const len = Math.hypot(bx - ax, bz - az);
      const nx = (bz - az) / len,
        nz = -(bx - ax) / len; // outward for a counter-clockwise hull
      const n = Math.max(1, Math.ceil(len / 0.25));
      for (let q = 0; q < n; q++)
        entries.push({
          top: t,
          x: ax + ((bx - ax) * (q + 0.5)) / n + nx * (r + 1e-3),
          z: az + ((bz - az) * (q + 0.5)) / n + nz * (r + 1e-3),
        });
    }
  });
  const all = new Float64Array(queries.length + entries.length * 2);
  all.set(queries);
  entries.forEach((e, k) => all.set([e.x, e.z], queries.length + 2 * k));
  const fieldAll = distanceField(obstacles, r, body.cx, body.cz, all, allowance);
  const field = fieldAll.subarray(0, cols * rows);
  const upper: ReachGrid['upper'] = tops
    .map((s, t) => {
      const cells: number[] = [];
      const mine = entries
        .map((e, k) => ({ ...e, cost: fieldAll[cols * rows + k]! }))
        .filter((e) => e.top === t && Number.isFinite(e.cost));
      const climbCost = (s.y1 - body.y0) * factor;
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < cols; i++) {
          const x = x0 + (i + 0.5) * cell,
            z = z0 + (j + 0.5) * cell;
          // The whole base must be on the top.
          if (pointConvex(s.hull, x, z) > 0 || edgeDistance(s.hull, x, z) < r) continue;
          let best = Infinity;
          for (const e of mine) best = Math.min(best, e.cost + climbCost + Math.hypot(x - e.x, z - e.z));
          if (best <= allowance) cells.push(i, j, Math.round(best * 1000) / 1000);
        }
      }
      return { pieceId: s.pieceId, y: s.y1, cells };
    })
    .filter((u) => u.cells.length > 0);
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
    upper,
  };
}

/** Distance from a point inside a convex polygon to its boundary. */
function edgeDistance(poly: Float64Array, x: number, z: number): number {
  let d = Infinity;
  for (let k = 0; k < poly.length; k += 2)
    d = Math.min(
      d,
      pointSegment(x, z, poly[k]!, poly[k + 1]!, poly[(k + 2) % poly.length]!, poly[(k + 3) % poly.length]!),
    );
  return d;
}
