/**
 * The scale benchmark (issue 40): a 6' x 4' table of about 500k triangles and 100 models
 * (scaleTable.ts), in Node:
 * - `coldBuildMs`: from the scene to the first answer it can give: the terrain index (merge + BVH), the
 *   occluder index (coplanar faces merged, its BVH, the closed surfaces) and the bodies; measured first, in a
 *   process that has built nothing yet;
 * - `matrixMs`: every ordered pair's line of sight and visible share (median of 3 refreshes after the first);
 * - `incrementalMs`: the matrix brought up to date after one model moves (median of 60 seeded moves),
 *   against refreshing every pair (the naive update, `matrixMs`) in the same run;
 * - `pathMs` and `reachMs`: a measured path of 4" to 12" (median of 30) and a 6" reach preview (median of
 *   12 models), as on the reference table.
 * With `--browser`, Chromium loads the same table (browser half: scaleBrowser.ts).
 */
import { performance } from 'node:perf_hooks';
import { backFaceCulling } from '../../src/geometry/closedSurfaces';
import { LosMatrix } from '../../src/geometry/losMatrix';
import { buildWorld, occludersOf } from '../../src/geometry/world';
import { planFootprints } from '../../src/movement/obstacles';
import { measuredPath } from '../../src/movement/path';
import { levelObstacles, reach } from '../../src/movement/reach';
import { plannerFor } from '../../src/movement/tangentPath';
import { mulberry32 } from '../support/rng';
import { median, quantile, time, type Figure } from './harness';
import { SCALE_DEPTH, SCALE_WIDTH, scaleTable } from './scaleTable';
import { timedMoves } from './matrixMoves';

/** What `--scale --json` prints under "scale" (the browser's figures added with `--browser`). */
export interface ScaleFigures {
  models: number;
  triangles: number;
  matrixMs: number;
  incrementalMs: number;
  pathMs: number;
  reachMs: number;
  coldBuildMs: number;
  [more: string]: number;
}

/** Runs the Node half; returns the figures. */
export function scaleBench(log: (line: string) => void): ScaleFigures {
  const { scene, lookup } = scaleTable();
  const t0 = performance.now();
  const world = buildWorld(scene, lookup);
  const terrainMs = performance.now() - t0;
  const t1 = performance.now();
  backFaceCulling(occludersOf(world));
  const occluderMs = performance.now() - t1;
  const coldBuildMs = terrainMs + occluderMs;
  const triangles = world.terrain.triangleCount;
  log(
    `scale table: ${triangles} triangles, ${world.bodies.length} models; terrain index ${terrainMs.toFixed(0)} ms, occluders ${occluderMs.toFixed(0)} ms`,
  );

  const matrix = new LosMatrix(world);
  const f0 = performance.now();
  matrix.refreshAll();
  const firstMatrixMs = performance.now() - f0;
  const matrixMs = median(time(() => matrix.refreshAll(), 3, 0));
  log(`first matrix ${firstMatrixMs.toFixed(0)} ms, then ${matrixMs.toFixed(0)} ms`);

  const { ms: moves, recomputed } = timedMoves(matrix, world, {
    seed: 7,
    count: 60,
    width: SCALE_WIDTH,
    depth: SCALE_DEPTH,
  });
  const incrementalMs = median(moves);

  // Paths and reach: planners warmed first (built once per model height and cached).
  for (const b of world.bodies) plannerFor(planFootprints(world, b.y0, b.y1 - b.y0, b.radius), b.radius);
  const prnd = mulberry32(99);
  const jobs: { id: string; dest: [number, number, number] }[] = [];
  for (let tries = 0; jobs.length < 30 && tries < 10_000; tries++) {
    const i = Math.floor(prnd() * world.models.length);
    const b = world.bodies[i]!;
    const ang = prnd() * Math.PI * 2,
      d = 4 + prnd() * 8;
    const dest: [number, number, number] = [b.cx + Math.cos(ang) * d, 0, b.cz + Math.sin(ang) * d];
    if (dest[0] < 1 || dest[0] > SCALE_WIDTH - 1 || dest[2] < 1 || dest[2] > SCALE_DEPTH - 1) continue;
    const obs = levelObstacles(world, world.models[i]!.id);
    if (!plannerFor(obs.polys, b.radius).pointFree(dest[0], dest[2], obs.circles)) continue;
    jobs.push({ id: world.models[i]!.id, dest });
  }
  const pathMs = median(jobs.map((j) => median(time(() => measuredPath(world, j.id, j.dest), 3, 1))));
  const reachIds = world.models.filter((_, k) => k % 8 === 0).map((m) => m.id);
  const reachMs = median(reachIds.map((id) => median(time(() => reach(world, id, 6), 3, 1))));

  return {
    models: world.bodies.length,
    triangles,
    matrixMs,
    incrementalMs,
    pathMs,
    reachMs,
    coldBuildMs,
    terrainIndexMs: terrainMs,
    occluderBuildMs: occluderMs,
    firstMatrixMs,
    incrementalP90Ms: quantile(moves, 0.9),
    incrementalPairs: median(recomputed),
    incrementalSpeedup: matrixMs / incrementalMs,
  };
}

/** The figures as table rows, with the goals. */
export function scaleRows(f: ScaleFigures): Figure[] {
  const row = (key: string, unit: string, target?: string, note?: string): Figure[] =>
    f[key] === undefined
      ? []
      : [{ key, value: f[key]!, unit, ...(target ? { target } : {}), ...(note ? { note } : {}) }];
  return [
    ...row('models', 'models'),
    ...row('triangles', 'triangles', undefined, '72x48 table from the reference generators'),
    ...row('coldBuildMs', 'ms', '<= 2000', 'terrain index + occluder index, cold'),
    ...row('terrainIndexMs', 'ms', undefined, 'merge + BVH'),
    ...row('occluderBuildMs', 'ms', undefined, 'coplanar merge + BVH + closed surfaces'),
    ...row('firstMatrixMs', 'ms', undefined, 'the first matrix (JIT cold)'),
    ...row('matrixMs', 'ms', '<= 250', `all ${f.models * (f.models - 1)} ordered pairs, median of 3`),
    ...row('incrementalMs', 'ms', '<= 10', `median of 60 moves; ${f.incrementalPairs} ordered pairs recomputed`),
    ...row('incrementalP90Ms', 'ms'),
    ...row('incrementalSpeedup', 'x', undefined, 'against refreshing every pair (naive)'),
    ...row('pathMs', 'ms', undefined, 'measured path, 4"-12", median of 30'),
    ...row('reachMs', 'ms', undefined, '6" reach preview, median of 13 models'),
    ...row('browserFirstFrameMs', 'ms', '<= 2000', 'Chromium: loadScene to the first frame with the table'),
    ...row('browserLongestLoadTaskMs', 'ms', '<= 200', 'the longest main-thread task meanwhile'),
  ];
}
