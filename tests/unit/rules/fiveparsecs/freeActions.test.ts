/** Free Actions: one costs nothing, a second costs the Combat Action, a third is refused (counted per round). */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { legalMoves } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/fiveparsecs';
import { combatForgone, freeActionRefusal, takeFreeAction } from '../../../../src/rules/fiveparsecs/freeActions';
import { matchOf, midRound, play, refuse, set } from './fixture';
import { en } from '../../../support/words';

const q = fakeTable();
const G1 = 'B.gangers-1';
const shot = { type: 'shoot' as const, figure: 'A.captain', weapon: 'military-rifle', target: G1 };

describe('"one Free Action without inhibiting their other activities"; "two ... requires foregoing the Combat Action"', () => {
  it('the count: 0 and 1 keep the Combat Action, 2 gives it up; a third is refused', () => {
    const f = midRound({ 'A.captain': [18, 30] }).figures['A.captain']!;
    expect(combatForgone(f)).toBe(false);
    const one = takeFreeAction(f);
    expect([one.freeActions, combatForgone(one)]).toEqual([1, false]);
    const two = takeFreeAction(one);
    expect([two.freeActions, combatForgone(two)]).toEqual([2, true]);
    expect(freeActionRefusal(f, true)).toBeNull();
    expect(freeActionRefusal(one, false)).toBeNull();
    expect(en(freeActionRefusal(one, true)!)).toMatch(/costs the Combat Action/);
    expect(en(freeActionRefusal(two, false)!)).toMatch(/has taken 2 Free Actions/);
  });
  it('after one Free Action the figure still shoots (die 5 + 1 hits 5+; damage 1: Stunned)', () => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 30], [G1]: [18, 20] }, 'quick', set('A.captain', { freeActions: 1 })),
    );
    expect(play(m, 'A', shot, q, [5, 1]).match.state.figures[G1]!.stun).toBe(1);
  });
  it('after two it may not shoot, brawl or move into contact; moving is still offered', () => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 30], [G1]: [18, 20] }, 'quick', set('A.captain', { freeActions: 2 })),
    );
    expect(en(refuse(m, 'A', shot, q, 'fiveparsecs:refuse.combatForgone').message)).toMatch(
      /gave up its Combat Action/,
    );
    const legal = legalMoves(ruleset, m, 'A', q);
    expect(legal.some((a) => a.type === 'shoot')).toBe(false);
    expect(legal.some((a) => a.type === 'move')).toBe(true);
    const close = matchOf(
      midRound({ 'A.captain': [18, 14.05], [G1]: [18, 13] }, 'quick', set('A.captain', { freeActions: 2 })),
    );
    refuse(close, 'A', { type: 'brawl', figure: 'A.captain', target: G1 }, q, 'fiveparsecs:refuse.combatForgone');
    const near = matchOf(
      midRound({ 'A.captain': [18, 16], [G1]: [18, 13] }, 'quick', set('A.captain', { freeActions: 2 })),
    );
    expect(
      en(
        refuse(
          near,
          'A',
          { type: 'move', figure: 'A.captain', x: 18, y: 0, z: 14.01 },
          q,
          'fiveparsecs:refuse.freeBrawl',
        ).message,
      ),
    ).toMatch(/two Free Actions/);
  });
  it('the count is cleared at the next round', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 30], [G1]: [18, 5] }, 'slow', set('A.captain', { freeActions: 2 })));
    // The captain is the last to act: the round ends (no casualties, no morale dice), round 2's one Reaction die.
    const s = play(m, 'A', { type: 'done', figure: 'A.captain' }, q, [3]).match.state;
    expect(s.round).toBe(2);
    expect(s.figures['A.captain']!.freeActions).toBeUndefined();
  });
});
