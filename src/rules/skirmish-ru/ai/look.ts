/**
 * What the skirmish-ru bot reads from the table at a spot a fighter could end on: how much the enemy
 * can hurt it there before it acts again (their shots at the share of it they would see, their
 * charges, a reserved enemy's shot its move would open), which dangerous enemies it would have behind
 * it, the shots it could take from there in its new front arc (the rules' `planShot`), what a
 * reserved action there is worth, and the strike of a charge. A spot is judged on the view of the table
 * with the fighter there; the facts are cached per (fighter, spot, facing, move) for the decision, and
 * the view of the real state is left as it is (views are immutable).
 */
import type { Queries } from '../../engine/queries';
import { isError } from '../../engine/types';
import { allowanceOf } from '../activation';
import { planShot } from '../attack';
import { hasTrait, weaponReach } from '../data';
import { inFrontArc } from '../facing';
import { BASE_RADIUS, CONTACT, contacts, layoutOf, setFighter, standing, type SkFighter, type SkState } from '../game';
import type { MoveKind } from '../shooting';
import { clearChance, perHit, strikeValue, takeout, volleyValue } from './odds';
import { pieceOf } from '../../engine/kit';

/** A shot's worth: the chance of each hit and the expected takeouts. */
export interface ShotWorth {
  chance: number;
  value: number;
}

/** The facts at one spot. */
export interface Facts {
  /** Expected takeouts the enemy deals it there before it acts again (weighted, see `threatOf`). */
  threat: number;
  /** The best reserved enemy shot the move there would open (0 when staying). */
  ambush: number;
  /** The threat of enemies it would have outside its front arc. */
  behind: number;
  /** Edge distance to the nearest standing enemy. */
  near: number;
  /** Its shots from there, by `weapon|target` (only where it may still attack). */
  shots: Map<string, ShotWorth>;
  bestShot: number;
  /** What reserving the attack there is worth. */
  reserve: number;
  /** The charge's strike when the spot is in base contact with an enemy (0: none). */
  charge: number;
  /** The best shot it could take from there next activation at an enemy that stays put (any facing). */
  next: number;
}

/** How much an enemy's danger counts: it may well pick another target, so the sum is halved. */
export const SHARED_FIRE = 0.5;
/** An enemy that has to move first to shoot, or to see: its threat counts this much. */
const MOVE_FIRST = 0.6;
const UNSEEN = 0.3;
/** An enemy that has activated this round acts later (next round): its threat counts this much. */
const LATER = 0.7;
/**
 * A reserved action pays off only if an enemy walks into it: its worth counts this much (in the battle
 * bench's AI-vs-AI games about 0.38 of the reserved actions fired: 503 of 1,326).
 */
const RESERVE_ODDS = 0.35;
/** Taking out a fighter before it acts is worth this much more. */
const BEFORE_IT_ACTS = 1.15;
/** An enemy that could charge it counts its strike this much (it may not come). */
const CHARGE = 0.3;

/** The ranged weapons a fighter may use on the table (no close-combat or template weapons). */
export const gunsOf = (s: SkState, f: SkFighter): string[] =>
  f.weapons.filter(
    (w) =>
      !hasTrait(pieceOf(s.weapons, w, 'weapon'), 'melee') && !hasTrait(pieceOf(s.weapons, w, 'weapon'), 'template'),
  );

/** Its template weapons (a flamer, grenades). */
export const templatesOf = (s: SkState, f: SkFighter): string[] =>
  f.weapons.filter((w) => hasTrait(pieceOf(s.weapons, w, 'weapon'), 'template'));

/** A friend under the template counts this many times an enemy's loss. */
const FRIENDLY_FIRE = 1.5;

/**
 * A template on `t` hits every fighter on the table whose base it covers (blast.ts): the takeouts of the
 * enemies under it less FRIENDLY_FIRE times those of the friends (the thrower too), per hit.
 */
export function templateWorth(s: SkState, f: SkFighter, weapon: string, t: SkFighter): number {
  const w = pieceOf(s.weapons, weapon, 'weapon');
  const reach = (w.templateRadius ?? 0) + BASE_RADIUS;
  let worth = 0;
  for (const c of Object.values(s.fighters)) {
    if (c.wounds.condition === 'dead' || Math.hypot(c.pos[0] - t.pos[0], c.pos[2] - t.pos[2]) > reach) continue;
    if (c.wounds.condition !== 'active' && c.side !== f.side) continue;
    const loss = takeout(perHit(w, c.stats), c);
    worth += c.side === f.side ? -FRIENDLY_FIRE * loss : loss;
  }
  return worth;
}

/** The farthest its usable guns reach (0: none). */
export const reachOf = (s: SkState, f: SkFighter): number =>
  Math.max(0, ...gunsOf(s, f).map((w) => weaponReach(pieceOf(s.weapons, w, 'weapon'), f.stats.strength)));

/** Threats are weighed with the lines of sight of this many nearest enemies (the rest: ASSUMED_HIDDEN). */
export const SIGHTED = 3;
/** The share of a fighter an enemy beyond the nearest SIGHTED is taken not to see. */
const ASSUMED_HIDDEN = 0.3;

