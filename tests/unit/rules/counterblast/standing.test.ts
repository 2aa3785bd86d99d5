import { describe, expect, it } from 'vitest';
import counterblast from '../../../../src/rules/counterblast';
import type { CbState } from '../../../../src/rules/counterblast';
import {
  CONDITION,
  DOWN,
  DREAD,
  HARM_CAP,
  MISSION_POINT,
  PANICKED,
  PRONE,
  standing,
  STUNNED,
  UNSTABLE,
} from '../../../../src/rules/counterblast/standing';
import { valueFor } from '../../../../src/rules/engine/strength';
import { both as all, fresh, set } from './fixture';

/** Turn 1's Activation phase with both crews on their own edges, far from the objectives (z = 18). */
function lined(): CbState {
  const s = fresh();
  const next = { A: 0, B: 0 };
  const models = Object.fromEntries(
    Object.values(s.models).map((m) => {
      const x = 4 + 3 * next[m.player]++;
      return [m.id, { ...m, pos: [x, 0, m.player === 'A' ? 34 : 2] as [number, number, number] }];
    }),
  );
  return { ...s, models, phase: 'activation', turn: 1, active: 'A', moxie: { A: 4, B: 4 } };
}
/** Standing for both sides: A's, and B's (always its negative). */
function both(s: CbState): number {
  const a = standing(s, 'A');
  expect(standing(s, 'B')).toBeCloseTo(-a, 12);
  return a;
}
const at = (id: string, x: number, z: number) => set(id, { pos: [x, 0, z] });
const casualty = (id: string) => set(id, { casualty: true, pos: null });

describe('counterblast standing', () => {
  it('is 0 for two crews of equal points lined up on their edges, and 0 before deployment', () => {
    expect(standing(lined(), 'A')).toBe(0);
    expect(standing(lined(), 'B')).toBe(0);
    expect(standing(fresh(), 'A')).toBe(0);
  });

  it('counts damage tokens as the share of a model that makes a casualty (beyond twice Mettle)', () => {
    // Mettle 3: a casualty at 7 tokens, so 1 token is 3/7 of a model.
    expect(both(set('A.gunner-1', { damage: 1 })(lined()))).toBeCloseTo(-3 / 7, 12);
    expect(both(set('B.thug-1', { damage: 2 })(lined()))).toBeCloseTo(6 / 7, 12);
  });

  it('counts Down (its tokens aside), more once no longer Stable', () => {
    const down = { damage: 3, down: true, stable: true, prone: true };
    expect(both(set('A.gunner-1', down)(lined()))).toBe(-DOWN);
    expect(both(set('A.gunner-1', { ...down, stable: false })(lined()))).toBe(-DOWN - UNSTABLE);
  });

  it('counts Stunned, Panicked, Prone and each inflicted condition', () => {
    expect(both(set('B.thug-1', { stunned: true })(lined()))).toBe(STUNNED);
    expect(both(set('B.thug-1', { panicked: true })(lined()))).toBe(PANICKED);
    expect(both(set('B.thug-1', { prone: true })(lined()))).toBe(PRONE);
    expect(both(set('A.scout', { conditions: ['pinned'] })(lined()))).toBe(-CONDITION.pinned);
    expect(both(set('A.scout', { conditions: ['blind', 'burning'] })(lined()))).toBe(-1.5);
  });

  it('never counts a model on the table as badly as a casualty', () => {
    const worst = set('A.scout', { stunned: true, panicked: true, conditions: ['blind', 'pinned'] })(lined());
    expect(both(worst)).toBe(-HARM_CAP);
    expect(valueFor(counterblast, worst, 'A')).toBeGreaterThan(
      valueFor(counterblast, casualty('A.scout')(lined()), 'A'),
    );
  });

  it('counts the Battle Score the crews would have now', () => {
    // 390 of 500 points standing (78 %) is still 6; 335 (67 %) is 3.
    expect(both(all(casualty('B.thug-1'), casualty('B.thug-2'))(lined()))).toBe(0);
    expect(both(all(casualty('B.thug-1'), casualty('B.thug-2'), casualty('B.firebug'))(lined()))).toBe(
      3 * MISSION_POINT,
    );
  });

  it('counts the objectives held now, by models neither Down nor Panicked', () => {
    expect(MISSION_POINT * 2).toBe(3);
    const boss = at('A.boss', 8, 18)(lined());
    expect(both(boss)).toBe(3);
    expect(both(at('B.thug-1', 9, 18)(boss))).toBe(0);
    expect(both(all(at('B.thug-1', 9, 18), at('B.thug-2', 7, 18))(boss))).toBe(-3);
    expect(both(set('A.boss', { down: true, stable: true, prone: true })(boss))).toBe(-DOWN);
    expect(both(set('A.boss', { panicked: true })(boss))).toBe(-PANICKED);
    // Once the battle is over its Mission Score is the score: nothing here.
    expect(both({ ...boss, phase: 'over' })).toBe(0);
  });

  it('counts dread', () => {
    expect(both({ ...lined(), dread: { A: 2, B: 0 } })).toBe(-2 * DREAD);
  });

  it('counts a model not yet deployed as on the table (the layout misses it, yet it is not lost)', () => {
    const s = { ...fresh(), phase: 'deploy' as const };
    expect(valueFor(counterblast, at('A.boss', 10, 34)(s), 'A')).toBe(valueFor(counterblast, s, 'A'));
  });

  it('is the ruleset’s standing', () => {
    expect(counterblast.standing).toBe(standing);
  });
});
