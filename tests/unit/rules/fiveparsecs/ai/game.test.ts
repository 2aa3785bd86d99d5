/** The crew's bot against the enemy AI on open ground: whole battles to the end, deterministic. */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../../../src/rules/engine/match';
import { ruleset } from '../../../../../src/rules/fiveparsecs';
import { fresh } from '../fixture';
import { botBattle } from './table';
import { AI_TYPES } from '../../../../../src/rules/fiveparsecs/data';

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
