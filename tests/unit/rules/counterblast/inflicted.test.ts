import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../../src/rules/engine/queries';
import { fakeTable } from '../../../support/fakeTable';
import { both, matchOf, midBattle, play, refuse, set } from './fixture';
import { legalActions } from '../../../../src/rules/counterblast/legal';
import { blockedActions } from '../../../../src/rules/counterblast/describe';
import type { CbState } from '../../../../src/rules/counterblast';
import type { Inflicted } from '../../../../src/rules/counterblast/data';
import { en } from '../../../support/words';

/** An empty table: the view a test starts from before asking `at` for its layout. */
const EMPTY: Layout = { models: {}, smoke: [] };

const R = 30 / 25.4;
const withCondition = (id: string, c: Inflicted) => set(id, (m) => ({ conditions: [...(m.conditions ?? []), c] }));
/** Gives a model's first shooting weapon a trait. */
const rifle = (id: string, trait: { inflicts?: Inflicted; pistol?: boolean; explodeOn?: 8 | 9 }) =>
  set(id, (m) => ({ card: { ...m.card, shooting: [{ ...m.card.shooting[0]!, ...trait }] } }));
const types = (s: CbState, q: ReturnType<typeof fakeTable>) => [
  ...new Set(legalActions(s, s.active!, q).map((a) => a.type)),
];

// A.gunner-1: Zap 4, rifle 24" / 1, Knack 2, Move 5. B.thug-1: Defense 2, Mettle 3, Knack 2.
const duel = { 'A.gunner-1': [10, 10], 'B.thug-1': [10, 16], 'B.thug-2': [40, 30] } as Record<string, [number, number]>;

