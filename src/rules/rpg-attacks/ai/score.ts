/**
 * The rpg-attacks bot's scores, one function per action type (`SCORERS`), in "takeouts" (odds.ts). A
 * turn is one move and one action, and the action ends it, so: an action is worth what it deals plus
 * the worth of ending the turn where the character stands (look.ts: the danger from the nearest
 * enemies, the inches beyond its reach); a move is worth the best attack from the new spot plus the
 * worth of ending there; `end-turn` is the worth of ending here. Scorers:
 * - attack (single or automatic): the expected takeout from the rules' plan (`planFor`), hits from `hitsOf`.
 * - grenade: every kept d20 face of the throw (`grenadeEdge`), on the spot or deviating in each of the 12
 *   directions, and everyone caught (`areaOf`, `areaDamage` with their cover against the thrower); a friend
 *   (or the thrower) wounded costs `FRIEND`; an enemy with an AP whose 1" Dodge would take it out of the
 *   areas counts only when its Defense-12 test would fail.
 * - suppress (a stated heuristic): each enemy in the cone (it rolls when its turn begins) is worth the d10's
 *   chance of harming it, with its cover against the shooter; each enemy outside whose straight way (a
 *   Speed long) to the nearest of the shooter's side crosses the cone is worth `LANE` of the d10's chance in
 *   the open once past the Det-12 test, and `DENY` when it balks (a lost move); a friend in the cone costs
 *   `FRIEND` times the d10's chance.
 * - stand-up: the best attack and the danger where it stands, standing.
 * - break-free: the chance of the unarmed test against the holder's Defense, times the share of the hold it
 *   undoes (`holdWorth` from the holder's side: one Hindered less); reversing the last also gains a hold of one.
 * - grapple (a stated heuristic): each Hindered from grapples takes a third of the way to a pin, which takes
 *   away the foe's every physical action, so each Hindered the unarmed test adds (two on a critical) is
 *   worth a third of the foe's threat to the grappler (`threatOf`), times `HOLD` for the turns it lasts.
 * - release: it is free and the turn goes on, so it is worth the best action the turn could take next
 *   (scored on the state without the hold), less what the hold was worth (`holdWorth`; nothing when the
 *   held foe is down).
 * - stunt: Targeted Weakpoint against the Armour halved, Unbalancing Attack plus `PRONE` for the chance of
 *   a Prone target, each with the stunt's ⊖ (`stuntWorth`); Called Shot, Disarm and Driving Attack are not
 *   scored.
 */
import type { Queries } from '../../engine/queries';
import type { ActionOf, RpgAction, RpgActionType } from '../actions';
import {
  areaDamage,
  areaOf,
  deviationMetres,
  flatDistance,
  grenadeEdge,
  headingFromD12,
  offset,
  GRENADE_TN,
  DODGE_METRES,
  DODGE_TN,
  type Vec3,
} from '../area';
import { physicalBanes } from '../consequences';
import { maxRange, throwBand } from '../data';
import { planFor, unarmedAgainst } from '../fight';
import {
  BASE_RADIUS,
  conditionsOf,
  coverOf,
  fireLine,
  standing,
  withConditions,
  type RpgChar,
  type RpgState,
} from '../game';
import { grappleHindered, isDown, PINNED_AT } from '../consequences';
import { release } from '../grapple';
import { legalNow } from '../legal';
import { blastOf } from '../reactions';
import { stuntEdge } from '../stunts';
import { DET_TN, inCone } from '../suppression';
import { Look, enemiesOf, standingWorth, threatOf } from './look';
import { attackOdds, outcomes, successChance, suppressionChance, takeout } from './odds';

/** A friend (or the thrower) wounded by a blast costs this much: twice an enemy going down. */
export const FRIEND = 2;
/** An enemy crossing a suppressed lane: this share of its expected harm (it may go round)... */
export const LANE = 0.8;
/** ...and this much when it balks at the Det-12 test (a move lost). */
export const DENY = 0.1;

/** One scorer: the worth of an action (null: not scored). */
export type Scorer<K extends RpgActionType> = (look: Look, a: ActionOf<K>) => number | null;

/** The character of an action. */
const charOf = (s: RpgState, a: { model?: unknown }): RpgChar | undefined =>
  typeof a.model === 'string' ? s.chars[a.model] : undefined;

