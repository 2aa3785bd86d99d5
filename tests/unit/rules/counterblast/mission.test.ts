import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play } from './fixture';
import { degreeOf, objectiveHolders } from '../../../../src/rules/counterblast/apply';
import { defaultMission, type CbState } from '../../../../src/rules/counterblast/game';
import { ruleset } from '../../../../src/rules/counterblast';

// The Rustwater Salvagers (A: boss 120, medic 90, loader 110, gunner 60) against the Vey Syndicate (B: enforcer 130, sniper 100, thug 55).
const lines = {
  'A.boss': [24, 19],
  'A.medic': [9, 17],
  'A.loader': [30, 5],
  'A.gunner-1': [10, 5],
  'B.enforcer': [40, 19],
  'B.sniper': [41, 17],
  'B.thug-1': [8, 19],
} as Record<string, [number, number]>;

/** Turn 6 with 1 Moxie each: both crews pass and the battle ends (no dice: nobody's dread tops its models). */
function lastTurn(patch: (s: CbState) => CbState = (s) => s) {
  const q = fakeTable({ size: 48 });
  let m = matchOf(midBattle(lines, 1, (s) => patch({ ...s, turn: 6 })));
  m = play(m, 'A', { type: 'pass-turn' }, q).match;
  return play(m, 'B', { type: 'pass-turn' }, q);
}

describe('counterblast default mission (Hold the Crossroads)', () => {
  it('three objectives across the centre line, an Evac Point mid-way along each crew edge', () => {
    expect(defaultMission({ width: 48, depth: 36 })).toEqual({
      id: 'crossroads',
      name: 'Hold the Crossroads',
      objectives: [
        { id: 'objective-1', x: 8, z: 18 },
        { id: 'objective-2', x: 24, z: 18 },
        { id: 'objective-3', x: 40, z: 18 },
      ],
      evac: { A: [24, 36], B: [24, 0] },
    });
  });

  it('an objective is held by the crew with more standing models within 2" of it; even numbers hold nothing', () => {
    const s = midBattle(lines);
    expect(objectiveHolders(s)).toEqual({ 'objective-1': null, 'objective-2': 'A', 'objective-3': 'B' });
    // 2" from the base edge: the boss 2.5" from the marker (base radius 0.59") still counts; 3" away it does not.
    const at = (z: number) =>
      objectiveHolders({ ...s, models: { ...s.models, 'A.boss': { ...s.models['A.boss']!, pos: [24, 0, z] } } })[
        'objective-2'
      ];
    expect(at(18 + 2.5)).toBe('A');
    expect(at(18 + 3)).toBe(null);
    // Down or Panicked models do not count.
    const thugDown = { ...s, models: { ...s.models, 'B.thug-1': { ...s.models['B.thug-1']!, down: true } } };
    expect(objectiveHolders(thugDown)['objective-1']).toBe('A');
    const bossPanicked = { ...s, models: { ...s.models, 'A.boss': { ...s.models['A.boss']!, panicked: true } } };
    expect(objectiveHolders(bossPanicked)['objective-2']).toBe(null);
  });

  it('Mission Score = Objective Score (2 per objective held) + Battle Score; the difference gives the degree of victory', () => {
    // A keeps 380 of 500 (76%: 6) and holds objective-2 (2): 8. B keeps 285 (57%: 3) and holds objective-3 (2): 5. A by 3: a Minor Victory.
    const r = lastTurn();
    expect(r.match.state.result).toEqual({
      battle: { A: 6, B: 3 },
      objective: { A: 2, B: 2 },
      mission: { A: 8, B: 5 },
      held: { 'objective-1': null, 'objective-2': 'A', 'objective-3': 'B' },
      winner: 'A',
      degree: 'Minor Victory',
    });
    expect(ruleset.outcome(r.match.state)).toEqual({ winner: 'A', score: { A: 8, B: 5 } });
    expect(r.events.at(-1)!.text).toMatch(
      /Mission Score A 8 \(battle 6 \+ objectives 2\), B 5 \(battle 3 \+ objectives 2\): A, Minor Victory/,
    );
    // The thug Down (stable) on objective-1: B keeps 230 (46%: 1) and the medic takes objective-1: A 10, B 3, by 7: a Heroic Victory.
    const downed = lastTurn((s) => ({
      ...s,
      models: { ...s.models, 'B.thug-1': { ...s.models['B.thug-1']!, down: true, stable: true, damage: 3 } },
    }));
    expect(downed.match.state.result).toMatchObject({
      battle: { A: 6, B: 1 },
      objective: { A: 4, B: 2 },
      mission: { A: 10, B: 3 },
      winner: 'A',
      degree: 'Heroic Victory',
    });
  });

  it.each([
    [0, null],
    [1, 'Minor Victory'],
    [3, 'Minor Victory'],
    [4, 'Major Victory'],
    [5, 'Major Victory'],
    [6, 'Heroic Victory'],
    [9, 'Heroic Victory'],
  ] as const)(
    'degrees of victory: 6+ Heroic, 4-5 Major, 3 or less Minor, level scores a draw (a difference of %i: %s)',
    (difference, degree) => {
      expect(degreeOf(difference)).toBe(degree);
    },
  );

  it('a failed Rally: the model Moves its full Move straight towards its Evac Point, is Spent, and the activation ends', () => {
    const q = fakeTable({ size: 48 });
    const s = midBattle({ 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] }, 4, (st) => ({
      ...st,
      models: { ...st.models, 'A.gunner-1': { ...st.models['A.gunner-1']!, panicked: true } },
    }));
    let m = matchOf(s);
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // Knack 2: 1, 1 fails. A's Evac Point is [24, 36] (mid south edge); the base stops 0.64" inside the edge: 5" along the line from [10, 10].
    const r = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [1, 1]);
    const g = r.match.state.models['A.gunner-1']!;
    const tz = 36 - (30 / 25.4 / 2 + 0.05);
    const d = Math.hypot(14, tz - 10);
    expect(g.pos![0]).toBeCloseTo(10 + (14 * 5) / d, 2);
    expect(g.pos![2]).toBeCloseTo(10 + ((tz - 10) * 5) / d, 2);
    expect(g).toMatchObject({ spent: true, panicked: true });
    expect(r.events.map((e) => e.type)).toContain('moved');
    // The run is a Maneuver: B may Snapshot (it passes), then B is Active.
    expect(r.match.window?.player).toBe('B');
    expect(play(r.match, 'B', { type: 'pass' }, q).match.state.active).toBe('B');
  });
});
