/** Skirmish-ru activations with scripted dice: move, run, sprint, facing, charges, leaving close combat, pinned, reserve. */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром: Movement 4, Agility 3, Melee 4, Attacks 2, athletics 3, a knife (S3). Батя: T4, Armour 2, Morale 5, Attacks 2, Melee 4.
const V = 'A.vozhak-grom';
const B = 'B.batya';
const duel = (b: [number, number] = [20, 5]) => placed({ [V]: [20, 30], [B]: b });

describe('skirmish-ru moves (Movement, run + Agility, sprint + 2 x Agility, measured by routeLength)', () => {
  it.each([
    ['move', 4, true],
    ['move', 4.01, false],
    ['run', 7, true],
    ['run', 7.01, false],
    ['sprint', 10, true],
    ['sprint', 10.01, false],
  ] as const)('a %s of %s" is allowed: %s', (mode, d, ok) => {
    const q = table();
    const a = { type: 'move', fighter: V, mode, x: 20, y: 0, z: 30 - d } as const;
    if (!ok) {
      expect(refuse(matchOf(duel()), 'A', a, q, `skirmish-ru:refuse.reach.${mode}`).error).toBe('out-of-range');
      return;
    }
    const dice = mode === 'sprint' ? [1] : [];
    expect(play(matchOf(duel()), 'A', a, q, dice).match.state.fighters[V]!.pos).toEqual([20, 0, 30 - d]);
  });

  it('a move faces the way it went, and the activation goes on to its attack; a second move is refused', () => {
    const q = table();
    const r = play(matchOf(duel()), 'A', { type: 'move', fighter: V, mode: 'move', x: 24, y: 0, z: 30 }, q);
    const s = r.match.state;
    expect(s.fighters[V]!.facing).toBe(0);
    expect(s.activation).toEqual({ fighter: V, moved: 'move', left: false, pinned: false });
    expect(s.turn).toBe('A');
    refuse(
      r.match,
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 24, y: 0, z: 32 },
      q,
      'skirmish-ru:refuse.movedAlready',
    );
    refuse(r.match, 'A', { type: 'done', fighter: 'A.kosoy' }, q, 'skirmish-ru:refuse.acting');
    expect(play(r.match, 'A', { type: 'done', fighter: V }, q).match.state.turn).toBe('B');
  });

  it('a run ends the activation (no attack but close combat); the fighter ran', () => {
    const q = table();
    const s = play(matchOf(duel()), 'A', { type: 'move', fighter: V, mode: 'run', x: 20, y: 0, z: 24 }, q).match.state;
    expect([s.activation, s.turn, s.fighters[V]!.activated, s.fighters[V]!.lastMove]).toEqual([null, 'B', true, 'run']);
  });

  it.each([
    [3, 0],
    [4, 1],
  ])('a sprint ends with an athletics test (3): die %i, fatigue %i', (die, fatigue) => {
    const q = table();
    const r = play(matchOf(duel()), 'A', { type: 'move', fighter: V, mode: 'sprint', x: 20, y: 0, z: 21 }, q, [die]);
    expect(r.match.state.fighters[V]!.fatigue).toBe(fatigue);
    expect(r.match.state.fighters[V]!.lastMove).toBe('sprint');
  });

  it('a spot off the table or on another base is refused', () => {
    const q = table();
    refuse(
      matchOf(duel()),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 47.8 },
      q,
      'skirmish-ru:refuse.cannotStand',
    );
    refuse(
      matchOf(duel([20, 27])),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 27.5 },
      q,
      'skirmish-ru:refuse.cannotStand',
    );
  });
});

