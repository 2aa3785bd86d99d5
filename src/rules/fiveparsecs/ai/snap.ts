/**
 * The crew bot's Snap Fire (side A): in the Quick Actions phase it holds a figure that could not
 * shoot this activation anyway (no enemy within its Speed plus its longest weapon's range, or, with
 * no ranged weapon, its Speed plus the dash), or that stands in cover with no shot hitting half the
 * time, so it keeps the chance to fire at a moving enemy and still acts in the Slow Actions phase; in Snap Fire's window it fires the held shot with the most
 * expected Hits when a die hits at least half the time, else it passes. Deterministic: ties by the
 * hashed tie-break, no dice.
 */
import { runners } from './objective';
import type { Move } from '../../engine/match';
import type { Queries } from '../../engine/queries';
import type { FpAction, FpState } from '../engine';
import { DASH } from '../activation';
import { standing, type FpFigure } from '../game';
import { factsAt, hitChance, keyOf, pickBest, shotNumbers, type ShootAction } from './common';
import { pieceOf } from '../../engine/kit';

type SnapShot = Extract<FpAction, { type: 'snap-fire' }>;
type Hold = Extract<FpAction, { type: 'hold' }>;

/** A Snap Fire shot is taken only when one die hits at least this often. */
export const SNAP_ODDS = 0.5;

/** The chance one die of a Snap Fire shot hits (`q`: the view of `s`). */
export function snapChance(s: FpState, q: Queries, a: SnapShot): number {
  const f = pieceOf(s.figures, a.figure, 'figure');
  return hitChance(shotNumbers(s, q, { ...a, type: 'shoot' }).hit, f.combatSkill);
}

/** The answer in Snap Fire's window: the best held shot with good odds, else pass. */
export function snapAnswer(
  s: FpState,
  q: Queries,
  seed: string | number,
  moves: readonly Move<FpAction>[],
): Move<FpAction> {
  const shots = moves.filter((m): m is SnapShot => m.type === 'snap-fire' && snapChance(s, q, m) >= SNAP_ODDS);
  const best = pickBest(
    shots,
    (a) => (pieceOf(s.weapons, a.weapon, 'weapon').shots ?? 1) * snapChance(s, q, a),
    keyOf,
    `${seed}|snap`,
  );
  return best ?? { type: 'pass' };
}

/** Whether a figure could fire this activation at all: an enemy within its Speed plus its reach. */
function couldFireSoon(s: FpState, q: Queries, f: FpFigure): boolean {
  const ranges = f.weapons
    .map((w) => pieceOf(s.weapons, w, 'weapon'))
    .filter((w) => w.range !== 'brawl' && !(w.traits.includes('single-use') && f.spent.includes(w.id)))
    .map((w) => w.range as number);
  const reach = f.speed + (ranges.length ? Math.max(...ranges) : DASH);
  return standing(s, f.side === 'A' ? 'B' : 'A').some((e) => q.distance(f.id, e.id) <= reach);
}

/** The best chance one die of a figure's legal shots now hits (0: none). */
function bestShotNow(s: FpState, q: Queries, f: FpFigure, moves: readonly FpAction[]): number {
  const shots = moves.filter((m): m is ShootAction => m.type === 'shoot' && m.figure === f.id);
  return Math.max(0, ...shots.map((a) => hitChance(shotNumbers(s, q, a).hit, f.combatSkill)));
}

/**
 * A Quick figure to hold now, the first by id, never one of the mission's runners: one that could not fire this activation, or one in
 * cover whose best shot now hits less than half the time (it waits there for a mover), else null.
 */
export function holdChoice(s: FpState, q: Queries, moves: readonly FpAction[]): Hold | null {
  if (s.phase !== 'quick' || s.activation) return null;
  // The mission's runners never wait: they go for the item, home, or the far edge.
  const running = new Set(runners(s).map((f) => f.id));
  const holds = moves
    .filter((m): m is Hold => m.type === 'hold' && !running.has(m.figure))
    .sort((a, b) => a.figure.localeCompare(b.figure));
  return (
    holds.find((h) => {
      const f = pieceOf(s.figures, h.figure, 'figure');
      if (!couldFireSoon(s, q, f)) return true;
      return bestShotNow(s, q, f, moves) < SNAP_ODDS && factsAt(s, q, f, f.pos, false).covered;
    }) ?? null
  );
}
