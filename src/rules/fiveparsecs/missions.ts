/**
 * The missions Five Parsecs plays (issue 18): Fight Off, Acquire and Move Through, and each one's
 * objective state (plain JSON, in `FpState.mission`). The rule text names the missions only through
 * "Ending the Battle" ("whether you achieved your objective"); what each objective is and how it is
 * won are the README's readings: Acquire, an item at the table centre carried off by the crew's own
 * (south) edge; Move Through, two crew figures off by the far (north) edge.
 */

/** The missions, the set-up option's values (the first is the default). */
export const MISSION_IDS = ['fight-off', 'acquire', 'move-through'] as const;
/** A mission id. */
export type MissionId = (typeof MISSION_IDS)[number];

/** Each mission's name. */
export const MISSION_NAMES: Record<MissionId, string> = {
  'fight-off': 'Fight Off',
  acquire: 'Acquire',
  'move-through': 'Move Through',
};

/** A table edge a crew figure may leave by: its own (south, z = depth) or the far one (north, z = 0). */
export const EDGES = ['north', 'south'] as const;
/** A table edge. */
export type Edge = (typeof EDGES)[number];

/** Move Through: this many crew figures must leave by the far (north) edge. */
export const MOVE_THROUGH_NEED = 2;
/** Acquire: a crew figure that ends a Move with its base edge within this many inches of the item picks it up. */
export const PICK_UP_REACH = 1;

/** Acquire's item: where it lies (null while carried or once off the table), who carries it, and the edge it left by. */
export interface FpItem {
  pos: [number, number, number] | null;
  carrier: string | null;
  /** The edge its carrier took it off the table by (south: the objective), or null while on the table. */
  off: Edge | null;
}

/** The mission and its objective state. */
export interface FpMission {
  id: MissionId;
  name: string;
  /** Acquire: the item; null in the other missions. */
  item: FpItem | null;
  /** Move Through: how many crew figures must leave by the north edge (0 in the other missions). */
  need: number;
  /** The crew figures that left the table, by edge, in the order they left. */
  exits: Record<Edge, string[]>;
  /** The round the objective was won in (the give-up roll starts at its end); null while not won. Fight Off has no objective. */
  wonRound: number | null;
}

/** Whether a value is a mission id. */
export const isMissionId = (v: unknown): v is MissionId => MISSION_IDS.includes(v as MissionId);

/** The mission of a set-up option value (absent or empty: Fight Off); throws naming the choices on anything else. */
export function missionOf(v: unknown): MissionId {
  if (v === undefined || v === null || v === '') return 'fight-off';
  if (isMissionId(v)) return v;
  throw new Error(`mission must be one of ${MISSION_IDS.join(', ')} (got ${JSON.stringify(v)})`);
}

/** A mission's starting objective state on a table (Acquire's item at the table centre). */
export function newMission(id: MissionId, table: { width: number; depth: number }): FpMission {
  return {
    id,
    name: MISSION_NAMES[id],
    item: id === 'acquire' ? { pos: [table.width / 2, 0, table.depth / 2], carrier: null, off: null } : null,
    need: id === 'move-through' ? MOVE_THROUGH_NEED : 0,
    exits: { north: [], south: [] },
    wonRound: null,
  };
}

/** The edge a mission's objective sends figures off by (Acquire: the carrier home to the south; Move Through: north). */
export const objectiveEdge = (m: FpMission): Edge | null =>
  m.id === 'acquire' ? 'south' : m.id === 'move-through' ? 'north' : null;
