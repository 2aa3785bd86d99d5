/**
 * The missions on the table (README "Readings"): leaving the table (`leave`: a crew figure whose
 * dash reaches an edge walks off it, out with reason 'left', not a casualty), Acquire's item (picked
 * up by a crew figure ending a Move with its base edge within 1" of it; dropped where its carrier
 * stood when the carrier is taken out; carried off with its carrier) and each objective's win: the
 * carrier off by the crew's own (south) edge, or the second crew figure off by the far (north) edge.
 */
import { msg, type Msg } from '../engine/message';
import { edgeName, inch2, refuse } from './say';
import type { Queries } from '../engine/queries';
import { ruleError } from '../engine/types';
import { radiusInches } from '../engine/units';
import type { FpAction } from './actions';
import { actorRefusal, allowanceOf, finish } from './activation';
import { BASE_MM, FIGURE_HEIGHT, setFigure, type FpContext, type FpFigure, type FpState, type Handler } from './game';
import { EDGES, PICK_UP_REACH, type Edge, type FpMission } from './missions';
import { pieceOf } from '../engine/kit';

/** Route lengths this close to the allowance count as within it. */
const EPS = 1e-6;

/** Where a figure's base touches an edge straight ahead of it (x kept; a hair inside the table). */
export function edgeSpot(s: FpState, f: FpFigure, edge: Edge): [number, number, number] {
  const r = radiusInches(BASE_MM) + EPS;
  return [f.pos[0], 0, edge === 'north' ? r : s.table.depth - r];
}

/**
 * The inches a figure walks to leave by an edge: the table's route length (`routeLength`, terrain in
 * the way counted) to the spot straight ahead where its base touches that edge; Infinity when it
 * cannot stand there (another figure or terrain on that spot: it must step aside first).
 */
export function leaveDistance(s: FpState, q: Queries, f: FpFigure, edge: Edge, within?: number): number {
  const [x, , z] = edgeSpot(s, f, edge);
  const y = q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, f.pos[1] + 0.25, f.id);
  return y === null ? Infinity : q.routeLength(f.id, [x, y, z], within);
}

/** Why a figure may not leave by an edge before the table is asked (side, phase, already moved). */
export function leaveRefusal(s: FpState, f: FpFigure, edge: Edge): Msg | null {
  if (!EDGES.includes(edge)) return msg('fiveparsecs:refuse.noEdge', { edge: String(edge) });
  if (f.side !== 'A') return msg('fiveparsecs:refuse.leaveCrewOnly');
  if (s.phase === 'seized') return msg('fiveparsecs:refuse.seizedLeave');
  if (s.activation?.figure === f.id) return msg('fiveparsecs:refuse.leaveMoved', { name: f.name });
  return null;
}

/** The `leave` actions a figure has now: each edge its dash (Speed + 2") reaches. */
export function leaveOptions(s: FpState, q: Queries, f: FpFigure): FpAction[] {
  const allowance = allowanceOf(f, true);
  // A route is never shorter than the straight line: the table is asked only when that is within reach.
  const near = (edge: Edge) => Math.abs(edgeSpot(s, f, edge)[2] - f.pos[2]) <= allowance + EPS;
  return EDGES.filter(
    (edge) =>
      !leaveRefusal(s, f, edge) && near(edge) && leaveDistance(s, q, f, edge, allowance + EPS) <= allowance + EPS,
  ).map((edge) => ({ type: 'leave', figure: f.id, edge }));
}

/** The mission after a crew figure left by `edge`: the exit, the item it carried, and the objective won. */
function withExit(ctx: FpContext, s: FpState, f: FpFigure, edge: Edge): FpState {
  const m = s.mission;
  let mission: FpMission = { ...m, exits: { ...m.exits, [edge]: [...m.exits[edge], f.id] } };
  let won = false;
  if (m.item && m.item.carrier === f.id && m.item.off === null) {
    mission = { ...mission, item: { pos: null, carrier: f.id, off: edge } };
    won = edge === 'south';
    ctx.events.push({
      type: 'objective',
      text: msg(won ? 'fiveparsecs:event.itemHome' : 'fiveparsecs:event.itemLost', { name: f.name }),
    });
  }
  if (m.id === 'move-through' && edge === 'north' && mission.exits.north.length === m.need) {
    won = true;
    ctx.events.push({
      type: 'objective',
      text: msg('fiveparsecs:event.through', { name: f.name, n: m.need }),
    });
  }
  if (won && m.wonRound === null) mission = { ...mission, wonRound: s.round };
  return { ...s, mission };
}

/** Leaves the table by an edge (the figure's Move, as a dash: it fires no more); then the battle's end is checked. */
export const leave: Handler<'leave'> = (ctx, s, a) => {
  const who = actorRefusal(s, a.figure);
  if (who) return refuse(who);
  const f = pieceOf(s.figures, a.figure, 'figure');
  const why = leaveRefusal(s, f, a.edge);
  if (why) return refuse(why);
  const allowance = allowanceOf(f, true);
  const d = leaveDistance(s, ctx.at(s), f, a.edge, allowance + EPS);
  if (d > allowance + EPS)
    return ruleError(
      'out-of-range',
      Number.isFinite(d)
        ? msg('fiveparsecs:refuse.leaveFarAt', {
            name: f.name,
            allowance: inch2(allowance),
            edge: edgeName(a.edge),
            distance: inch2(d),
          })
        : msg('fiveparsecs:refuse.leaveFar', { name: f.name, allowance: inch2(allowance), edge: edgeName(a.edge) }),
    );
  ctx.events.push({
    type: 'left',
    text: msg('fiveparsecs:event.left', { name: f.name, edge: edgeName(a.edge), distance: inch2(d) }),
    model: f.id,
    edge: a.edge,
  });
  const next = withExit(ctx, setFigure(s, { ...f, out: 'left', moved: true }), f, a.edge);
  return finish(ctx, next, f.id, f.stun);
};

/** Whether a spot is within pick-up reach of the item: the base's edge within 1" of it. */
export const inPickUpReach = (at: readonly number[], item: readonly number[]): boolean =>
  Math.hypot(at[0]! - item[0]!, at[2]! - item[2]!) - radiusInches(BASE_MM) <= PICK_UP_REACH + 1e-9;

/**
 * Acquire's item after any action: a carrier taken out (slain, knocked out) drops it where it stood;
 * a crew figure still on the table whose Move ended within reach of the lying item picks it up.
 */
export function itemAfter(ctx: FpContext, action: FpAction | { type: 'pass' }, s: FpState): FpState {
  const item = s.mission.item;
  if (!item || item.off !== null) return s;
  if (item.carrier !== null) {
    const c = pieceOf(s.figures, item.carrier, 'figure');
    if (c.out === null || c.out === 'left') return s;
    ctx.events.push({
      type: 'item-dropped',
      text: msg('fiveparsecs:event.itemDropped', { name: c.name }),
      model: c.id,
      at: c.pos,
    });
    return { ...s, mission: { ...s.mission, item: { pos: [...c.pos], carrier: null, off: null } } };
  }
  if (action.type !== 'move' || !item.pos) return s;
  const f = s.figures[action.figure];
  if (!f || f.side !== 'A' || f.out !== null || !inPickUpReach([action.x, action.y, action.z], item.pos)) return s;
  ctx.events.push({ type: 'item-taken', text: msg('fiveparsecs:event.itemTaken', { name: f.name }), model: f.id });
  return { ...s, mission: { ...s.mission, item: { pos: null, carrier: f.id, off: null } } };
}
