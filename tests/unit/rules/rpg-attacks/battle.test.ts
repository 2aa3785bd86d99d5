/** Rpg-attacks whole battles: random legal moves to the end on open ground, determinism, replay. */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../../support/rulesPlay';
import { replay, stateHash, type Match } from '../../../../src/rules/engine/match';
import { ruleset, type RpgAction, type RpgState } from '../../../../src/rules/rpg-attacks';
import { fresh, table } from './fixture';

type M = Match<RpgState, RpgAction>;

const randomBattle = (start: RpgState, seed: number, botSeed: number): M =>
  randomGame(ruleset, start, seed, botSeed, table());

/** The sample squads deployed 8" apart in the middle of the table, for a battle that comes to blows. */
function closeStart(maxRounds: number): RpgState {
  const s = fresh(maxRounds);
  const chars = Object.fromEntries(
    Object.entries(s.chars).map(([id, c]) => [
      id,
      { ...c, pos: [c.pos[0], 0, c.side === 'A' ? 22 : 14] as [number, number, number] },
    ]),
  );
  return { ...s, chars };
}

describe('rpg-attacks whole battles (open ground, 36" x 36")', () => {
  it.each([
    [19, 190, 88],
    [7, 70, 109],
  ])(
    'random legal moves play to the end (game seed %i, bot seed %i) in %i moves; same seeds, same hash; replay equals live play',
    (seed, botSeed, moves) => {
      const a = randomBattle(fresh(), seed, botSeed);
      expect(a.state.phase).toBe('over');
      expect(a.state.result).not.toBeNull();
      expect(ruleset.outcome(a.state)).not.toBeNull();
      expect(a.log.length).toBe(moves);
      expect(stateHash(randomBattle(fresh(), seed, botSeed))).toBe(stateHash(a));
      expect(stateHash(replay(ruleset, a, a.log, table()))).toBe(stateHash(a));
      expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    },
  );

  it('deployed 8" apart, 30 rounds at most: game seeds 208 (bot 219) and 108 (bot 119) come to blows with every kind of action between them, a pulled blow and a parry included; both end with Kestrel down; replay equals live play', () => {
    const a = randomBattle(closeStart(30), 208, 219);
    const b = randomBattle(closeStart(30), 108, 119);
    for (const m of [a, b]) expect(m.state.result?.reason).toBe('Kestrel Colony Security has nobody standing');
    expect(ruleset.outcome(a.state)).toEqual({ winner: 'B', score: { A: 2, B: 5 } });
    expect(ruleset.outcome(b.state)).toEqual({ winner: 'B', score: { A: 1, B: 5 } });
    const log = [...a.log, ...b.log];
    const types = new Set(log.map((e) => e.action.type));
    for (const t of [
      'attack',
      'grenade',
      'dodge',
      'pass',
      'suppress',
      'grapple',
      'break-free',
      'release',
      'stunt',
      'parry',
    ])
      expect(types.has(t as never)).toBe(true);
    expect(log.some((e) => e.action.type === 'attack' && e.action.pull === true)).toBe(true);
    for (const m of [a, b]) expect(stateHash(replay(ruleset, m, m.log, table()))).toBe(stateHash(m));
  });
});
