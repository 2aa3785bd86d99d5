/**
 * Parry (rpg-attacks.en.txt, "Dual Wielding": "you may attack or parry with either"; "Making an Attack":
 * "before a hit is resolved, the opponent may choose to employ a defensive reaction"; the squads file's
 * AP are "spent on reactions (Dodge, parry)"). The chapter names the parry but leaves its rules to another
 * chapter, so the battle reads it in the chapter's own pattern (a Disarm's "test with a TN equal to your
 * attack total"):
 * - When a melee or unarmed attack (the `attack` action, not a stunt or a grapple) hits, before the hit is
 *   resolved, its target may parry if it has an AP, may take a defensive reaction (`mayReact`: not held; a
 *   controller must release first) and holds a melee weapon (one with the Melee skill: fists parry no blade).
 *   Its player answers `parry` (1 AP, spent even on a failed test) or `pass` in a window of its own.
 * - The parry is a Melee test (the target's physical banes apply) with the attack's total as its TN: on a
 *   success every hit of the attack is turned aside (no damage, no consequence, no knockout); on a failure,
 *   or a pass, the hits land as rolled. Either way the attacker's turn then ends.
 * The attack's d20s are rolled before the window, so the window holds the hits as rolled (plain JSON); a
 * pulled blow's 1d10 hours are rolled only when it lands.
 */
import { msg } from '../engine/message';
import { pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import type { Hit } from './attack';
import type { Weapon } from './data';
import { physicalBanes } from './consequences';
import { rollTest } from './d20';
import { mayReact } from './grapple';
import { conditionsOf, type Applied, type RpgChar, type RpgContext, type RpgState } from './game';
import type { ActionOf } from './actions';

/** A melee hit waiting on its target's parry. */
export interface PendingParry {
  attacker: string;
  target: string;
  weapon: string;
  /** The attack test's total: the parry's TN. */
  total: number;
  /** The hits as rolled. */
  hits: Hit[];
  /** A pulled blow's would-be Grave Wound: a knockout, its 1d10 hours rolled when it lands. */
  knockout: boolean;
}

/** Whether `t` holds a weapon it can parry with: one used with the Melee skill. */
export const parriesWith = (s: RpgState, t: RpgChar): boolean => t.weapons.some((w) => s.weapons[w]?.skill === 'melee');

/** Whether `t`, hit by `weapon`, may parry now: a blow (melee or unarmed), an AP, a defensive reaction, a melee weapon. */
export function mayParry(s: RpgState, t: RpgChar, weapon: Weapon): boolean {
  return (
    weapon.skill !== 'projectiles' && t.ap >= 1 && mayReact(conditionsOf(s), t.id, 'defensive').ok && parriesWith(s, t)
  );
}

/** The character whose parry the open window asks for, or null. */
export const parryAsked = (s: RpgState): string | null => s.parry?.target ?? null;

/**
 * The parry window's answer: a `parry` (1 AP; the Melee test against the attack's total) or a pass. Returns
 * the state with the window closed and whether the hits land; `land` then applies them and ends the turn.
 */
export function answerParry(
  ctx: RpgContext,
  s: RpgState,
  act: ActionOf<'parry'> | { type: 'pass' },
  land: (ctx: RpgContext, s: RpgState, p: PendingParry) => RpgState,
): Applied {
  const p = s.parry!;
  if (act.type === 'parry' && act.model !== p.target)
    return ruleError(
      'not-in-window',
      msg('rpg-attacks:error.notYourParry', { name: s.chars[p.target]?.name ?? p.target }),
    );
  const t = pieceOf(s.chars, p.target, 'character');
  const closed: RpgState = { ...s, parry: null };
  if (act.type === 'pass') {
    ctx.events.push({ type: 'no-parry', text: msg('rpg-attacks:event.noParry', { name: t.name }), model: t.id });
    return land(ctx, closed, p);
  }
  const test = rollTest(ctx.dice, t.stats.skills.melee, p.total, { boons: 0, banes: physicalBanes(t.condition) });
  const spent = { ...closed, chars: { ...closed.chars, [t.id]: { ...t, ap: t.ap - 1 } } };
  ctx.events.push({
    type: 'parry',
    text: msg(test.success ? 'rpg-attacks:event.parried' : 'rpg-attacks:event.parryFails', {
      name: t.name,
      total: test.total,
      tn: p.total,
    }),
    model: t.id,
    passed: test.success,
    total: test.total,
    tn: p.total,
  });
  return land(ctx, spent, test.success ? { ...p, hits: [], knockout: false } : p);
}
