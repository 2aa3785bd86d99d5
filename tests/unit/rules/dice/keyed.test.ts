import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chachaBlock } from '../../../../src/rules/dice/chacha';
import { draw32, hash32, rngState, rollDie } from '../../../../src/rules/dice/rng';

/** RFC 8439 section 2.3.2: key 00..1f, nonce 00 00 00 09 00 00 00 4a 00 00 00 00, block counter 1. */
const RFC_KEY = [0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c];
const RFC_NONCE = [0x09000000, 0x4a000000, 0x00000000];

/** Node's own ChaCha20 keystream for one block (OpenSSL's), as 16 little-endian words. */
function opensslBlock(key: readonly number[], counter: number, nonce: readonly number[]): number[] {
  const k = Buffer.alloc(32);
  key.forEach((w, i) => k.writeUInt32LE(w, 4 * i));
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(counter, 0);
  nonce.forEach((w, i) => iv.writeUInt32LE(w, 4 + 4 * i));
  const out = createCipheriv('chacha20', k, iv).update(Buffer.alloc(64));
  return Array.from({ length: 16 }, (_, i) => out.readUInt32LE(4 * i));
}

describe('the keyed dice of online rooms: ChaCha20 (RFC 8439)', () => {
  it("gives the RFC's test vector for its block function", () => {
    expect([...chachaBlock(RFC_KEY, 1, RFC_NONCE)].map((w) => w.toString(16).padStart(8, '0'))).toEqual([
      'e4e7f110',
      '15593bd1',
      '1fdd0f50',
      'c47120a3',
      'c7f4d1c7',
      '0368c033',
      '9aaa2204',
      '4e6cd4c3',
      '466482d2',
      '09aa9f07',
      '05d7c214',
      'a2028bd9',
      'd19c12b5',
      'b94e16de',
      'e883d0cb',
      '4e3c50a2',
    ]);
  });

  it("draws OpenSSL's keystream: draw n is word n % 16 of block n / 16, the seed the nonce (key from seed 2026)", () => {
    const key = Array.from({ length: 8 }, (_, i) => hash32(2026, i));
    const state = rngState(77, key);
    for (const block of [0, 1, 5]) {
      const words = opensslBlock(key, block, [77, 0, 0]);
      for (let w = 0; w < 16; w++) expect(draw32(state, block * 16 + w)).toBe(words[w]);
    }
  });

  it('keeps the key through each roll; without a key the rolls are the seed hash as before', () => {
    const key = Array.from({ length: 8 }, (_, i) => hash32(7, i));
    const [, keyed] = rollDie(rngState(5, key), 6);
    expect(keyed.key).toBe(key);
    expect(keyed.n).toBeGreaterThanOrEqual(1);
    const [plain, next] = rollDie(rngState(5), 6);
    expect(next).toEqual({ seed: 5, n: 1 });
    expect(plain).toBe((hash32(5, 0) % 6) + 1);
    // The same seed under a key rolls another stream (20 d6 here differ from the unkeyed ones).
    const roll20 = (s: ReturnType<typeof rngState>) => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++) {
        const [v, n] = rollDie(s, 6);
        out.push(v);
        s = n;
      }
      return out;
    };
    expect(roll20(rngState(5, key))).not.toEqual(roll20(rngState(5)));
  });

  it('refuses a key that is not 8 words of 32 bits, naming it', () => {
    expect(() => rngState(1, [1, 2, 3])).toThrow('an rng key is 8 whole numbers from 0 to 2^32 - 1 (got [1,2,3])');
    expect(() => rngState(1, [0, 0, 0, 0, 0, 0, 0, 2 ** 32])).toThrow(/^an rng key is 8 whole numbers/);
  });
});
