/** A move refused for where it ends names the one reason, with the piece or model involved, in en, ko and ru. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, play } from './fixture';
import { movesFor } from '../../../support/rulesPlay';
import { ruleset } from '../../../../src/rules/blkout';
import { radiusOf } from '../../../../src/rules/blkout/game';
import { MARKER_25MM_RADIUS } from '../../../../src/rules/engine/units';

const { refuse } = movesFor(ruleset);
// A low wall across z 11.5..12.5: a base centred on it hangs over its edge.
const q = fakeTable({
  unstandable: (_x, z) => (Math.abs(z - 12) < 0.5 ? { kind: 'on-piece', piece: 'Low wall' } : null),
});
const start = () => {
  const m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.1': [13, 10], 'B1.0': [10, 30] }));
  // The Reposition step: its models move.
  return play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
};
const words = (x: number, z: number) => {
  const r = refuse(start(), 'A', { type: 'move', model: 'A1.0', x, y: 0, z }, q, 'blkout:error.cannotStand');
  return { en: render(r.message, 'en'), ko: render(r.message, 'ko'), ru: render(r.message, 'ru') };
};

describe('BLKOUT: a move that cannot end there says why', () => {
  it('on top of the low wall, and nothing else', () => {
    const w = words(10, 12);
    expect(w.en).toMatch(
      /^.+ cannot stand 10" from the west edge, 12" from the north edge: on top of Low wall, where its base has no level footing \(it hangs over the edge\)$/,
    );
    expect(w.en).not.toMatch(/another model|off the table/);
    expect(w.ko).toMatch(/설 수 없다\. Low wall 위라서/);
    expect(w.ru).toMatch(/не может стоять .*: сверху на «Low wall»/);
  });
  it("on a friend's base: that model stands there", () => {
    const name = start().state.models['A1.1']!.name;
    const w = words(12.5, 10);
    expect(w.en).toMatch(
      new RegExp(`cannot stand .*: ${name} stands there \\(the bases would overlap by \\d\\.\\d"\\)$`),
    );
    expect(w.ru).toMatch(new RegExp(`: там стоит ${name} \\(подставки перекрываются на \\d,\\d"\\)$`));
  });
  it('past the west edge: off the table', () => {
    expect(words(0.2, 10).en).toMatch(/: off the table: its base would reach past the west edge \(left\)$/);
  });
  it('a lean-out marker beside A1.0 on the wall: on top of Low wall', () => {
    const m = start();
    // A1.0 at (10, 10), a low wall just south of its base: a 25 mm marker touching its base towards +z is on it.
    const z = 10 + radiusOf(m.state.models['A1.0']!) + MARKER_25MM_RADIUS + 0.01;
    const wall = fakeTable({
      unstandable: (_x, sz, mm) => (mm === 25 && sz > z - 0.3 ? { kind: 'on-piece', piece: 'Low wall' } : null),
    });
    const r = refuse(m, 'A', { type: 'lean-out', model: 'A1.0', x: 10, y: 0, z }, wall, 'blkout:error.leanNoRoom');
    expect(render(r.message, 'en')).toMatch(
      /^no room for a lean-out marker there \(.*\): on top of Low wall, where its base has no level footing/,
    );
    expect(render(r.message, 'ru')).toMatch(/^там нет места для маркера выглядывания \(.*\): сверху на «Low wall»/);
  });
});
