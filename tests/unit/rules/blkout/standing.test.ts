import { describe, expect, it } from 'vitest';
import blkout from '../../../../src/rules/blkout';
import type { BlkoutState } from '../../../../src/rules/blkout';
import type { ModelState } from '../../../../src/rules/blkout/game';
import {
  MODEL,
  PINNED,
  QUADRANT,
  RESOURCE,
  standing,
  UNIT_DESTROYED,
  UNIT_HALF_LOST,
} from '../../../../src/rules/blkout/standing';
import { valueFor } from '../../../../src/rules/engine/strength';
import { fresh } from './fixture';

/** Round 1 of Execution with every model on the table along its own edge, outside every quadrant. */
function lined(): BlkoutState {
  const s = fresh();
  const next = { A: 0, B: 0 };
  const models = Object.fromEntries(
    Object.values(s.models).map((m) => {
      const x = 2 + 1.2 * next[m.player]++;
      return [m.id, { ...m, pos: [x, 0, m.player === 'A' ? 34 : 2] as [number, number, number] }];
    }),
  );
  return { ...s, models, phase: 'execution', round: 1, turn: 'A', initiative: 'A', firstDeployer: 'A' };
}

const patch =
  (id: string, p: Partial<ModelState>) =>
  (s: BlkoutState): BlkoutState => ({ ...s, models: { ...s.models, [id]: { ...s.models[id]!, ...p } } });
const at = (id: string, x: number, z: number) => patch(id, { pos: [x, 0, z] });
const apply = (s: BlkoutState, ...fs: ((s: BlkoutState) => BlkoutState)[]) => fs.reduce((x, f) => f(x), s);
/** Standing for both sides: A's, and B's (always its negative). */
function both(s: BlkoutState): number {
  const a = standing(s, 'A');
  expect(standing(s, 'B')).toBeCloseTo(-a, 12);
  return a;
}

describe('blkout standing', () => {
  it('is 0 with both groups lined up on their edges, equal command points and no cards', () => {
    expect(standing(lined(), 'A')).toBe(0);
    expect(standing(lined(), 'B')).toBe(0);
  });

  it('counts damage as the share of the track marked: 1 of 2 boxes is half a model', () => {
    expect(MODEL).toBe(3);
    expect(both(apply(lined(), patch('A3.0', { damage: 1 })))).toBe(-1.5);
    expect(both(apply(lined(), patch('B3.0', { damage: 1 })))).toBe(1.5);
  });

  it('counts a Duster’s two tracks together, never more than a whole model', () => {
    const s = apply(lined(), patch('A3.0', { damage: 1, mobility: { track: 2, damage: 1 } }));
    expect(both(s)).toBe(-MODEL * 0.75);
  });

  it('counts a pinned unit with models left', () => {
    expect(PINNED).toBe(1);
    const s = lined();
    expect(both({ ...s, units: { ...s.units, B1: { ...s.units.B1!, pinned: true } } })).toBe(PINNED);
    expect(both({ ...s, units: { ...s.units, A1: { ...s.units.A1!, pinned: true } } })).toBe(-PINNED);
  });

  it('counts a quadrant held while a quadrant scoring is to come, tracked models counting their boxes', () => {
    expect(QUADRANT).toBe(3);
    const one = apply(lined(), at('A1.0', 12, 12));
    expect(both(one)).toBe(QUADRANT);
    expect(both(apply(one, at('B1.0', 13, 13), at('B1.1', 14, 14)))).toBe(-QUADRANT);
    // B's tracked model (2 boxes) against A's two grunts: even, nobody holds it.
    expect(both(apply(one, at('A1.1', 14, 14), at('B3.0', 16, 12)))).toBe(0);
    // Round 5 still has a scoring to come; once the game is over, nothing.
    expect(both({ ...one, round: 5 })).toBe(QUADRANT);
    expect(both({ ...one, phase: 'over' })).toBe(0);
  });

  it('counts enemy units destroyed (or more than half destroyed) for the end-of-game points', () => {
    const gone = (...ids: string[]) => apply(lined(), ...ids.map((id) => patch(id, { destroyed: true, pos: null })));
    expect(both(gone('B1.0', 'B1.1', 'B1.2', 'B1.3'))).toBe(UNIT_DESTROYED);
    expect(both(gone('B1.0', 'B1.1', 'B1.2'))).toBe(UNIT_HALF_LOST);
    expect(both(gone('B1.0', 'B1.1'))).toBe(0);
    expect(both(gone('A0.0'))).toBe(-UNIT_DESTROYED);
  });

  it('counts a model held off the table as on it (the layout misses it, yet it is not lost)', () => {
    const s = lined();
    const held = apply(s, patch('A1.0', { pos: null }));
    expect(both(held)).toBe(MODEL);
    expect(valueFor(blkout, held, 'A')).toBe(valueFor(blkout, s, 'A'));
  });

  it('counts a little for each command point and BURN card in hand', () => {
    const s = lined();
    expect(both({ ...s, cp: { A: 4, B: 3 } })).toBe(RESOURCE);
    expect(both({ ...s, burn: { ...s.burn, hands: { A: [], B: ['amped', 'rewind'] } } })).toBe(-2 * RESOURCE);
  });

  it('is the ruleset’s standing', () => {
    expect(blkout.standing).toBe(standing);
  });
});
