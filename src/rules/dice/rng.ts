/**
 * The game's seeded random numbers, as plain JSON inside the game state: a seed and a counter. Each
 * draw hashes (seed, counter), so a state can be saved, replayed and forked without hidden state.
 */

import { chachaBlock } from './chacha';

/** PRNG state: JSON, lives in the game state. */
export interface RngState {
  seed: number;
  /** Number of 32-bit draws taken so far. */
  n: number;
  /**
   * A secret key (8 words of 32 bits): the draws are ChaCha20's keystream under it, the seed its nonce. An
   * online room without a given seed has one, kept on the server: a 32-bit seed can be searched back from
   * a few public rolls, a 256-bit key cannot. Without a key, draws hash (seed, counter).
   */
  key?: readonly number[];
}

/** A fresh PRNG state for a seed (any integer; taken modulo 2^32), and a secret key when given. */
export function rngState(seed: number, key?: readonly number[]): RngState {
  if (key !== undefined && (key.length !== 8 || key.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffffffff)))
    throw new RangeError(`an rng key is 8 whole numbers from 0 to 2^32 - 1 (got ${JSON.stringify(key)})`);
  return key ? { seed: seed >>> 0, n: 0, key } : { seed: seed >>> 0, n: 0 };
}

/** The last keyed block drawn from (one block serves 16 draws). */
let lastBlock: { key: readonly number[]; seed: number; block: number; words: Uint32Array } | null = null;

/** Draw `counter` of a state: ChaCha20's keystream under its key, or the seed's hash without one. */
export function draw32(state: RngState, counter: number): number {
  const key = state.key;
  if (!key) return hash32(state.seed, counter);
  const block = Math.floor(counter / 16);
  if (lastBlock?.key !== key || lastBlock.seed !== state.seed || lastBlock.block !== block)
    lastBlock = { key, seed: state.seed, block, words: chachaBlock(key, block >>> 0, [state.seed, 0, 0]) };
  return lastBlock.words[counter % 16]!;
}

/** 32 uniformly random bits for (seed, counter): a SplitMix32-style integer hash. */
export function hash32(seed: number, counter: number): number {
  let z = (seed + Math.imul(counter + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** A uniform integer in 1..sides, and the advanced state (rejection sampling: no modulo bias). */
export function rollDie(state: RngState, sides: number): [number, RngState] {
  if (!Number.isInteger(sides) || sides < 1)
    throw new RangeError(`a die needs a whole number of sides >= 1 (got ${sides})`);
  const limit = Math.floor(0x100000000 / sides) * sides;
  let n = state.n;
  for (;;) {
    const x = draw32(state, n++);
    if (x < limit) return [(x % sides) + 1, { ...state, n }];
  }
}
