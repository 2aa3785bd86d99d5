/** rpg-attacks in the app: attack and grenade buttons with their TN and why, the Dodge prompt, tokens, cones and blast rings, the board, the summary. */
import { describe, expect, it } from 'vitest';
import { layoutOf, type RpgState } from '../../../../src/rules/rpg-attacks/game';
import rpgAttacks from '../../../../src/rules/rpg-attacks';
import { summary } from '../../../../src/rules/rpg-attacks/summary';
import { describeAction, markers, pickAction, picksOf } from '../../../../src/rules/rpg-attacks/describe';
import { legalActions } from '../../../../src/rules/rpg-attacks/legal';
import { matchOf, placed, play, set, table as bare } from './fixture';
import { en } from '../../../support/words';

const p = rpgAttacks.play;

/** A fake table arranged for a state (the app arranges the table before it asks for words). */
const arranged = (s: RpgState, o: Parameters<typeof bare>[0] = {}) => {
  let q = bare(o);
  q = q.at(layoutOf(s));
  return q;
};
const grenadeAt = (x: number, z: number) =>
  ({ type: 'grenade', model: 'A.laszlo', weapon: 'frag-grenade', x, y: 0, z }) as const;
const throwing = (): RpgState => placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20], 'B.acolyte-2': [16.5, 20] });

describe('rpg-attacks in words', () => {
  it('an attack button: the test against the TN with each boon and bane and why, then what it is', () => {
    const s = throwing();
    const carbine = s.chars['A.laszlo']!.weapons.find((w) => s.weapons[w]!.auto > 0)!;
    const a = { type: 'attack', model: 'A.laszlo', weapon: carbine, target: 'B.acolyte-1' } as const;
    const open = describeAction(s, arranged(s), a);
    expect(en(open)).toMatch(/^Projectiles vs Defense \d+ — László Weber: attack at Acolyte Marrow with /);
    const heavy = describeAction(
      s,
      arranged(s, { sight: () => ({ hidden: { terrain: 0.8, vehicles: 0, models: 0, smoke: 0 } }) }),
      { ...a, auto: true },
    );
    expect(en(heavy)).toMatch(/^Projectiles vs Defense \d+, ⊖⊖ heavy cover \(80 % hidden\), ⊕ auto \(\d+ rounds\) — /);
    const foliage = describeAction(s, arranged(s, { concealment: () => ({ inside: 'foliage', through: null }) }), a);
    expect(en(foliage)).toMatch(/, ⊖ moderate concealment \(in foliage\) — /);
  });

  it('a grenade button gives the range band\'s banes: none at 10", ⊖ beyond', () => {
    const s = throwing();
    expect(en(describeAction(s, arranged(s), grenadeAt(18, 20)))).toMatch(
      /^Projectiles vs 10 — László Weber: throw Frag grenade 10"/,
    );
    expect(en(describeAction(s, arranged(s), grenadeAt(18, 19.9)))).toMatch(
      /^Projectiles vs 10, ⊖ range 10\.1" \(10\.1 m\) — /,
    );
  });

  it('the Dodge window: its prompt, the blast rings with the deviation line, the phase line asks', () => {
    const q = bare();
    const thrown = play(matchOf(set('B.acolyte-2', { ap: 0 })(throwing())), 'A', grenadeAt(18, 20), q, [10]);
    const s = thrown.match.state;
    expect(en(describeAction(s, arranged(s), { type: 'dodge', model: 'B.acolyte-1' }))).toBe(
      'Acolyte Marrow: Dodge the grenade (1 AP of 2; Defense vs 12, a success moves 1" (1 m) away)',
    );
    expect(en(describeAction(s, arranged(s), { type: 'pass' } as never))).toBe('Acolyte Marrow: do not Dodge');
    expect(en(p.phaseLine(s))).toMatch(/Acolyte Marrow: Dodge the grenade\?$/);
    const rings = markers(s).filter((m) => m.kind === 'area');
    expect(rings.map((m) => [m.id, m.radius, m.at])).toEqual([
      ['blast-primary', 1, [18, 0, 20]],
      ['blast-secondary', 3, [18, 0, 20]],
    ]);
    // The line from the aim to the landing (here the same spot: the throw hit).
    expect(rings[0]!.from).toEqual([18, 0, 20]);
    expect(p.reactionLine(s)).toEqual(['A.laszlo', 'B.acolyte-1']);
  });

  it('tokens say AP and consequences; the board and the CLI summary count the same characters down', () => {
    const s = set('B.acolyte-1', {
      condition: { ...throwing().chars['B.acolyte-1']!.condition, wounds: 1, prone: true },
    })(throwing());
    expect(en(markers(s).find((m) => m.id === 'token-B.acolyte-1')!.label)).toMatch(/^AP 2 · 1 Wound · prone/);
    expect(summary(s)).toMatchObject({ wounds: { A: 0, B: 1 } });
    const board = p.board(s);
    expect(board.rows.A.map((c) => en(c.text))).toEqual([
      `own 1/${Object.values(s.chars).filter((c) => c.side === 'A').length} up`,
      `${summary(s).score.A} ${summary(s).score.A === 1 ? 'enemy' : 'enemies'} down`,
    ]);
  });

  it('a grapple on the bases: the held one says who holds it and how hard (by name), the controller whom it holds', () => {
    const s0 = placed({ 'A.azure': [18, 20], 'B.hollis': [18, 21] });
    const held = {
      ...s0.chars['B.hollis']!.condition,
      hindered: [0, 1].map(() => ({ by: 'A.azure', cause: 'grapple' as const })),
    };
    const s = set('B.hollis', { condition: held })(s0);
    const label = (id: string) => en(markers(s).find((m) => m.id === `token-${id}`)!.label);
    expect(label('B.hollis')).toMatch(/^AP 2 · Hindered x2 \(grappled by Azure Vance\) · /);
    expect(label('A.azure')).toBe('AP 2 · holds Brother Hollis (Hindered x2)');
    const pinned = set('B.hollis', { condition: { ...held, hindered: [...held.hindered, held.hindered[0]!] } })(s);
    expect(en(markers(pinned).find((m) => m.id === 'token-B.hollis')!.label).match(/pinned/g)).toHaveLength(1);
  });

  it('a Throw pick lands a grenade on any spot clicked within the thrower\'s reach (László: Strength 8, 40")', () => {
    const s = { ...throwing(), turn: { model: 'A.laszlo', moved: false } };
    const legal = legalActions(s, 'A', bare());
    const pick = picksOf(s, legal).find((k) => k.type === 'grenade')!;
    expect([en(pick.label), pick.allowance]).toEqual(['Throw Frag grenade (László Weber, up to 40" (40 m))', 40]);
    // Between the two acolytes, not on either: the spot clicked.
    const a = pickAction(pick, 17.25, 0, 20.5);
    expect(a).toEqual({ type: 'grenade', model: 'A.laszlo', weapon: 'frag-grenade', x: 17.25, y: 0, z: 20.5 });
    const r = play(matchOf(set('B.acolyte-2', { ap: 0 })(s)), 'A', a, bare(), [10]);
    expect(r.events.find((e) => e.type === 'grenade')).toMatchObject({
      aim: [17.25, 0, 20.5],
      landing: [17.25, 0, 20.5],
    });
  });
});
