import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/counterblast/legal';
import type { CbAction } from '../../../../src/rules/counterblast';
import type { ActionOf } from '../../../../src/rules/counterblast/actions';

// A.gunner-1: Zap 4, rifle 24" / 1. B.thug-1 6" and B.thug-2 7" away (both short range: Difficulty 7), Defense 2.
const place = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [17, 10] } as Record<
  string,
  [number, number]
>;

describe('counterblast splitting attacks', () => {
  it('the Zap pool divided between two targets: both checks roll before any damage lands (one action); the parts must add up to the pool', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    const offered = legalActions(m.state, 'A', q).filter(
      (a): a is ActionOf<'shoot'> => a.type === 'shoot' && !!a.split,
    );
    expect(offered.map((a) => a.split)).toEqual([
      [
        { target: 'B.thug-1', dice: 2 },
        { target: 'B.thug-2', dice: 2 },
      ],
    ]);
    const split = {
      type: 'shoot',
      model: 'A.gunner-1',
      weapon: 0,
      target: 'B.thug-1',
      split: [
        { target: 'B.thug-1', dice: 1 },
        { target: 'B.thug-2', dice: 3 },
      ],
    } satisfies CbAction;
    expect(
      refuse(
        m,
        'A',
        {
          ...split,
          split: [
            { target: 'B.thug-1', dice: 1 },
            { target: 'B.thug-2', dice: 2 },
          ],
        },
        q,
        'counterblast:err.splitTotal',
      ).message,
    ).toMatch(/splits 4D \(Zap\), not 3D/);
    expect(
      refuse(
        m,
        'A',
        {
          ...split,
          split: [
            { target: 'B.thug-1', dice: 2 },
            { target: 'B.thug-1', dice: 2 },
          ],
        },
        q,
        'counterblast:err.splitOnce',
      ).message,
    ).toMatch(/each target once/);
    expect(
      refuse(
        m,
        'A',
        {
          ...split,
          split: [
            { target: 'B.thug-1', dice: 0 },
            { target: 'B.thug-2', dice: 4 },
          ],
        },
        q,
        'counterblast:err.splitDice',
      ).message,
    ).toMatch(/1D or more/);
    const w = play(m, 'A', split, q).match;
    // One reaction for B from either target.
    expect(w.window?.options.map((o) => `${o.type}:${'model' in o ? o.model : ''}`)).toEqual([
      'return-fire:B.thug-1',
      'action-roll:B.thug-1',
      'return-fire:B.thug-2',
      'action-roll:B.thug-2',
    ]);
    // thug-1: 7 = 1; thug-2: 7, 7, 1 = 2; then Defense: thug-1 1, 1 (1 token), thug-2 1, 1 (2 tokens).
    const r = play(w, 'B', { type: 'pass' }, q, [7, 7, 7, 1, 1, 1, 1, 1]);
    const order = r.events
      .filter((e) => e.type === 'shot' || e.type === 'defense')
      .map((e) => `${e.type}:${e.target ?? e.model}`);
    expect(order).toEqual(['shot:B.thug-1', 'shot:B.thug-2', 'defense:B.thug-1', 'defense:B.thug-2']);
    expect([r.match.state.models['B.thug-1']!.damage, r.match.state.models['B.thug-2']!.damage]).toEqual([1, 2]);
  });

  it('a Return-fire from one of the targets resolves with the split shot, simultaneously', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(
      m,
      'A',
      {
        type: 'shoot',
        model: 'A.gunner-1',
        weapon: 0,
        target: 'B.thug-1',
        split: [
          { target: 'B.thug-1', dice: 2 },
          { target: 'B.thug-2', dice: 2 },
        ],
      },
      q,
    ).match;
    // thug-1 1, 1; thug-2 1, 1; thug-2's scattergun (Zap 3): 7, 1, 1 = 1 x 2 raw; the gunner's Defense 1, 1: 2 tokens.
    const r = play(m, 'B', { type: 'return-fire', model: 'B.thug-2', weapon: 0 }, q, [1, 1, 1, 1, 7, 1, 1, 1, 1]);
    expect(r.match.state.models['A.gunner-1']!.damage).toBe(2);
    expect(r.match.state.models['B.thug-2']!.stunned).toBe(true);
  });
});

describe('counterblast Pursuit', () => {
  it('a model that disengages may be Pursued: the engaging model Moves straight after it and re-engages when its Move reaches (1 Moxie, then Stunned)', async () => {
    const { engagers } = await import('../../../../src/rules/counterblast/apply');
    let q = fakeTable({ size: 48 });
    const R = 30 / 25.4;
    // Thug-1 engages Boss Kade (0.3" apart, club reach 1"; R is a 30 mm base across); the boss walks 5" away.
    let m = matchOf(midBattle({ 'A.boss': [10, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 34] }));
    m = play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A.boss', x: 10, y: 0, z: 5 }, q).match;
    expect(m.window?.player).toBe('B');
    expect(m.window?.options).toContainEqual({ type: 'pursuit', model: 'B.thug-1' });
    const r = play(m, 'B', { type: 'pursuit', model: 'B.thug-1' }, q);
    const thug = r.match.state.models['B.thug-1']!;
    // Its full Move (5") straight at the boss: 0.3" from its base, so engaging it again.
    expect(thug.pos![2]).toBeCloseTo(10 + R + 0.3 - 5, 2);
    expect(thug.stunned).toBe(true);
    expect(r.match.state.moxie.B).toBe(3);
    q = q.at({
      models: Object.fromEntries(
        Object.values(r.match.state.models)
          .filter((x) => x.pos)
          .map((x) => [
            x.id,
            { side: x.player, position: x.pos!, baseMm: 30, height: 1.3, kind: 'infantry', leanOut: null },
          ]),
      ),
      smoke: [],
    });
    expect(engagers(r.match.state, q, r.match.state.models['A.boss']!).map((e) => e.id)).toEqual(['B.thug-1']);
    // A move that stays engaged is not disengaging: no Pursuit offered.
    let stay = matchOf(midBattle({ 'A.boss': [10, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 34] }));
    stay = play(stay, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    stay = play(stay, 'A', { type: 'move', model: 'A.boss', x: 10.3, y: 0, z: 10 }, q).match;
    expect((stay.window?.options ?? []).some((o) => o.type === 'pursuit')).toBe(false);
  });
});
