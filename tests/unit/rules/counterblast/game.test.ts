import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import { ruleset, type CbAction, type CbState } from '../../../../src/rules/counterblast';
import { fresh } from './fixture';
import { randomGame } from '../../../support/rulesPlay';

type M = Match<CbState, CbAction>;

/** A whole battle between random-move bots on open ground (game seed, bot seed). */
const randomBattle = (seed: number, botSeed: number): M =>
  randomGame(ruleset, fresh(), seed, botSeed, fakeTable({ size: 48 }));

describe('counterblast whole battles', () => {
  it('random legal moves play to the end (game seed 5, bot seed 50): six turns or one crew left; same seeds, same hash; replay equals live play', () => {
    const a = randomBattle(5, 50);
    expect(a.state.phase).toBe('over');
    expect(a.state.score).not.toBeNull();
    expect(ruleset.outcome(a.state)).not.toBeNull();
    expect(stateHash(randomBattle(5, 50))).toBe(stateHash(a));
    expect(stateHash(replay(ruleset, a, a.log, fakeTable({ size: 48 })))).toBe(stateHash(a));
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'random legal moves never reach a refused move or a dead end (game seed %i, bot seed x10)',
    (seed) => {
      expect(randomBattle(seed, seed * 10).state.phase).toBe('over');
    },
  );
});
