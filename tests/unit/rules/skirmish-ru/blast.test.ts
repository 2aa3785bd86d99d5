/** Skirmish-ru template weapons and grenades on the table with scripted dice: hits, scatter, misfire, detonation, reach, reliability, ammunition. */
import { describe, expect, it } from 'vitest';
import { act } from '../../../../src/rules/engine/match';
import { isError } from '../../../../src/rules/engine/types';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { BASE_RADIUS } from '../../../../src/rules/skirmish-ru/game';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Лёха Огонь: Shooting 3, T4, Armour 2, Morale 4, 2 wounds; a flamer (8", S4, AP1, Reliability 3, 1 shot, 3 rounds,
// template radius 1.5"). Сёма Клык: Shooting 4, Strength 3 (grenades reach 6"); grenades (S3, AP0, Reliability 2,
// 2 carried, radius 1.5"). Ворона, Шило, Гвоздь, Косой: T3, Armour 1, 2 wounds; Morale 3, 4, 4, 3. Батя: T4, Morale 5.
const L = 'A.leha-ogon';
const S = 'A.sema-klyk';
const K = 'A.kosoy';
const V = 'B.vorona';
const SH = 'B.shilo';
const G = 'B.gvozd';
const B = 'B.batya';
const R = BASE_RADIUS;
const flame = { type: 'shoot', fighter: L, weapon: 'ognemet', target: V } as const;
const grenade = { type: 'shoot', fighter: S, weapon: 'granata', target: V } as const;

describe('skirmish-ru template weapons: a hit', () => {
  // The template (radius 1.5") centres on Ворона at (20, 24): Шило's base just touches its edge, Косой (a
  // friend) is 1.9" from the centre; Гвоздь is 0.01" past the edge.
  const s = placed({
    [L]: [20, 30],
    [V]: [20, 24],
    [SH]: [20 + 1.5 + R, 24],
    [K]: [20, 22.1],
    [G]: [20 - (1.5 + R + 0.01), 24],
  });

  it('to hit 3 needing 3, reliability 3 holds (a flamer rolls after every shot); Ворона, Косой (a friend) and Шило are hit, Гвоздь 0.01" past is not', () => {
    // Wounds S4 v T3 need 3+: Ворона 4, Косой 2, Шило 6 (AP1 leaves Armour 1 no save); morale 1, 4, 1.
    const r = play(matchOf(s), 'A', flame, table(), [3, 3, 4, 2, 6, 1, 4, 1]);
    const t = r.match.state;
    expect(t.fighters[V]!.wounds.wounds).toBe(1);
    expect(t.fighters[SH]!.wounds.wounds).toBe(1);
    expect(t.fighters[K]!.wounds.wounds).toBe(2);
    expect(t.fighters[K]!.pinned).toBe(true);
    expect(t.fighters[G]!.wounds.wounds).toBe(2);
    expect(t.fighters[L]!.arms['ognemet']).toEqual({ jammed: false, ammo: 2 });
    expect(t.blast).toEqual({
      shooter: L,
      weapon: 'ognemet',
      aim: [20, 0, 24],
      centre: [20, 0, 24],
      radius: 1.5,
      outcome: 'hit',
      scatter: null,
      covered: [V, K, SH],
    });
    expect(r.events[0]).toMatchObject({ type: 'shot', shooter: L, target: V, hit: true });
    expect(en(r.events[0]!.text)).toContain('reliability roll for a flamer after its shot: 3 against 3');
    expect(r.events[1]).toMatchObject({ type: 'template', outcome: 'hit', centre: [20, 0, 24], covered: [V, K, SH] });
    expect(en(r.events[1]!.text)).toBe(
      'Огнемёт: hit: the template centres on the target at (20, 24): covers Ворона, Косой, Шило',
    );
    expect(JSON.parse(JSON.stringify(r.events))).toEqual(r.events);
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });

  it('a seriously wounded friend under the template is hit too: wound 3 adds 1 to its excess; no morale test (down)', () => {
    const down = { wounds: 0, excess: 0, condition: 'seriously-wounded' as const };
    const t0 = set(K, { wounds: down })(placed({ [L]: [20, 30], [V]: [20, 24], [K]: [20, 22.1] }));
    const t = play(matchOf(t0), 'A', flame, table(), [3, 3, 4, 3, 1]).match.state;
    expect(t.blast?.covered).toEqual([V, K]);
    expect(t.fighters[K]!.wounds).toEqual({ wounds: 0, excess: 1, condition: 'seriously-wounded' });
  });

  it('the blast stays drawn until the next activation begins', () => {
    const q = table();
    const m = play(matchOf(s), 'A', flame, q, [3, 3, 4, 2, 6, 1, 4, 1]).match;
    expect(m.state.turn).toBe('B');
    expect(play(m, 'B', { type: 'done', fighter: G }, q).match.state.blast).toBeNull();
  });

  it('a flamer jams on reliability 2 (below 3) after a hit: the template still lands; one round spent', () => {
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [3, 2, 4, 1]);
    expect(r.match.state.fighters[L]!.arms['ognemet']).toEqual({ jammed: true, ammo: 2 });
    expect(r.match.state.fighters[V]!.wounds.wounds).toBe(1);
    expect(en(r.events[0]!.text)).toContain('the weapon jams');
  });

  it('a flamer to-hit 1 (a hit at Shooting 3) rolls one reliability die, not two (3 holds); wound 3, morale 1', () => {
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [1, 3, 3, 1]);
    expect(en(r.events[0]!.text).match(/reliability roll/g)).toHaveLength(1);
    expect(r.match.state.blast?.outcome).toBe('hit');
    expect(r.match.state.fighters[L]!.arms['ognemet']).toEqual({ jammed: false, ammo: 2 });
  });

  it('a to-hit modifier for cover applies as to any shot (visible 0.7: cover -1, needing 2)', () => {
    const q = table({ sight: () => ({ visibleFraction: 0.7 }) });
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, q, [3, 3, 3, 6]);
    expect(en(r.events[0]!.text)).toContain('needing 2 or less (cover -1): 0 hits');
  });

  it('only at a standing enemy in the front, in sight and in the flamer\'s 8" (edge to edge)', () => {
    const q = table();
    const at = (z: number) => placed({ [L]: [20, 30], [V]: [20, z] });
    expect(en(refuse(matchOf(at(40)), 'A', flame, q, 'skirmish-ru:refuse.shot.outOfArc').message)).toMatch(
      /180-degree front/,
    );
    expect(
      en(refuse(matchOf(at(30 - 8 - 2 * R - 0.01)), 'A', flame, q, 'skirmish-ru:refuse.shot.outOfRange').message),
    ).toMatch(/out of range/);
    play(matchOf(at(30 - 8 - 2 * R)), 'A', flame, q, [6, 6, 3, 6]);
    expect(
      en(refuse(matchOf(at(30 - 2 * R - 0.05)), 'A', flame, q, 'skirmish-ru:refuse.shot.closeCombat').message),
    ).toMatch(/close combat/);
    expect(
      en(
        refuse(
          matchOf(at(24)),
          'A',
          flame,
          table({ sight: () => ({ hasLos: false }) }),
          'skirmish-ru:refuse.shot.noSight',
        ).message,
      ),
    ).toMatch(/line of sight/);
    expect(
      en(
        refuse(
          matchOf(placed({ [L]: [20, 30], [V]: [20, 24], [K]: [20, 26] })),
          'A',
          { ...flame, target: K },
          q,
          'skirmish-ru:refuse.notEnemy',
        ).message,
      ),
    ).toMatch(/standing enemy/);
  });
});