describe('counterblast conditions from weapons (Blind, Burning, Half-blind, Marked, Pinned)', () => {
  it('a weapon that Pins: a successful check Pins even when Defense stops the damage; Pinned, the model may only Recover, which rolls Knack/7 to get free', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, rifle('A.gunner-1', { inflicts: 'pinned' })));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    // Zap 7, 1, 1, 1 = 1 (1 raw); Defense 7, 1 stops it.
    const r = play(m, 'B', { type: 'pass' }, q, [7, 1, 1, 1, 7, 1]);
    const thug = r.match.state.models['B.thug-1']!;
    expect(thug.damage).toBe(0);
    expect(thug.conditions).toEqual(['pinned']);
    expect(r.events.some((e) => e.type === 'condition' && /Syndicate thug 1 is Pinned/.test(en(e.text)))).toBe(true);
    // A miss inflicts nothing.
    const miss = play(m, 'B', { type: 'pass' }, q, [1, 1, 1, 1]);
    expect(miss.match.state.models['B.thug-1']!.conditions ?? []).toEqual([]);
    // B's turn with the thug Pinned: Recover only; Knack 1, 1 stays Pinned, 7, 1 gets free.
    let b = matchOf(
      midBattle(
        duel,
        4,
        both(withCondition('B.thug-1', 'pinned'), (s) => ({ ...s, active: 'B' })),
      ),
    );
    b = play(b, 'B', { type: 'activate', model: 'B.thug-1' }, q).match;
    expect(types(b.state, q)).toEqual(['recover', 'end-activation']);
    // The menu greys the rest with the reason.
    expect(
      en(
        blockedActions(b.state, legalActions(b.state, 'B', q)).find((x) => en(x.label) === 'Syndicate thug 1: Move')!
          .reason,
      ),
    ).toBe('Pinned: Recover only');
    expect(
      refuse(b, 'B', { type: 'move', model: 'B.thug-1', x: 10, y: 0, z: 18 }, q, 'counterblast:err.pinned').message,
    ).toMatch(/Pinned: it may only Recover/);
    expect(
      play(b, 'B', { type: 'recover', model: 'B.thug-1' }, q, [1, 1]).match.state.models['B.thug-1']!.conditions,
    ).toEqual(['pinned']);
    const free = play(b, 'B', { type: 'recover', model: 'B.thug-1' }, q, [7, 1]).match.state.models['B.thug-1']!;
    expect(free).toMatchObject({ conditions: [], spent: true });
  });

  it('Pinned: no reactions (they are actions): no Return-fire or Action-roll when shot, no Snapshot at a model that moves; Do Nothing in a group step is allowed', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, withCondition('B.thug-1', 'pinned')));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    // The thug sees the gunner move in the open, but Pinned it may not Snapshot: no window.
    m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 12, y: 0, z: 10 }, q).match;
    expect(m.state.window ?? null).toBeNull();
    // Shot at, it may not Return-fire or Action-roll: the shot resolves at once (Zap 4: all 1s).
    const r = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q, [1, 1, 1, 1]);
    expect(r.match.state.window ?? null).toBeNull();
    expect(r.events.some((e) => e.type === 'shot')).toBe(true);
    // A Pinned model in a group may let a step pass (Do Nothing), as the legal list offers.
    const g = matchOf(midBattle({ ...duel, 'A.boss': [10 + R + 0.3, 10] }, 4, withCondition('A.gunner-1', 'pinned')));
    const grouped = play(g, 'A', { type: 'activate-group', hero: 'A.boss', lackeys: ['A.gunner-1'] }, q).match;
    expect(legalActions(grouped.state, 'A', q)).toContainEqual({ type: 'do-nothing', model: 'A.gunner-1' });
    play(grouped, 'A', { type: 'do-nothing', model: 'A.gunner-1' }, q);
  });

  it('Blind: no line of sight to anything (no shooting), Move 2', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, withCondition('A.gunner-1', 'blind')));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' },
        q,
        'counterblast:err.noLosBlind',
      ).message,
    ).toMatch(/no line of sight .*\(Blind\)/);
    expect(
      refuse(m, 'A', { type: 'move', model: 'A.gunner-1', x: 13, y: 0, z: 10 }, q, 'counterblast:err.routeTooLong')
        .message,
    ).toMatch(/moves up to 2"/);
    expect(
      play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 11.9, y: 0, z: 10 }, q).match.state.models['A.gunner-1']!
        .pos![0],
    ).toBe(11.9);
    expect(types(m.state, q)).not.toContain('shoot');
  });

  it('Half-blind: its Move is a d5 rolled first, no Rush or Jump, Zap at most 1D', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, withCondition('A.gunner-1', 'half-blind')));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    expect(types(m.state, q)).toEqual(expect.arrayContaining(['move-roll', 'shoot']));
    expect(types(m.state, q)).not.toContain('move');
    expect(types(m.state, q)).not.toContain('jump');
    expect(
      refuse(m, 'A', { type: 'jump', model: 'A.gunner-1', directionDeg: 0 }, q, 'counterblast:err.halfBlindNo').message,
    ).toMatch(/Half-blind: no jump/);
    // A d5 of 3 (a d10 of 5 or 6 halves up: the engine's d5 is ceil(d10 / 2)).
    const rolled = play(m, 'A', { type: 'move-roll', model: 'A.gunner-1' }, q, [5]).match;
    expect(rolled.state.activation!.rush).toEqual({ model: 'A.gunner-1', allowance: 3, kind: 'move' });
    expect(
      refuse(
        rolled,
        'A',
        { type: 'rush-move', model: 'A.gunner-1', x: 13.5, y: 0, z: 10 },
        q,
        'counterblast:err.routeTooLong',
      ).message,
    ).toMatch(/moves up to 3"/);
    const moved = play(rolled, 'A', { type: 'rush-move', model: 'A.gunner-1', x: 12.9, y: 0, z: 10 }, q).match;
    expect(moved.state.models['A.gunner-1']).toMatchObject({ pos: [12.9, 0, 10], spent: false });
    // The shot rolls 1 die (Zap 4 -> 1D): 7 = 1; Defense 1, 1.
    const shot = play(
      play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match,
      'B',
      { type: 'pass' },
      q,
      [7, 1, 1],
    );
    expect(shot.events.find((e) => e.type === 'shot')!.text).toMatch(/: Zap 7 against 7\+: 1 success, /);
  });

  it('Marked: Zap checks at it are 1 easier; it comes off in Upkeep', () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(midBattle(duel, 4, withCondition('B.thug-1', 'marked')));
    m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [6, 1, 1, 1, 1, 1]);
    expect(r.events.find((e) => e.type === 'shot')!.text).toMatch(/: Zap 6, 1, 1, 1 against 6\+: 1 success, /);
    // The end of the turn (both pass): Marked is gone.
    let e = matchOf(midBattle(duel, 1, withCondition('B.thug-1', 'marked')));
    e = play(e, 'A', { type: 'pass-turn' }, q).match;
    const end = play(e, 'B', { type: 'pass-turn' }, q);
    expect(end.match.state.models['B.thug-1']!.conditions).toEqual([]);
  });

  it.each([
    [
      // Defense 7, 1 (2 dice) stops 1: 2 tokens; Knack 1, 1 fails: Panicked, still burning. (Dread 1 is under 2 models: no Panic rolls.)
      'standing, tokens taken and the Knack failed: Panicked, still burning',
      (s: CbState) => s,
      [7, 1, 1, 1],
      { damage: 2, panicked: true, conditions: ['burning'] },
    ],
    [
      // Prone: 2 + 3 = 5 Defense dice, 7, 7, 7, 1, 1 stop all 3: no tokens, no Knack roll, the fire is out.
      'Prone (+3D Defense), no tokens taken: the fire is out',
      set('B.thug-1', { prone: true }),
      [7, 7, 7, 1, 1],
      { damage: 0, panicked: false, conditions: [] },
    ],
  ])(
    'Burning: 3 raw damage in Upkeep (Prone +3D Defense); tokens taken: Knack/7 or Panicked; none taken: it stops burning (%s)',
    (_case, patch, dice, thug) => {
      const q = fakeTable({ size: 48 });
      let e = matchOf(midBattle(duel, 1, both(withCondition('B.thug-1', 'burning'), patch)));
      e = play(e, 'A', { type: 'pass-turn' }, q).match;
      const end = play(e, 'B', { type: 'pass-turn' }, q, dice);
      expect(end.match.state.models['B.thug-1']).toMatchObject(thug);
    },
  );

  it.each([
    ['a pistol', true, true],
    ['a rifle', false, false],
  ])(
    'the pistol exception: an Engaged model may Snapshot with a pistol, not with a rifle (%s)',
    (_w, pistol, offered) => {
      const q = fakeTable({ size: 48 });
      // The thug is in reach of the boss's machete (so Engaged by the boss); gunner-1 (B's target) moves in the open, in range of the thug.
      const place = {
        'A.boss': [10, 10 + R + 0.3],
        'A.gunner-1': [14, 10],
        'B.thug-1': [10, 10],
        'B.thug-2': [40, 30],
      } as Record<string, [number, number]>;
      let m = matchOf(midBattle(place, 4, rifle('B.thug-1', { pistol })));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      m = play(m, 'A', { type: 'move', model: 'A.gunner-1', x: 16, y: 0, z: 10 }, q).match;
      expect((m.window?.options ?? []).map((o) => o.type).includes('snapshot')).toBe(offered);
    },
  );

  it('Engaged: no skill action (Treat) and no Aim-Assist', () => {
    const q = fakeTable({ size: 48 });
    // The medic stands in reach of thug-1; gunner-1 beside it is Down and unstable.
    let m = matchOf(
      midBattle(
        {
          'A.medic': [10, 10],
          'A.gunner-1': [10 + 2 * R + 0.2, 10],
          'B.thug-1': [10, 10 + R + 0.3],
          'B.thug-2': [40, 30],
        },
        4,
        set('A.gunner-1', { damage: 3, down: true, prone: true }),
      ),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(m, 'A', { type: 'treat', model: 'A.medic', target: 'A.gunner-1' }, q, 'counterblast:err.engagedNo')
        .message,
    ).toMatch(/Engaged: no treat/);
    expect(types(m.state, q)).not.toContain('treat');
  });
});

