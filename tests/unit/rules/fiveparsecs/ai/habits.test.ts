/** Each of the seven AI types: a small table where its habit decides the move (rules README, the AI table). */
import { describe, expect, it } from 'vitest';
import { act } from '../../../../../src/rules/engine/match';
import { isError } from '../../../../../src/rules/engine/types';
import { ruleset, type FpAction } from '../../../../../src/rules/fiveparsecs';
import { matchOf, play, set } from '../fixture';
import { botMove, edges, enemyTurn, woods } from './table';
import { en } from '../../../../support/words';

const G1 = 'B.gangers-1',
  G2 = 'B.gangers-2',
  G3 = 'B.gangers-3';
const moveOf = (a: unknown) => {
  const m = a as FpAction;
  if (m.type !== 'move') throw new Error(`expected a move, got ${JSON.stringify(m)}`);
  return m;
};

describe('Cautious: stays in cover, holds with a target in range', () => {
  it('in a wood with the captain 9" away (hand gun 12"): it fires from where it stands, no move', () => {
    const s = enemyTurn({ [G1]: [18, 14], 'A.captain': [18, 24] }, 'cautious');
    expect(
      botMove(
        s,
        'B',
        woods((x, z) => Math.abs(x - 18) < 1 && Math.abs(z - 14) < 1),
      ),
    ).toEqual({
      type: 'shoot',
      figure: G1,
      weapon: 'hand-gun',
      target: 'A.captain',
    });
    // Unmoved, it aims: its 1 is rolled again (a 6: a Hit; damage 2 Stuns the captain, Toughness 4).
    const q = woods((x, z) => Math.abs(x - 18) < 1 && Math.abs(z - 14) < 1);
    const shot = { type: 'shoot', figure: G1, weapon: 'hand-gun', target: 'A.captain' } as const;
    // The last die is round 2's Reaction Roll.
    const r = play(matchOf(s), 'B', shot, q, [1, 6, 2, 1]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/1→6 \+ 0/);
  });
  it('with nobody in range it goes to cover and not inside 12"', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 22] }, 'cautious');
    const m = moveOf(
      botMove(
        s,
        'B',
        woods((_x, z) => z > 5 && z < 8),
      ),
    );
    expect(m.z).toBeGreaterThan(5);
    expect(m.z).toBeLessThan(8);
    expect(edges([m.x, 0, m.z], [18, 0, 22])).toBeGreaterThanOrEqual(12);
  });
});

describe('Aggressive: advances', () => {
  it('with the crew visible 26" away it advances at least half a move towards them', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 31] }, 'aggressive');
    const m = moveOf(botMove(s, 'B', woods()));
    expect(edges([18, 0, 4], [18, 0, 31]) - edges([m.x, 0, m.z], [18, 0, 31])).toBeGreaterThanOrEqual(1.9);
    expect(m.dash).toBeUndefined();
  });
});

describe('Tactical: dashes across open ground to cover', () => {
  const wood = woods((_x, z) => z > 9 && z < 11);
  it('out of range in the open, a wood only a dash reaches: it dashes into it', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 34] }, 'tactical');
    const m = moveOf(botMove(s, 'B', wood));
    expect(m.dash).toBe(true);
    expect(m.z).toBeGreaterThan(9);
  });
  it('a wood a half move away: it advances at half speed into it', () => {
    const s = enemyTurn({ [G1]: [18, 4], 'A.captain': [18, 34] }, 'tactical');
    const m = moveOf(
      botMove(
        s,
        'B',
        woods((_x, z) => z > 5 && z < 7),
      ),
    );
    expect(m.dash).toBeUndefined();
    expect(Math.hypot(m.x - 18, m.z - 4)).toBeLessThanOrEqual(2);
    expect(m.z).toBeGreaterThan(5);
  });
});

describe('Defensive: stays in its own half', () => {
  it('out of range at z 16, it advances only as far as the middle line (z <= 18)', () => {
    const s = enemyTurn({ [G1]: [18, 16], 'A.captain': [18, 34] }, 'defensive');
    const m = moveOf(botMove(s, 'B', woods()));
    expect(m.z).toBeLessThanOrEqual(18);
    expect(m.z).toBeGreaterThan(16);
  });
});

