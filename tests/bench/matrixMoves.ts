/**
 * The LOS matrix benchmarks' moves (los.bench.ts, scale.bench.ts): seeded moves of up to 3" each way of a
 * random model, kept 2" inside the table, each timed as the matrix brings itself up to date; the models are
 * put back where they stood afterwards.
 */
import { performance } from 'node:perf_hooks';
import type { LosMatrix } from '../../src/geometry/losMatrix';
import { updateModel, type GeometryWorld } from '../../src/geometry/world';
import { mulberry32 } from '../support/rng';

/** Each move's milliseconds and the ordered pairs it recomputed. */
export function timedMoves(
  matrix: LosMatrix,
  world: GeometryWorld,
  o: { seed: number; count: number; width: number; depth: number },
): { ms: number[]; recomputed: number[] } {
  const rnd = mulberry32(o.seed);
  const layout = world.models.slice();
  const ms: number[] = [];
  const recomputed: number[] = [];
  const clamp = (v: number, size: number) => Math.min(size - 2, Math.max(2, v));
  for (let m = 0; m < o.count; m++) {
    const model = world.models[Math.floor(rnd() * world.models.length)]!;
    const moved = {
      ...model,
      position: [
        clamp(model.position[0] + (rnd() - 0.5) * 6, o.width),
        0,
        clamp(model.position[2] + (rnd() - 0.5) * 6, o.depth),
      ] as [number, number, number],
    };
    const s = performance.now();
    matrix.moveModel(moved);
    ms.push(performance.now() - s);
    recomputed.push(matrix.lastRecomputed);
  }
  for (const model of layout) updateModel(world, model);
  return { ms, recomputed };
}
