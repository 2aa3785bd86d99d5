import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import type { BlkoutState } from '../../../../src/rules/blkout';

// A2.3: Harlow Control Team Grenadier (Skill 4, Grenade Launcher 0-24" / 2, Blast (1)).
// B1.0, B1.1: Bratva grunts (Armour 1/4); A1.0: Harlow Assault Team grunt (Armour 1/6).
const blastTable = { 'A2.3': [10, 10], 'B1.0': [10, 20], 'B1.1': [11.5, 20], 'B1.2': [20, 20], 'A1.0': [9, 21], 'A2.0': [2, 2] } as Record<string, [number, number]>;

function grenadierActs(q = fakeTable(), patch?: (s: BlkoutState) => BlkoutState) {
  let m = matchOf(midGame(blastTable, patch));
  m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
  return play(m, 'A', { type: 'end-reposition' }, q).match;
}

describe('blkout Blast (X): HE marker against infantry, AP against vehicles', () => {
  it('HE: 2D10 without cover dice; every infantry model within X" of the marker, friend or foe, rolls armour with as many D10 as successes; each failed die is 1 damage', () => {
    const q = fakeTable();
    const m = grenadierActs(q);
    // Skill 7 and an ace: 3 successes. Armour in id order: A1.0 (1/6) 6, 2, 9 -> one fails;
    // B1.0 (1/4) 4, 5, 1 -> one fails; B1.1 8, 9, 10 -> none. B1.2 is 10" away: untouched.
    const r = play(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q, [7, 10, 6, 2, 9, 4, 5, 1, 8, 9, 10]);
    const s = r.match.state;
    expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ rolls: [7, 10], successes: 3 });
    expect(s.models['A1.0']!.destroyed).toBe(true);
    expect(s.models['B1.0']!.destroyed).toBe(true);
    expect(s.models['B1.1']!.destroyed).toBe(false);
    expect(s.models['B1.2']!.destroyed).toBe(false);
    expect(r.events.filter((e) => e.type === 'armour-check').map((e) => e.model)).toEqual(['A1.0', 'B1.0', 'B1.1']);
    expect(r.events.find((e) => e.type === 'blast')).toMatchObject({ at: [10.75, 0, 21.2], radius: 1 });
    // The action is complete: B's unactivated models that see the grenadier may overwatch it.
    expect(r.match.window?.player).toBe('B');
    expect(r.match.window?.options.map((o) => o.type)).toEqual(['overwatch', 'overwatch']);
  });

  it('no successes: nobody rolls armour', () => {
    const q = fakeTable();
    const r = play(grenadierActs(q), 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q, [1, 3]);
    expect(r.events.filter((e) => e.type === 'armour-check')).toEqual([]);
    expect(Object.values(r.match.state.models).every((x) => !x.destroyed || !blastTable[x.id])).toBe(true);
  });

  it('refusals: a Blast weapon cannot shoot infantry directly; the marker must be within range, seen by the shooter, and on clear level ground', () => {
    const q = fakeTable({ sight: (v, t) => (v === 'A2.3' && t === 'he-marker' && q.layout.models['he-marker']!.position[0] > 30 ? { hasLos: false, visibleFraction: 0 } : {}) });
    const m = grenadierActs(q);
    expect(refuse(m, 'A', { type: 'shoot', model: 'A2.3', weapon: 0, target: 'B1.0' }, q)).toMatchObject({ error: 'illegal-action', message: expect.stringMatching(/Blast.*cannot shoot infantry.*HE marker/) });
    expect(refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10, y: 0, z: 35.4 }, q)).toMatchObject({ error: 'out-of-range' });
    expect(refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 31, y: 0, z: 12 }, q)).toMatchObject({ error: 'no-los' });
    expect(refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10, y: 0, z: 20 }, q)).toMatchObject({ error: 'illegal-action', message: expect.stringMatching(/no room/) });
    // A weapon without Blast places no marker.
    let m2 = matchOf(midGame(blastTable));
    m2 = play(m2, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m2 = play(m2, 'A', { type: 'end-reposition' }, q).match;
    expect(refuse(m2, 'A', { type: 'blast', model: 'A1.0', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q)).toMatchObject({ error: 'illegal-action' });
  });

  it('legal actions offer HE markers beside enemy infantry in range and sight, and no direct shot at infantry with the Blast weapon', () => {
    const q = fakeTable();
    const m = grenadierActs(q);
    const legal = legalActions(m.state, 'A', q);
    const blasts = legal.filter((a) => a.type === 'blast');
    expect(blasts.length).toBeGreaterThan(0);
    expect(blasts.every((a) => a.type === 'blast' && a.model === 'A2.3' && a.weapon === 0)).toBe(true);
    expect(legal.some((a) => a.type === 'shoot' && a.model === 'A2.3' && a.weapon === 0)).toBe(false);
  });
});
