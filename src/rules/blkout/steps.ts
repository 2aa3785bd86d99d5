/**
 * Small steps every phase of BLKOUT's apply uses: a model or a unit changed in the state, where a
 * model may stand, a model put at a new spot, a spot in base contact, a distance from an edge.
 */
import { msg, type Msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { MARKER_25MM_RADIUS } from '../engine/units';
import { spotWords, standWords } from '../engine/words';
import { shieldRefusal } from './situation';
import { gapWords, routeWords } from './say';
import { bearing, isDuster, radiusOf, type BlkoutState, type Edge, type ModelState, type UnitState } from './game';
import { pieceOf } from '../engine/kit';

/** The state with a model replaced. */
export function setModel(s: BlkoutState, m: ModelState): BlkoutState {
  return { ...s, models: { ...s.models, [m.id]: m } };
}

/** The state with a unit patched. */
export function setUnit(s: BlkoutState, id: string, patch: Partial<UnitState>): BlkoutState {
  return { ...s, units: { ...s.units, [id]: { ...pieceOf(s.units, id, 'unit'), ...patch } } };
}

/** A reaction model gets its Engaged token (a Ready token turns into it). */
export function engage(s: BlkoutState, id: string): BlkoutState {
  const m = pieceOf(s.models, id);
  return setModel(s, { ...m, engaged: true, ready: false });
}

/** Distance of a point from a table edge (north is z = 0, drawn far from the player; south z = depth, nearest). */
export function fromEdge(s: BlkoutState, edge: Edge, x: number, z: number): number {
  switch (edge) {
    case 'north':
      return z;
    case 'south':
      return s.table.depth - z;
    case 'west':
      return x;
    case 'east':
      return s.table.width - x;
  }
}

/** Where a model may stand at (x, z) near height y, or an error message. */
export function standAt(s: BlkoutState, q: Queries, m: ModelState, x: number, y: number, z: number): number | Msg {
  if (![x, y, z].every(Number.isFinite)) return msg('blkout:error.notANumber');
  const h = q.standHeight(m.baseMm, m.height, x, z, y + 0.25, m.id);
  if (h === null)
    return msg('blkout:error.cannotStand', {
      name: m.name,
      spot: spotWords(s.table, x, z),
      why: standWords(q.standProblem(m.baseMm, m.height, x, z, y + 0.25, m.id), (id) => s.models[id]?.name ?? id),
    });
  return shieldRefusal(s, m, [x, h, z]) ?? h;
}

/**
 * A model put at a new spot (its lean-out marker comes off). A Duster turns freely: it faces
 * `facingDeg` when given, else the way it went (or keeps its facing when it did not move).
 */
export function placed(m: ModelState, to: [number, number, number], facingDeg?: number): ModelState {
  const next: ModelState = { ...m, pos: to, leanOut: null };
  if (!isDuster(m)) return next;
  const went = m.pos && Math.hypot(to[0] - m.pos[0], to[2] - m.pos[2]) > 0.01 ? bearing(m.pos, to) : m.facing;
  const facing = facingDeg !== undefined && Number.isFinite(facingDeg) ? ((facingDeg % 360) + 360) % 360 : went;
  return facing === undefined ? next : { ...next, facing };
}

/** A spot in base contact with the target on the shooter's side, if there is room. */
export function contactSpot(q: Queries, m: ModelState, t: ModelState): [number, number, number] | null {
  const [tx, ty, tz] = t.pos!;
  const [mx, , mz] = m.pos!;
  const base = Math.atan2(mz - tz, mx - tx);
  const d = radiusOf(m) + radiusOf(t) + 0.01;
  for (let k = 0; k < 12; k++) {
    const ang = base + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 6);
    const x = tx + Math.cos(ang) * d,
      z = tz + Math.sin(ang) * d;
    const h = q.standHeight(m.baseMm, m.height, x, z, ty + 0.25, m.id);
    if (h !== null) return [x, h, z];
  }
  return null;
}

/** "no cover", "partial cover", "full cover" for the log. */
export const coverWords = (c: 'none' | 'partial' | 'full'): Msg =>
  c === 'none' ? msg('blkout:cover.none') : c === 'partial' ? msg('blkout:cover.partial') : msg('blkout:cover.full');

/** Where a short measured move (a drill's 2", a Switchback) ends, or why not; `what` names it in the refusal. */
export function shortMove(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  at: { x: number; y: number; z: number },
  reach: number,
  what: Msg,
): { to: [number, number, number]; length: number } | RuleError {
  const h = standAt(s, q, m, at.x, at.y, at.z);
  if (typeof h !== 'number') return ruleError('illegal-action', h);
  const to: [number, number, number] = [at.x, h, at.z];
  const length = q.routeLength(m.id, to);
  if (!(length <= reach + 1e-6))
    return ruleError(
      'out-of-range',
      msg('blkout:error.shortMove', { what, reach: gapWords(reach), route: routeWords(length) }),
    );
  return { to, length };
}

/**
 * Lean-out marker spots touching the base of `m` standing at `at` (default: where it stands), in
 * eight directions, where a 25 mm marker has room (the spots offered; any spot beside the base is
 * accepted). `q` is a view of a table where `m` is the only model that may have moved.
 */
export function leanSpots(q: Queries, m: ModelState, at: readonly number[] | null = m.pos): [number, number, number][] {
  if (!at) return [];
  const out: [number, number, number][] = [];
  const d = radiusOf(m) + MARKER_25MM_RADIUS + 0.02;
  for (let k = 0; k < 8; k++) {
    const a = (2 * Math.PI * k) / 8;
    const x = Math.round((at[0]! + Math.cos(a) * d) * 1000) / 1000,
      z = Math.round((at[2]! + Math.sin(a) * d) * 1000) / 1000;
    const h = q.standHeight(25, m.height, x, z, at[1]! + 0.25, m.id);
    if (h !== null) out.push([x, h, z]);
  }
  return out;
}
