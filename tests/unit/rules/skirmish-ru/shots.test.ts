/** Skirmish-ru shots on the table with scripted dice: arc, range, sight and cover, rate of fire, jams, ammunition, shots into close combat, pinning. */
import { describe, expect, it } from 'vitest';
import { act } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром: Shooting 4, an assault gun (24", S3, AP1, Reliability 3, rate of fire 2, 10 rounds), a pistol (8").
// Ворона: T3, Armour 1 (AP1 leaves nothing to save with), Morale 3, 2 wounds.
const V = 'A.vozhak-grom';
const W = 'B.vorona';
const shot = { type: 'shoot', fighter: V, weapon: 'avtomat', target: W } as const;
const pair = (w: [number, number] = [20, 20]) => placed({ [V]: [20, 30], [W]: w });

describe('skirmish-ru shooting on the table', () => {
  it('two shots [2, 5] needing 4: one hit; wound 4 (S3 v T3: 4+), no save die, 1 damage; morale 4 against 3 pins; 2 rounds spent', () => {
    const r = play(matchOf(pair()), 'A', shot, table(), [2, 5, 4, 4]);
    const s = r.match.state;
    expect(s.fighters[W]!.wounds).toEqual({ wounds: 1, excess: 0, condition: 'active' });
    expect(s.fighters[W]!.pinned).toBe(true);
    expect(s.fighters[V]!.arms['avtomat']).toEqual({ jammed: false, ammo: 8 });
    expect([s.activation, s.fighters[V]!.activated, s.turn]).toEqual([null, true, 'B']);
    expect(r.events[0]).toMatchObject({ type: 'shot', shooter: V, target: W, hit: true });
  });

  it.each([
    [0.71, 4, 'none'],
    [0.7, 3, 'cover -1'],
    [0.2, 2, 'hidden -2'],
  ])('visible share %s: to hit needs %i (%s); [4, 4] then', (visible, needs, _w) => {
    const q = table({ sight: () => ({ visibleFraction: visible }) });
    const dice = needs >= 4 ? [4, 4, 6, 6] : [4, 4];
    const r = play(matchOf(pair()), 'A', shot, q, dice);
    expect(en(r.events[0]!.text)).toContain(`needing ${needs} or less`);
  });

  it('a target that sprinted in its last activation is -1 to hit', () => {
    const s = set(W, { lastMove: 'sprint' })(pair());
    const r = play(matchOf(s), 'A', shot, table(), [4, 4]);
    expect(en(r.events[0]!.text)).toContain('needing 3 or less (sprinted -1)');
  });

  it('a to-hit 1 calls reliability: 2 below 3 jams the gun, the attack ends (one round spent); the hit still wounds (4), morale 1 holds', () => {
    const r = play(matchOf(pair()), 'A', shot, table(), [1, 2, 4, 1]);
    const s = r.match.state;
    expect(s.fighters[V]!.arms['avtomat']).toEqual({ jammed: true, ammo: 9 });
    // The table shows the jam over the shooter.
    const jams = r.events.filter((e) => e.type === 'jam');
    expect(jams).toEqual([expect.objectContaining({ model: V, weapon: 'avtomat' })]);
    expect(en(jams[0]!.text)).toMatch(/Автомат jams/);
    expect(s.fighters[W]!.wounds.wounds).toBe(1);
    expect(s.fighters[W]!.pinned).toBe(false);
  });

  it('a jammed weapon or one out of ammunition cannot fire', () => {
    const q = table();
    refuse(
      matchOf(set(V, { arms: { avtomat: { jammed: true, ammo: 9 } } })(pair())),
      'A',
      shot,
      q,
      'skirmish-ru:refuse.cannotFire',
    );
    refuse(
      matchOf(set(V, { arms: { avtomat: { jammed: false, ammo: 0 } } })(pair())),
      'A',
      shot,
      q,
      'skirmish-ru:refuse.cannotFire',
    );
    const last = play(matchOf(set(V, { arms: { avtomat: { jammed: false, ammo: 1 } } })(pair())), 'A', shot, q, [6]);
    expect(last.events.some((e) => e.type === 'jam')).toBe(false);
    expect(last.match.state.fighters[V]!.arms['avtomat']!.ammo).toBe(0);
  });

  it.each([
    [2, false],
    [3, true],
  ])('clearing a jam instead of the attack: technician test %i against 2, jammed: %s', (die, jammed) => {
    const q = table();
    const p = pair();
    const s = set(V, { arms: { ...p.fighters[V]!.arms, avtomat: { jammed: true, ammo: 9 } } })(p);
    const m = matchOf(s);
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'clear-jam', fighter: V, weapon: 'avtomat' });
    const r = play(m, 'A', { type: 'clear-jam', fighter: V, weapon: 'avtomat' }, q, [die]);
    expect(r.match.state.fighters[V]!.arms['avtomat']).toEqual({ jammed, ammo: 9 });
    expect(r.match.state.turn).toBe('B');
    refuse(
      matchOf(pair()),
      'A',
      { type: 'clear-jam', fighter: V, weapon: 'avtomat' },
      q,
      'skirmish-ru:refuse.notJammed',
    );
  });

  it('only at a target in the 180-degree front, in range (24"), in sight; not after a run; not with a melee weapon', () => {
    const q = table();
    expect(en(refuse(matchOf(pair([20, 40])), 'A', shot, q, 'skirmish-ru:refuse.shot.outOfArc').message)).toMatch(
      /180-degree front/,
    );
    // 30" between centres is 29.02" edge to edge.
    expect(en(refuse(matchOf(pair([20, 1])), 'A', shot, q, 'skirmish-ru:refuse.shot.outOfRange').message)).toMatch(
      /out of range/,
    );
    expect(
      en(
        refuse(
          matchOf(pair()),
          'A',
          shot,
          table({ sight: () => ({ hasLos: false }) }),
          'skirmish-ru:refuse.shot.noSight',
        ).message,
      ),
    ).toMatch(/line of sight/);
    refuse(matchOf(pair()), 'A', { ...shot, weapon: 'nozh' }, q, 'skirmish-ru:refuse.shot.melee');
    const ran = play(matchOf(pair()), 'A', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 29 }, q).match;
    expect(play(ran, 'A', shot, q, [6, 6]).match.state.fighters[V]!.lastMove).toBe('move');
  });

  it('template weapons (flamer, grenades) are shot like others (blast.test.ts): to hit 5 misses, scatter arrow, MISFIRE: lost', () => {
    const s = placed({ 'A.sema-klyk': [20, 30], [W]: [20, 25] });
    const g = { type: 'shoot', fighter: 'A.sema-klyk', weapon: 'granata', target: W } as const;
    expect(play(matchOf(s), 'A', g, table(), [5, 3, 6]).match.state.blast?.outcome).toBe('lost');
  });

  it('from close combat only a pistol fires', () => {
    const q = table();
    const s = pair([20, 28.99]);
    expect(en(refuse(matchOf(s), 'A', shot, q, 'skirmish-ru:refuse.shot.closeCombat').message)).toMatch(/close combat/);
    const r = play(matchOf(s), 'A', { ...shot, weapon: 'pistolet' }, q, [6]);
    expect(r.match.state.fighters[V]!.arms['pistolet']!.ammo).toBe(7);
  });

  it('a shot into a close combat: each hit picks its model with a d2 (Ворона, Косой): [2] strikes Косой; wound 5, morale 1 holds', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20], 'A.kosoy': [21.034, 20] });
    const r = play(matchOf(s), 'A', shot, table(), [2, 6, 2, 5, 1]);
    expect(r.match.state.fighters['A.kosoy']!.wounds.wounds).toBe(1);
    expect(r.match.state.fighters[W]!.wounds.wounds).toBe(2);
  });

  it("a friend merely standing beside the target is no close combat: no die, the hit is the target's", () => {
    // Гвоздь (B) touches Ворона (B), and no enemy touches either.
    const s = placed({ [V]: [20, 30], [W]: [20, 20], 'B.gvozd': [21.034, 20] });
    const r = play(matchOf(s), 'A', shot, table(), [2, 6, 5, 1]);
    expect(r.events.some((e) => e.type === 'into-combat')).toBe(false);
    expect(r.match.state.fighters['B.gvozd']!.wounds.wounds).toBe(s.fighters['B.gvozd']!.wounds.wounds);
    expect(r.match.state.fighters[W]!.wounds.wounds).toBe(1);
  });

  it('the combat is who fights in it: Косой touches Ворона, Гвоздь touches only Ворона: a d2, not a d3', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20], 'A.kosoy': [21.034, 20], 'B.gvozd': [18.966, 20] });
    const r = play(matchOf(s), 'A', shot, table(), [2, 6, 2, 5, 1]);
    expect(r.match.state.fighters['A.kosoy']!.wounds.wounds).toBe(1);
    expect(r.match.state.fighters['B.gvozd']!.wounds.wounds).toBe(s.fighters['B.gvozd']!.wounds.wounds);
    const rolls = r.events.filter((e) => e.type === 'dice-rolled').map((e) => en(e.text));
    expect(rolls.some((t) => /\(d2\)/.test(t))).toBe(true);
    expect(rolls.some((t) => /\(d3\)/.test(t))).toBe(false);
  });
});

