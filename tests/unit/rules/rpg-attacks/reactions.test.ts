/** Rpg-attacks battle: grenades and the Dodge window, suppressive fire, grapples (scripted dice). */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { ruleset } from '../../../../src/rules/rpg-attacks';
import { BASE_RADIUS, type RpgState } from '../../../../src/rules/rpg-attacks/game';
import { legalActions } from '../../../../src/rules/rpg-attacks/legal';
import { matchOf, placed, play, refuse, set, table } from './fixture';

const grenadeAt = (x: number, z: number) =>
  ({ type: 'grenade', model: 'A.laszlo', weapon: 'frag-grenade', x, y: 0, z }) as const;

/** László 10" south of two acolytes: Marrow on the aim, Silt 1.5" west of it (secondary area). */
const throwing = (): RpgState => placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20], 'B.acolyte-2': [16.5, 20] });

describe('a grenade and the Dodge window', () => {
  it('10 + 5 lands on the spot; Marrow (2 AP) is offered Dodge, Silt (no AP) is not; Marrow dodges 1" away, AP spent', () => {
    const q = table();
    const s = set('B.acolyte-2', { ap: 0 })(throwing());
    const thrown = play(matchOf(s), 'A', grenadeAt(18, 20), q, [10]);
    expect(thrown.events.find((e) => e.type === 'grenade')).toMatchObject({
      aim: [18, 0, 20],
      landing: [18, 0, 20],
      primary: 1,
      secondary: 3,
    });
    expect(thrown.events.find((e) => e.type === 'blast')).toMatchObject({
      shooter: 'A.laszlo',
      at: [18, 0, 20],
      radius: 3,
    });
    const m = thrown.match;
    expect(m.window).toMatchObject({ player: 'B', options: [{ type: 'dodge', model: 'B.acolyte-1' }] });
    expect(ruleset.currentPlayer(m.state)).toBe('B');
    expect(legalActions(m.state, 'B', q)).toEqual([{ type: 'dodge', model: 'B.acolyte-1' }]);
    expect(refuse(m, 'B', { type: 'dodge', model: 'B.acolyte-2' }, q, 'engine:error.not-in-window').error).toBe(
      'not-in-window',
    );
    // Dodge: 10 + Defense 8 = 18 against 12: it moves 1" away (+x: it stood on the centre), still in the primary area.
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, q, [10]);
    const after = r.match.state;
    expect(after.chars['B.acolyte-1']).toMatchObject({ ap: 1, pos: [19, 0, 20] });
    expect(after.pending).toBeNull();
    expect(r.match.window).toBeNull();
    // Damage: 8 + (15 - 8) = 15 in the primary area; Silt 15 halved = 7 in the secondary. Each a Wound.
    const dmg = r.events.filter((e) => e.type === 'damage').map((e) => [e.target, e.amount]);
    expect(dmg).toEqual([
      ['B.acolyte-1', 15],
      ['B.acolyte-2', 7],
    ]);
    expect(after.chars['B.acolyte-1']!.condition.wounds).toBe(1);
    expect(after.chars['B.acolyte-2']!.condition.wounds).toBe(1);
    expect(after.chars['A.laszlo']!.ammo['frag-grenade']).toBe(1);
    expect(after.turn?.model).toBe('B.acolyte-1');
  });

  it('a Dodge with no room a metre away (the table edge) stays put and is hit where it stands: 7 in the secondary area, not 0', () => {
    const q = table();
    // Marrow 2.5" south of the aim (2.01" edge to edge: secondary); a metre further south is off the 36" table.
    const s = placed({ 'A.laszlo': [18, 23], 'B.acolyte-1': [18, 35.5], 'B.acolyte-2': [5, 5] });
    const m = play(matchOf(s), 'A', grenadeAt(18, 33), q, [10]).match;
    expect(m.window).toMatchObject({ options: [{ type: 'dodge', model: 'B.acolyte-1' }] });
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, q, [10]);
    expect(r.match.state.chars['B.acolyte-1']).toMatchObject({ ap: 1, pos: [18, 0, 35.5] });
    expect(en(r.events.filter((e) => e.type === 'dodge').at(-1)!.text)).toMatch(/has no room to move/);
    expect(r.events.filter((e) => e.type === 'damage').map((e) => [e.target, e.amount])).toEqual([['B.acolyte-1', 7]]);
  });

  it('a Dodge that cannot leave the blast dives for cover a metre away when the table has some: there, half damage (7, not 15)', () => {
    // Seen from László, a low wall hides half of Marrow once she stands 0.5" or more south of the aim.
    const q = table({
      sight: (v, t, l) =>
        v === 'A.laszlo' && t === 'B.acolyte-1' && l.models[t]!.position[2] >= 20.5
          ? { hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 }, visibleFraction: 0.5 }
          : {},
    });
    const m = play(matchOf(set('B.acolyte-2', { ap: 0 })(throwing())), 'A', grenadeAt(18, 20), q, [10]).match;
    // 10 + 8 = 18: the test passes; a metre east (+x, straight away) is still in the primary area, so she dives:
    // the covered spots (45°, 90°, 135°) are all a metre from the landing; the first by direction is 45°.
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, q, [10]);
    const pos = r.match.state.chars['B.acolyte-1']!.pos;
    expect(pos[0]).toBeCloseTo(18 + Math.SQRT1_2, 9);
    expect(pos[2]).toBeCloseTo(20 + Math.SQRT1_2, 9);
    const test = r.events.filter((e) => e.type === 'dodge').at(-1)!;
    expect(test).toMatchObject({ outcome: 'dived' });
    expect(en(test.text)).toBe('Acolyte Marrow Dodges: Defense 18 against 12, dives for cover 1" (a metre) away');
    expect(r.events.filter((e) => e.type === 'damage').map((e) => [e.target, e.amount])).toEqual([
      ['B.acolyte-1', 7],
      ['B.acolyte-2', 7],
    ]);
  });

  it('a dive whose spot another took first (Marrow stepped there) stays put without cover: Silt takes 7 in the secondary area, not 3', () => {
    // Seen from László, Silt is half hidden only west of x = 19.1 (where Marrow will be standing).
    const q = table({
      sight: (v, t, l) =>
        v === 'A.laszlo' && t === 'B.acolyte-2' && l.models[t]!.position[0] <= 19.1
          ? { hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 }, visibleFraction: 0.5 }
          : {},
    });
    const s = placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20], 'B.acolyte-2': [20, 20] });
    let m = play(matchOf(s), 'A', grenadeAt(18, 20), q, [10]).match;
    m = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, q).match;
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-2' }, q, [10, 10]);
    expect(r.match.state.chars['B.acolyte-1']!.pos).toEqual([19, 0, 20]);
    expect(r.match.state.chars['B.acolyte-2']!.pos).toEqual([20, 0, 20]);
    const silt = r.events.filter((e) => e.type === 'dodge' && e.model === 'B.acolyte-2').at(-1)!;
    expect(silt).toMatchObject({ outcome: 'dived' });
    expect(en(silt.text)).toMatch(/has no room to move/);
    expect(r.events.filter((e) => e.type === 'damage').map((e) => [e.target, e.amount])).toEqual([
      ['B.acolyte-1', 15],
      ['B.acolyte-2', 7],
    ]);
  });

  it('the dive goes to the covered spot farthest from the blast (Marrow 0.5" south of it: due south, 1.5" off, not the first by direction)', () => {
    const q = table({
      sight: (v, t, l) =>
        v === 'A.laszlo' && t === 'B.acolyte-1' && l.models[t]!.position[2] >= 20.9
          ? { hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 }, visibleFraction: 0.5 }
          : {},
    });
    const s = set('B.acolyte-2', { ap: 0 })(
      placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20.5], 'B.acolyte-2': [5, 5] }),
    );
    const m = play(matchOf(s), 'A', grenadeAt(18, 20), q, [10]).match;
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, q, [10]);
    expect(r.events.filter((e) => e.type === 'dodge').at(-1)).toMatchObject({ outcome: 'dived' });
    expect(r.match.state.chars['B.acolyte-1']!.pos).toEqual([18, 0, 21.5]);
  });

  it('with no cover within a metre (open table) the same Dodge only steps 1" away and takes the full 15', () => {
    const m = play(matchOf(set('B.acolyte-2', { ap: 0 })(throwing())), 'A', grenadeAt(18, 20), table(), [10]).match;
    const r = play(m, 'B', { type: 'dodge', model: 'B.acolyte-1' }, table(), [10]);
    expect(r.events.filter((e) => e.type === 'dodge').at(-1)).toMatchObject({ outcome: 'moved' });
    expect(r.events.filter((e) => e.type === 'damage').map((e) => e.amount)).toEqual([15, 7]);
  });

  it('a pass keeps the AP and rolls no Dodge', () => {
    const q = table();
    const m = play(matchOf(set('B.acolyte-2', { ap: 0 })(throwing())), 'A', grenadeAt(18, 20), q, [10]).match;
    const r = play(m, 'B', { type: 'pass' }, q);
    expect(r.match.state.chars['B.acolyte-1']).toMatchObject({ ap: 2, pos: [18, 0, 20] });
  });

  it('with two able to Dodge there is one window each, in id order', () => {
    const q = table();
    let m = play(matchOf(throwing()), 'A', grenadeAt(18, 20), q, [10]).match;
    expect(m.window?.options).toEqual([{ type: 'dodge', model: 'B.acolyte-1' }]);
    m = play(m, 'B', { type: 'pass' }, q).match;
    expect(m.window?.options).toEqual([{ type: 'dodge', model: 'B.acolyte-2' }]);
    // Silt dodges: 2 + 8 = 10 fails; the AP is spent anyway.
    m = play(m, 'B', { type: 'dodge', model: 'B.acolyte-2' }, q, [2]).match;
    expect(m.state.chars['B.acolyte-2']!.ap).toBe(1);
    expect(m.window).toBeNull();
  });

  it('with no AP there is no window: the blast resolves with the throw', () => {
    const q = table();
    const s = set('B.acolyte-1', { ap: 0 })(set('B.acolyte-2', { ap: 0 })(throwing()));
    const r = play(matchOf(s), 'A', grenadeAt(18, 20), q, [10]);
    expect(r.match.window).toBeNull();
    expect(r.events.filter((e) => e.type === 'damage').length).toBe(2);
  });

  it('neither a held character nor her controller (who has not released) is offered Dodge: no window', () => {
    const q = table();
    const s0 = placed({
      'A.laszlo': [18, 30],
      'B.acolyte-1': [18, 20],
      'B.acolyte-2': [16.5, 20],
      'A.azure': [18 + 2 * BASE_RADIUS + 0.5, 20],
    });
    const held = { ...s0.chars['B.acolyte-1']!.condition, hindered: [{ by: 'A.azure', cause: 'grapple' as const }] };
    const s = set('B.acolyte-1', { condition: held })(set('B.acolyte-2', { ap: 0 })(s0));
    const r = play(matchOf(s), 'A', grenadeAt(18, 20), q, [10]);
    expect(r.match.window).toBeNull();
    expect(r.events.filter((e) => e.type === 'damage').map((e) => e.target)).toEqual([
      'A.azure',
      'B.acolyte-1',
      'B.acolyte-2',
    ]);
  });
});

