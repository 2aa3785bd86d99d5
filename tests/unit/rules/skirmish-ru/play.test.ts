/** skirmish-ru in the app: the shot buttons' numbers and reasons, the picks, tokens and front arcs, the board, the cards, the CLI summary. */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import skirmishRu from '../../../../src/rules/skirmish-ru';
import { summary } from '../../../../src/rules/skirmish-ru/summary';
import { describeAction, markers, picksOf, pickAction } from '../../../../src/rules/skirmish-ru/describe';
import { layoutOf, type SkState } from '../../../../src/rules/skirmish-ru/game';
import { placed, set, table as bare } from './fixture';
import { en } from '../../../support/words';

const p = skirmishRu.play;

/** A fake table arranged for a state (the app arranges the table before it asks for words). */
const arranged = (s: SkState, o: Parameters<typeof bare>[0] = {}) => {
  let q = bare(o);
  q = q.at(layoutOf(s));
  return q;
};

const V = 'A.vozhak-grom';
const W = 'B.vorona';
const shot = { type: 'shoot', fighter: V, weapon: 'avtomat', target: W } as const;

describe('skirmish-ru in words', () => {
  it.each([
    [0.71, '4 or less on d6', 'Shooting 4'],
    [0.7, '3 or less on d6', 'Shooting 4, cover -1'],
    [0.2, '2 or less on d6', 'Shooting 4, hidden -2'],
  ])('a shot at a target %s visible: "%s" (%s)', (visible, need, why) => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20] });
    const words = en(describeAction(s, arranged(s, { sight: () => ({ visibleFraction: visible }) }), shot));
    expect(words.startsWith(`${need} — Вожак Гром: shoot Ворона with Автомат`)).toBe(true);
    expect(words).toContain(`(${why}, 10 rounds left)`);
  });

  it('a sprinter is -1 more; a reserved shot in the window says so; a refused shot says why', () => {
    const s = set(W, { lastMove: 'sprint' })(placed({ [V]: [20, 30], [W]: [20, 20] }));
    expect(en(describeAction(s, arranged(s), shot))).toContain('(Shooting 4, sprinted -1,');
    const behind = placed({ [V]: [20, 30, 90], [W]: [20, 20] });
    expect(en(describeAction(behind, arranged(behind), shot))).toMatch(/outside its 180-degree front/);
    const window = { ...s, ambush: { mover: W, side: 'A' as const, options: [shot] } };
    expect(en(describeAction(window, arranged(window), shot))).toMatch(/^Reserved shot at -1: 2 or less on d6/);
    expect(en(describeAction(window, arranged(window), { type: 'pass' } as never))).toBe(
      'Hold fire: no reserved shot at Ворона',
    );
  });

  it('moves are clicked: a Move, Run and Sprint pick per fighter with its reach; a charge is a button, a plain move is not', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 24] });
    const legal = legalActions(s, 'A', bare());
    const picks = picksOf(s, legal);
    expect(picks.map((k) => [en(k.label), k.allowance])).toEqual([
      ['Move Вожак Гром (up to 4")', 4],
      ['Run Вожак Гром (up to 7")', 7],
      ['Sprint Вожак Гром (up to 10")', 10],
    ]);
    expect(pickAction(picks[1]!, 20.00049, 0, 25.5)).toEqual({
      type: 'move',
      fighter: V,
      mode: 'run',
      x: 20,
      y: 0,
      z: 25.5,
    });
    const charge = legal.find((a) => a.type === 'move' && Math.abs(a.x - 20) < 1e-6 && a.z > 25 && a.z < 25.1)!;
    expect(en(describeAction(s, arranged(s), charge))).toMatch(
      /^Вожак Гром: charge Ворона \(run|^Вожак Гром: charge Ворона \(sprint/,
    );
    expect(p.shown(s, charge, arranged(s))).toBe(true);
    expect(p.shown(s, { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 28 }, arranged(s))).toBe(false);
    expect(en(describeAction(s, arranged(s), { type: 'move', fighter: V, mode: 'move', x: 20, y: 0, z: 28 }))).toBe(
      'Вожак Гром: move 2" north (up to 4")',
    );
  });

  it("front arcs face the fighter's way in the scene's convention (north, 270 in the rules, is 90 in the scene); tokens list what a fighter carries", () => {
    const s0 = placed({ [V]: [20, 30], [W]: [20, 20] });
    const s = set(W, {
      reserved: true,
      pinned: true,
      arms: { vintovka: { jammed: true, ammo: 3 }, nozh: { jammed: false, ammo: null } },
    })(s0);
    const m = markers({ ...s, activation: { fighter: V, moved: 'none', left: false, pinned: false } });
    expect(m.find((x) => x.id === `arc-${V}`)).toMatchObject({ kind: 'arc', facingDeg: 90, radius: 5, side: 'A' });
    expect(m.find((x) => x.id === `arc-${W}`)).toMatchObject({ kind: 'arc', facingDeg: 270, radius: 2.5, side: 'B' });
    expect(en(m.find((x) => x.id === `token-${W}`)!.label)).toBe('reserved · pinned · Винтовка jammed');
    expect(p.table(s).facing[V]).toBe(90);
  });

  it('the board, the phase line, the card and the CLI summary count the same fighters', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20] });
    expect(p.board(s).rows.A.map((c) => en(c.text))).toEqual(['own 1/6 up', '5 enemies taken out']);
    expect(p.board(s).rows.B.map((c) => en(c.text))).toEqual(['own 1/6 up', '5 enemies taken out']);
    expect(en(p.phaseLine(s))).toBe('Round 1 of 8 · Ржавые Волки (A) to activate');
    expect(summary(s)).toMatchObject({ rounds: 1, score: { A: 5, B: 5 }, down: { A: 0, B: 0 }, dead: { A: 5, B: 5 } });
    const card = p.card(s, W)!;
    expect(en(card.stats)).toBe('M 4 · Ag 3 · Sh 4 · S 3 · T 3 · W 2/2 · A 1 · Arm 1 · Mor 3');
    const w0 = card.weapons[0]!;
    expect({ name: w0.name, range: en(w0.range), damage: en(w0.damage), notes: en(w0.notes) }).toEqual({
      name: 'Винтовка',
      range: '30"',
      damage: 'S4 D1 AP1',
      notes: 'Rel 2, RoF 1, 8 left',
    });
  });

  it('the latest template is an area on the table: a hit has no scatter line, a scatter draws one from the aim, a detonation from the shooter', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20] });
    const blast = {
      shooter: V,
      weapon: 'granata',
      aim: [20, 0, 20] as [number, number, number],
      centre: [24, 0, 20] as [number, number, number],
      radius: 1.5,
      outcome: 'scatter' as const,
      scatter: { distance: 4, direction: 0 },
      covered: [],
    };
    const marker = markers({ ...s, blast }).find((m) => m.id === 'blast')!;
    expect({ ...marker, label: en(marker.label) }).toEqual({
      id: 'blast',
      kind: 'area',
      label: 'Граната осколочная: scatter 4"',
      at: [24, 0, 20],
      side: 'A',
      radius: 1.5,
      from: [20, 0, 20],
    });
    const hit = markers({ ...s, blast: { ...blast, outcome: 'hit', centre: [20, 0, 20], scatter: null } });
    expect(hit.find((m) => m.id === 'blast')).not.toHaveProperty('from');
    const boom = markers({ ...s, blast: { ...blast, outcome: 'detonation', centre: [20, 0, 30] } });
    expect(boom.find((m) => m.id === 'blast')).toMatchObject({ from: [20, 0, 30] });
    expect(en(boom.find((m) => m.id === 'blast')!.label)).toBe('Граната осколочная: detonation');
    expect(markers({ ...s, blast: { ...blast, outcome: 'lost', centre: null } }).some((m) => m.id === 'blast')).toBe(
      false,
    );
  });

  it('a jump says what it is, which way, and the acrobatics test', () => {
    const s = placed({ [V]: [20, 30], [W]: [20, 20] });
    const q = arranged(s);
    const up = set(V, { pos: [20, 4, 30] })(s);
    expect(en(describeAction(up, q, { type: 'jump', fighter: V, how: 'down', mode: 'move', x: 22, y: 0, z: 30 }))).toBe(
      'Вожак Гром: jump down 4" east (move, acrobatics 3 or less)',
    );
    expect(en(describeAction(s, q, { type: 'jump', fighter: V, how: 'climb', mode: 'run', x: 20, y: 2, z: 29 }))).toBe(
      'Вожак Гром: climb 2" (double movement) north (run, acrobatics 3 or less)',
    );
    expect(
      en(describeAction(up, q, { type: 'jump', fighter: V, how: 'leap', mode: 'move', x: 17.5, y: 4, z: 30 })),
    ).toBe('Вожак Гром: leap 2.5" across the gap west (move, acrobatics 3 or less)');
  });
});
