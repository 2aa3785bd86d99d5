/**
 * The Combat Action on the table: a Shoot (a target in sight and range, the one within 3" first,
 * to-hit from shooting.ts with cover from cover.ts) and a Brawl (brawl.ts), each Hit rolled by
 * damage.ts; a survivor is Stunned and pushed 1" straight away from its attacker where it can stand
 * (else it stays and the log says so).
 */
import { logRolls } from '../engine/diceLog';
import { msg, type Msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { brawlBonus, rollBrawl, type Brawler } from './brawl';
import { inContact, isCovered, MUST_FIRE_WITHIN } from './cover';
import { addStun, rollHit } from './damage';
import { combatForgone } from './freeActions';
import { inch2, refuse } from './say';
import type { Weapon } from './data';
import { BASE_MM, FIGURE_HEIGHT, setFigure, type FpContext, type FpFigure, type FpState } from './game';
import { hitTargetWords, rollShots, toHitTarget, traitHitModifier, type HitTarget, type ShotRoll } from './shooting';
import { pieceOf } from '../engine/kit';
import { sightOf } from './sight';

/** A shot that may be taken: the weapon, the distance, cover and the number to hit. */
export interface ShotPlan {
  weapon: Weapon;
  distance: number;
  covered: boolean;
  hit: HitTarget;
}

/** Whether `viewer` could fire at `target` at all (line of sight past figures and terrain). */
const seen = (q: Queries, viewer: string, target: string): boolean => sightOf(q, viewer, target).hasLos;

/** The nearest visible enemy within 3" that a figure must fire at first, if any (ties by id). */
export function mustFireAt(s: FpState, q: Queries, f: FpFigure): FpFigure | null {
  const close = Object.values(s.figures)
    .filter((e) => e.side !== f.side && e.out === null)
    .map((e) => ({ e, d: q.distance(f.id, e.id) }))
    .filter(({ e, d }) => d <= MUST_FIRE_WITHIN && seen(q, f.id, e.id))
    .sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id));
  return close[0]?.e ?? null;
}

/**
 * A shot by `f` with `weaponId` at `targetId`, or why not: the geometry's line of sight, whose
 * sight lines stop at figures' bodies (no see-through), so "figures cannot shoot through other
 * figures" is its verdict.
 * `close` is mustFireAt's answer when the caller has it already (the legal list asks once per figure).
 * A figure in base contact with an enemy does not fire ("figures in base contact brawl").
 */
export function planShot(
  s: FpState,
  q: Queries,
  f: FpFigure,
  weaponId: string,
  targetId: string,
  close?: FpFigure | null,
  /** A Snap Fire shot at a mover: fired during its move, so its own contact with the firer does not count. */
  mover?: string,
): ShotPlan | RuleError {
  const w = s.weapons[weaponId];
  if (!w || !f.weapons.includes(weaponId))
    return refuse(msg('fiveparsecs:refuse.noWeapon', { name: f.name, weapon: weaponId }));
  if (w.range === 'brawl') return refuse(msg('fiveparsecs:refuse.brawlOnly', { weapon: w.name }));
  if (f.noFire) return refuse(msg('fiveparsecs:refuse.noFire', { name: f.name }));
  if (combatForgone(f)) return refuse(msg('fiveparsecs:refuse.combatForgone', { name: f.name }));
  // "Figures in base contact brawl; they do not fire" (the shared README's reading).
  const touching = Object.values(s.figures).find((e) => e.id !== mover && mayBrawl(f, e));
  if (touching) return refuse(msg('fiveparsecs:refuse.inContact', { name: f.name, target: touching.name }));
  if (w.traits.includes('single-use') && f.spent.includes(weaponId))
    return refuse(msg('fiveparsecs:refuse.usedUp', { weapon: w.name }));
  const t = s.figures[targetId];
  if (!t || t.out !== null || t.side === f.side)
    return refuse(msg('fiveparsecs:refuse.notEnemy', { target: targetId }));
  const facts = sightOf(q, f.id, t.id);
  if (!facts.hasLos) return ruleError('no-los', msg('fiveparsecs:refuse.cannotSee', { name: f.name, target: t.name }));
  const distance = q.distance(f.id, t.id);
  const covered = isCovered(q, f.id, t.id, facts, distance);
  const hit = toHitTarget(distance, w.range, covered);
  if (!hit)
    return ruleError(
      'out-of-range',
      msg('fiveparsecs:refuse.outOfRange', {
        target: t.name,
        distance: inch2(distance),
        weapon: w.name,
        range: inch2(w.range),
      }),
    );
  if (distance > MUST_FIRE_WITHIN) {
    const first = close === undefined ? mustFireAt(s, q, f) : close;
    if (first)
      return refuse(
        msg('fiveparsecs:refuse.mustFireClose', { name: f.name, within: inch2(MUST_FIRE_WITHIN), target: first.name }),
      );
  }
  return { weapon: w, distance, covered, hit };
}

