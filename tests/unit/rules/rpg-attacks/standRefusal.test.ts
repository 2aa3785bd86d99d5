/** A move refused for where it ends names the one reason, with the piece or character involved, in en, ko and ru. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { matchOf, placed, refuse, table } from './fixture';

// A sandbag barricade across x 13.5..14.5: a base centred on it hangs over its edge.
const q = table({
  unstandable: (x) => (Math.abs(x - 14) < 0.5 ? { kind: 'on-piece', piece: 'Sandbag barricade' } : null),
});
const m = matchOf(placed({ 'A.azure': [10, 20], 'B.saboteur': [13, 20] }));
const words = (x: number, z: number) => {
  const r = refuse(m, 'A', { type: 'move', model: 'A.azure', x, y: 0, z }, q, 'rpg-attacks:error.cannotStand');
  return { en: render(r.message, 'en'), ko: render(r.message, 'ko'), ru: render(r.message, 'ru') };
};

describe('rpg-attacks: a move that cannot end there says why', () => {
  it('on top of the barricade', () => {
    const w = words(14, 22);
    expect(w.en).toMatch(
      /^.+ cannot stand 14" from the west edge, 14" from the south edge: on top of Sandbag barricade, where its base has no level footing \(it hangs over the edge\)$/,
    );
    expect(w.ko).toMatch(/설 수 없습니다\. Sandbag barricade 위라서/);
    expect(w.ru).toMatch(/не может встать \(.*\): сверху на «Sandbag barricade»/);
  });
  it("on the saboteur's base: the saboteur stands there", () => {
    const name = m.state.chars['B.saboteur']!.name;
    expect(words(12.5, 20).en).toMatch(
      new RegExp(`: ${name} stands there \\(the bases would overlap by \\d\\.\\d"\\)$`),
    );
  });
});
