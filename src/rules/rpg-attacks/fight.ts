/**
 * A turn's action against a character: an attack (attack.ts), a stunt (stunts.ts), a grapple or a
 * break-free attempt (grapple.ts), and suppressive fire (suppression.ts). Readings of the battle:
 * - Only enemies are attacked, and only those the attacker sees (`Queries.sight(...).hasLos`); the range
 *   is the table's edge-to-edge distance; cover and concealment come from the sight facts (game.ts).
 * - An attack against Defense is a physical test: the attacker's consequence banes (`physicalBanes`) are a
 *   reason ("wounds / Hindered"); Prone changes melee attacks (`proneEdge`). One against Willpower (a hymn)
 *   is not: no consequence banes (`attackReasons`).
 * - Engaged in melee: an enemy within 1" (game.ts ENGAGED_WITHIN), or in a grapple. In a grapple a
 *   non-Close melee weapon is used improvised (⊖, half damage; grapple.ts's fixed GM call).
 * - A stunt is made with a weapon that reaches the target; the stunt's hit also deals the hit's damage.
 *   A target's "weapon in hand" is the first it holds; Disarm drops it for the rest of the battle (no
 *   picking up). Its weak spot: 'gap' when it wears Armour, else none. A Driving Attack's 1" moves
 *   happen only where both can stand (target first).
 * - Grapples reach 1" (the fists' reach), with Unarmed against the target's Defense.
 * - Suppressive fire is a ranged attack: refused while engaged in melee unless the weapon has Close.
 */
