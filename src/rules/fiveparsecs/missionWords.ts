/**
 * The missions in the app's words: the objective's state in a line (for the phase line and the
 * score board), a `leave` button ("Jax Orrin: leave the table by the south edge (2.9")"), and the
 * item's marker on the table (where it lies, or beside its carrier).
 */
import type { Queries } from '../engine/queries';
import type { TableMarker } from '../engine/types';
import type { FpAction } from './actions';
import type { FpState } from './game';
import { inPickUpReach, leaveDistance } from './mission';
import { objectiveEdge } from './missions';

const nameOf = (s: FpState, id: string): string => s.figures[id]?.name ?? id;

/** The objective in a line: what it is and where it stands; null for Fight Off (no objective). */
export function objectiveWords(s: FpState): string | null {
  const m = s.mission;
  const won = m.wonRound !== null ? ` — objective won in round ${m.wonRound}` : '';
  if (m.item) {
    const where = m.item.off
      ? `${nameOf(s, m.item.carrier ?? '')} took the item off the ${m.item.off} edge`
      : m.item.carrier
        ? `${nameOf(s, m.item.carrier)} carries the item to the south edge`
        : `the item lies at (${m.item.pos![0].toFixed(1)}, ${m.item.pos![2].toFixed(1)})`;
    return `Acquire: ${where}${won}`;
  }
  if (m.id === 'move-through') return `Move Through: ${m.exits.north.length}/${m.need} off the north edge${won}`;
  return null;
}

/** A `leave` button: the figure, the edge, the inches, and what it does for the objective. */
export function leaveWords(s: FpState, q: Queries, a: Extract<FpAction, { type: 'leave' }>): string {
  const f = s.figures[a.figure]!;
  const d = leaveDistance(s, q, f, a.edge);
  const carrying = s.mission.item?.carrier === f.id && s.mission.item.off === null;
  const why =
    carrying && a.edge === 'south'
      ? ', carrying the item home'
      : carrying
        ? ', taking the item away (the objective is lost)'
        : objectiveEdge(s.mission) === a.edge && s.mission.id === 'move-through'
          ? ', through to the far side'
          : '';
  return `${f.name}: leave the table by the ${a.edge} edge (${Number.isFinite(d) ? `${d.toFixed(1)}"` : 'no way'}${why})`;
}

/** What a Move does for the objective: ", picking up the item" when a crew figure's Move ends within reach of it. */
export function moveNote(s: FpState, a: Extract<FpAction, { type: 'move' }>): string {
  const item = s.mission.item;
  const f = s.figures[a.figure];
  if (!item?.pos || item.carrier !== null || f?.side !== 'A') return '';
  return inPickUpReach([a.x, a.y, a.z], item.pos) ? ', picking up the item' : '';
}

/** Acquire's item on the table: an objective marker where it lies, a token beside its carrier. */
export function itemMarkers(s: FpState): TableMarker[] {
  const item = s.mission.item;
  if (!item || item.off) return [];
  if (item.pos) return [{ id: 'item', kind: 'objective', label: 'Item', at: [...item.pos], side: null }];
  const c = item.carrier ? s.figures[item.carrier] : undefined;
  return c ? [{ id: 'item', kind: 'token', label: 'Item', at: [...c.pos], side: 'A' }] : [];
}
