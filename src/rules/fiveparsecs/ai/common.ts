/**
 * What both Five Parsecs bots read from the table: the facts at a spot a figure could move to (cover
 * from the ruleset's `isCovered`, distances, the best number to hit), the odds of a shot and of a
 * Brawl, and a deterministic tie-break. A spot is judged on the view of the table with the figure
 * moved there (views are immutable: the state's own view is left as it is).
 */
import type { Queries, Table } from '../../engine/queries';
import type { FpAction } from '../engine';
import { brawlBonus } from '../brawl';
import { brawlWeapon } from '../combat';
import { isCovered } from '../cover';
import { layoutOf, standing, type FpFigure, type FpState } from '../game';
import { CLOSE_RANGE, shotChance, toHitTarget, traitHitModifier } from '../shooting';
import { pieceOf } from '../../engine/kit';
import { sightOf } from '../sight';

export type MoveAction = Extract<FpAction, { type: 'move' }>;
export type ShootAction = Extract<FpAction, { type: 'shoot' }>;
export type BrawlAction = Extract<FpAction, { type: 'brawl' }>;

/** What a figure would have at a spot. */
export interface SpotFacts {
  pos: [number, number, number];
  /** No enemy sees it there uncovered (cover from `isCovered`, as the enemy would fire). */
  covered: boolean;
  /** Edge-to-edge distance to the nearest enemy (Infinity: none). */
  nearest: number;
  nearestId: string | null;
  /** Whether it could see any enemy from there. */
  seesAny: boolean;
  /** The lowest number it would need to hit any enemy it sees in range (Infinity: no shot). */
  bestHit: number;
  /** Distances to each friend on the table. */
  friends: Record<string, number>;
}

/** The view of the table with one figure moved (the others where they stand). */
function viewWith(s: FpState, table: Table, id: string, pos: readonly number[]): Queries {
  const layout = layoutOf(s);
  layout.models[id] = { ...pieceOf(layout.models, id), position: [pos[0]!, pos[1]!, pos[2]!] };
  return table.at(layout);
}

/** The number `f` needs to hit `e` with weapon `w` (base number less traits), or Infinity when it cannot. */
function hitNumber(s: FpState, q: Queries, f: FpFigure, e: FpFigure, w: string, moved: boolean): number {
  // A weapon that cannot fire at that distance first: no line of sight is drawn for it.
  const d = q.distance(f.id, e.id);
  if (!Number.isFinite(hitBound(s, f, w, d, moved))) return Infinity;
  const weapon = pieceOf(s.weapons, w, 'weapon');
  const sight = sightOf(q, f.id, e.id);
  if (!sight.hasLos || weapon.range === 'brawl') return Infinity;
  const t = toHitTarget(d, weapon.range, isCovered(q, f.id, e.id, sight, d));
  return t ? t.target - traitHitModifier(weapon.traits, moved, d) : Infinity;
}

/**
 * The lowest number `f` could need with weapon `w` at distance `d`, whatever the sight and cover (an
 * open target: 3 within 6", else 5, less the traits), or Infinity when the weapon cannot fire there:
 * an enemy whose bound is no better than the best found needs no line of sight drawn.
 */
function hitBound(s: FpState, f: FpFigure, w: string, d: number, moved: boolean): number {
  const weapon = pieceOf(s.weapons, w, 'weapon');
  if (weapon.range === 'brawl' || d > weapon.range) return Infinity;
  if (weapon.traits.includes('single-use') && f.spent.includes(w)) return Infinity;
  return (d <= CLOSE_RANGE ? 3 : 5) - traitHitModifier(weapon.traits, moved, d);
}

