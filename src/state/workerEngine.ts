/**
 * The main thread's handle on the engine worker (engine.worker.ts): each request is a message, each
 * answer a promise. The mesh reader is passed as a comlink proxy, so the worker reads through the
 * page exactly the files it lacks (a fetch, or the bytes of a file the player imported).
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { ByteReader } from '../io/meshCache';
import type { Engine, LocalEngine } from './engine';

/** Starts the engine worker; `terminate` ends it. */
export function workerEngine(): Engine & { terminate(): void } {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
  const remote: Remote<LocalEngine> = wrap<LocalEngine>(worker);
  return {
    prepare: (table, terrain, read: ByteReader) => remote.prepare(table, terrain, proxy(read)),
    start: (table, seating, setupArgs, seed) => remote.start(table, seating, setupArgs, seed),
    view: (table, seating, match) => remote.view(table, seating, match),
    act: (table, seating, match, player, move, faults) => remote.act(table, seating, match, player, move, faults),
    bot: (table, seating, match, player, faults) => remote.bot(table, seating, match, player, faults),
    undo: (table, seating, match, player) => remote.undo(table, seating, match, player),
    replay: (table, seating, saved) => remote.replay(table, seating, saved),
    terminate: () => worker.terminate(),
  };
}
