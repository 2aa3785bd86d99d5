import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse } from './fixture';
import type { CbState } from '../../../../src/rules/counterblast';

// A.gunner-1 (Move 5, Defense 2, Mettle 3) alone in a corner far from B's models: no Snapshots.
const alone = { 'A.gunner-1': [5, 5], 'B.thug-1': [44, 32], 'B.thug-2': [46, 34] } as Record<string, [number, number]>;

describe('counterblast maneuvers', () => {
  it('Rush: only after a Move and not after a Jump; a d10 of movement along the route; it Spends the model', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(alone));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(refuse(m, 'A', { type: 'rush', model: 'A.gunner-1' }, q, 'counterblast:err.rushAfterMove').message).toMatch(
      /only after a Move/,
    );
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10, y: 0, z: 5 }, q).match;
    m = play(m, 'A', { type: 'rush', model: 'A.gunner-1' }, q, [7]).match;
    expect(m.state.activation?.rush).toEqual({ model: 'A.gunner-1', allowance: 7 });
    expect(
      refuse(
        m,
        'A',
        { type: 'rush-move', model: 'A.gunner-1', x: 17.5, y: 0, z: 5 },
        q,
        'counterblast:err.routeTooLong',
      ).error,
    ).toBe('out-of-range');
    const r = play(m, 'A', { type: 'rush-move', model: 'A.gunner-1', x: 17, y: 0, z: 5 }, q);
    expect(r.match.state.models['A.gunner-1']).toMatchObject({ pos: [17, 0, 5], spent: true });
  });

  it('Jump: a d5 in a straight line (d10 halved: 7 is 4"); it Spends; no Rush after it', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(alone));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 90 }, q, [7]).match;
    const g = m.state.models['A.gunner-1']!;
    expect(g.pos![0]).toBeCloseTo(5, 6);
    expect(g.pos![2]).toBeCloseTo(9, 6);
    expect(g.spent).toBe(true);
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 6, y: 0, z: 9 }, q).match;
    m = play(m, 'A', { type: 'buy-action', model: 'A.gunner-1' }, q).match;
    expect(refuse(m, 'A', { type: 'rush', model: 'A.gunner-1' }, q, 'counterblast:err.jumpedNoRush').message).toMatch(
      /Jumped/,
    );
  });

  it('Falling: off a ledge the model lands in the closest spot within 3", Prone and Stunned, 1 raw damage per full inch; with nowhere to land it is a casualty', () => {
    const ledge = fakeTable({
      size: 48,
      jumpLine: (_id, _d, distance) => ({
        end: [5, 4, 5 + distance],
        travelled: distance,
        stoppedBy: null,
        fall: { height: 3.6, landing: [5, 0.4, 5 + distance] },
      }),
    });
    let m = matchOf(midBattle(alone));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, ledge).match;
    // d5 = 2; falls 3.6": 3 raw; Defense 2: 1, 1 -> 3 tokens: Down (Mettle 3).
    const r = play(m, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 90 }, ledge, [3, 1, 1]);
    expect(r.match.state.models['A.gunner-1']).toMatchObject({
      pos: [5, 0.4, 7],
      prone: true,
      stunned: true,
      damage: 3,
      down: true,
    });
    const chasm = fakeTable({
      size: 48,
      jumpLine: (_id, _d, distance) => ({
        end: [5, 4, 5 + distance],
        travelled: distance,
        stoppedBy: null,
        fall: { height: 9, landing: null },
      }),
    });
    let c = matchOf(midBattle(alone));
    c = play(c, 'A', { type: 'activate', model: 'A.gunner-1' }, chasm).match;
    expect(
      play(c, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 90 }, chasm, [3]).match.state.models[
        'A.gunner-1'
      ],
    ).toMatchObject({ casualty: true, pos: null });
  });
});

