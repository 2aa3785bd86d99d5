import { describe, expect, it } from 'vitest';
import { LeverTally, NO_LEVERS, type LeverStep, type Levers } from '../../../../src/rules/engine/levers';

/** A toy: a pool of points; `spend` uses one, `wait` does nothing, `end` loses what is left. */
type Toy = { points: number };
const toyLevers: Levers<Toy> = {
  mechanics: ['spend', 'wait'],
  resources: ['points'],
  used: (s) => (s.action.type === 'spend' || s.action.type === 'wait' ? [s.action.type] : []),
  idle: (s) => s.action.type === 'wait' && s.legal.some((a) => a.type === 'spend'),
  wasted: (s): Record<string, number> => (s.action.type === 'end' ? { points: s.before.points } : {}),
};

const step = (type: string, points: number, legal: string[]): LeverStep<Toy> => ({
  before: { points },
  player: 'A',
  action: { type },
  after: { points: type === 'spend' ? points - 1 : type === 'end' ? 0 : points },
  events: [],
  legal: legal.map((t) => ({ type: t })),
});

describe('levers tally', () => {
  it('counts every declared mechanic (0 when never used), the idle share and what was let go', () => {
    const t = new LeverTally(toyLevers, 'toy');
    t.add(step('spend', 3, ['spend', 'wait', 'end']));
    // Waiting with a point to spend is idle; waiting with nothing to spend is not.
    t.add(step('wait', 2, ['spend', 'wait', 'end']));
    t.add(step('wait', 0, ['wait', 'end']));
    t.add(step('end', 2, ['spend', 'wait', 'end']));
    expect(t.figures()).toEqual({
      mechanics: { spend: 1, wait: 2 },
      idleShare: 1 / 4,
      wasted: { points: 2 },
      decisions: 4,
    });
  });

  it('lists a mechanic never used at 0, and a game with no decisions has an idle share of 0', () => {
    const t = new LeverTally(toyLevers, 'toy');
    expect(t.figures()).toEqual({
      mechanics: { spend: 0, wait: 0 },
      idleShare: 0,
      wasted: { points: 0 },
      decisions: 0,
    });
    expect(new LeverTally(NO_LEVERS, 'none').figures().mechanics).toEqual({});
  });

  it('refuses a name the ruleset did not declare, naming the ruleset and the name', () => {
    const t = new LeverTally({ ...toyLevers, used: () => ['sprint'] }, 'toy');
    expect(() => t.add(step('spend', 1, []))).toThrow('toy: levers.used named "sprint", not in its mechanics');
    const w = new LeverTally({ ...toyLevers, wasted: () => ({ moxie: 1 }) }, 'toy');
    expect(() => w.add(step('end', 1, []))).toThrow('toy: levers.wasted named "moxie", not in its resources');
  });
});
