import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import { coverOf } from '../../../../src/rules/blkout/situation';
import { layoutOf } from '../../../../src/rules/blkout/game';

const R0 = 25 / 25.4; // two 25 mm bases touching: centres this far apart

describe('blkout specialists and model rules', () => {
  it('Team Leader: when it gains a Ready token it may give it to a model of its unit that has already acted', () => {
    // A1: Assault Team; A1.0 a grunt, A1.3 the Team Leader.
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.3': [14, 10], 'B1.0': [34, 34], 'B2.0': [30, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'ready', model: 'A1.3', to: 'A1.0' });
    const r = play(m, 'A', { type: 'ready', model: 'A1.3', to: 'A1.0' }, q);
    expect(r.match.state.models['A1.0']!.ready).toBe(true);
    expect(r.match.state.models['A1.3']!.ready).toBe(false);
    // Only a Team Leader gives its token away, and only to a model that has acted.
    let m2 = matchOf(midGame({ 'A1.0': [10, 10], 'A1.3': [14, 10], 'B1.0': [34, 34], 'B2.0': [30, 34] }));
    m2 = play(m2, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m2 = play(m2, 'A', { type: 'end-reposition' }, q).match;
    expect(
      refuse(
        m2,
        'A',
        { type: 'ready', model: 'A1.0', to: 'A1.3' },
        q,
        'only a Team Leader (or a unit with the Linked drill) gives its Ready token to another model (Assault Team 1 is not one)',
      ).message,
    ).toMatch(/Team Leader/);
    expect(
      refuse(
        m2,
        'A',
        { type: 'ready', model: 'A1.3', to: 'A1.0' },
        q,
        "Assault Team 1 is not a model of Assault Team Leader's unit that has already acted",
      ).message,
    ).toMatch(/already acted/);
  });

  it('Sidewinder: its action is a skill check that pins a unit with a model within 12"; two boxes to check', () => {
    // B2: Insertion Team; B2.3 the Sidewinder. A1.0 is 10" away, A2.0 20" away.
    const q = fakeTable();
    const place = { 'B2.3': [10, 20], 'A1.0': [10, 10 - R0 / 2], 'A2.0': [10, 0.6], 'B1.0': [34, 34] } as Record<
      string,
      [number, number]
    >;
    let m = matchOf(midGame(place, (s) => ({ ...s, turn: 'B', initiative: 'B' })));
    m = play(m, 'B', { type: 'activate', unit: 'B2' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    const legal = legalActions(m.state, 'B', q);
    expect(legal).toContainEqual({ type: 'sidewinder', model: 'B2.3', target: 'A1' });
    expect(legal).not.toContainEqual({ type: 'sidewinder', model: 'B2.3', target: 'A2' });
    expect(
      refuse(m, 'B', { type: 'sidewinder', model: 'B2.3', target: 'A2' }, q, 'blkout:error.sidewinderRange').message,
    ).toMatch(/12"/);
    // Skill 4: 6, 2 -> one success: A1 is Pinned. One box of two is checked.
    const r = play(m, 'B', { type: 'sidewinder', model: 'B2.3', target: 'A1' }, q, [6, 2]);
    expect(r.match.state.units.A1!.pinned).toBe(true);
    expect(r.match.state.models['B2.3']!.checks).toBe(1);
  });

  it('Shield: the model and one friendly infantry model in base contact get (partial) cover; a second friend may not join it', () => {
    // B1.3: Bratva HMG Gunner with Shield. B1.0 touches it; B1.1 tries to.
    let q = fakeTable();
    const s = midGame(
      { 'B1.3': [20, 20], 'B1.0': [20 + R0, 20], 'B1.1': [15, 20], 'A1.0': [20, 10], 'A2.0': [2, 2] },
      (st) => ({ ...st, turn: 'B', initiative: 'B' }),
    );
    q = q.at(layoutOf(s));
    expect(coverOf(s, q, 'A1.0', 'B1.0').cover).toBe('partial');
    let m = matchOf(s);
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    expect(
      refuse(m, 'B', { type: 'move', model: 'B1.1', x: 20 - R0, y: 0, z: 20 }, q, 'blkout:error.shieldTaken').message,
    ).toMatch(/only one friendly model at a time.*\(Shield\)/);
    expect(
      play(m, 'B', { type: 'move', model: 'B1.1', x: 20 - R0 - 0.5, y: 0, z: 20 }, q).match.state.models['B1.1']!.pos,
    ).toEqual([20 - R0 - 0.5, 0, 20]);
  });

  it('3-dice CQC: the model rolls three dice in close quarters', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B1.0': [10, 10 + R0], 'A2.0': [2, 2], 'B2.0': [34, 34] }, (s) => ({
        ...s,
        models: {
          ...s.models,
          'B1.0': { ...s.models['B1.0']!, engaged: true },
          'A1.0': { ...s.models['A1.0']!, rules: [...s.models['A1.0']!.rules, { name: '3-dice CQC', x: 0 }] },
        },
      })),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // A rolls 1, 1, 4 (one success); B 1, 1 (none): B1.0 is destroyed.
    const r = play(m, 'A', { type: 'ready', model: 'A1.0' }, q, [1, 1, 4, 1, 1]);
    expect(r.events.filter((e) => e.type === 'skill-check').map((e) => (e.rolls as number[]).length)).toEqual([3, 2]);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(true);
  });
});