/** One Hit on `targetId` from a weapon with `damage` (and Piercing), from the attacker at `from`. */
export function resolveHit(
  ctx: FpContext,
  s: FpState,
  by: FpFigure,
  targetId: string,
  damage: number,
  piercing: boolean,
): FpState {
  const t = pieceOf(s.figures, targetId, 'figure');
  if (t.out !== null) return s;
  const h = rollHit(ctx.dice, { damage, toughness: t.toughness, save: t.save ?? undefined, piercing });
  if (h.kind === 'saved') {
    ctx.events.push({
      type: 'saved',
      text: msg('fiveparsecs:event.saved', { name: t.name, roll: h.saveRoll }),
      model: t.id,
    });
    logRolls(ctx.events, ctx.dice, t.side);
    return s;
  }
  const words = msg('fiveparsecs:damage.roll', {
    roll: h.roll,
    damage,
    total: h.total,
    toughness: t.toughness,
  });
  if (h.kind === 'eliminated') {
    ctx.events.push({
      type: 'model-down',
      text: msg('fiveparsecs:event.eliminated', { name: t.name, words }),
      model: t.id,
    });
    logRolls(ctx.events, ctx.dice, by.side);
    return casualty(s, { ...t, out: 'slain' });
  }
  const stun = addStun(t.stun);
  if (stun.knockedOut) {
    ctx.events.push({
      type: 'model-down',
      text: msg('fiveparsecs:event.knockedOut', { name: t.name, words }),
      model: t.id,
    });
    logRolls(ctx.events, ctx.dice, by.side);
    return casualty(s, { ...t, stun: stun.markers, out: 'knocked-out' });
  }
  ctx.events.push({
    type: 'damage',
    text: msg('fiveparsecs:event.stunned', { name: t.name, words }),
    target: t.id,
    amount: 1,
  });
  logRolls(ctx.events, ctx.dice, by.side);
  return pushBack(ctx, s, { ...t, stun: stun.markers }, by.pos, h.pushBack);
}

/** A figure out of the battle; an enemy casualty counts for this round's morale. */
function casualty(s: FpState, t: FpFigure): FpState {
  const next = setFigure(s, t);
  return t.side === 'B' ? { ...next, casualties: s.casualties + 1 } : next;
}

/** "Survivor is pushed 1" back": straight away from the attacker, where the figure can stand; else it stays. */
export function pushBack(ctx: FpContext, s: FpState, t: FpFigure, from: readonly number[], inches: number): FpState {
  const dx = t.pos[0] - from[0]!,
    dz = t.pos[2] - from[2]!;
  const len = Math.hypot(dx, dz);
  const x = Math.round((t.pos[0] + (dx / (len || 1)) * inches) * 1000) / 1000;
  const z = Math.round((t.pos[2] + (dz / (len || 1)) * inches) * 1000) / 1000;
  const q = ctx.at(s);
  const y = len > 0 ? q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, t.pos[1] + 0.25, t.id) : null;
  if (y === null) {
    ctx.events.push({ type: 'push-back', text: msg('fiveparsecs:event.noPushBack', { name: t.name }), model: t.id });
    return setFigure(s, { ...t, pushBlocked: true });
  }
  ctx.events.push({
    type: 'moved',
    text: msg('fiveparsecs:event.pushedBack', { name: t.name, inches: inch2(inches) }),
    model: t.id,
    from: t.pos,
    to: [x, y, z],
    how: 'push',
  });
  return setFigure(s, { ...t, pos: [x, y, z], pushBlocked: false });
}

/**
 * What each shot of `f`'s planned shot rolls against: its Combat Skill, the base number, the traits'
 * modifier, Seize the Initiative's natural 6 and Critical (the volley rolls it; the hover odds read it).
 */
export function shotRoll(s: FpState, f: FpFigure, plan: ShotPlan): ShotRoll {
  const w = plan.weapon;
  return {
    skill: f.combatSkill,
    target: plan.hit.target,
    modifier: traitHitModifier(w.traits, f.moved, plan.distance),
    seize: s.phase === 'seized',
    critical: w.traits.includes('critical'),
    aimed: isAimed(s, f),
  };
}

/**
 * Aim (the shared README: "A figure may Aim (re-roll 1s on the to-hit die)"): a figure aims when it fires
 * without having moved this round. A Move comes before the Combat Action, so firing unmoved gives up
 * nothing else and the aim is taken whenever it may be. Snap Fire is a snap shot at a moving enemy: no aim.
 */
