/** A figure's activation: Move then a Combat Action, the dash, entering contact starts a Brawl, Stun, before round 1; the legal list. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { act, legalMoves } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset } from '../../../../src/rules/fiveparsecs';
import { layoutOf } from '../../../../src/rules/fiveparsecs/game';
import { figureLegal, legalNow, offersWithoutMoves } from '../../../../src/rules/fiveparsecs/legal';
import { matchOf, midRound, play, refuse, set } from './fixture';
import { en } from '../../../support/words';

let q = fakeTable();
const mv = (figure: string, x: number, z: number, dash?: boolean) => ({
  type: 'move' as const,
  figure,
  x,
  y: 0,
  z,
  ...(dash ? { dash } : {}),
});
/** The captain (Speed 4, Combat Skill 1, blade) and Ganger 1 (blade) 3.02" apart, and whoever else is listed. */
const near = (more: Record<string, [number, number]> = {}, patch = set('A.captain', {})) =>
  matchOf(midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 14], 'A.pilot': [5, 30], ...more }, 'quick', patch));

describe('Move up to Speed, then a Combat Action', () => {
  it('a 4" move keeps the activation open for a shot; a second move is refused; another figure must wait', () => {
    let m = matchOf(midRound({ 'A.captain': [18, 30], 'A.pilot': [5, 30], 'B.gangers-1': [18, 5] }));
    m = play(m, 'A', mv('A.captain', 18, 26), q).match;
    expect(m.state.activation).toEqual({ figure: 'A.captain', stunAtStart: 0 });
    expect(m.state.figures['A.captain']!.moved).toBe(true);
    refuse(m, 'A', mv('A.captain', 18, 25), q, 'fiveparsecs:refuse.movedAlready');
    expect(en(refuse(m, 'A', { type: 'done', figure: 'A.pilot' }, q, 'fiveparsecs:refuse.acting').message)).toMatch(
      /Captain Mira Voss is acting/,
    );
    expect(
      legalMoves(ruleset, m, 'A', q).every((a) => a.type !== 'move' && 'figure' in a && a.figure === 'A.captain'),
    ).toBe(true);
    m = play(
      m,
      'A',
      { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' },
      q,
      [1],
    ).match;
    expect(m.state.activation).toBeNull();
  });
  it('4.01" is past Speed 4: refused as out of range', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 30], 'B.gangers-1': [18, 5] }));
    expect(refuse(m, 'A', mv('A.captain', 18, 25.99), q, 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
  });
  it('"May move +2", if not firing": a 6" dash is allowed and ends the activation; 6.01" is not', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 30], 'A.pilot': [5, 30], 'B.gangers-1': [18, 5] }));
    const r = play(m, 'A', mv('A.captain', 18, 24, true), q);
    expect(r.match.state.figures['A.captain']!.acted).toBe(true);
    expect(r.match.state.activation).toBeNull();
    refuse(m, 'A', mv('A.captain', 18, 23.99, true), q, 'fiveparsecs:refuse.tooFar');
  });
  it('a figure may not stand on another', () => {
    const r = refuse(near({ 'A.merc': [18, 22] }), 'A', mv('A.captain', 18, 21.8), q, 'fiveparsecs:refuse.cannotStand');
    expect(en(r.message)).toMatch(
      /^Captain Mira Voss cannot stand .*: Kessa Rook stands there \(the bases would overlap by 0\.8"\)$/,
    );
  });
});

