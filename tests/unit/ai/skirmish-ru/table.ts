/** Tables for the skirmish-ru AI tests: open ground with cover zones, and whole games between the bot and itself or the random bot. */
import { randomMove } from '../../../../src/ai/randomBot';
import { skirmishRuMove } from '../../../../src/ai/skirmish-ru';
import { rngState } from '../../../../src/rules/dice/rng';
import { act, decider, newMatch, type Match } from '../../../../src/rules/engine/match';
import type { Queries } from '../../../../src/rules/engine/queries';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type SkAction, type SkState } from '../../../../src/rules/skirmish-ru';
import { table } from '../../rules/skirmish-ru/fixture';
import type { FakeTable } from '../../../support/fakeTable';

/** A cover zone: a disc (centre x, z, radius) hiding `hidden` of a target standing in it from every viewer. */
export interface Zone {
  x: number;
  z: number;
  r: number;
  hidden: number;
}

/** A 48" open table where a target whose base centre stands in a zone is that much hidden (fully: no line of sight). */
export function covered(zones: readonly Zone[] = []): FakeTable {
  return table({
    sight: (_v, t, layout) => {
      const p = layout.models[t]!.position;
      const z = zones.find((c) => Math.hypot(p[0] - c.x, p[2] - c.z) <= c.r);
      if (!z) return {};
      return z.hidden >= 1 ? { hasLos: false, visibleFraction: 0 } : { visibleFraction: 1 - z.hidden };
    },
  });
}

/** Cover zones across the middle of the table (crates and walls): 50 % and 85 % hidden. */
export const FIELD: Zone[] = [
  { x: 12, z: 20, r: 2, hidden: 0.5 },
  { x: 36, z: 28, r: 2, hidden: 0.5 },
  { x: 24, z: 24, r: 1.5, hidden: 0.85 },
  { x: 8, z: 32, r: 1.5, hidden: 0.85 },
  { x: 40, z: 16, r: 1.5, hidden: 0.85 },
];

type M = Match<SkState, SkAction>;

/**
 * A whole game: `bots` names the sides the bot plays (the others play random legal moves with the bot
 * seed `seed` * 7 + 1); throws on a dead end or a refused move.
 */
export function game(start: SkState, seed: number, q: Queries, bots: readonly string[] = ['A', 'B']): M {
  let m: M = newMatch(ruleset, start, seed);
  let rng = rngState(seed * 7 + 1);
  for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    let move;
    if (bots.includes(who)) move = skirmishRuMove(m, who, q);
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
