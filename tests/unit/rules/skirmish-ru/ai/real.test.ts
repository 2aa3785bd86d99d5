/** The skirmish-ru bot on the real table (the geometry and movement cores): walls and a block, a whole game to the end. */
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../../../src/rules/engine/match';
import type { Table } from '../../../../../src/rules/engine/queries';
import { ruleset } from '../../../../../src/rules/skirmish-ru';
import { box } from '../../../../support/scenes';
import { fresh } from '../fixture';
import { game } from './table';

/** A 48" table with four low walls and a 3" block in the middle. */
async function walls(): Promise<Table> {
  const { worldQueries } = await import('../../../../../src/state/worldQueries');
  return worldQueries(
    {
      format: 'tabletop-scene/1',
      table: { width: 48, depth: 48 },
      terrain: [
        box('w1', [14, 0.75, 30], [8, 1.5, 0.5]),
        box('w2', [34, 0.75, 18], [8, 1.5, 0.5]),
        box('b1', [24, 1.5, 24], [4, 3, 4]),
        box('w3', [10, 0.5, 16], [0.5, 1, 6]),
        box('w4', [38, 0.5, 32], [0.5, 1, 6]),
      ],
    },
    () => undefined,
  );
}

describe('skirmish-ru bot on the real table', () => {
  it('bot against bot, seed 3, among walls: plays to a result; replay equals live play', async () => {
    const m = game(fresh(), 3, await walls());
    expect(m.state.phase).toBe('over');
    expect(ruleset.outcome(m.state)).not.toBeNull();
    expect(m.log.some((e) => e.action.type === 'shoot')).toBe(true);
    expect(stateHash(replay(ruleset, m, m.log, await walls()))).toBe(stateHash(m));
  }, 120000);
});
