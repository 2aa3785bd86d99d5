/**
 * A pinned fighter's walk (skirmish-ru.ru.txt, "Залегание": "при провале в свой ход должен двигаться в
 * сторону от противника к ближайшему укрытию"): away from the enemy, to the nearest cover.
 *
 * Reading: the enemy is the nearest standing enemy (centre to centre, ties by id). A spot is cover when,
 * with the fighter standing there, that enemy has no line of sight to it or it is at least 30 % hidden
 * from it (shooting.ts `coverOf`: cover or hidden). The candidates are the pinned fighter's sampled
 * moves (eight directions at full and half Movement, each a normal move that ends farther from the
 * nearest enemy: activation.ts `moveCheck`); the nearest cover is the shortest route among those in
 * cover. When one is reachable, the move must end in cover, by a route no longer than the nearest's
 * (another spot as near or nearer is accepted), and only the nearest are offered; when none is, the
 * fighter only moves away from the nearest enemy (as before). Each spot is measured on a layout with
 * the fighter moved there (a view of its own; the real state's view is left as it is).
 *
 * The play panel offers one of those moves as a button (`fallbackChoice`): the nearest cover, or, with no
 * cover in reach, the offered move that ends farthest from the nearest enemy. It is one of the moves
 * `fallbackMoves` lists (the legal list is unchanged), found by the same sampling that checks a move.
 */
import { msg, type Text } from '../engine/message';
import { inch2 } from './say';
import type { Queries } from '../engine/queries';
import { isError } from '../engine/types';
import { spotWords } from '../engine/words';
import type { ActionOf } from './actions';
import { activationOf, actorRefusal, moveCheck } from './activation';
import { layoutOf, setFighter, standing, type SkFighter, type SkState } from './game';
import { coverOf } from './shooting';

const DIRECTIONS = 8;
const round = (x: number) => Math.round(x * 1000) / 1000;

/** A candidate move and its route length. */
interface Spot {
  move: ActionOf<'move'>;
  length: number;
}

/** The nearest standing enemy of `f` (centre to centre, ties by id), if any. */
export function nearestEnemy(s: SkState, f: SkFighter): SkFighter | undefined {
  const d = (e: SkFighter) => Math.hypot(e.pos[0] - f.pos[0], e.pos[2] - f.pos[2]);
  return standing(s, f.side === 'A' ? 'B' : 'A').sort((a, b) => d(a) - d(b) || a.id.localeCompare(b.id))[0];
}

/** Whether `f` standing at `to` is in cover from `e` (asked of the view of the table with `f` moved there). */
function coverAt(s: SkState, q: Queries, f: SkFighter, e: SkFighter, to: [number, number, number]): boolean {
  const sight = q.at(layoutOf(setFighter(s, { ...f, pos: to }))).sight(e.id, f.id);
  return !sight.hasLos || coverOf(Math.min(1, Math.max(0, 1 - sight.visibleFraction))).cover !== 'none';
}

/** The pinned fighter's legal sampled moves (normal moves away from the nearest enemy); `q` is the view of `s`. */
function samples(s: SkState, q: Queries, f: SkFighter): Spot[] {
  const out: Spot[] = [];
  for (const d0 of [f.stats.movement, f.stats.movement / 2]) {
    const d = d0 - 0.05;
    for (let k = 0; k < DIRECTIONS; k++) {
      const ang = (2 * Math.PI * k) / DIRECTIONS;
      const x = round(f.pos[0] + Math.cos(ang) * d),
        z = round(f.pos[2] + Math.sin(ang) * d);
      const r = moveCheck(s, q, f, 'move', x, z, f.pos[1]);
      if (!isError(r))
        out.push({ move: { type: 'move', fighter: f.id, mode: 'move', x, y: r.y, z }, length: r.length });
    }
  }
  return out;
}

/** The sampled moves that end in cover from `e`, nearest first. */
function coverSpots(s: SkState, q: Queries, f: SkFighter, e: SkFighter, spots: readonly Spot[]): Spot[] {
  return spots.filter((p) => coverAt(s, q, f, e, [p.move.x, p.move.y, p.move.z])).sort((a, b) => a.length - b.length);
}

/** The sampled moves away, the nearest enemy, and the sampled moves in cover from it (nearest first). */
function offer(s: SkState, q: Queries, f: SkFighter): { spots: Spot[]; e: SkFighter | undefined; cover: Spot[] } {
  const spots = samples(s, q, f);
  const e = nearestEnemy(s, f);
  return { spots, e, cover: e ? coverSpots(s, q, f, e, spots) : [] };
}