/** The enemies of `f`, standing, in id order. */
export const enemiesOf = (s: SkState, f: SkFighter): SkFighter[] => standing(s, f.side === 'A' ? 'B' : 'A');

/** One decision's view of the table: the state, the queries and the facts read so far. */
export class Look {
  private readonly facts = new Map<string, Facts>();
  constructor(
    readonly s: SkState,
    /** The view of the table for `s`. */
    readonly q: Queries,
  ) {}

  /** The state with `f` at `pos` facing `facing` after moving `moved`, and the view of the table for it. */
  private place(f: SkFighter, pos: readonly number[], facing: number, moved: MoveKind): { s: SkState; q: Queries } {
    const g: SkFighter = { ...f, pos: [pos[0]!, pos[1]!, pos[2]!], facing, lastMove: moved };
    const s = setFighter(this.s, g);
    const same = pos[0] === f.pos[0] && pos[1] === f.pos[1] && pos[2] === f.pos[2];
    return { s, q: same ? this.q : this.q.at(layoutOf(s)) };
  }

  /**
   * The facts for `f` ending at `pos` facing `facing`, having moved `moved` ('none': it stays); `moving`:
   * this is a move action (reserved enemies may fire at it); `attacks`: it may still take its attack.
   */
  at(f: SkFighter, pos: readonly number[], facing: number, moved: MoveKind, moving: boolean, attacks: boolean): Facts {
    const key = `${f.id}|${pos.join(',')}|${facing}|${moved}|${moving}|${attacks}`;
    let x = this.facts.get(key);
    if (!x) {
      x = this.read(f, pos, facing, moved, moving, attacks);
      this.facts.set(key, x);
    }
    return x;
  }

  private read(
    f0: SkFighter,
    pos: readonly number[],
    facing: number,
    moved: MoveKind,
    moving: boolean,
    attacks: boolean,
  ): Facts {
    const { s, q } = this.place(f0, pos, facing, moved);
    const f = pieceOf(s.fighters, f0.id, 'fighter');
    const foes = enemiesOf(s, f);
    let threat = 0,
      ambush = 0,
      behind = 0,
      near = Infinity;
    const dist = new Map<string, number>();
    for (const e of foes) dist.set(e.id, q.distance(e.id, f.id));
    // Lines of sight are drawn from the nearest SIGHTED enemies; the farther ones are taken as partly hidden.
    const sighted = new Set(
      [...foes]
        .sort((a, b) => dist.get(a.id)! - dist.get(b.id)! || a.id.localeCompare(b.id))
        .slice(0, SIGHTED)
        .map((e) => e.id),
    );
    let next = 0;
    const guns = gunsOf(s, f);
    for (const e of foes) {
      const d = dist.get(e.id)!;
      near = Math.min(near, d);
      if (sighted.has(e.id) && !e.hidden) next = Math.max(next, nextShot(s, q, f, guns, e, d));
      const t = threatOf(s, q, e, f, d, !sighted.has(e.id));
      threat += t.threat;
      if (moving) ambush = Math.max(ambush, t.ambush);
      if (t.threat > 0 && !inFrontArc(pos, facing, e.pos, BASE_RADIUS)) behind += t.threat;
    }
    const shots = new Map<string, ShotWorth>();
    let bestShot = 0,
      reserve = 0,
      charge = 0;
    const foe = moving && attacks ? contacts(s, f)[0] : undefined;
    if (foe) charge = strikeValue(s, f, foe);
    else if (attacks && (moved === 'none' || moved === 'move')) {
      for (const w of [...gunsOf(s, f), ...templatesOf(s, f)]) {
        const template = hasTrait(pieceOf(s.weapons, w, 'weapon'), 'template');
        const reach = weaponReach(pieceOf(s.weapons, w, 'weapon'), f.stats.strength);
        for (const e of foes) {
          const d = dist.get(e.id)!;
          // Arc and range first: no line of sight is drawn for a target it could not shoot anyway.
          if (d <= reach && inFrontArc(pos, facing, e.pos, BASE_RADIUS)) {
            const plan = planShot(s, q, f, w, e.id, moved);
            if (!isError(plan)) {
              const v = volleyValue(s, f, w, pieceOf(f.arms, w, 'weapon'), e, {
                hiddenShare: plan.hiddenShare,
                targetSprinted: e.lastMove === 'sprint',
              });
              // A template's hit is worth everyone it covers; a miss scatters (not weighed).
              const value = template ? v.chance * templateWorth(s, f, w, e) : v.value;
              const worth = { chance: v.chance, value: value * (e.activated ? 1 : BEFORE_IT_ACTS) };
              shots.set(`${w}|${e.id}`, worth);
              bestShot = Math.max(bestShot, worth.value);
            }
          }
          // A reserved action: an enemy within reach of it after one move, in (or near) its front arc.
          const move = allowanceOf(e, 'move');
          if (!template && d <= reach + move && inFrontArc(pos, facing, e.pos, BASE_RADIUS + move / 2)) {
            const v = volleyValue(s, f, w, pieceOf(f.arms, w, 'weapon'), e, { hiddenShare: 0, reserved: true });
            reserve = Math.max(reserve, v.value * RESERVE_ODDS * laterShare(s, e));
          }
        }
      }
    }
    return { threat, ambush, behind, near, shots, bestShot, reserve, charge, next };
  }

