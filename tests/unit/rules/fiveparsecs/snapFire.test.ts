/** Snap Fire: a Quick figure holds, fires at a moving enemy through a reaction window for A, or acts Slow. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { act, decider, legalMoves, PASS, type Match } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset, type FpAction, type FpState } from '../../../../src/rules/fiveparsecs';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import { describeAction } from '../../../../src/rules/fiveparsecs/describe';
import { layoutOf } from '../../../../src/rules/fiveparsecs/game';
import { matchOf, midRound, play, refuse, set } from './fixture';
import { en } from '../../../support/words';

const fiveparsecsPlay = fiveparsecs.play;

const q = fakeTable();
const G1 = 'B.gangers-1',
  G2 = 'B.gangers-2';
/** Base radius of a 25 mm base, inches: bases 12" apart edge to edge stand 12 + 2r apart. */
const R2 = 25 / 25.4;
const mv = (figure: string, x: number, z: number, dash?: boolean): FpAction => ({
  type: 'move',
  figure,
  x,
  y: 0,
  z,
  ...(dash ? { dash } : {}),
});
const snap = (figure: string, weapon: string, target = G1): FpAction => ({ type: 'snap-fire', figure, weapon, target });

/**
 * Quick phase: the captain (rifle 24", Combat Skill 1) holds at (18, 30), the pilot (hand gun 12")
 * holds at `pilotZ` (default far off: no shot), Ganger 1 at (18, 5) and Ganger 2 at (30, 5); the
 * Enemy Actions phase begins.
 */
function held(pilotZ = 33, pilotHolds = false): Match<FpState, FpAction> {
  const pilotX = pilotZ === 33 ? 5 : 18;
  let m = matchOf(midRound({ 'A.captain': [18, 30], 'A.pilot': [pilotX, pilotZ], [G1]: [18, 5], [G2]: [30, 5] }));
  m = play(m, 'A', { type: 'hold', figure: 'A.captain' }, q).match;
  m = play(m, 'A', pilotHolds ? { type: 'hold', figure: 'A.pilot' } : { type: 'done', figure: 'A.pilot' }, q).match;
  return m;
}

describe('Hold: "Characters that are eligible to act in the Quick Actions phase may opt not to do so"', () => {
  it('a Quick figure may hold: it will act Slow unless it fires first; the phase moves on', () => {
    const m = held();
    const c = m.state.figures['A.captain']!;
    expect([c.held, c.phase, c.acted]).toEqual([true, 'slow', false]);
    expect(m.state.phase).toBe('enemy');
  });
  it('hold is offered to each waiting Quick figure, not after it moved, not in the Slow Actions phase', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 30], 'A.pilot': [5, 30], [G1]: [18, 5] }));
    const holds = legalMoves(ruleset, m, 'A', q).filter((a) => a.type === 'hold');
    expect(holds).toEqual([
      { type: 'hold', figure: 'A.captain' },
      { type: 'hold', figure: 'A.pilot' },
    ]);
    const moved = play(m, 'A', mv('A.captain', 18, 28), q).match;
    expect(legalMoves(ruleset, moved, 'A', q).some((a) => a.type === 'hold')).toBe(false);
    refuse(moved, 'A', { type: 'hold', figure: 'A.captain' }, q, 'fiveparsecs:refuse.acting');
    const slow = matchOf(midRound({ 'A.captain': [18, 30], [G1]: [18, 5] }, 'slow'));
    refuse(slow, 'A', { type: 'hold', figure: 'A.captain' }, q, 'fiveparsecs:refuse.holdQuick');
    expect(legalMoves(ruleset, slow, 'A', q).some((a) => a.type === 'hold')).toBe(false);
  });
  it('a held figure that does not fire acts in the Slow Actions phase', () => {
    let m = held();
    m = play(m, 'B', mv(G1, 18, 9), q).match;
    m = play(m, 'A', PASS, q).match;
    m = play(m, 'B', { type: 'done', figure: G1 }, q).match;
    m = play(m, 'B', { type: 'done', figure: G2 }, q).match;
    expect(m.state.phase).toBe('slow');
    expect(legalMoves(ruleset, m, 'A', q).some((a) => a.type === 'shoot' && a.figure === 'A.captain')).toBe(true);
  });
});

