/**
 * The main thread's handle on the engine worker (engine.worker.ts): each request is a message, each
 * answer a promise. The mesh reader is passed as a comlink proxy, so the worker reads through the
 * page exactly the files it lacks (a fetch, or the bytes of a file the player imported).
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { ByteReader } from '../io/meshCache';
import type { Engine, LocalEngine } from './engine';

/**
 * The engine worker's handle; the worker starts on the first request, a match's start or load, so the
 * first frame does not wait for its script, and it fetches the code of the ruleset a request names (the
 * page fetches its own copy for the panels). `terminate` ends it.
 */
export function workerEngine(): Engine & { terminate(): void } {
  let worker: Worker | null = null;
  let engine: Remote<LocalEngine> | null = null;
  const start = (): Remote<LocalEngine> => {
    worker ??= new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    return (engine ??= wrap<LocalEngine>(worker));
  };
  return {
    prepare: (table, terrain, read: ByteReader) => start().prepare(table, terrain, proxy(read)),
    start: (table, seating, setupArgs, seed) => start().start(table, seating, setupArgs, seed),
    view: (table, seating, match) => start().view(table, seating, match),
    act: (table, seating, match, player, move, faults) => start().act(table, seating, match, player, move, faults),
    bot: (table, seating, match, player, faults) => start().bot(table, seating, match, player, faults),
    undo: (table, seating, match, player) => start().undo(table, seating, match, player),
    replay: (table, seating, saved) => start().replay(table, seating, saved),
    terminate: () => worker?.terminate(),
  };
}
