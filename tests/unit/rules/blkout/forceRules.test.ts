import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { boone, matchOf, midGame, options, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import { setupState } from '../../../../src/rules/blkout/game';
import { situation } from '../../../../src/rules/blkout/situation';
import { newMatch } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/blkout';
import { layoutOf } from '../../../../src/rules/blkout/game';

describe('blkout force rules', () => {
  it('Harlow: +2" when sprinting (6" Move sprints 8", not 8.5")', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(
      refuse(m, 'A', { type: 'sprint', model: 'A1.0', x: 18.5, y: 0, z: 10 }, q, 'blkout:error.sprintTooFar').error,
    ).toBe('out-of-range');
    m = play(m, 'A', { type: 'sprint', model: 'A1.0', x: 18, y: 0, z: 10 }, q).match;
    expect(m.state.models['A1.0']!.pos).toEqual([18, 0, 10]);
  });

  it('UN 3rd Battalion: non-AI infantry in base contact with other infantry re-roll failed shots; UN Raid Force Alpha UTG units roll one more die', () => {
    const opts = options();
    opts.groups.A = {
      faction: 'un-3rd-battalion',
      handler: 'handler',
      units: ['unr-reserve', 'unr-pointmen', 'unr-peacemaker'],
    };
    opts.groups.B = {
      faction: 'un-raid-force-alpha',
      handler: 'handler',
      units: ['rfa-assaulters', 'rfa-specialists', 'rfa-golem'],
    };
    const s0 = setupState({ width: 36, depth: 36 }, opts);
    const r0 = 25 / 25.4;
    const place = (id: string, x: number, z: number) => ({
      ...s0.models[id]!,
      pos: [x, 0, z] as [number, number, number],
    });
    const s = {
      ...s0,
      phase: 'execution' as const,
      round: 1,
      models: {
        ...s0.models,
        'A1.0': place('A1.0', 10, 10),
        'A1.1': place('A1.1', 10 + r0, 10),
        'A1.2': place('A1.2', 20, 10),
        'B1.0': place('B1.0', 10, 20),
        'B3.0': place('B3.0', 20, 20),
      },
    };
    let q = fakeTable();
    q = q.at(layoutOf(s));
    expect(situation(s, q, 'A1.0', 'B1.0', false, false).buddyReroll).toBe(true);
    expect(situation(s, q, 'A1.2', 'B1.0', false, false).buddyReroll).toBe(false);
    expect(situation(s, q, 'B1.0', 'A1.0', false, false).extraDie).toBe(true);
    // The Golem Unit is not an Assaulter or Specialist unit.
    expect(situation(s, q, 'B3.0', 'A1.0', false, false).extraDie).toBe(false);
    expect(newMatch(ruleset, s, 1).state.models['B1.0']!.skill).toBe(6);
  });
});

describe('blkout model rules', () => {
  it('Low Tech units cannot be targeted by a Data Spike', () => {
    const opts = options();
    opts.groups.B = { faction: 'manticor-borz', handler: 'handler', units: ['mb-bratva', 'mb-ubiytsa', 'mb-cyka'] };
    const s0 = setupState({ width: 36, depth: 36 }, opts);
    const models = Object.fromEntries(
      Object.entries(s0.models).map(([id, m]) => [
        id,
        id === 'A2.2'
          ? { ...m, pos: [10, 0, 10] as [number, number, number] }
          : id === 'B2.0'
            ? { ...m, pos: [30, 0, 30] as [number, number, number] }
            : { ...m, destroyed: true },
      ]),
    );
    const q = fakeTable();
    let m = matchOf({ ...s0, models, phase: 'execution', round: 1, turn: 'A', edges: { A: 'south', B: 'north' } });
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(
      refuse(m, 'A', { type: 'data-attack', model: 'A2.2', target: 'B2' }, q, 'blkout:error.lowTech').message,
    ).toMatch(/Low Tech/);
  });
});

describe('blkout force rules: Task Force Boone', () => {
  it('once a round one non-AI, non-Powered infantry model may make a Data Attack; a second one that round is refused', () => {
    const q = fakeTable();
    // A1: TF Boone Recon (no Data Spike); A2: VAT. B1.0 alone (no Data Spike model on B's side to counter).
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'A2.0': [14, 10], 'B1.0': [10, 30], 'B2.0': [34, 34] }, undefined, boone()),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'data-attack', model: 'A1.0', target: 'B1' });
    // Skill 4: 5, 2 -> a success: B1 is Pinned.
    const r = play(m, 'A', { type: 'data-attack', model: 'A1.0', target: 'B1' }, q, [5, 2]);
    expect(r.match.state.units.B1!.pinned).toBe(true);
    expect(r.match.state.forceUsed?.A).toBe(1);
    const later = {
      ...r.match.state,
      activation: { ...r.match.state.activation!, unit: 'A2', acted: [], stage: 'actions' as const },
      window: null,
      pending: null,
    };
    expect(legalActions(later, 'A', q).some((a) => a.type === 'data-attack')).toBe(false);
    expect(
      refuse(
        matchOf(later),
        'A',
        { type: 'data-attack', model: 'A2.0', target: 'B2' },
        q,
        'VAT Element 1 has no data attack against B2',
      ).message,
    ).toMatch(/no data attack/);
  });
});
