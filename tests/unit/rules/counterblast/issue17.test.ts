/** The smaller readings corrected in issue 17: Rally Spends, Heal is another model, Boost while Engaged, Blind and Half-blind Grit in Strike and Parry, the end when a crew has no model on the table, standing up is a Maneuver. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { legalActions } from '../../../../src/rules/counterblast/legal';
import { matchOf, midBattle, play, refuse, set } from './fixture';
import { act, decider } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset } from '../../../../src/rules/counterblast';
import { counterblastMove } from '../../../../src/rules/counterblast/ai';
import { onTable } from '../../../../src/rules/counterblast/game';

const R = 30 / 25.4;
// A.gunner-1 (Zap 4, Knack 2) at [10, 10]; B.thug-1 (Scattergun 10", Grit 4, Defense 2, Mettle 3) at [10, 16].
const duel = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<string, [number, number]>;

describe('counterblast issue 17: the smaller readings', () => {
  it('Rally is not starred ("does not cause a model to be spent"): a Rally that clears Panic Spends the model, which may still use its second action', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, set('A.gunner-1', { panicked: true })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 9]).match;
    expect(m.state.models['A.gunner-1']).toMatchObject({ panicked: false, spent: true });
    expect(m.state.activation?.actions['A.gunner-1']).toEqual({ left: 1, used: ['rally'] });
  });

  it('a Half-blind model\'s failed Rally run is its Move action: a d5 (a d10 of 5: 3"), not its full Move', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, set('A.gunner-1', { panicked: true, conditions: ['half-blind'] })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // Knack 2: 1, 1 fails; the run rolls its d5.
    const r = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [1, 1, 5]);
    const [x, , z] = r.match.state.models['A.gunner-1']!.pos!;
    const moved = Math.hypot(x - 10, z - 10);
    expect(moved).toBeGreaterThan(2.7);
    expect(moved).toBeLessThanOrEqual(3);
  });

  it("a failed Rally's run is a Maneuver: an enemy that sees it may Snapshot", () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, set('A.gunner-1', { panicked: true })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    const r = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [1, 1]);
    expect(r.match.state.models['A.gunner-1']!.pos).not.toEqual([10, 0, 10]);
    expect(r.match.window?.player).toBe('B');
    expect(r.match.window?.options).toContainEqual({
      type: 'snapshot',
      model: 'B.thug-1',
      weapon: 0,
      target: 'A.gunner-1',
    });
    // A Rally that holds (7, 9: two successes) is no Maneuver: no window.
    const held = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [7, 9]);
    expect(held.match.window ?? null).toBeNull();
  });

  it('Heal is "another" model: a medic does not heal itself', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle({ 'A.medic': [10, 10], 'B.thug-1': [40, 30] }, 4, set('A.medic', { damage: 2 })));
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(m, 'A', { type: 'treat', model: 'A.medic', target: 'A.medic', heal: true }, q, 'counterblast:err.healSelf')
        .message,
    ).toMatch(/another model/);
    expect(legalActions(m.state, 'A', q).some((a) => a.type === 'treat')).toBe(false);
  });

  it('Boost is refused while Engaged, in apply as in the legal list', () => {
    const q = fakeTable({ size: 48 });
    // The gunner in base contact with thug-1 (its club reaches 1"), the boss within 1" of the gunner.
    const place = {
      'A.boss': [10, 10],
      'A.gunner-1': [10 + R + 0.3, 10],
      'B.thug-1': [10 + R + 0.3, 10 + R + 0.05],
      'B.thug-2': [40, 30],
    } as Record<string, [number, number]>;
    let m = matchOf(midBattle(place, 4));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    expect(legalActions(m.state, 'A', q)).not.toContainEqual({ type: 'boost', model: 'A.gunner-1', friend: 'A.boss' });
    expect(
      refuse(m, 'A', { type: 'boost', model: 'A.gunner-1', friend: 'A.boss' }, q, 'counterblast:err.engagedNo').message,
    ).toMatch(/Engaged/);
  });

  it("Strike and Parry use the Grit that Blind and Half-blind leave: the Strike's Difficulty compares it, Parry adds it", () => {
    const q = fakeTable({ size: 48 });
    const place = { 'A.boss': [10, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] } as Record<
      string,
      [number, number]
    >;
    // The boss (Grit 4) Half-blind strikes with 1D, and the thug's Grit 4 is now higher: Difficulty 8.
    let m = matchOf(midBattle(place, 4, set('A.boss', { conditions: ['half-blind'] })));
    m = play(m, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    m = play(m, 'A', { type: 'strike', model: 'A.boss', weapon: 0, target: 'B.thug-1' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [7]);
    expect(r.events.find((e) => e.type === 'strike')?.text).toMatch(/Grit 7 against 8\+/);
    // A Blind thug Parries with Grit 1D: Defense 2 + 1 dice against the machete's 2 raw damage.
    let p = matchOf(midBattle(place, 4, set('B.thug-1', { conditions: ['blind'] })));
    p = play(p, 'A', { type: 'activate', model: 'A.boss' }, q).match;
    p = play(p, 'A', { type: 'strike', model: 'A.boss', weapon: 0, target: 'B.thug-1' }, q).match;
    const parried = play(p, 'B', { type: 'parry', model: 'B.thug-1' }, q, [7, 1, 1, 1, 1, 1, 1]);
    expect((parried.events.find((e) => e.type === 'defense')?.rolls as number[]).length).toBe(3);
  });

  it('the battle goes on while a crew has Down models on the table; it ends when the last leaves (a casualty at Upkeep)', () => {
    const q = fakeTable({ size: 48 });
    // B's only model standing is thug-1 (Mettle 3); B.thug-2 is Down (and Stable) already.
    let m = matchOf(
      midBattle(
        { ...duel, 'B.thug-2': [40, 30] },
        4,
        set('B.thug-2', { damage: 3, down: true, stable: true, prone: true }),
      ),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // Zap 7, 7, 7, 1 = 3 raw; Defense 1, 1: thug-1 is Down. Both B models are Down, yet on the table: the
    // battle goes on ("until only one crew has models remaining on the table") and the gunner keeps its action.
    const r = play(m, 'B', { type: 'pass' }, q, [7, 7, 7, 1, 1, 1]);
    expect(r.match.state.models['B.thug-1']).toMatchObject({ down: true, stable: true });
    expect(r.match.state.phase).not.toBe('over');
    expect(r.match.state.activation?.actions['A.gunner-1']?.left).toBe(1);
    // Played on by the bots (B can only pass): Upkeep 1 makes both Unstable, Upkeep 2 removes them, and the battle
    // ends there, in turn 2, with B's last model gone from the table.
    let g = r.match;
    const downAt: number[] = [];
    while (g.state.phase !== 'over') {
      const who = decider(ruleset, g)!;
      const mv = counterblastMove(g, who, q)!;
      const next = act(ruleset, g, who, mv, q);
      if (isError(next)) throw new Error(JSON.stringify(next));
      if (Object.values(next.match.state.models).some((x) => x.player === 'B' && onTable(x)))
        downAt.push(next.match.state.turn);
      g = next.match;
    }
    expect(g.state.turn).toBe(2);
    expect(Math.max(...downAt)).toBe(2);
    expect(Object.values(g.state.models).filter((x) => x.player === 'B' && onTable(x))).toEqual([]);
  });

  it('standing up is the Move action, a Maneuver: an enemy that sees it may Snapshot', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, set('A.gunner-1', { prone: true })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'stand-up', model: 'A.gunner-1' }, q).match;
    expect(m.state.window?.player).toBe('B');
    expect(m.state.window?.options).toContainEqual({
      type: 'snapshot',
      model: 'B.thug-1',
      weapon: 0,
      target: 'A.gunner-1',
    });
  });
});