/** The worth of ending the turn where `c` stands. */
const here = (look: Look, c: RpgChar): number => standingWorth(look.at(c, c.pos));

/** An action that ends the turn where the character stands: its worth plus standing here. */
const stay =
  <K extends RpgActionType>(worth: (look: Look, c: RpgChar, a: ActionOf<K>) => number | null): Scorer<K> =>
  (look, a) => {
    const c = charOf(look.s, a as { model?: unknown });
    if (!c) return null;
    const v = worth(look, c, a);
    return v === null ? null : v + here(look, c);
  };

/** The expected takeout of an attack as the rules plan it now. */
function attackWorth(look: Look, c: RpgChar, a: ActionOf<'attack'>): number | null {
  const p = planFor(look.s, look.q, c, a.weapon, a.target, a.auto === true, a.pull === true);
  return p.ok ? attackOdds(p.value.plan, p.value.weapon, p.value.target).value : null;
}

/** The expected takeout of a grenade at a spot: enemies caught less `FRIEND` x friends caught. */
export function grenadeWorth(s: RpgState, q: Queries, c: RpgChar, a: ActionOf<'grenade'>): number | null {
  const w = s.weapons[a.weapon];
  if (!w?.grenade) return null;
  const aim: Vec3 = [a.x, a.y, a.z];
  const dist = flatDistance(c.pos, aim);
  const band = throwBand(w, c.stats.strength, dist);
  if (!band) return null;
  const blast = blastOf(w.blast);
  const { edge } = grenadeEdge({
    from: c.pos,
    aim,
    projectiles: c.stats.skills.projectiles,
    rangeBanes: band.banes,
    thrown: true,
    strength: c.stats.strength,
    edge: { boons: 0, banes: physicalBanes(c.condition) },
  });
  const reach = blast.secondary + dist / 2 + 2 * BASE_RADIUS;
  const people = standing(s)
    .filter((x) => flatDistance(x.pos, aim) <= reach)
    .map((x) => {
      const cover = x.id === c.id ? 'none' : coverOf(q.sight(c.id, x.id).hidden.terrain);
      const friend = x.side === c.side;
      // An enemy with an AP Dodges: on a success it moves 1" straight away from the blast (area.ts).
      const dodge =
        !friend && x.ap >= 1
          ? successChance(x.stats.defense, DODGE_TN, { boons: 0, banes: physicalBanes(x.condition) })
          : 0;
      return { x, inCover: cover !== 'none', dodge, per: friend ? -FRIEND : takeout(x, 1, 0) };
    });
  const harms = (at: Vec3, x: RpgChar, inCover: boolean, total: number, pos: Vec3 = x.pos): boolean => {
    const area = areaOf(at, pos, BASE_RADIUS, blast);
    return !!area && areaDamage(total, x.stats.defense, w.damage, area, inCover, x.stats.armour) > 0;
  };
  let value = 0;
  for (const { p, test } of outcomes(c.stats.skills.projectiles, GRENADE_TN, edge)) {
    if (p === 0) continue;
    const dev = test.success ? 0 : deviationMetres(test.margin, dist);
    const landings: Vec3[] =
      dev <= 0 ? [aim] : Array.from({ length: 12 }, (_, k) => offset(aim, headingFromD12(k + 1), dev));
    for (const at of landings)
      for (const o of people) {
        if (!harms(at, o.x, o.inCover, test.total)) continue;
        let hit = 1;
        if (o.dodge > 0) {
          const d = flatDistance(at, o.x.pos);
          const heading = d > 1e-9 ? (Math.atan2(o.x.pos[2] - at[2], o.x.pos[0] - at[0]) * 180) / Math.PI : 0;
          if (!harms(at, o.x, o.inCover, test.total, offset(o.x.pos, heading, DODGE_METRES))) hit = 1 - o.dodge;
        }
        value += (p / landings.length) * hit * o.per;
      }
  }
  return value;
}

