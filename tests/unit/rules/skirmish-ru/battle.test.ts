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
    [19, 190, 148],
    [7, 70, 151],
  ])(
    'random legal moves play to the end (game seed %i, bot seed %i) in %i moves; same seeds, same hash; replay equals live play',
    (seed, botSeed, moves) => {
      const a = randomBattle(seed, botSeed);
      expect(a.state.phase).toBe('over');
      expect(a.state.result).not.toBeNull();
      expect(ruleset.outcome(a.state)).not.toBeNull();
      expect(a.log.length).toBe(moves);
      expect(stateHash(randomBattle(seed, botSeed))).toBe(stateHash(a));
      expect(stateHash(replay(ruleset, a, a.log, table()))).toBe(stateHash(a));
      expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    },
  );
});

/** The sample gangs deployed 10" apart in the middle of the table, for a battle that comes to blows. */
function closeStart(maxRounds: number): SkState {
  const s = fresh(maxRounds);
  const fighters = Object.fromEntries(
    Object.entries(s.fighters).map(([id, f]) => [
      id,
      { ...f, pos: [f.pos[0], 0, f.side === 'A' ? 29 : 19] as [number, number, number] },
    ]),
  );
  return { ...s, fighters };
}

describe('skirmish-ru whole battles that come to blows', () => {
  it('deployed 10" apart, 40 rounds at most: game seed 16, bot seed 160 ends with a gang down to nobody standing; replay equals live play', () => {
    const a = randomGame(ruleset, closeStart(40), 16, 160, table());
    expect(a.state.result?.reason).toBe('Ржавые Волки has no fighter standing');
    expect(ruleset.outcome(a.state)).toEqual({ winner: 'B', score: { A: 1, B: 6 } });
    expect(a.log.filter((e) => e.action.type === 'shoot').length).toBeGreaterThan(10);
    // Flamers and grenades were fired (blast.ts).
    expect(
      a.log.some((e) => e.action.type === 'shoot' && (e.action.weapon === 'ognemet' || e.action.weapon === 'granata')),
    ).toBe(true);
    // Reserved actions' windows were opened, and both passed and fired.
    expect(a.log.some((e) => e.action.type === 'pass')).toBe(true);
    expect(
      a.log.some(
        (e, i) =>
          e.action.type === 'shoot' && a.log[i - 1]?.action.type === 'move' && a.log[i - 1]!.player !== e.player,
      ),
    ).toBe(true);
    expect(stateHash(replay(ruleset, a, a.log, table()))).toBe(stateHash(a));
  });
});

describe('skirmish-ru whole battles in whole-side turns', () => {
  it('game seed 11, bot seed 110: plays to the end; replay equals live play', () => {
    const a = randomGame(ruleset, { ...closeStart(6), turnOrder: 'sides' }, 11, 110, table());
    expect(a.state.phase).toBe('over');
    expect(stateHash(replay(ruleset, a, a.log, table()))).toBe(stateHash(a));
  });
});

describe('skirmish-ru whole battles with cover', () => {
  it('game seed 3, bot seed 30: targets left of x = 16 are half hidden, right of x = 32 unseen; plays to the end; replay equals live play', () => {
    const q = () =>
      table({
        sight: (_v, t, layout) => {
          const x = layout.models[t]!.position[0];
          return x < 16 ? { visibleFraction: 0.5 } : x > 32 ? { hasLos: false, visibleFraction: 0 } : {};
        },
      });
    const a = randomGame(ruleset, closeStart(8), 3, 30, q());
    expect(a.state.phase).toBe('over');
    expect(stateHash(replay(ruleset, a, a.log, q()))).toBe(stateHash(a));
  });
});
