/** Line of fire: critical failures, odd misses into melee, any miss into a grapple; the corridor; Dodge. */
import { describe, expect, it } from 'vitest';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import { judge, rollTest } from '../../../../src/rules/rpg-attacks/d20';
import {
  inLine,
  nextInLine,
  resolveStray,
  strays,
  type LineCandidate,
  type LineOfFire,
} from '../../../../src/rules/rpg-attacks/lineOfFire';

const shot: LineOfFire = { shooterId: 's', targetId: 't', into: 'open', weaponDamage: 6, longestRange: 40 };
const c = (id: string, along: number, off: number, more: Partial<LineCandidate> = {}): LineCandidate => ({
  id,
  along,
  off,
  aware: false,
  ...more,
});

describe('rpg-attacks line of fire: when a shot strays', () => {
  it('a critical failure strays in the open, into melee and into a grapple; a plain miss in the open does not', () => {
    const fumble = rollTest(scripted([1]), 4, 11);
    expect(fumble.criticalFailure).toBe(true);
    for (const into of ['open', 'melee', 'grapple'] as const) expect(strays(fumble, into)).toBe(true);
    expect(strays(judge(5, 4, 11), 'open')).toBe(false);
    expect(strays(judge(1, 12, 11), 'open')).toBe(true);
  });

  it('into melee: a miss with an odd total strays (9), an even one does not (10); a hit never does', () => {
    expect(strays(judge(5, 4, 11), 'melee')).toBe(true);
    expect(strays(judge(6, 4, 11), 'melee')).toBe(false);
    expect(strays(judge(7, 4, 11), 'melee')).toBe(false);
    expect(strays(judge(3, -6, 11), 'melee')).toBe(true);
  });

  it('into a grapple: any miss strays (odd or even), a hit does not', () => {
    expect(strays(judge(6, 4, 11), 'grapple')).toBe(true);
    expect(strays(judge(5, 4, 11), 'grapple')).toBe(true);
    expect(strays(judge(7, 4, 11), 'grapple')).toBe(false);
  });
});

describe('rpg-attacks line of fire: who is in it', () => {
  it('the corridor: 0.5 m off the line is in, 0.51 is out', () => {
    expect(inLine(c('a', 5, 0.5), shot)).toBe(true);
    expect(inLine(c('a', 5, 0.51), shot)).toBe(false);
    expect(inLine(c('a', 5, 0.51), { ...shot, corridor: 1 })).toBe(true);
  });

  it('beyond the shooter and within the longest range: along 0 out, 0.01 in, 40 in, 40.01 out', () => {
    expect(inLine(c('a', 0, 0), shot)).toBe(false);
    expect(inLine(c('a', -3, 0), shot)).toBe(false);
    expect(inLine(c('a', 0.01, 0), shot)).toBe(true);
    expect(inLine(c('a', 40, 0), shot)).toBe(true);
    expect(inLine(c('a', 40.01, 0), shot)).toBe(false);
    expect(inLine(c('a', 400, 0), { ...shot, longestRange: undefined })).toBe(true);
  });

  it('never the shooter or the target; engaged participants count only when firing into melee or a grapple', () => {
    expect(inLine(c('s', 5, 0), shot)).toBe(false);
    expect(inLine(c('t', 5, 0), shot)).toBe(false);
    expect(inLine(c('m', 10, 2, { engaged: true }), shot)).toBe(false);
    expect(inLine(c('m', 10, 2, { engaged: true }), { ...shot, into: 'melee' })).toBe(true);
    expect(inLine(c('m', 10, 2, { engaged: true }), { ...shot, into: 'grapple' })).toBe(true);
  });

  it('next nearest: smallest along, then smallest off, then id; before or beyond the target alike', () => {
    const list = [c('far', 12, 0), c('b', 7, 0.3), c('a', 7, 0.3), c('near', 7, 0.1), c('wide', 2, 0.8)];
    expect(nextInLine(list, shot)?.id).toBe('near');
    expect(nextInLine(list.slice(0, 3), shot)?.id).toBe('a');
    expect(nextInLine([c('wide', 2, 0.8)], shot)).toBeNull();
  });
});

describe('rpg-attacks line of fire: resolving a stray shot', () => {
  const fumble = judge(1, 4, 11);

  it('a critical failure hits the next nearest for the weapon damage minus armour', () => {
    const r = resolveStray(fumble, shot, [c('x', 9, 0.2, { armour: 2 }), c('y', 14, 0)]);
    expect(r).toEqual({ strays: true, victimId: 'x', dodged: false, apSpent: 0, damage: 4 });
    expect(resolveStray(fumble, shot, [c('x', 9, 0.2, { armour: 9 })]).damage).toBe(0);
  });

  it('an aware character with an AP Dodges automatically; the shot goes to no one else', () => {
    const dodger = c('x', 9, 0.2, { aware: true, ap: 1, dodge: true });
    expect(resolveStray(fumble, shot, [dodger, c('y', 14, 0)])).toEqual({
      strays: true,
      victimId: 'x',
      dodged: true,
      apSpent: 1,
      damage: 0,
    });
  });

  it('unaware, without AP, unable to react, or not choosing to: no Dodge', () => {
    for (const more of [
      { aware: false, ap: 1, dodge: true },
      { aware: true, ap: 0, dodge: true },
      { aware: true, ap: 1, dodge: true, canReact: false },
      { aware: true, ap: 1 },
    ])
      expect(resolveStray(fumble, shot, [c('x', 9, 0.2, more)])).toMatchObject({ dodged: false, damage: 6 });
  });

  it('nobody in line, the GM turning it off, or a shot that does not stray: no one is hit', () => {
    expect(resolveStray(fumble, shot, [])).toEqual({
      strays: true,
      victimId: null,
      dodged: false,
      apSpent: 0,
      damage: 0,
    });
    expect(resolveStray(fumble, { ...shot, enabled: false }, [c('x', 9, 0)])).toMatchObject({ strays: false });
    expect(resolveStray(judge(6, 4, 11), { ...shot, into: 'melee' }, [c('x', 9, 0)])).toMatchObject({
      strays: false,
      victimId: null,
    });
  });

  it('an odd miss into melee strays to the target’s engaged foe 2 m off the line', () => {
    const r = resolveStray(judge(5, 4, 11), { ...shot, into: 'melee' }, [c('m', 10, 2, { engaged: true })]);
    expect(r).toMatchObject({ victimId: 'm', damage: 6 });
  });
});
