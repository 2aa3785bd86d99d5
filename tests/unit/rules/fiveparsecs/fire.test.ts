/** Weapon traits that spread Shots: the multi-shot switch within 3", Focused, Area within 2"; the firer's last target. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { weaponById } from '../../../../src/rules/fiveparsecs/data';
import type { FpState } from '../../../../src/rules/fiveparsecs';
import { baseGap, switches } from '../../../../src/rules/fiveparsecs/fire';
import { forces, matchOf, midRound, play, refuse } from './fixture';
import { en } from '../../../support/words';

const q = fakeTable();
const G1 = 'B.gangers-1',
  G2 = 'B.gangers-2',
  G3 = 'B.gangers-3';
/** Centre gap of two 25 mm bases `edge` inches apart edge to edge. */
const R2 = 25 / 25.4;
/** The captain carries only `weapon` (added to the battle's weapons when nobody carries it). */
const arm =
  (weapon: string) =>
  (s: FpState): FpState => ({
    ...s,
    weapons: { ...s.weapons, [weapon]: weaponById(forces(), weapon) },
    figures: { ...s.figures, 'A.captain': { ...s.figures['A.captain']!, weapons: [weapon] } },
  });
const fire = (weapon: string, target = G1) => ({ type: 'shoot' as const, figure: 'A.captain', weapon, target });
const battle = (place: Record<string, [number, number]>, weapon: string) =>
  matchOf(midRound({ 'A.captain': [18, 30], ...place }, 'quick', arm(weapon)));

describe('the multi-shot switch: "switching to a target within 3" of one taken out must stay in range"', () => {
  it('which weapons switch: 2+ Shots, not Focused, not Area', () => {
    expect(switches([], 2)).toBe(true);
    expect(switches([], 1)).toBe(false);
    expect(switches(['focused'], 2)).toBe(false);
    expect(switches(['heavy', 'area', 'single-use'], 2)).toBe(false);
  });
  it('auto rifle: the first Shot kills Ganger 1 (5 + 1 hits 5+, damage 6), the second goes to Ganger 2 1" away (5, damage 1: Stunned)', () => {
    const m = battle({ [G1]: [18, 22], [G2]: [18 + 1 + R2, 22] }, 'auto-rifle');
    const r = play(m, 'A', fire('auto-rifle'), q, [5, 6, 5, 1]);
    const s = r.match.state;
    expect(s.figures[G1]!.out).toBe('slain');
    expect(s.figures[G2]!.stun).toBe(1);
    expect(s.figures['A.captain']!.lastTarget).toBe(G2);
    expect(r.events.filter((e) => e.type === 'shot').map((e) => en(e.text))[1]).toMatch(
      /switches the Auto rifle's Shot to/,
    );
  });
  it('exactly 3" from the one taken out: switched; 3.01": the Shot left is lost', () => {
    const at3 = battle({ [G1]: [18, 22], [G2]: [18 + 3 + R2, 22] }, 'auto-rifle');
    expect(play(at3, 'A', fire('auto-rifle'), q, [5, 6, 5, 1]).match.state.figures[G2]!.stun).toBe(1);
    const past = battle({ [G1]: [18, 22], [G2]: [18 + 3.01 + R2, 22] }, 'auto-rifle');
    const r = play(past, 'A', fire('auto-rifle'), q, [5, 6]);
    expect(en(r.events.find((e) => e.type === 'shots-lost')!.text)).toMatch(
      /no other target within 3" of it for the 1 Shot left/,
    );
    expect(r.match.state.figures['A.captain']!.lastTarget).toBe(G1);
  });
  it('the new target must be in range: 24" away it is taken, 24.01" it is not', () => {
    // Ganger 1 at 23" from the captain; Ganger 2 2" further on the same line.
    const line = (g2: number) => battle({ [G1]: [18, 30 - 23 - R2], [G2]: [18, 30 - g2 - R2] }, 'auto-rifle');
    expect(play(line(24), 'A', fire('auto-rifle'), q, [5, 6, 5, 1]).match.state.figures[G2]!.stun).toBe(1);
    expect(play(line(24.01), 'A', fire('auto-rifle'), q, [5, 6]).events.some((e) => e.type === 'shots-lost')).toBe(
      true,
    );
  });
  it('the nearest to the one taken out is taken (2" against 1"); equally near, the lower id', () => {
    const m = battle({ [G1]: [18, 22], [G2]: [18 + 2 + R2, 22], [G3]: [18 - 1 - R2, 22] }, 'auto-rifle');
    expect(play(m, 'A', fire('auto-rifle'), q, [5, 6, 5, 1]).match.state.figures[G3]!.stun).toBe(1);
    const tie = battle({ [G1]: [18, 22], [G2]: [18 + 1 + R2, 22], [G3]: [18 - 1 - R2, 22] }, 'auto-rifle');
    expect(play(tie, 'A', fire('auto-rifle'), q, [5, 6, 5, 1]).match.state.figures[G2]!.stun).toBe(1);
  });
  it('a Shot that misses leaves the target standing: the next Shot goes at it again', () => {
    const m = battle({ [G1]: [18, 22], [G2]: [18 + 1 + R2, 22] }, 'auto-rifle');
    const s = play(m, 'A', fire('auto-rifle'), q, [1, 1, 5, 2]).match.state;
    expect([s.figures[G1]!.stun, s.figures[G2]!.stun]).toEqual([1, 0]);
  });
  it('Focused (the shotgun): both Shots at the one target; a Hit after it is slain is lost, even with Ganger 2 1" away', () => {
    const m = battle({ [G1]: [18, 22], [G2]: [18 + 1 + R2, 22] }, 'shotgun');
    const r = play(m, 'A', fire('shotgun'), q, [5, 5, 6]);
    expect(r.match.state.figures[G1]!.out).toBe('slain');
    expect(r.match.state.figures[G2]!.stun).toBe(0);
  });
});

