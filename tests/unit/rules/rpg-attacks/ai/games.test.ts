/** Whole rpg-attacks games: the bot against itself (fake table with cover zones, and the real outpost scene) and against the random bot. */
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../../../src/rules/engine/match';
import { ruleset } from '../../../../../src/rules/rpg-attacks';
import { fresh } from '../fixture';
import { covered, FIELD, game, outpost } from './table';

describe('rpg-attacks bot: whole games', () => {
  it.each([1, 2, 3])(
    'bot against bot, seed %i: plays to a result; the same seed gives the same game; replay equals live play',
    (seed) => {
      const m = game(fresh(), seed, covered(FIELD));
      expect(m.state.phase).toBe('over');
      expect(ruleset.outcome(m.state)).not.toBeNull();
      expect(m.log.some((e) => e.action.type === 'attack')).toBe(true);
      expect(stateHash(game(fresh(), seed, covered(FIELD)))).toBe(stateHash(m));
      expect(stateHash(replay(ruleset, m, m.log, covered(FIELD)))).toBe(stateHash(m));
    },
  );

  it('bot against bot on the real outpost scene (rpg-attacks-36.json), seed 4: a result, replay equals live play', async () => {
    const m = game(fresh(), 4, await outpost());
    expect(m.state.phase).toBe('over');
    expect(ruleset.outcome(m.state)).not.toBeNull();
    const kinds = new Set(m.log.map((e) => e.action.type));
    for (const k of ['begin', 'move', 'attack', 'suppress']) expect(kinds).toContain(k);
    expect(stateHash(replay(ruleset, m, m.log, await outpost()))).toBe(stateHash(m));
  }, 60000);

  it('against the random bot, seeds 1-10 (the bot plays A on odd seeds, B on even): it wins 8 (losing seeds 6 and 8)', () => {
    const results = Array.from({ length: 10 }, (_, i) => {
      const seed = i + 1;
      const side = seed % 2 ? 'A' : 'B';
      const o = ruleset.outcome(game(fresh(), seed, covered(FIELD), [side]).state)!;
      return o.winner === side ? 'win' : o.winner === null ? 'draw' : 'loss';
    });
    console.log(`rpg-attacks bot against random, seeds 1-10: ${results.join(' ')}`);
    expect(results).toEqual(['win', 'win', 'win', 'win', 'win', 'loss', 'win', 'loss', 'win', 'win']);
  }, 60000);
});
