/** Consequences: Wound and Grave Wound banes (capped at ⊖⊖⊖), the Det test against going down, Prone, words. */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import {
  HEALTHY,
  applyConsequence,
  conditionWords,
  endTurn,
  isDown,
  physicalBanes,
  proneEdge,
  removeHindered,
  standUp,
  withPhysicalBanes,
  type Condition,
} from '../../../../src/rules/rpg-attacks/consequences';

const cond = (over: Partial<Condition>): Condition => ({ ...HEALTHY, ...over });

describe('rpg-attacks consequences', () => {
  it('a Wound is ⊖, a Grave Wound ⊖⊖, each Hindered ⊖; they add up and stop at ⊖⊖⊖', () => {
    expect(physicalBanes(HEALTHY)).toBe(0);
    expect(physicalBanes(cond({ wounds: 1 }))).toBe(1);
    expect(physicalBanes(cond({ graveWounds: 1 }))).toBe(2);
    expect(physicalBanes(cond({ wounds: 1, hindered: [{ by: 'a', cause: 'grapple' }] }))).toBe(2);
    expect(physicalBanes(cond({ wounds: 1, graveWounds: 1 }))).toBe(3);
    expect(physicalBanes(cond({ wounds: 2, graveWounds: 2 }))).toBe(3);
    expect(withPhysicalBanes({ boons: 1, banes: 1 }, cond({ wounds: 2 }))).toEqual({ boons: 1, banes: 3 });
  });

  it('a Wound adds one and rolls nothing; the input condition is not changed', () => {
    const start = cond({ wounds: 1 });
    const r = applyConsequence(start, { kind: 'wound' }, scripted([]));
    expect(r).toMatchObject({ condition: { wounds: 2, down: false }, wentDown: false });
    expect(r.downTest).toBeUndefined();
    expect(start.wounds).toBe(1);
  });

  it('the first Grave Wound: Det 3 against TN 11 stays up at 8 (total 11), goes down at 7 (total 10)', () => {
    const up = applyConsequence(HEALTHY, { kind: 'graveWound', det: 3 }, scripted([8]));
    expect(up).toMatchObject({ condition: { graveWounds: 1, down: false }, wentDown: false });
    expect(up.downTest).toMatchObject({ total: 11, tn: 11, success: true });
    const down = applyConsequence(HEALTHY, { kind: 'graveWound', det: 3 }, scripted([7]));
    expect(down).toMatchObject({ condition: { graveWounds: 1, down: true }, wentDown: true });
    expect(isDown(down.condition)).toBe(true);
  });

  it('the second Grave Wound tests against TN 12; a natural 1 goes down whatever the Det; no banes on Det', () => {
    const second = applyConsequence(cond({ graveWounds: 1 }), { kind: 'graveWound', det: 3 }, scripted([9]));
    expect(second.downTest).toMatchObject({ tn: 12, total: 12, success: true, dice: [9] });
    const one = applyConsequence(HEALTHY, { kind: 'graveWound', det: 20 }, scripted([1]));
    expect(one).toMatchObject({ wentDown: true, downTest: { criticalFailure: true } });
  });

  it('Wounds + 2 x Grave Wounds of 6 goes down without a test; 5 does not', () => {
    const third = applyConsequence(cond({ graveWounds: 2 }), { kind: 'graveWound', det: 0 }, scripted([]));
    expect(third).toMatchObject({ condition: { graveWounds: 3, down: true }, wentDown: true });
    expect(third.downTest).toBeUndefined();
    expect(applyConsequence(cond({ wounds: 5 }), { kind: 'wound' }).condition.down).toBe(true);
    expect(applyConsequence(cond({ wounds: 4 }), { kind: 'wound' }).condition.down).toBe(false);
    const already = applyConsequence(cond({ wounds: 6, down: true }), { kind: 'wound' });
    expect(already).toMatchObject({ condition: { down: true }, wentDown: false });
  });

  it('a Grave Wound that needs a Det test refuses to go without dice', () => {
    expect(() => applyConsequence(HEALTHY, { kind: 'graveWound', det: 2 })).toThrow(RangeError);
  });

  it('a Called Shot Hindered ends at the end of its next turn; a grapple Hindered stays', () => {
    let c = applyConsequence(HEALTHY, { kind: 'hindered', by: null, cause: 'calledShot' }).condition;
    c = applyConsequence(c, { kind: 'hindered', by: 'g1', cause: 'grapple' }).condition;
    expect(physicalBanes(c)).toBe(2);
    expect(endTurn(c).hindered).toEqual([{ by: 'g1', cause: 'grapple' }]);
    expect(removeHindered(c, 'g1').hindered).toEqual([{ by: null, cause: 'calledShot' }]);
    expect(removeHindered(c, 'nobody')).toBe(c);
  });

  it('Prone: ⊖ on its own melee attacks, ⊕ to melee attacks on it, nothing for ranged; standing up clears it', () => {
    const prone = applyConsequence(HEALTHY, { kind: 'prone' }).condition;
    expect(proneEdge(prone, HEALTHY, 'melee')).toEqual({ boons: 0, banes: 1 });
    expect(proneEdge(HEALTHY, prone, 'melee')).toEqual({ boons: 1, banes: 0 });
    expect(proneEdge(prone, prone, 'melee')).toEqual({ boons: 1, banes: 1 });
    expect(proneEdge(HEALTHY, prone, 'ranged')).toEqual({ boons: 0, banes: 0 });
    expect(standUp(prone).prone).toBe(false);
  });

  it('a pulled Grave Wound knocks out for the rolled hours and counts as out of the fight', () => {
    const r = applyConsequence(HEALTHY, { kind: 'unconscious', hours: 4 });
    expect(r).toMatchObject({ condition: { unconsciousHours: 4, down: false }, wentDown: true });
    expect(isDown(r.condition)).toBe(true);
  });

  it('words name each consequence, the pin and the banes', () => {
    const c = cond({
      wounds: 1,
      graveWounds: 1,
      hindered: [
        { by: 'a1', cause: 'grapple' },
        { by: 'a1', cause: 'grapple' },
        { by: 'b2', cause: 'grapple' },
      ],
      prone: true,
    });
    expect(conditionWords(c).map(en)).toEqual([
      '1 Wound',
      '1 Grave Wound',
      'Hindered x2 (grappled by a1)',
      'Hindered (grappled by b2)',
      'pinned',
      'prone',
      '⊖⊖⊖ on physical tests',
    ]);
    expect(conditionWords(HEALTHY)).toEqual([]);
  });
});