/** The facts at `pos` for `f` (asked of the view of the table with `f` there). */
export function factsAt(s: FpState, table: Table, f: FpFigure, pos: readonly number[], moved = true): SpotFacts {
  const q = viewWith(s, table, f.id, pos);
  const enemies = standing(s, f.side === 'A' ? 'B' : 'A').map((e) => ({ e, d: q.distance(f.id, e.id) }));
  let covered = true,
    nearest = Infinity,
    nearestId: string | null = null,
    bestHit = Infinity;
  for (const { e, d } of enemies)
    if (d < nearest || (d === nearest && nearestId !== null && e.id < nearestId)) [nearest, nearestId] = [d, e.id];
  // Nearest enemies first: the likeliest to see it in the open (the search stops at the first), and to give the best number.
  const byDistance = [...enemies].sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id));
  for (const { e, d } of byDistance) {
    const theirs = sightOf(q, e.id, f.id);
    if (theirs.hasLos && !isCovered(q, e.id, f.id, theirs, d)) {
      covered = false;
      break;
    }
  }
  // The best number to hit: no sight drawn where the bound cannot beat the best found.
  for (const { e, d } of byDistance)
    for (const w of f.weapons)
      if (hitBound(s, f, w, d, moved || f.moved) < bestHit)
        bestHit = Math.min(bestHit, hitNumber(s, q, f, e, w, moved || f.moved));
  const seesAny = byDistance.some(({ e }) => sightOf(q, f.id, e.id).hasLos);
  const friends: Record<string, number> = {};
  for (const g of standing(s, f.side)) if (g.id !== f.id) friends[g.id] = q.distance(f.id, g.id);
  return { pos: [pos[0]!, pos[1]!, pos[2]!], covered, nearest, nearestId, seesAny, bestHit, friends };
}

/**
 * The chance one die plus Combat Skill reaches `target` (natural 6 only while Seizing the Initiative; an
 * aimed shot's missing 1 rolled again: the rules' `shotChance`).
 */
export function hitChance(target: number, skill: number, seize = false, aimed = false): number {
  if (!Number.isFinite(target)) return 0;
  return shotChance({ skill, target, seize, aimed });
}

/** The number to hit for a legal shot, with the distance (`q`: the view of `s`). */
export function shotNumbers(s: FpState, q: Queries, a: ShootAction): { hit: number; distance: number } {
  const f = pieceOf(s.figures, a.figure, 'figure'),
    e = pieceOf(s.figures, a.target, 'figure');
  return { hit: hitNumber(s, q, f, e, a.weapon, f.moved), distance: q.distance(f.id, e.id) };
}

/** The chance `a` wins a Brawl against `b` outright, and the chance it loses (draws are the rest). */
export function brawlOdds(s: FpState, a: FpFigure, b: FpFigure): { win: number; lose: number } {
  const ta = a.combatSkill + brawlBonus(brawlWeapon(s, a).traits),
    tb = b.combatSkill + brawlBonus(brawlWeapon(s, b).traits);
  let win = 0,
    lose = 0;
  for (let x = 1; x <= 6; x++)
    for (let y = 1; y <= 6; y++) {
      if (x + ta > y + tb) win++;
      else if (x + ta < y + tb) lose++;
    }
  return { win: win / 36, lose: lose / 36 };
}

/** FNV-1a of a string: the bot's own "random" tie-break, read from the state, never Math.random. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The best of `items` by `score` (higher first); ties (within 1e-9) go to the lowest hash of
 * `salt` and the item's key, so ties fall "at random" yet the same state always picks the same.
 */
export function pickBest<T>(
  items: readonly T[],
  score: (x: T) => number,
  key: (x: T) => string,
  salt: string,
): T | null {
  let best: T | null = null,
    bestScore = -Infinity,
    bestHash = 0;
  for (const x of items) {
    const v = score(x);
    const h = hashOf(`${salt}|${key(x)}`);
    if (best === null || v > bestScore + 1e-9 || (Math.abs(v - bestScore) <= 1e-9 && h < bestHash))
      [best, bestScore, bestHash] = [x, v, h];
  }
  return best;
}

/** The key of an action for the tie-break. */
export const keyOf = (a: FpAction): string => JSON.stringify(a);

/** Plane distance between two spots. */
export const gap = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[2]! - b[2]!);