import { illegal, metres, withNames } from './say';
import { inch, msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { err, ok, type Result } from '../../result';
import { planAttack, rollAttack, hitsOf, type AttackPlan, type Reason } from './attack';
import { applyConsequence, physicalBanes, proneEdge } from './consequences';
import { breakFree, grappleAttack, inGrapple, isPinned, mayActPhysically } from './grapple';
import { rollStunt, STUNT_NAMES, stuntWords } from './stunts';
import { declareSuppression } from './suppression';
import { maxRange, type Weapon } from './data';
import { harm, stray } from './harm';
import {
  fireLine,
  heldWeapon,
  BASE_MM,
  ENGAGED_WITHIN,
  HEIGHT,
  conditionsOf,
  engagedWith,
  isStanding,
  obstructions,
  setChar,
  withConditions,
  type Handler,
  type RpgChar,
  type RpgContext,
  type RpgState,
} from './game';
import { finishTurn } from './round';
import { mayParry, type PendingParry } from './parry';
import { actorRefusal, STEP } from './turn';
import { pieceOf } from '../engine/kit';

/** The reasons a character's condition gives its physical test against `target` (wounds, Prone in melee). */
export function conditionReasons(c: RpgChar, target: RpgChar | null, melee: boolean): Reason[] {
  const out: Reason[] = [];
  const banes = physicalBanes(c.condition);
  if (banes > 0) out.push({ label: msg('rpg-attacks:reason.wounds'), edge: -banes });
  if (target && melee) {
    const e = proneEdge(c.condition, target.condition, 'melee');
    if (e.banes) out.push({ label: msg('rpg-attacks:reason.prone'), edge: -e.banes });
    if (e.boons) out.push({ label: msg('rpg-attacks:reason.targetProne'), edge: e.boons });
  }
  return out;
}

/**
 * The reasons `c`'s condition gives an attack with `weapon` at `target`: a physical attack (against
 * Defense) takes `conditionReasons`; one against Willpower (a hymn) is no physical test: none.
 */
export function attackReasons(c: RpgChar, target: RpgChar | null, weapon: Weapon): Reason[] {
  return weapon.targets === 'defense' ? conditionReasons(c, target, weapon.skill !== 'projectiles') : [];
}

/** Why `c` may take no physical action (down, pinned), or null. */
export function physicalRefusal(s: RpgState, c: RpgChar): Text | null {
  const may = mayActPhysically(conditionsOf(s), c.id);
  return may.ok ? null : withNames(s.chars, may.reason);
}

/** An attack checked against the table: the plan and the weapon, or why not. `q` is the view of `s`. */
export function planFor(
  s: RpgState,
  q: Queries,
  c: RpgChar,
  weaponId: string,
  targetId: string,
  auto = false,
  pull = false,
): Result<{ plan: AttackPlan; weapon: Weapon; target: RpgChar }, RuleError> {
  const no = (m: Text) => err(illegal(m));
  if (!c.weapons.includes(weaponId)) return no(msg('rpg-attacks:error.holdsNo', { name: c.name, weapon: weaponId }));
  const weapon = pieceOf(s.weapons, weaponId, 'weapon');
  // "You may opt to pull your blow": a melee or unarmed blow (README reading), never a shot.
  if (pull && weapon.skill === 'projectiles') return no(msg('rpg-attacks:refuse.pullShot', { weapon: weapon.name }));
  const target = s.chars[targetId];
  if (!target || target.side === c.side) return no(msg('rpg-attacks:error.notEnemy', { target: targetId }));
  if (target.condition.down || target.condition.unconsciousHours > 0)
    return no(msg('rpg-attacks:error.down', { name: target.name }));
  // Smoke is concealment, not a wall: the line of fire is drawn through it (`fireLine`).
  const sight = fireLine(q, c.id, target.id);
  if (!sight.hasLos)
    return err(ruleError('no-los', msg('rpg-attacks:error.cannotSee', { name: c.name, target: target.name })));
  const grapple = inGrapple(conditionsOf(s), c.id);
  const melee = weapon.skill !== 'projectiles';
  const p = planAttack(c.stats, weapon, target.stats, {
    distance: q.distance(c.id, target.id),
    auto,
    engaged: grapple || engagedWith(s, c).length > 0,
    grapple,
    improvised: grapple && melee,
    offhand: c.offhand === weaponId,
    pull,
    ...obstructions(sight, q.concealment(c.id, target.id)),
    ...(c.ammo[weaponId] !== undefined ? { roundsLeft: c.ammo[weaponId] } : {}),
    extra: attackReasons(c, target, weapon),
  });
  if (!p.ok) return err(ruleError(p.error.code === 'out-of-range' ? 'out-of-range' : 'illegal-action', p.error.reason));
  return ok({ plan: p.value, weapon, target });
}

/** Rounds spent. */
const spend = (c: RpgChar, weapon: string, shots: number): RpgChar =>
  c.ammo[weapon] === undefined || shots === 0 ? c : { ...c, ammo: { ...c.ammo, [weapon]: c.ammo[weapon] - shots } };

/** A pulled blow that would have dealt a Grave Wound: the target is unconscious for `hours` (out of the fight). */
function knockOut(ctx: RpgContext, s: RpgState, id: string, hours: number): RpgState {
  const t = pieceOf(s.chars, id, 'character');
  if (!isStanding(t)) return s;
  const applied = applyConsequence(t.condition, { kind: 'unconscious', hours }, ctx.dice);
  ctx.events.push({
    type: 'model-down',
    text: msg('rpg-attacks:event.knockedOut', { name: t.name, n: hours }),
    model: id,
  });
  return setChar(s, { ...t, condition: applied.condition });
}

/** The attack action. */
export const attackAction: Handler<'attack'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s0.chars, act.model, 'character');
  const phys = physicalRefusal(s0, c);
  if (phys) return illegal(phys);
  const planned = planFor(s0, ctx.at(s0), c, act.weapon, act.target, act.auto === true, act.pull === true);
  if (!planned.ok) return planned.error;
  const { plan, weapon, target } = planned.value;
  const r = rollAttack(ctx.dice, plan, weapon, target.stats, false);
  const s = setChar(s0, spend(c, weapon.id, r.shots));
  const hit = r.hits.length > 0;
  ctx.events.push({
    type: 'shot',
    text: msg('rpg-attacks:event.attack', {
      name: c.name,
      target: target.name,
      weapon: weapon.name,
      words: r.words,
      total: r.test.total,
      tn: r.test.tn,
      outcome: hit
        ? r.test.critical
          ? msg('rpg-attacks:outcome.criticalHit', { n: r.hits.length })
          : msg('rpg-attacks:outcome.hit', { n: r.hits.length })
        : r.test.criticalFailure
          ? msg('rpg-attacks:outcome.criticalFailure')
          : msg('rpg-attacks:outcome.miss'),
    }),
    shooter: c.id,
    target: target.id,
    hit,
    total: r.test.total,
    tn: r.test.tn,
  });
  if (!hit) return finishTurn(ctx, stray(ctx, s, c.id, target.id, weapon, r.test));
  const p: PendingParry = {
    attacker: c.id,
    target: target.id,
    weapon: weapon.id,
    total: r.test.total,
    hits: r.hits,
    knockout: r.knockout,
  };
  // Before the hit is resolved its target may parry a blow (parry.ts): the window holds the hits as rolled.
  if (mayParry(s, pieceOf(s.chars, target.id, 'character'), weapon)) return { ...s, parry: p };
  return landHits(ctx, s, p);
};

