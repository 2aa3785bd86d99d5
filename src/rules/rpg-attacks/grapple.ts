/**
 * Grappling (rpg-attacks.en.txt, "Grappling"). A grapple lives in the held character's Condition: each
 * Hindered with `by` set is one Hindered from the grapple that `by` controls (consequences.ts). So the
 * plain JSON of every grapple on the table is the characters' conditions; `grapples` lists them as
 * holds (controller, held, Hindered count). Readings, where the text leaves a call open:
 * - A grapple attack is an unarmed attack test; the caller passes its skill, the target's Defense total
 *   as TN and its edge (the attacker's consequence banes included: consequences.withPhysicalBanes).
 *   A hit adds one Hindered by the attacker, a critical hit two; more hits add more, without limit.
 * - Pinned: at PINNED_AT (3) Hindered from grapples, summed over every grappler. A pinned character takes
 *   no physical action: no attack (a break-free attempt included: "Otherwise, on her turn, she may
 *   attempt to break free"), no move. Only a release frees her then.
 * - Breaking free: an unarmed attack against the controller of one grapple she is in ("the initial
 *   grappler"; with several grapplers she picks the grapple). A hit removes one Hindered of that grapple
 *   (a critical hit too: the text says "a Hindered consequence"). When that removes the grapple's last,
 *   the choice declared with the attempt applies: 'release' ends the grapple, 'reverse' imposes one
 *   Hindered on the former controller, who is now held (control passes).
 * - A held character's grapple attack on her own controller is a break-free attempt, not a new grapple.
 * - Reactions: a held character takes none ("may not take reactions until the grapple is broken"); a
 *   controller takes no offensive or defensive reaction until she releases every grapple she controls.
 * - Moving: a held character may not take move actions; a controller may only when she is held by no
 *   one and her Strength is at least twice the Strength of each foe she holds; they move with her.
 * - Weapons: Close weapons are used unimpeded; the GM's call on others is fixed as: every non-Close melee
 *   weapon may be used improvised, ⊖ on the attack and half damage (rounded down); a non-Close ranged
 *   weapon may not ("Ranged Attacks in Melee": a grapple is a melee engagement).
 * A character missing from the conditions record has no consequence (HEALTHY).
 */
import type { DiceSource } from '../dice/source';
import { msg, type Msg } from '../engine/message';
import {
  HEALTHY,
  PINNED_AT,
  grappleHindered,
  isDown,
  removeAllHinderedBy,
  removeHindered,
  type Condition,
} from './consequences';
import { EVEN, rollTest, type Edge, type TestResult } from './d20';

/** Every character's consequences by id (a missing id has none). */
export type Conditions = Record<string, Condition>;

/** One grapple: `controller` holds `held`, who carries `hindered` Hindered from it. */
export interface Hold {
  controller: string;
  held: string;
  hindered: number;
}

/** An unarmed attack test: the attacker's skill, the TN (the foe's Defense total) and the edge. */
export interface UnarmedAttack {
  skill: number;
  tn: number;
  edge?: Edge;
}

/** Why a grapple action is refused: a stable code and a sentence. */
export interface Refusal {
  ok: false;
  code: 'self' | 'down' | 'pinned' | 'held-by-target' | 'not-held' | 'held' | 'must-release' | 'too-weak';
  reason: Msg;
}

const conditionOf = (cs: Conditions, id: string): Condition => cs[id] ?? HEALTHY;
const refuse = (code: Refusal['code'], reason: Msg): Refusal => ({ ok: false, code, reason });

/** Every grapple on the table, in the order of the conditions record and of each one's Hindered. */
export function grapples(cs: Conditions): Hold[] {
  const holds: Hold[] = [];
  for (const [held, c] of Object.entries(cs)) {
    const counts = new Map<string, number>();
    for (const h of c.hindered) if (h.by !== null) counts.set(h.by, (counts.get(h.by) ?? 0) + 1);
    for (const [controller, hindered] of counts) holds.push({ controller, held, hindered });
  }
  return holds;
}

/** Ids of those who hold `id`. */
export const heldBy = (cs: Conditions, id: string): string[] =>
  grapples(cs)
    .filter((g) => g.held === id)
    .map((g) => g.controller);