describe('skirmish-ru template weapons: a miss scatters', () => {
  it('to hit 4 (miss), reliability 3; scatter arrow, artillery 3 (6"), d12 2 (30 degrees): lands at (25.20, 27) on Гвоздь', () => {
    const s = placed({ [L]: [20, 30], [V]: [20, 24], [G]: [25.2, 27] });
    // Гвоздь: wound 2 (no wound), morale 5 against 4: pinned.
    const r = play(matchOf(s), 'A', flame, table(), [4, 3, 3, 3, 2, 2, 5]);
    const b = r.match.state.blast!;
    expect(b.outcome).toBe('scatter');
    expect(b.scatter).toEqual({ distance: 6, direction: 30 });
    expect(b.centre![0]).toBeCloseTo(20 + 6 * Math.cos(Math.PI / 6), 2);
    expect(b.centre![0]).toBeCloseTo(25.2, 2);
    expect(b.centre![2]).toBeCloseTo(27, 2);
    expect(b.covered).toEqual([G]);
    expect(r.match.state.fighters[G]!.pinned).toBe(true);
    expect(r.match.state.fighters[V]!.wounds.wounds).toBe(2);
    expect(en(r.events[1]!.text)).toBe(
      'Огнемёт: miss: scatter die arrow, artillery die 6; the template scatters 6" towards 30 degrees at (25.2, 27): covers Гвоздь',
    );
  });

  it('the HIT face carries an arrow too: scatter 1, artillery 1 (2"), d12 4 (90 degrees) lands 2" behind the target, on nobody', () => {
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [4, 3, 1, 1, 4]);
    expect(r.match.state.blast).toMatchObject({ outcome: 'scatter', centre: [20, 0, 26], covered: [] });
  });

  it('the dice line names the scatter and artillery dice (plain data the 3D dice tray throws them by)', () => {
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [4, 3, 1, 1, 4]);
    const lines = r.events.filter((e) => e.type === 'dice-rolled');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.dice).toEqual([
      [6, 4],
      [6, 3],
      [6, 1],
      [6, 1],
      [12, 4],
    ]);
    expect(lines[0]!.names).toEqual([null, null, 'scatter', 'artillery', null]);
    // A hit rolls no template dice: its line names none.
    const hit = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [3, 3, 4, 1]);
    expect(hit.events.find((e) => e.type === 'dice-rolled')).not.toHaveProperty('names');
  });

  it('a misfire is lost: nobody is hit, the round is spent', () => {
    const r = play(matchOf(placed({ [L]: [20, 30], [V]: [20, 24] })), 'A', flame, table(), [4, 3, 3, 6]);
    const t = r.match.state;
    expect(t.blast).toMatchObject({ outcome: 'lost', centre: null, scatter: null, covered: [] });
    expect(t.fighters[L]!.arms['ognemet']!.ammo).toBe(2);
    expect(en(r.events[1]!.text)).toBe(
      'Огнемёт: miss: scatter die arrow, artillery die MISFIRE; misfire: the template is lost: nobody is hit',
    );
  });
});