describe("the chapter's grenade example through the battle", () => {
  it('László throws 4 + 5 = 9: a miss by 1, it deviates 1" (d12 12: +x); TNs 11 (in cover) and 6 take 3 and 11', () => {
    const s0 = placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [19, 19.5], 'B.acolyte-2': [19, 20.5] });
    const stats = (id: string, defense: number) => ({ ap: 0, stats: { ...s0.chars[id]!.stats, defense } });
    const s = set('B.acolyte-1', stats('B.acolyte-1', 11))(set('B.acolyte-2', stats('B.acolyte-2', 6))(s0));
    const q = table({
      sight: (_v, t) => (t === 'B.acolyte-1' ? { hidden: { terrain: 0.5, vehicles: 0, models: 0, smoke: 0 } } : {}),
    });
    const r = play(matchOf(s), 'A', grenadeAt(18, 20), q, [4, 12]);
    expect(r.events.find((e) => e.type === 'grenade')).toMatchObject({ aim: [18, 0, 20], landing: [19, 0, 20] });
    expect(r.events.filter((e) => e.type === 'damage').map((e) => [e.target, e.amount])).toEqual([
      ['B.acolyte-1', 3],
      ['B.acolyte-2', 11],
    ]);
  });
});

describe('suppressive fire', () => {
  /** Gan at (18, 30) fires his machine pistol (Auto 5) north; the saboteur moves west across the cone 10" out. */
  const suppressed = (): RpgState => placed({ 'A.gan': [18, 30], 'B.saboteur': [24, 20] });
  const fire = { type: 'suppress', model: 'A.gan', weapon: 'smg', directionDeg: 270 } as const;
  const across = { type: 'move', model: 'B.saboteur', x: 18, y: 0, z: 20 } as const;

  it('the zone is stored and drawn; a mover entering passes Det (9 + 3 = 12) and rolls d10 5 <= Auto 5: hit for 5 + 5', () => {
    const q = table();
    const fired = play(matchOf(suppressed()), 'A', fire, q);
    expect(fired.events.find((e) => e.type === 'suppression')).toMatchObject({
      shooter: 'A.gan',
      origin: [18, 0, 30],
      directionDeg: 270,
      halfAngle: 10,
      range: 80,
    });
    expect(fired.match.state.zones).toHaveLength(1);
    expect(fired.match.state.chars['A.gan']!.ammo.smg).toBe(25);
    const r = play(fired.match, 'B', across, q, [9, 5]);
    expect(r.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 10 });
    expect(r.match.state.chars['B.saboteur']).toMatchObject({ pos: [18, 0, 20], condition: { wounds: 1 } });
  });

  it('d10 6 > Auto 5 misses; a failed Det (2 + 3) stops the move at the cone edge', () => {
    const q = table();
    const fired = play(matchOf(suppressed()), 'A', fire, q).match;
    const miss = play(fired, 'B', across, q, [9, 6]).match;
    expect(miss.state.chars['B.saboteur']!.condition.wounds).toBe(0);
    const held = play(fired, 'B', across, q, [2]).match;
    const x = held.state.chars['B.saboteur']!.pos[0];
    // The cone's edge 10" out is 10 tan 10° = 1.76" from its axis; the base's edge touches it.
    expect(x).toBeGreaterThan(18 + 1.76);
    expect(x).toBeLessThan(24);
    expect(x - 18 - BASE_RADIUS).toBeCloseTo(10 * Math.tan(Math.PI / 18), 1);
  });

  // The cone stops at what blocks the line of fire: terrain hides the saboteur from Gan east of x = 19.
  const hiddenEast = () =>
    table({
      sight: (v, t, layout) => {
        const pos = layout.models[t === 'A.gan' ? v : t]?.position;
        return pos && pos[0] > 19 ? { hasLos: false, visibleFraction: 0 } : {};
      },
    });

  it('a mover is in the cone only where Gan has a line of fire to it: entering behind cover rolls nothing', () => {
    const blind = table({ sight: () => ({ hasLos: false, visibleFraction: 0 }) });
    const fired = play(matchOf(suppressed()), 'A', fire, blind).match;
    const r = play(fired, 'B', across, blind, []);
    expect(r.events.some((e) => e.type === 'suppressed')).toBe(false);
    expect(r.match.state.chars['B.saboteur']!.pos).toEqual([18, 0, 20]);
  });

  it('the cone begins where the line of fire does (x = 19, not its edge at 19.76 + the base): a failed Det stops it there', () => {
    const q = hiddenEast();
    const fired = play(matchOf(suppressed()), 'A', fire, q).match;
    const held = play(fired, 'B', across, q, [2]).match;
    const x = held.state.chars['B.saboteur']!.pos[0];
    expect(x).toBeGreaterThan(19);
    expect(x).toBeLessThan(19.01);
  });

  it("one beginning its turn inside rolls the d10; the zone ends when the shooter's next turn begins", () => {
    const q = table();
    const s = placed({ 'A.gan': [18, 30], 'B.saboteur': [18, 20] });
    // The saboteur's turn begins in the cone: d10 3 <= 5, hit for 5 + 3.
    const fired = play(matchOf(s), 'A', fire, q, [3]);
    expect(fired.events.find((e) => e.type === 'damage')).toMatchObject({ target: 'B.saboteur', amount: 8 });
    expect(fired.match.state.turn?.model).toBe('B.saboteur');
    // Round 2: Gan 20 + 5 first, the saboteur 1 + 6: Gan's turn begins and his zone is gone.
    const next = play(fired.match, 'B', { type: 'end-turn', model: 'B.saboteur' }, q, [20, 1]);
    expect(next.match.state.round).toBe(2);
    expect(next.match.state.turn?.model).toBe('A.gan');
    expect(next.match.state.zones).toEqual([]);
  });

  it("one beginning its turn inside but out of Gan's line of fire (hidden by terrain) rolls nothing", () => {
    const blind = table({ sight: () => ({ hasLos: false, visibleFraction: 0 }) });
    const s = placed({ 'A.gan': [18, 30], 'B.saboteur': [18, 20] });
    const fired = play(matchOf(s), 'A', fire, blind, []);
    expect(fired.events.some((e) => e.type === 'damage' || e.type === 'suppressed')).toBe(false);
    expect(fired.match.state.turn?.model).toBe('B.saboteur');
  });
});