/** An attack's hits land (unless parried away: none), a pulled blow's knockout; the attacker's turn ends. */
export function landHits(ctx: RpgContext, s0: RpgState, p: PendingParry): RpgState {
  let s = s0;
  // A pulled would-be Grave Wound: its 1d10 hours, then the hits.
  const hours = p.knockout ? ctx.dice.d(10) : 0;
  for (const h of p.hits) s = harm(ctx, s, p.target, h.damage, h.consequence);
  if (hours > 0) s = knockOut(ctx, s, p.target, hours);
  return finishTurn(ctx, s);
}

/** The stunt action: an attack with ⊖, its hit's damage, and the stunt's outcome. */
export const stuntAction: Handler<'stunt'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s0.chars, act.model, 'character');
  const phys = physicalRefusal(s0, c);
  if (phys) return illegal(phys);
  const planned = planFor(s0, ctx.at(s0), c, act.weapon, act.target);
  if (!planned.ok) return planned.error;
  const { plan, weapon, target: t } = planned.value;
  const r = rollStunt(
    ctx.dice,
    act.stunt,
    { skill: plan.skillValue, tn: plan.tn, edge: plan.edge },
    { size: c.stats.size, position: c.pos },
    stuntTarget(s0, t),
  );
  if (!r.ok) return illegal(r.reason);
  let s = setChar(s0, spend(c, weapon.id, plan.shots));
  ctx.events.push({
    type: 'shot',
    text: msg('rpg-attacks:event.stunt', {
      name: c.name,
      stunt: STUNT_NAMES[act.stunt],
      target: t.name,
      total: r.attack.total,
      tn: r.attack.tn,
      outcome: stuntWords(r.outcome),
    }),
    shooter: c.id,
    target: t.id,
    hit: r.attack.success,
    stunt: act.stunt,
  });
  if (!r.attack.success) return finishTurn(ctx, stray(ctx, s, c.id, t.id, weapon, r.attack));
  let armour = t.stats.armour;
  const o = r.outcome!;
  if (o.stunt === 'calledShot' || o.stunt === 'unbalancingAttack') s = setChar(s, { ...t, condition: o.condition });
  else if (o.stunt === 'targetedWeakpoint') armour = o.armour;
  else if (o.stunt === 'disarm' && o.dropped)
    s = setChar(s, { ...t, weapons: t.weapons.filter((w) => w !== o.dropped!.weapon) });
  else if (o.stunt === 'drivingAttack') s = drive(ctx.at.bind(ctx), s, c.id, t.id, o.attacker, o.target);
  for (const h of hitsOf(plan, weapon, r.attack, armour).hits) s = harm(ctx, s, t.id, h.damage, h.consequence);
  return finishTurn(ctx, s);
};

/** A target as the stunt rules see it. */
const stuntTarget = (s: RpgState, t: RpgChar) => ({
  condition: t.condition,
  strength: t.stats.strength,
  speed: t.stats.speed,
  size: t.stats.size,
  armour: t.stats.armour,
  weapon: heldWeapon(s, t),
  weakpoint: t.stats.armour > 0 ? ('gap' as const) : ('none' as const),
  position: t.pos,
});

/** The Driving Attack's moves, where both can stand (the target first). */
function drive(
  at: (s: RpgState) => Queries,
  s0: RpgState,
  a: string,
  t: string,
  aTo: readonly number[],
  tTo: readonly number[],
): RpgState {
  const ty = at(s0).standHeight(BASE_MM, HEIGHT, tTo[0]!, tTo[2]!, tTo[1]! + STEP, t);
  if (ty === null) return s0;
  const s1 = setChar(s0, { ...pieceOf(s0.chars, t, 'character'), pos: [tTo[0]!, ty, tTo[2]!] });
  const ay = at(s1).standHeight(BASE_MM, HEIGHT, aTo[0]!, aTo[2]!, aTo[1]! + STEP, a);
  if (ay === null) return s0;
  return setChar(s1, { ...pieceOf(s1.chars, a, 'character'), pos: [aTo[0]!, ay, aTo[2]!] });
}

/** A grapple's unarmed test against a foe within reach: the skill, the TN and the edge; or why not. */
/** `c`'s unarmed attack test on `foeId` (grapple, break free): skill, the foe's Defense as TN, the edge; null out of reach. */
export function unarmedAgainst(s: RpgState, q: Queries, c: RpgChar, foeId: string) {
  const foe = s.chars[foeId];
  if (!foe || foe.id === c.id) return null;
  if (q.distance(c.id, foe.id) > ENGAGED_WITHIN + 1e-9) return null;
  const reasons = conditionReasons(c, foe, true);
  let boons = 0;
  let banes = 0;
  for (const r of reasons)
    if (r.edge > 0) boons += r.edge;
    else banes -= r.edge;
  return { foe, attack: { skill: c.stats.skills.unarmed, tn: foe.stats.defense, edge: { boons, banes } } };
}

