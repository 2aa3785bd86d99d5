/**
 * `npm run bench -- --baseline=DIR`: this tree against another checkout of the project (DIR, e.g.
 * `git worktree add /tmp/before <commit>`, sharing this node_modules), in one process, the two
 * interleaved round by round so that a shared, busy machine slows both alike. Each tree builds its
 * own reference table with its own modules; figures are CPU milliseconds (user + system) per
 * round, the median over the rounds, and new / old ratios (below 1: this tree is faster).
 */
import { resolve } from 'node:path';
import { median, type Figure } from './harness';

type Vis = typeof import('../../src/geometry/visibility');
type Facts = typeof import('../../src/geometry/facts');
type Matrix = typeof import('../../src/geometry/losMatrix');
type World = typeof import('../../src/geometry/world');
type Path = typeof import('../../src/movement/path');
type Reach = typeof import('../../src/movement/reach');
type Table = typeof import('./referenceTable');
type Rng = typeof import('../support/rng');

/** What is timed: one round of each. */
const TASKS = ['sight', 'counted', 'matrix', 'moves', 'paths', 'reach'] as const;
type Task = (typeof TASKS)[number];

/** The rounds of one tree, built from its own modules (`root`: the checkout's directory). */
async function tasksOf(root: string): Promise<Record<Task, () => void>> {
  const load = <T>(path: string): Promise<T> => import(resolve(root, path)) as Promise<T>;
  const { computeVisibility } = await load<Vis>('src/geometry/visibility.ts');
  const { sight } = await load<Facts>('src/geometry/facts.ts');
  const { LosMatrix } = await load<Matrix>('src/geometry/losMatrix.ts');
  const { buildWorld, updateModel } = await load<World>('src/geometry/world.ts');
  const { measuredPath } = await load<Path>('src/movement/path.ts');
  const { reach } = await load<Reach>('src/movement/reach.ts');
  const { referenceTable } = await load<Table>('tests/bench/referenceTable.ts');
  const { mulberry32 } = await load<Rng>('tests/support/rng.ts');
  const { scene, lookup } = referenceTable();
  const world = buildWorld(scene, lookup);
  const bodies = world.bodies;
  const rnd = mulberry32(1);
  const pairs: [number, number][] = [];
  while (pairs.length < 300) {
    const i = Math.floor(rnd() * bodies.length),
      j = Math.floor(rnd() * bodies.length);
    if (i !== j) pairs.push([i, j]);
  }
  const matrix = new LosMatrix(world);
  const layout = world.models.slice();
  const moves = Array.from({ length: 30 }, () => ({
    k: Math.floor(rnd() * layout.length),
    dx: (rnd() - 0.5) * 6,
    dz: (rnd() - 0.5) * 6,
  }));
  const trips = Array.from({ length: 20 }, () => {
    const model = layout[Math.floor(rnd() * layout.length)]!;
    const [x, , z] = model.position;
    const to: [number, number, number] = [
      Math.min(47, Math.max(1, x + (rnd() - 0.5) * 16)),
      0,
      Math.min(35, Math.max(1, z + (rnd() - 0.5) * 16)),
    ];
    return { id: model.id, to };
  });
  return {
    sight: () => {
      for (const [i, j] of pairs) sight(world, bodies[i]!, bodies[i]!.eye, bodies[j]!, undefined, false);
    },
    counted: () => {
      for (const [i, j] of pairs)
        computeVisibility(world, bodies[i]!.eye, bodies[j]!, (k) => k === i, undefined, undefined, true);
    },
    matrix: () => matrix.refreshAll(),
    moves: () => {
      for (const { k, dx, dz } of moves) {
        const m = world.models[k]!;
        const [x, y, z] = m.position;
        matrix.moveModel({ ...m, position: [Math.min(46, Math.max(2, x + dx)), y, Math.min(34, Math.max(2, z + dz))] });
      }
      for (const m of layout) updateModel(world, m);
      matrix.refreshAll();
    },
    paths: () => {
      for (const t of trips) measuredPath(world, t.id, t.to);
    },
    reach: () => {
      for (const t of trips.slice(0, 6)) reach(world, t.id, 6);
    },
  };
}

/** CPU milliseconds of one call. */
function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/** Runs both trees `rounds` times, interleaved (alternating which goes first); returns the figures. */
export async function baselineBench(dir: string, log: (line: string) => void, rounds = 10): Promise<Figure[]> {
  const here = resolve(import.meta.dirname, '../..');
  log(`baseline ${resolve(dir)} (old) against ${here} (new), ${rounds} interleaved rounds`);
  const old = await tasksOf(dir);
  const now = await tasksOf(here);
  const figures: Figure[] = [];
  for (const task of TASKS) {
    // Warm both first: the figure is the steady state.
    old[task]();
    now[task]();
    const a: number[] = [],
      b: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        a.push(cpuMs(old[task]));
        b.push(cpuMs(now[task]));
      } else {
        b.push(cpuMs(now[task]));
        a.push(cpuMs(old[task]));
      }
    }
    figures.push(
      { key: `baseline.${task}OldMs`, value: median(a), unit: 'ms cpu', note: 'median round, baseline tree' },
      { key: `baseline.${task}NewMs`, value: median(b), unit: 'ms cpu', note: 'median round, this tree' },
      { key: `baseline.${task}Ratio`, value: median(b) / median(a), unit: 'new/old', note: NOTES[task] },
    );
  }
  return figures;
}

const NOTES: Record<Task, string> = {
  sight: '300 pairs: visible fraction + any-point LOS',
  counted: '300 pairs, counting only',
  matrix: 'all ordered pairs',
  moves: '30 model moves, then back and a full refresh',
  paths: '20 measured paths of up to 8" each way',
  reach: '6 reach grids, 6" allowance',
};
