/**
 * The ChaCha20 block function (RFC 8439, section 2.3): 16 words of keystream for a 256-bit key, a
 * block counter and a 96-bit nonce. An online room's dice are drawn from it with a key only the
 * server holds (rng.ts), so the public rolls of a match tell nothing about the ones to come.
 */

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

const rotl = (v: number, c: number) => (v << c) | (v >>> (32 - c));

function quarter(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  x[a] = x[a]! + x[b]!;
  x[d] = rotl(x[d]! ^ x[a]!, 16);
  x[c] = x[c]! + x[d]!;
  x[b] = rotl(x[b]! ^ x[c]!, 12);
  x[a] = x[a]! + x[b]!;
  x[d] = rotl(x[d]! ^ x[a]!, 8);
  x[c] = x[c]! + x[d]!;
  x[b] = rotl(x[b]! ^ x[c]!, 7);
}

/** One block: `key` 8 words, `counter` 32 bits, `nonce` 3 words (each word little-endian, as the RFC reads them). */
export function chachaBlock(key: readonly number[], counter: number, nonce: readonly number[]): Uint32Array {
  if (key.length !== 8) throw new RangeError(`a ChaCha20 key is 8 words (got ${key.length})`);
  const input = new Uint32Array(16);
  input.set(SIGMA, 0);
  input.set(key, 4);
  input[12] = counter;
  input.set(nonce.slice(0, 3), 13);
  const x = input.slice();
  for (let i = 0; i < 10; i++) {
    quarter(x, 0, 4, 8, 12);
    quarter(x, 1, 5, 9, 13);
    quarter(x, 2, 6, 10, 14);
    quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15);
    quarter(x, 1, 6, 11, 12);
    quarter(x, 2, 7, 8, 13);
    quarter(x, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) x[i] = x[i]! + input[i]!;
  return x;
}
