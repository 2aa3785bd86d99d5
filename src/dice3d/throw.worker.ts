/**
 * The Web Worker that throws the 3D dice (throw.ts) off the page's main thread: it loads rapier's
 * WASM once, simulates the throw, and hands back the recording, its frames transferred rather than
 * copied. The page reaches it through thrower.ts.
 */
import { expose, transfer } from 'comlink';
import { throwDice, type DieRequest, type Rapier, type ThrowRecording } from './throw';

let rapier: Promise<Rapier> | null = null;

function loadRapier(): Promise<Rapier> {
  rapier ??= import('@dimforge/rapier3d-compat').then(async (m) => {
    await m.default.init();
    return m.default;
  });
  return rapier;
}

/** What the worker answers: a throw, and the milliseconds its simulation took. */
export const diceWorker = {
  /** Loads rapier now, so the first throw does not wait for it. */
  async prepare(): Promise<void> {
    await loadRapier();
  },
  async throw(dice: DieRequest[], seed: number): Promise<{ recording: ThrowRecording; simulateMs: number }> {
    const R = await loadRapier();
    const t0 = performance.now();
    const recording = throwDice(R, dice, seed);
    return transfer({ recording, simulateMs: performance.now() - t0 }, [recording.frames.buffer]);
  },
};

expose(diceWorker);
