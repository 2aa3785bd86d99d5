import { describe, expect, it } from 'vitest';
import { LosMatrix } from '../../../src/geometry/losMatrix';
import { buildWorld } from '../../../src/geometry/world';
import type { Model } from '../../../src/io/sceneSchema';
import { mulberry32 } from '../../support/rng';
import { randomScene } from '../../support/scenes';

describe('LOS matrix: incremental refresh equals a full recompute', () => {
  it.each([5, 77, 910, 1234, 42])('random table seed %s, 15 random moves', (seed) => {
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
        position: [Math.min(23, Math.max(1, model.position[0] + (rnd() - 0.5) * 4)), 0, Math.min(23, Math.max(1, model.position[2] + (rnd() - 0.5) * 4))],
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