describe('counterblast stabilizing', () => {
  it('Treat stabilizes a living model (Engineer a robot, either a cyberform): within 1" and in sight, Knack/7; it Spends', () => {
    const q = fakeTable({ size: 48 });
    const R = 30 / 25.4;
    // Doc Ruiz (Knack 6) beside a Down, unstable gunner; the loader (robot) Down too.
    const place = {
      'A.medic': [10, 10],
      'A.gunner-1': [10 + R + 0.5, 10],
      'A.loader': [10, 10 + 1.4],
      'B.thug-1': [44, 32],
      'B.thug-2': [46, 34],
    } as Record<string, [number, number]>;
    const downs = (st: CbState): CbState => ({
      ...st,
      models: {
        ...st.models,
        'A.gunner-1': { ...st.models['A.gunner-1']!, damage: 3, down: true, stable: false },
        'A.loader': { ...st.models['A.loader']!, damage: 5, down: true, stable: false },
      },
    });
    let m = matchOf(midBattle(place, 4, downs));
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(m, 'A', { type: 'treat', model: 'A.medic', target: 'A.loader' }, q, 'counterblast:err.robotStabilize')
        .message,
    ).toMatch(/robot: Engineer/);
    const r = play(m, 'A', { type: 'treat', model: 'A.medic', target: 'A.gunner-1' }, q, [7, 1, 1, 1, 1, 1]);
    expect(r.match.state.models['A.gunner-1']!.stable).toBe(true);
    expect(r.match.state.models['A.medic']!.spent).toBe(true);
  });
});

describe('counterblast Prone and Recover', () => {
  it('a move may end Prone (light cover against shooting); standing up is the Move action; Recover clears Stunned and Spends', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle(alone, 4, (st) => ({
        ...st,
        models: { ...st.models, 'A.gunner-1': { ...st.models['A.gunner-1']!, stunned: true } },
      })),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 8, y: 0, z: 5, prone: true }, q).match;
    expect(m.state.models['A.gunner-1']!.prone).toBe(true);
    expect(
      refuse(m, 'A', { type: 'stand-up', model: 'A.gunner-1' }, q, 'counterblast:err.multitasking').message,
    ).toMatch(/Multitasking/);
    m = play(m, 'A', { type: 'recover', model: 'A.gunner-1' }, q).match;
    expect(m.state.models['A.gunner-1']).toMatchObject({ stunned: false, spent: true });
  });
});

describe('counterblast Prone moves (issue 17)', () => {
  it('a Prone model either stands up in lieu of moving or moves and stays Prone: a move never both moves it and stands it up', () => {
    const q = fakeTable({ size: 48 });
    const prone = (st: CbState): CbState => ({
      ...st,
      models: { ...st.models, 'A.gunner-1': { ...st.models['A.gunner-1']!, prone: true } },
    });
    let m = matchOf(midBattle(alone, 4, prone));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // It moves (its Move action): still Prone where it ends.
    const crawled = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 8, y: 0, z: 5 }, q).match;
    expect(crawled.state.models['A.gunner-1']).toMatchObject({ pos: [8, 0, 5], prone: true });
    // That was its Move: no standing up after it.
    expect(
      refuse(crawled, 'A', { type: 'stand-up', model: 'A.gunner-1' }, q, 'counterblast:err.multitasking').message,
    ).toMatch(/Multitasking/);
    // Or it stands up instead, where it is.
    const stood = play(m, 'A', { type: 'stand-up', model: 'A.gunner-1' }, q).match;
    expect(stood.state.models['A.gunner-1']).toMatchObject({ pos: [5, 0, 5], prone: false });
  });
});

describe('counterblast Throw', () => {
  it('a larger model throws a smaller one within 1": Grit check, the result in inches as a jump, landing Prone; never a model its size or bigger', () => {
    const q = fakeTable({ size: 48 });
    // The cargo loader (large, Grit 6) beside the cyber-hound (small, Grit 5) and a thug (medium).
    const r40 = 40 / 25.4 / 2,
      r25 = 25 / 25.4 / 2;
    let m = matchOf(midBattle({ 'A.loader': [10, 10], 'B.hound': [10, 10 + r40 + r25 + 0.5], 'B.thug-1': [40, 30] }));
    m = play(m, 'A', { type: 'activate', model: 'A.loader' }, q).match;
    // Grit 6 vs 5: Difficulty 7: 7, 8, 1, 1, 1, 1 = 2: thrown 2" along +z.
    const r = play(
      m,
      'A',
      { type: 'throw', model: 'A.loader', target: 'B.hound', directionDeg: 90 },
      q,
      [7, 8, 1, 1, 1, 1],
    );
    const hound = r.match.state.models['B.hound']!;
    expect(hound.prone).toBe(true);
    expect(hound.pos![2]).toBeCloseTo(10 + r40 + r25 + 0.5 + 2, 6);
    let big = matchOf(midBattle({ 'A.gunner-1': [10, 10], 'B.thug-1': [10, 11.6], 'B.thug-2': [40, 30] }));
    big = play(big, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      refuse(
        big,
        'A',
        { type: 'throw', model: 'A.gunner-1', target: 'B.thug-1', directionDeg: 0 },
        q,
        'counterblast:err.throwSmaller',
      ).message,
    ).toMatch(/smaller/);
  });
});