describe('Area: "extra shot at every figure within 2"" (the Frakk grenade, range 6", 2 Shots, single use)', () => {
  // The captain has not moved: it aims, so each die of 1 is rolled again (the scripts give the second 1).
  // Ganger 1 4" off; Ganger 2 exactly 2" from it, Ganger 3 2.01"; the pilot (a friend) 1" from it.
  const place = {
    [G1]: [18, 25] as [number, number],
    [G2]: [18 + 2 + R2, 25] as [number, number],
    [G3]: [18 - 2.01 - R2, 25] as [number, number],
    'A.pilot': [18, 25 - 1 - R2] as [number, number],
  };
  it('both Shots miss the target (1, 1): then one shot each at the pilot and Ganger 2, not at Ganger 3 (2.01")', () => {
    const r = play(battle(place, 'frakk-grenade'), 'A', fire('frakk-grenade'), q, [1, 1, 1, 1, 1, 1, 1, 1]);
    const shots = r.events.filter((e) => e.type === 'shot');
    expect(shots.map((e) => e.target)).toEqual([G1, 'A.pilot', G2]);
    expect(en(shots[1]!.text)).toMatch(/^The Frakk grenade's area catches Jax Orrin/);
    expect(r.match.state.figures['A.captain']!.spent).toEqual(['frakk-grenade']);
    expect(r.match.state.figures['A.captain']!.lastTarget).toBe(G1);
  });
  it('each is rolled separately: Ganger 2 hit (3 + 1 = 4 against 3+) and Stunned (damage 2), the pilot missed (1)', () => {
    const s = play(battle(place, 'frakk-grenade'), 'A', fire('frakk-grenade'), q, [1, 1, 1, 1, 1, 1, 3, 2]).match.state;
    expect([s.figures['A.pilot']!.stun, s.figures[G2]!.stun, s.figures[G3]!.stun]).toEqual([0, 1, 0]);
  });
  it('a figure the firer cannot see is not caught (no die)', () => {
    const blind = fakeTable({ sight: (v, t) => (v === 'A.captain' && t === G2 ? { hasLos: false } : {}) });
    const r = play(battle(place, 'frakk-grenade'), 'A', fire('frakk-grenade'), blind, [1, 1, 1, 1, 1, 1]);
    expect(r.events.filter((e) => e.type === 'shot').map((e) => e.target)).toEqual([G1, 'A.pilot']);
  });
  it('a target slain by the Shots still centres the area', () => {
    const s = play(battle(place, 'frakk-grenade'), 'A', fire('frakk-grenade'), q, [3, 1, 1, 6, 1, 1, 1, 1]).match.state;
    expect(s.figures[G1]!.out).toBe('slain');
  });
  it('used up: a second throw is refused', () => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 30], ...place }, 'quick', (s) => {
        const armed = arm('frakk-grenade')(s);
        return {
          ...armed,
          figures: { ...armed.figures, 'A.captain': { ...armed.figures['A.captain']!, spent: ['frakk-grenade'] } },
        };
      }),
    );
    refuse(m, 'A', fire('frakk-grenade'), q, 'fiveparsecs:refuse.usedUp');
  });
});

describe('baseGap', () => {
  it('edge to edge between 25 mm bases from their centres', () => {
    expect(baseGap([0, 0, 0], [3 + R2, 0, 0])).toBeCloseTo(3, 12);
    expect(baseGap([0, 0, 0], [0.5, 0, 0])).toBe(0);
  });
});
