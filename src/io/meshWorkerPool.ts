/**
 * Mesh parsing in workers with a time limit. Each worker parses one file at a time (up to `size` files at
 * once: a big table's fifty files are read on every core); files wait in line, and each file's clock
 * starts when a worker gets it. A file that is not answered within the limit is
 * refused ("took longer than 15 s to read") and its worker terminated, so a hostile file never hangs the
 * page; the next file gets a fresh worker. The worker is injected (`spawn`), so tests drive a fake one.
 */
import { MeshError, type MeshErrorCode } from './meshChecks';
import type { MeshReader } from './meshImport';
import type { MeshParts, MeshWant } from './meshParts';

/** How long one mesh file may take to read in the worker before it is refused. */
export const MESH_PARSE_TIME_LIMIT_MS = 15_000;

/** A request to the mesh worker; `bytes` is transferred. */
export interface MeshRequest {
  id: number;
  bytes: ArrayBuffer;
  file: string;
  want: MeshWant;
}

/** The mesh worker's answer: the parts (their arrays transferred), or the refusal. */
export type MeshResponse =
  { id: number; ok: true; parsed: MeshParts } | { id: number; ok: false; code: MeshErrorCode; message: string };

/** What the pool needs of a Worker (a real one in the browser, a fake in tests). */
export interface WorkerLike {
  postMessage(message: MeshRequest, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: { data: MeshResponse }) => void) | null;
  onerror: ((e: { message?: string }) => void) | null;
}

/** Counts for tests and diagnostics: files answered by a worker, workers started, files refused for time. */
export interface MeshWorkerStats {
  parsed: number;
  refused: number;
  workersStarted: number;
  timedOut: number;
}

interface Job {
  request: Omit<MeshRequest, 'id'>;
  resolve: (parsed: MeshParts) => void;
  reject: (e: Error) => void;
}

const seconds = (ms: number): string => `${+(ms / 1000).toFixed(3)} s`;

/** One worker's place in the pool: the worker (started on first use) and whether it holds a file. */
interface Slot {
  worker: WorkerLike | null;
  busy: boolean;
}

/** A queue over `size` workers with a per-file time limit. */
export class MeshWorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Counts since the pool was made. */
  readonly stats: MeshWorkerStats = { parsed: 0, refused: 0, workersStarted: 0, timedOut: 0 };

  constructor(
    private readonly spawn: () => WorkerLike,
    readonly limitMs: number = MESH_PARSE_TIME_LIMIT_MS,
    size = 1,
  ) {
    this.slots = Array.from({ length: Math.max(1, Math.floor(size)) }, () => ({ worker: null, busy: false }));
  }

  /** The pool as a MeshReader (for setMeshReader). */
  readonly read: MeshReader = (bytes, file, want) =>
    new Promise<MeshParts>((resolve, reject) => {
      this.queue.push({ request: { bytes, file, want }, resolve, reject });
      this.pump();
    });

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: Job): void {
    slot.busy = true;
    let worker: WorkerLike;
    try {
      worker = slot.worker ?? this.start(slot);
    } catch (e) {
      slot.busy = false;
      job.reject(new MeshError('unreadable', job.request.file, `the mesh reader could not start: ${String(e)}`));
      this.pump();
      return;
    }
    const id = this.nextId++;
    const done = (kill: boolean, settle: () => void) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      if (kill) {
        worker.terminate();
        if (slot.worker === worker) slot.worker = null;
      }
      slot.busy = false;
      settle();
      this.pump();
    };
    const timer = setTimeout(() => {
      this.stats.timedOut++;
      done(true, () =>
        job.reject(
          new MeshError(
            'too-slow',
            job.request.file,
            `took longer than ${seconds(this.limitMs)} to read, so it was stopped`,
          ),
        ),
      );
    }, this.limitMs);
    worker.onmessage = ({ data }) => {
      if (data.id !== id) return;
      if (data.ok) {
        this.stats.parsed++;
        done(false, () => job.resolve(data.parsed));
      } else {
        this.stats.refused++;
        done(false, () =>
          job.reject(new MeshError(data.code, job.request.file, stripFile(data.message, job.request.file))),
        );
      }
    };
    worker.onerror = (e) => {
      done(true, () =>
        job.reject(
          new MeshError('unreadable', job.request.file, `the mesh reader failed: ${e.message ?? 'unknown error'}`),
        ),
      );
    };
    worker.postMessage({ id, ...job.request }, [job.request.bytes]);
  }

  private start(slot: Slot): WorkerLike {
    const w = this.spawn();
    this.stats.workersStarted++;
    slot.worker = w;
    return w;
  }

  /** Stops the workers; files still waiting are refused. */
  dispose(): void {
    for (const slot of this.slots) {
      slot.worker?.terminate();
      slot.worker = null;
    }
    for (const job of this.queue.splice(0))
      job.reject(new MeshError('unreadable', job.request.file, 'the mesh reader was closed'));
  }
}

/** The reason without the leading "file: " (MeshError adds it back). */
function stripFile(message: string, file: string): string {
  return message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message;
}
