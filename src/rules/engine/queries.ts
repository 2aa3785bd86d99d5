/**
 * What rules may ask of the table. The rules define this interface; the app (src/state) and the
 * CLI implement it over the geometry and movement cores, and rule tests pass a small fake.
 *
 * Where models stand is part of the rules' state (so a seed and a list of actions replay a battle):
 * the layout is an argument. `table.at(layout)` is a view of the table with the models standing so,
 * immutable and bound to that layout; every answer it gives is about that layout, whatever else is
 * asked of the table meanwhile. Asking `at` for the same layout again is cheap (the table keeps the
 * views of the last few layouts) and gives the same answers.
 */

/** Line-of-sight facts a rule needs (a subset of the geometry core's pair facts). */
export interface SightFacts {
  hasLos: boolean;
  visibleFraction: number;
  /** Share of the target hidden by terrain, by vehicles, by models, by smoke. */
  hidden: { terrain: number; vehicles: number; models: number; smoke: number };
  /** Terrain pieces hiding part of the target: id, kind, share, distance from the target's base. */
  coverPieces: {
    id: string;
    kind: string;
    share: number;
    distance: number;
    /**
     * Whether `distance` < `inches`, answered from cheap bounds when they decide it (the same answer
     * as reading `distance`, which costs a disc-to-mesh search); absent where there are no bounds.
     */
    closerThan?: (inches: number) => boolean;
  }[];
  /** Models hiding part of the target (first occluder along each sight line): id and share. */
  hidingModels: { id: string; share: number }[];
  /** Target's base height above the viewer's, inches (negative when lower). */
  heightDifference: number;
  viewerInStructure: string | null;
  targetInStructure: string | null;
  /** A structure whose interior the sight line crosses, neither model being in it. */
  lineThroughStructure: string | null;
  smokeBlocked: boolean;
  /** Share of each base's footprint inside smoke. */
  baseInSmoke: { viewer: number; target: number };
  /** The viewer sees the target only from its lean-out marker (these facts are then the marker's). */
  fromViewerMarker: boolean;
  /** The target is not seen, its lean-out marker is. */
  targetOnlyViaMarker: boolean;
}

/** Where one model stands, and what body it has (a prism over its base). */
export interface Placement {
  side: string;
  /** Base underside centre, inches. */
  position: [number, number, number];
  baseMm: number;
  height: number;
  kind: 'infantry' | 'vehicle' | 'drone';
  /** Lean-out marker position (25 mm), or null. */
  leanOut: [number, number, number] | null;
}

/** A smoke token: a cylinder of sight-blocking smoke (no height limit). */
export interface SmokeToken {
  id: string;
  position: [number, number, number];
  radius: number;
}

/** The table as the rules see it: models on it (absent ones are off the table) and smoke. */
export interface Layout {
  models: Record<string, Placement>;
  smoke: SmokeToken[];
}

/** The table the rules ask about: a view of it for a layout. */
export interface Table {
  /** The view of the table with the models and smoke of `layout` (cheap when asked for recently). */
  at(layout: Layout): Queries;
}

/**
 * Geometry questions, by model id, about one layout: a view of the table, immutable and bound to
 * `layout`. It is a table too: `at` gives the view of another layout (a state a bot imagines, a
 * later state of an action), leaving this one as it is.
 */
