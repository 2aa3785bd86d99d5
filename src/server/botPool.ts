/**
 * The AI seats' thinking, off the game server's event loop: a few worker threads (botWorker.ts) each
 * answer one room's request at a time, so a Hard bot's second of search never holds up another room's
 * move. With no threads (`size` 0: tests, a one-core machine) the bot runs in the calling thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Move } from '../rules/engine/match';
import type { Action } from '../rules/engine/types';

/** A request: the room's set-up and its whole match. */
export interface BotAsk {
  id: number;
  rules: string;
  forces: Record<'A' | 'B', string>;
  options: Record<string, string>;
  match: unknown;
}

/** An answer: the move (null: the side has none), or why the bot failed. */
export type BotAnswer = { id: number; move: Move<Action> | null } | { id: number; error: string };

/** How long a bot thread may think before it is stopped and replaced, ms (Hard's search takes a few seconds). */
export const BOT_TIMEOUT_MS = 60_000;

/** Threads by default: one fewer than the machine's cores (the event loop keeps one), at least one. */
export const defaultBotThreads = (): number => Math.max(1, availableParallelism() - 1);

export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly queue: { ask: BotAsk; done: (a: BotAnswer) => void }[] = [];
  private readonly busy = new Map<Worker, (a: BotAnswer) => void>();
  private next = 0;
  private closing = false;
  /** Threads already replaced (an error is followed by an exit). */
  private readonly replaced = new WeakSet<Worker>();
  /** Requests answered so far. */
  answered = 0;
  /** Threads stopped for taking too long, and each busy thread's timer. */
  private readonly late = new WeakSet<Worker>();
  private readonly timers = new Map<Worker, ReturnType<typeof setTimeout>>();

  /** `timeoutMs`: how long a thread may think before it is stopped and replaced (its request failing). */
  constructor(
    size: number,
    private readonly timeoutMs = BOT_TIMEOUT_MS,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.thread());
  }

  /** A new thread; one that fails or stops is replaced (its request answered with the failure). */
  private thread(): Worker {
    const w = new Worker(new URL('./botThread.mjs', import.meta.url), { execArgv: [] });
    w.unref();
    w.on('message', (a: BotAnswer) => {
      // A thread stopped for taking too long may still answer before it exits: it is not given work again.
      if (this.late.has(w) || this.replaced.has(w)) return;
      clearTimeout(this.timers.get(w));
      this.timers.delete(w);
      const done = this.busy.get(w);
      this.busy.delete(w);
      this.idle.push(w);
      this.answered += 1;
      done?.(a);
      this.pump();
    });
    const lost = (reason: string) => {
      let why = reason;
      if (this.closing || this.replaced.has(w)) return;
      this.replaced.add(w);
      clearTimeout(this.timers.get(w));
      this.timers.delete(w);
      if (this.late.has(w)) why = `no answer in ${this.timeoutMs} ms`;
      const done = this.busy.get(w);
      this.busy.delete(w);
      const at = this.idle.indexOf(w);
      if (at >= 0) this.idle.splice(at, 1);
      done?.({ id: -1, error: `bot thread: ${why}` });
      this.idle.push(this.thread());
      this.pump();
    };
    w.on('error', (e) => lost(e.message));
    w.on('exit', (code) => lost(`stopped (${code})`));
    return w;
  }

  /** The move of the side deciding in `match`. */
  move(ask: Omit<BotAsk, 'id'>): Promise<BotAnswer> {
    return new Promise((done) => {
      this.queue.push({ ask: { ...ask, id: this.next++ }, done });
      this.pump();
    });
  }

  /** Threads in all. */
  get size(): number {
    return this.idle.length + this.busy.size;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.idle, ...this.busy.keys()].map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const { ask, done } = this.queue.shift()!;
      this.busy.set(w, done);
      const timer = setTimeout(() => {
        this.late.add(w);
        void w.terminate();
      }, this.timeoutMs);
      timer.unref();
      this.timers.set(w, timer);
      w.postMessage(ask);
    }
  }
}