/** Whether `e`'s straight way (a Speed long) towards the nearest of `side` crosses the cone. */
function crosses(s: RpgState, e: RpgChar, origin: Vec3, deg: number, range: number, side: string): boolean {
  const goal = standing(s, side as RpgChar['side'])
    .map((f) => ({ f, d: flatDistance(f.pos, e.pos) }))
    .sort((x, y) => x.d - y.d)[0];
  if (!goal || goal.d < 1e-9) return false;
  const len = Math.min(e.stats.speed, goal.d);
  const steps = Math.ceil(len / 0.5);
  for (let i = 1; i <= steps; i++) {
    const t = (len * i) / steps / goal.d;
    const p: Vec3 = [e.pos[0] + (goal.f.pos[0] - e.pos[0]) * t, 0, e.pos[2] + (goal.f.pos[2] - e.pos[2]) * t];
    if (inCone(origin, deg, p, BASE_RADIUS, range)) return true;
  }
  return false;
}

/** The suppression heuristic's worth (see the header). */
export function suppressWorth(s: RpgState, q: Queries, c: RpgChar, a: ActionOf<'suppress'>): number | null {
  const w = s.weapons[a.weapon];
  if (!w || w.auto < 1) return null;
  const range = maxRange(w);
  let value = 0;
  // A friend in the cone rolls too when its turn begins.
  for (const f of standing(s, c.side))
    if (f.id !== c.id && inCone(c.pos, a.directionDeg, f.pos, BASE_RADIUS, range))
      value -=
        FRIEND * suppressionChance(w.auto, w.damage, coverOf(q.sight(c.id, f.id).hidden.terrain), f.stats.armour);
  for (const e of enemiesOf(s, c)) {
    const per = takeout(e, 1, 0);
    if (inCone(c.pos, a.directionDeg, e.pos, BASE_RADIUS, range)) {
      // It rolls when its turn begins, with its cover against the shooter; out of the line of fire it is not in the zone.
      const f = fireLine(q, c.id, e.id);
      if (f.hasLos) value += suppressionChance(w.auto, w.damage, coverOf(f.hidden.terrain), e.stats.armour) * per;
    } else if (crosses(s, e, c.pos, a.directionDeg, range, c.side)) {
      // Crossing in the open: the Det-12 test, then the d10; a balk loses the rest of its move.
      const pass = successChance(e.stats.det, DET_TN, { boons: 0, banes: physicalBanes(e.condition) });
      value += LANE * pass * suppressionChance(w.auto, w.damage, 'none', e.stats.armour) * per + DENY * (1 - pass);
    }
  }
  return value;
}

/** A target knocked Prone by an Unbalancing Attack loses its next move to stand: worth this much (a stated heuristic). */
export const PRONE = 0.15;

/**
 * A stunt's worth: the attack with the stunt's ⊖ (`stuntEdge`), as the rules resolve it (its hits still
 * land). Targeted Weakpoint: against the target's Armour halved, rounded down (a gap: every armoured
 * target has one here). Unbalancing Attack: plus `PRONE` times the chance the target, standing, fails its
 * Speed test against the least hitting total. Called Shot, Disarm and Driving Attack are not weighed (null).
 */
function stuntWorth(look: Look, c: RpgChar, a: ActionOf<'stunt'>): number | null {
  if (a.stunt !== 'targetedWeakpoint' && a.stunt !== 'unbalancingAttack') return null;
  const p = planFor(look.s, look.q, c, a.weapon, a.target);
  if (!p.ok) return null;
  const { plan, weapon, target: t } = p.value;
  const edged = { ...plan, edge: stuntEdge(plan.edge) };
  if (a.stunt === 'targetedWeakpoint') {
    if (t.stats.armour <= 0) return null;
    const halved = { ...t, stats: { ...t.stats, armour: Math.floor(t.stats.armour / 2) } };
    return attackOdds(edged, weapon, halved).value;
  }
  const odds = attackOdds(edged, weapon, t);
  if (t.condition.prone) return odds.value;
  const keeps = successChance(t.stats.speed, plan.tn, { boons: 0, banes: physicalBanes(t.condition) });
  return odds.value + PRONE * odds.hit * (1 - keeps);
}

/**
 * A hold is worth its share of the foe's threat for this many of the foe's turns: a pin (three Hindered)
 * takes three successful break-free attempts to undo, each a turn the foe does not attack in.
 */
export const HOLD = 3;

