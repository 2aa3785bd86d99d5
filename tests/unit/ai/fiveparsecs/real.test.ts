/** The bots on the real table (the geometry and movement cores) among three walls: a whole battle to the end. */
import { describe, expect, it } from 'vitest';
import { act, decider, newMatch, replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import type { Queries } from '../../../../src/rules/engine/queries';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type FpAction, type FpState } from '../../../../src/rules/fiveparsecs';
import { fiveparsecsMove } from '../../../../src/ai/fiveparsecs';
import { fresh } from '../../rules/fiveparsecs/fixture';

type M = Match<FpState, FpAction>;

async function wallsTable(): Promise<Queries> {
  const { worldQueries } = await import('../../../../src/state/worldQueries');
  const { box } = await import('../../../support/scenes');
  return worldQueries(
    {
      format: 'tabletop-scene/1',
      table: { width: 36, depth: 36 },
      terrain: [
        box('w1', [10, 0.5, 18], [6, 1, 0.4]),
        box('w2', [26, 1, 14], [3, 2, 3]),
        box('w3', [18, 0.4, 24], [4, 0.8, 0.3]),
      ],
    },
    () => undefined,
  );
}

describe('fiveparsecs bots on the real table', () => {
  it('crew bot against the enemy AI among three walls plays to the end; its replay equals live play', async () => {
    const q = await wallsTable();
    let m: M = newMatch(ruleset, fresh(), 3);
    for (let i = 0; i < 3000 && decider(ruleset, m); i++) {
      const who = decider(ruleset, m)!;
      const move = fiveparsecsMove(m, who, q)!;
      const r = act(ruleset, m, who, move, q);
      if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${r.message}`);
      m = r.match;
    }
    expect(m.state.phase).toBe('over');
    expect(stateHash(replay(ruleset, m, m.log, await wallsTable()))).toBe(stateHash(m));
  }, 120000);
});