describe('counterblast exploding dice', () => {
  it.each([
    [
      // Zap 4: 9, 1, 1, 1 and, exploding on 9s, one more die (10, which explodes again: 1). Defense 1, 1.
      'on 9s',
      9 as const,
      [9, 1, 1, 1, 10, 1, 1, 1],
      /: Zap 9, 1, 1, 1, 10, 1 against 7\+: 2 successes, two dice of 9\+ exploded into two more, /,
    ],
    ['on 10s only', undefined, [9, 1, 1, 1, 1, 1], /: Zap 9, 1, 1, 1 against 7\+: 1 success, 1 raw damage$/],
  ])(
    'a weapon that explodes on 9s rolls another die for a 9 (and for a 10); others only for a 10 (%s)',
    (_case, explodeOn, dice, text) => {
      const q = fakeTable({ size: 48 });
      let m = matchOf(midBattle(duel, 4, explodeOn ? rifle('A.gunner-1', { explodeOn }) : (s) => s));
      m = play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
      m = play(m, 'A', { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.thug-1' }, q).match;
      const r = play(m, 'B', { type: 'pass' }, q, dice);
      expect(r.events.find((e) => e.type === 'shot')!.text).toMatch(text);
    },
  );
});

describe('counterblast Prone on the real table: its base, and only its base, for sight', () => {
  it('behind a 0.5" wall a Prone model neither sees nor is seen; standing, it sees over it', async () => {
    const { worldQueries } = await import('../../../../src/state/worldQueries');
    const { box } = await import('../../../support/scenes');
    const { layoutOf } = await import('../../../../src/rules/counterblast/game');
    let q = worldQueries(
      {
        format: 'tabletop-scene/1',
        table: { width: 48, depth: 36 },
        terrain: [box('wall', [10, 0.25, 12], [6, 0.5, 0.3])],
      },
      () => undefined,
    ).at(EMPTY);
    const standing = midBattle({ 'A.gunner-1': [10, 11], 'B.thug-1': [10, 20], 'B.thug-2': [40, 30] });
    q = q.at(layoutOf(standing));
    expect(q.sight('A.gunner-1', 'B.thug-1').hasLos).toBe(true);
    const prone = set('A.gunner-1', { prone: true })(standing);
    q = q.at(layoutOf(prone));
    expect(q.sight('A.gunner-1', 'B.thug-1').hasLos).toBe(false);
    expect(q.sight('B.thug-1', 'A.gunner-1').hasLos).toBe(false);
  });
});
