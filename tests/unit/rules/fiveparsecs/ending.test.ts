/** "Ending the Battle" with a mission: the give-up roll once the objective is won, by the main AI type. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { ruleset, type FpState } from '../../../../src/rules/fiveparsecs';
import type { AiType } from '../../../../src/rules/fiveparsecs/data';
import { newMission } from '../../../../src/rules/fiveparsecs/missions';
import { matchOf, midRound, play } from './fixture';
import { en } from '../../../support/words';

const q = fakeTable();
const G1 = 'B.gangers-1';

/** The Enemy Actions phase of `round`, the captain on the table (Quick: nobody acts Slow), Move Through won in `won`. */
function lastEnemy(ai: AiType, won: number | null = 1, round = 1): FpState {
  return midRound({ 'A.captain': [18, 30], [G1]: [18, 6] }, 'enemy', (s) => ({
    ...s,
    round,
    enemy: { ...s.enemy, ai },
    mission: {
      ...newMission('move-through', s.table),
      exits: { north: ['A.pilot', 'A.feral'], south: [] },
      wonRound: won,
    },
  }));
}

/** The last enemy ends its activation: the end of the round follows, with these dice. */
const endOfRound = (s: FpState, dice: number[]) => play(matchOf(s), 'B', { type: 'done', figure: G1 }, q, dice);
const giveUpText = (r: ReturnType<typeof endOfRound>): string | undefined => {
  const t = r.events.find((e) => e.type === 'give-up')?.text;
  return t === undefined ? undefined : en(t);
};

describe('the give-up roll at the end of each round once the objective is won', () => {
  it('Aggressive rolls 1D6: a natural 1 and the enemy withdraws, the crew Holding the Field', () => {
    const r = endOfRound(lastEnemy('aggressive'), [1]);
    expect(giveUpText(r)).toBe('Give-up roll (aggressive, 1D6): 1: a natural 1, the enemy withdraws');
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.result).toEqual({
      heldField: true,
      reason: 'Gangers gave up and withdrew once the objective was won',
    });
    expect(ruleset.outcome(r.match.state)!.winner).toBe('A');
  });
  it('Aggressive 2: no 1, they fight on; round 2 starts (its Reaction die follows)', () => {
    const r = endOfRound(lastEnemy('aggressive'), [2, 5]);
    expect(giveUpText(r)).toBe('Give-up roll (aggressive, 1D6): 2: no 1, they fight on');
    expect(r.match.state.round).toBe(2);
    expect(r.match.state.phase).toBe('reaction');
  });
  it.each(['tactical', 'cautious', 'defensive', 'guardian'] as const)(
    '%s rolls 2D6: 4 and 1 withdraws (either die), 1 and 6 too, 2 and 2 fights on',
    (ai) => {
      expect(endOfRound(lastEnemy(ai), [4, 1]).match.state.result!.heldField).toBe(true);
      expect(endOfRound(lastEnemy(ai), [1, 6]).match.state.phase).toBe('over');
      const on = endOfRound(lastEnemy(ai), [2, 2, 5]);
      expect(giveUpText(on)).toBe(`Give-up roll (${ai}, 2D6): 2, 2: no 1, they fight on`);
      expect(on.match.state.phase).toBe('reaction');
    },
  );
  it.each(['rampaging', 'beast'] as const)('%s never rolls: they fight on (only the Reaction die is rolled)', (ai) => {
    const r = endOfRound(lastEnemy(ai), [1]);
    expect(giveUpText(r)).toBe(`Gangers (${ai}) never give up: they fight on`);
    expect(r.match.state.phase).toBe('reaction');
    expect(r.match.state.reaction!.dice).toEqual([1]);
  });
  it('it is rolled at the end of every later round too (won in round 1, now round 3)', () => {
    expect(endOfRound(lastEnemy('aggressive', 1, 3), [1]).match.state.phase).toBe('over');
  });
  it('before the objective is won no give-up roll is made (the die left is the Reaction die)', () => {
    const r = endOfRound(lastEnemy('aggressive', null), [1]);
    expect(giveUpText(r)).toBeUndefined();
    expect(r.match.state.reaction!.dice).toEqual([1]);
  });
  it('Fight Off has no objective: never a give-up roll', () => {
    const s = midRound({ 'A.captain': [18, 30], [G1]: [18, 6] }, 'enemy');
    expect(giveUpText(endOfRound(s, [1]))).toBeUndefined();
  });
});
