import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { boone, matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import type { BlkoutState } from '../../../../src/rules/blkout';

// A1: Harlow Assault Team (2 combat loads; A1.0, A1.1 grunts, A1.2 Machine Gunner, A1.3 Team Leader).
// A2: Harlow Control Team (1 combat load). Harlow armoury: Boost Jump, Frag Launcher, HEAD, Micro Launcher.
const place = {
  'A1.0': [10, 10],
  'A1.1': [12, 10],
  'A1.2': [14, 10],
  'A2.0': [20, 10],
  'A2.1': [22, 10],
  'B1.0': [10, 20],
  'B2.0': [34, 34],
} as Record<string, [number, number]>;

function assaultActs(q = fakeTable(), patch?: (s: BlkoutState) => BlkoutState) {
  let m = matchOf(midGame(place, patch));
  m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
  return play(m, 'A', { type: 'end-reposition' }, q).match;
}

describe('blkout armoury and combat loads', () => {
  it('a grunt marks a combat load for an armoury weapon, shoots it, and hands it back at the end of the activation; the load stays marked', () => {
    const q = fakeTable();
    let m = assaultActs(q);
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'armoury', model: 'A1.0', item: 'frag-launcher' });
    m = play(m, 'A', { type: 'armoury', model: 'A1.0', item: 'frag-launcher' }, q).match;
    expect(m.state.units.A1!.loadsUsed).toBe(1);
    expect(m.state.models['A1.0']!.weapons.map((w) => w.name)).toEqual(['FAL-32C', 'Frag Launcher']);
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 1, target: 'B1.0' }, q).match;
    // Frag Launcher: Medium re-rolls one failed shot in a Shoot action: 1, 1, 1, then 1 again.
    m = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1]).match;
    // Overwatch from B1.0 declined; the others hold; the activation ends.
    if (m.window) m = play(m, 'B', { type: 'pass' }, q).match;
    for (const id of ['A1.1', 'A1.2']) {
      m = play(m, 'A', { type: 'hold', model: id }, q).match;
    }
    expect(m.state.models['A1.0']!.weapons.map((w) => w.name)).toEqual(['FAL-32C']);
    expect(m.state.units.A1!.loadsUsed).toBe(1);
  });

  it('refusals: specialists do not use the armoury; one item per grunt and one armoury weapon per activation; no loads left; handlers have none', () => {
    const q = fakeTable();
    let m = assaultActs(q);
    expect(
      refuse(
        m,
        'A',
        { type: 'armoury', model: 'A1.2', item: 'frag-launcher' },
        q,
        'Assault Team Machine Gunner is not a grunt on the table (grunts, and Dusters, use the armoury)',
      ).message,
    ).toMatch(/not a grunt/);
    m = play(m, 'A', { type: 'armoury', model: 'A1.0', item: 'frag-launcher' }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'armoury', model: 'A1.0', item: 'boost-jump' },
        q,
        'Assault Team 1 has already taken an armoury item this activation',
      ).message,
    ).toMatch(/already taken an armoury item/);
    expect(
      refuse(
        m,
        'A',
        { type: 'armoury', model: 'A1.1', item: 'head' },
        q,
        'two armoury weapons cannot be used in one activation',
      ).message,
    ).toMatch(/two armoury weapons/);
    m = play(m, 'A', { type: 'armoury', model: 'A1.1', item: 'boost-jump' }, q).match;
    expect(m.state.models['A1.1']!.rules.map((r) => r.name)).toContain('Jump');
    // Both of the Assault Team's loads are marked now.
    const spent = { ...m.state, activation: { ...m.state.activation!, armoury: [] } };
    expect(
      refuse(
        matchOf(spent),
        'A',
        { type: 'armoury', model: 'A1.0', item: 'boost-jump' },
        q,
        'Assault Team has no combat loads left to mark',
      ).message,
    ).toMatch(/no combat loads left/);
    let h = matchOf(midGame({ 'A0.0': [5, 5], 'B1.0': [34, 34] }));
    h = play(h, 'A', { type: 'activate', unit: 'A0' }, q).match;
    expect(
      refuse(
        h,
        'A',
        { type: 'armoury', model: 'A0.0', item: 'boost-jump' },
        q,
        'Handler (A) has no armoury (Handler and BLKLIST units do not use it)',
      ).message,
    ).toMatch(/no armoury/);
  });

  it('Smoke Grenade (Task Force Boone): a smoke token within 4" of the grunt, before the unit repositions', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'A1.1': [12, 10], 'B1.0': [10, 30], 'B2.0': [34, 34] }, undefined, boone()),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'armoury', model: 'A1.0', item: 'smoke-grenade', x: 10, z: 15 },
        q,
        'blkout:error.armourySmokeReach',
      ).error,
    ).toBe('out-of-range');
    const r = play(m, 'A', { type: 'armoury', model: 'A1.0', item: 'smoke-grenade', x: 10, z: 14 }, q);
    expect(r.match.state.smoke).toEqual([{ id: 'smoke-1', x: 10, z: 14, light: false, owner: 'A' }]);
    const moved = play(m, 'A', { type: 'move', model: 'A1.1', x: 13, y: 0, z: 10 }, q).match;
    expect(
      refuse(
        moved,
        'A',
        { type: 'armoury', model: 'A1.0', item: 'smoke-grenade', x: 10, z: 14 },
        q,
        'Smoke Grenade is used before the unit repositions',
      ).message,
    ).toMatch(/before the unit repositions/);
  });

  it('BURN Extras! as a unit completes its activation unmarks all its combat loads', () => {
    const q = fakeTable();
    let m = assaultActs(q, (s) => ({ ...s, burn: { hands: { A: ['extras'], B: [] }, primed: null } }));
    m = play(m, 'A', { type: 'armoury', model: 'A1.1', item: 'boost-jump' }, q).match;
    for (const id of ['A1.0', 'A1.1', 'A1.2']) m = play(m, 'A', { type: 'hold', model: id }, q).match;
    expect(m.state.activation?.stage).toBe('after');
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'burn', card: 'extras', unit: 'A1' });
    const r = play(m, 'A', { type: 'burn', card: 'extras', unit: 'A1' }, q);
    expect(r.match.state.units.A1!.loadsUsed).toBe(0);
    expect(r.match.state.burn.hands.A).toEqual([]);
  });

  it('in a reaction a grunt may mark a combat load to shoot an armoury weapon; it goes back when the activation ends', () => {
    const q = fakeTable();
    // A1.0 runs 5" in sight of B1.0 (Bratva grunt; Manticor armoury: Air Burst Rifle 24" / 1, Seeking).
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [10, 22], 'B2.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match;
    expect(m.window?.options).toContainEqual({ type: 'overwatch', model: 'B1.0', weapon: 1, item: 'air-burst-rifle' });
    // Nobody else may overwatch: the shot resolves at once. In the open, 3 dice: 1, 1, 1, no hits.
    const r = play(m, 'B', { type: 'overwatch', model: 'B1.0', weapon: 1, item: 'air-burst-rifle' }, q, [1, 1, 1]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/Air Burst Rifle/);
    expect(r.match.state.units.B1!.loadsUsed).toBe(1);
    expect(r.match.state.models['B1.0']!.weapons.map((w) => w.name)).toEqual(['AKMZ-2', 'Air Burst Rifle']);
    let done = r.match;
    done = play(done, 'A', { type: 'end-reposition' }, q).match;
    done = play(done, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(done.state.models['B1.0']!.weapons.map((w) => w.name)).toEqual(['AKMZ-2']);
    expect(done.state.units.B1!.loadsUsed).toBe(1);
  });
});