describe('skirmish-ru legal actions', () => {
  it('a fresh battle: A may move, reserve or end with each fighter (nobody in range); B has nothing; every offer is accepted', () => {
    const q = table();
    const m = matchOf(placed({ [V]: [20, 30], 'A.kosoy': [35, 30], [W]: [20, 3] }));
    const offers = legalActions(m.state, 'A', q);
    expect(legalActions(m.state, 'B', q)).toEqual([]);
    expect(offers.filter((a) => a.type === 'shoot')).toEqual([]);
    // Per fighter: 8 directions at full and half Movement, a run and a sprint (32), reserve and done.
    expect(offers.filter((a) => a.type === 'move' && a.fighter === V)).toHaveLength(32);
    expect(offers.filter((a) => a.type !== 'move')).toHaveLength(4);
    for (const a of offers) expect(isError(act(ruleset, m, 'A', a, q))).toBe(false);
  });

  it('in range, arc and sight: a shot with each ranged weapon in reach; a charge spot by the shortest mode; every offer is accepted', () => {
    const q = table();
    const m = matchOf(pair([20, 24]));
    const offers = legalActions(m.state, 'A', q);
    expect(offers.filter((a) => a.type === 'shoot').map((a) => a.type === 'shoot' && a.weapon)).toEqual([
      'avtomat',
      'pistolet',
    ]);
    expect(offers).toContainEqual({ type: 'move', fighter: V, mode: 'run', x: 20, y: 0, z: 25.034 });
    for (const a of offers) expect(isError(act(ruleset, m, 'A', a, q))).toBe(false);
  });
});
