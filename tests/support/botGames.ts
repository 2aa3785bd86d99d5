/** Shared by the bot tests: cover zones on a fake table, and a whole game between a bot and itself or the random bot. */
import { randomMove } from '../../src/ai/randomBot';
import { rngState } from '../../src/rules/dice/rng';
import { act, decider, newMatch, type Match, type Move } from '../../src/rules/engine/match';
import type { Layout, SightFacts, Table } from '../../src/rules/engine/queries';
import { isError, type Action, type Ruleset } from '../../src/rules/engine/types';

/** A cover zone: a disc (centre x, z, radius) hiding `hidden` of a target standing in it from every viewer (by terrain). */
export interface Zone {
  x: number;
  z: number;
  r: number;
  hidden: number;
}

/** Sight over cover zones: a target whose base centre stands in a zone is that much hidden by terrain (fully: no line of sight). */
export const zonedSight =
  (zones: readonly Zone[]) =>
  (_v: string, t: string, layout: Layout): Partial<SightFacts> => {
    const p = layout.models[t]!.position;
    const z = zones.find((c) => Math.hypot(p[0] - c.x, p[2] - c.z) <= c.r);
    if (!z) return {};
    return z.hidden >= 1
      ? { hasLos: false, visibleFraction: 0, hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 } }
      : { visibleFraction: 1 - z.hidden, hidden: { terrain: z.hidden, vehicles: 0, models: 0, smoke: 0 } };
  };

/**
 * A whole game: `bots` names the sides `bot` plays (the others play random legal moves with the random
 * stream seeded `seed` * 7 + 1); throws on a dead end or a refused move.
 */
export function botGame<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  bot: (m: Match<S, A>, who: string, q: Table) => Move<A> | null,
  start: S,
  seed: number,
  q: Table,
  bots: readonly string[] = ['A', 'B'],
): Match<S, A> {
  let m = newMatch(ruleset, start, seed);
  let rng = rngState(seed * 7 + 1);
  for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    let move;
    if (bots.includes(who)) move = bot(m, who, q);
    else {
      const pick = randomMove(ruleset, m, who, rng, q);
      [move, rng] = [pick.move, pick.rng];
    }
    if (!move) throw new Error(`${who} has no move`);
    const r = act(ruleset, m, who, move, q);
    if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${r.message}`);
    m = r.match;
  }
  return m;
}
