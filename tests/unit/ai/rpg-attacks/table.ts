/** Tables for the rpg-attacks AI tests: open ground with cover zones, the real outpost scene, and whole games. */
import { readFileSync } from 'node:fs';
import { randomMove } from '../../../../src/ai/randomBot';
import { rpgAttacksMove } from '../../../../src/ai/rpg-attacks';
import { rngState } from '../../../../src/rules/dice/rng';
import { act, decider, newMatch, type Match } from '../../../../src/rules/engine/match';
import type { Queries } from '../../../../src/rules/engine/queries';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type RpgAction, type RpgState } from '../../../../src/rules/rpg-attacks';
import { table } from '../../rules/rpg-attacks/fixture';
import type { FakeTable } from '../../../support/fakeTable';

/** A cover zone: a disc (centre x, z, radius) hiding `hidden` of a target standing in it from every viewer. */
export interface Zone {
  x: number;
  z: number;
  r: number;
  hidden: number;
}

/** A 36" open table where a target whose base centre stands in a zone is that much hidden (fully: no line of sight). */
export function covered(zones: readonly Zone[] = []): FakeTable {
  return table({
    sight: (_v, t, layout) => {
      const p = layout.models[t]!.position;
      const z = zones.find((c) => Math.hypot(p[0] - c.x, p[2] - c.z) <= c.r);
      if (!z) return {};
      return z.hidden >= 1
        ? { hasLos: false, visibleFraction: 0, hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 } }
        : { visibleFraction: 1 - z.hidden, hidden: { terrain: z.hidden, vehicles: 0, models: 0, smoke: 0 } };
    },
  });
}

/** Cover zones across the middle of the table: 50 % and 85 % hidden. */
export const FIELD: Zone[] = [
  { x: 9, z: 14, r: 2, hidden: 0.5 },
  { x: 27, z: 22, r: 2, hidden: 0.5 },
  { x: 18, z: 18, r: 1.5, hidden: 0.85 },
  { x: 6, z: 24, r: 1.5, hidden: 0.85 },
  { x: 30, z: 12, r: 1.5, hidden: 0.85 },
];

/** The real outpost scene (assets/scenarios/rpg-attacks-36.json) through the real geometry. */
export async function outpost(): Promise<Queries> {
  const { worldQueries } = await import('../../../../src/state/worldQueries');
  const scene = JSON.parse(readFileSync('assets/scenarios/rpg-attacks-36.json', 'utf8')) as Parameters<
    typeof worldQueries
  >[0];
  return worldQueries(scene, () => undefined);
}

type M = Match<RpgState, RpgAction>;

/**
 * A whole game: `bots` names the sides the bot plays (the others play random legal moves with the bot
 * seed `seed` * 7 + 1); throws on a dead end or a refused move.
 */
export function game(start: RpgState, seed: number, q: Queries, bots: readonly string[] = ['A', 'B']): M {
  let m: M = newMatch(ruleset, start, seed);
  let rng = rngState(seed * 7 + 1);
  for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    let move;
    if (bots.includes(who)) move = rpgAttacksMove(m, who, q);
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
