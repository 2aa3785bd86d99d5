/** "Difficult terrain cost +1" per 2" moved": +1" per full 2" of the route over difficult ground, against Speed. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { legalMoves } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/fiveparsecs';
import { lengthInside } from '../../../../src/movement/difficult';
import { moveCost } from '../../../../src/rules/fiveparsecs/moveCost';
import { matchOf, midRound, play, refuse } from './fixture';
import { layoutOf } from '../../../../src/rules/fiveparsecs/game';
import { en } from '../../../support/words';

/** Open ground with a difficult strip z in [z0, z1] across the table (straight routes). */
const rough = (z0: number, z1: number) =>
  fakeTable({
    difficult: (id, to, layout) => {
      const p = layout.models[id]!.position;
      return lengthInside(
        [
          [p[0], p[2]],
          [to[0], to[2]],
        ],
        [new Float64Array([0, z0, 36, z0, 36, z1, 0, z1])],
      );
    },
  });
const mv = (z: number) => ({ type: 'move' as const, figure: 'A.captain', x: 18, y: 0, z });
/** The captain (Speed 4) at z 30, walking north (towards z 0). */
const start = () => matchOf(midRound({ 'A.captain': [18, 30], 'B.gangers-1': [18, 5] }));

describe('moving over difficult ground (Speed 4)', () => {
  it('exactly 2" of it (z 28 to 26) on a 4" walk costs 5": refused', () => {
    let q = rough(26, 28);
    q = q.at({
      models: {
        'A.captain': { side: 'A', position: [18, 0, 30], baseMm: 25, height: 1.1, kind: 'infantry', leanOut: null },
      },
      smoke: [],
    });
    expect(moveCost(q, 'A.captain', [18, 0, 26])).toBeCloseTo(5, 9);
    expect(refuse(start(), 'A', mv(26), q, 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
  });
  it('1.99" of it on a 4" walk adds nothing: the move is allowed', () => {
    const q = rough(26.01, 28);
    const r = play(start(), 'A', mv(26), q);
    expect(r.match.state.figures['A.captain']!.pos).toEqual([18, 0, 26]);
  });
  it('2" of it: a 3" walk costs exactly Speed 4 (allowed); 3.01" costs 4.01" (refused)', () => {
    // From z 30 the strip starts at 29, so the walk to 27 crosses exactly 2" of it.
    const r = play(start(), 'A', mv(27), rough(27, 29));
    expect(en(r.events.find((e) => e.type === 'moved')!.text)).toMatch(/moves 4"/);
    expect(refuse(start(), 'A', mv(26.99), rough(26.99, 29), 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
  });
  it('4" of it costs 2" more: a 4" walk all in it is 6" (refused), a 4" dash is 6" = Speed + 2 (allowed), 4.01" is not', () => {
    expect(refuse(start(), 'A', mv(26), rough(0, 36), 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
    play(start(), 'A', { ...mv(26), dash: true }, rough(0, 36));
    expect(refuse(start(), 'A', { ...mv(25.99), dash: true }, rough(0, 36), 'fiveparsecs:refuse.tooFar').error).toBe(
      'out-of-range',
    );
  });
  it('the legal list: no full-Speed walk inside rough ground, one on open ground', () => {
    const walks = (q: ReturnType<typeof fakeTable>) =>
      legalMoves(ruleset, start(), 'A', q).filter(
        (a) => a.type === 'move' && !a.dash && Math.hypot(a.x - 18, a.z - 30) > 3.9,
      );
    expect(walks(fakeTable()).length).toBeGreaterThan(0);
    expect(walks(rough(0, 36))).toEqual([]);
  });
});

describe('on the real table (geometry and movement cores): a difficult area piece across the path', () => {
  /** A 2"-deep (or `depth`) mud strip from z 26 northwards across the table, low enough not to stand on. */
  async function mud(depth: number) {
    const { worldQueries } = await import('../../../../src/state/worldQueries');
    const { box } = await import('../../../support/scenes');
    return worldQueries(
      {
        format: 'tabletop-scene/1',
        table: { width: 36, depth: 36 },
        terrain: [
          box('mud', [18, 0.005, 28 - depth / 2], [20, 0.01, depth], {
            kind: 'area',
            blocksLos: false,
            difficult: true,
          }),
        ],
      },
      () => undefined,
    );
  }
  it('a route round a small patch is taken when cheaper: a 5.5" dash straight through 2" of a 1"-wide patch costs 6.5" (more than Speed + 2), round it about 5.63"', async () => {
    const { worldQueries } = await import('../../../../src/state/worldQueries');
    const { box } = await import('../../../support/scenes');
    const patch = (wide: number) =>
      worldQueries(
        {
          format: 'tabletop-scene/1',
          table: { width: 36, depth: 36 },
          terrain: [
            box('scrub', [18, 0.005, 27.5], [wide, 0.01, 2], { kind: 'area', blocksLos: false, difficult: true }),
          ],
        },
        () => undefined,
      );
    const dash = { ...mv(24.5), dash: true };
    const r = play(start(), 'A', dash, patch(1));
    expect(r.match.state.figures['A.captain']!.pos[2]).toBe(24.5);
    const q = patch(1).at(layoutOf(start().state));
    const cost = moveCost(q, 'A.captain', [18, 0, 24.5]);
    expect(cost).toBeGreaterThan(5.5);
    expect(cost).toBeLessThan(6);
    // 30" wide, no way round within reach: through it, 5.5 + 1 = 6.5": refused.
    expect(refuse(start(), 'A', dash, patch(30), 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
  });

  it('exactly 2" of mud on a 4" walk costs 5": refused; 1.99" of it: allowed', async () => {
    expect(refuse(start(), 'A', mv(26), await mud(2), 'fiveparsecs:refuse.tooFar').error).toBe('out-of-range');
    const r = play(start(), 'A', mv(26), await mud(1.99));
    expect(r.match.state.figures['A.captain']!.pos[2]).toBe(26);
  });
});
