/** A skirmish-ru jump the movement core stops short: the stop in words (engine route.stopEdge), never its raw id. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/i18n/i18n';
import { planJump } from '../../../../src/rules/skirmish-ru/jumps';
import { isError } from '../../../../src/rules/engine/types';
import { layoutOf } from '../../../../src/rules/skirmish-ru/game';
import { placed, table } from './fixture';

const V = 'A.vozhak-grom'; // Agility 3

describe('skirmish-ru: a climb the table edge stops', () => {
  it('says "the table edge" in each language', () => {
    const s = placed({ [V]: [20, 30], 'B.vorona': [40, 5] });
    const q = table({
      ground: (x) => (x > 20.6 ? 2 : 0),
      jumpLine: () => ({ end: [20, 0, 30], travelled: 0, stoppedBy: 'table edge', fall: null }),
    }).at(layoutOf(s));
    const r = planJump(s, q, s.fighters[V]!, {
      type: 'jump',
      fighter: V,
      how: 'climb',
      mode: 'run',
      x: 21,
      y: 2,
      z: 30,
    });
    if (!isError(r)) throw new Error('the climb was not refused');
    expect(render(r.message, 'en')).toMatch(/jump is stopped by the table edge$/);
    expect(render(r.message, 'ru')).toMatch(/прыжку мешает край стола$/);
  });
});
