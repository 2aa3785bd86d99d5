/** The crew's bot against the enemy AI on open ground: whole battles to the end, deterministic. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { act, decider, newMatch, stateHash, type Match } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type FpAction, type FpState } from '../../../../src/rules/fiveparsecs';
import { fiveparsecsMove } from '../../../../src/ai/fiveparsecs';
import { fresh } from '../../rules/fiveparsecs/fixture';
import { AI_TYPES } from '../../../../src/rules/fiveparsecs/data';

type M = Match<FpState, FpAction>;

/** A whole battle, both sides by the bots (the enemy type's AI as set up). */
export function botBattle(seed: number, start: FpState = fresh()): M {
  const q = fakeTable();
  let m: M = newMatch(ruleset, start, seed);
  for (let i = 0; i < 3000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    const move = fiveparsecsMove(m, who, q);
    if (!move) throw new Error(`${who} has no move`);
    const r = act(ruleset, m, who, move, q);
    if (isError(r)) throw new Error(`${who} ${JSON.stringify(move)}: ${r.message}`);
    m = r.match;
  }
  return m;
}

describe('fiveparsecs bots: crew against the enemy AI', () => {
  it.each([3, 11])(
    'seed %i plays to the end; the same seed gives the same state hash',
    (seed) => {
      const a = botBattle(seed);
      expect(a.state.phase).toBe('over');
      expect(ruleset.outcome(a.state)).not.toBeNull();
      expect(stateHash(botBattle(seed))).toBe(stateHash(a));
    },
    60000,
  );
  it.each(['psychos', 'black-ops-team', 'war-bots', 'raiders'])(
    'against %s (their AI type) a battle plays to the end, deterministic',
    (enemy) => {
      const a = botBattle(7, fresh({ enemy }));
      expect(a.state.phase).toBe('over');
      expect(stateHash(botBattle(7, fresh({ enemy })))).toBe(stateHash(a));
    },
    60000,
  );
  it.each(AI_TYPES)(
    'with every Ganger run as %s a battle plays to the end',
    (ai) => {
      const start = fresh();
      const a = botBattle(9, { ...start, enemy: { ...start.enemy, ai } });
      expect(a.state.phase).toBe('over');
    },
    60000,
  );
});
