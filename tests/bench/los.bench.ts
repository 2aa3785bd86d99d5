/**
 * Line-of-sight benchmark on the reference table: our silhouette-raster method against one
 * three-mesh-bvh ray per sample (at the density that matches our accuracy) and against three's
 * plain Raycaster without a BVH, in the same run.
 */
import { performance } from 'node:perf_hooks';
import { DoubleSide, Mesh, MeshBasicMaterial, Raycaster, Vector3 } from 'three';
import { sight } from '../../src/geometry/facts';
import { LosMatrix } from '../../src/geometry/losMatrix';
import { referenceVisibility } from '../../src/geometry/reference';
import { backFaceCulling } from '../../src/geometry/closedSurfaces';
import { computeVisibility } from '../../src/geometry/visibility';
import { buildWorld, occludersOf, type GeometryWorld } from '../../src/geometry/world';
import { mulberry32 } from '../support/rng';
import { median, quantile, time, type Figure } from './harness';
import { referenceTable } from './referenceTable';
import { timedMoves } from './matrixMoves';

type Pair = [number, number];

function samplePairs(world: GeometryWorld, count: number, seed: number): Pair[] {
  const n = world.bodies.length;
  const all: Pair[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) all.push([i, j]);
  const rnd = mulberry32(seed);
  for (let i = all.length - 1; i > 0; i--) {
    const k = Math.floor(rnd() * (i + 1));
    [all[i], all[k]] = [all[k]!, all[i]!];
  }
  return all.slice(0, count);
}

function fraction(v: { visible: number; samples: number }): number {
  return v.visible / v.samples;
}

