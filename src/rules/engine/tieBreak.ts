/**
 * A bot's tie-breaker: when two choices score the same, which one it takes is drawn from the match, not
 * from the list's order (every seed would open alike) nor from `Math.random` (a replay would differ).
 * The draws come from a stream of their own (the dice draw nothing from it): the match's seed, the
 * decision's place in the game and the player pick the stream, a choice's key the number in it.
 */
import { hash32 } from '../dice/rng';

/** A string's 32-bit hash (FNV-1a). */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The stream's salt: the tie-breaker never draws what the dice draw for the same counter. */
const SALT = 0x7b1e5eed;

/**
 * For one decision of `who` in match `m`: a number in [0, 1) for each key (a fighter's id, an action's
 * JSON), the same for the same match, decision and key.
 */
export function tieBreaker(
  m: { rng: { seed: number }; log: readonly unknown[] },
  who: string,
): (key: string) => number {
  const stream = hash32((m.rng.seed ^ SALT) >>> 0, hashOf(`${who}|${m.log.length}`));
  return (key) => hash32(stream, hashOf(key)) / 0x100000000;
}

/**
 * The item of the highest value; items within `tolerance` of it are equally good, and `tie` (of each
 * one's JSON) picks among them. Null for an empty list.
 */
export function bestBy<T>(
  list: readonly T[],
  value: (x: T) => number,
  tie: (key: string) => number,
  tolerance = 1e-9,
): T | null {
  const scored = list.map((x) => [x, value(x)] as const).filter(([, v]) => !Number.isNaN(v));
  if (scored.length === 0) return null;
  const top = Math.max(...scored.map(([, v]) => v));
  let best: T | null = null,
    bestTie = Infinity;
  for (const [x, v] of scored) {
    if (v < top - tolerance) continue;
    const t = tie(JSON.stringify(x));
    if (t < bestTie) [best, bestTie] = [x, t];
  }
  return best;
}
