/**
 * The hover hint's odds of a skirmish-ru shot and strike (`play.odds`): the number a D6 must roll at
 * most, at the cover thresholds (30 % and 80 % hidden) and either side of them, the chance over the rate
 * of fire, a flamer's jams ending the volley, the ammunition left.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import skirmish from '../../../../src/rules/skirmish-ru';
import { layoutOf } from '../../../../src/rules/skirmish-ru/game';
import { volleyChance } from '../../../../src/rules/skirmish-ru/odds';
import { placed, set, table } from './fixture';

// Вожак Гром: Shooting 4, an assault gun (rate of fire 2, Reliability 3, 10 rounds). Ворона the target.
const V = 'A.vozhak-grom';
const W = 'B.vorona';
const shot = { type: 'shoot', fighter: V, weapon: 'avtomat', target: W } as const;
const s = placed({ [V]: [20, 30], [W]: [20, 20] });

const oddsAt = (visible: number, state = s) =>
  skirmish.play.odds(state, table({ sight: () => ({ visibleFraction: visible }) }).at(layoutOf(state)), shot)!;

describe('skirmish-ru odds: a shot', () => {
  it.each([
    [0.71, 4, null],
    [0.7, 3, 'cover -1'],
    [0.69, 3, 'cover -1'],
    [0.21, 3, 'cover -1'],
    [0.2, 2, 'hidden -2'],
    [0.19, 2, 'hidden -2'],
  ])('visible %s: %s or less on the D6 (%s), two shots', (visible, need, cover) => {
    const o = oddsAt(visible);
    expect(o.need).toEqual({ score: need, die: 6, atMost: true });
    expect(o.dice).toBe(2);
    expect(o.chance).toBeCloseTo(1 - ((6 - need) / 6) ** 2, 12);
    expect(o.hidden).toBeCloseTo(1 - visible, 12);
    expect(o.cover === undefined ? null : en(o.cover)).toBe(cover);
    expect(o.notes!.map(en)).toEqual(['10 rounds left']);
  });
  it('a sprinting target is one more modifier, in the notes', () => {
    const o = oddsAt(1, set(W, { lastMove: 'sprint' })(s));
    expect(o.need?.score).toBe(3);
    expect(o.notes!.map(en)).toEqual(['sprinted -1', '10 rounds left']);
  });
  it('one round left: one shot', () => {
    const o = oddsAt(1, set(V, { arms: { ...s.fighters[V]!.arms, avtomat: { jammed: false, ammo: 1 } } })(s));
    expect(o.dice).toBe(1);
    expect(o.chance).toBeCloseTo(4 / 6, 12);
  });
  it("a flamer's miss rolls reliability and may jam, ending the volley: two shots at 4 or less, Reliability 3: 22/27", () => {
    expect(volleyChance(4, 2, { reliability: 3, flamer: true })).toBeCloseTo(22 / 27, 12);
    expect(volleyChance(4, 2, { reliability: 3, flamer: false })).toBeCloseTo(8 / 9, 12);
  });
  it('a strike: one D6 per Attack, each at most Shooting (4); at a target that sprinted, at most 3', () => {
    const f = s.fighters[V]!;
    const strikeAt = (st: typeof s) =>
      skirmish.play.odds(st, table().at(layoutOf(st)), { type: 'strike', fighter: V, target: W })!;
    const o = strikeAt(s);
    expect(o.need).toEqual({ score: 4, die: 6, atMost: true });
    expect(o.dice).toBe(f.stats.attacks);
    expect(o.chance).toBeCloseTo(1 - (2 / 6) ** f.stats.attacks, 12);
    const sprinted = strikeAt(set(W, { lastMove: 'sprint' })(s));
    expect(sprinted.need).toEqual({ score: 3, die: 6, atMost: true });
    expect(sprinted.notes!.map(en)).toEqual(['sprinted -1']);
    expect(sprinted.chance).toBeCloseTo(1 - (3 / 6) ** f.stats.attacks, 12);
  });
});
