/**
 * Words every ruleset uses for the table: its edges as the screen shows them, and a spot on it in
 * inches from the nearest edges, so no sentence a player reads carries raw coordinates. They are
 * messages (engine namespace, rules/engine/message.ts); the app renders them in the shown language.
 *
 * The app's camera sits at high z looking towards z = 0 with x to the right (the top view puts
 * z = 0 at the top of the screen), so the compass is: north the z = 0 edge (far side, top of the
 * screen), south the z = depth edge (nearest the player), west x = 0 (left), east x = width (right).
 */
import { inch, mm, msg, type Msg, type Text } from './message';
import type { StandProblem } from './queries';

/** A table edge. */
export type Edge = 'north' | 'south' | 'west' | 'east';

/** Each edge's words: "the south edge (nearest you)". */
const EDGE_IDS: Record<Edge, string> = {
  north: 'engine:edge.north',
  south: 'engine:edge.south',
  west: 'engine:edge.west',
  east: 'engine:edge.east',
};

/** "the south edge (nearest you)". */
export const edgeWords = (e: Edge): Msg => msg(EDGE_IDS[e]);

/** Each edge's words where a sentence puts them after "from", "of" or "at" (Russian takes the genitive there). */
const EDGE_OF_IDS: Record<Edge, string> = {
  north: 'engine:edgeOf.north',
  south: 'engine:edgeOf.south',
  west: 'engine:edgeOf.west',
  east: 'engine:edgeOf.east',
};

/** An edge after "from", "of" or "at": "within 4\" of the south edge (nearest you)", "в пределах 4\" от южного края". */
export const edgeOfWords = (e: Edge): Msg => msg(EDGE_OF_IDS[e]);

/** Inches to one decimal: 3.46 -> 3.5", 4 -> 4" (a message: the locale writes the decimal). */
export const inches = (x: number): Msg => inch(x);

/**
 * A spot in words: its distance from the nearer of the west / east edges and from the nearer of
 * the north / south edges, e.g. `1.5" from the west edge, 3.5" from the north edge`.
 */
export function spotWords(table: { width: number; depth: number }, x: number, z: number): Msg {
  const across =
    x <= table.width - x
      ? msg('engine:from.west', { d: inch(x) })
      : msg('engine:from.east', { d: inch(table.width - x) });
  const deep =
    z <= table.depth - z
      ? msg('engine:from.north', { d: inch(z) })
      : msg('engine:from.south', { d: inch(table.depth - z) });
  return msg('engine:spot', { across, deep });
}

const COMPASS = [
  'engine:compass.east',
  'engine:compass.south-east',
  'engine:compass.south',
  'engine:compass.south-west',
  'engine:compass.west',
  'engine:compass.north-west',
  'engine:compass.north',
  'engine:compass.north-east',
] as const;

/** A direction in words: degrees from +x (east) towards +z (south, towards the player). */
export const compass = (deg: number): Msg => msg(COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!);

/**
 * Why a base may not stand at a spot, in words, naming the piece or model involved ("on top of Low wall,
 * where its base has no level footing"); `nameOf` names a model by its id. Null (the table gave no
 * reason): no room for the base.
 */
export function standWords(p: StandProblem | null, nameOf: (id: string) => string): Msg {
  if (!p) return msg('engine:stand.noBase');
  switch (p.kind) {
    case 'off-table':
      return msg('engine:stand.offTable', { edge: edgeWords(p.edge) });
    case 'on-piece':
      return msg('engine:stand.onPiece', { piece: p.piece });
    case 'no-footing':
      return msg('engine:stand.noFooting', { piece: p.piece });
    case 'no-room':
      return msg('engine:stand.noRoom', { piece: p.piece });
    case 'overlaps-model':
      // Rounded up to a tenth: moving that much farther clears it.
      return msg('engine:stand.overlaps', {
        model: nameOf(p.model),
        overlap: inch(Math.ceil(p.overlap * 10 - 1e-9) / 10),
      });
  }
}

/**
 * Why a measured move is refused (the movement core's refusal, as an id with its parameters: lengths in
 * inches, pieces and models by id). The same union as `RouteProblem` in src/movement/path.ts, which
 * the rules may not import; the app hands one to `routeWords`.
 */
export type RouteProblem =
  | { kind: 'not-finite' }
  | { kind: 'off-table'; edge: Edge }
  | { kind: 'overlaps-start'; model: string }
  | { kind: 'no-fit' }
  | { kind: 'no-route'; baseMm: number }
  | { kind: 'no-route-within'; limit: number }
  | { kind: 'meets-piece'; piece: string; height: number }
  | { kind: 'steps-down'; drop: number }
  | { kind: 'climbs-too-much'; climb: number; max: number }
  | { kind: 'not-on-surface' }
  | { kind: 'cannot-stand-along'; model: string; x: number; z: number }
  | { kind: 'cannot-stand'; model: string }
  | { kind: 'body-blocked'; model: string; by: string };

/**
 * Why a move's route is refused, in words, naming the piece or model involved ("the route passes the
 * south edge (nearest you)", "the route climbs 2.5\", more than the 2\" allowed"); `nameOf` names a model
 * or a terrain piece by its id, `table` places a spot ("near 3\" from the west edge, …").
 */
export function routeWords(
  p: RouteProblem,
  nameOf: (id: string) => string,
  table: { width: number; depth: number },
): Msg {
  switch (p.kind) {
    case 'not-finite':
      return msg('engine:route.notFinite');
    case 'off-table':
      return msg('engine:route.offTable', { edge: edgeWords(p.edge) });
    case 'overlaps-start':
      return msg('engine:route.overlapsStart', { model: nameOf(p.model) });
    case 'no-fit':
      return msg('engine:route.noFit');
    case 'no-route':
      return msg('engine:route.noRoute', { base: mm(p.baseMm) });
    case 'no-route-within':
      return msg('engine:route.noRouteWithin', { limit: inch(p.limit) });
    case 'meets-piece':
      return msg('engine:route.meetsPiece', { piece: nameOf(p.piece), height: inch(p.height) });
    case 'steps-down':
      return msg('engine:route.stepsDown', { drop: inch(p.drop) });
    case 'climbs-too-much':
      return msg('engine:route.climbsTooMuch', { climb: inch(p.climb), max: inch(p.max) });
    case 'not-on-surface':
      return msg('engine:route.notOnSurface');
    case 'cannot-stand-along':
      return msg('engine:route.cannotStandAlong', { model: nameOf(p.model), spot: spotWords(table, p.x, p.z) });
    case 'cannot-stand':
      return msg('engine:route.cannotStand', { model: nameOf(p.model) });
    case 'body-blocked':
      return msg('engine:route.bodyBlocked', { model: nameOf(p.model), by: nameOf(p.by) });
  }
}

/**
 * What stopped a jump short (`Queries.jumpLine`'s and `jumpBlocked`'s `stoppedBy`: "table edge", "no room
 * to land", or a piece's or a model's id) in words; `nameOf` names the piece or the model.
 */
export function stopWords(by: string, nameOf: (id: string) => string = (id) => id): Text {
  if (by === 'table edge') return msg('engine:route.stopEdge');
  if (by === 'no room to land') return msg('engine:route.stopNoRoom');
  return nameOf(by);
}
