/**
 * Where the 3D dice are thrown: in a Web Worker (throw.worker.ts) when the page has workers, so the
 * page keeps drawing while rapier simulates (0.2–1.5 s per throw with a dozen dice on a slow machine);
 * else on the calling thread, rapier loaded lazily. Either way the recording is the same for a roll
 * and its seed: the simulation is deterministic, and nothing but the dice and the seed goes in.
 */
import { wrap, type Remote } from 'comlink';
import { throwDice, type DieRequest, type Rapier, type ThrowRecording } from './throw';
import type { diceWorker } from './throw.worker';

/** A throw and the milliseconds its simulation took. */
export interface Thrown {
  recording: ThrowRecording;
  simulateMs: number;
}

/** Throws dice for a seed. */
export type Thrower = (dice: DieRequest[], seed: number) => Promise<Thrown>;

let worker: Remote<typeof diceWorker> | null = null;
let rapier: Promise<Rapier> | null = null;

/** Throws on the calling thread, rapier loaded on the first throw (a separate chunk). */
export const throwHere: Thrower = async (dice, seed) => {
  rapier ??= import('@dimforge/rapier3d-compat').then(async (m) => {
    await m.default.init();
    return m.default;
  });
  const R = await rapier;
  const t0 = performance.now();
  const recording = throwDice(R, dice, seed);
  return { recording, simulateMs: performance.now() - t0 };
};

/** The dice worker, started on first use. */
function diceWorkerHandle(): Remote<typeof diceWorker> {
  worker ??= wrap<typeof diceWorker>(
    new Worker(new URL('./throw.worker.ts', import.meta.url), { type: 'module', name: 'dice' }),
  );
  return worker;
}

/**
 * Starts the dice worker and has it load rapier, ahead of the first throw (idempotent; nothing where the
 * page has no workers). Starting a worker takes the page 15 ms and rapier's WebAssembly seconds in the
 * worker: done while the player looks at a new match, the first roll waits for neither.
 */
export function prepareDice(): void {
  if (typeof Worker === 'undefined') return;
  diceWorkerHandle()
    .prepare()
    .catch((e: unknown) => console.error('the dice worker could not load rapier', e));
}

/** Throws in the dice worker (started on the first throw, or by prepareDice), or here where the page has no workers. */
export const throwDiceAway: Thrower = (dice, seed) => {
  if (typeof Worker === 'undefined') return throwHere(dice, seed);
  return diceWorkerHandle().throw(dice, seed);
};