describe('skirmish-ru template weapons: HIT and MISFIRE together detonate', () => {
  // Батя stands 4" to the shooter's right (+x), Гвоздь 7" to its left (-x).
  const s = placed({ [L]: [20, 30], [V]: [20, 24], [B]: [24, 30], [G]: [13, 30] });
  const detonate = [4, 3, 1, 6];

  it.each([1, 2])(
    'band %i: it bursts on the shooter (wound 4, save 2 against 1 fails, morale 5 against 4 pins, in its own turn)',
    (band) => {
      const r = play(matchOf(s), 'A', flame, table(), [...detonate, band, 4, 2, 5]);
      const t = r.match.state;
      expect(t.blast).toMatchObject({ outcome: 'detonation', centre: [20, 0, 30], scatter: null, covered: [L] });
      expect(t.fighters[L]!.wounds.wounds).toBe(1);
      expect(en(r.events.find((e) => e.type === 'pinned')!.text)).toMatch(/no more actions this turn/);
      // Its activation is over, and the pin ends with its turn.
      expect(t.fighters[L]).toMatchObject({ pinned: false, activated: true });
    },
  );

  it.each([3, 4])(
    'band %i: it flies d6 (4") from the shooter, d12 1 (0 degrees): on Батя (wound 3 fails, morale 1 holds)',
    (band) => {
      const r = play(matchOf(s), 'A', flame, table(), [...detonate, band, 4, 1, 3, 1]);
      const b = r.match.state.blast!;
      expect(b).toMatchObject({ outcome: 'detonation', centre: [24, 0, 30], scatter: { distance: 4, direction: 0 } });
      expect(b.covered).toEqual([B]);
    },
  );

  it.each([5, 6])('band %i: it flies 2d6 (3 + 4 = 7") from the shooter, d12 7 (180 degrees): on Гвоздь', (band) => {
    const r = play(matchOf(s), 'A', flame, table(), [...detonate, band, 3, 4, 7, 2, 1]);
    const b = r.match.state.blast!;
    expect(b).toMatchObject({ outcome: 'detonation', centre: [13, 0, 30], scatter: { distance: 7, direction: 180 } });
    expect(b.covered).toEqual([G]);
    expect(en(r.events[1]!.text)).toContain('detonation: band roll');
  });
});

