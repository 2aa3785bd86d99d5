/** A move refused for where it ends names the one reason, with the piece or model involved, in en, ko and ru. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midBattle, play } from './fixture';
import { movesFor } from '../../../support/rulesPlay';
import { ruleset } from '../../../../src/rules/counterblast';

const { refuse } = movesFor(ruleset);

// A yard wall across x 11.5..12.5: a body there runs into it.
const q = fakeTable({
  size: 48,
  unstandable: (x) => (Math.abs(x - 12) < 0.5 ? { kind: 'no-room', piece: 'Yard wall' } : null),
});
const start = () => {
  const m = matchOf(midBattle({ 'A.gunner-1': [10, 10], 'B.thug-1': [10, 30], 'A.boss': [8, 10] }));
  return play(m, 'A', { type: 'activate', model: 'A.gunner-1' }, q).match;
};
const words = (x: number, z: number) => {
  const r = refuse(start(), 'A', { type: 'move', model: 'A.gunner-1', x, y: 0, z }, q, 'counterblast:err.cannotStand');
  return { en: render(r.message, 'en'), ko: render(r.message, 'ko'), ru: render(r.message, 'ru') };
};

describe('Counterblast: a move that cannot end there says why', () => {
  it('into the yard wall: it is in the way', () => {
    const w = words(12, 10);
    expect(w.en).toMatch(
      /^.+ cannot stand 12" from the west edge, 10" from the north edge: Yard wall is in the way: no room for its body$/,
    );
    expect(w.ko).toMatch(/설 수 없습니다\. Yard wall에 막혀 몸체가 들어갈 자리가 없습니다$/);
    expect(w.ru).toMatch(/не может встать .*: мешает «Yard wall»: модели негде поместиться$/);
  });
  it("on the boss's base: the boss stands there", () => {
    const name = start().state.models['A.boss']!.card.name;
    expect(words(8.5, 10).en).toMatch(
      new RegExp(`: ${name} stands there \\(the bases would overlap by \\d\\.\\d"\\)$`),
    );
  });
  it('past the north edge: off the table', () => {
    expect(words(10, 0.2).en).toMatch(/: off the table: its base would reach past the north edge \(far side\)$/);
  });
});
