/** Stunts: the extra ⊖, and the fixed outcome of each listed stunt at its thresholds */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import { HEALTHY, endTurn, grappleHindered } from '../../../../src/rules/rpg-attacks/consequences';
import {
  drive,
  resolveDisarm,
  resolveUnbalancing,
  rollStunt,
  stuntEdge,
  stuntRefusal,
  stuntWords,
  weakpointArmour,
  type StuntAttacker,
  type StuntTarget,
} from '../../../../src/rules/rpg-attacks/stunts';

const ME: StuntAttacker = { size: 0, position: [0, 0, 0] };
const FOE: StuntTarget = {
  condition: HEALTHY,
  strength: 4,
  speed: 5,
  size: 0,
  armour: 5,
  weapon: 'knife',
  weakpoint: 'gap',
  position: [3, 0, 4],
};
/** Skill 3 against Defense 9 with the stunt's ⊖: [15, 11] keeps 11 (total 14, a hit), [15, 5] keeps 5 (a miss). */
const ATTACK = { skill: 3, tn: 9 };

describe('rpg-attacks stunts', () => {
  it('a stunt rolls with one more ⊖ (two d20s, the worst kept); a miss has no outcome and rolls nothing more', () => {
    expect(stuntEdge()).toEqual({ boons: 0, banes: 1 });
    expect(stuntEdge({ boons: 1, banes: 0 })).toEqual({ boons: 1, banes: 1 });
    const miss = rollStunt(scripted([15, 5]), 'disarm', ATTACK, ME, FOE);
    expect(miss).toMatchObject({ ok: true, attack: { dice: [15, 5], kept: 5, success: false }, outcome: null });
    expect(en(stuntWords(null))).toBe('the stunt misses');
  });

  it('Called Shot: one Hindered (no grappler) that ends at the end of the target’s next turn', () => {
    const r = rollStunt(scripted([15, 11]), 'calledShot', ATTACK, ME, FOE);
    if (!r.ok || r.outcome?.stunt !== 'calledShot') throw new Error('expected a Called Shot outcome');
    expect(r.outcome.condition.hindered).toEqual([{ by: null, cause: 'calledShot' }]);
    expect(grappleHindered(r.outcome.condition)).toBe(0);
    expect(endTurn(r.outcome.condition).hindered).toEqual([]);
  });

  it('Disarm: Strength 4 against the attack total 14 holds at 10 (total 14) and drops the weapon at 9 (total 13)', () => {
    const held = resolveDisarm(scripted([10]), 14, FOE);
    expect(held).toMatchObject({ test: { total: 14, tn: 14, success: true }, dropped: null });
    const lost = resolveDisarm(scripted([9]), 14, FOE);
    expect(lost).toMatchObject({ test: { total: 13, success: false }, dropped: { weapon: 'knife', at: [3, 0, 4] } });
    const r = rollStunt(scripted([15, 11, 9]), 'disarm', ATTACK, ME, FOE);
    expect(r).toMatchObject({ ok: true, attack: { total: 14 }, outcome: { dropped: { weapon: 'knife' } } });
    expect(en(stuntWords(lost))).toBe('Disarm: Strength 13 against 14 fails; knife falls at its feet');
  });

  it('Disarm: a wounded target tests with ⊖ (the worse of two dice); no weapon, no Disarm', () => {
    const wounded = { ...FOE, condition: { ...HEALTHY, wounds: 1 } };
    expect(resolveDisarm(scripted([12, 9]), 14, wounded)).toMatchObject({ test: { kept: 9 }, dropped: {} });
    expect(stuntRefusal('disarm', ME, { ...FOE, weapon: null })).toMatchObject({ ok: false, code: 'no-weapon' });
  });

  it('Driving Attack: both move 1 m along the line from attacker to target, height kept', () => {
    const out = drive([0, 0, 0], [3, 0.5, 4]);
    expect(out.attacker[0]).toBeCloseTo(0.6);
    expect(out.attacker[2]).toBeCloseTo(0.8);
    expect(out.target[0]).toBeCloseTo(3.6);
    expect(out.target[1]).toBe(0.5);
    expect(out.target[2]).toBeCloseTo(4.8);
    expect(drive([1, 0, 1], [1, 2, 1])).toEqual({ stunt: 'drivingAttack', attacker: [1, 0, 1], target: [1, 2, 1] });
    const r = rollStunt(scripted([15, 11]), 'drivingAttack', ATTACK, ME, FOE);
    expect(r.ok && r.outcome?.stunt).toBe('drivingAttack');
  });

  it('Driving Attack: refused against a foe two Sizes larger, allowed against one Size larger', () => {
    expect(stuntRefusal('drivingAttack', ME, { ...FOE, size: 2 })).toMatchObject({ code: 'too-large' });
    expect(stuntRefusal('drivingAttack', ME, { ...FOE, size: 1 })).toBeNull();
    expect(rollStunt(scripted([]), 'drivingAttack', ATTACK, ME, { ...FOE, size: 3 })).toMatchObject({ ok: false });
  });

  it('Targeted Weakpoint: Armour halved rounding down; a small gap only on a critical hit; none refused', () => {
    expect(weakpointArmour(5, 'gap', false)).toEqual({ stunt: 'targetedWeakpoint', armour: 2, halved: true });
    expect(weakpointArmour(4, 'gap', false).armour).toBe(2);
    expect(weakpointArmour(5, 'smallGap', false)).toMatchObject({ armour: 5, halved: false });
    expect(weakpointArmour(5, 'smallGap', true)).toMatchObject({ armour: 2, halved: true });
    expect(stuntRefusal('targetedWeakpoint', ME, { ...FOE, weakpoint: 'none' })).toMatchObject({
      code: 'no-weakpoint',
    });
    const crit = rollStunt(scripted([16, 15]), 'targetedWeakpoint', ATTACK, ME, { ...FOE, weakpoint: 'smallGap' });
    expect(crit).toMatchObject({ attack: { total: 18, critical: true }, outcome: { armour: 2 } });
  });

  it('Unbalancing Attack: Speed 5 against 14 keeps its feet at 9 (total 14), falls prone at 8 (total 13)', () => {
    const stays = resolveUnbalancing(scripted([9]), 14, FOE);
    expect(stays).toMatchObject({ test: { total: 14, success: true }, condition: { prone: false } });
    const falls = resolveUnbalancing(scripted([8]), 14, FOE);
    expect(falls).toMatchObject({ test: { total: 13, success: false }, condition: { prone: true } });
    expect(en(stuntWords(falls))).toBe('Unbalancing Attack: Speed 13 against 14 fails; prone');
  });
});