describe('Snap Fire at a moving enemy (a reaction window for the crew)', () => {
  it('an enemy move opens the window: A decides, offered each held shot at the mover (at the end of its move) or pass', () => {
    const m = play(held(), 'B', mv(G1, 18, 9), q).match;
    expect(m.state.snap).toMatchObject({ mover: G1, then: 'continue' });
    expect(decider(ruleset, m)).toBe('A');
    expect(legalMoves(ruleset, m, 'A', q)).toEqual([snap('A.captain', 'military-rifle'), PASS]);
    expect(legalMoves(ruleset, m, 'B', q)).toEqual([]);
    expect(fiveparsecsPlay.reactionLine(m.state)).toEqual(['A.captain', G1]);
    refuse(m, 'A', { type: 'done', figure: 'A.captain' }, q, 'engine:error.not-in-window');
    refuse(m, 'A', snap('A.captain', 'military-rifle', G2), q, 'engine:error.not-in-window');
  });
  it('a hit that Stuns (die 4 + 1 = 5 hits 5+; damage 2 + 0 < 3): the mover may not fire this round and its activation ends; the firer has acted', () => {
    const r = play(play(held(), 'B', mv(G1, 18, 9), q).match, 'A', snap('A.captain', 'military-rifle'), q, [4, 2]);
    const s = r.match.state;
    expect(s.figures[G1]!).toMatchObject({ stun: 1, noFire: true, acted: true });
    expect(s.figures['A.captain']!).toMatchObject({ acted: true, snapFired: true, held: true });
    expect(s.snap).toBeNull();
    expect(s.activation).toBeNull();
    expect(r.events.map((e) => e.type)).toContain('no-fire');
    // The firer does not act again in the Slow Actions phase: nobody waits there.
    expect(legalMoves(ruleset, r.match, 'B', q)).toContainEqual({ type: 'done', figure: G2 });
  });
  it('a miss (die 3 + 1 = 4 against 5+): the mover goes on to fire', () => {
    const r = play(play(held(), 'B', mv(G1, 18, 9), q).match, 'A', snap('A.captain', 'military-rifle'), q, [3]);
    expect(r.match.state.activation).toEqual({ figure: G1, stunAtStart: 0 });
    expect(r.match.state.figures[G1]!.noFire).toBeUndefined();
    // Its hand gun (12") does not reach the captain 20" off: it may end its activation.
    expect(legalMoves(ruleset, r.match, 'B', q)).toEqual([{ type: 'done', figure: G1 }]);
  });
  it('a Stunned-by-Snap-Fire figure is refused a shot later this round', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 20], [G1]: [18, 9] }, 'enemy', set(G1, { noFire: true, stun: 1 })));
    const r = act(ruleset, m, 'B', { type: 'shoot', figure: G1, weapon: 'hand-gun', target: 'A.captain' }, q);
    expect(isError(r) && en(r.message)).toMatch(/Stunned by Snap Fire/);
  });
  it('eliminated by Snap Fire (damage die 6): out, counted for morale, its activation over', () => {
    const r = play(play(held(), 'B', mv(G1, 18, 9), q).match, 'A', snap('A.captain', 'military-rifle'), q, [5, 6]);
    expect(r.match.state.figures[G1]!.out).toBe('slain');
    expect(r.match.state.casualties).toBe(1);
    expect(r.match.state.activation).toBeNull();
    expect(decider(ruleset, r.match)).toBe('B');
  });
  it('after a dash the activation ends whatever the Snap Fire did', () => {
    const m = play(held(), 'B', mv(G1, 18, 11, true), q).match;
    expect(m.state.snap?.then).toBe('finish');
    const r = play(m, 'A', snap('A.captain', 'military-rifle'), q, [1]);
    expect(r.match.state.figures[G1]!.acted).toBe(true);
    expect(r.match.state.activation).toBeNull();
  });
  it('pass: the window closes, the mover may fire, the held figure keeps its chance at the next mover', () => {
    let m = play(play(held(), 'B', mv(G1, 18, 9), q).match, 'A', PASS, q).match;
    expect(m.state.snap).toBeNull();
    expect(m.state.activation?.figure).toBe(G1);
    m = play(m, 'B', { type: 'done', figure: G1 }, q).match;
    m = play(m, 'B', mv(G2, 30, 9), q).match;
    expect(legalMoves(ruleset, m, 'A', q)).toEqual([snap('A.captain', 'military-rifle', G2), PASS]);
  });
  it('two held figures: after one fires, the window stays open for the other', () => {
    const pilotZ = 9 + 12 + R2;
    let m = play(held(pilotZ, true), 'B', mv(G1, 18, 9), q).match;
    expect(legalMoves(ruleset, m, 'A', q).filter((a) => a.type === 'snap-fire')).toHaveLength(2);
    m = play(m, 'A', snap('A.captain', 'military-rifle'), q, [1]).match;
    expect(legalMoves(ruleset, m, 'A', q)).toEqual([snap('A.pilot', 'hand-gun'), PASS]);
  });
  it('range at the end of the move: the pilot\'s hand gun (12") reaches exactly 12"; at 12.01" no window opens', () => {
    const pilotZ = 9 + 12 + R2;
    const near = play(held(pilotZ, true), 'B', mv(G1, 18, 9), q).match;
    expect(legalMoves(ruleset, near, 'A', q)).toContainEqual(snap('A.pilot', 'hand-gun'));
    // The captain out of the way (done, not held): only the pilot could fire.
    const only = (z: number) => {
      let m = matchOf(midRound({ 'A.captain': [5, 35], 'A.pilot': [18, pilotZ], [G1]: [18, 5], [G2]: [30, 5] }));
      m = play(m, 'A', { type: 'done', figure: 'A.captain' }, q).match;
      m = play(m, 'A', { type: 'hold', figure: 'A.pilot' }, q).match;
      return play(m, 'B', mv(G1, 18, z), q).match;
    };
    expect(only(9).state.snap).toBeTruthy();
    expect(only(8.99).state.snap).toBeFalsy();
  });
  it('a charge into contact: after the Snap Fire misses, the Brawl follows', () => {
    let m = matchOf(midRound({ 'A.captain': [18, 12], 'A.pilot': [5, 33], [G1]: [18, 8.5], [G2]: [30, 5] }));
    m = play(m, 'A', { type: 'hold', figure: 'A.captain' }, q).match;
    m = play(m, 'A', { type: 'done', figure: 'A.pilot' }, q).match;
    m = play(m, 'B', mv(G1, 18, 12 - R2 - 0.05), q).match;
    expect(m.state.snap?.then).toBe('brawl');
    const r = play(m, 'A', snap('A.captain', 'military-rifle'), q, [1, 1, 6, 3]);
    expect(r.events.some((e) => e.type === 'brawl')).toBe(true);
  });
  it('a new round clears hold, Snap Fire and no-fire marks', () => {
    const r = play(play(held(), 'B', mv(G1, 18, 9), q).match, 'A', snap('A.captain', 'military-rifle'), q, [4, 2]);
    // Ganger 2 ends its activation; nobody acts Slow (the pilot was done, the captain fired): round 2, two Reaction dice.
    const next = play(r.match, 'B', { type: 'done', figure: G2 }, q, [3, 4]).match;
    expect(next.state.round).toBe(2);
    for (const id of ['A.captain', G1]) {
      const f = next.state.figures[id]!;
      expect([f.held, f.snapFired, f.noFire]).toEqual([undefined, undefined, undefined]);
    }
  });
  it('the words: hold, the Snap Fire shot with its number, and the pass', () => {
    const m = play(held(), 'B', mv(G1, 18, 9), q).match;
    expect(en(describeAction(m.state, q.at(layoutOf(m.state)), snap('A.captain', 'military-rifle')))).toMatch(
      /^Snap Fire: 5\+: open target in range \(20\.0"\) — Captain Mira Voss: shoot Ganger/,
    );
    expect(en(describeAction(m.state, q, PASS))).toBe(`Pass: no Snap Fire at ${m.state.figures[G1]!.name}`);
    const start = matchOf(midRound({ 'A.captain': [18, 30], [G1]: [18, 5] }));
    expect(en(describeAction(start.state, q, { type: 'hold', figure: 'A.captain' }))).toMatch(/hold \(Snap Fire/);
  });
});