  /** What clearing the jam of `weapon` is worth to `f` where it stands: the chance times the weapon's use. */
  clearWorth(f: SkFighter, weapon: string): number {
    const reach = weaponReach(pieceOf(this.s.weapons, weapon, 'weapon'), f.stats.strength);
    let use = 0;
    for (const e of enemiesOf(this.s, f)) {
      const d = Math.hypot(e.pos[0] - f.pos[0], e.pos[2] - f.pos[2]);
      if (d > reach + allowanceOf(f, 'move') + allowanceOf(e, 'move')) continue;
      const v = volleyValue(this.s, f, weapon, { jammed: false, ammo: pieceOf(f.arms, weapon, 'weapon').ammo }, e, {
        hiddenShare: 0,
      });
      use = Math.max(use, v.value);
    }
    return clearChance(f.stats.technician) * RESERVE_ODDS * use;
  }
}

/** The best volley `f` could fire at `e` (`d` inches off) from where it stands, with the share of `e` it sees: 0 out of reach or sight. */
function nextShot(s: SkState, q: Queries, f: SkFighter, guns: readonly string[], e: SkFighter, d: number): number {
  const inReach = guns.filter((w) => d <= weaponReach(pieceOf(s.weapons, w, 'weapon'), f.stats.strength));
  if (!inReach.length) return 0;
  const sight = q.sight(f.id, e.id);
  if (!sight.hasLos) return 0;
  const hiddenShare = Math.min(1, Math.max(0, 1 - sight.visibleFraction));
  let best = 0;
  for (const w of inReach)
    best = Math.max(best, volleyValue(s, f, w, pieceOf(f.arms, w, 'weapon'), e, { hiddenShare }).value);
  return best;
}

/**
 * How much enemy `e` threatens `f` (the view with it where it would stand, `d` inches apart) before `f` acts
 * again: its best shot at the share of `f` it sees (less when it must move first or cannot see), or its
 * charge, less for an enemy that has activated this round; and, when `e` holds a reserved action with
 * `f` in its arc, range and sight, the reserved shot a move there opens.
 */
function threatOf(
  s: SkState,
  q: Queries,
  e: SkFighter,
  f: SkFighter,
  d: number,
  assumed = false,
): { threat: number; ambush: number } {
  const move = allowanceOf(e, 'move');
  let shot = 0,
    ambush = 0;
  const guns = gunsOf(s, e).filter((w) => d <= weaponReach(pieceOf(s.weapons, w, 'weapon'), e.stats.strength) + move);
  if (guns.length) {
    const sight = assumed ? { hasLos: true, visibleFraction: 1 - ASSUMED_HIDDEN } : q.sight(e.id, f.id);
    const hiddenShare = sight.hasLos ? Math.min(1, Math.max(0, 1 - sight.visibleFraction)) : 0.8;
    const sprinted = f.lastMove === 'sprint';
    for (const w of guns) {
      const inReach = d <= weaponReach(pieceOf(s.weapons, w, 'weapon'), e.stats.strength);
      const v = volleyValue(s, e, w, pieceOf(e.arms, w, 'weapon'), f, { hiddenShare, targetSprinted: sprinted }).value;
      shot = Math.max(shot, v * (inReach ? 1 : MOVE_FIRST) * (sight.hasLos ? 1 : UNSEEN));
      if (e.reserved && inReach && sight.hasLos && inFrontArc(e.pos, e.facing, f.pos, BASE_RADIUS))
        ambush = Math.max(
          ambush,
          volleyValue(s, e, w, pieceOf(e.arms, w, 'weapon'), f, {
            hiddenShare,
            reserved: true,
            targetSprinted: sprinted,
          }).value,
        );
    }
  }
  // In base contact it strikes (or fires a pistol) for sure; within a sprint it may charge.
  const blow = d <= CONTACT ? strikeValue(s, e, f) : d <= allowanceOf(e, 'sprint') ? CHARGE * strikeValue(s, e, f) : 0;
  // A pinned enemy only falls back in its next activation; a reserved one may still fire as its window opens.
  const later = e.pinned ? 0 : e.reserved ? Math.max(LATER, laterShare(s, e)) : laterShare(s, e);
  return { threat: Math.max(SHARED_FIRE * shot, blow) * later, ambush };
}

/**
 * How much of what enemy `e` may do counts now: all of it before it activates; LATER once it has (it acts
 * next round); nothing once it has in the last round, when no round follows.
 */
export function laterShare(s: SkState, e: SkFighter): number {
  if (!e.activated) return 1;
  return s.round >= s.maxRounds ? 0 : LATER;
}
