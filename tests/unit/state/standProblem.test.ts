/**
 * Why a base may not stand at a spot (Queries.standProblem over the geometry core): the one check that
 * fails, naming the piece (as the scene names it) or the model involved; null exactly where standHeight
 * gives a height. The words say it in en, ko and ru.
 */
import { describe, expect, it } from 'vitest';
import type { Layout, Placement, StandProblem } from '../../../src/rules/engine/queries';
import { standWords } from '../../../src/rules/engine/words';
import { render } from '../../../src/i18n/i18n';
import { worldQueries } from '../../../src/state/worldQueries';
import { box } from '../../support/scenes';
import type { Scene } from '../../../src/io/sceneSchema';

const scene: Scene = {
  format: 'tabletop-scene/1',
  table: { width: 36, depth: 36 },
  terrain: [
    // A low wall 1" tall, 0.5" thick (x 9.75..10.25), 8" long (z 14..22).
    box('wall-low', [10, 0.5, 18], [0.5, 1, 8], { name: 'Low wall' }),
    // A step 0.5" tall, x 17..23, z 15..21.
    box('step', [20, 0.25, 18], [6, 0.5, 6], { name: 'Step' }),
    // No name: the id names it.
    box('crate-3', [30, 1, 30], [2, 2, 2]),
  ],
};
const at = (x: number, z: number): Placement => ({
  side: 'B',
  position: [x, 0, z],
  baseMm: 25,
  height: 1.2,
  kind: 'infantry',
  leanOut: null,
});
const layout: Layout = { models: { gunner: at(6, 26) }, smoke: [] };
const q = worldQueries(scene, () => undefined).at(layout);
/** A 25 mm base 1.2" tall at (x, z), looking down from `fromY`. */
const why = (x: number, z: number, fromY = 0.25) => q.standProblem(25, 1.2, x, z, fromY);

describe('standProblem: the one reason a base may not stand there', () => {
  it('a click on top of a low wall: on top of Low wall (its base hangs over the edge)', () => {
    expect(q.standHeight(25, 1.2, 10, 18, 1.25)).toBeNull();
    expect(why(10, 18, 1.25)).toEqual({ kind: 'on-piece', piece: 'Low wall' });
  });
  it('beside the wall on the ground, the base reaching into it: Low wall is in the way (no room)', () => {
    expect(why(10.5, 18)).toEqual({ kind: 'no-room', piece: 'Low wall' });
    // The crate has no name: its id.
    expect(why(30, 28.7)).toEqual({ kind: 'no-room', piece: 'crate-3' });
  });
  it('on the ground at the foot of a step, the rim on its top: partly on Step (no level footing)', () => {
    expect(why(16.8, 18, 0.75)).toEqual({ kind: 'no-footing', piece: 'Step' });
  });
  it("over another model's base: that model, and by how much the bases overlap", () => {
    const p = why(6.5, 26);
    expect(p).toMatchObject({ kind: 'overlaps-model', model: 'gunner' });
    expect((p as { overlap: number }).overlap).toBeCloseTo(25 / 25.4 - 0.5, 6);
    // The moving model itself does not count.
    expect(q.standProblem(25, 1.2, 6.5, 26, 0.25, 'gunner')).toBeNull();
  });
  it('past an edge: off the table, over that edge', () => {
    expect(why(0.3, 18)).toEqual({ kind: 'off-table', edge: 'west' });
    expect(why(35.8, 18)).toEqual({ kind: 'off-table', edge: 'east' });
    expect(why(18, 0.2)).toEqual({ kind: 'off-table', edge: 'north' });
    expect(why(18, 35.9)).toEqual({ kind: 'off-table', edge: 'south' });
  });
  it('null exactly where standHeight gives a height (one set of checks), across the wall, the step and the model', () => {
    for (let x = 0; x <= 36; x += 0.5)
      for (const z of [0.2, 14.2, 18, 21.5, 26, 35.8])
        for (const fromY of [0.25, 0.75, 1.25]) {
          const h = q.standHeight(25, 1.2, x, z, fromY);
          expect(h === null, `${x},${z} from ${fromY}`).toBe(why(x, z, fromY) !== null);
        }
  });
});

describe('standWords: the reason in words, in en, ko and ru', () => {
  const names = (id: string) => (id === 'gunner' ? 'Gunner 2' : id);
  const cases: [StandProblem | null, string, RegExp, RegExp][] = [
    [
      { kind: 'on-piece', piece: 'Low wall' },
      'on top of Low wall, where its base has no level footing (it hangs over the edge)',
      /Low wall 위라서/,
      /сверху на «Low wall»/,
    ],
    [
      { kind: 'no-footing', piece: 'Step' },
      'its base would rest partly on Step, with no level footing',
      /Step에 걸쳐/,
      /частично опирается на «Step»/,
    ],
    [
      { kind: 'no-room', piece: 'Low wall' },
      'Low wall is in the way: no room for its body',
      /Low wall에 막혀/,
      /мешает «Low wall»/,
    ],
    [
      { kind: 'overlaps-model', model: 'gunner', overlap: 0.42 },
      'Gunner 2 stands there (the bases would overlap by 0.5")',
      /Gunner 2이\(가\) 있습니다 \(베이스가 0\.5" 겹칩니다\)/,
      /там стоит Gunner 2 \(подставки перекрываются на 0,5"\)/,
    ],
    [
      { kind: 'off-table', edge: 'west' },
      'off the table: its base would reach past the west edge (left)',
      /서쪽 가장자리\(왼쪽\) 너머/,
      /выйдет за западный край \(слева\)/,
    ],
    [null, 'no room for its base there', /베이스를 놓을 공간이 없습니다/, /нет места для подставки/],
  ];
  for (const [p, en, ko, ru] of cases)
    it(`${p?.kind ?? 'no reason given'}: "${en}"`, () => {
      const w = standWords(p, names);
      expect(render(w, 'en')).toBe(en);
      expect(render(w, 'ko')).toMatch(ko);
      expect(render(w, 'ru')).toMatch(ru);
    });
});