/** Runs the benchmark; returns its figures (keys like `los.pairMedianMs`). */
export function losBench(log: (line: string) => void): Figure[] {
  const t0 = performance.now();
  const { scene, lookup } = referenceTable();
  const world = buildWorld(scene, lookup);
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  const occluders = occludersOf(world);
  backFaceCulling(occluders);
  const occluderMs = performance.now() - t1;
  log(
    `reference table: ${world.terrain.triangleCount} triangles, ${world.bodies.length} models, built in ${buildMs.toFixed(0)} ms`,
  );
  const skipOwn = (i: number) => (k: number) => k === i;

  // One pair at a time, default sampling.
  const timed = samplePairs(world, 300, 1);
  // One untimed round first: the figure is the steady state, not the JIT compiling the first pairs.
  for (const [i, j] of timed) sight(world, world.bodies[i]!, world.bodies[i]!.eye, world.bodies[j]!, undefined, false);
  const perPair = timed.map(([i, j]) =>
    median(time(() => sight(world, world.bodies[i]!, world.bodies[i]!.eye, world.bodies[j]!, undefined, false), 5, 1)),
  );
  const pairMedianMs = median(perPair);

  // Every ordered pair, and a refresh after one model moves.
  const matrix = new LosMatrix(world);
  const matrixMs = median(time(() => matrix.refreshAll(), 5, 1));
  // 60 moves: one move takes a few milliseconds, so the median needs many to be steady on a shared machine.
  const { ms: moves, recomputed } = timedMoves(matrix, world, { seed: 7, count: 60, width: 48, depth: 36 });
  const incrementalMs = median(moves);

  // Accuracy against the 4096-ray reference.
  const accuracyPairs = samplePairs(world, 120, 2);
  const refs = accuracyPairs.map(([i, j]) =>
    fraction(referenceVisibility(world, world.bodies[i]!.eye, world.bodies[j]!, skipOwn(i), 64)),
  );
  const errorsOf = (f: (p: Pair) => number) => accuracyPairs.map((p, k) => Math.abs(f(p) - refs[k]!));
  const fastErrors = errorsOf(([i, j]) =>
    fraction(computeVisibility(world, world.bodies[i]!.eye, world.bodies[j]!, skipOwn(i))),
  );
  const p95AbsError = quantile(fastErrors, 0.95);

  // Naive: one BVH ray per sample, at the coarsest n x n grid whose p95 error is no worse than ours.
  let naiveN = 64;
  let naiveP95 = 0;
  for (const n of [16, 24, 32, 40, 48, 56]) {
    const p95 = quantile(
      errorsOf(([i, j]) => fraction(referenceVisibility(world, world.bodies[i]!.eye, world.bodies[j]!, skipOwn(i), n))),
      0.95,
    );
    if (p95 <= p95AbsError) {
      naiveN = n;
      naiveP95 = p95;
      break;
    }
  }
  const naivePairs = timed.slice(0, 60);
  let naiveRays = 0;
  const naivePerPair = naivePairs.map(([i, j]) =>
    median(
      time(
        () => {
          naiveRays += referenceVisibility(world, world.bodies[i]!.eye, world.bodies[j]!, skipOwn(i), naiveN).samples;
        },
        3,
        1,
      ),
    ),
  );
  const naiveMs = median(naivePerPair);
  const oursOnSame = median(
    naivePairs.map(([i, j]) =>
      median(time(() => computeVisibility(world, world.bodies[i]!.eye, world.bodies[j]!, skipOwn(i)), 5, 1)),
    ),
  );
  const raysPerPair = naiveRays / (naivePairs.length * 4);

  // three's plain Raycaster (no BVH) on a subset of rays: per-ray cost, scaled to a pair.
  const mesh = new Mesh(world.terrain.geometry, new MeshBasicMaterial({ side: DoubleSide }));
  const raycaster = new Raycaster();
  const bvhHolder = world.terrain.geometry as unknown as { boundsTree?: unknown };
  bvhHolder.boundsTree = undefined;
  const hits: unknown[] = [];
  const plainRays = 12;
  const s = performance.now();
  for (let r = 0; r < plainRays; r++) {
    const [i, j] = timed[r]!;
    const v = world.bodies[i]!,
      t = world.bodies[j]!;
    const o = new Vector3(...v.eye);
    raycaster.set(o, new Vector3(t.cx, (t.y0 + t.y1) / 2, t.cz).sub(o).normalize());
    hits.length = 0;
    mesh.raycast(raycaster, hits as never);
  }
  const plainPerRay = (performance.now() - s) / plainRays;
  const plainPairMs = plainPerRay * raysPerPair;

  return [
    { key: 'table.triangles', value: world.terrain.triangleCount, unit: 'triangles', note: '48x36 reference table' },
    { key: 'table.models', value: world.bodies.length, unit: 'models' },
    { key: 'table.buildMs', value: buildMs, unit: 'ms', note: 'terrain merge + BVH build' },
    {
      key: 'table.occluderTriangles',
      value: occluders.triangleCount,
      unit: 'triangles',
      note: 'coplanar faces merged (exact), for the raster',
    },
    {
      key: 'table.occluderBuildMs',
      value: occluderMs,
      unit: 'ms',
      note: 'merge + its BVH + closed surfaces, once per terrain',
    },
    {
      key: 'los.pairMedianMs',
      value: pairMedianMs,
      unit: 'ms',
      target: '<= 0.1',
      note: 'median over 300 pairs: visible fraction + any-point LOS',
    },
    {
      key: 'los.matrixMs',
      value: matrixMs,
      unit: 'ms',
      target: '<= 60',
      note: `all ${world.bodies.length * (world.bodies.length - 1)} ordered pairs`,
    },
    {
      key: 'los.incrementalMs',
      value: incrementalMs,
      unit: 'ms',
      target: '<= 5',
      note: `median of 60 moves; median ${median(recomputed)} ordered pairs recomputed`,
    },
    {
      key: 'los.p95AbsError',
      value: p95AbsError,
      unit: 'fraction',
      target: '<= 0.02',
      note: 'vs 4096-ray reference, 120 pairs',
    },
    { key: 'los.maxAbsError', value: Math.max(...fastErrors), unit: 'fraction' },
    {
      key: 'los.naiveGrid',
      value: naiveN,
      unit: 'n (n x n rays)',
      note: `coarsest grid with p95 error <= ours (${naiveP95.toFixed(4)})`,
    },
    { key: 'los.naivePairMs', value: naiveMs, unit: 'ms', note: `${raysPerPair.toFixed(0)} BVH rays per pair` },
    { key: 'los.oursSamePairsMs', value: oursOnSame, unit: 'ms', note: 'visible fraction only, same 60 pairs' },
    { key: 'los.speedupVsNaive', value: naiveMs / oursOnSame, unit: 'x', target: '>= 4' },
    { key: 'los.plainRayMs', value: plainPerRay, unit: 'ms/ray', note: `three Raycaster, no BVH, ${plainRays} rays` },
    {
      key: 'los.speedupVsPlainRaycaster',
      value: plainPairMs / oursOnSame,
      unit: 'x',
      note: 'plain per-ray cost x naive rays per pair',
    },
  ];
}