describe('Brawling on the table', () => {
  it('entering contact starts a Brawl at once: 4 + 1 + 2 (Blade) = 7 beats 3 + 0 + 2 = 5; the Ganger takes the Hit (3 + 0 >= 3)', () => {
    const r = play(near(), 'A', mv('A.captain', 18, 15), q, [4, 3, 3]);
    expect(en(r.events.find((e) => e.type === 'brawl')!.text)).toMatch(/7 against 5, Captain Mira Voss wins/);
    expect(r.match.state.figures['B.gangers-1']!.out).toBe('slain');
    expect(r.match.state.figures['A.captain']!.acted).toBe(true);
    expect(r.match.state.casualties).toBe(1);
  });
  it('the log names each roller: the Brawl dice by side, then the damage die by the attacker', () => {
    const r = play(near(), 'A', mv('A.captain', 18, 15), q, [4, 3, 3]);
    expect(r.events.filter((e) => e.type === 'dice-rolled').map((e) => en(e.text))).toEqual([
      'A rolled 4 (d6); B rolled 3 (d6)',
      'A rolled 3 (d6)',
    ]);
  });
  it('a draw Hits both: each Stunned and pushed 1" apart (the defender\'s Hit first)', () => {
    const r = play(near(), 'A', mv('A.captain', 18, 15), q, [3, 4, 2, 1]);
    const s = r.match.state;
    expect(s.figures['B.gangers-1']!.pos).toEqual([18, 0, 13]);
    expect(s.figures['A.captain']!.pos).toEqual([18, 0, 16]);
    // Stunned during its own activation: the marker stays (only markers it began with come off).
    expect([s.figures['B.gangers-1']!.stun, s.figures['A.captain']!.stun]).toEqual([1, 1]);
  });
  it('a natural 6 against a natural 1: three Hits on the loser, the third Stun knocks it out', () => {
    const r = play(near(), 'A', mv('A.captain', 18, 15), q, [6, 1, 1, 1, 1]);
    expect(r.match.state.figures['B.gangers-1']!.out).toBe('knocked-out');
  });
  it('already in contact: the Brawl is the Combat Action; out of contact it is refused', () => {
    const touching = near({ 'B.gangers-1': [18, 17] });
    play(touching, 'A', { type: 'brawl', figure: 'A.captain', target: 'B.gangers-1' }, q, [4, 3, 3]);
    expect(legalMoves(ruleset, touching, 'A', q)).toContainEqual({
      type: 'brawl',
      figure: 'A.captain',
      target: 'B.gangers-1',
    });
    refuse(
      near(),
      'A',
      { type: 'brawl', figure: 'A.captain', target: 'B.gangers-1' },
      q,
      'fiveparsecs:refuse.noContact',
    );
  });

  it('a figure in base contact brawls; it does not fire, at the figure it touches or any other', () => {
    const touching = near({ 'B.gangers-1': [18, 17], 'B.gangers-2': [24, 18] });
    const shot = { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle' } as const;
    expect(
      en(refuse(touching, 'A', { ...shot, target: 'B.gangers-2' }, q, 'fiveparsecs:refuse.inContact').message),
    ).toMatch(/base contact/);
    expect(
      en(refuse(touching, 'A', { ...shot, target: 'B.gangers-1' }, q, 'fiveparsecs:refuse.inContact').message),
    ).toMatch(/base contact/);
    expect(legalMoves(ruleset, touching, 'A', q).some((a) => a.type === 'shoot')).toBe(false);
    // Out of contact (3.02" off) it fires.
    expect(legalMoves(ruleset, near({ 'B.gangers-2': [24, 18] }), 'A', q)).toContainEqual({
      ...shot,
      target: 'B.gangers-2',
    });
  });
});

describe('Aim: a figure that fires without having moved this round re-rolls a 1 on the to-hit die', () => {
  const shot = { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' } as const;
  it('unmoved, a 1 is rolled again and the second die stands (1, then 5: 5 + 1 hits 3+)', () => {
    // Damage: 1D6 + 0 against Toughness 3: a 2 Stuns and pushes back.
    const r = play(near(), 'A', shot, q, [1, 5, 2]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true });
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/1→5 \+ 1/);
  });
  it('after a move, the 1 stands: a miss', () => {
    let m = near();
    m = play(m, 'A', mv('A.captain', 18, 19), q).match;
    const r = play(m, 'A', shot, q, [1]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false });
  });
});

