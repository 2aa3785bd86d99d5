/** A move refused for where it ends names the one reason, with the piece or fighter involved, in en, ko and ru. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { matchOf, placed, refuse, table } from './fixture';

const V = 'A.vozhak-grom';
const B = 'B.batya';
// A low wall across x 21.5..22.5: a base centred on it hangs over its edge.
const walled = table({
  unstandable: (x) => (Math.abs(x - 22) < 0.5 ? { kind: 'on-piece', piece: 'Low wall' } : null),
});
const m = matchOf(placed({ [V]: [20, 30], [B]: [20, 27] }));
const move = (x: number, z: number) => ({ type: 'move', fighter: V, mode: 'move', x, y: 0, z }) as const;
const words = (x: number, z: number) => {
  const r = refuse(m, 'A', move(x, z), walled, 'skirmish-ru:refuse.cannotStand');
  return { en: render(r.message, 'en'), ko: render(r.message, 'ko'), ru: render(r.message, 'ru') };
};

describe('skirmish-ru: a move that cannot end there says why', () => {
  it('on top of the low wall', () => {
    const w = words(22, 30);
    expect(w.en).toBe(
      'Вожак Гром cannot stand 22" from the west edge, 18" from the south edge: on top of Low wall, where its base has no level footing (it hangs over the edge)',
    );
    expect(w.ko).toMatch(/설 수 없습니다\. Low wall 위라서 베이스가 가장자리에 걸쳐/);
    expect(w.ru).toMatch(/^Вожак Гром не может встать .*: сверху на «Low wall»: подставка свисает с края/);
  });
  it('on Батя\'s base: Батя stands there, the bases overlapping by 0.5"', () => {
    const w = words(20, 27.5);
    expect(w.en).toMatch(/^Вожак Гром cannot stand .*: Батя stands there \(the bases would overlap by 0\.5"\)$/);
    expect(w.ko).toMatch(/그 자리에 Батя이\(가\) 있습니다 \(베이스가 0\.5" 겹칩니다\)$/);
    expect(w.ru).toMatch(/: там стоит Батя \(подставки перекрываются на 0,5"\)$/);
  });
  it('past the south edge: off the table', () => {
    expect(words(20, 47.8).en).toMatch(
      /^Вожак Гром cannot stand .*: off the table: its base would reach past the south edge \(nearest you\)$/,
    );
  });
  it('a jump that lands on the wall: the same reason', () => {
    const r = refuse(
      m,
      'A',
      { type: 'jump', fighter: V, how: 'down', mode: 'move', x: 22, y: 0, z: 30 },
      walled,
      'skirmish-ru:refuse.cannotStand',
    );
    expect(render(r.message, 'en')).toMatch(/^Вожак Гром cannot stand .*: on top of Low wall, where its base/);
  });
});
