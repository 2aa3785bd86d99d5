/**
 * Harm in the battle: damage becomes consequences, and a missed shot may stray (lineOfFire.ts).
 * Readings of the battle:
 * - The chapter's damage table ("page XXX") is not in the text, so damage is logged and drawn and the
 *   consequence decides: a hit that deals damage (after Armour) is a Wound, the first hit of a critical a
 *   Grave Wound (attack.ts); a grenade, suppressive fire or a stray shot that deals damage is a Wound.
 *   A Grave Wound rolls the Det test against going down on the engine's dice (consequences.ts).
 * - A down character leaves play (it stays on the table as a body: game.ts); the grapples it was in end.
 * - Line of fire: on a ranged (Projectiles) miss, every other standing character is measured against the
 *   flat line from the shooter through the target: `along` its projection, `off` the gap from the line
 *   to its base. Fired "into a melee engagement" when the target is engaged (an enemy of the target within
 *   1"), "into a grapple" when the target is in one; the target's partners count as engaged. Aware = it
 *   sees the shooter. An aware character with an AP that may react always Dodges a stray shot (the
 *   automatic choice: no window).
 */
import { msg } from '../engine/message';
import { applyConsequence } from './consequences';
import type { TestResult } from './d20';
import { heldBy, holding, inGrapple, mayReact, release } from './grapple';
import { resolveStray, type FiredInto, type LineCandidate } from './lineOfFire';
import { maxRange, type Weapon } from './data';
import {
  BASE_RADIUS,
  conditionsOf,
  engagedWith,
  isStanding,
  setChar,
  standing,
  withConditions,
  type RpgContext,
  type RpgState,
} from './game';
import { pieceOf } from '../engine/kit';

/** The harm one hit does: a Wound or a Grave Wound (or nothing). */
export type Harm = 'wound' | 'grave-wound' | 'none';

/** Deals `damage` and its consequence to `id`; a character that goes down leaves its grapples. */
export function harm(ctx: RpgContext, s: RpgState, id: string, damage: number, what: Harm): RpgState {
  const c = pieceOf(s.chars, id, 'character');
  ctx.events.push({
    type: 'damage',
    text: msg('rpg-attacks:event.damage', { name: c.name, damage }),
    target: id,
    amount: damage,
  });
  if (what === 'none' || !isStanding(c)) return s;
  const applied = applyConsequence(
    c.condition,
    what === 'wound' ? { kind: 'wound' } : { kind: 'graveWound', det: c.stats.det },
    ctx.dice,
  );
  const t = applied.downTest;
  ctx.events.push({
    type: 'consequence',
    text: t
      ? msg(what === 'wound' ? 'rpg-attacks:event.woundDet' : 'rpg-attacks:event.graveWoundDet', {
          name: c.name,
          total: t.total,
          tn: t.tn,
          result: t.success ? msg('rpg-attacks:det.up') : msg('rpg-attacks:det.fails'),
        })
      : msg(what === 'wound' ? 'rpg-attacks:event.wound' : 'rpg-attacks:event.graveWound', { name: c.name }),
    model: id,
    consequence: what,
  });
  let next = setChar(s, { ...c, condition: applied.condition });
  if (applied.wentDown) {
    ctx.events.push({ type: 'model-down', text: msg('rpg-attacks:event.down', { name: c.name }), model: id });
    let cs = conditionsOf(next);
    for (const by of heldBy(cs, id)) cs = release(cs, by, id);
    for (const held of holding(cs, id)) cs = release(cs, id, held);
    next = withConditions(next, cs);
  }
  return next;
}

/** Why a stray shot flew: fired into a melee or a grapple, or a critical failure in the open. */
const INTO_WORDS = {
  open: msg('rpg-attacks:stray.criticalFailure'),
  melee: msg('rpg-attacks:stray.melee'),
  grapple: msg('rpg-attacks:stray.grapple'),
} as const;

/** What a shot at `target` is fired into. */
export function firedInto(s: RpgState, target: string): FiredInto {
  if (inGrapple(conditionsOf(s), target)) return 'grapple';
  return engagedWith(s, pieceOf(s.chars, target, 'character')).length > 0 ? 'melee' : 'open';
}

/** The characters near the line of fire from `shooter` through `target`, measured flat. */
export function lineCandidates(ctx: RpgContext, s: RpgState, shooter: string, target: string): LineCandidate[] {
  const a = pieceOf(s.chars, shooter, 'character').pos;
  const b = pieceOf(s.chars, target, 'character').pos;
  const dx = b[0] - a[0];
  const dz = b[2] - a[2];
  const len = Math.hypot(dx, dz) || 1;
  const cs = conditionsOf(s);
  const t = pieceOf(s.chars, target, 'character');
  const partners = new Set([...engagedWith(s, t).map((e) => e.id), ...heldBy(cs, target), ...holding(cs, target)]);
  const q = ctx.at(s);
  return standing(s)
    .filter((c) => c.id !== shooter && c.id !== target)
    .map((c) => {
      const px = c.pos[0] - a[0];
      const pz = c.pos[2] - a[2];
      return {
        id: c.id,
        along: (px * dx + pz * dz) / len,
        off: Math.max(0, Math.abs(px * dz - pz * dx) / len - BASE_RADIUS),
        engaged: partners.has(c.id),
        aware: q.sight(c.id, shooter).hasLos,
        ap: c.ap,
        canReact: mayReact(cs, c.id, 'defensive').ok,
        dodge: true,
        armour: c.stats.armour,
      };
    });
}

/** A missed ranged attack's stray shot: who it hits, a Dodge (1 AP), or nobody. */
export function stray(ctx: RpgContext, s: RpgState, shooter: string, target: string, w: Weapon, test: TestResult) {
  if (w.skill !== 'projectiles' || test.success) return s;
  const into = firedInto(s, target);
  const r = resolveStray(
    test,
    { shooterId: shooter, targetId: target, into, weaponDamage: w.damage, longestRange: maxRange(w) },
    lineCandidates(ctx, s, shooter, target),
  );
  if (!r.strays || !r.victimId) return s;
  const v = pieceOf(s.chars, r.victimId, 'character');
  if (r.dodged) {
    ctx.events.push({
      type: 'stray',
      text: msg('rpg-attacks:event.strayDodged', { name: v.name }),
      shooter,
      target: v.id,
      hit: false,
    });
    return setChar(s, { ...v, ap: v.ap - r.apSpent });
  }
  ctx.events.push({
    type: 'stray',
    text: msg('rpg-attacks:event.stray', {
      why: INTO_WORDS[into],
      name: v.name,
      damage: Math.round(r.damage * 100) / 100,
    }),
    shooter,
    target: v.id,
    hit: true,
  });
  return harm(ctx, s, v.id, r.damage, r.damage > 0 ? 'wound' : 'none');
}
