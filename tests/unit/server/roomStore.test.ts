import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStore, type RoomRecord } from '../../../src/server/roomStore';
import type { LogEntry } from '../../../src/rules/engine/match';
import type { Action } from '../../../src/rules/engine/types';

const record: RoomRecord = {
  code: 'ABCDEFGHJK',
  rules: 'rpg-attacks',
  seats: { A: 'me', B: 'remote' },
  seed: 5,
  forces: { A: 'kestrel', B: 'vultures' },
  options: {},
  password: null,
  keys: {},
  created: '2026-12-06T00:00:00.000Z',
};
const entry = (n: number): LogEntry<Action> => ({ player: 'A', action: { type: `step-${n}` } }) as LogEntry<Action>;

describe('the file store of online rooms', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('drops a last line a crash cut short, from the file too, so the next action is appended on a line of its own', async () => {
    dir = mkdtempSync(join(tmpdir(), 'room-store-'));
    const store = fileStore(dir);
    await store.put(record);
    await store.append(record.code, entry(1));
    const file = join(dir, `${record.code}.jsonl`);
    appendFileSync(file, '{"player":"B","act');
    expect((await store.get(record.code))!.log).toEqual([entry(1)]);
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    await store.append(record.code, entry(2));
    expect((await store.get(record.code))!.log).toEqual([entry(1), entry(2)]);
  });

  it('refuses a broken line before the last, naming the file and the line', async () => {
    dir = mkdtempSync(join(tmpdir(), 'room-store-'));
    const store = fileStore(dir);
    const file = join(dir, `${record.code}.jsonl`);
    writeFileSync(file, `${JSON.stringify(record)}\n{"player":\n${JSON.stringify(entry(2))}\n`);
    await expect(store.get(record.code)).rejects.toThrow(`${file} line 2:`);
  });
});
