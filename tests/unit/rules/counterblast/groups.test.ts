import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play, refuse, set } from './fixture';

// A.boss (Hero), A.gunner-1 and A.gunner-2 (Lackeys) close together; B.thug-1 far off but in rifle range; B.thug-2 in a corner.
const R = 30 / 25.4;
const place = {
  'A.boss': [10, 10],
  'A.gunner-1': [10 + R + 0.3, 10],
  'A.gunner-2': [10 + 2 * R + 0.6, 10],
  'B.thug-1': [12, 30],
  'B.thug-2': [46, 34],
} as Record<string, [number, number]>;

describe('counterblast group activations', () => {
  it('2 Moxie for a Hero and up to two Lackeys; the group acts step by step: the chosen action, a team action for it, or Do Nothing', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place, 4));
    expect(
      refuse(m, 'A', { type: 'activate-group', hero: 'A.gunner-1', lackeys: [] }, q, 'counterblast:err.notOwnHero')
        .message,
    ).toMatch(/not one of A's Heroes/);
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1', 'A.gunner-2'] }, q).match;
    expect(m.state.moxie.A).toBe(2);
    // Step 1: the boss moves; the gunners must move too, do nothing, or use a team action for Move (none).
    m = play(m, 'A', { type: 'move', model: 'A.boss', x: 10, y: 0, z: 12 }, q).match;
    expect(refuse(m, 'A', { type: 'aim', model: 'A.gunner-1' }, q, 'counterblast:err.groupUsing').message).toMatch(
      /using move/,
    );
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.boss', x: 10, y: 0, z: 13 }, q, 'counterblast:err.actedThisStep')
        .message,
    ).toMatch(/acted in this step/);
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10 + R + 0.3, y: 0, z: 12 }, q).match;
    m = play(m, 'A', { type: 'do-nothing', model: 'A.gunner-2' }, q).match;
    expect(m.state.activation?.group).toEqual({ chosen: null, done: [] });
    // Do Nothing does not Spend the model nor count as an action used.
    expect(m.state.models['A.gunner-2']!.spent).toBe(false);
    expect(m.state.activation?.actions['A.gunner-2']).toEqual({ left: 1, used: [] });
  });

  it('Aim-Assist goes with the group Shoot: +1D Zap for a friend within 1" (once)', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(place, 4));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    m = play(m, 'A', { type: 'aim-assist', model: 'A.boss', friend: 'A.gunner-1' }, q).match;
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 11, y: 0, z: 12 }, q, 'counterblast:err.groupUsing')
        .message,
    ).toMatch(/using shoot/);
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // Beyond 8": Difficulty 8; Zap 4 + 1 = 5 dice: 1s (thug-1 passes on its reactions).
    const r = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1, 1]);
    expect((r.events.find((e) => e.type === 'shot')?.rolls as number[]).length).toBe(5);
  });

  it('Dog-pile goes with the group Strike: +1D on the next Strike at that model', () => {
    const q = fakeTable({ size: 48 });
    // The thug stands in base contact with the boss and the first gunner.
    const near = {
      'A.boss': [10, 10],
      'A.gunner-1': [10 + R + 0.02, 10],
      'B.thug-1': [10 + R / 2, 10 + R * 0.87 + 0.02],
      'B.thug-2': [46, 34],
    } as Record<string, [number, number]>;
    let m = matchOf(midBattle(near, 4));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    m = play(m, 'A', { type: 'dog-pile', model: 'A.gunner-1', target: 'B.thug-1' }, q).match;
    m = play(m, 'A', { type: 'strike', model: 'A.boss', weapon: 0, target: 'B.thug-1' }, q).match;
    // Boss Grit 4 = thug Grit 4: Difficulty 7; 4 + 1 dice, all 1s (the thug passes on Counterstrike and Parry).
    const r = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1, 1]);
    expect((r.events.find((e) => e.type === 'strike')?.rolls as number[]).length).toBe(5);
    expect(r.match.state.activation?.dogpiled ?? {}).toEqual({});
  });
});

