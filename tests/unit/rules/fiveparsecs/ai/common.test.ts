/** The rules for every enemy (issue 18): the dash, the easiest-then-closest target with seeded ties, Stunned enemies. */
import { describe, expect, it } from 'vitest';
import type { FpAction, FpState } from '../../../../../src/rules/fiveparsecs';
import { legalNow } from '../../../../../src/rules/fiveparsecs/legal';
import { layoutOf } from '../../../../../src/rules/fiveparsecs/game';
import { enemyAction } from '../../../../../src/rules/fiveparsecs/ai/enemy';
import { matchOf, set } from '../fixture';
import { fiveparsecsMove } from '../../../../../src/rules/fiveparsecs/ai';
import { botMove, edges, enemyTurn, woods } from './table';
import type { FakeTable } from '../../../../support/fakeTable';

const G1 = 'B.gangers-1';
const moving = (s: FpState) => ({ ...set(G1, { moved: true })(s), activation: { figure: G1, stunAtStart: 0 } });
/** The enemy's choice with the log this long (the tie-break's salt). */
const choiceAt = (s: FpState, q: FakeTable, logLength: number): FpAction | null => {
  q = q.at(layoutOf(s));
  return enemyAction(s, q, logLength, legalNow(s, 'B', q));
};

describe('Dash only to reach cover or range, never when it could fire', () => {
  const wood = woods((_x, z) => z > 9 && z < 11);
  it('out of range, a wood only a dash reaches: the Tactical figure dashes', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 34] }, 'tactical');
    expect(botMove(s, 'B', wood)).toMatchObject({ type: 'move', dash: true });
  });
  it('the captain 9" away (in the hand gun\'s range): the same figure does not dash', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 14] }, 'tactical');
    const a = botMove(s, 'B', wood)!;
    expect(a.type === 'move' && a.dash).toBeFalsy();
  });
});

describe('Shoot the easiest target, then the closest, ties at random (seeded from the state)', () => {
  it('an open target 9" off (5+) before a covered one 8" off (6+)', () => {
    const s = moving(enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 13], 'A.pilot': [25, 10] }, 'aggressive'));
    const q = woods((x, z) => Math.abs(x - 18) < 1 && Math.abs(z - 13) < 1);
    expect(botMove(s, 'B', q)).toMatchObject({ type: 'shoot', target: 'A.pilot' });
  });
  it('both open (5+): the closer one', () => {
    const s = moving(enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 13], 'A.pilot': [25, 10] }, 'aggressive'));
    expect(botMove(s, 'B', woods())).toMatchObject({ type: 'shoot', target: 'A.captain' });
  });
  it('two open targets at the same distance: the pick follows the log length, the same state always picks the same', () => {
    const s = moving(enemyTurn({ [G1]: [18, 4], 'A.captain': [14, 12], 'A.pilot': [22, 12] }, 'aggressive'));
    const q = woods();
    const picks = Array.from({ length: 16 }, (_, i) => (choiceAt(s, q, i) as { target: string }).target);
    expect(new Set(picks)).toEqual(new Set(['A.captain', 'A.pilot']));
    expect(Array.from({ length: 16 }, (_, i) => (choiceAt(s, q, i) as { target: string }).target)).toEqual(picks);
  });
  it("through fiveparsecsMove the tie follows the match's seeded dice state (read, not rolled)", () => {
    const s = moving(enemyTurn({ [G1]: [18, 4], 'A.captain': [14, 12], 'A.pilot': [22, 12] }, 'aggressive'));
    const q = woods();
    const picks = Array.from({ length: 16 }, (_, seed) => {
      const m = matchOf(s, seed + 1);
      const a = fiveparsecsMove(m, 'B', q) as { target: string };
      expect(m.rng).toEqual(matchOf(s, seed + 1).rng);
      return a.target;
    });
    expect(new Set(picks)).toEqual(new Set(['A.captain', 'A.pilot']));
  });
});

describe('A Stunned enemy fires at the nearest visible target or falls back to cover, never brawls', () => {
  it('a Stunned Rampaging figure in base contact neither brawls (Stunned) nor fires (in contact): it falls back', () => {
    const s = enemyTurn(
      { [G1]: [18, 13], 'A.captain': [18, 14.05], 'A.pilot': [24, 13] },
      'rampaging',
      set(G1, { stun: 1 }),
    );
    let q = woods();
    q = q.at(layoutOf(s));
    expect(legalNow(s, 'B', q).some((a) => a.type === 'brawl')).toBe(true);
    expect(legalNow(s, 'B', q).some((a) => a.type === 'shoot')).toBe(false);
    const a = botMove(s, 'B', q) as { type: string; x: number; y: number; z: number };
    expect(a).toMatchObject({ type: 'move', figure: G1 });
    expect(edges([a.x, a.y, a.z], s.figures['A.captain']!.pos)).toBeGreaterThan(
      edges(s.figures[G1]!.pos, s.figures['A.captain']!.pos),
    );
  });
  it('Stunned with no target in range, in the open: it falls back into the wood behind it', () => {
    const s = enemyTurn({ [G1]: [18, 6], 'A.captain': [18, 34] }, 'aggressive', set(G1, { stun: 1 }));
    const a = botMove(
      s,
      'B',
      woods((_x, z) => z < 3.5),
    );
    expect(a).toMatchObject({ type: 'move' });
    expect((a as { z: number }).z).toBeLessThan(3.5);
  });
  it('Stunned with no target, already in cover: it stays (done)', () => {
    const s = enemyTurn({ [G1]: [18, 6], 'A.captain': [18, 34] }, 'rampaging', set(G1, { stun: 1 }));
    expect(
      botMove(
        s,
        'B',
        woods((_x, z) => z < 7),
      ),
    ).toEqual({ type: 'done', figure: G1 });
  });
});