describe('grapples', () => {
  /** Hollis (Unarmed 5) next to Azure (Defense 11), who already carries two Hindered from his grapple. */
  const grappling = (hindered: number): RpgState => {
    const s = placed({ 'B.hollis': [10, 10], 'A.azure': [10 + 2 * BASE_RADIUS + 0.5, 10] });
    const c = s.chars['A.azure']!;
    const h = Array.from({ length: hindered }, () => ({ by: 'B.hollis', cause: 'grapple' as const }));
    return set('A.azure', { condition: { ...c.condition, hindered: h } })(s);
  };
  const grab = { type: 'grapple', model: 'B.hollis', target: 'A.azure' } as const;

  it('a hit (8 + 5 = 13 against 11) adds the third Hindered: pinned; on her turn she may only end it', () => {
    const q = table();
    const r = play(matchOf(grappling(2)), 'B', grab, q, [8]);
    expect(r.events.find((e) => e.type === 'grapple')).toMatchObject({ hit: true, hindered: 1, pinned: true });
    const m = r.match;
    expect(m.state.chars['A.azure']!.condition.hindered).toHaveLength(3);
    expect(m.state.turn?.model).toBe('A.azure');
    expect(legalActions(m.state, 'A', q)).toEqual([{ type: 'end-turn', model: 'A.azure' }]);
    expect(
      en(
        refuse(
          m,
          'A',
          { type: 'attack', model: 'A.azure', weapon: 'knife', target: 'B.hollis' },
          q,
          'rpg-attacks:error.pinned',
        ).message,
      ),
    ).toMatch(/pinned/);
    expect(
      en(refuse(m, 'A', { type: 'move', model: 'A.azure', x: 14, y: 0, z: 10 }, q, 'rpg-attacks:error.pinned').message),
    ).toMatch(/pinned/);
  });

  it('a miss (5 + 5 = 10) adds none; a critical (17 + 5 = 22) adds two', () => {
    const q = table();
    expect(
      play(matchOf(grappling(0)), 'B', grab, q, [5]).match.state.chars['A.azure']!.condition.hindered,
    ).toHaveLength(0);
    expect(
      play(matchOf(grappling(0)), 'B', grab, q, [17]).match.state.chars['A.azure']!.condition.hindered,
    ).toHaveLength(2);
  });

  it('held but not pinned: no move; a break-free hit on the last Hindered releases', () => {
    const q = table();
    const s = grappling(1);
    const m = matchOf({ ...s, order: ['A.azure', 'B.hollis'], turn: { model: 'A.azure', moved: false } });
    expect(
      en(
        refuse(m, 'A', { type: 'move', model: 'A.azure', x: 14, y: 0, z: 10 }, q, 'rpg-attacks:error.heldNoMove')
          .message,
      ),
    ).toMatch(/held/);
    const legal = legalActions(m.state, 'A', q);
    expect(legal).toContainEqual({ type: 'break-free', model: 'A.azure', from: 'B.hollis', choice: 'reverse' });
    // Unarmed 3 + 8 = 11 against Hollis's Defense 10 (Hindered ⊖: two d20s, the worst kept).
    const r = play(m, 'A', { type: 'break-free', model: 'A.azure', from: 'B.hollis', choice: 'release' }, q, [8, 15]);
    expect(r.match.state.chars['A.azure']!.condition.hindered).toEqual([]);
    expect(r.events.find((e) => e.type === 'grapple')).toMatchObject({ outcome: 'released' });
  });
});
