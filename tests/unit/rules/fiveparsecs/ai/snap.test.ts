/** The bots with Snap Fire: the crew holds a figure that could not fire this activation, fires held shots with good odds, else passes; a Guardian copies its ward's target. */
import { describe, expect, it } from 'vitest';
import { act, legalMoves, PASS } from '../../../../../src/rules/engine/match';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset } from '../../../../../src/rules/fiveparsecs';
import { fiveparsecsMove } from '../../../../../src/rules/fiveparsecs/ai';
import { SNAP_ODDS } from '../../../../../src/rules/fiveparsecs/ai/snap';
import { fresh, matchOf, midRound, play, set } from '../fixture';
import { botBattle, botMove, enemyTurn, woods } from './table';
import { en } from '../../../../support/words';

const G1 = 'B.gangers-1',
  G2 = 'B.gangers-2';
/** 25 mm bases: centre gap for an edge gap. */
const R2 = 25 / 25.4;

describe('the crew bot holds', () => {
  it('a Quick figure with no enemy within Speed 4 + rifle 24" (28.01" off) holds; at 28" it does not', () => {
    const far = midRound({ 'A.captain': [18, 33], [G1]: [18, 33 - 28.01 - R2] });
    expect(botMove(far, 'A', woods())).toEqual({ type: 'hold', figure: 'A.captain' });
    const near = midRound({ 'A.captain': [18, 33], [G1]: [18, 33 - 28 - R2] });
    expect(botMove(near, 'A', woods())).not.toMatchObject({ type: 'hold' });
  });
  it('never in the Slow Actions phase, and the enemy is never offered Hold', () => {
    const slow = midRound({ 'A.captain': [18, 33], [G1]: [18, 2] }, 'slow');
    expect(botMove(slow, 'A', woods())).not.toMatchObject({ type: 'hold' });
    const enemy = enemyTurn({ 'A.captain': [18, 33], [G1]: [18, 2] }, 'aggressive');
    expect(legalMoves(ruleset, matchOf(enemy), 'B', woods()).some((a) => a.type === 'hold')).toBe(false);
  });
});

describe("the crew bot in Snap Fire's window", () => {
  /** The captain held at (18, 30); Ganger 1 walks to (18, z) (in the woods when `wood`). */
  function window(z: number, wood = false) {
    const q = woods((x, zz) => wood && Math.abs(x - 18) < 1 && Math.abs(zz - z) < 0.5);
    let m = matchOf(midRound({ 'A.captain': [18, 30], 'A.pilot': [5, 35], [G1]: [18, z - 4], [G2]: [30, 2] }));
    m = play(m, 'A', { type: 'hold', figure: 'A.captain' }, q).match;
    m = play(m, 'A', { type: 'done', figure: 'A.pilot' }, q).match;
    m = play(m, 'B', { type: 'move', figure: G1, x: 18, y: 0, z }, q).match;
    return { m, q };
  }
  it(`fires when a die hits at least ${SNAP_ODDS * 100}% of the time: 3+ in the open within 6" (5 in 6), 5+ beyond with Combat Skill 1 (exactly 3 in 6)`, () => {
    const shot = { type: 'snap-fire', figure: 'A.captain', weapon: 'military-rifle', target: G1 };
    const close = window(24);
    expect(fiveparsecsMove(close.m, 'A', close.q)).toEqual(shot);
    const open = window(20);
    expect(fiveparsecsMove(open.m, 'A', open.q)).toEqual(shot);
  });
  it('fires at 5+ in cover within 6" with Combat Skill 1 (3 in 6); passes at 6+ in cover beyond (2 in 6)', () => {
    const shot = { type: 'snap-fire', figure: 'A.captain', weapon: 'military-rifle', target: G1 };
    const near = window(24, true);
    expect(fiveparsecsMove(near.m, 'A', near.q)).toEqual(shot);
    const covered = window(20, true);
    expect(fiveparsecsMove(covered.m, 'A', covered.q)).toEqual(PASS);
  });
});

describe("a Guardian copies its ward's target", () => {
  // Ganger 2 guards Ganger 1 (its nearest non-Guardian friend), which last fired at the pilot.
  const place = {
    [G1]: [18, 8] as [number, number],
    [G2]: [20, 8] as [number, number],
    'A.captain': [18, 14] as [number, number],
    'A.pilot': [26, 16] as [number, number],
  };
  const state = (lastTarget: string | null) =>
    enemyTurn(place, 'aggressive', (s) =>
      set(G2, { aiType: 'guardian' } as never)(set(G1, { acted: true, lastTarget })(s)),
    );
  it("with a legal shot at the ward's target it takes it, though the captain is easier (3+ against 5+)", () => {
    const s = { ...state('A.pilot'), activation: { figure: G2, stunAtStart: 0 } };
    expect(botMove(s, 'B', woods())).toEqual({ type: 'shoot', figure: G2, weapon: 'hand-gun', target: 'A.pilot' });
  });
  it('with no ward target this round it takes the easiest, the captain', () => {
    const s = { ...state(null), activation: { figure: G2, stunAtStart: 0 } };
    expect(botMove(s, 'B', woods())).toEqual({ type: 'shoot', figure: G2, weapon: 'hand-gun', target: 'A.captain' });
  });
});

describe('whole battles with Snap Fire', () => {
  it('seed 6 against Psychos: the crew holds, windows open and are answered, the battle ends; replaying its log gives the same state', () => {
    const m = botBattle(6, fresh({ enemy: 'psychos' }), woods());
    expect(m.state.phase).toBe('over');
    const types = m.log.map((e) => e.action.type);
    expect(types).toContain('hold');
    expect(types.some((t) => t === 'pass' || t === 'snap-fire')).toBe(true);
    // Each logged move is legal again from the start (the same state at the end).
    let r = matchOf(m.initial.state);
    r = { ...r, rng: m.initial.rng };
    for (const e of m.log) {
      const next = act(ruleset, r, e.player, e.action, woods());
      if (isError(next)) throw new Error(en(next.message));
      r = next.match;
    }
    expect(r.state).toEqual(m.state);
  });
});
