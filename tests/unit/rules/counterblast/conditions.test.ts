import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse, set } from './fixture';
import { legalActions } from '../../../../src/rules/counterblast/legal';

const R = 30 / 25.4;

describe('counterblast conditions', () => {
  it('Engaged: a model within the Reach of an enemy that sees it cannot shoot; nobody shoots at a model in a fight with friends', () => {
    const q = fakeTable({ size: 48 });
    // The boss stands in reach of thug-1's club; gunner-1 is free, but thug-1 is engaging the boss.
    let m = matchOf(
      midBattle({ 'A.boss': [10, 10], 'A.gunner-1': [20, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] }),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A.boss', weapon: 0, target: 'B.thug-2' },
        q,
        'counterblast:err.engagedShoot',
      ).message,
    ).toMatch(/Engaged/);
    let g = matchOf(
      midBattle({ 'A.boss': [10, 10], 'A.gunner-1': [20, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] }),
    );
    g = play(g, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      refuse(
        g,
        'A',
        { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' },
        q,
        'counterblast:err.friendsInCombat',
      ).message,
    ).toMatch(/close combat with friendly/);
  });

  it('Down models become Prone; a Strike at a Down model is Difficulty 2; Prone: no Rush or Jump, its own Grit +1', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle(
        { 'A.loader': [10, 10], 'B.thug-1': [10, 10 + 40 / 25.4 / 2 + 15 / 25.4 + 0.3], 'B.thug-2': [40, 30] },
        4,
        set('B.thug-1', { damage: 3, down: true, stable: true, prone: true }),
      ),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.loader' }, q).match;
    // A Down target cannot react: the strike resolves at once at Difficulty 2: 2, 1, 1, 1, 1, 1 = 1 x 3 raw; Defense 1, 1.
    const r = play(
      m,
      'A',
      { type: 'strike', model: 'A.loader', weapon: 0, target: 'B.thug-1' },
      q,
      [2, 1, 1, 1, 1, 1, 1, 1],
    );
    expect(r.events.find((e) => e.type === 'strike')?.text).toMatch(/: Grit [\d, ]+ against 2\+: /);
    let p = matchOf(
      midBattle(
        { 'A.gunner-1': [5, 5], 'B.thug-1': [44, 32], 'B.thug-2': [46, 34] },
        4,
        set('A.gunner-1', { prone: true }),
      ),
    );
    p = play(p, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      refuse(p, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 0 }, q, 'counterblast:err.proneJump').message,
    ).toMatch(/Prone/);
  });

  it('Panic: no move that ends closer to an enemy; Zap and Grit checks one harder', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle(
        { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 20], 'B.thug-2': [40, 30] },
        4,
        set('A.gunner-1', { panicked: true }),
      ),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // Rally with a result of 1: still Panicked, but it may act.
    m = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 1]).match;
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10, y: 0, z: 13 }, q, 'counterblast:err.panicMove')
        .message,
    ).toMatch(/closer to an enemy/);
    m = play(m, 'A', { type: 'buy-action', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // Beyond 8": 8, +1 for Panic = 9.
    const r = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1]);
    expect(r.events.find((e) => e.type === 'shot')?.text).toMatch(/: Zap [\d, ]+ against 9\+: /);
  });

  it('Panic binds every move the model makes (issue 17): Rush, Jump, Action-roll and the Half-blind move may not end closer to an enemy either', () => {
    const q = fakeTable({ size: 48 });
    const place = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<
      string,
      [number, number]
    >;
    let m = matchOf(midBattle(place, 6, set('A.gunner-1', { panicked: true })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // Rally with a result of 1: still Panicked, but it may act. It moves away (north), buys an action.
    m = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 1]).match;
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10, y: 0, z: 8 }, q).match;
    // The thug could Snapshot it: B passes.
    m = play(m, 'B', { type: 'pass' }, q).match;
    m = play(m, 'A', { type: 'buy-action', model: 'A.gunner-1' }, q).match;
    // Jump: a direction towards the thug (south, 90 degrees) is refused before the d5 is rolled.
    expect(
      refuse(m, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 90 }, q, 'counterblast:err.panicJump').message,
    ).toMatch(/Panicked.*closer to an enemy/);
    // Rush: a d10 of 6; a spot closer to the thug than where the Rush began is refused, one no closer is taken.
    m = play(m, 'A', { type: 'rush', model: 'A.gunner-1' }, q, [6]).match;
    expect(
      refuse(m, 'A', { type: 'rush-move', model: 'A.gunner-1', x: 10, y: 0, z: 9 }, q, 'counterblast:err.panicMove')
        .message,
    ).toMatch(/Panicked.*closer to an enemy/);
    m = play(m, 'A', { type: 'rush-move', model: 'A.gunner-1', x: 6, y: 0, z: 8 }, q).match;
    expect(m.state.models['A.gunner-1']!.pos).toEqual([6, 0, 8]);

    // A Half-blind Panicked model's d5 move: the same.
    let h = matchOf(midBattle(place, 6, set('A.gunner-1', { panicked: true, conditions: ['half-blind'] })));
    h = play(h, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    h = play(h, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 1]).match;
    // A d5 from a d10 of 6: 3".
    h = play(h, 'A', { type: 'move-roll', model: 'A.gunner-1' }, q, [6]).match;
    expect(
      refuse(h, 'A', { type: 'rush-move', model: 'A.gunner-1', x: 10, y: 0, z: 12 }, q, 'counterblast:err.panicMove')
        .message,
    ).toMatch(/Panicked.*closer to an enemy/);

    // A Panicked thug shot at may Action-roll, but not towards an enemy.
    let b = matchOf(midBattle(place, 6, set('B.thug-1', { panicked: true })));
    b = play(b, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    b = play(b, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    expect(
      refuse(b, 'B', { type: 'action-roll', model: 'B.thug-1', x: 10, y: 0, z: 14 }, q, 'counterblast:err.panicMove')
        .message,
    ).toMatch(/Panicked.*closer to an enemy/);
    // Away from the gunner: the shot goes at its new spot (Zap 4: all 1s).
    const away = play(b, 'B', { type: 'action-roll', model: 'B.thug-1', x: 10, y: 0, z: 19 }, q, [1, 1, 1, 1]);
    expect(away.match.state.models['B.thug-1']!.pos).toEqual([10, 0, 19]);
  });

  describe('a Panicked Jump that falls ends where it lands: no closer to an enemy than it started', () => {
    // The gunner 10" (centre to centre) from thug-1. North (270 degrees) leads away, but a d5 of 5
    // runs off a ledge and falls 0.5" (no raw damage) to `landing`, somewhere else within 3".
    const place = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 20], 'B.thug-2': [40, 30] } as Record<
      string,
      [number, number]
    >;
    const ledge = (landing: [number, number, number] | null) =>
      fakeTable({
        size: 48,
        jumpLine: (_id, _d, distance) =>
          distance === 5
            ? { end: [10, 0.5, 5], travelled: 5, stoppedBy: null, fall: { height: 0.5, landing } }
            : { end: [10, 0, 10 - distance], travelled: distance, stoppedBy: null, fall: null },
      });
    /** The gunner activated, Panicked, and rallied with a result of 1 (it may act). */
    const rallied = (q: ReturnType<typeof ledge>) => {
      let m = matchOf(midBattle(place, 6, set('A.gunner-1', { panicked: true })));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      return play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 1]).match;
    };
    const north = { type: 'jump', model: 'A.gunner-1', directionDeg: 270 } as const;
    it.each([
      ['10" from the thug, as far as it started', [20, 0, 20]],
      ['10.01" from it', [20.01, 0, 20]],
      ['nowhere (a casualty, off the table)', null],
    ] as const)('a landing %s: the Jump is taken (a d10 of 9 is a d5 of 5)', (_what, landing) => {
      const q = ledge(landing ? [...landing] : null);
      const r = play(rallied(q), 'A', north, q, [9]);
      expect(r.match.state.models['A.gunner-1']!.pos).toEqual(landing ? [...landing] : null);
    });
    it('a landing 9.99" from the thug: refused before the d5 is rolled, and not offered', () => {
      const q = ledge([19.99, 0, 20]);
      const m = rallied(q);
      expect(refuse(m, 'A', north, q, 'counterblast:err.panicJump').message).toMatch(
        /Panicked: it may not jump where it could end closer to an enemy \(a d5 of 5 falls to 9.99" from one, 10" now\)/,
      );
      expect(legalActions(m.state, 'A', q)).not.toContainEqual(north);
      expect(legalActions(m.state, 'A', ledge([20, 0, 20]))).toContainEqual(north);
    });
  });

  it('Throw is a Grit check: Panicked +1 and Prone +1 to its Difficulty, as for Strike (issue 17)', () => {
    const q = fakeTable({ size: 48 });
    // The loader (Large, Grit 6) Prone and Panicked, the thug (Medium, Grit 4) in base contact.
    const s = midBattle(
      { 'A.loader': [10, 10], 'B.thug-1': [10 + 40 / 25.4 / 2 + R / 2 + 0.05, 10], 'B.thug-2': [40, 30] },
      4,
      set('A.loader', { panicked: true, prone: true }),
    );
    let m = matchOf(s);
    m = play(m, 'A', { type: 'activate', model: 'A.loader' }, q).match;
    // Rally (Knack 1): 7 is a result of 1, still Panicked; it may act.
    m = play(m, 'A', { type: 'rally', model: 'A.loader' }, q, [7]).match;
    // Grit 6 against 7 + 1 (Prone) + 1 (Panicked) = 9: six 8s fail; the thug stays where it is.
    const r = play(
      m,
      'A',
      { type: 'throw', model: 'A.loader', target: 'B.thug-1', directionDeg: 0 },
      q,
      [8, 8, 8, 8, 8, 8],
    );
    expect(r.events.find((e) => e.type === 'throw')?.text).toMatch(/against 9\+/);
    expect(r.match.state.models['B.thug-1']!.pos).toEqual(s.models['B.thug-1']!.pos);
  });
});
