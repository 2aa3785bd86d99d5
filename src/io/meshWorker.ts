/**
 * The browser's mesh reader: the mesh worker (meshParse.worker.ts) behind a pool with the time limit.
 * Vite bundles the worker as its own file from the page's origin, which the page's CSP allows
 * (worker-src 'self'); nothing here evaluates code from strings.
 */
import { setMeshReader } from './meshImport';
import { MeshWorkerPool, type MeshWorkerStats, type WorkerLike } from './meshWorkerPool';

let pool: MeshWorkerPool | null = null;

/**
 * How many mesh workers read files at once: one per core, up to four. The page waits while a table's
 * files are read, so the main thread's core is free for a worker too.
 */
const MESH_WORKERS = Math.min(4, Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1));

/** Parses every mesh from now on in a worker (idempotent); call once at start-up in the browser. */
export function installMeshWorker(): void {
  if (pool || typeof Worker === 'undefined') return;
  pool = new MeshWorkerPool(
    () =>
      new Worker(new URL('./meshParse.worker.ts', import.meta.url), {
        type: 'module',
        name: 'mesh-parse',
      }) as unknown as WorkerLike,
    undefined,
    MESH_WORKERS,
  );
  setMeshReader(pool.read);
}

/** The worker pool's counts, or null when meshes are parsed in-process. */
export function meshWorkerStats(): MeshWorkerStats | null {
  return pool ? { ...pool.stats } : null;
}
