import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/counterblast/legal';

// A.gunner-1 (Zap 4, Rifle 24" / 1) at [10, 10]; B.thug-1 (Zap 3, Scattergun 10" / 2, Grit 4, Defense 2, Mettle 3) at [10, 16].
const duel = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<string, [number, number]>;
const R = (30 / 25.4 / 2) * 2;

function shotAtThug(q = fakeTable({ size: 48 })) {
  let m = matchOf(midBattle(duel));
  m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
  return play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
}

describe('counterblast reactions (1 Moxie each, one per crew per action, the reacting model is Stunned)', () => {
  it('Return-fire: both shots are rolled before either lands, then both apply', () => {
    const q = fakeTable({ size: 48 });
    const m = shotAtThug(q);
    expect(m.window?.player).toBe('B');
    expect(m.window?.options).toEqual([
      { type: 'return-fire', model: 'B.thug-1', weapon: 0 },
      { type: 'action-roll', model: 'B.thug-1', open: true },
    ]);
    // Gunner Zap 4 within 8": 7, 7, 1, 1 = 2 -> 2 raw; thug Zap 3: 8, 1, 1 = 1 x 2 = 2 raw.
    // Defense: thug 1, 1 (2 tokens); gunner 1, 1 (2 tokens).
    const r = play(m, 'B', { type: 'return-fire', model: 'B.thug-1', weapon: 0 }, q, [7, 7, 1, 1, 8, 1, 1, 1, 1, 1, 1]);
    expect(r.match.state.models['B.thug-1']).toMatchObject({ damage: 2, stunned: true });
    expect(r.match.state.models['A.gunner-1']!.damage).toBe(2);
    expect(r.match.state.moxie.B).toBe(3);
    expect(r.events.map((e) => e.type).filter((t) => t === 'shot')).toHaveLength(2);
  });

  it('a Half-blind model\'s Action-roll is a move action: a d5 first (a d10 of 3: 2"), then as far as that goes towards its spot', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle(duel, 4, (x) => ({
        ...x,
        models: { ...x.models, 'B.thug-1': { ...x.models['B.thug-1']!, conditions: ['half-blind'] } },
      })),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // The spot 4" east; the d5 allows 2": it stops 2" along. Then the shot (1, 1, 1, 1: no hits).
    const r = play(m, 'B', { type: 'action-roll', model: 'B.thug-1', x: 14, y: 0, z: 16 }, q, [3, 1, 1, 1, 1]);
    const pos = r.match.state.models['B.thug-1']!.pos!;
    expect(pos[0]).toBeGreaterThan(11.7);
    expect(pos[0]).toBeLessThanOrEqual(12);
    expect(pos[2]).toBeCloseTo(16, 6);
  });

  it('Action-roll: the target moves first and the shot resolves against its new position (out of sight: it misses); a Stunned model cannot react', () => {
    const q = fakeTable({
      size: 48,
      sight: (v, t, layout) =>
        v === 'A.gunner-1' && t === 'B.thug-1' && layout.models['B.thug-1']!.position[0] > 14
          ? { hasLos: false, visibleFraction: 0 }
          : {},
    });
    const m = shotAtThug(q);
    expect(legalActions(m.state, 'B', q).some((a) => a.type === 'action-roll')).toBe(true);
    const r = play(m, 'B', { type: 'action-roll', model: 'B.thug-1', x: 15, y: 0, z: 16 }, q);
    expect(r.match.state.models['B.thug-1']).toMatchObject({ pos: [15, 0, 16], stunned: true, damage: 0 });
    expect(r.events.some((e) => e.type === 'attack-missed')).toBe(true);
    // A Stunned model cannot react: the shot resolves at once (1, 1, 1, 1: no hits).
    let st = matchOf(
      midBattle(duel, 4, (x) => ({
        ...x,
        models: { ...x.models, 'B.thug-1': { ...x.models['B.thug-1']!, stunned: true } },
      })),
    );
    st = play(st, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    const direct = play(
      st,
      'A',
      { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' },
      q,
      [1, 1, 1, 1],
    );
    expect(direct.match.window ?? null).toBeNull();
    expect(direct.events.some((e) => e.type === 'shot')).toBe(true);
  });

  it('Counterstrike and Parry answer a Strike: Counterstrike lands together; Parry adds Grit to Defense', () => {
    const q = fakeTable({ size: 48 });
    const place = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 10 + R + 0.3], 'B.thug-2': [40, 30] } as Record<
      string,
      [number, number]
    >;
    const strike = () => {
      let m = matchOf(midBattle(place));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      return play(m, 'A', { type: 'strike', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    };
    const m = strike();
    expect(m.window?.options).toEqual([
      { type: 'counterstrike', model: 'B.thug-1', weapon: 0 },
      { type: 'parry', model: 'B.thug-1' },
    ]);
    // Gunner Grit 3 vs thug Grit 4: Difficulty 8: 8, 9, 1 = 2 x 1 = 2 raw. Parry: Defense 2 + Grit 4 = 6 dice: 7, 7, 1, 1, 1, 1 stop 2.
    const parried = play(m, 'B', { type: 'parry', model: 'B.thug-1' }, q, [8, 9, 1, 7, 7, 1, 1, 1, 1]);
    expect(parried.match.state.models['B.thug-1']).toMatchObject({ damage: 0, stunned: true });
    // Counterstrike: thug Grit 4 vs 3: Difficulty 7: 7, 1, 1, 1 = 1 x 1; both land: thug Defense 1, 1; gunner Defense 1, 1.
    const counter = play(
      strike(),
      'B',
      { type: 'counterstrike', model: 'B.thug-1', weapon: 0 },
      q,
      [8, 9, 1, 7, 1, 1, 1, 1, 1, 1, 1],
    );
    expect(counter.match.state.models['B.thug-1']!.damage).toBe(2);
    expect(counter.match.state.models['A.gunner-1']!.damage).toBe(1);
  });

  it('Snapshot: a model that sees at least a third of a model that just moved may shoot it; a reaction out of turn is refused', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 12, y: 0, z: 10 }, q).match;
    expect(refuse(m, 'A', { type: 'aim', model: 'A.gunner-1' }, q, 'engine:error.wrong-player').error).toBe(
      'wrong-player',
    );
    // Thug Zap 3 (gunner about 6" away: Difficulty 7): 7, 7, 1 = 2 x 2 = 4 raw; gunner Defense 2: 1, 1 -> 4 tokens: Down (Mettle 3).
    const r = play(
      m,
      'B',
      { type: 'snapshot', model: 'B.thug-1', weapon: 0, target: 'A.gunner-1' },
      q,
      [7, 7, 1, 1, 1],
    );
    expect(r.match.state.models['A.gunner-1']).toMatchObject({ damage: 4, down: true });
    expect(r.match.state.models['B.thug-1']!.stunned).toBe(true);
    // Hidden behind more than two thirds: no Snapshot on offer.
    const hidden = fakeTable({
      size: 48,
      sight: (v) =>
        v === 'B.thug-1' ? { visibleFraction: 0.3, hidden: { terrain: 0.7, vehicles: 0, models: 0, smoke: 0 } } : {},
    });
    let h = matchOf(midBattle(duel));
    h = play(h, 'A', { type: 'activate', model: 'A.gunner-1' }, hidden).match;
    expect(
      play(h, 'A', { type: 'move', model: 'A.gunner-1', x: 12, y: 0, z: 10 }, hidden).match.window ?? null,
    ).toBeNull();
  });
});
