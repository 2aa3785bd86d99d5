import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../../src/geometry/keyIndex';
import { mulberry32 } from '../../support/rng';

describe('KeyIndex: dense ids for whole-number keys', () => {
  it('gives each distinct key the next id, the same id again for a key it holds, and -1 for one it does not (seed 11, keys up to 2^53)', () => {
    const rnd = mulberry32(11);
    const index = new KeyIndex(5000);
    const ids = new Map<number, number>();
    for (let i = 0; i < 5000; i++) {
      // Keys near 0, near 2^32 (where the high word changes) and near 2^53.
      const base = [0, 2 ** 32 - 50, 2 ** 53 - 10_000][i % 3]!;
      const key = base + Math.floor(rnd() * 3000);
      const id = index.add(key);
      if (!ids.has(key)) {
        expect(id).toBe(ids.size);
        ids.set(key, id);
      } else expect(id).toBe(ids.get(key));
    }
    expect(index.size).toBe(ids.size);
    for (const [key, id] of ids) expect(index.get(key)).toBe(id);
    expect(index.get(2 ** 32 + 5000)).toBe(-1);
    expect(index.get(12_345_678)).toBe(-1);
  });

  it('refuses a key past its capacity, naming the capacity', () => {
    const index = new KeyIndex(2);
    index.add(1);
    index.add(2);
    expect(index.add(1)).toBe(0);
    expect(() => index.add(3)).toThrow('KeyIndex: more than 2 keys');
  });
});
