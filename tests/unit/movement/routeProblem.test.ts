/**
 * The movement core's refusals as ids with parameters (`MovePath.problem`), and their words in each
 * language (`routeWords`): each case names the id it expects.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/i18n/i18n';
import { measuredPath } from '../../../src/movement/path';
import { routeWords, stopWords } from '../../../src/rules/engine/words';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };
const names = (id: string) => ({ m: 'Gunner 2', wall: 'Low wall', block: 'Block' })[id] ?? id;
const words = (p: Parameters<typeof routeWords>[0], lang: 'en' | 'ko' | 'ru' = 'en') =>
  render(routeWords(p, names, TABLE), lang);

describe('route refusals: ids and parameters', () => {
  it('off-table: the edge the spot lies past', () => {
    const w = world({ table: TABLE, models: [model('m', 10, 10)] });
    expect(measuredPath(w, 'm', [60, 0, 10]).problem).toEqual({ kind: 'off-table', edge: 'east' });
    expect(measuredPath(w, 'm', [10, 0, -1]).problem).toEqual({ kind: 'off-table', edge: 'north' });
    expect(measuredPath(w, 'm', [-0.5, 0, 40]).problem).toEqual({ kind: 'off-table', edge: 'south' });
  });
  it('no-fit: the base does not fit at the spot', () => {
    const w = world({ table: TABLE, terrain: [box('block', [20, 1, 20], [4, 2, 4])], models: [model('m', 10, 10)] });
    expect(measuredPath(w, 'm', [20, 0, 20.04]).problem).toEqual({ kind: 'no-fit' });
  });
  it('no-route: boxed in by a ring of bases (its base in mm)', () => {
    const ring = Array.from({ length: 8 }, (_, k) =>
      model(`r${k}`, 20 + Math.cos((k * Math.PI) / 4) * 1.4, 20 + Math.sin((k * Math.PI) / 4) * 1.4, {
        base: { shape: 'round', diameterMm: 40 },
      }),
    );
    const w = world({ table: TABLE, models: [model('m', 20, 20), ...ring] });
    expect(measuredPath(w, 'm', [26, 0, 20]).problem).toEqual({ kind: 'no-route', baseMm: 25 });
  });
  it('steps-down: off a 4" platform on a move that may not climb', () => {
    const w = world({
      table: TABLE,
      terrain: [box('platform', [10, 2, 10], [6, 4, 6])],
      models: [model('m', 10, 10, { position: [10, 4, 10] })],
    });
    const p = measuredPath(w, 'm', [16, 0, 10]).problem;
    expect(p?.kind).toBe('steps-down');
    expect(p?.kind === 'steps-down' && p.drop).toBeCloseTo(4, 9);
  });
  it('no-route-within: a search told to stop at 3" finds none to a spot 10" away', () => {
    const w = world({ table: TABLE, models: [model('m', 10, 10)] });
    expect(measuredPath(w, 'm', [20, 0, 10], { maxLength: 3 }).problem).toEqual({ kind: 'no-route-within', limit: 3 });
  });
  it('cannot-stand-along and cannot-stand name the model (and the spot)', () => {
    const kerb = world({
      table: TABLE,
      terrain: [box('kerb', [10, 0.2, 10], [0.5, 0.4, 20])],
      models: [model('m', 8, 10)],
    });
    expect(measuredPath(kerb, 'm', [12, 0, 10], { climb: 'measured', standAlongRoute: true }).problem).toMatchObject({
      kind: 'cannot-stand-along',
      model: 'm',
    });
    const thin = world({ table: TABLE, terrain: [box('thin', [12, 1, 10], [0.5, 2, 6])], models: [model('m', 8, 10)] });
    expect(measuredPath(thin, 'm', [12, 2, 10], { climb: 'measured' }).problem).toEqual({
      kind: 'cannot-stand',
      model: 'm',
    });
  });
});

describe('route refusals in words', () => {
  it('say the edge, the piece and the model in each language', () => {
    expect(words({ kind: 'off-table', edge: 'east' })).toBe(
      'the route passes the east edge (right): the spot is off the table',
    );
    expect(words({ kind: 'climbs-too-much', climb: 2.5, max: 2 })).toBe(
      'the route climbs 2.5", more than the 2" allowed in one move',
    );
    expect(words({ kind: 'meets-piece', piece: 'wall', height: 0 })).toBe(
      'the route runs into Low wall after stepping down to 0"',
    );
    expect(words({ kind: 'cannot-stand', model: 'm' }, 'ru')).toBe(
      'Gunner 2 не может там стоять: нет ровного места для подставки',
    );
    expect(words({ kind: 'no-route', baseMm: 25 }, 'ko')).toBe('25mm 베이스로 그곳까지 가는 경로가 없습니다');
    expect(words({ kind: 'cannot-stand-along', model: 'm', x: 3, z: 30 })).toBe(
      'the route crosses a place where Gunner 2 cannot stand, near 3" from the west edge, 6" from the south edge',
    );
  });
  it('every id has words in en, ko and ru', () => {
    const all: Parameters<typeof routeWords>[0][] = [
      { kind: 'not-finite' },
      { kind: 'off-table', edge: 'north' },
      { kind: 'overlaps-start', model: 'm' },
      { kind: 'no-fit' },
      { kind: 'no-route', baseMm: 32 },
      { kind: 'no-route-within', limit: 6 },
      { kind: 'meets-piece', piece: 'wall', height: 1 },
      { kind: 'steps-down', drop: 4 },
      { kind: 'climbs-too-much', climb: 3, max: 2 },
      { kind: 'not-on-surface' },
      { kind: 'cannot-stand-along', model: 'm', x: 1, z: 1 },
      { kind: 'cannot-stand', model: 'm' },
      { kind: 'body-blocked', model: 'm', by: 'wall' },
    ];
    for (const p of all)
      for (const lang of ['en', 'ko', 'ru'] as const) {
        const id = routeWords(p, names, TABLE).id;
        expect(render(routeWords(p, names, TABLE), lang), `${id} in ${lang}`).not.toContain('engine:');
      }
  });
  it("a jump's stop: the table edge and no room to land in words, else the piece or model named", () => {
    expect(render(stopWords('table edge'), 'en')).toBe('the table edge');
    expect(render(stopWords('no room to land'), 'ru')).toBe('негде приземлиться');
    expect(stopWords('m', names)).toBe('Gunner 2');
  });
});
