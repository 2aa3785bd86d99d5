import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, play } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { HARDPOINT_RADIUS, type SpecialRule } from '../../../../src/rules/blkout/special';

// midGame's hardpoints stand at [12, 18] and [24, 18].
const rule =
  (special: SpecialRule) =>
  (s: BlkoutState): BlkoutState => ({ ...s, special });
const R = 25 / 25.4 / 2;

describe('blkout special rules', () => {
  it('Dome Shields: a model within 4" of a hardpoint shoots with one die; the rule is off by default', () => {
    const q = fakeTable();
    const place = { 'A1.0': [12, 21], 'B1.0': [12, 31], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
      string,
      [number, number]
    >;
    const shoot = (patch?: (s: BlkoutState) => BlkoutState, dice: number[] = []) => {
      let m = matchOf(midGame(place, patch));
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
      return play(m, 'B', { type: 'pass' }, q, dice);
    };
    // (CQB re-rolls the failed dice within 12", hence two dice per die rolled.)
    expect(shoot(rule('dome-shields'), [2, 2]).events.find((e) => e.type === 'skill-check')?.rolls).toEqual([2]);
    expect(shoot(undefined, [2, 2, 2, 2, 2, 2]).events.find((e) => e.type === 'skill-check')?.rolls).toHaveLength(3);
  });

  it('Dome Shields: no Blast damage to a model within 4" of a hardpoint', () => {
    const q = fakeTable();
    // The grenadier A2.3 far from the hardpoints; B1.0 beside hardpoint 1, B1.1 away from it, both in the blast.
    let m = matchOf(
      midGame(
        { 'A2.3': [12, 2], 'B1.0': [12, 21], 'B1.1': [15, 23.5], 'A2.0': [1, 1], 'B2.0': [34, 34] },
        rule('dome-shields'),
      ),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // 7, 10: three successes; only B1.1 rolls armour (1, 1, 1: three damage).
    // B may Return Fire at the HE shot (it passes).
    m = play(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 13.5, y: 0, z: 22.25 }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [7, 10, 1, 1, 1]);
    expect(r.events.filter((e) => e.type === 'armour-check').map((e) => e.model)).toEqual(['B1.1']);
    expect(r.events.some((e) => e.type === 'dome-shield' && e.model === 'B1.0')).toBe(true);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(false);
  });

  it('Scrambling: AI and Powered models within 8" of a hardpoint roll one die; models near one ignore their Pinned marker', () => {
    const q = fakeTable();
    // A3.0: Harlow Springbok (AI) 5" from hardpoint 1. A1 (not AI) is Pinned, A1.0 near the hardpoint.
    const place = { 'A3.0': [12, 24], 'A1.0': [24, 22], 'B1.0': [12, 33], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
      string,
      [number, number]
    >;
    let m = matchOf(
      midGame(place, (s) => ({
        ...rule('scrambling')(s),
        units: { ...s.units, A1: { ...s.units.A1!, pinned: true } },
      })),
    );
    const pinned = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(pinned.state.activation?.repositioned).toEqual([]);
    m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A3.0', weapon: 0, target: 'B1.0' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [2, 2]);
    expect(r.events.find((e) => e.type === 'skill-check')?.rolls).toEqual([2]);
  });

  it('Drone Swarms: a model touching a hardpoint calls a swarm (the hardpoint goes); models within 2" of the marker roll armour, 1 damage per failed die', () => {
    const q = fakeTable();
    const touching = 12 + R + HARDPOINT_RADIUS;
    let m = matchOf(
      midGame(
        { 'A1.0': [touching, 18], 'B1.0': [20, 31], 'B1.1': [20, 35.4], 'A2.0': [2, 2], 'B2.0': [34, 4] },
        rule('drone-swarms'),
      ),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(legalActions(m.state, 'A', q).some((a) => a.type === 'drone-swarm' && a.hardpoint === 'hardpoint-1')).toBe(
      true,
    );
    // B1.0 (Armour 1/4) rolls 2: one fail, destroyed. B1.1 is 4.4" away: untouched.
    const r = play(
      m,
      'A',
      { type: 'drone-swarm', model: 'A1.0', hardpoint: 'hardpoint-1', x: 20, y: 0, z: 30 },
      q,
      [2],
    );
    expect(r.match.state.hardpoints.map((h) => h.id)).toEqual(['hardpoint-2']);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(true);
    expect(r.match.state.models['B1.1']!.destroyed).toBe(false);
    // Without the special rule there is no swarm to call.
    let plain = matchOf(midGame({ 'A1.0': [touching, 18], 'B1.0': [20, 31], 'A2.0': [2, 2], 'B2.0': [34, 4] }));
    plain = play(plain, 'A', { type: 'activate', unit: 'A1' }, q).match;
    plain = play(plain, 'A', { type: 'end-reposition' }, q).match;
    expect(legalActions(plain.state, 'A', q).some((a) => a.type === 'drone-swarm')).toBe(false);
  });
});
