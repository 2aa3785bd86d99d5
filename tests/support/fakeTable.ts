/**
 * A fake table for rule tests: open ground unless a test says otherwise. Distances come from the
 * view's layout (edge to edge; from a lean-out marker's 25 mm base when asked), routes are straight lines, and sight is whatever `sight`
 * returns for the pair (default: fully visible, no cover).
 */
import type { Layout, Queries, SightFacts, StandProblem } from '../../src/rules/engine/queries';

/** Open-ground sight facts, with overrides. */
export function openSight(over: Partial<SightFacts> = {}): SightFacts {
  return {
    hasLos: true,
    visibleFraction: 1,
    hidden: { terrain: 0, vehicles: 0, models: 0, smoke: 0 },
    coverPieces: [],
    hidingModels: [],
    heightDifference: 0,
    viewerInStructure: null,
    targetInStructure: null,
    lineThroughStructure: null,
    smokeBlocked: false,
    baseInSmoke: { viewer: 0, target: 0 },
    fromViewerMarker: false,
    targetOnlyViaMarker: false,
    ...over,
  };
}

/** A lean-out marker's base, mm. */
const MARKER_MM = 25;

export interface FakeTableOptions {
  /** Sight for a pair (default open ground). */
  sight?: (viewer: string, target: string, layout: Layout, seeThrough: readonly string[]) => Partial<SightFacts>;
  /** Distance from a model to sight-blocking terrain (default: none on the table). */
  terrainGap?: (id: string) => number;
  /** Table size for standing room (default 36 x 36). */
  size?: number;
  /** What stops a jump (default: nothing). */
  jumpBlocked?: (id: string, to: readonly [number, number, number], clear: number) => string | null;
  /**
   * Terrain where a base may not stand (a low wall, a ledge): the problem at (x, z) for a base of
   * `baseMm`, or null (default: nothing on the table). `standHeight` answers null wherever it gives one.
   */
  unstandable?: (x: number, z: number, baseMm: number) => StandProblem | null;
  /** Ground height at a point (default 0 everywhere). */
  ground?: (x: number, z: number) => number;
  /** Inches of a model's straight route to `to` over difficult ground (default: none). */
  difficult?: (id: string, to: readonly [number, number, number], layout: Layout) => number;
  /** Concealing terrain between two models (default: none). */
  concealment?: (viewer: string, target: string, layout: Layout) => { inside: string | null; through: string | null };
  /** The area piece a model stands in (default: none). */
  area?: (id: string, layout: Layout) => { id: string; blocksLos: boolean } | null;
  /** A straight jump's outcome (default: the full distance on level ground). */
  jumpLine?: Queries['jumpLine'];
  /** Answers replaced in every view: `over(base)` gets the plain fake view of the layout asked. */
  override?: (base: Queries) => Partial<Omit<Queries, 'at' | 'layout'>>;
}

/** A fake view (its `at` gives the fake view of another layout, with the same options). */
export type FakeTable = Queries;

/** A fake view of `layout` (by default an empty table). */
export function fakeTable(options: FakeTableOptions = {}, layout: Layout = { models: {}, smoke: [] }): FakeTable {
  const size = options.size ?? 36;
  const radius = (id: string, layout: Layout) => layout.models[id]!.baseMm / 25.4 / 2;
  const t: FakeTable = {
    layout,
    at: (next) => fakeTable(options, next),
    distance(a, b) {
      const pa = layout.models[a],
        pb = layout.models[b];
      if (!pa || !pb) throw new Error(`no model with id "${pa ? b : a}"`);
      const d =
        Math.hypot(pa.position[0] - pb.position[0], pa.position[2] - pb.position[2]) -
        radius(a, layout) -
        radius(b, layout);
      return Math.max(0, Math.hypot(Math.max(0, d), pa.position[1] - pb.position[1]));
    },
    markerDistance(viewer, target) {
      const pa = layout.models[viewer],
        pb = layout.models[target];
      if (!pa || !pb) throw new Error(`no model with id "${pa ? target : viewer}"`);
      if (!pa.leanOut) return null;
      const d =
        Math.hypot(pa.leanOut[0] - pb.position[0], pa.leanOut[2] - pb.position[2]) -
        MARKER_MM / 25.4 / 2 -
        radius(target, layout);
      return Math.max(0, Math.hypot(Math.max(0, d), pa.leanOut[1] - pb.position[1]));
    },
    sight(viewer, target, seeThrough = [], ignoreSmoke = []) {
      if (!layout.models[viewer] || !layout.models[target]) throw new Error(`no model ${viewer} or ${target}`);
      const seen = ignoreSmoke.length
        ? { ...layout, smoke: layout.smoke.filter((s) => !ignoreSmoke.includes(s.id)) }
        : layout;
      const over = options.sight?.(viewer, target, seen, seeThrough) ?? {};
      return openSight(over);
    },
    routeLength(id, to) {
      const p = layout.models[id]!.position;
      return Math.hypot(to[0] - p[0], to[2] - p[2]) + Math.abs(to[1] - p[1]);
    },
    routeCost(id, to, difficultEvery) {
      const inches = options.difficult?.(id, to, layout) ?? 0;
      return t.routeLength(id, to) + Math.floor(inches / difficultEvery + 1e-9);
    },
    concealment(viewer, target) {
      return options.concealment?.(viewer, target, layout) ?? { inside: null, through: null };
    },
    areaOf(id) {
      return options.area?.(id, layout) ?? null;
    },
    standHeight(baseMm, height, x, z, fromY, ignore) {
      return t.standProblem(baseMm, height, x, z, fromY, ignore) ? null : (options.ground?.(x, z) ?? 0);
    },
    standProblem(baseMm, _height, x, z, _fromY, ignore) {
      const r = baseMm / 25.4 / 2;
      const past: [number, 'west' | 'east' | 'north' | 'south'][] = [
        [r - x, 'west'],
        [x + r - size, 'east'],
        [r - z, 'north'],
        [z + r - size, 'south'],
      ];
      const edge = past.reduce((a, b) => (b[0] > a[0] ? b : a));
      if (edge[0] > 0) return { kind: 'off-table', edge: edge[1] };
      const piece = options.unstandable?.(x, z, baseMm);
      if (piece) return piece;
      for (const [other, p] of Object.entries(layout.models)) {
        const apart = Math.hypot(p.position[0] - x, p.position[2] - z);
        if (other !== ignore && apart < radius(other, layout) + r - 1e-9)
          return { kind: 'overlaps-model', model: other, overlap: radius(other, layout) + r - apart };
      }
      return null;
    },
    blockingTerrainDistance(id) {
      return options.terrainGap?.(id) ?? Infinity;
    },
    jumpBlocked(id, to, clear) {
      return options.jumpBlocked?.(id, to, clear) ?? null;
    },
    jumpLine(id, directionDeg, distance, clear, clearRadius, fallRadius) {
      if (options.jumpLine) return options.jumpLine(id, directionDeg, distance, clear, clearRadius, fallRadius);
      const p = layout.models[id]!.position;
      const a = (directionDeg * Math.PI) / 180;
      return {
        end: [p[0] + Math.cos(a) * distance, p[1], p[2] + Math.sin(a) * distance],
        travelled: distance,
        stoppedBy: null,
        fall: null,
      };
    },
  };
  return options.override ? { ...t, ...options.override(t) } : t;
}
