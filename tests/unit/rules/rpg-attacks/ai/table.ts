/** Tables for the rpg-attacks AI tests: open ground with cover zones, the real outpost scene, and whole games. */
import { readFileSync } from 'node:fs';
import { rpgAttacksMove } from '../../../../../src/rules/rpg-attacks/ai';
import type { Match } from '../../../../../src/rules/engine/match';
import type { Table } from '../../../../../src/rules/engine/queries';
import { ruleset, type RpgAction, type RpgState } from '../../../../../src/rules/rpg-attacks';
import { table } from '../fixture';
import type { FakeTable } from '../../../../support/fakeTable';
import { botGame, zonedSight, type Zone } from '../../../../support/botGames';

export type { Zone } from '../../../../support/botGames';

/** A 36" open table where a target whose base centre stands in a zone is that much hidden (fully: no line of sight). */
export const covered = (zones: readonly Zone[] = []): FakeTable => table({ sight: zonedSight(zones) });

/** Cover zones across the middle of the table: 50 % and 85 % hidden. */
export const FIELD: Zone[] = [
  { x: 9, z: 14, r: 2, hidden: 0.5 },
  { x: 27, z: 22, r: 2, hidden: 0.5 },
  { x: 18, z: 18, r: 1.5, hidden: 0.85 },
  { x: 6, z: 24, r: 1.5, hidden: 0.85 },
  { x: 30, z: 12, r: 1.5, hidden: 0.85 },
];

/** The real outpost scene (assets/scenarios/rpg-attacks-36.json) through the real geometry. */
export async function outpost(): Promise<Table> {
  const { worldQueries } = await import('../../../../../src/state/worldQueries');
  const scene = JSON.parse(readFileSync('assets/scenarios/rpg-attacks-36.json', 'utf8')) as Parameters<
    typeof worldQueries
  >[0];
  return worldQueries(scene, () => undefined);
}

/**
 * A whole game: `bots` names the sides the bot plays (the others play random legal moves with the bot
 * seed `seed` * 7 + 1); throws on a dead end or a refused move.
 */
export const game = (
  start: RpgState,
  seed: number,
  q: Table,
  bots: readonly string[] = ['A', 'B'],
): Match<RpgState, RpgAction> => botGame(ruleset, rpgAttacksMove, start, seed, q, bots);
