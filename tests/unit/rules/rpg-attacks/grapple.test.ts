/** Grappling: Hindered per hit, pinned at three (summed over grapplers), breaking free, control, reactions, moves. */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { scriptedDice as scripted } from '../../../../src/rules/dice/source';
import { HEALTHY, type Condition, type Hindrance } from '../../../../src/rules/rpg-attacks/consequences';
import {
  breakFree,
  grappleAttack,
  grappleWeapon,
  grappleWords,
  grapples,
  halveDamage,
  heldBy,
  holding,
  inGrapple,
  isPinned,
  mayActPhysically,
  mayMove,
  mayReact,
  release,
  type Conditions,
} from '../../../../src/rules/rpg-attacks/grapple';

const grip = (by: string): Hindrance => ({ by, cause: 'grapple' });
const held = (...by: string[]): Condition => ({ ...HEALTHY, hindered: by.map(grip) });
/** Unarmed skill 3 against Defense 9: a 6 hits (9), a 5 misses, a 15 is critical (18). */
const UNARMED = { skill: 3, tn: 9 };

describe('rpg-attacks grappling', () => {
  it('a hit gives one Hindered by the grappler, a critical two, a miss none', () => {
    const hit = grappleAttack({}, 'a', 'b', UNARMED, scripted([6]));
    expect(hit).toMatchObject({ ok: true, added: 1, conditions: { b: { hindered: [grip('a')] } } });
    const crit = grappleAttack({}, 'a', 'b', UNARMED, scripted([15]));
    expect(crit).toMatchObject({ ok: true, added: 2, conditions: { b: { hindered: [grip('a'), grip('a')] } } });
    const miss = grappleAttack({}, 'a', 'b', UNARMED, scripted([5]));
    expect(miss).toMatchObject({ ok: true, added: 0, conditions: {} });
  });

  it('later hits add Hindered: two is not pinned, the third pins', () => {
    let cs: Conditions = {};
    for (const d of [6, 7]) {
      const r = grappleAttack(cs, 'a', 'b', UNARMED, scripted([d]));
      if (!r.ok) throw new Error(en(r.reason));
      cs = r.conditions;
    }
    expect(grapples(cs)).toEqual([{ controller: 'a', held: 'b', hindered: 2 }]);
    expect(isPinned(cs, 'b')).toBe(false);
    const r = grappleAttack(cs, 'a', 'b', UNARMED, scripted([6]));
    if (!r.ok) throw new Error(en(r.reason));
    expect(isPinned(r.conditions, 'b')).toBe(true);
    expect(mayActPhysically(r.conditions, 'b')).toMatchObject({ ok: false, code: 'pinned' });
  });

  it('Hindered from several grapplers add up to a pin; a Called Shot Hindered does not count', () => {
    expect(isPinned({ x: held('a', 'a', 'b') }, 'x')).toBe(true);
    expect(isPinned({ x: held('a', 'b') }, 'x')).toBe(false);
    const called: Condition = {
      ...held('a', 'b'),
      hindered: [grip('a'), grip('b'), { by: null, cause: 'calledShot' }],
    };
    expect(isPinned({ x: called }, 'x')).toBe(false);
    expect(heldBy({ x: held('a', 'b') }, 'x')).toEqual(['a', 'b']);
  });

  it('a pinned character can neither grapple nor break free; the controller can release her', () => {
    const cs: Conditions = { b: held('a', 'a', 'a') };
    expect(grappleAttack(cs, 'b', 'c', UNARMED, scripted([]))).toMatchObject({ ok: false, code: 'pinned' });
    expect(breakFree(cs, 'b', 'a', UNARMED, 'release', scripted([]))).toMatchObject({ ok: false, code: 'pinned' });
    const freed = release(cs, 'a', 'b');
    expect(inGrapple(freed, 'b')).toBe(false);
    expect(inGrapple(freed, 'a')).toBe(false);
  });

  it('breaking free: a hit on the grappler removes one Hindered; a miss none; a critical still one', () => {
    const cs: Conditions = { b: held('a', 'a') };
    const hit = breakFree(cs, 'b', 'a', UNARMED, 'release', scripted([6]));
    expect(hit).toMatchObject({ ok: true, removed: 1, conditions: { b: { hindered: [grip('a')] } } });
    expect(hit.ok && hit.ended).toBeUndefined();
    expect(breakFree(cs, 'b', 'a', UNARMED, 'release', scripted([5]))).toMatchObject({ removed: 0, conditions: cs });
    expect(breakFree(cs, 'b', 'a', UNARMED, 'release', scripted([15]))).toMatchObject({ removed: 1 });
  });

  it('removing the last: release ends the grapple; reverse makes her the controller', () => {
    const cs: Conditions = { b: held('a') };
    const out = breakFree(cs, 'b', 'a', UNARMED, 'release', scripted([10]));
    if (!out.ok) throw new Error(en(out.reason));
    expect(out.ended).toBe('released');
    expect(grapples(out.conditions)).toEqual([]);
    const rev = breakFree(cs, 'b', 'a', UNARMED, 'reverse', scripted([10]));
    if (!rev.ok) throw new Error(en(rev.reason));
    expect(rev).toMatchObject({ ended: 'reversed', added: 1 });
    expect(grapples(rev.conditions)).toEqual([{ controller: 'b', held: 'a', hindered: 1 }]);
  });

  it('held by two, she breaks from the one she attacks; a held attack on her controller is a break-free attempt', () => {
    const cs: Conditions = { x: held('a', 'b') };
    const r = breakFree(cs, 'x', 'b', UNARMED, 'release', scripted([8]));
    if (!r.ok) throw new Error(en(r.reason));
    expect(heldBy(r.conditions, 'x')).toEqual(['a']);
    expect(grappleAttack(cs, 'x', 'a', UNARMED, scripted([]))).toMatchObject({ ok: false, code: 'held-by-target' });
    expect(breakFree(cs, 'x', 'c', UNARMED, 'release', scripted([]))).toMatchObject({ ok: false, code: 'not-held' });
    expect(grappleAttack(cs, 'a', 'a', UNARMED, scripted([]))).toMatchObject({ ok: false, code: 'self' });
  });

  it('reactions: the held none; the controller no offensive or defensive one until she releases', () => {
    const cs: Conditions = { b: held('a') };
    expect(mayReact(cs, 'b', 'other')).toMatchObject({ ok: false, code: 'held' });
    expect(mayReact(cs, 'a', 'defensive')).toMatchObject({ ok: false, code: 'must-release' });
    expect(mayReact(cs, 'a', 'offensive')).toMatchObject({ ok: false, code: 'must-release' });
    expect(mayReact(cs, 'a', 'other')).toEqual({ ok: true });
    expect(mayReact(release(cs, 'a', 'b'), 'a', 'defensive')).toEqual({ ok: true });
    expect(mayReact(release(cs, 'a', 'b'), 'b', 'defensive')).toEqual({ ok: true });
  });

  it('moves: the held never; the controller with Strength exactly twice the foe carries her, just under may not', () => {
    const cs: Conditions = { b: held('a') };
    expect(mayMove(cs, 'a', { a: 8, b: 4 })).toEqual({ ok: true, carried: ['b'] });
    expect(mayMove(cs, 'a', { a: 7, b: 4 })).toMatchObject({ ok: false, code: 'too-weak' });
    expect(mayMove(cs, 'b', { a: 1, b: 10 })).toMatchObject({ ok: false, code: 'held' });
    expect(mayMove(cs, 'c', { c: 1 })).toEqual({ ok: true, carried: [] });
    const both: Conditions = { b: held('a'), a: held('c') };
    expect(mayMove(both, 'a', { a: 20, b: 1, c: 1 })).toMatchObject({ ok: false, code: 'held' });
    expect(holding(both, 'a')).toEqual(['b']);
  });

  it('weapons: Close unimpeded, other melee weapons ⊖ and half damage, other ranged weapons not at all', () => {
    expect(grappleWeapon({ close: true, ranged: true })).toEqual({ allowed: true, banes: 0, halfDamage: false });
    expect(grappleWeapon({ close: false, ranged: false })).toEqual({ allowed: true, banes: 1, halfDamage: true });
    expect(grappleWeapon({ close: false, ranged: true })).toMatchObject({ allowed: false });
    expect(halveDamage(7)).toBe(3);
    expect(halveDamage(8)).toBe(4);
  });

  it('words list the holds and the pins', () => {
    expect(grappleWords({ b: held('a', 'a', 'a'), c: held('b') }).map(en)).toEqual([
      'a holds b (Hindered x3)',
      'b holds c (Hindered)',
      'b is pinned',
    ]);
  });
});
