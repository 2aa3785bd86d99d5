/** Skirmish-ru whole battles: random legal moves to the end on open ground, determinism, replay. */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../../support/rulesPlay';
import { replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import { ruleset, type SkAction, type SkState } from '../../../../src/rules/skirmish-ru';
import { fresh, table } from './fixture';

type M = Match<SkState, SkAction>;

/** A whole battle between random-move bots on open ground (game seed, bot seed). */
const randomBattle = (seed: number, botSeed: number): M => randomGame(ruleset, fresh(), seed, botSeed, table());

describe('skirmish-ru whole battles (open ground, 48" x 48")', () => {
  it.each([
    [19, 190],
    [7, 70],
  ])(
    'random legal moves play to the end (game seed %i, bot seed %i); same seeds, same hash; replay equals live play',
    (seed, botSeed) => {
      const a = randomBattle(seed, botSeed);
      expect(a.state.phase).toBe('over');
      expect(a.state.result).not.toBeNull();
      expect(ruleset.outcome(a.state)).not.toBeNull();
      expect(a.log.length).toBeGreaterThan(20);
      expect(stateHash(randomBattle(seed, botSeed))).toBe(stateHash(a));
      expect(stateHash(replay(ruleset, a, a.log, table()))).toBe(stateHash(a));
      expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    },
  );
});
