/**
 * Where an online match is kept so that nothing is lost when the server stops: the room's record (its
 * set-up, seats, the seats' keys) and its action log, each action stored as it is accepted. A file per
 * room under a data folder (JSON lines: the record, then one line per action), or memory (tests).
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { LogEntry } from '../rules/engine/match';
import type { Action } from '../rules/engine/types';
import type { OnlineSide, SeatKind } from '../online/protocol';

/** A room's set-up and seats: what replays its match with the log. */
export interface RoomRecord {
  code: string;
  rules: string;
  seats: Record<OnlineSide, SeatKind>;
  seed: number;
  forces: Record<OnlineSide, string>;
  options: Record<string, string>;
  /** The password's SHA-256 (hex), or null for none. */
  password: string | null;
  /** Each taken seat's key (a client holding it may take the seat back). */
  keys: Partial<Record<OnlineSide, string>>;
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
  put(record: RoomRecord): void;
  /** Adds one accepted action to a room's log. */
  append(code: string, entry: LogEntry<Action>): void;
  /** A room as stored, or null. */
  get(code: string): StoredRoom | null;
  /** The codes of every stored room. */
  codes(): string[];
  /** Forgets a room. */
  remove(code: string): void;
}

/** Rooms in memory (tests, and a server with no data folder). */
export function memoryStore(): RoomStore {
  const rooms = new Map<string, StoredRoom>();
  return {
    put: (record) =>
      void rooms.set(record.code, { record: structuredClone(record), log: rooms.get(record.code)?.log ?? [] }),
    append: (code, entry) => void rooms.get(code)?.log.push(structuredClone(entry)),
    get: (code) => {
      const r = rooms.get(code);
      return r ? structuredClone(r) : null;
    },
    codes: () => [...rooms.keys()],
    remove: (code) => void rooms.delete(code),
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
    const lines = readFileSync(path(code), 'utf8').split('\n').filter(Boolean);
    // A line cut short by a crash mid-write is the last one: it was never answered, so it is dropped.
    const parsed: unknown[] = [];
    for (const [i, line] of lines.entries()) {
      try {
        parsed.push(JSON.parse(line));
      } catch (e) {
        if (i < lines.length - 1) throw new Error(`${path(code)} line ${i + 1}: ${(e as Error).message}`, { cause: e });
      }
    }
    const [record, ...log] = parsed;
    if (!record) return null;
    return { record: record as RoomRecord, log: log as LogEntry<Action>[] };
  };
  return {
    put: (record) => {
      const old = read(record.code);
      const text = [record, ...(old?.log ?? [])].map((x) => JSON.stringify(x)).join('\n') + '\n';
      writeFileSync(`${path(record.code)}.tmp`, text);
      renameSync(`${path(record.code)}.tmp`, path(record.code));
    },
    append: (code, entry) => appendFileSync(path(code), `${JSON.stringify(entry)}\n`),
    get: read,
    codes: () => readdirSync(dir).flatMap((f) => FILE.exec(f)?.[1] ?? []),
    remove: (code) => rmSync(path(code), { force: true }),
  };
}
