import { describe, expect, it } from 'vitest';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import type { FpState } from '../../../../src/rules/fiveparsecs';
import {
  FIGURE,
  ITEM_CARRIED,
  OBJECTIVE_WON,
  standing,
  STUN,
  TAKEN_OUT,
  THROUGH,
} from '../../../../src/rules/fiveparsecs/standing';
import { valueFor } from '../../../../src/rules/engine/strength';
import { fresh, set } from './fixture';

/** Standing for both sides: A's, and B's (always its negative). */
function both(s: FpState): number {
  const a = standing(s, 'A');
  expect(standing(s, 'B')).toBeCloseTo(-a, 12);
  return a;
}
const inRound = (s: FpState): FpState => ({ ...s, phase: 'enemy', round: 1 });
const ENEMIES = Array.from({ length: 8 }, (_, i) => `B.gangers-${i + 1}`);

describe('fiveparsecs standing', () => {
  it('is 0 for a fresh battle', () => {
    expect(standing(fresh(), 'A')).toBe(0);
    expect(standing(fresh(), 'B')).toBe(0);
  });

  it('counts each Stun marker', () => {
    expect(STUN).toBe(1);
    expect(both(set('A.captain', { stun: 1 })(fresh()))).toBe(-STUN);
    expect(both(set('B.gangers-1', { stun: 2 })(fresh()))).toBe(2 * STUN);
  });

  it('leaves a figure taken out to the layout and the score', () => {
    const slain = set('B.gangers-1', { out: 'slain' })(fresh());
    expect(both(slain)).toBe(0);
    expect(valueFor(fiveparsecs, slain, 'A') - valueFor(fiveparsecs, fresh(), 'A')).toBe(TAKEN_OUT);
  });

  it('counts the Bails this round’s enemy casualties will roll for (Panic 1-2: a third of a die each)', () => {
    expect(both({ ...inRound(fresh()), casualties: 3 })).toBe(TAKEN_OUT);
    // Never more than the enemies that may Bail: not the Fearless.
    const fearless = ENEMIES.slice(1).reduce((s, id) => set(id, { fearless: true })(s), inRound(fresh()));
    expect(both({ ...fearless, casualties: 6 })).toBe(TAKEN_OUT);
    expect(both({ ...set('B.gangers-1', { fearless: true })(fearless), casualties: 6 })).toBe(0);
    expect(both({ ...inRound(fresh()), casualties: 3, phase: 'over' })).toBe(0);
  });

  it('counts Move Through’s figures through the far edge (and as still on the table), and the objective won', () => {
    const s = inRound(fresh({ mission: 'move-through' }));
    const through = (ids: string[], wonRound: number | null = null): FpState =>
      ids.reduce<FpState>((x, id) => set(id, { out: 'left' })(x), {
        ...s,
        mission: { ...s.mission, exits: { north: ids, south: [] }, wonRound },
      });
    expect(both(through(['A.captain']))).toBe(FIGURE + THROUGH / 2);
    expect(valueFor(fiveparsecs, through(['A.captain']), 'A') - valueFor(fiveparsecs, s, 'A')).toBe(THROUGH / 2);
    expect(both(through(['A.captain', 'A.pilot'], 1))).toBe(2 * FIGURE + OBJECTIVE_WON);
    // Off by the crew's own edge: gone from the fight, nothing here.
    const home = set('A.captain', { out: 'left' })({
      ...s,
      mission: { ...s.mission, exits: { north: [], south: ['A.captain'] } },
    });
    expect(both(home)).toBe(0);
  });

  it('counts Acquire’s item carried by a crew figure on the table, and carried home', () => {
    const s = inRound(fresh({ mission: 'acquire' }));
    const carried = { ...s, mission: { ...s.mission, item: { pos: null, carrier: 'A.pilot', off: null } } };
    expect(both(carried)).toBe(ITEM_CARRIED);
    const home = set('A.pilot', { out: 'left' })({
      ...s,
      mission: {
        ...s.mission,
        item: { pos: null, carrier: 'A.pilot', off: 'south' as const },
        exits: { north: [], south: ['A.pilot'] },
        wonRound: 2,
      },
    });
    expect(both(home)).toBe(FIGURE + OBJECTIVE_WON);
  });

  it('is the ruleset’s standing', () => {
    expect(fiveparsecs.standing).toBe(standing);
  });
});