export interface Queries extends Table {
  /** The layout every answer is about. */
  readonly layout: Layout;
  /** Edge-to-edge distance between two models' bases, inches. */
  distance(a: string, b: string): number;
  /**
   * Edge-to-edge distance from `viewer`'s lean-out marker (a 25 mm base) to `target`'s base, inches,
   * or null when `viewer` has no marker (a ruleset that measures range from the marker asks this).
   * Edge to edge, it is also the distance from `target`'s base to `viewer`'s marker.
   */
  markerDistance(viewer: string, target: string): number | null;
  /**
   * What `viewer` sees of `target` (from its body, or from its lean-out marker when only that sees).
   * `seeThrough`: model kinds whose bodies the sight lines pass through (a ruleset's sight rule);
   * `ignoreSmoke`: smoke tokens (by id) this viewer looks through (BLKOUT's Targeting Smoke).
   */
  sight(
    viewer: string,
    target: string,
    seeThrough?: readonly Placement['kind'][],
    ignoreSmoke?: readonly string[],
  ): SightFacts;
  /**
   * Length of the measured route for a model from where it stands to `to` (base underside centre),
   * climbing counted; Infinity when it cannot get there or cannot stand there, and, when `within`
   * is given, whenever the route is longer than that (the search stops there: cheaper). With
   * `maxClimb`, the route goes over no piece rising more than that above the model's level (it goes
   * round: a ruleset where higher pieces must be climbed).
   */
  routeLength(id: string, to: readonly [number, number, number], within?: number, maxClimb?: number): number;
  /**
   * What the cheapest move to `to` costs where difficult ground is charged: the route's length (climbing
   * counted) plus 1" per full `difficultEvery` inches of it over difficult terrain, the route going round
   * a patch where that is cheaper than through it; Infinity when it cannot get there or stand there, and,
   * with `within`, whenever the route alone is longer than that.
   */
  routeCost(id: string, to: readonly [number, number, number], difficultEvery: number, within?: number): number;
  /**
   * Where a base of `baseMm` with a body `height` tall may stand at (x, z), on the first surface at
   * or below `fromY`: the base height there, or null (no level support, no room for the body,
   * another model there, off the table). `ignore` is a model that does not count (the one moving).
   */
  standHeight(baseMm: number, height: number, x: number, z: number, fromY: number, ignore?: string): number | null;
  /**
   * Why such a base may not stand there (asked with `standHeight`'s arguments when it answers null): the
   * first of its checks that fails, naming the piece or model involved; null when it may stand there.
   */
  standProblem(
    baseMm: number,
    height: number,
    x: number,
    z: number,
    fromY: number,
    ignore?: string,
  ): StandProblem | null;
  /**
   * Terrain that hides without blocking sight (scene `blocksLos: false`: foliage, crop rows), seen from
   * above between two models' base centres: the piece `target` stands in, and one the line from `viewer`
   * crosses that neither stands in (null when none).
   */
  concealment(viewer: string, target: string): { inside: string | null; through: string | null };
  /**
   * The area terrain piece (scene kind "area": woods, scrub, rubble fields, walked through) whose footprint,
   * seen from above, holds the model's base centre, and whether it blocks sight; null in the open.
   */
  areaOf(id: string): { id: string; blocksLos: boolean } | null;
  /** Shortest distance from a model's base to terrain that blocks sight, inches. */
  blockingTerrainDistance(id: string): number;
  /**
   * A straight jump by a model to `to` (base underside centre), clearing terrain up to `clear`
   * inches above where it takes off and models no bigger than itself: what stops it short (a
   * terrain piece or model id, or "table edge"), or null when it gets there.
   */
  jumpBlocked(id: string, to: readonly [number, number, number], clear: number): string | null;
  /**
   * A straight jump of `distance` inches towards `directionDeg` (degrees from +x towards +z),
   * clearing terrain up to `clear` inches above the take-off ground and models no bigger than
   * `clearRadius`: where it ends, how far it went, what stopped it, and, when it ends over empty
   * space, the fall (the height and the closest valid landing within `fallRadius`, or null).
   */
  jumpLine(
    id: string,
    directionDeg: number,
    distance: number,
    clear: number,
    clearRadius: number,
    fallRadius: number,
  ): JumpLine;
}

/**
 * Why a base may not stand at a spot: the one check that fails. `off-table`: it would reach past that
 * edge (north: z = 0, south: z = depth, west: x = 0, east: x = width); `on-piece`: its centre is on top of
 * the piece and the base hangs over its edge; `no-footing`: it would rest partly on the piece's top, higher
 * than the ground under its centre; `no-room`: the piece is where its body would be; `overlaps-model`: that
 * model's base is there (by id), the bases overlapping by `overlap` inches. A piece is named as the scene
 * names it (its id when it has no name).
 */
export type StandProblem =
  | { kind: 'off-table'; edge: 'north' | 'south' | 'west' | 'east' }
  | { kind: 'on-piece'; piece: string }
  | { kind: 'no-footing'; piece: string }
  | { kind: 'no-room'; piece: string }
  | { kind: 'overlaps-model'; model: string; overlap: number };

/** A straight jump's outcome (see Queries.jumpLine). */
export interface JumpLine {
  end: [number, number, number];
  travelled: number;
  stoppedBy: string | null;
  fall: { height: number; landing: [number, number, number] | null } | null;
}
