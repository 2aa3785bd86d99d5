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
import { objectiveEdge, type MissionId } from './missions';
import { msg, type Msg } from '../engine/message';
import { edgeName, fixed1, inch1 } from './say';
import { pieceOf } from '../engine/kit';

const MISSION_NAME_IDS = {
  'fight-off': 'fiveparsecs:mission.fight-off',
  acquire: 'fiveparsecs:mission.acquire',
  'move-through': 'fiveparsecs:mission.move-through',
} as const satisfies Record<MissionId, string>;

/** A mission's name (Fight Off, Acquire, Move Through). */
export const missionName = (id: MissionId): Msg => msg(MISSION_NAME_IDS[id]);

const nameOf = (s: FpState, id: string): string => s.figures[id]?.name ?? id;

/** The objective in a line: what it is and where it stands; null for Fight Off (no objective). */
export function objectiveWords(s: FpState): Msg | null {
  const m = s.mission;
  const won = m.wonRound !== null ? msg('fiveparsecs:objective.won', { round: m.wonRound }) : '';
  if (m.item) {
    const where = m.item.off
      ? msg('fiveparsecs:objective.itemOff', { name: nameOf(s, m.item.carrier ?? ''), edge: edgeName(m.item.off) })
      : m.item.carrier
        ? msg('fiveparsecs:objective.itemCarried', { name: nameOf(s, m.item.carrier) })
        : msg('fiveparsecs:objective.itemLies', { x: fixed1(m.item.pos![0]), z: fixed1(m.item.pos![2]) });
    return msg('fiveparsecs:objective.acquire', { where, won });
  }
  if (m.id === 'move-through')
    return msg('fiveparsecs:objective.through', { n: m.exits.north.length, need: m.need, won });
  return null;
}

/** A `leave` button: the figure, the edge, the inches, and what it does for the objective. */
export function leaveWords(s: FpState, q: Queries, a: Extract<FpAction, { type: 'leave' }>): Msg {
  const f = pieceOf(s.figures, a.figure, 'figure');
  const d = leaveDistance(s, q, f, a.edge);
  const carrying = s.mission.item?.carrier === f.id && s.mission.item.off === null;
  const why =
    carrying && a.edge === 'south'
      ? msg('fiveparsecs:leave.home')
      : carrying
        ? msg('fiveparsecs:leave.away')
        : objectiveEdge(s.mission) === a.edge && s.mission.id === 'move-through'
          ? msg('fiveparsecs:leave.through')
          : '';
  return msg('fiveparsecs:choice.leave', {
    name: f.name,
    edge: edgeName(a.edge),
    distance: Number.isFinite(d) ? inch1(d) : msg('fiveparsecs:leave.noWay'),
    why,
  });
}

/** What a Move does for the objective: ", picking up the item" when a crew figure's Move ends within reach of it. */
export function moveNote(s: FpState, a: Extract<FpAction, { type: 'move' }>): Msg | '' {
  const item = s.mission.item;
  const f = s.figures[a.figure];
  if (!item?.pos || item.carrier !== null || f?.side !== 'A') return '';
  return inPickUpReach([a.x, a.y, a.z], item.pos) ? msg('fiveparsecs:move.pickUp') : '';
}

/** Acquire's item on the table: an objective marker where it lies, a token beside its carrier. */
export function itemMarkers(s: FpState): TableMarker[] {
  const item = s.mission.item;
  if (!item || item.off) return [];
  if (item.pos)
    return [{ id: 'item', kind: 'objective', label: msg('fiveparsecs:marker.item'), at: [...item.pos], side: null }];
  const c = item.carrier ? s.figures[item.carrier] : undefined;
  return c ? [{ id: 'item', kind: 'token', label: msg('fiveparsecs:marker.item'), at: [...c.pos], side: 'A' }] : [];
}