describe('skirmish-ru grenades', () => {
  // Сёма Клык (Strength 3) throws to 6", edge to edge.
  const at = (d: number) => placed({ [S]: [20, 30], [V]: [20, 30 - d - 2 * R] });

  it.each([
    [5.99, true],
    [6, true],
    [6.01, false],
  ])('a throw at %s" (reach 2 x S = 6"): allowed %s', (d, ok) => {
    const q = table();
    if (!ok) {
      expect(en(refuse(matchOf(at(d)), 'A', grenade, q, 'skirmish-ru:refuse.shot.outOfRange').message)).toMatch(
        /out of range/,
      );
      return;
    }
    // To hit 4 needing 4 (no reliability die: not a 1); wound 4 (S3 v T3), save 2 against 1 fails; morale 1.
    const t = play(matchOf(at(d)), 'A', grenade, q, [4, 4, 2, 1]).match.state;
    expect(t.fighters[V]!.wounds.wounds).toBe(1);
    expect(t.fighters[S]!.arms['granata']).toEqual({ jammed: false, ammo: 1 });
    expect(t.blast).toMatchObject({ weapon: 'granata', outcome: 'hit', covered: [V] });
  });

  it.each([
    [1, 1, [V]],
    [3, 3, []],
    [5, 5, []],
  ])(
    'a miss scatters half the artillery die: artillery die %i scatters %i" (d12 10: 270 degrees), covering %j',
    (die, inches, covered) => {
      // 1" off, Ворона is still under the template: wound 1 fails, morale 1 holds.
      const rest = covered.length ? [1, 1] : [];
      const r = play(matchOf(placed({ [S]: [20, 30], [V]: [20, 25] })), 'A', grenade, table(), [
        5,
        4,
        die,
        10,
        ...rest,
      ]);
      const b = r.match.state.blast!;
      expect(b.scatter).toEqual({ distance: inches, direction: 270 });
      expect(b.centre![2]).toBeCloseTo(25 - inches, 2);
      expect(b.covered).toEqual(covered);
      expect(en(r.events[1]!.text)).toContain(`the grenade scatters ${inches}"`);
    },
  );

  it('ammunition is spent: the last grenade is thrown, then none is offered and a throw is refused', () => {
    const q = table();
    const s0 = placed({ [S]: [20, 30], [V]: [20, 25] });
    const arms = s0.fighters[S]!.arms;
    const one = set(S, { arms: { ...arms, granata: { jammed: false, ammo: 1 } } })(s0);
    expect(legalActions(one, 'A', q)).toContainEqual(grenade);
    expect(play(matchOf(one), 'A', grenade, q, [5, 3, 6]).match.state.fighters[S]!.arms['granata']!.ammo).toBe(0);
    const none = set(S, { arms: { ...arms, granata: { jammed: false, ammo: 0 } } })(s0);
    expect(legalActions(none, 'A', q)).not.toContainEqual(grenade);
    expect(en(refuse(matchOf(none), 'A', grenade, q, 'skirmish-ru:refuse.cannotFire').message)).toMatch(
      /out of ammunition/,
    );
  });
});

describe('skirmish-ru template shots offered and reserved', () => {
  it('the legal list offers the flamer at each enemy in reach (one each), and every offer is accepted', () => {
    const q = table();
    const m = matchOf(placed({ [L]: [20, 30], [V]: [20, 24], [G]: [20, 21.5], [B]: [20, 10] }));
    const shots = legalActions(m.state, 'A', q).filter((a) => a.type === 'shoot');
    expect(shots).toEqual([
      { type: 'shoot', fighter: L, weapon: 'ognemet', target: G },
      { type: 'shoot', fighter: L, weapon: 'ognemet', target: V },
    ]);
    for (const a of legalActions(m.state, 'A', q)) expect(isError(act(ruleset, m, 'A', a, q))).toBe(false);
  });

  it('a reserved flamer fires at an enemy that moved into reach, at -1 (needing 2)', () => {
    const q = table();
    const s = set(L, { reserved: true })(placed({ [L]: [20, 30], [V]: [20, 20] }, 'B'));
    const m = play(matchOf(s), 'B', { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 24 }, q).match;
    expect(m.state.ambush?.options).toEqual([flame]);
    // To hit 2 needing 2, reliability 4 holds; wound 3 (S4 v T3); morale 1 holds.
    const r = play(m, 'A', flame, q, [2, 4, 3, 1]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toContain('needing 2 or less (reserved -1)');
    expect(r.match.state.fighters[V]!.wounds.wounds).toBe(1);
    expect(r.match.state.blast).toMatchObject({ outcome: 'hit', covered: [V] });
  });
});