/** What `hindered` Hindered from grapples on `foe` are worth to `c`: their share of a pin of the foe's threat, free. */
export function holdWorth(look: Look, c: RpgChar, foe: RpgChar, hindered: number): number {
  if (isDown(foe.condition)) return 0;
  // The threat it would be free of every grapple (its grapples' Hindered already cost it banes).
  const free = {
    ...foe,
    condition: { ...foe.condition, hindered: foe.condition.hindered.filter((h) => h.by === null) },
  };
  return HOLD * (Math.min(hindered, PINNED_AT) / PINNED_AT) * threatOf(look.s, look.q, free, c);
}

/** A grapple attack: the expected Hindered it adds, each worth its share of a pin (see the header). */
function grappleWorth(look: Look, c: RpgChar, a: ActionOf<'grapple'>): number | null {
  const u = unarmedAgainst(look.s, look.q, c, a.target);
  if (!u || u.foe.side === c.side) return null;
  const had = grappleHindered(u.foe.condition);
  let value = 0;
  for (const { p, test } of outcomes(u.attack.skill, u.attack.tn, u.attack.edge)) {
    if (p === 0 || !test.success) continue;
    const added = test.critical ? 2 : 1;
    value += p * (holdWorth(look, c, u.foe, had + added) - holdWorth(look, c, u.foe, had));
  }
  return value;
}

/** A break-free attempt: its chance times the hold it undoes (one Hindered), and a hold of one gained by a reversal. */
function breakFreeWorth(look: Look, c: RpgChar, a: ActionOf<'break-free'>): number | null {
  const u = unarmedAgainst(look.s, look.q, c, a.from);
  if (!u) return null;
  const n = c.condition.hindered.filter((h) => h.by === a.from).length;
  const undone = holdWorth(look, u.foe, c, n) - holdWorth(look, u.foe, c, n - 1);
  const reversed = a.choice === 'reverse' && n === 1 ? holdWorth(look, c, u.foe, 1) : 0;
  return successChance(u.attack.skill, u.attack.tn, u.attack.edge) * (undone + reversed);
}

/** Letting go of `a.target`: the best next action without the hold, less the hold (see the header). */
function releaseWorth(look: Look, a: ActionOf<'release'>): number | null {
  const c = charOf(look.s, a);
  const foe = look.s.chars[a.target];
  if (!c || !foe) return null;
  const freed = withConditions(look.s, release(conditionsOf(look.s), c.id, foe.id));
  const after = new Look(freed, look.q);
  let best = -Infinity;
  for (const next of legalNow(freed, c.side, look.q)) {
    if (next.type === 'release') continue;
    const v = scoreOf(after, next);
    if (v !== null && v > best) best = v;
  }
  const held = foe.condition.hindered.filter((h) => h.by === c.id).length;
  return best === -Infinity ? null : best - holdWorth(look, c, foe, held);
}

/** The scorers, by action type (null: the bot never takes it). */
export const SCORERS: { [K in RpgActionType]: Scorer<K> | null } = {
  begin: () => 0,
  move: (look, a) => {
    const c = charOf(look.s, a);
    if (!c) return null;
    const f = look.at(c, [a.x, a.y, a.z]);
    return f.attack + standingWorth(f);
  },
  'stand-up': (look, a) => {
    const c = charOf(look.s, a);
    if (!c) return null;
    const f = look.at(c, c.pos, true);
    return f.attack + standingWorth(f);
  },
  attack: stay(attackWorth),
  grenade: stay((look, c, a) => {
    return grenadeWorth(look.s, look.q, c, a);
  }),
  suppress: stay((look, c, a) => {
    return suppressWorth(look.s, look.q, c, a);
  }),
  'break-free': stay(breakFreeWorth),
  'end-turn': stay(() => 0),
  grapple: stay(grappleWorth),
  release: releaseWorth,
  stunt: stay(stuntWorth),
  dodge: null,
  parry: null,
};

/** The score of any action: its type's scorer, or null for a type the bot does not score. */
export function scoreOf(look: Look, a: RpgAction | { type: string }): number | null {
  const scorer = (SCORERS as Record<string, Scorer<RpgActionType> | null | undefined>)[a.type];
  return scorer ? scorer(look, a as ActionOf<RpgActionType>) : null;
}
