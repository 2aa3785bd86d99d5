import { describe, expect, it } from 'vitest';
import { LosMatrix } from '../../../src/geometry/losMatrix';
import { buildWorld } from '../../../src/geometry/world';
import type { Model } from '../../../src/io/sceneSchema';
import { mulberry32 } from '../../support/rng';
import { randomScene } from '../../support/scenes';
import { referenceTable } from '../../bench/referenceTable';

describe('LOS matrix: incremental refresh equals a full recompute', () => {
  it.each([5, 77, 910, 1234, 42, 8, 613, 2026])('random table seed %s, 15 random moves', (seed) => {
    const scene = randomScene(seed, 14, 12);
    const world = buildWorld(scene, () => undefined);
    const matrix = new LosMatrix(world);
    matrix.refreshAll();
    const n = world.bodies.length;
    const rnd = mulberry32(seed + 1);
    const partial: number[] = [];
    for (let m = 0; m < 15; m++) {
      const k = Math.floor(rnd() * n);
      const model = world.models[k]!;
      const moved: Model = {
        ...model,
        position: [
          Math.min(23, Math.max(1, model.position[0] + (rnd() - 0.5) * 4)),
          0,
          Math.min(23, Math.max(1, model.position[2] + (rnd() - 0.5) * 4)),
        ],
        prone: rnd() < 0.2,
      };
      matrix.moveModel(moved);
      partial.push(matrix.lastRecomputed);
      const fresh = new LosMatrix(buildWorld({ ...scene, models: world.models }, () => undefined));
      fresh.refreshAll();
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          if (i !== j) expect(matrix.get(i, j), `move ${m} (model ${k}): pair ${i}->${j}`).toEqual(fresh.get(i, j));
        }
      }
    }
    // It is incremental: some moves recompute far fewer pairs than the whole matrix.
    expect(Math.min(...partial)).toBeLessThan(n * (n - 1));
  });
});

describe('LOS matrix on the benchmark table (closed boulders, ruins, smoke, 40 models)', () => {
  it('seed 3: after each of 12 moves the incremental matrix equals a full recompute', () => {
    const { scene, lookup } = referenceTable();
    const world = buildWorld(scene, lookup);
    const matrix = new LosMatrix(world);
    matrix.refreshAll();
    const n = world.bodies.length;
    const rnd = mulberry32(3);
    for (let m = 0; m < 12; m++) {
      const k = Math.floor(rnd() * n);
      const model = world.models[k]!;
      matrix.moveModel({
        ...model,
        position: [
          Math.min(46, Math.max(2, model.position[0] + (rnd() - 0.5) * 8)),
          0,
          Math.min(34, Math.max(2, model.position[2] + (rnd() - 0.5) * 8)),
        ],
      });
      // A new matrix over the same (moved) world computes every pair from scratch.
      const fresh = new LosMatrix(world);
      fresh.refreshAll();
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          if (i !== j) expect(matrix.get(i, j), `move ${m} (model ${k}): pair ${i}->${j}`).toEqual(fresh.get(i, j));
        }
      }
    }
    // Building the 175k-triangle table and 13 full matrices: about 3 s, past the default 5 s on a busy machine.
  }, 30_000);
});
