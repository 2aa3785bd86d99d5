/** The crew's bot (side A): Seize, the Reaction dice, the best expected hit, Brawls it wins more often. */
import { describe, expect, it } from 'vitest';
import { midRound, set } from '../fixture';
import { fresh } from '../fixture';
import { botMove, woods } from './table';
import { inContact } from '../../../../../src/rules/fiveparsecs/cover';

const G1 = 'B.gangers-1',
  G2 = 'B.gangers-2';

describe('the crew bot', () => {
  it('tries to Seize the Initiative', () => {
    expect(botMove(fresh(), 'A', woods())).toEqual({ type: 'seize' });
  });
  it('the lowest Reaction die goes to the figure with the best shot (the captain with a rifle in range)', () => {
    const s = midRound({ 'A.captain': [18, 30], 'A.pilot': [5, 30], [G1]: [18, 20] }, 'quick', (x) => ({
      ...x,
      phase: 'reaction',
      reaction: { dice: [5, 2], assigned: {} },
    }));
    expect(botMove(s, 'A', woods())).toEqual({ type: 'assign', figure: 'A.captain', die: 1 });
  });
  it('shoots the best expected hit: the open Ganger (5+) over the covered one (6+)', () => {
    const s = midRound({ 'A.captain': [18, 30], [G1]: [18, 22], [G2]: [12, 22] }, 'quick', (x) => ({
      ...set('A.captain', { moved: true })(x),
      activation: { figure: 'A.captain', stunAtStart: 0 },
    }));
    const q = woods((x, z) => Math.abs(x - 18) < 1 && Math.abs(z - 22) < 1);
    expect(botMove(s, 'A', q)).toMatchObject({ type: 'shoot', figure: 'A.captain', target: G2 });
  });
  it('brawls when it wins more often (captain 1 + Blade 2 against a Ganger 0 + 2)', () => {
    const s = midRound({ 'A.captain': [18, 14.05], [G1]: [18, 13] });
    expect(botMove(s, 'A', woods())).toEqual({ type: 'brawl', figure: 'A.captain', target: G1 });
  });
  it('does not brawl when it loses more often (pilot 0 + Pistol 1 against 0 + Blade 2): in contact it may not fire, so it steps out', () => {
    const s = midRound({ 'A.pilot': [18, 14.05], [G1]: [18, 13] });
    const a = botMove(s, 'A', woods()) as { type: string; x: number; y: number; z: number };
    expect(a).toMatchObject({ type: 'move', figure: 'A.pilot' });
    expect(inContact([a.x, a.y, a.z], s.figures[G1]!.pos)).toBe(false);
  });
  it('with nothing in range, it moves into cover within range rather than stand', () => {
    const s = midRound({ 'A.pilot': [18, 30], [G1]: [18, 16] });
    const a = botMove(
      s,
      'A',
      woods((_x, z) => z > 25 && z < 27),
    );
    expect(a).toMatchObject({ type: 'move', figure: 'A.pilot' });
    expect((a as { z: number }).z).toBeLessThan(27);
    expect((a as { z: number }).z).toBeGreaterThan(25);
  });
});
