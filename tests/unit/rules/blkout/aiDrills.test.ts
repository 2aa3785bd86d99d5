/**
 * The BLKOUT bot's rarer levers (issue 36): which battle drill it buys and how it plays it (Small Unit
 * Tactics' early shots, Close Assault's move into CQC, Chaff against Assaulters), a Team Leader's
 * Ready token, Infiltrating a short-ranged unit, and the handler's second activation.
 */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { blkoutMove } from '../../../../src/rules/blkout/ai';
import type { BlkoutState } from '../../../../src/rules/blkout';
import type { BlkoutOptions } from '../../../../src/rules/blkout/game';
import { radiusOf, setupState } from '../../../../src/rules/blkout/game';
import { boone, matchOf, midGame, options, play, raid } from './fixture';

/** B's unit B1 has activated this round (it cannot react: nobody watches A). */
const bDone = (s: BlkoutState): BlkoutState => ({
  ...s,
  units: { ...s.units, B1: { ...s.units.B1!, activated: true } },
});

describe('blkout AI: battle drills', () => {
  it('Small Unit Tactics when one model can shoot and another cannot, and that model shoots before anyone moves; none when both can shoot', () => {
    // Task Force Boone's Recon: A1.0 sees B1.0 20" away; A1.1 sees nothing.
    const blind = fakeTable({ sight: (v) => (v === 'A1.1' ? { hasLos: false, visibleFraction: 0 } : {}) });
    const s = midGame({ 'A1.0': [10, 10], 'A1.1': [12, 10], 'B1.0': [10, 30] }, bDone, boone());
    expect(blkoutMove(matchOf(s), 'A', blind)).toEqual({ type: 'drill', unit: 'A1', drill: 'small-unit-tactics' });
    let m = play(matchOf(s), 'A', { type: 'drill', unit: 'A1', drill: 'small-unit-tactics' }, blind).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, blind).match;
    expect(m.state.activation?.stage).toBe('reposition');
    expect(blkoutMove(m, 'A', blind)).toEqual({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' });
    // Both see B1.0: nobody is left to move, so no drill.
    expect(blkoutMove(matchOf(s), 'A', fakeTable())).toEqual({ type: 'activate', unit: 'A1' });
  });

  it('Close Assault on an enemy it beats in CQC: it closes within 2" in Reposition and the drill move makes base contact; never against a better fighter', () => {
    const q = fakeTable();
    // Raid Force Alpha's Golem (skill 4, track 2) 6" from a Bratva rifleman (skill 4, no track).
    const s = midGame({ 'A3.0': [10, 10], 'B1.0': [10, 16] }, bDone, raid());
    expect(blkoutMove(matchOf(s), 'A', q)).toEqual({ type: 'drill', unit: 'A3', drill: 'close-assault' });
    let m = play(matchOf(s), 'A', { type: 'drill', unit: 'A3', drill: 'close-assault' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
    const close = blkoutMove(m, 'A', q);
    expect(close).toMatchObject({ type: 'move', model: 'A3.0' });
    m = play(m, 'A', close!, q).match;
    const [x, , z] = m.state.models['A3.0']!.pos!;
    const rGolem = radiusOf(m.state.models['A3.0']!),
      rBratva = radiusOf(m.state.models['B1.0']!);
    expect(Math.hypot(x - 10, z - 16) - rGolem - rBratva).toBeLessThanOrEqual(2);
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A3.0' }, q).match;
    expect(m.state.activation?.endMoves).toEqual(['A3.0']);
    const contact = blkoutMove(m, 'A', q);
    expect(contact).toMatchObject({ type: 'end-move', model: 'A3.0' });
    const e = contact as { x: number; z: number };
    expect(Math.hypot(e.x - 10, e.z - 16) - rGolem - rBratva).toBeCloseTo(0.02, 2);
    // A rifleman who fights better (skill 2): no drill, and no move into contact when the drill was bought anyway.
    const tough = (st: BlkoutState): BlkoutState =>
      bDone({ ...st, models: { ...st.models, 'B1.0': { ...st.models['B1.0']!, skill: 2 } } });
    expect(blkoutMove(matchOf(tough(s)), 'A', q)).toEqual({ type: 'activate', unit: 'A3' });
    const hold = { ...m, state: tough(m.state) };
    expect(blkoutMove(hold, 'A', q)).toEqual({ type: 'end-activation' });
  });

  it('Chaff against one watcher when the unit has nothing to shoot; Assaulters against two', () => {
    // Harlow's Assault Team, unarmed, seen by one (then two) Borz riflemen that have yet to activate.
    const unarmed = (st: BlkoutState): BlkoutState => ({
      ...st,
      models: { ...st.models, 'A1.0': { ...st.models['A1.0']!, weapons: [] } },
    });
    const q = fakeTable();
    const one = midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20] }, unarmed);
    const chaff = blkoutMove(matchOf(one), 'A', q);
    // The token between A1.0 and the watcher, 6" out (within 6" of the base).
    expect(chaff).toMatchObject({ type: 'drill', unit: 'A1', drill: 'chaff', x: 10 });
    expect((chaff as { z: number }).z).toBeCloseTo(10 + Math.min(5, radiusOf(one.models['A1.0']!) + 6 - 0.05), 3);
    const two = midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B2.0': [20, 14] }, unarmed);
    expect(blkoutMove(matchOf(two), 'A', q)).toEqual({ type: 'drill', unit: 'A1', drill: 'assaulters' });
  });
});

