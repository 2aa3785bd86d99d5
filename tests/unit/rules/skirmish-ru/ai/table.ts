/** Tables for the skirmish-ru AI tests: open ground with cover zones, and whole games between the bot and itself or the random bot. */
import { skirmishRuMove } from '../../../../../src/rules/skirmish-ru/ai';
import type { Match } from '../../../../../src/rules/engine/match';
import type { Table } from '../../../../../src/rules/engine/queries';
import { ruleset, type SkAction, type SkState } from '../../../../../src/rules/skirmish-ru';
import { table } from '../fixture';
import type { FakeTable } from '../../../../support/fakeTable';
import { botGame, zonedSight, type Zone } from '../../../../support/botGames';

export type { Zone } from '../../../../support/botGames';

/** A 48" open table where a target whose base centre stands in a zone is that much hidden (fully: no line of sight). */
export const covered = (zones: readonly Zone[] = []): FakeTable => table({ sight: zonedSight(zones) });

/** Cover zones across the middle of the table (crates and walls): 50 % and 85 % hidden. */
export const FIELD: Zone[] = [
  { x: 12, z: 20, r: 2, hidden: 0.5 },
  { x: 36, z: 28, r: 2, hidden: 0.5 },
  { x: 24, z: 24, r: 1.5, hidden: 0.85 },
  { x: 8, z: 32, r: 1.5, hidden: 0.85 },
  { x: 40, z: 16, r: 1.5, hidden: 0.85 },
];

/**
 * A whole game: `bots` names the sides the bot plays (the others play random legal moves with the bot
 * seed `seed` * 7 + 1); throws on a dead end or a refused move.
 */
export const game = (
  start: SkState,
  seed: number,
  q: Table,
  bots: readonly string[] = ['A', 'B'],
): Match<SkState, SkAction> => botGame(ruleset, skirmishRuMove, start, seed, q, bots);