/** A pinned fighter's moves on offer: the nearest cover spots when one is reachable, else every sampled move away. */
export function fallbackMoves(s: SkState, q: Queries, f: SkFighter): ActionOf<'move'>[] {
  const { spots, cover } = offer(s, q, f);
  if (!cover.length) return spots.map((p) => p.move);
  return cover.filter((p) => p.length <= cover[0]!.length + 1e-6).map((p) => p.move);
}

/** The fall-back the play panel offers as one button: the move, its route's length, whether it ends in cover, from whom. */
export interface Fallback {
  move: ActionOf<'move'>;
  length: number;
  cover: boolean;
  enemy: SkFighter | undefined;
}

/** The last answer of `fallbackChoice`, by state (the panel asks it for every move of one state). */
const chosen = new WeakMap<SkState, { q: Queries; fighter: string; choice: Fallback | null }>();

/**
 * The one fall-back the play panel offers a pinned fighter that has not moved (null otherwise, or when it
 * has no move to make): the nearest cover (the first of the nearest `fallbackMoves` lists), else the
 * listed move that ends farthest from the nearest enemy (centre to centre; the first of equals). `q` is
 * the view of `s`.
 */
export function fallbackChoice(s: SkState, q: Queries, f: SkFighter): Fallback | null {
  const memo = chosen.get(s);
  if (memo && memo.q === q && memo.fighter === f.id) return memo.choice;
  const a = activationOf(s, f);
  let choice: Fallback | null = null;
  if (a.pinned && a.moved === 'none' && !actorRefusal(s, f.id)) {
    const { spots, e, cover } = offer(s, q, f);
    if (cover.length) choice = { ...cover[0]!, cover: true, enemy: e };
    else if (spots.length) {
      const gap = (p: Spot) => (e ? Math.hypot(p.move.x - e.pos[0], p.move.z - e.pos[2]) : 0);
      const far = spots.reduce((best, p) => (gap(p) > gap(best) + 1e-9 ? p : best));
      choice = { ...far, cover: false, enemy: e };
    }
  }
  chosen.set(s, { q, fighter: f.id, choice });
  return choice;
}

/** Whether `move` is the fall-back the panel offers (`fallbackChoice`). */
export function isFallbackChoice(s: SkState, q: Queries, move: ActionOf<'move'>): boolean {
  const f = s.fighters[move.fighter];
  const c = f && fallbackChoice(s, q, f);
  return !!c && c.move.mode === move.mode && c.move.x === move.x && c.move.z === move.z && c.move.y === move.y;
}

/** Why a pinned fighter may not make this move (cover is reachable and the move does not end in the nearest), or null. */
export function fallbackRefusal(s: SkState, q: Queries, act: ActionOf<'move'>): Text | null {
  const f = s.fighters[act.fighter];
  if (!f || actorRefusal(s, act.fighter) || !activationOf(s, f).pinned || act.mode !== 'move') return null;
  const checked = moveCheck(s, q, f, act.mode, act.x, act.z, act.y);
  const e = nearestEnemy(s, f);
  if (isError(checked) || !e) return null;
  const cover = coverSpots(s, q, f, e, samples(s, q, f));
  if (!cover.length) return null;
  const best = cover[0]!;
  const at = msg('skirmish-ru:fallback.at', {
    distance: inch2(best.length),
    spot: spotWords(s.table, best.move.x, best.move.z),
  });
  const inCover = coverAt(s, q, f, e, [act.x, checked.y, act.z]);
  if (!inCover) return msg('skirmish-ru:refuse.fallback.cover', { name: f.name, enemy: e.name, at });
  if (checked.length > best.length + 1e-6)
    return msg('skirmish-ru:refuse.fallback.nearer', {
      name: f.name,
      distance: inch2(checked.length),
      enemy: e.name,
      at,
    });
  return null;
}

/**
 * «должен двигаться в сторону от противника к ближайшему укрытию»: a pinned fighter that has not moved must
 * move while a fall-back move exists; ending its activation without one is refused (null: allowed).
 */
export function standStillRefusal(s: SkState, q: Queries, fighter: string): Text | null {
  const f = s.fighters[fighter];
  if (!f || actorRefusal(s, fighter)) return null;
  const a = activationOf(s, f);
  if (!a.pinned || a.moved !== 'none' || !fallbackMoves(s, q, f).length) return null;
  return msg('skirmish-ru:refuse.fallback.standStill', { name: f.name });
}