describe('Stun: "Stunned figures may Move OR make a Combat Action"; one marker off after acting', () => {
  const stunned = (n: number) => near({}, set('A.captain', { stun: n }));
  it('a Stunned figure that moves is done, and loses a marker', () => {
    const r = play(stunned(2), 'A', mv('A.captain', 20, 20), q);
    expect(r.match.state.figures['A.captain']!.acted).toBe(true);
    expect(r.match.state.figures['A.captain']!.stun).toBe(1);
  });
  it('a Stunned figure may shoot without moving, and loses a marker', () => {
    const r = play(
      stunned(1),
      'A',
      { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' },
      q,
      // Unmoved, it aims: the 1 is rolled again (1 again: a miss).
      [1, 1],
    );
    expect(r.match.state.figures['A.captain']!.stun).toBe(0);
  });
  it('a Stunned figure may not move into a Brawl', () => {
    expect(en(refuse(stunned(1), 'A', mv('A.captain', 18, 15), q, 'fiveparsecs:refuse.stunnedBrawl').message)).toMatch(
      /Stunned/,
    );
  });
  it('doing nothing is its activation too: a marker comes off', () => {
    const r = play(stunned(1), 'A', { type: 'done', figure: 'A.captain' }, q);
    expect(r.match.state.figures['A.captain']!.stun).toBe(0);
  });
});

describe('before round 1, after Seizing the Initiative: Move or fire, hitting on a natural 6', () => {
  const seized = () =>
    matchOf(midRound({ 'A.captain': [18, 18], 'A.pilot': [5, 30], 'B.gangers-1': [18, 10] }, 'seized'));
  it('5 + 1 would hit 5+, but only a natural 6 hits', () => {
    const miss = play(
      seized(),
      'A',
      { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' },
      q,
      [5],
    );
    expect(miss.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false });
    const hit = play(
      seized(),
      'A',
      { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' },
      q,
      [6, 1],
    );
    expect(hit.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true });
  });
  it("a move is the figure's whole chance; no dash, no Brawl", () => {
    const r = play(seized(), 'A', mv('A.captain', 18, 14.5), q);
    expect(r.match.state.figures['A.captain']!.acted).toBe(true);
    refuse(seized(), 'A', mv('A.captain', 18, 12.5, true), q, 'fiveparsecs:refuse.seizedDash');
    refuse(seized(), 'A', mv('A.captain', 18, 11), q, 'fiveparsecs:refuse.seizedBrawl');
  });
});

describe('the legal list: finite samples, each one accepted', () => {
  it('eight directions at full and half Speed, eight dashes, a charge to each enemy in reach, shots, done', () => {
    const m = near();
    const captain = legalMoves(ruleset, m, 'A', q).filter((a) => 'figure' in a && a.figure === 'A.captain');
    const moves = captain.filter((a) => a.type === 'move');
    expect(moves.filter((a) => a.type === 'move' && a.dash)).toHaveLength(8);
    expect(moves.filter((a) => a.type === 'move' && !a.dash).length).toBeGreaterThanOrEqual(16);
    expect(captain).toContainEqual({
      type: 'shoot',
      figure: 'A.captain',
      weapon: 'military-rifle',
      target: 'B.gangers-1',
    });
    expect(captain).toContainEqual({ type: 'done', figure: 'A.captain' });
  });
  it.each(['quick', 'enemy', 'seized'] as const)('every action offered in the %s phase is accepted', (phase) => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 18], 'A.pilot': [14, 18], 'B.gangers-1': [18, 14], 'B.gangers-2': [30, 5] }, phase),
    );
    const who = phase === 'enemy' ? 'B' : 'A';
    const offered = legalMoves(ruleset, m, who, q);
    expect(offered.length).toBeGreaterThan(10);
    for (const a of offered) {
      const r = act(ruleset, m, who, a, q);
      if (isError(r)) throw new Error(`${JSON.stringify(a)}: ${en(r.message)}`);
    }
  });
});

describe("a bot's narrower lists are the legal list's own parts", () => {
  it('figureLegal is legalNow filtered to the figure; offersWithoutMoves is legalNow less every move', () => {
    for (const phase of ['quick', 'enemy'] as const) {
      const s = midRound(
        { 'A.captain': [18, 30], 'A.pilot': [5, 30], 'B.gangers-1': [18, 20], 'B.gangers-2': [30, 5] },
        phase,
      );
      q = q.at(layoutOf(s));
      const player = phase === 'enemy' ? 'B' : 'A';
      const all = legalNow(s, player, q);
      const first = all.find((a) => 'figure' in a)! as { figure: string };
      expect(figureLegal(s, q, first.figure)).toEqual(all.filter((a) => 'figure' in a && a.figure === first.figure));
      expect(offersWithoutMoves(s, q)).toEqual(all.filter((a) => a.type !== 'move' && a.type !== 'leave'));
      expect(all.some((a) => a.type === 'move')).toBe(true);
      expect(figureLegal(s, q, 'nobody')).toEqual([]);
    }
  });
});
