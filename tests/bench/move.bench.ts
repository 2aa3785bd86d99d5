/**
 * Movement benchmark on the reference table: measured paths and reach previews by the tangent
 * graph, against the naive method in the same run (an 8-connected grid of 0.1" cells, each cell
 * tested for room for the base, searched with Dijkstra/A*).
 */
import { performance } from 'node:perf_hooks';
import { buildWorld, type GeometryWorld } from '../../src/geometry/world';
import { planFootprints } from '../../src/movement/obstacles';
import { measuredPath } from '../../src/movement/path';
import { levelObstacles, reach } from '../../src/movement/reach';
import { plannerFor } from '../../src/movement/tangentPath';
import { mulberry32 } from '../support/rng';
import { median, time, type Figure } from './harness';
import { referenceTable } from './referenceTable';

const CELL = 0.1;

/** Grid Dijkstra/A* from (sx, sz) in a window; returns the cost to (gx, gz) or every cell's cost. */
function gridSearch(
  free: (x: number, z: number) => boolean,
  sx: number,
  sz: number,
  minX: number,
  minZ: number,
  cols: number,
  rows: number,
  goal: [number, number] | null,
  maxCost = Infinity,
): { goalCost: number; reached: number } {
  const n = cols * rows;
  const open = new Uint8Array(n);
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) open[j * cols + i] = free(minX + (i + 0.5) * CELL, minZ + (j + 0.5) * CELL) ? 1 : 0;
  const cost = new Float64Array(n).fill(Infinity);
  const start = Math.floor((sz - minZ) / CELL) * cols + Math.floor((sx - minX) / CELL);
  const target = goal ? Math.floor((goal[1] - minZ) / CELL) * cols + Math.floor((goal[0] - minX) / CELL) : -1;
  cost[start] = 0;
  // Simple binary heap over (cost, cell).
  const heap: [number, number][] = [[0, start]];
  const push = (item: [number, number]) => {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= item[0]) break;
      heap[i] = heap[p]!;
      i = p;
    }
    heap[i] = item;
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heap.length) break;
        const c = l + 1 < heap.length && heap[l + 1]![0] < heap[l]![0] ? l + 1 : l;
        if (heap[c]![0] >= last[0]) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = last;
    }
    return top;
  };
  let reached = 0;
  const steps = [
    [1, 0, 1],
    [-1, 0, 1],
    [0, 1, 1],
    [0, -1, 1],
    [1, 1, Math.SQRT2],
    [1, -1, Math.SQRT2],
    [-1, 1, Math.SQRT2],
    [-1, -1, Math.SQRT2],
  ] as const;
  while (heap.length) {
    const [c, cell] = pop();
    if (c > cost[cell]!) continue;
    if (c > maxCost) break;
    reached++;
    if (cell === target) return { goalCost: c * CELL, reached };
    const ci = cell % cols,
      cj = Math.floor(cell / cols);
    for (const [di, dj, w] of steps) {
      const ni = ci + di,
        nj = cj + dj;
      if (ni < 0 || nj < 0 || ni >= cols || nj >= rows) continue;
      const k = nj * cols + ni;
      if (!open[k]) continue;
      const nc = c + w;
      if (nc < cost[k]!) {
        cost[k] = nc;
        push([nc, k]);
      }
    }
  }
  return { goalCost: Infinity, reached };
}