export const isAimed = (s: FpState, f: FpFigure): boolean => !f.moved && !s.snap;

/** One side of a Brawl as the rules roll it: the figure's Combat Skill and its brawl weapon's bonus. */
export const brawler = (s: FpState, f: FpFigure): Brawler => ({
  skill: f.combatSkill,
  bonus: brawlBonus(brawlWeapon(s, f).traits),
});

/**
 * One volley: `shots` dice at one target (natural 6 only before round 1), then each Hit is rolled.
 * `lead` words the shot for the log: the weapon fired, a switch, an Area shot.
 */
export function volley(
  ctx: FpContext,
  s: FpState,
  f: FpFigure,
  plan: ShotPlan,
  targetId: string,
  shots: number,
  lead: 'fires' | 'switch' | 'area' = 'fires',
): FpState {
  const w = plan.weapon;
  const plain = shotRoll(s, f, plan);
  const seize = plain.seize === true;
  const modifier = plain.modifier ?? 0;
  const t = pieceOf(s.figures, targetId, 'figure');
  const rolled = rollShots(ctx.dice, shots, plain);
  const hits = rolled.reduce((n, r) => n + r.hits, 0);
  const need = seize ? msg('fiveparsecs:need.seize') : hitTargetWords(plan.hit, plan.distance);
  // The dice, the skill and the modifier: digits and signs, shown as written.
  const roll = `${rolled.map((r) => r.rolls.join('→')).join(', ')} + ${f.combatSkill}${modifier ? ` ${modifier > 0 ? '+' : '-'} ${Math.abs(modifier)}` : ''}`;
  const args = { name: f.name, weapon: w.name, target: t.name, roll, need, hits };
  ctx.events.push({
    type: 'shot',
    text:
      lead === 'fires'
        ? msg('fiveparsecs:event.shot', args)
        : lead === 'switch'
          ? msg('fiveparsecs:event.shotSwitch', args)
          : msg('fiveparsecs:event.shotArea', args),
    shooter: f.id,
    target: t.id,
    hit: hits > 0,
  });
  logRolls(ctx.events, ctx.dice, f.side);
  let next = s;
  const shooter = pieceOf(next.figures, f.id, 'figure');
  for (let i = 0; i < hits; i++)
    next = resolveHit(ctx, next, shooter, targetId, w.damage, w.traits.includes('piercing'));
  return next;
}

/** The weapon a figure brawls with: the highest brawl bonus, the first listed on a tie (a figure always has one). */
export function brawlWeapon(s: FpState, f: FpFigure): Weapon {
  const ws = f.weapons.map((id) => pieceOf(s.weapons, id, 'weapon'));
  return ws.reduce((best, w) => (brawlBonus(w.traits) > brawlBonus(best.traits) ? w : best), ws[0]!);
}

/** Whether two figures are enemies in base contact (a Brawl may be fought). */
export const mayBrawl = (a: FpFigure, b: FpFigure): boolean =>
  a.side !== b.side && a.out === null && b.out === null && inContact(a.pos, b.pos);

/** A Brawl: both roll, the Hits on the defender are rolled first (with the attacker's weapon), then those on the attacker. */
export function brawl(ctx: FpContext, s: FpState, a: FpFigure, d: FpFigure): FpState {
  const wa = brawlWeapon(s, a),
    wd = brawlWeapon(s, d);
  const r = rollBrawl(ctx.dice, brawler(s, a), brawler(s, d));
  const won: Msg =
    r.winner === 'draw'
      ? msg('fiveparsecs:brawl.draw')
      : msg('fiveparsecs:brawl.wins', { name: r.winner === 0 ? a.name : d.name });
  ctx.events.push({
    type: 'brawl',
    text: msg('fiveparsecs:event.brawl', {
      name: a.name,
      weapon: wa.name,
      target: d.name,
      targetWeapon: wd.name,
      total: r.totals[0],
      targetTotal: r.totals[1],
      won,
      targetHits: r.hits[1],
      hits: r.hits[0],
    }),
    attacker: a.id,
    target: d.id,
  });
  logRolls(ctx.events, ctx.dice, [a.side, d.side]);
  let next = s;
  for (let i = 0; i < r.hits[1]; i++)
    next = resolveHit(
      ctx,
      next,
      pieceOf(next.figures, a.id, 'figure'),
      d.id,
      wa.damage,
      wa.traits.includes('piercing'),
    );
  for (let i = 0; i < r.hits[0]; i++)
    next = resolveHit(
      ctx,
      next,
      pieceOf(next.figures, d.id, 'figure'),
      a.id,
      wd.damage,
      wd.traits.includes('piercing'),
    );
  return next;
}