describe('counterblast group activations when a model drops out (issue 17)', () => {
  // The boss and a gunner in a group; thug-1 within 10" of the boss (its scattergun reaches); thug-2 far off.
  const close = {
    'A.boss': [10, 10],
    'A.gunner-1': [10 + R + 0.3, 10],
    'B.thug-1': [10, 16],
    'B.thug-2': [46, 34],
  } as Record<string, [number, number]>;

  it('a group model that goes Down leaves the group; the others go on with their actions (the step starts afresh)', () => {
    const q = fakeTable({ size: 48 });
    // The boss has 3 tokens (Mettle 4): 2 more put it Down.
    let m = matchOf(midBattle(close, 4, set('A.boss', { damage: 3 })));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.boss', weapon: 0, target: 'B.thug-1' }, q).match;
    // The boss's Zap 5: all 1s. Thug-1 returns fire: Zap 3 [7, 1, 1] = 2 raw; the boss's Defense 3: all 1s: Down.
    const r = play(m, 'B', { type: 'return-fire', model: 'B.thug-1', weapon: 0 }, q, [1, 1, 1, 1, 1, 7, 1, 1, 1, 1, 1]);
    m = r.match;
    expect(m.state.models['A.boss']!.down).toBe(true);
    // No new Activation phase: the gunner's group activation goes on, without the boss, and its step is its own.
    expect(m.state.active).toBe('A');
    expect(m.state.activation?.models).toEqual(['A.gunner-1']);
    expect(m.state.activation?.group).toEqual({ chosen: null, done: [] });
    // The gunner is not bound to the boss's Shoot in this step: it moves, then shoots (thug-1 is Stunned: no reaction).
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 10 + R + 0.3, y: 0, z: 11 }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q, [1, 1, 1, 1]).match;
    expect(m.state.activation?.actions['A.gunner-1']).toMatchObject({ left: 0 });
    // The boss, Down, acts no more.
    expect(refuse(m, 'A', { type: 'buy-action', model: 'A.boss' }, q, 'counterblast:err.notActivated').message).toMatch(
      /not activated/,
    );
  });

  it("a failed Rally ends only that model's activation: the rest of the group goes on", () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(close, 4, set('A.gunner-1', { panicked: true })));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    // Knack 2: 1, 1 fails: the gunner runs for the Evac Point, is Spent, and its activation ends.
    m = play(m, 'A', { type: 'rally', model: 'A.gunner-1' }, q, [1, 1]).match;
    // The run is a Maneuver: B may Snapshot at it (it passes).
    if (m.window?.player === 'B') m = play(m, 'B', { type: 'pass' }, q).match;
    expect(m.state.models['A.gunner-1']).toMatchObject({ spent: true, panicked: true });
    expect(m.state.active).toBe('A');
    expect(m.state.activation?.models).toEqual(['A.boss']);
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 12, y: 0, z: 30 }, q, 'counterblast:err.notActivated')
        .message,
    ).toMatch(/not activated/);
    // The boss still has its two actions, free of the gunner's Rally step.
    m = play(m, 'A', { type: 'aim', model: 'A.boss' }, q).match;
    expect(m.state.activation?.actions['A.boss']).toEqual({ left: 1, used: ['aim'] });
  });

  it('a group goes on while any of its models has an action left, not only the model that just acted (no Moxie left to buy)', () => {
    const q = fakeTable({ size: 48 });
    // 2 Moxie: the group takes them all.
    let m = matchOf(midBattle(place, 2));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    m = play(m, 'A', { type: 'aim', model: 'A.boss' }, q).match;
    m = play(m, 'A', { type: 'aim', model: 'A.gunner-1' }, q).match;
    // The boss's second action uses its last; the gunner still has one, so A stays Active.
    m = play(m, 'A', { type: 'do-nothing', model: 'A.boss' }, q).match;
    expect(m.state.active).toBe('A');
    expect(m.state.activation?.actions['A.gunner-1']).toEqual({ left: 1, used: ['aim'] });
    m = play(m, 'A', { type: 'do-nothing', model: 'A.gunner-1' }, q).match;
    // Now nobody has an action left and A no Moxie: B is Active (A cannot act, so without a roll).
    expect(m.state.active).toBe('B');
  });
});