/** Runs the movement benchmark; returns its figures. */
export function moveBench(log: (line: string) => void): Figure[] {
  const { scene, lookup } = referenceTable();
  const world: GeometryWorld = buildWorld(scene, lookup);
  const rnd = mulberry32(99);
  // Warm the planners (one per model height) and time their construction.
  const builds: number[] = [];
  for (const m of world.models) {
    const i = world.modelIndex.get(m.id)!;
    const b = world.bodies[i]!;
    const t0 = performance.now();
    plannerFor(planFootprints(world, b.y0, b.y1 - b.y0, b.radius), b.radius);
    builds.push(performance.now() - t0);
  }
  log(`planners built: median ${median(builds).toFixed(1)} ms, first ${builds[0]!.toFixed(0)} ms`);

  // Measured paths: 60 seeded moves of 4"-12" to free spots.
  const jobs: { id: string; dest: [number, number, number] }[] = [];
  while (jobs.length < 60) {
    const i = Math.floor(rnd() * world.models.length);
    const b = world.bodies[i]!;
    const ang = rnd() * Math.PI * 2,
      d = 4 + rnd() * 8;
    const dest: [number, number, number] = [b.cx + Math.cos(ang) * d, 0, b.cz + Math.sin(ang) * d];
    if (dest[0] < 1 || dest[0] > 47 || dest[2] < 1 || dest[2] > 35) continue;
    const obs = levelObstacles(world, world.models[i]!.id);
    if (!plannerFor(obs.polys, b.radius).pointFree(dest[0], dest[2], obs.circles)) continue;
    jobs.push({ id: world.models[i]!.id, dest });
  }
  const ours = jobs.map((j) => median(time(() => measuredPath(world, j.id, j.dest), 3, 1)));
  const lengths = jobs.map((j) => measuredPath(world, j.id, j.dest).horizontal);
  const naiveJobs = jobs.slice(0, 15);
  const naiveTimes: number[] = [];
  const ratios: number[] = [];
  naiveJobs.forEach((j, k) => {
    const i = world.modelIndex.get(j.id)!;
    const b = world.bodies[i]!;
    const obs = levelObstacles(world, j.id);
    const planner = plannerFor(obs.polys, b.radius);
    const minX = Math.max(0, Math.min(b.cx, j.dest[0]) - 6),
      minZ = Math.max(0, Math.min(b.cz, j.dest[2]) - 6);
    const cols = Math.ceil((Math.min(48, Math.max(b.cx, j.dest[0]) + 6) - minX) / CELL);
    const rows = Math.ceil((Math.min(36, Math.max(b.cz, j.dest[2]) + 6) - minZ) / CELL);
    const t0 = performance.now();
    const cost = gridSearch((x, z) => planner.pointFree(x, z, obs.circles), b.cx, b.cz, minX, minZ, cols, rows, [
      j.dest[0],
      j.dest[2],
    ]).goalCost;
    naiveTimes.push(performance.now() - t0);
    if (Number.isFinite(cost) && Number.isFinite(lengths[k]!)) ratios.push(cost / lengths[k]!);
  });

  // Reach previews: 6" allowance for 12 models.
  const reachIds = world.models
    .slice(0, 40)
    .filter((_, k) => k % 3 === 0)
    .map((m) => m.id);
  const reachTimes = reachIds.map((id) => median(time(() => reach(world, id, 6), 3, 1)));
  const naiveReach = reachIds.slice(0, 4).map((id) => {
    const b = world.bodies[world.modelIndex.get(id)!]!;
    const obs = levelObstacles(world, id);
    const planner = plannerFor(obs.polys, b.radius);
    const t0 = performance.now();
    gridSearch(
      (x, z) => planner.pointFree(x, z, obs.circles),
      b.cx,
      b.cz,
      b.cx - 6,
      b.cz - 6,
      120,
      120,
      null,
      6 / CELL,
    );
    return performance.now() - t0;
  });

  const pathMedianMs = median(ours);
  const naivePathMs = median(naiveTimes);
  const reachMs = median(reachTimes);
  const naiveReachMs = median(naiveReach);
  return [
    {
      key: 'move.plannerBuildMs',
      value: median(builds),
      unit: 'ms',
      note: 'per model height, once per scene (cached)',
    },
    {
      key: 'move.pathMedianMs',
      value: pathMedianMs,
      unit: 'ms',
      target: '<= 2',
      note: '60 seeded moves of 4"-12", warm planner',
    },
    { key: 'move.naivePathMs', value: naivePathMs, unit: 'ms', note: '8-connected 0.1" grid A*, 15 of the moves' },
    { key: 'move.pathSpeedup', value: naivePathMs / pathMedianMs, unit: 'x' },
    {
      key: 'move.naiveLengthExcess',
      value: (median(ratios) - 1) * 100,
      unit: '%',
      note: 'grid route longer than the exact one (median)',
    },
    { key: 'move.reachMs', value: reachMs, unit: 'ms', target: '<= 20', note: '6" allowance, 0.25" cells, 14 models' },
    { key: 'move.naiveReachMs', value: naiveReachMs, unit: 'ms', note: '0.1" grid Dijkstra to 6"' },
    { key: 'move.reachSpeedup', value: naiveReachMs / reachMs, unit: 'x' },
  ];
}
