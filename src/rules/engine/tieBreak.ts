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
