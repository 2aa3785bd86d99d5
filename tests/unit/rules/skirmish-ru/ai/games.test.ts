/** Whole skirmish-ru games on a fake table with cover zones: the bot against itself and against the random bot. */
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../../../src/rules/engine/match';
import { ruleset } from '../../../../../src/rules/skirmish-ru';
import { fresh } from '../fixture';
import { covered, FIELD, game } from './table';

describe('skirmish-ru bot: whole games', () => {
  it.each([1, 2, 3])(
    'bot against bot, seed %i: plays to a result; the same seed gives the same game; replay equals live play',
    (seed) => {
      const m = game(fresh(), seed, covered(FIELD));
      expect(m.state.phase).toBe('over');
      expect(ruleset.outcome(m.state)).not.toBeNull();
      expect(m.log.some((e) => e.action.type === 'shoot')).toBe(true);
      expect(stateHash(game(fresh(), seed, covered(FIELD)))).toBe(stateHash(m));
      expect(stateHash(replay(ruleset, m, m.log, covered(FIELD)))).toBe(stateHash(m));
    },
  );

  it('against the random bot, seeds 1-10 (the bot plays A on odd seeds, B on even): it wins all 10', () => {
    const results = Array.from({ length: 10 }, (_, i) => {
      const seed = i + 1;
      const side = seed % 2 ? 'A' : 'B';
      const o = ruleset.outcome(game(fresh(), seed, covered(FIELD), [side]).state)!;
      return o.winner === side ? 'win' : o.winner === null ? 'draw' : 'loss';
    });
    console.log(`skirmish-ru bot against random, seeds 1-10: ${results.join(' ')}`);
    expect(results).toEqual(Array.from({ length: 10 }, () => 'win'));
  });
});