/** The grapple action: Hindered on a hit, two on a critical; three from grapples pin. */
export const grappleAction: Handler<'grapple'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s.chars, act.model, 'character');
  const u = unarmedAgainst(s, ctx.at(s), c, act.target);
  if (!u || u.foe.side === c.side || u.foe.condition.down)
    return illegal(
      msg('rpg-attacks:error.cannotReach', { name: c.name, target: act.target, reach: inch(ENGAGED_WITHIN) }),
    );
  const r = grappleAttack(conditionsOf(s), c.id, u.foe.id, u.attack, ctx.dice);
  if (!r.ok) return illegal(withNames(s.chars, r.reason));
  const pinned = isPinned(r.conditions, u.foe.id);
  ctx.events.push({
    type: 'grapple',
    text: msg('rpg-attacks:event.grapple', {
      name: c.name,
      target: u.foe.name,
      total: r.test.total,
      tn: r.test.tn,
      outcome: r.added
        ? pinned
          ? msg('rpg-attacks:grapple.hinderedPinned', { n: r.added })
          : msg('rpg-attacks:grapple.hindered', { n: r.added })
        : msg('rpg-attacks:grapple.noHold'),
    }),
    model: c.id,
    target: u.foe.id,
    hit: r.added > 0,
    hindered: r.added,
    pinned,
  });
  return finishTurn(ctx, withConditions(s, r.conditions));
};

/** The break-free attempt. */
export const breakFreeAction: Handler<'break-free'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s.chars, act.model, 'character');
  const u = unarmedAgainst(s, ctx.at(s), c, act.from);
  const attack = u?.attack ?? { skill: c.stats.skills.unarmed, tn: s.chars[act.from]?.stats.defense ?? 0 };
  const r = breakFree(conditionsOf(s), c.id, act.from, attack, act.choice, ctx.dice);
  if (!r.ok) return illegal(withNames(s.chars, r.reason));
  const from = pieceOf(s.chars, act.from, 'character');
  ctx.events.push({
    type: 'grapple',
    text: msg('rpg-attacks:event.breakFree', {
      name: c.name,
      from: from.name,
      total: r.test.total,
      tn: r.test.tn,
      outcome: r.removed
        ? r.ended === 'released'
          ? msg('rpg-attacks:breakFree.free')
          : r.ended === 'reversed'
            ? msg('rpg-attacks:breakFree.control')
            : msg('rpg-attacks:breakFree.loosened')
        : msg('rpg-attacks:breakFree.held'),
    }),
    model: c.id,
    target: from.id,
    hit: r.removed > 0,
    outcome: r.ended ?? null,
  });
  return finishTurn(ctx, withConditions(s, r.conditions));
};

/** Suppressive fire: the full Auto rating into a 20° cone, standing until the shooter's next turn. */
export const suppressAction: Handler<'suppress'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s.chars, act.model, 'character');
  const phys = physicalRefusal(s, c);
  if (phys) return illegal(phys);
  if (!c.weapons.includes(act.weapon))
    return illegal(msg('rpg-attacks:error.holdsNo', { name: c.name, weapon: act.weapon }));
  const w = pieceOf(s.weapons, act.weapon, 'weapon');
  if (!w.close && (engagedWith(s, c).length > 0 || inGrapple(conditionsOf(s), c.id)))
    return illegal(msg('rpg-attacks:refuse.engaged', { weapon: w.name }));
  const d = declareSuppression(
    c.id,
    c.pos,
    act.directionDeg,
    { auto: w.auto, damage: w.damage, longestRange: maxRange(w) },
    c.ammo[w.id] ?? Infinity,
  );
  if (!d.ok) return illegal(d.message);
  ctx.events.push({
    type: 'suppression',
    text: msg('rpg-attacks:event.suppress', {
      name: c.name,
      weapon: w.name,
      rounds: w.auto,
      length: metres(maxRange(w)),
    }),
    shooter: c.id,
    origin: c.pos,
    directionDeg: act.directionDeg,
    halfAngle: 10,
    range: d.zone.range,
  });
  const spent = setChar(s, spend(c, w.id, d.roundsSpent));
  return finishTurn(ctx, { ...spent, zones: [...spent.zones, d.zone] });
};
