/**
 * The mission in the bots (issue 18): which crew figures the objective sends (its runners) and what a
 * runner does, and how strongly each enemy AI type is drawn to the objective. Acquire: the crew figure
 * nearest the lying item goes for it (a Move ending within pick-up reach first), the carrier heads for
 * the crew's own (south) edge and leaves by it; Move Through: the crew figures still needed nearest the
 * far (north) edge head for it and leave. A runner does its Move for the objective; its Combat Action
 * (a shot after a walk) stays the crew bot's. Enemies score a spot a little higher for each inch it
 * gains towards the item, its carrier, or the crew's leading runner, by their type's weight.
 */
import type { Queries } from '../../engine/queries';
import type { FpAction, FpState } from '../engine';
import { inContact } from '../cover';
import type { AiType } from '../data';
import { standing, type FpFigure } from '../game';
import { inPickUpReach } from '../mission';
import { objectiveEdge, type Edge } from '../missions';
import { gap, keyOf, pickBest, type MoveAction } from './common';
import { pieceOf } from '../../engine/kit';

type Leave = Extract<FpAction, { type: 'leave' }>;

/** The crew figures on the table the objective sends now, first the most urgent (none once it is won or lost). */
export function runners(s: FpState): FpFigure[] {
  const m = s.mission;
  if (m.wonRound !== null) return [];
  const crew = standing(s, 'A');
  if (m.item) {
    if (m.item.off !== null) return [];
    if (m.item.carrier !== null) return crew.filter((f) => f.id === m.item!.carrier);
    const at = m.item.pos!;
    const near = [...crew].sort((a, b) => gap(a.pos, at) - gap(b.pos, at) || a.id.localeCompare(b.id));
    return near.slice(0, 1);
  }
  if (m.id === 'move-through') {
    const still = Math.max(0, m.need - m.exits.north.length);
    return [...crew].sort((a, b) => a.pos[2] - b.pos[2] || a.id.localeCompare(b.id)).slice(0, still);
  }
  return [];
}

/** The edge a runner heads for (Acquire's carrier: south; Move Through: north), or null (it heads for the item). */
function targetEdge(s: FpState, f: FpFigure): Edge | null {
  if (s.mission.item) return s.mission.item.carrier === f.id ? 'south' : null;
  return objectiveEdge(s.mission);
}

/** How far a spot is from where a runner is going (the edge line, or the item). */
function remaining(s: FpState, f: FpFigure, pos: readonly number[]): number {
  const edge = targetEdge(s, f);
  if (edge === 'north') return pos[2]!;
  if (edge === 'south') return s.table.depth - pos[2]!;
  return gap(pos, s.mission.item!.pos!);
}

/** Whether a spot would start a Brawl (base contact with an enemy): a runner walks round, not into, a fight. */
const intoBrawl = (s: FpState, pos: readonly number[]) => standing(s, 'B').some((e) => inContact(pos, e.pos));

/**
 * A runner's Move for the objective, when a runner may start its activation now: leave by its edge
 * when it reaches it; on to the item when a Move picks it up (walking before dashing); else the walk
 * or dash that gets it closest (a dash must gain more than 1" over the best walk: a walker may still
 * fire). Null when no runner is waiting or an activation is open.
 */
export function objectiveMove(
  s: FpState,
  _q: Queries,
  seed: string | number,
  moves: readonly FpAction[],
): FpAction | null {
  if (s.activation) return null;
  const ready = new Set(moves.flatMap((m) => ('figure' in m ? [m.figure] : [])));
  const f = runners(s).find((r) => ready.has(r.id));
  if (!f) return null;
  const mine = moves.filter((m) => 'figure' in m && m.figure === f.id);
  const edge = targetEdge(s, f);
  const out = mine.find((m): m is Leave => m.type === 'leave' && m.edge === edge);
  if (out) return out;
  const walks = mine.filter((m): m is MoveAction => m.type === 'move' && !intoBrawl(s, [m.x, m.y, m.z]));
  const salt = `${seed}|${f.id}|objective`;
  if (edge === null) {
    const at = s.mission.item!.pos!;
    const pick = pickBest(
      walks.filter((m) => inPickUpReach([m.x, m.y, m.z], at)),
      (m) => (m.dash ? 0 : 1),
      keyOf,
      salt,
    );
    if (pick) return pick;
  }
  const best = pickBest(walks, (m) => -remaining(s, f, [m.x, m.y, m.z]) - (m.dash ? 1 : 0), keyOf, salt);
  // Only a Move that gets it closer: else the crew bot's own choice (a shot from where it stands).
  return best && remaining(s, f, [best.x, best.y, best.z]) < remaining(s, f, f.pos) - 0.5 ? best : null;
}

/** How much each AI type is drawn to the objective, per inch gained (a small term beside its habit). */
export const OBJECTIVE_PULL: Record<AiType, number> = {
  cautious: 0.2,
  aggressive: 0.5,
  tactical: 0.5,
  defensive: 0.1,
  rampaging: 0.3,
  beast: 0.3,
  guardian: 0,
};

/** Where the enemy is drawn: the lying item, its carrier, or the crew's leading Move Through runner; null otherwise. */
export function objectivePoint(s: FpState): readonly number[] | null {
  const item = s.mission.item;
  if (item && item.off === null) return item.pos ?? pieceOf(s.figures, item.carrier!, 'figure').pos;
  return s.mission.id === 'move-through' ? (runners(s)[0]?.pos ?? null) : null;
}

/** An enemy's bonus for a spot: its type's pull times the inches the spot gains towards the objective. */
export function objectivePull(s: FpState, ai: AiType, from: readonly number[], to: readonly number[]): number {
  const p = objectivePoint(s);
  return p ? OBJECTIVE_PULL[ai] * (gap(from, p) - gap(to, p)) : 0;
}
