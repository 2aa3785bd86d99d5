/**
 * The BLKOUT bot's rarer levers, each on a position where it is the best choice and one where it is not: a Data
 * Knife against the model's shot, the pull into a Data Knife's and a Sidewinder's reach, a Mobility shot at a Duster.
 */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { blkoutMove } from '../../../../src/rules/blkout/ai';
import { assaultSpot } from '../../../../src/rules/blkout/ai/drills';
import { checkChance, dataValue, PIN_WORTH, shotValue, spotValue } from '../../../../src/rules/blkout/ai/values';
import { layoutOf } from '../../../../src/rules/blkout/game';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { boone, matchOf, midGame, options, play, raid } from './fixture';

/** B's units have activated: nobody reacts. */
const bDone = (s: BlkoutState): BlkoutState => ({
  ...s,
  units: { ...s.units, B1: { ...s.units.B1!, activated: true }, B3: { ...s.units.B3!, activated: true } },
});

/** Task Force Boone's VAT Data Specialist (A2.2, skill 6, Carbine, Data Knife 6") 4" from a Cyka (B3.0: Powered, armour 2/4, track 2), in its Actions step. */
function knifeAt(q: ReturnType<typeof fakeTable>) {
  let m = matchOf(midGame({ 'A2.2': [12, 10], 'B3.0': [12, 15] }, bDone, boone()));
  m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
  return play(m, 'A', { type: 'end-reposition' }, q).match;
}

describe('blkout AI: data attacks', () => {
  it('a Data Knife (0.75 of a box, no save) beats a Carbine shot at a Cyka in partial cover (0.60), not one in the open (1.16)', () => {
    const wall = fakeTable({
      sight: (_v, t) =>
        t === 'B3.0'
          ? {
              visibleFraction: 0.4,
              hidden: { terrain: 0.6, vehicles: 0, models: 0, smoke: 0 },
              coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.6, distance: 3 }],
            }
          : {},
    });
    const m = knifeAt(wall);
    const me = m.state.models['A2.2']!;
    // Skill 6 on 2D10: fails only on two dice under 6 (0.5 x 0.5).
    expect(checkChance(m.state, me)).toBeCloseTo(0.75, 10);
    expect(dataValue(m.state, me, 'B3.0')).toBeCloseTo(0.75, 10);
    expect(shotValue(m.state, wall.at(layoutOf(m.state)), 'A2.2', 0, 'B3.0', false)).toBeCloseTo(0.6048, 4);
    expect(blkoutMove(m, 'A', wall)).toEqual({ type: 'data-attack', model: 'A2.2', target: 'B3.0' });
    // In the open the Carbine rolls 3 dice: the shot is worth more than the knife.
    const open = fakeTable();
    const o = knifeAt(open);
    expect(shotValue(o.state, open.at(layoutOf(o.state)), 'A2.2', 0, 'B3.0', false)).toBeCloseTo(1.1645, 4);
    expect(blkoutMove(o, 'A', open)).toEqual({ type: 'shoot', model: 'A2.2', weapon: 0, target: 'B3.0' });
  });

  it('a knife that finishes the model is worth half as much again, as a shot that finishes one', () => {
    const m = knifeAt(fakeTable());
    const hurt: BlkoutState = {
      ...m.state,
      models: { ...m.state.models, 'B3.0': { ...m.state.models['B3.0']!, damage: 1 } },
    };
    expect(dataValue(hurt, hurt.models['A2.2']!, 'B3.0')).toBeCloseTo(1.125, 10);
  });
});

/** Nobody sees anybody: no shot and no reply, so a spot's worth is its reach and the quadrants. */
const blind = fakeTable({ sight: () => ({ hasLos: false, visibleFraction: 0 }) });
/** A spot's worth less that of the same spot for the same model without `rule`. */
function ruleShare(s: BlkoutState, id: string, rule: string, at: [number, number, number]): number {
  const m = s.models[id]!;
  const without = { ...m, rules: m.rules.filter((r) => !JSON.stringify(r).includes(rule)) };
  const plain: BlkoutState = { ...s, models: { ...s.models, [id]: without } };
  return spotValue(s, blind, m, at) - spotValue(plain, blind, without, at);
}