/** Ids of those `id` holds. */
export const holding = (cs: Conditions, id: string): string[] =>
  grapples(cs)
    .filter((g) => g.controller === id)
    .map((g) => g.held);

/** `id` is in a grapple, held or in control. */
export const inGrapple = (cs: Conditions, id: string): boolean =>
  grapples(cs).some((g) => g.held === id || g.controller === id);

/** Pinned: PINNED_AT or more Hindered from grapples, summed over every grappler. */
export const isPinned = (cs: Conditions, id: string): boolean => grappleHindered(conditionOf(cs, id)) >= PINNED_AT;

/** Whether `id` may take a physical action (attack, grapple, break free, move): not down, not pinned. */
export function mayActPhysically(cs: Conditions, id: string): { ok: true } | Refusal {
  if (isDown(conditionOf(cs, id))) return refuse('down', msg('rpg-attacks:error.down', { name: id }));
  if (isPinned(cs, id)) return refuse('pinned', msg('rpg-attacks:error.pinned', { name: id }));
  return { ok: true };
}

/** The result of a grapple attack or a break-free attempt. */
export interface GrappleResult {
  ok: true;
  test: TestResult;
  conditions: Conditions;
  /** Hindered added to the target (grapple attack) or to the former controller (a reversal). */
  added: number;
  /** Hindered removed from the one breaking free. */
  removed: number;
  /** After a break-free attempt: the grapple is over ('released') or control passed ('reversed'). */
  ended?: 'released' | 'reversed';
}

/** A grapple attack: on a hit the target gains one Hindered by the attacker, on a critical hit two. */
export function grappleAttack(
  cs: Conditions,
  attacker: string,
  target: string,
  attack: UnarmedAttack,
  dice: DiceSource,
): GrappleResult | Refusal {
  if (attacker === target) return refuse('self', msg('rpg-attacks:error.grappleSelf'));
  const may = mayActPhysically(cs, attacker);
  if (!may.ok) return may;
  if (heldBy(cs, attacker).includes(target))
    return refuse('held-by-target', msg('rpg-attacks:error.heldByTarget', { name: target, held: attacker }));
  const test = rollTest(dice, attack.skill, attack.tn, attack.edge ?? EVEN);
  const added = !test.success ? 0 : test.critical ? 2 : 1;
  let c = conditionOf(cs, target);
  for (let i = 0; i < added; i++) c = { ...c, hindered: [...c.hindered, { by: attacker, cause: 'grapple' }] };
  return { ok: true, test, conditions: added > 0 ? { ...cs, [target]: c } : cs, added, removed: 0 };
}

/** What the one breaking free does when she removes the grapple's last Hindered. */
export type BreakFreeChoice = 'release' | 'reverse';

/**
 * A break-free attempt by `who` against `from`, the controller of a grapple on her: an unarmed attack
 * (TN: `from`'s Defense total). A hit removes one Hindered of that grapple; removing its last applies
 * `choice`: 'release' ends it, 'reverse' imposes one Hindered on `from` (control passes to `who`).
 */
export function breakFree(
  cs: Conditions,
  who: string,
  from: string,
  attack: UnarmedAttack,
  choice: BreakFreeChoice,
  dice: DiceSource,
): GrappleResult | Refusal {
  if (!heldBy(cs, who).includes(from))
    return refuse('not-held', msg('rpg-attacks:error.notHolding', { name: from, target: who }));
  const may = mayActPhysically(cs, who);
  if (!may.ok) return may;
  const test = rollTest(dice, attack.skill, attack.tn, attack.edge ?? EVEN);
  if (!test.success) return { ok: true, test, conditions: cs, added: 0, removed: 0 };
  const freed = removeHindered(conditionOf(cs, who), from);
  const next: Conditions = { ...cs, [who]: freed };
  if (freed.hindered.some((h) => h.by === from)) return { ok: true, test, conditions: next, added: 0, removed: 1 };
  if (choice === 'release') return { ok: true, test, conditions: next, added: 0, removed: 1, ended: 'released' };
  const former = conditionOf(cs, from);
  next[from] = { ...former, hindered: [...former.hindered, { by: who, cause: 'grapple' }] };
  return { ok: true, test, conditions: next, added: 1, removed: 1, ended: 'reversed' };
}

