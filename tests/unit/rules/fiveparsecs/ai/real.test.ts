/** The bots on the real table (the geometry and movement cores) among three walls: a whole battle to the end. */
import { describe, expect, it } from 'vitest';
import { act, decider, newMatch, replay, stateHash, type Match } from '../../../../../src/rules/engine/match';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset, type FpAction, type FpState } from '../../../../../src/rules/fiveparsecs';
import { fiveparsecsMove } from '../../../../../src/rules/fiveparsecs/ai';
import { fresh, wallsTable } from '../fixture';
import { en } from '../../../../support/words';

type M = Match<FpState, FpAction>;

describe('fiveparsecs bots on the real table', () => {
  it('crew bot against the enemy AI among three walls plays to the end; its replay equals live play', async () => {
    const q = await wallsTable();
    let m: M = newMatch(ruleset, fresh(), 3);
    for (let i = 0; i < 3000 && decider(ruleset, m); i++) {
      const who = decider(ruleset, m)!;
      const move = fiveparsecsMove(m, who, q)!;
      const r = act(ruleset, m, who, move, q);
      if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${en(r.message)}`);
      m = r.match;
    }
    expect(m.state.phase).toBe('over');
    expect(stateHash(replay(ruleset, m, m.log, await wallsTable()))).toBe(stateHash(m));
  }, 120000);
});
