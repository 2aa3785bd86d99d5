/** Skirmish-ru reserved actions as interrupts, with scripted dice: after an enemy's move, reserved fighters may shoot it at -1. */
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import type { Match } from '../../../../src/rules/engine/match';
import type { SkAction, SkState } from '../../../../src/rules/skirmish-ru';
import type { FakeTable } from '../../../support/fakeTable';
import { matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром (A, reserved, Shooting 4, an assault gun 24") watches Ворона (B: T3, Armour 1, Morale 3, 2 wounds) move.
const V = 'A.vozhak-grom';
const W = 'B.vorona';
const ambush = { type: 'shoot', fighter: V, weapon: 'avtomat', target: W } as const;
const step = { type: 'move', fighter: W, mode: 'move', x: 20, y: 0, z: 14 } as const;
const watch = () => set(V, { reserved: true })(placed({ [V]: [20, 30], [W]: [20, 10] }, 'B'));
/** Ворона's step: the window before it (A passes), then the move (`dice`: a charge's strike) and what it opens. */
const stepped = (m: Match<SkState, SkAction>, q: FakeTable, dice: number[] = []) => {
  const before = play(m, 'B', step, q).match;
  expect(before.window).toMatchObject({ player: 'A', timing: 'before', trigger: step });
  return play(before, 'A', { type: 'pass' }, q, dice);
};

describe('skirmish-ru reserved actions (ambush)', () => {
  it('an enemy moves: the window offers the reserved shot; A decides; B has nothing to do meanwhile', () => {
    const q = table();
    const r = stepped(matchOf(watch()), q);
    const m = r.match;
    expect(m.window).toMatchObject({ player: 'A', timing: 'after', options: [ambush] });
    expect(ruleset.currentPlayer(m.state)).toBe('A');
    expect(legalActions(m.state, 'A', q)).toEqual([ambush]);
    expect(legalActions(m.state, 'B', q)).toEqual([]);
    refuse(m, 'A', { ...ambush, weapon: 'pistolet' }, q, 'engine:error.not-in-window');
  });

  it("the shot is at -1 (needs 3): [3, 4] one hit, wound 4, morale 4 pins; the reserve is spent; pinned in its own turn, the mover loses its attack and recovers at the turn's end", () => {
    const q = table();
    const m = stepped(matchOf(watch()), q).match;
    const r = play(m, 'A', ambush, q, [3, 4, 4, 4]);
    const s = r.match.state;
    expect(en(r.events[1]!.text)).toContain('needing 3 or less (reserved -1)');
    expect(s.fighters[W]!.wounds.wounds).toBe(1);
    expect(r.events.some((e) => e.type === 'pinned' || en(e.text).includes('pinned'))).toBe(true);
    expect(s.fighters[V]!.reserved).toBe(false);
    // «при провале в свой ход … не может … совершать никаких действий. В конце своего хода … возвращается в обычное состояние».
    expect(s.fighters[W]).toMatchObject({ activated: true, pinned: false });
    expect([s.ambush, r.match.window, s.activation]).toEqual([null, null, null]);
  });

  it('a morale pass (3 against Morale 3) leaves the mover its attack: its activation goes on', () => {
    const q = table();
    const m = stepped(matchOf(watch()), q).match;
    const s = play(m, 'A', ambush, q, [3, 4, 4, 3]).match.state;
    expect(s.fighters[W]!.pinned).toBe(false);
    expect(s.activation?.fighter).toBe(W);
  });

  it('passing keeps the reserve and lets the mover go on', () => {
    const q = table();
    const m = stepped(matchOf(watch()), q).match;
    const s = play(m, 'A', { type: 'pass' }, q).match.state;
    expect([s.fighters[V]!.reserved, s.ambush, s.activation?.fighter]).toEqual([true, null, W]);
  });

  it('a mover taken down by the shot ends its activation; its gang with nobody standing ends the battle', () => {
    const q = table();
    const s0 = set(W, { wounds: { wounds: 1, excess: 0, condition: 'active' } })(watch());
    const m = stepped(matchOf(s0), q).match;
    const s = play(m, 'A', ambush, q, [2, 6, 4]).match.state;
    expect(s.fighters[W]!.wounds.condition).toBe('seriously-wounded');
    expect([s.phase, s.result?.reason]).toEqual(['over', 'Дети Котельной has no fighter standing']);
  });

  it('no window when no reserved fighter may shoot the mover (out of arc, not reserved)', () => {
    const q = table();
    const behind = set(V, { reserved: true, facing: 90 })(placed({ [V]: [20, 30], [W]: [20, 10] }, 'B'));
    expect(play(matchOf(behind), 'B', step, q).match.window).toBeNull();
    const idle = placed({ [V]: [20, 30], [W]: [20, 10] }, 'B');
    expect(play(matchOf(idle), 'B', step, q).match.window).toBeNull();
  });

  it('two reserved fighters: after the first fires (a miss), the window stays open for the second; its pass closes it', () => {
    const q = table();
    const S = 'A.sema-klyk'; // Shooting 4, a rifle 30"
    const rifle = { type: 'shoot', fighter: S, weapon: 'vintovka', target: W } as const;
    const two = set(S, { reserved: true })(
      set(V, { reserved: true })(placed({ [V]: [20, 30], [S]: [24, 30], [W]: [20, 10] }, 'B')),
    );
    const m = stepped(matchOf(two), q).match;
    expect(m.window?.options).toEqual([rifle, ambush]);
    // Гром's two shots miss (5, 6 against 3): Сёма may still fire.
    const r = play(m, 'A', ambush, q, [5, 6]);
    expect(r.match.state.fighters[V]!.reserved).toBe(false);
    expect(r.match.window?.options).toEqual([rifle]);
    expect(ruleset.currentPlayer(r.match.state)).toBe('A');
    const s = play(r.match, 'A', { type: 'pass' }, q).match.state;
    expect([s.fighters[S]!.reserved, s.ambush, s.activation?.fighter]).toEqual([true, null, W]);
  });
});

describe('skirmish-ru a reserved shot that takes down the last fighter due to activate', () => {
  // Ворона charges Малой (A's only fighter yet to activate, 1 wound left, no armour) and misses (die 6).
  // Вожак's reserved assault gun at her, in that close combat, needs 3: [2, 6] one hit; the d2 picks Малой (2),
  // the wound roll 6 wounds: Малой is down. Nobody is left to activate this round.
  const M = 'A.maloy';
  const start = () =>
    set(M, { wounds: { wounds: 1, excess: 0, condition: 'active' } })(
      set(V, { reserved: true, activated: true })(placed({ [V]: [20, 30], [W]: [20, 10], [M]: [20, 15.034] }, 'B')),
    );
  it('the round ends (round 2 begins) instead of waiting on a gang with nobody to activate', () => {
    const q = table();
    const charged = stepped(matchOf(start()), q, [6]).match;
    expect(charged.state).toMatchObject({ turn: 'A', activation: null });
    expect(charged.window?.options).toEqual([ambush]);
    const r = play(charged, 'A', ambush, q, [2, 6, 2, 6]);
    expect(r.events.map((e) => en(e.text)).slice(2)).toEqual([
      'the hits land on Малой',
      'Малой: wound 6 needing 4+: 1 damage, 0 wounds left',
      'Малой is seriously wounded and falls unconscious',
      'Round 2: Ржавые Волки activates first',
      'A rolled 2, 6 (2d6), 2 (d2), 6 (d6)',
    ]);
    expect(r.match.state.fighters[M]!.wounds.condition).not.toBe('active');
    expect(r.match.state.round).toBe(2);
    expect(ruleset.currentPlayer(r.match.state)).toBe(r.match.state.turn);
    expect(legalActions(r.match.state, r.match.state.turn, q).length).toBeGreaterThan(0);
  });
});

describe('skirmish-ru reserved fire at any moment of an enemy activation: before it acts, before each attack', () => {
  const shot = { type: 'shoot', fighter: W, weapon: 'vintovka', target: V } as const;

  it("before Ворона's first action: Вожак fires first ([3, 4] one hit, wound 4, morale 4 pins); pinned in her own turn before moving, she falls back instead of her move", () => {
    const q = table();
    const m = play(matchOf(watch()), 'B', step, q).match;
    expect(m.window).toMatchObject({ player: 'A', timing: 'before', trigger: step, options: [ambush] });
    expect(m.state.activation?.fighter).toBe(W);
    expect(m.state.fighters[W]!.pos).toEqual([20, 0, 10]);
    const r = play(m, 'A', ambush, q, [3, 4, 4, 4]);
    const s = r.match.state;
    expect(s.fighters[W]).toMatchObject({ pos: [20, 0, 10], pinned: true, activated: false });
    expect(s.activation).toEqual({ fighter: W, moved: 'none', left: false, pinned: true });
    expect(r.events.map((e) => e.type)).not.toContain('moved');
    expect(r.events.filter((e) => e.type === 'falls-back' || e.type === 'held-dropped').map((e) => en(e.text))).toEqual(
      [
        'Ворона has not moved yet: pinned, it falls back to the nearest cover now, with no actions',
        'Ворона cannot move now: Ворона is pinned and falls back',
      ],
    );
    // Only the fall-back walk away from Вожак is left to her: no shot, no move towards him.
    const legal = legalActions(s, 'B', q);
    expect(legal.some((a) => a.type === 'shoot' || a.type === 'reserve')).toBe(false);
    const moves = legal.filter((a) => a.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    for (const a of moves) if (a.type === 'move') expect(Math.hypot(a.x - 20, a.z - 30)).toBeGreaterThan(20);
    const away = legal.find((a) => a.type === 'move')!;
    // The walk ends her activation, and the pin with it.
    const done = play(r.match, 'B', away, q).match.state;
    expect(done.fighters[W]).toMatchObject({ pinned: false, activated: true });
  });

  it('a pass after another reserved fighter pinned her settles it too: she falls back, her held move is dropped', () => {
    const q = table();
    const S = 'A.sema-klyk';
    const two = set(S, { reserved: true })(
      set(V, { reserved: true })(placed({ [V]: [20, 30], [S]: [24, 30], [W]: [20, 10] }, 'B')),
    );
    const m = play(matchOf(two), 'B', step, q).match;
    const pinned = play(m, 'A', ambush, q, [3, 4, 4, 4]).match;
    expect(pinned.window?.options).toEqual([{ type: 'shoot', fighter: S, weapon: 'vintovka', target: W }]);
    const r = play(pinned, 'A', { type: 'pass' }, q);
    expect(r.match.state.fighters[W]!.pos).toEqual([20, 0, 10]);
    expect(r.match.state.activation).toMatchObject({ fighter: W, pinned: true });
    expect(r.events.map((e) => e.type)).toEqual(['falls-back', 'held-dropped']);
  });

  it('a move that would be refused opens no window: it is refused as usual (9" is beyond a 4" move)', () => {
    const r = refuse(matchOf(watch()), 'B', { ...step, z: 19 }, table(), 'skirmish-ru:refuse.reach.move');
    expect(r.error).toBe('out-of-range');
    expect(play(matchOf(watch()), 'B', step, table()).match.window).not.toBeNull();
  });

  it('before a strike: Ворона in base contact with Вожак strikes; he may fire his pistol first (the only weapon he may fire in close combat)', () => {
    const q = table();
    const s = set(V, { reserved: true })(placed({ [V]: [20, 11], [W]: [20, 10] }, 'B'));
    const strike = { type: 'strike', fighter: W, target: V } as const;
    const m = play(matchOf(s), 'B', strike, q).match;
    expect(m.window).toMatchObject({
      player: 'A',
      timing: 'before',
      trigger: strike,
      options: [{ type: 'shoot', fighter: V, weapon: 'pistolet', target: W }],
    });
    // He passes: her strike goes ahead (one die, 6: a miss).
    const r = play(m, 'A', { type: 'pass' }, q, [6]);
    expect(r.events.find((e) => e.type === 'strike')).toMatchObject({ attacker: W, hit: false });
  });

  it('before a later shot: after her move Ворона (1 wound) aims at Вожак; he fires first ([2, 6], wound 4) and takes her down: her shot never happens', () => {
    const q = table();
    const s0 = set(W, { wounds: { wounds: 1, excess: 0, condition: 'active' } })(watch());
    const moved = play(stepped(matchOf(s0), q).match, 'A', { type: 'pass' }, q).match;
    expect([moved.window, moved.state.activation?.moved]).toEqual([null, 'move']);
    const m = play(moved, 'B', shot, q).match;
    expect(m.window).toMatchObject({ player: 'A', timing: 'before', trigger: shot, options: [ambush] });
    const r = play(m, 'A', ambush, q, [2, 6, 4]);
    expect(r.match.state.fighters[W]!.wounds.condition).toBe('seriously-wounded');
    expect(
      r.events.filter((e) => e.type === 'shot').map((e) => (e as { shooter?: string }).shooter ?? en(e.text)),
    ).toHaveLength(1);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toContain('Вожак Гром fires');
  });

  it('passing lets the held shot go ahead with its own dice (6: a miss); the reserve is kept', () => {
    const q = table();
    const moved = play(stepped(matchOf(watch()), q).match, 'A', { type: 'pass' }, q).match;
    const m = play(moved, 'B', shot, q).match;
    const r = play(m, 'A', { type: 'pass' }, q, [6]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toContain('Ворона fires Винтовка at Вожак Гром');
    expect(r.match.state.fighters[V]!.reserved).toBe(true);
    expect(r.match.state.activation).toBeNull();
  });

  it('a held shot whose target is down once the window closes is dropped, saying why; the activation goes on', () => {
    const q = table();
    const M = 'A.maloy';
    const s0 = set(M, { wounds: { wounds: 0, excess: 0, condition: 'seriously-wounded' } })(
      set(V, { reserved: true })(placed({ [V]: [20, 30], [W]: [20, 10], [M]: [24, 30] }, 'B')),
    );
    const held = { type: 'shoot', fighter: W, weapon: 'vintovka', target: M } as const;
    const open: SkState = {
      ...s0,
      activation: { fighter: W, moved: 'none', left: false, pinned: false },
      ambush: { mover: W, side: 'A', options: [ambush], pending: held },
    };
    const m0 = matchOf(open);
    const r = play({ ...m0, window: ruleset.reactionWindow(open, { type: 'pass' }, null) }, 'A', { type: 'pass' }, q);
    expect(r.events.map((e) => [e.type, en(e.text)])).toEqual([
      ['held-dropped', 'Ворона cannot shoot now: Малой is out of the fight'],
    ]);
    expect(r.match.state.activation?.fighter).toBe(W);
    expect(r.match.window).toBeNull();
  });
});