/** The controller lets go: every Hindered of her grapple on `held` goes. */
export function release(cs: Conditions, controller: string, held: string): Conditions {
  const c = cs[held];
  if (!c) return cs;
  return { ...cs, [held]: removeAllHinderedBy(c, controller) };
}

/** Reaction kinds as the grapple rules see them. */
export const REACTION_KINDS = ['offensive', 'defensive', 'other'] as const;
/** Reaction kinds as the grapple rules see them. */
export type ReactionKind = (typeof REACTION_KINDS)[number];
const REACTION_NAMES: Record<ReactionKind, Msg> = {
  offensive: msg('rpg-attacks:reaction.offensive'),
  defensive: msg('rpg-attacks:reaction.defensive'),
  other: msg('rpg-attacks:reaction.other'),
};

/**
 * Whether `id` may take a reaction: a held character none; a controller no offensive or defensive one
 * until she releases the grapples she controls (`holding` lists them).
 */
export function mayReact(cs: Conditions, id: string, kind: ReactionKind): { ok: true } | Refusal {
  if (isDown(conditionOf(cs, id))) return refuse('down', msg('rpg-attacks:error.down', { name: id }));
  const by = heldBy(cs, id);
  if (by.length > 0) return refuse('held', msg('rpg-attacks:error.heldNoReaction', { name: id, by }));
  if (kind !== 'other' && holding(cs, id).length > 0)
    return refuse(
      'must-release',
      msg('rpg-attacks:error.mustRelease', { name: id, held: holding(cs, id), kind: REACTION_NAMES[kind] }),
    );
  return { ok: true };
}

/**
 * Whether `id` may take a move action, given everyone's Strength: free when in no grapple; held, never;
 * in control, only with Strength at least twice each held foe's. `carried`: the foes who move with her.
 */
export function mayMove(
  cs: Conditions,
  id: string,
  strength: Readonly<Record<string, number>>,
): { ok: true; carried: string[] } | Refusal {
  const may = mayActPhysically(cs, id);
  if (!may.ok) return may;
  const by = heldBy(cs, id);
  if (by.length > 0) return refuse('held', msg('rpg-attacks:error.heldNoMove', { name: id, by }));
  const carried = holding(cs, id);
  const mine = strength[id] ?? 0;
  const tooStrong = carried.filter((foe) => mine < 2 * (strength[foe] ?? 0));
  if (tooStrong.length > 0)
    return refuse('too-weak', msg('rpg-attacks:error.tooWeak', { name: id, strength: mine, foes: tooStrong }));
  return { ok: true, carried };
}

/** A weapon as the grapple rules see it. */
export interface GrappleWeaponFacts {
  close: boolean;
  ranged: boolean;
}

/** How a weapon is used in a grapple: allowed, banes on the attack, and whether damage is halved. */
export type GrappleWeaponUse = { allowed: true; banes: number; halfDamage: boolean } | { allowed: false; reason: Msg };

/** Close weapons unimpeded; other melee weapons improvised (⊖, half damage); other ranged weapons not. */
export function grappleWeapon(w: GrappleWeaponFacts): GrappleWeaponUse {
  if (w.close) return { allowed: true, banes: 0, halfDamage: false };
  if (w.ranged) return { allowed: false, reason: msg('rpg-attacks:error.grappleRanged') };
  return { allowed: true, banes: 1, halfDamage: true };
}

/** Half damage, rounded down (improvised weapons in a grapple). */
export const halveDamage = (damage: number): number => Math.floor(damage / 2);

/** The grapples in words: "a1 holds b2 (Hindered x2)", "b2 is pinned". */
export function grappleWords(cs: Conditions): Msg[] {
  const words = grapples(cs).map((g) =>
    msg('rpg-attacks:grapple.holds', { name: g.controller, held: g.held, n: g.hindered }),
  );
  for (const id of Object.keys(cs)) if (isPinned(cs, id)) words.push(msg('rpg-attacks:grapple.isPinned', { name: id }));
  return words;
}
