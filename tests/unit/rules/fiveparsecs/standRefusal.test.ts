/** A move refused for where it ends names the one reason, with the piece or figure involved, in en, ko and ru. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midRound, refuse } from './fixture';

// A step 0.5" up whose edge runs along z = 16: a base there rests partly on it.
const q = fakeTable({
  unstandable: (_x, z) => (Math.abs(z - 16) < 0.4 ? { kind: 'no-footing', piece: 'Rock outcrop' } : null),
});
const m = matchOf(midRound({ 'A.captain': [18, 18], 'A.pilot': [20, 18], 'B.gangers-1': [18, 5] }));
const words = (x: number, z: number) => {
  const r = refuse(m, 'A', { type: 'move', figure: 'A.captain', x, y: 0, z }, q, 'fiveparsecs:refuse.cannotStand');
  return { en: render(r.message, 'en'), ko: render(r.message, 'ko'), ru: render(r.message, 'ru') };
};

describe('Five Parsecs: a move that cannot end there says why', () => {
  it('at the foot of the outcrop: partly on it', () => {
    const w = words(18, 16);
    expect(w.en).toBe(
      'Captain Mira Voss cannot stand 18" from the west edge, 16" from the north edge: its base would rest partly on Rock outcrop, with no level footing',
    );
    expect(w.ko).toMatch(/설 수 없습니다\. 베이스 일부가 Rock outcrop에 걸쳐 평평하게 놓이지 않습니다$/);
    expect(w.ru).toMatch(/^.+ не может встать .*: подставка частично опирается на «Rock outcrop», ровной опоры нет$/);
  });
  it("on the pilot's base: the pilot stands there", () => {
    const name = m.state.figures['A.pilot']!.name;
    expect(words(19.5, 18).en).toMatch(
      new RegExp(`: ${name} stands there \\(the bases would overlap by \\d\\.\\d"\\)$`),
    );
  });
});