describe('Rampaging: runs at the nearest enemy and brawls', () => {
  it('the nearest crew figure 3" away: it walks into base contact and the Brawl follows', () => {
    const s = enemyTurn({ [G1]: [18, 10], 'A.captain': [18, 14], 'A.pilot': [30, 14] }, 'rampaging');
    const q = woods();
    const m = moveOf(botMove(s, 'B', q));
    expect(edges([m.x, 0, m.z], [18, 0, 14])).toBeLessThanOrEqual(0.1);
    const r = act(ruleset, matchOf(s), 'B', m, q);
    if (isError(r)) throw new Error(en(r.message));
    expect(r.events.some((e) => JSON.stringify(e).toLowerCase().includes('brawl'))).toBe(true);
  });
  it('the captain 4.5" off edge to edge (a walk is 4", a dash 6"), its hand gun in range: it dashes into base contact', () => {
    const s = enemyTurn({ [G1]: [18, 10], 'A.captain': [18, 15.5], 'A.pilot': [30, 14] }, 'rampaging');
    const m = moveOf(botMove(s, 'B', woods()));
    expect(m.dash).toBe(true);
    expect(edges([m.x, 0, m.z], [18, 0, 15.5])).toBeLessThanOrEqual(0.15);
  });
  it('the same for an Aggressive ganger: it could fire, so it walks (no dash) and fires after', () => {
    const s = enemyTurn({ [G1]: [18, 10], 'A.captain': [18, 15.5], 'A.pilot': [30, 14] }, 'aggressive');
    const a = botMove(s, 'B', woods()) as FpAction;
    expect(a.type === 'move' && a.dash === true).toBe(false);
  });
  it('already in contact (not Stunned) it brawls', () => {
    const s = enemyTurn({ [G1]: [18, 13], 'A.captain': [18, 14.05] }, 'rampaging');
    expect(botMove(s, 'B', woods())).toEqual({ type: 'brawl', figure: G1, target: 'A.captain' });
  });
});

describe('Beast: keeps within 2" of a friend', () => {
  it('closing on the crew across open ground, it ends within 2" of its pack mate', () => {
    const s = enemyTurn({ [G1]: [18, 4], [G2]: [20, 4], 'A.captain': [18, 34] }, 'beast', set(G2, { acted: true }));
    const m = moveOf(botMove(s, 'B', woods()));
    expect(edges([m.x, 0, m.z], [20, 0, 4])).toBeLessThanOrEqual(2);
    expect(edges([m.x, 0, m.z], [18, 0, 34])).toBeLessThan(edges([18, 0, 4], [18, 0, 34]));
  });
});

describe('Guardian: stays within 3" of its ward', () => {
  it('its ward (the nearest friend that is no Guardian) moved 5" off: it follows to within 3"', () => {
    const s = enemyTurn({ [G1]: [18, 4], [G2]: [18, 9], [G3]: [24, 4], 'A.captain': [18, 34] }, 'guardian', (x) =>
      set(G2, { acted: true, moved: true, aiType: 'aggressive' } as never)(set(G3, { acted: true })(x)),
    );
    const m = moveOf(botMove(s, 'B', woods()));
    expect(edges([m.x, 0, m.z], [18, 0, 9])).toBeLessThanOrEqual(3);
  });
});

describe('Aggressive: no Brawl walked into when outclassed', () => {
  // The ganger (Combat Skill 0) 3" from the captain: a walk reaches base contact, which starts a Brawl.
  const place = {
    [G1]: [18, 10] as [number, number],
    'A.captain': [18, 14] as [number, number],
    'A.pilot': [30, 14] as [number, number],
  };
  const contact = (ai: 'aggressive', captainSkill: number, gangerSkill = 0) => {
    const s = enemyTurn(place, ai, (x) =>
      set('A.captain', { combatSkill: captainSkill })(set(G1, { combatSkill: gangerSkill })(x)),
    );
    const a = botMove(s, 'B', woods()) as FpAction;
    return a.type === 'move' && edges([a.x, 0, a.z], [18, 0, 14]) <= 0.15;
  };

  it('Aggressive, outclassed (CS 0 against CS 3): it does not walk into base contact', () => {
    expect(contact('aggressive', 3)).toBe(false);
  });

  it('Aggressive, evenly matched (CS 0 against CS 0): it charges into base contact', () => {
    expect(contact('aggressive', 0)).toBe(true);
  });
});
