import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeshError } from '../../../src/io/meshChecks';
import { readMeshParts, transferablesOf } from '../../../src/io/meshParts';
import {
  MESH_PARSE_TIME_LIMIT_MS,
  MeshWorkerPool,
  type MeshRequest,
  type MeshResponse,
  type WorkerLike,
} from '../../../src/io/meshWorkerPool';
import { ab, goodStl, truncatedGlb } from '../../support/hostileMeshes';

/** A fake worker: `never` never answers (a parser stuck in a loop); otherwise it runs the real parser in-process. */
class FakeWorker implements WorkerLike {
  onmessage: ((e: { data: MeshResponse }) => void) | null = null;
  onerror: ((e: { message?: string }) => void) | null = null;
  terminated = false;
  received: MeshRequest[] = [];
  constructor(private readonly never: boolean) {}
  postMessage(message: MeshRequest, transfer: Transferable[]): void {
    this.received.push(message);
    expect(transfer).toEqual([message.bytes]);
    if (this.never) return;
    readMeshParts(message.bytes, message.file, message.want).then(
      (parsed) => {
        transferablesOf(parsed); // what the worker would transfer
        this.onmessage?.({ data: { id: message.id, ok: true, parsed } });
      },
      (e: MeshError) => this.onmessage?.({ data: { id: message.id, ok: false, code: e.code, message: e.message } }),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => void vi.useRealTimers());

describe('mesh worker pool: the time limit', () => {
  it('is 15 s in the app', () => expect(MESH_PARSE_TIME_LIMIT_MS).toBe(15_000));

  it('refuses a file its worker never answers once the limit passes, terminates that worker, and reads the next in a fresh one', async () => {
    vi.useFakeTimers();
    const spawned: FakeWorker[] = [];
    let stuck = true;
    const pool = new MeshWorkerPool(() => {
      const w = new FakeWorker(stuck);
      spawned.push(w);
      return w;
    }, 50);
    const slow = pool.read(ab(goodStl()), 'slow.stl', 'terrain');
    const outcome = slow.then(
      () => 'read',
      (e: unknown) => e,
    );
    // The next file waits in line behind the stuck one: its clock has not started.
    stuck = false;
    const next = pool.read(ab(goodStl()), 'next.stl', 'terrain');
    await vi.advanceTimersByTimeAsync(49);
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(MeshError);
    expect((e as MeshError).code).toBe('too-slow');
    expect((e as MeshError).message).toBe('slow.stl: took longer than 0.05 s to read, so it was stopped');
    expect(spawned[0]!.terminated).toBe(true);
    // A fresh worker reads the next file.
    vi.useRealTimers();
    const parsed = await next;
    expect(parsed.parts[0]!.positions.length).toBe(36 * 3);
    expect(spawned).toHaveLength(2);
    expect(spawned[1]!.received.map((r) => r.file)).toEqual(['next.stl']);
    expect(pool.stats).toEqual({ parsed: 1, refused: 0, workersStarted: 2, timedOut: 1 });
  });

  it('passes the worker refusal through with its code and one file name, and keeps the worker', async () => {
    const spawned: FakeWorker[] = [];
    const pool = new MeshWorkerPool(() => {
      const w = new FakeWorker(false);
      spawned.push(w);
      return w;
    }, 60_000);
    const e = await pool.read(ab(truncatedGlb()), 'cut.glb', 'terrain').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MeshError);
    expect((e as MeshError).code).toBe('truncated');
    expect((e as MeshError).message).toMatch(/^cut\.glb: truncated: /);
    await pool.read(ab(goodStl()), 'ok.stl', 'figure');
    expect(spawned).toHaveLength(1);
    expect(pool.stats).toEqual({ parsed: 1, refused: 1, workersStarted: 1, timedOut: 0 });
  });

  it('refuses the file when the worker itself fails (a script error), and starts a new one', async () => {
    const spawned: FakeWorker[] = [];
    const pool = new MeshWorkerPool(() => {
      const w = new FakeWorker(true);
      spawned.push(w);
      return w;
    }, 60_000);
    const pending = pool.read(ab(goodStl()), 'a.stl', 'terrain').catch((x: unknown) => x);
    spawned[0]!.onerror?.({ message: 'SyntaxError: bad worker' });
    const e = (await pending) as MeshError;
    expect(e.message).toBe('a.stl: the mesh reader failed: SyntaxError: bad worker');
    expect(spawned[0]!.terminated).toBe(true);
    pool.read(ab(goodStl()), 'b.stl', 'terrain').catch(() => undefined);
    expect(spawned).toHaveLength(2);
    pool.dispose();
  });
});

describe('mesh worker pool: several workers', () => {
  it('reads as many files at once as it has workers; a stuck file stops only its own worker', async () => {
    vi.useFakeTimers();
    const spawned: FakeWorker[] = [];
    let nextStuck = true;
    const pool = new MeshWorkerPool(
      () => {
        const w = new FakeWorker(nextStuck);
        nextStuck = false;
        spawned.push(w);
        return w;
      },
      50,
      2,
    );
    const outcomes = ['stuck.stl', 'a.stl', 'b.stl', 'c.stl'].map((file) =>
      pool.read(ab(goodStl()), file, 'terrain').then(
        () => 'read',
        (e: MeshError) => e.code,
      ),
    );
    // Two workers, two files handed out at once; the other two wait in line.
    expect(spawned).toHaveLength(2);
    expect(spawned.map((w) => w.received.map((r) => r.file))).toEqual([['stuck.stl'], ['a.stl']]);
    // The free worker goes on through the line while the first is stuck (its clock still short of the limit).
    await vi.advanceTimersByTimeAsync(49);
    expect(spawned[1]!.received.map((r) => r.file)).toEqual(['a.stl', 'b.stl', 'c.stl']);
    expect(pool.stats.parsed).toBe(3);
    expect(spawned[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(outcomes)).toEqual(['too-slow', 'read', 'read', 'read']);
    expect(spawned[0]!.terminated).toBe(true);
    expect(spawned[1]!.terminated).toBe(false);
    expect(pool.stats).toEqual({ parsed: 3, refused: 0, workersStarted: 2, timedOut: 1 });
  });
});
