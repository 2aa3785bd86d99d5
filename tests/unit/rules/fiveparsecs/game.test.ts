/** Five Parsecs battles: set-up and deployment, and whole random games (determinism, replay). */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { randomGame } from '../../../support/rulesPlay';
import { replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import { ruleset, type FpAction, type FpState } from '../../../../src/rules/fiveparsecs';
import { fresh, wallsTable } from './fixture';

type M = Match<FpState, FpAction>;

/** A whole battle between random-move bots on open ground (game seed, bot seed). */
const randomBattle = (seed: number, botSeed: number): M => randomGame(ruleset, fresh(), seed, botSeed, fakeTable());

describe('fiveparsecs whole battles', () => {
  it.each([
    [5, 50],
    [7, 70],
  ])(
    'random legal moves play to the end (game seed %i, bot seed %i); same seeds, same hash; replay equals live play',
    (seed, botSeed) => {
      const a = randomBattle(seed, botSeed);
      expect(a.state.phase).toBe('over');
      expect(a.state.result).not.toBeNull();
      expect(ruleset.outcome(a.state)).not.toBeNull();
      expect(stateHash(randomBattle(seed, botSeed))).toBe(stateHash(a));
      expect(stateHash(replay(ruleset, a, a.log, fakeTable()))).toBe(stateHash(a));
      expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    },
  );
});

describe('fiveparsecs on the real table (the geometry and movement cores)', () => {
  it('a random battle among three walls plays to the end, and its replay equals live play', async () => {
    const a = randomGame(ruleset, fresh(), 3, 30, await wallsTable());
    expect(a.state.phase).toBe('over');
    expect(stateHash(replay(ruleset, a, a.log, await wallsTable()))).toBe(stateHash(a));
  }, 60000);
});