describe('skirmish-ru close combat on the table', () => {
  it('a run into base contact starts close combat: Attacks 2 [3, 5] against Shooting 4, wound 5 (S3 v T4: 5+), save 3 against 2 fails, morale 6 pins', () => {
    const q = table();
    const r = play(
      matchOf(duel([20, 24])),
      'A',
      { type: 'move', fighter: V, mode: 'run', x: 20, y: 0, z: 25.034 },
      q,
      [3, 5, 5, 3, 6],
    );
    const s = r.match.state;
    expect(s.fighters[B]!.wounds.wounds).toBe(2);
    expect(s.fighters[B]!.pinned).toBe(true);
    expect(s.fighters[V]!.facing).toBe(270);
    expect([s.activation, s.turn]).toEqual([null, 'B']);
    expect(r.events.map((e) => e.type)).toEqual(['moved', 'close-combat', 'strike', 'damage', 'pinned', 'dice-rolled']);
  });

  // Шило: Shooting 5, Attacks 1, no close-combat weapon (bare hands, S3 against Вожак's T4). The dice: the
  // strike, then on a hit the wound roll (1: none) and Вожак's morale test (1: holds).
  it.each([
    ['walked', 'move', 5, true],
    ['walked', 'move', 6, false],
    ['sprinted', 'sprint', 4, true],
    ['sprinted', 'sprint', 5, false],
  ] as const)(
    'a strike rolls against Shooting (5), -1 at a target that sprinted: it %s (%s), die %s: hit %s',
    (_w, lastMove, die, hit) => {
      const S = 'B.shilo';
      const s0 = set(V, { lastMove })(placed({ [V]: [20, 30], [S]: [20, 28.99] }, 'B'));
      const r = play(matchOf(s0), 'B', { type: 'strike', fighter: S, target: V }, table(), hit ? [die, 1, 1] : [die]);
      const e = r.events.find((x) => x.type === 'strike')!;
      expect(e).toMatchObject({ attacker: S, target: V, hit });
      const need = lastMove === 'sprint' ? '4 or less (sprinted -1)' : '5 or less';
      expect(en(e.text)).toBe(
        `Шило strikes Вожак Гром with bare hands: 1 roll [${die}] needing ${need}: ${hit ? '1 hit' : '0 hits'}`,
      );
    },
  );

  it('in contact at the start: a strike at a standing enemy in contact; one out of contact is refused', () => {
    const q = table();
    const m = matchOf(duel([20, 28.99]));
    refuse(matchOf(duel([20, 27])), 'A', { type: 'strike', fighter: V, target: B }, q, 'skirmish-ru:refuse.noContact');
    const s = play(m, 'A', { type: 'strike', fighter: V, target: B }, q, [6, 6]).match.state;
    expect(s.fighters[B]!.wounds.wounds).toBe(3);
  });

  it('a killing blow: Батя at 1 wound, a hit, wound 6, save 6 fails: seriously wounded, no morale test; his gang has nobody standing', () => {
    const q = table();
    const s0 = set(B, { wounds: { wounds: 1, excess: 0, condition: 'active' } })(duel([20, 28.99]));
    const r = play(matchOf(s0), 'A', { type: 'strike', fighter: V, target: B }, q, [1, 6, 6, 6]);
    expect(r.match.state.fighters[B]!.wounds.condition).toBe('seriously-wounded');
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.result?.reason).toBe('Дети Котельной has no fighter standing');
  });

  it('leaving close combat: agility test 4 against 3 fails, Батя strikes [6, 6] (no hits); the fighter moves and may not attack', () => {
    const q = table();
    const r = play(
      matchOf(duel([20, 28.99])),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 33 },
      q,
      [4, 6, 6],
    );
    expect(r.match.state.fighters[V]!.pos).toEqual([20, 0, 33]);
    expect([r.match.state.activation, r.match.state.turn]).toEqual([null, 'B']);
  });

  it('leaving close combat: agility test 3 against 3 passes, no free attack', () => {
    const q = table();
    const r = play(
      matchOf(duel([20, 28.99])),
      'A',
      { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 33 },
      q,
      [3],
    );
    expect(r.match.state.fighters[V]!.pos).toEqual([20, 0, 33]);
  });
});

describe('skirmish-ru pinned fighters and reserved actions', () => {
  const pinned = () => set(V, { pinned: true })(duel([20, 20]));

  it('a pinned fighter only moves away from the nearest enemy (no run, no attack); its pin ends with the activation', () => {
    const q = table();
    const m = matchOf(pinned());
    refuse(m, 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 27 }, q, 'skirmish-ru:refuse.pinnedAway');
    refuse(
      m,
      'A',
      { type: 'move', fighter: V, mode: 'run', x: 20, y: 0, z: 36 },
      q,
      'skirmish-ru:refuse.pinnedMoveOnly',
    );
    refuse(
      m,
      'A',
      { type: 'shoot', fighter: V, weapon: 'avtomat', target: B },
      q,
      'skirmish-ru:refuse.pinnedNoActions',
    );
    refuse(m, 'A', { type: 'reserve', fighter: V }, q, 'skirmish-ru:refuse.pinnedNoActions');
    const s = play(m, 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 34 }, q).match.state;
    expect([s.fighters[V]!.pinned, s.fighters[V]!.activated, s.turn]).toEqual([false, true, 'B']);
  });

  it('a pinned fighter is offered only normal moves away from the enemy: it must move («должен двигаться»), so not ending its activation', () => {
    const q = table();
    const moves = legalActions(pinned(), 'A', q);
    expect(moves.some((a) => a.type === 'done')).toBe(false);
    expect(moves.length).toBeGreaterThan(0);
    // Батя stands at (20, 20), 10" from Вожак's centre: each move ends farther from him.
    for (const a of moves)
      expect(a.type === 'move' && a.mode === 'move' && Math.hypot(a.x - 20, a.z - 20) > 10).toBe(true);
  });

  it('a pinned fighter may not stand still while it can fall back; hemmed in (no move away), it ends its activation and the pin goes', () => {
    expect(
      en(
        refuse(matchOf(pinned()), 'A', { type: 'done', fighter: V }, table(), 'skirmish-ru:refuse.fallback.standStill')
          .message,
      ),
    ).toMatch(/is pinned: it must fall back/);
    // Every spot around it is a 5" step up (too high to step, to climb at Agility 3): no fall-back move exists.
    const walled = table({ ground: (x, z) => (Math.hypot(x - 20, z - 30) < 0.5 ? 0 : 5) });
    expect(legalActions(pinned(), 'A', walled)).toEqual([{ type: 'done', fighter: V }]);
    const s = play(matchOf(pinned()), 'A', { type: 'done', fighter: V }, walled).match.state;
    expect(s.fighters[V]!.pinned).toBe(false);
  });

  it('reserve: the flag is set and the activation ends; it is dropped when the fighter next activates; it may follow a move', () => {
    const q = table();
    let m = play(matchOf(duel()), 'A', { type: 'reserve', fighter: V }, q).match;
    expect(m.state.fighters[V]!.reserved).toBe(true);
    m = play(m, 'B', { type: 'done', fighter: B }, q).match;
    expect(m.state.round).toBe(2);
    m = play(m, 'B', { type: 'done', fighter: B }, q).match;
    expect(play(m, 'A', { type: 'done', fighter: V }, q).match.state.fighters[V]!.reserved).toBe(false);
    const moved = play(matchOf(duel()), 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 27 }, q).match;
    expect(play(moved, 'A', { type: 'reserve', fighter: V }, q).match.state.fighters[V]!.reserved).toBe(true);
  });
});
