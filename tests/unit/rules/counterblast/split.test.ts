import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/counterblast/legal';
import type { CbAction } from '../../../../src/rules/counterblast';

// A.gunner-1: Zap 4, rifle 24" / 1. B.thug-1 6" and B.thug-2 7" away (both short range: Difficulty 7), Defense 2.
const place = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [17, 10] } as Record<string, [number, number]>;

describe('counterblast splitting attacks', () => {
  it('the Zap pool divided between two targets: both checks roll before any damage lands (one action); the parts must add up to the pool', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    const offered = legalActions(m.state, 'A', q).filter((a) => a.type === 'shoot' && a.split);
    expect(offered.map((a) => a.split)).toEqual([[{ target: 'B.thug-1', dice: 2 }, { target: 'B.thug-2', dice: 2 }]]);
    const split = { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1', split: [{ target: 'B.thug-1', dice: 1 }, { target: 'B.thug-2', dice: 3 }] } satisfies CbAction;
    expect(refuse(m, 'A', { ...split, split: [{ target: 'B.thug-1', dice: 1 }, { target: 'B.thug-2', dice: 2 }] }, q).message).toMatch(/splits 4D \(Zap\), not 3D/);
    expect(refuse(m, 'A', { ...split, split: [{ target: 'B.thug-1', dice: 2 }, { target: 'B.thug-1', dice: 2 }] }, q).message).toMatch(/each target once/);
    expect(refuse(m, 'A', { ...split, split: [{ target: 'B.thug-1', dice: 0 }, { target: 'B.thug-2', dice: 4 }] }, q).message).toMatch(/1D or more/);
    const w = play(m, 'A', split, q).match;
    // One reaction for B from either target.
    expect(w.window?.options.map((o) => `${o.type}:${o.model}`)).toEqual(['return-fire:B.thug-1', 'action-roll:B.thug-1', 'return-fire:B.thug-2', 'action-roll:B.thug-2']);
    // thug-1: 7 = 1; thug-2: 7, 7, 1 = 2; then Defense: thug-1 1, 1 (1 token), thug-2 1, 1 (2 tokens).
    const r = play(w, 'B', { type: 'pass' }, q, [7, 7, 7, 1, 1, 1, 1, 1]);
    const order = r.events.filter((e) => e.type === 'shot' || e.type === 'defense').map((e) => `${e.type}:${e.target ?? e.model}`);
    expect(order).toEqual(['shot:B.thug-1', 'shot:B.thug-2', 'defense:B.thug-1', 'defense:B.thug-2']);
    expect([r.match.state.models['B.thug-1']!.damage, r.match.state.models['B.thug-2']!.damage]).toEqual([1, 2]);
  });

  it('a Return-fire from one of the targets resolves with the split shot, simultaneously', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1', split: [{ target: 'B.thug-1', dice: 2 }, { target: 'B.thug-2', dice: 2 }] }, q).match;
    // thug-1 1, 1; thug-2 1, 1; thug-2's scattergun (Zap 3): 7, 1, 1 = 1 x 2 raw; the gunner's Defense 1, 1: 2 tokens.
    const r = play(m, 'B', { type: 'return-fire', model: 'B.thug-2', weapon: 0 }, q, [1, 1, 1, 1, 7, 1, 1, 1, 1]);
    expect(r.match.state.models['A.gunner-1']!.damage).toBe(2);
    expect(r.match.state.models['B.thug-2']!.stunned).toBe(true);
  });
});
