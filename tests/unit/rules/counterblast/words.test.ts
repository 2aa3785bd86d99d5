/** The words a player reads (issue 15, "words that agree with each other"): dice lines, success counts, Defense, places, edges. */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { layoutOf } from '../../../../src/rules/counterblast/game';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play } from './fixture';
import { describeAction, tableMarkers } from '../../../../src/rules/counterblast/describe';
import { fresh } from './fixture';

// A.gunner-1: Salvager gunner (Zap 4, Rifle 24" / 1). B.thug-1: Syndicate thug (Defense 2, Mettle 3, Zap 2, Scattergun).
const duel = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<string, [number, number]>;

/** A.gunner-1 activated and its shot at B.thug-1 declared (B decides on a reaction). */
function declared(q = fakeTable({ size: 48 })) {
  let m = matchOf(midBattle(duel));
  m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
  return play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
}

describe('counterblast dice lines and success counts', () => {
  it('the Moxie checks list each pool against 7+, say why a crew is Active, and the dice lines name A, then B (the roll-off too)', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 3, (s) => ({ ...s, moxie: { A: 3, B: 2 } })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // A 2 Moxie left, B 2: one success each, equal pools: roll-off 3-5, B is Active.
    const r = play(m, 'A', { type: 'end-activation' }, q, [7, 1, 10, 1, 1, 3, 5]);
    expect(en(r.events.find((e) => e.type === 'moxie-roll')!.text)).toBe(
      'Moxie checks: A 7, 1 against 7+: 1 success; B 10, 1, 1 against 7+: 1 success, the 10 exploded into one more die: B is Active (a tie with equal pools, roll-off 3-5)',
    );
    expect(r.events.filter((e) => e.type === 'dice-rolled').map((e) => en(e.text))).toEqual([
      'A rolled 7, 1, 3 (3d10); B rolled 10, 1, 1, 5 (4d10)',
    ]);
    expect(r.events.map((e) => e.type).slice(-2)).toEqual(['moxie-roll', 'dice-rolled']);
  });

  it("B passes and A's shot resolves: A's dice follow A's shot, B's Defense dice follow B's Defense (not one line before both)", () => {
    const q = fakeTable({ size: 48 });
    // Zap 4 within 8" (Difficulty 7): 7, 10 (explodes: 8), 1, 1 = 3 successes, 3 raw; Defense 2: 9, 1 = 1: 2 damage taken.
    const r = play(declared(q), 'B', { type: 'pass' }, q, [7, 10, 8, 1, 1, 9, 1]);
    const shown = r.events
      .filter((e) => ['shot', 'dice-rolled', 'defense', 'damage'].includes(e.type))
      .map((e) => `${e.type}: ${e.text}`);
    expect(shown).toEqual([
      'shot: Salvager gunner 1 shoots Syndicate thug 1 with Rifle: Zap 7, 10, 8, 1, 1 against 7+: 3 successes, the 10 exploded into one more die, 3 raw damage',
      'dice-rolled: A rolled 7, 10, 8, 1, 1 (5d10)',
      'defense: Syndicate thug 1 Defense: 9, 1 against 7+: 1 success: 1 of 3 raw damage stopped, 2 damage taken',
      'dice-rolled: B rolled 9, 1 (2d10)',
      'damage: Syndicate thug 1 takes 2 damage (2 tokens, Mettle 3)',
    ]);
  });

  // Zap: 7, 1, 1, 1 = 1 success, 1 raw; then the thug's two Defense dice.
  it.each([
    [
      'successes beyond the raw damage: "all 1 raw damage stopped", never "3 of 1"',
      [9, 8],
      'Syndicate thug 1 Defense: 9, 8 against 7+: 2 successes: all 1 raw damage stopped',
      false,
    ],
    [
      'no success at all',
      [2, 3],
      'Syndicate thug 1 Defense: 2, 3 against 7+: 0 successes: none of the 1 raw damage stopped, 1 damage taken',
      true,
    ],
  ])('Defense words: %s', (_case, defense, text, damaged) => {
    const q = fakeTable({ size: 48 });
    const r = play(declared(q), 'B', { type: 'pass' }, q, [7, 1, 1, 1, ...defense]);
    expect(r.events.find((e) => e.type === 'defense')?.text).toBe(text);
    expect(r.events.some((e) => e.type === 'damage')).toBe(damaged);
  });
});

describe('counterblast sight words', () => {
  it("LOS only from the base's edge while the eye sees nothing: the shot's odds say so", () => {
    const wall = {
      visibleFraction: 0,
      hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 },
      coverPieces: [{ id: 'wall', kind: 'obstacle', share: 1, distance: 0.5 }],
    };
    const q = fakeTable({ size: 48, sight: (_v, t) => (t === 'B.thug-1' ? wall : {}) });
    let m = matchOf(midBattle(duel));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      en(
        describeAction(m.state, q.at(layoutOf(m.state)), {
          type: 'shoot',
          model: 'A.gunner-1',
          weapon: 0,
          target: 'B.thug-1',
        }),
      ),
    ).toBe(
      'Salvager gunner 1 shoots Syndicate thug 1 with Rifle: 4D Zap against 7+, heavy cover (+2D Defense), Obscured (hidden from the eye, seen from the base\'s edge), 1 damage per success, 4.8"',
    );
  });
});

describe("counterblast edges match the screen: A's edge is the south edge, drawn nearest the player", () => {
  it('A deploys along z = depth with its Evac Point there, B along z = 0', () => {
    const marks = tableMarkers(fresh());
    expect(marks.filter((k) => k.kind === 'zone').map((k) => [k.side, k.rect])).toEqual([
      ['A', [0, 30, 48, 36]],
      ['B', [0, 0, 48, 6]],
    ]);
    expect(marks.filter((k) => k.id.startsWith('evac')).map((k) => [k.side, k.at])).toEqual([
      ['A', [24, 0, 36]],
      ['B', [24, 0, 0]],
    ]);
  });

  it.each([
    [90, 'south'],
    [270, 'north'],
  ])('a jump at %i degrees goes %s (+z is south, towards the player)', (directionDeg, words) => {
    expect(
      en(describeAction(midBattle(duel), fakeTable({ size: 48 }), { type: 'jump', model: 'A.gunner-1', directionDeg })),
    ).toBe(`Salvager gunner 1 jumps ${words} (a d5 in a straight line; Spends it)`);
  });
});
