/**
 * The attack action on the table: a shot (shooting.ts's permission and modifiers, reliability.ts's
 * volley, closeCombat.ts's random model in a close combat) or a strike (closeCombat.ts), each hit
 * wounded and saved (wounds.ts), then one morale test per model hit (pinning.ts).
 *
 * Dice order of a shot: each shot's to-hit d6 and its reliability d6 when called; then, for a target
 * in close combat with others, one die per hit for the model it strikes; then each hit's wound d6 and
 * save d6; then the morale d6 of each model hit, in the order first hit. A strike: its Attacks d6s,
 * then the wounds and saves, then the morale test.
 */
import { msg, type Msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import type { RuleError } from '../engine/types';
import { hitsIntoCombat, rollStrike } from './closeCombat';
import { hasTrait, weaponReach, type Weapon } from './data';
import { inFrontArc } from './facing';
import {
  BASE_RADIUS,
  contacts,
  FIGURE_HEIGHT,
  inContact,
  isStanding,
  setFighter,
  type SkContext,
  type SkFighter,
  type SkState,
} from './game';
import { pinningTestCalled, rollPinning } from './pinning';
import { cannotFire, fireVolley, jamEvent } from './reliability';
import {
  rollToHit,
  shotRefusal,
  sizeOfHeight,
  toHitModifiers,
  type Modifier,
  type MoveKind,
  type ShotRefusal,
} from './shooting';
import { CANNOT_FIRE, colon, modifierWords, refuse, semi, inch2 } from './say';
import { resolveHit, type HitProfile } from './wounds';
import { pieceOf } from '../engine/kit';
import { testTarget } from './tests';

/** A shot that may be taken: the weapon, the target, and the share of it hidden from the shooter. */
export interface ShotPlan {
  weapon: Weapon;
  target: SkFighter;
  hiddenShare: number;
  distance: number;
}

const REFUSALS = {
  'melee-weapon': 'skirmish-ru:refuse.shot.melee',
  ran: 'skirmish-ru:refuse.shot.ran',
  'close-combat': 'skirmish-ru:refuse.shot.closeCombat',
  'no-sight': 'skirmish-ru:refuse.shot.noSight',
  'out-of-arc': 'skirmish-ru:refuse.shot.outOfArc',
  'out-of-range': 'skirmish-ru:refuse.shot.outOfRange',
} as const satisfies Record<Exclude<ShotRefusal, null>, string>;

/** Whether `f` may shoot `weaponId` at `targetId` now (having moved `moved`): the plan, or why not. `q` is the view of `s`. */
export function planShot(
  s: SkState,
  q: Queries,
  f: SkFighter,
  weaponId: string,
  targetId: string,
  moved: MoveKind,
): ShotPlan | RuleError {
  if (!f.weapons.includes(weaponId))
    return refuse(msg('skirmish-ru:refuse.carriesNo', { name: f.name, weapon: weaponId }));
  const weapon = pieceOf(s.weapons, weaponId, 'weapon');
  const target = s.fighters[targetId];
  if (!target || target.side === f.side) return refuse(msg('skirmish-ru:refuse.notEnemy', { id: targetId }));
  if (!isStanding(target)) return refuse(msg('skirmish-ru:refuse.outOfFight', { name: target.name }));
  if (target.hidden) return refuse(msg('skirmish-ru:refuse.targetHidden', { target: target.name, name: f.name }));
  const blocked = cannotFire(pieceOf(f.arms, weaponId, 'weapon'));
  if (blocked)
    return refuse(
      msg('skirmish-ru:refuse.cannotFire', { weapon: weapon.name, name: f.name, why: msg(CANNOT_FIRE[blocked]) }),
    );
  const sight = q.sight(f.id, target.id);
  const distance = q.distance(f.id, target.id);
  const why = shotRefusal({
    inArc: inFrontArc(f.pos, f.facing, target.pos, BASE_RADIUS),
    los: sight.hasLos,
    distance,
    reach: weaponReach(weapon, f.stats.strength),
    pistol: hasTrait(weapon, 'pistol'),
    melee: hasTrait(weapon, 'melee'),
    inCloseCombat: contacts(s, f).length > 0,
    moved,
  });
  if (why) return refuse(msg(REFUSALS[why], { name: f.name, weapon: weapon.name }));
  const hiddenShare = Math.min(1, Math.max(0, 1 - sight.visibleFraction));
  return { weapon, target, hiddenShare, distance };
}

/** A roll's to-hit modifiers in brackets (" (cover -1, reserved -1)"), or nothing. */
export const modsWords = (m: readonly Modifier[]): Text =>
  m.length ? msg('skirmish-ru:mods', { mods: m.map(modifierWords) }) : '';

/** The to-hit modifiers of a planned shot (`reserved`: from a reserved action, -1). */
export const planModifiers = (plan: ShotPlan, reserved: boolean): Modifier[] =>
  toHitModifiers({
    hiddenShare: plan.hiddenShare,
    reserved,
    targetSprinted: plan.target.lastMove === 'sprint',
    targetSize: sizeOfHeight(FIGURE_HEIGHT),
  });

/** A planned shot's volley: each shot's to-hit d6 (then its reliability d6 when called; a jam ends it), and which shots hit. */
export function rollVolley(ctx: SkContext, f: SkFighter, plan: ShotPlan, reserved: boolean) {
  const w = plan.weapon;
  const modifiers = planModifiers(plan, reserved);
  const hits: boolean[] = [];
  const volley = fireVolley(
    ctx.dice,
    { reliability: w.reliability!, flamer: hasTrait(w, 'flamer') },
    pieceOf(f.arms, w.id, 'weapon'),
    w.rateOfFire!,
    (dice) => {
      const r = rollToHit(dice, f.stats.shooting, modifiers);
      hits.push(r.hit);
      return r.roll;
    },
  );
  return { modifiers, hits, volley, n: hits.filter(Boolean).length };
}

/** Fires the planned shot (`reserved`: from a reserved action, -1): the volley, the model each hit strikes, wounds and saves, morale. */
export function shoot(ctx: SkContext, s: SkState, f: SkFighter, plan: ShotPlan, reserved = false): SkState {
  const { weapon: w, target: t } = plan;
  const { modifiers, volley, n } = rollVolley(ctx, f, plan, reserved);
  ctx.events.push({
    type: 'shot',
    text: semi(
      msg('skirmish-ru:event.shot', {
        name: f.name,
        weapon: w.name,
        target: t.name,
        distance: inch2(plan.distance),
        shots: volley.toHitDice.length,
        dice: volley.toHitDice,
        need: f.stats.shooting + modifiers.reduce((a, m) => a + m.value, 0),
        mods: modsWords(modifiers),
        hits: n,
      }),
      ...volley.events,
    ),
    shooter: f.id,
    target: t.id,
    hit: n > 0,
  });
  if (volley.weapon.jammed) ctx.events.push(jamEvent(f, w));
  const next = setFighter(s, { ...f, arms: { ...f.arms, [w.id]: volley.weapon } });
  // "любое попадание ранит случайную модель в этом ближнем бою": a target in base contact with an enemy
  // is in a close combat; each hit picks its model among those fighting in it (`combatOf`).
  const others = combatOf(next, t, f.id).filter((id) => id !== t.id);
  // A shooter in base contact with its target (a pistol in close combat) is not shooting into a combat.
  const struck =
    inContact(f.pos, t.pos) || others.length === 0
      ? Array.from({ length: n }, () => t.id)
      : hitsIntoCombat(ctx.dice, [t.id, ...others], n).struck;
  if (struck.some((id) => id !== t.id))
    ctx.events.push({
      type: 'into-combat',
      text: msg('skirmish-ru:event.intoCombat', {
        names: struck.map((id) => pieceOf(next.fighters, id, 'fighter').name),
      }),
    });
  return applyHits(ctx, next, struck, w);
}

/** The profile a strike wounds with: the carried close-combat weapon with the highest Strength, else bare hands (the fighter's Strength, AP 0, damage 1). */
export function meleeProfile(s: SkState, f: SkFighter): HitProfile & { name: Text } {
  const best = f.weapons
    .map((id) => pieceOf(s.weapons, id, 'weapon'))
    .filter((w) => hasTrait(w, 'melee'))
    .sort((a, b) => b.strength - a.strength || a.id.localeCompare(b.id))[0];
  return best
    ? { name: best.name, strength: best.strength, ap: best.ap, damage: best.damage }
    : { name: msg('skirmish-ru:bareHands'), strength: f.stats.strength, ap: 0, damage: 1 };
}

/**
 * A strike's to-hit modifiers against `t` in base contact: the shooting rules' own (closeCombat.ts
 * readings): -1 if it sprinted, its size; never cover, hiding or the reserved-shot -1.
 */
export const strikeModifiers = (t: SkFighter): Modifier[] =>
  toHitModifiers({ hiddenShare: 0, targetSprinted: t.lastMove === 'sprint', targetSize: sizeOfHeight(FIGURE_HEIGHT) });

/** A strike at an enemy in base contact: one to-hit d6 per point of Attacks against Shooting + modifiers, then the hits. */
export function strike(ctx: SkContext, s: SkState, f: SkFighter, t: SkFighter): SkState {
  const p = meleeProfile(s, f);
  const mods = strikeModifiers(t);
  const r = rollStrike(
    ctx.dice,
    f.stats,
    testTarget(
      0,
      mods.map((m) => m.value),
    ),
  );
  ctx.events.push({
    type: 'strike',
    text: msg('skirmish-ru:event.strike', {
      name: f.name,
      target: t.name,
      weapon: p.name,
      count: r.rolls.length,
      dice: r.rolls,
      need: r.target,
      mods: modsWords(mods),
      hits: r.hits,
    }),
    attacker: f.id,
    target: t.id,
    hit: r.hits > 0,
  });
  return applyHits(
    ctx,
    s,
    Array.from({ length: r.hits }, () => t.id),
    p,
  );
}

/** A hit's wound roll, its save and the damage in words. */
function woundWords(
  name: string,
  r: { wound: { roll: number; needs: number; wounded: boolean }; damage: number; state: { wounds: number } },
  save: Text,
): Msg {
  const args = { name, roll: r.wound.roll, needs: r.wound.needs, save };
  if (!r.wound.wounded) return msg('skirmish-ru:wound.none', args);
  return r.damage > 0
    ? msg('skirmish-ru:wound.damage', { ...args, damage: r.damage, left: r.state.wounds })
    : msg('skirmish-ru:wound.noDamage', args);
}

/** Each hit wounded and saved on the model it struck, then one morale test per model hit (pinning). */
export function applyHits(ctx: SkContext, s: SkState, struck: readonly string[], w: HitProfile): SkState {
  let next = s;
  for (const id of struck) {
    const t = pieceOf(next.fighters, id, 'fighter');
    if (t.wounds.condition === 'dead') continue;
    const r = resolveHit(ctx.dice, w, { toughness: t.stats.toughness, armour: t.stats.armour, state: t.wounds });
    const save: Text = r.save
      ? msg(r.save.saved ? 'skirmish-ru:wound.saved' : 'skirmish-ru:wound.failed', {
          roll: r.save.roll,
          target: r.save.target,
        })
      : '';
    ctx.events.push({
      type: r.damage > 0 ? 'damage' : 'no-damage',
      text: woundWords(t.name, r, save),
      target: id,
      amount: r.damage,
    });
    if (r.state.condition !== t.wounds.condition) {
      const dead = r.state.condition === 'dead';
      ctx.events.push(
        dead
          ? { type: 'removed', text: msg('skirmish-ru:event.killed', { name: t.name }), model: id }
          : { type: 'model-down', text: msg('skirmish-ru:event.down', { name: t.name }), model: id },
      );
    }
    next = setFighter(next, { ...t, wounds: r.state });
  }
  for (const id of [...new Set(struck)]) {
    const t = pieceOf(next.fighters, id, 'fighter');
    const hits = struck.filter((x) => x === id).length;
    if (!pinningTestCalled({ hits, pinned: t.pinned, down: !isStanding(t) })) continue;
    const p = rollPinning(ctx.dice, t.stats.morale, 0, next.activation?.fighter === id);
    ctx.events.push({ type: p.pinned ? 'pinned' : 'holds', text: colon(t.name, ...p.events), model: id });
    if (p.pinned) next = setFighter(next, { ...t, pinned: true });
  }
  return next;
}

/**
 * The close combat `t` fights in, sorted by id: the fighters joined to it through base contact with an
 * enemy (each one's foes in contact, and theirs in turn), the shooter `except` left out. A friend merely
 * standing beside it fights in no combat; a target touching no enemy is in none (just itself).
 */
export function combatOf(s: SkState, t: SkFighter, except: string): string[] {
  const standingNow = Object.values(s.fighters).filter((o) => o.id !== except && isStanding(o));
  const inIt = new Set([t.id]);
  const queue = [t];
  while (queue.length) {
    const m = queue.pop()!;
    for (const o of standingNow)
      if (!inIt.has(o.id) && o.side !== m.side && inContact(o.pos, m.pos)) {
        inIt.add(o.id);
        queue.push(o);
      }
  }
  return [...inIt].sort();
}
