/**
 * The game's seeded random numbers, as plain JSON inside the game state: a seed and a counter. Each
 * draw hashes (seed, counter), so a state can be saved, replayed and forked without hidden state.
 */

/** PRNG state: JSON, lives in the game state. */
export interface RngState {
  seed: number;
  /** Number of 32-bit draws taken so far. */
  n: number;
}

/** A fresh PRNG state for a seed (any integer; taken modulo 2^32). */
export function rngState(seed: number): RngState {
  return { seed: seed >>> 0, n: 0 };
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
    const x = hash32(state.seed, n++);
    if (x < limit) return [(x % sides) + 1, { seed: state.seed, n }];
  }
}