describe("blkout AI: spots within a Data Knife's or a Sidewinder's reach", () => {
  it('the Data Specialist is pulled 0.05 an inch towards an AI model beyond 6", and a spot within 6" is worth the knife', () => {
    // Manticor Borz' Cyka (B3.0, Powered) at z 30; both on 25 mm bases (0.49" each).
    const s = midGame({ 'A2.2': [12, 10], 'B3.0': [12, 30] }, bDone, boone());
    const r = 25 / 25.4; // both bases' radii together
    // 10" apart edge to edge: 4" beyond the reach.
    expect(ruleShare(s, 'A2.2', 'Data Knife', [12, 0, 20 - r])).toBeCloseTo(-0.05 * 4, 6);
    // Just within (5.9"): the knife's 0.75, no pull.
    expect(ruleShare(s, 'A2.2', 'Data Knife', [12, 0, 24.1 - r])).toBeCloseTo(checkChance(s, s.models['A2.2']!), 6);
    // Just beyond (6.1"): the pull for 0.1".
    expect(ruleShare(s, 'A2.2', 'Data Knife', [12, 0, 23.9 - r])).toBeCloseTo(-0.005, 6);
  });

  it('a Sidewinder with a box left is pulled towards a unit yet to act beyond 12", and within 12" is worth a pin; not once its boxes are checked or the unit has acted', () => {
    // Manticor Borz' Insertion Team: B2.3 is the Sidewinder (skill 4: 0.91 to pass). Harlow's assault team A1 has yet to act.
    const s = midGame({ 'B2.3': [12, 30], 'A1.0': [12, 10] }, (x) => x, options());
    const r = 25 / 25.4;
    expect(ruleShare(s, 'B2.3', 'Sidewinder', [12, 0, 25 + r])).toBeCloseTo(-0.05 * 3, 6);
    expect(ruleShare(s, 'B2.3', 'Sidewinder', [12, 0, 21.9 + r])).toBeCloseTo(0.91 * PIN_WORTH, 6);
    expect(ruleShare(s, 'B2.3', 'Sidewinder', [12, 0, 22.1 + r])).toBeCloseTo(-0.005, 6);
    const checked: BlkoutState = { ...s, models: { ...s.models, 'B2.3': { ...s.models['B2.3']!, checks: 2 } } };
    expect(ruleShare(checked, 'B2.3', 'Sidewinder', [12, 0, 21.9 + r])).toBeCloseTo(0, 6);
    const acted: BlkoutState = { ...s, units: { ...s.units, A1: { ...s.units.A1!, activated: true } } };
    expect(ruleShare(acted, 'B2.3', 'Sidewinder', [12, 0, 25 + r])).toBeCloseTo(0, 6);
  });
});

describe('blkout AI: a Mobility shot at a Duster', () => {
  /**
   * Harlow's assault team (A1.0, with a damage 4 gun and its combat loads marked: no armoury weapon) 10" from
   * Manticor Borz' Duster (B3: Caber, armour 3/4, chassis 4, mobility 3), in A1's Actions step.
   */
  function atDuster(special: BlkoutState['special']) {
    const q = fakeTable();
    const o = options();
    const groups = { ...o.groups, B: { ...o.groups.B, units: ['mb-bratva', 'mb-insertion', 'duster-caber'] } };
    const heavy = (x: BlkoutState): BlkoutState => {
      const done = bDone(x);
      const a = done.models['A1.0']!;
      return {
        ...done,
        special,
        models: { ...done.models, 'A1.0': { ...a, weapons: [{ ...a.weapons[0]!, damage: 4 }] } },
        units: { ...done.units, A1: { ...done.units.A1!, loadsUsed: done.units.A1!.loads ?? 0 } },
      };
    };
    const s = midGame({ 'A1.0': [12, 16], 'B3.0': [12, 28] }, heavy, { ...o, groups });
    let m = play(matchOf(s), 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    const view = q.at(layoutOf(m.state));
    return {
      chassis: shotValue(m.state, view, 'A1.0', 0, 'B3.0', false),
      mobility: shotValue(m.state, view, 'A1.0', 0, 'B3.0', false, 'mobility'),
      bot: blkoutMove(m, 'A', q),
    };
  }

  it('where the shot rolls one die anyway (Dome Shields: within 4" of a hardpoint), a Mobility box, worth 4/3 of a Chassis box, is the better target', () => {
    const { chassis, mobility, bot } = atDuster('dome-shields');
    expect(mobility).toBeGreaterThan(chassis);
    expect(bot).toEqual({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', track: 'mobility' });
  });

  it("in the open the Chassis shot rolls three dice against the Mobility shot's one: the Chassis", () => {
    const { chassis, mobility, bot } = atDuster(null);
    expect(chassis).toBeGreaterThan(mobility);
    expect(bot).toEqual({ type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0' });
  });
});

describe('blkout AI: a Close Assault spot', () => {
  it('is on the prey\'s level: a roof 1" across from it is no way into contact (within 0.5" of height, yes)', () => {
    // Raid Force Alpha's Golem (skill 4, track 2) and a Bratva rifleman (skill 4, no track) it out-fights.
    const s = midGame({ 'A3.0': [10, 10], 'B1.0': [10, 16] }, bDone, raid());
    const q = fakeTable().at(layoutOf(s));
    const golem = s.models['A3.0']!;
    const roof = { x: 10, y: 3.3, z: 14 },
      ledge = { x: 10, y: 0.5, z: 14 },
      ground = { x: 10, y: 0, z: 14.5 };
    expect(assaultSpot(s, q, golem, [roof])).toBeNull();
    expect(assaultSpot(s, q, golem, [ledge])).toEqual(ledge);
    expect(assaultSpot(s, q, golem, [roof, ground])).toEqual(ground);
  });
});
