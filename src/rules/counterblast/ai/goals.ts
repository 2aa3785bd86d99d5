/**
 * Where a Counterblast bot's model is headed: an objective its crew does not hold, holding the one it
 * stands on, or the nearest enemy; and the spot a Rush takes in the lookahead's playouts (the one
 * nearest that goal, so a Rush is weighed for where it would carry the model).
 */
import type { Move } from '../../engine/match';
import { pieceOf } from '../../engine/kit';
import type { CbAction, CbState } from '../engine';
import { onTable, OBJECTIVE_RANGE, type CbModel } from '../game';
import { objectiveHolders } from '../scoring';

type CbMove = Move<CbAction>;
const dist = (a: readonly number[], x: number, z: number) => Math.hypot(a[0]! - x, a[2]! - z);

/** Where a model should go: 'hold' on an objective its crew holds (or would hold with it), an objective it does not hold, or null (none, or Panicked): the enemy. */
export function objectiveGoal(s: CbState, m: CbModel): 'hold' | [number, number] | null {
  if (m.panicked) return null;
  const held = objectiveHolders(s);
  const near = (o: { x: number; z: number }) => dist(m.pos!, o.x, o.z);
  const on = s.mission.objectives.find((o) => near(o) <= OBJECTIVE_RANGE);
  if (on) return 'hold';
  // The nearest objective not held, preferring ones no friend is walking to (fewer friends nearer than this model).
  const friendsNearer = (o: { x: number; z: number }) =>
    Object.values(s.models).filter(
      (f) => f.player === m.player && f.id !== m.id && onTable(f) && !f.down && dist(f.pos!, o.x, o.z) < near(o),
    ).length;
  const open = s.mission.objectives
    .filter((o) => held[o.id] !== m.player)
    .sort((a, b) => near(a) + 12 * friendsNearer(a) - (near(b) + 12 * friendsNearer(b)))[0];
  return open ? [open.x, open.z] : null;
}

/** The nearest standing enemy's spot (x, z), or null. */
export function nearestEnemyPos(s: CbState, me: CbModel): [number, number] | null {
  let best: [number, number] | null = null,
    d = Infinity;
  for (const e of Object.values(s.models))
    if (e.player !== me.player && onTable(e) && !e.down) {
      const k = dist(me.pos!, e.pos![0], e.pos![2]);
      if (k < d) [best, d] = [[e.pos![0], e.pos![2]], k];
    }
  return best;
}

/** A Rush's spot for the playout: the one nearest the model's goal (an objective, else the nearest enemy). */
export function rushSpot(s: CbState, moves: readonly CbMove[]): CbMove | null {
  const spots = moves.filter((mv): mv is Extract<CbAction, { type: 'rush-move' }> => mv.type === 'rush-move');
  const id = s.activation?.rush?.model;
  if (!spots.length || !id) return spots[0] ?? null;
  const me = pieceOf(s.models, id);
  const goal = objectiveGoal(s, me);
  const to = goal === 'hold' ? [me.pos![0], me.pos![2]] : (goal ?? nearestEnemyPos(s, me));
  if (!to) return spots[0]!;
  return [...spots].sort((x, y) => Math.hypot(x.x - to[0]!, x.z - to[1]!) - Math.hypot(y.x - to[0]!, y.z - to[1]!))[0]!;
}