describe('blkout AI: Ready tokens, Infiltrating, the handler', () => {
  it('a Team Leader with nothing to shoot gives its Ready token to a model that has acted and has a shot ready; with nobody in reach it keeps it', () => {
    const q = fakeTable();
    // Assault Team: A1.0 has acted; A1.3 (the Team Leader) carries nothing to shoot with here.
    const unarmed = (st: BlkoutState): BlkoutState => ({
      ...st,
      models: { ...st.models, 'A1.3': { ...st.models['A1.3']!, weapons: [] } },
    });
    const leader = (enemy: [number, number]) => {
      let m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.3': [14, 10], 'B1.0': enemy }, unarmed));
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
      return blkoutMove(m, 'A', q);
    };
    // B1.0 10" from A1.0 (FAL-32C, 24"): the token goes to A1.0.
    expect(leader([10, 20])).toEqual({ type: 'ready', model: 'A1.3', to: 'A1.0' });
    // B1.0 beyond every weapon's reach: the Team Leader keeps its token.
    expect(leader([34, 34])).toEqual({ type: 'ready', model: 'A1.3' });
  });

  it("holds back its shortest-reaching unit when an enemy weapon reaches farther and its own fall short of the enemy's zone", () => {
    const q = fakeTable();
    const deploy = (enemyReach: number): BlkoutState => {
      const st = setupState({ width: 36, depth: 36 }, raid());
      const b = st.models['B1.0']!;
      return {
        ...st,
        models: { ...st.models, 'B1.0': { ...b, weapons: b.weapons.map((w) => ({ ...w, max: enemyReach })) } },
        phase: 'deploy',
        firstDeployer: 'A',
        turn: 'A',
        edges: { A: 'south', B: 'north' },
      };
    };
    // Raid Force Alpha: the Assaulters reach 24" at most (carbine, grenade launcher), as far as Borz's rifles: everything deploys.
    expect(blkoutMove(matchOf(deploy(24)), 'A', q)).toMatchObject({ type: 'deploy' });
    // A Borz weapon reaching 24.1": the first unit reaching least (the Assaulters) is held back.
    expect(blkoutMove(matchOf(deploy(24.1)), 'A', q)).toEqual({ type: 'hold-back', unit: 'A1' });
  });

  it('activates the handler again for 1 CP when it has a shot (with a CP to spare, or from round 4 with its last), and in round 5 whatever it has', () => {
    const q = fakeTable();
    const after = (cp: number, round: number, enemy: [number, number] = [10, 20]) => {
      let m = matchOf(midGame({ 'A0.0': [10, 10], 'B1.0': enemy }, (st) => ({ ...st, cp: { A: cp, B: 3 }, round })));
      m = play(m, 'A', { type: 'activate', unit: 'A0' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      m = play(m, 'A', { type: 'hold', model: 'A0.0' }, q).match;
      if (m.state.activation?.stage !== 'after') m = play(m, 'A', { type: 'end-activation' }, q).match;
      return m;
    };
    expect(after(2, 1).state.activation?.stage).toBe('after');
    expect(blkoutMove(after(2, 1), 'A', q)).toEqual({ type: 'handler-again' });
    expect(blkoutMove(after(1, 3), 'A', q)).toEqual({ type: 'end-turn' });
    expect(blkoutMove(after(1, 4), 'A', q)).toEqual({ type: 'handler-again' });
    // Nothing in the Sidearm's 12": not before the last round; in round 5 the CP would be lost, so it goes again.
    expect(blkoutMove(after(1, 4, [34, 34]), 'A', q)).toEqual({ type: 'end-turn' });
    expect(blkoutMove(after(1, 5, [34, 34]), 'A', q)).toEqual({ type: 'handler-again' });
  });

  it("shoots a Duster's Mobility track when one more hit there destroys it; a fresh Duster's Chassis otherwise", () => {
    const q = fakeTable();
    // B fields the Caber (chassis 4, mobility 3; unarmoured here) in its third slot; A1.0 (FAL-32C) 12" away.
    const o = options();
    const dusters: BlkoutOptions = {
      ...o,
      groups: {
        ...o.groups,
        B: { faction: 'manticor-borz', handler: 'handler', units: ['mb-bratva', 'mb-insertion', 'duster-caber'] },
      },
    };
    const shot = (mobilityDamage: number) => {
      const s = midGame({ 'A1.0': [10, 10], 'B3.0': [10, 22] }, bDone, dusters);
      const b = s.models['B3.0']!;
      // A1 has no combat load left (no armoury weapon to weigh instead).
      let m = matchOf({
        ...s,
        units: { ...s.units, A1: { ...s.units.A1!, loadsUsed: s.units.A1!.loads ?? 0 } },
        models: {
          ...s.models,
          'B3.0': { ...b, armour: [0, 4] as [number, number], mobility: { ...b.mobility!, damage: mobilityDamage } },
        },
      });
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      return blkoutMove(m, 'A', q);
    };
    expect(shot(2)).toEqual({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', track: 'mobility' });
    expect(shot(0)).not.toMatchObject({ track: 'mobility' });
    expect(shot(0)).toMatchObject({ type: 'shoot', target: 'B3.0' });
  });
});

describe('blkout AI: CQC', () => {
  it('charges into base contact with an enemy it out-fights (its action then brings CQC); not one that fights better', () => {
    const q = fakeTable();
    // Raid Force Alpha's Golem (skill 4, track 2) 4" from a Bratva rifleman; B1 has activated.
    const charge = (skill: number) => {
      const s = midGame({ 'A3.0': [10, 10], 'B1.0': [10, 15] }, bDone, raid());
      let m = matchOf({ ...s, models: { ...s.models, 'B1.0': { ...s.models['B1.0']!, skill } } });
      m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
      return blkoutMove(m, 'A', q);
    };
    const poor = charge(8);
    expect(poor).toMatchObject({ type: 'move', model: 'A3.0' });
    const at = poor as { x: number; z: number };
    // Touching: the two 25 mm bases and 0.02" between them.
    expect(Math.hypot(at.x - 10, at.z - 15)).toBeCloseTo(2 * (25 / 25.4 / 2) + 0.02, 3);
    const good = charge(2);
    const spot = good as { x?: number; z?: number };
    expect(spot.x === undefined || Math.hypot(spot.x - 10, spot.z! - 15) > 25 / 25.4 + 0.1).toBe(true);
  });
});
