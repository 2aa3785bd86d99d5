/**
 * Where an online match is kept so that nothing is lost when the server stops: the room's record (its
 * set-up, seats, the seats' keys) and its action log, each action stored as it is accepted. A file per
 * room under a data folder (JSON lines: the record, then one line per action), or memory (tests).
 */
import {
  appendFileSync,
  truncateSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { LogEntry } from '../rules/engine/match';
import type { Action } from '../rules/engine/types';
import type { OnlineSide, SeatKind } from '../online/protocol';

/** A place at the table: a side, or a shared side's second player (`A+`, `B+`). */
export type Slot = OnlineSide | `${OnlineSide}+`;

/** A room's set-up and seats: what replays its match with the log. */
export interface RoomRecord {
  code: string;
  rules: string;
  seats: Record<OnlineSide, SeatKind>;
  seed: number;
  /** The dice's secret key (rng.ts), for a room whose seed nobody gave: never sent to a client. */
  key?: number[];
  forces: Record<OnlineSide, string>;
  options: Record<string, string>;
  /** The password's SHA-256 (hex), or null for none. */
  password: string | null;
  /** Each taken seat's key (a client holding it may take the seat back); a shared side's partner's under `A+` or `B+`. */
  keys: Partial<Record<Slot, string>>;
  /** Sides two players share (a co-op crew). */
  shared?: OnlineSide[];
  created: string;
}

/** A stored room: its record and its log. */
export interface StoredRoom {
  record: RoomRecord;
  log: LogEntry<Action>[];
}

/** Where rooms are kept. */
export interface RoomStore {
  /** Writes the record (a new room, or its keys changed), keeping the log. */
  put(record: RoomRecord): Promise<void>;
  /** Adds one accepted action to a room's log (resolved once it is kept). */
  append(code: string, entry: LogEntry<Action>): Promise<void>;
  /** A room as stored, or null. */
  get(code: string): Promise<StoredRoom | null>;
  /** The codes of every stored room. */
  codes(): Promise<string[]>;
  /** Forgets a room. */
  remove(code: string): Promise<void>;
  /** Whether this process may restore a room now (several processes share one Redis: one of them restores it). */
  claim(code: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Rooms in memory (tests, and a server with no data folder). */
export function memoryStore(): RoomStore {
  const rooms = new Map<string, StoredRoom>();
  return {
    put: async (record) =>
      void rooms.set(record.code, { record: structuredClone(record), log: rooms.get(record.code)?.log ?? [] }),
    append: async (code, entry) => void rooms.get(code)?.log.push(structuredClone(entry)),
    get: async (code) => {
      const r = rooms.get(code);
      return r ? structuredClone(r) : null;
    },
    codes: async () => [...rooms.keys()],
    remove: async (code) => void rooms.delete(code),
    claim: async () => true,
    close: async () => undefined,
  };
}

const FILE = /^([0-9A-Z]+)\.jsonl$/;

/**
 * Rooms in files under `dir` (made when missing): `<code>.jsonl`, the record on the first line and an
 * action on each line after. An action is appended and flushed before the server answers it; a record
 * is rewritten through a temporary file and a rename, so a crash leaves the old file or the new one.
 */
export function fileStore(dir: string): RoomStore {
  mkdirSync(dir, { recursive: true });
  const path = (code: string) => join(dir, `${code}.jsonl`);
  const read = (code: string): StoredRoom | null => {
    if (!existsSync(path(code))) return null;
    let text = readFileSync(path(code), 'utf8');
    if (text.length > 0 && !text.endsWith('\n')) {
      // A line cut short by a crash mid-write is the last one: it was never answered, so it is cut off
      // the file (the next action is appended on a line of its own).
      text = text.slice(0, text.lastIndexOf('\n') + 1);
      truncateSync(path(code), Buffer.byteLength(text));
    }
    const parsed: unknown[] = [];
    for (const [i, line] of text.split('\n').filter(Boolean).entries()) {
      try {
        parsed.push(JSON.parse(line));
      } catch (e) {
        throw new Error(`${path(code)} line ${i + 1}: ${(e as Error).message}`, { cause: e });
      }
    }
    const [record, ...log] = parsed;
    if (!record) return null;
    return { record: record as RoomRecord, log: log as LogEntry<Action>[] };
  };
  return {
    put: async (record) => {
      const old = read(record.code);
      const text = [record, ...(old?.log ?? [])].map((x) => JSON.stringify(x)).join('\n') + '\n';
      writeFileSync(`${path(record.code)}.tmp`, text);
      renameSync(`${path(record.code)}.tmp`, path(record.code));
    },
    append: async (code, entry) => appendFileSync(path(code), `${JSON.stringify(entry)}\n`),
    get: async (code) => read(code),
    codes: async () => readdirSync(dir).flatMap((f) => FILE.exec(f)?.[1] ?? []),
    remove: async (code) => rmSync(path(code), { force: true }),
    claim: async () => true,
    close: async () => undefined,
  };
}

/**
 * Rooms in Redis (`REDIS_URL`), shared by every server process: `tabletop:room:<code>` holds the record,
 * `tabletop:log:<code>` the actions (a list, one JSON each), `tabletop:rooms` the codes. An action is
 * pushed before the server answers it.
 */
export function redisStore(url: string): RoomStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const key = {
    room: (c: string) => `tabletop:room:${c}`,
    log: (c: string) => `tabletop:log:${c}`,
    all: 'tabletop:rooms',
  };
  return {
    put: async (record) => {
      await redis.multi().set(key.room(record.code), JSON.stringify(record)).sadd(key.all, record.code).exec();
    },
    append: async (code, entry) => void (await redis.rpush(key.log(code), JSON.stringify(entry))),
    get: async (code) => {
      const [record, log] = await Promise.all([redis.get(key.room(code)), redis.lrange(key.log(code), 0, -1)]);
      if (!record) return null;
      return { record: JSON.parse(record) as RoomRecord, log: log.map((l) => JSON.parse(l) as LogEntry<Action>) };
    },
    codes: async () => redis.smembers(key.all),
    remove: async (code) => void (await redis.multi().del(key.room(code), key.log(code)).srem(key.all, code).exec()),
    // One process restores a room: the first to set its claim (it lapses after a minute, for a later restart).
    claim: async (code) =>
      (await redis.set(`tabletop:claim:${code}`, String(process.pid), 'PX', 60_000, 'NX')) === 'OK',
    close: async () => void (await redis.quit()),
  };
}
