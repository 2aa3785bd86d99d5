/**
 * What the rpg-attacks bot sees of a spot: the view of the table with the character standing there (its
 * sight facts memoised by the table's view), the best attack it could make from there at the nearest
 * enemies, and the danger it stands in from them. Attacks are planned by the rules (`planFor`: range
 * bands, cover and concealment from `obstructions` of the sight facts, engagement, wounds) and valued by
 * odds.ts. Only the `NEAREST` enemies are weighed, for speed.
 */
import type { Queries } from '../../engine/queries';
import { planAttack } from '../attack';
import type { Vec3 } from '../area';
import { attackReasons, planFor } from '../fight';
import { ENGAGED_WITHIN, flatGap, layoutOf, setChar, standing, type RpgChar, type RpgState } from '../game';
import { rangeBand } from '../data';
import { inZone } from '../suppression';
import { coverOf, fireLine } from '../game';
import { attackOdds, suppressionChance, takeout } from './odds';
import { pieceOf } from '../../engine/kit';

/** How many enemies (nearest first) are weighed for a spot's attacks and danger. */
export const NEAREST = 3;
/** Each enemy's best attack on the character counts this much against a spot (not all of them will fire at it). */
export const THREAT = 0.5;
/** Each inch beyond the character's reach (its best weapon's range without banes) from the nearest enemy costs this. */
export const APPROACH = 0.01;
/**
 * The same for a character whose only reach is a close-combat weapon: it fights only in base contact, so
 * each inch between it and the fight costs ten times as much (a maul-bearer closes in rather than hides).
 */
export const CLOSE_APPROACH = 0.1;

/** The enemies of `c`, standing, nearest first (ties by id). */
export function enemiesOf(s: RpgState, c: RpgChar, at: Vec3 = c.pos): RpgChar[] {
  return standing(s, c.side === 'A' ? 'B' : 'A')
    .map((e) => ({ e, d: flatGap(at, e.pos) }))
    .sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id))
    .map((x) => x.e);
}

/** How far `c` wants to be from an enemy: its longest range without banes of a weapon it can use (melee: 1"). */
export function reachOf(s: RpgState, c: RpgChar): number {
  let r = ENGAGED_WITHIN;
  for (const id of c.weapons) {
    const w = pieceOf(s.weapons, id, 'weapon');
    if (w.grenade || (c.ammo[id] !== undefined && c.ammo[id] < 1)) continue;
    const clean = w.ranges.filter((b) => b.banes === 0).pop();
    if (clean) r = Math.max(r, clean.upTo);
  }
  return r;
}

/** A spot's facts: the best attack from there, the danger there, and the cost of being far from the fight (in APPROACH inches). */
export interface Facts {
  attack: number;
  danger: number;
  approach: number;
}

/** What the bot sees of the table: the state, the view of it, and the facts of the spots it weighed. */
export class Look {
  private readonly facts = new Map<string, Facts>();

  constructor(
    readonly s: RpgState,
    /** The view of the table for `s`. */
    readonly q: Queries,
  ) {}

  /** The state with `c` at `pos` (standing up when `up`), and the view of the table for it. */
  place(c: RpgChar, pos: Vec3, up = false): { s: RpgState; q: Queries } {
    if (pos === c.pos && !up) return { s: this.s, q: this.q };
    const moved = setChar(this.s, { ...c, pos, condition: up ? { ...c.condition, prone: false } : c.condition });
    return { s: moved, q: this.q.at(layoutOf(moved)) };
  }

  /** The facts of `c` standing at `pos`. */
  at(c: RpgChar, pos: Vec3, up = false): Facts {
    const key = `${c.id}|${pos.join(',')}|${up}`;
    let f = this.facts.get(key);
    if (f) return f;
    const { s, q } = this.place(c, pos, up);
    const me = pieceOf(s.chars, c.id, 'character');
    const foes = enemiesOf(s, me).slice(0, NEAREST);
    let attack = 0,
      danger = 0;
    for (const e of foes) {
      attack = bestAttack(s, q, me, e, attack);
      danger += threatOf(s, q, e, me);
    }
    for (const z of s.zones) {
      const shooter = s.chars[z.shooterId];
      if (!shooter || shooter.side === c.side || !inZone(z, pos)) continue;
      const f = fireLine(q, shooter.id, c.id);
      // The zone stops at what blocks the shooter's line of fire.
      if (!f.hasLos) continue;
      const cover = coverOf(f.hidden.terrain);
      danger += suppressionChance(z.auto, z.damage, cover, c.stats.armour) * takeout(me, 1, 0);
    }
    const gap = foes[0] ? flatGap(pos, foes[0].pos) : 0;
    const reach = reachOf(s, me);
    const approach = Math.max(0, gap - reach) * (reach <= ENGAGED_WITHIN ? CLOSE_APPROACH / APPROACH : 1);
    f = { attack, danger, approach };
    this.facts.set(key, f);
    return f;
  }
}

/** The worth of ending a turn with these facts (the attack is counted by the caller when it is made). */
export const standingWorth = (f: Facts): number => -THREAT * f.danger - APPROACH * f.approach;

/**
 * The best attack (single or automatic) `c` can make at `t` now, by expected takeout, or `floor` when none
 * beats it. `q` is the view of `s`. An attack is planned by the rules (and the table asked for sight) only
 * when its bound beats the best so far: the same plan without cover, concealment or engagement, at the flat
 * gap (at most the table's distance), which is never worth less.
 */
export function bestAttack(s: RpgState, q: Queries, c: RpgChar, t: RpgChar, floor = 0): number {
  let best = floor;
  const gap = flatGap(c.pos, t.pos);
  for (const w of c.weapons) {
    const weapon = pieceOf(s.weapons, w, 'weapon');
    if (weapon.grenade || !rangeBand(weapon, gap)) continue;
    for (const auto of weapon.auto > 0 ? [false, true] : [false]) {
      const bound = planAttack(c.stats, weapon, t.stats, {
        distance: gap,
        auto,
        ...(c.ammo[w] !== undefined ? { roundsLeft: c.ammo[w] } : {}),
        extra: attackReasons(c, t, weapon),
      });
      if (!bound.ok || attackOdds(bound.value, weapon, t).value <= best + 1e-12) continue;
      const p = planFor(s, q, c, w, t.id, auto);
      if (p.ok) best = Math.max(best, attackOdds(p.value.plan, weapon, t).value);
    }
  }
  return best;
}

/**
 * The danger `e` puts `c` in: its best ranged attack from where it stands (planned by the rules), or a
 * melee attack when it can reach `c` with a move (planned as if in contact).
 */
export function threatOf(s: RpgState, q: Queries, e: RpgChar, c: RpgChar): number {
  let best = 0;
  const gap = flatGap(e.pos, c.pos);
  for (const w of e.weapons) {
    const weapon = pieceOf(s.weapons, w, 'weapon');
    if (weapon.grenade) continue;
    if (weapon.skill === 'projectiles') {
      if (!rangeBand(weapon, gap)) continue;
      const p = planFor(s, q, e, w, c.id, weapon.auto > 0 && (e.ammo[w] ?? Infinity) >= weapon.auto);
      if (p.ok) best = Math.max(best, attackOdds(p.value.plan, weapon, c).value);
    } else if (gap <= e.stats.speed + ENGAGED_WITHIN) {
      const p = planAttack(e.stats, weapon, c.stats, { distance: 0, extra: attackReasons(e, c, weapon) });
      if (p.ok) best = Math.max(best, attackOdds(p.value, weapon, c).value);
    }
  }
  return best;
}
