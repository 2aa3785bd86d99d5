import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse, set } from './fixture';

const R = 30 / 25.4;

describe('counterblast conditions', () => {
  it('Engaged: a model within the Reach of an enemy that sees it cannot shoot; nobody shoots at a model in a fight with friends', () => {
    const q = fakeTable({ size: 48 });
    // The boss stands in reach of thug-1's club; gunner-1 is free, but thug-1 is engaging the boss.
    let m = matchOf(
      midBattle({ 'A.boss': [10, 10], 'A.gunner-1': [20, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] }),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    expect(refuse(m, 'A', { type: 'shoot', model: 'A.boss', weapon: 0, target: 'B.thug-2' }, q).message).toMatch(
      /Engaged/,
    );
    let g = matchOf(
      midBattle({ 'A.boss': [10, 10], 'A.gunner-1': [20, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] }),
    );
    g = play(g, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(refuse(g, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).message).toMatch(
      /close combat with friendly/,
    );
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
    expect(refuse(p, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 0 }, q).message).toMatch(/Prone/);
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
    expect(refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10, y: 0, z: 13 }, q).message).toMatch(
      /closer to an enemy/,
    );
    m = play(m, 'A', { type: 'buy-action', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // Beyond 8": 8, +1 for Panic = 9.
    const r = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1]);
    expect(r.events.find((e) => e.type === 'shot')?.text).toMatch(/: Zap [\d, ]+ against 9\+: /);
  });
});
