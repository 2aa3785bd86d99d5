/**
 * The action bar's keys (state/actionKeys.ts) on a BLKOUT duel (seed 5): 1 arms the first point pick of
 * the focused model, the next numbers its choices in the bar's order, Space the choice that ends the step
 * (done repositioning before end of activation), and keys past the bar do nothing.
 */
import { describe, expect, it } from 'vitest';
import { actionForKey, barOf, endChoice, focusOf, nextActor } from '../../../src/state/actionKeys';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { ruleset } from '../../../src/rules/blkout';
import { newMatch } from '../../../src/rules/engine/match';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';
import { midGame } from '../rules/blkout/fixture';

describe('the action bar keys', () => {
  it('BLKOUT duel (seed 5): 1 is the Move pick, Space is "Done repositioning"; after it, a number plays the shot and Space ends the activation', async () => {
    const { store, play, view, press } = playSession<BlkoutState>('blkout');
    const start = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });
    expect(await play.resume({ initial: newMatch(ruleset, start, 5).initial }, { A: 'human', B: 'ai' })).toEqual({
      ok: true,
    });
    // Before an activation nothing is focused: numbers do nothing; Space is not an end of anything yet.
    expect(focusOf(view(), null)).toBeNull();
    expect(actionForKey(view(), null, '1')).toBeNull();
    await press(/^Activate Assault Team/);
    expect(focusOf(view(), null)).toBe('A1.0');
    const one = actionForKey(view(), null, '1');
    expect(one && 'pick' in one && one.pick.type).toBe('move');
    const space = actionForKey(view(), null, ' ');
    expect(space && 'choice' in space && en(space.choice.label)).toMatch(/^Done repositioning/);
    expect(actionForKey(view(), null, 'Enter')).toEqual(space);
    expect(actionForKey(view(), null, 'x')).toBeNull();
    await press(/^Done repositioning/);
    const { picks, choices } = barOf(view(), 'A1.0');
    const n = picks.length + choices.findIndex((c) => /shoots Bratva/.test(en(c.label))) + 1;
    expect(n).toBeGreaterThan(0);
    const shot = actionForKey(view(), 'A1.0', String(n));
    expect(shot && 'choice' in shot && en(shot.choice.label)).toMatch(/shoots Bratva/);
    // One past the bar: nothing.
    expect(actionForKey(view(), 'A1.0', String(picks.length + choices.length + 1))).toBeNull();
    expect(en(endChoice(view())!.label)).toMatch(/end/i);
    store.getState().select(null);
    play.stop();
  });

  it("Space presses a step's only move (Roll initiative) when there is nothing to end, no pick and no one-press shortcut", () => {
    const roll = { label: 'Roll initiative', move: { type: 'roll-initiative' }, models: [], targets: [], fold: null };
    const other = { ...roll, label: 'Deploy', move: { type: 'deploy' } };
    const pick = { type: 'move', model: 'c', label: 'Move c', allowance: 4 };
    expect(endChoice({ choices: [roll], picks: [], shortcuts: [] })).toBe(roll);
    // Two moves, a pick beside it, or a shortcut: Space does not guess.
    expect(endChoice({ choices: [roll, other], picks: [], shortcuts: [] })).toBeNull();
    expect(endChoice({ choices: [roll], picks: [pick as never], shortcuts: [] })).toBeNull();
    expect(endChoice({ choices: [roll], picks: [], shortcuts: [{ label: 'x', moves: [] } as never] })).toBeNull();
  });

  it('Tab cycles the models that can still act, in table order, wrapping; Shift+Tab goes back', () => {
    const view = {
      picks: [{ type: 'move', model: 'c', label: 'Move c', allowance: 4 }],
      choices: [
        { label: 'a shoots', move: { type: 'shoot' }, models: ['a'], targets: ['x'], fold: null },
        { label: 'pass', move: { type: 'pass' }, models: [], targets: [], fold: null },
      ],
    };
    const order = ['a', 'b', 'c', 'x'];
    expect(nextActor(view, order, null)).toBe('a');
    expect(nextActor(view, order, 'a')).toBe('c');
    expect(nextActor(view, order, 'c')).toBe('a');
    expect(nextActor(view, order, 'b')).toBe('a');
    expect(nextActor(view, order, 'a', true)).toBe('c');
    expect(nextActor(view, order, null, true)).toBe('c');
    expect(nextActor({ picks: [], choices: [] }, order, 'a')).toBeNull();
  });
});
