/**
 * The rules engine's Table over the geometry and movement cores. For each layout the rules ask about
 * (where their models stand, the smoke they placed) it gives a view: a geometry world of the scene's
 * terrain with exactly those models and smoke, answering by model id with plain numbers and facts,
 * never three.js objects. A view caches its answers; the table keeps the views of the last few
 * layouts (by the layout's JSON), so asking `at` again for one of them is cheap.
 */
import { baseToPiece, baseToPieceBounds, coverPieceDistance, pairFacts, type PairFacts } from '../geometry/facts';
import type { Body } from '../geometry/bodies';
import { baseDistance } from '../geometry/measure';
import { standProblem, standsAt } from '../geometry/drop';
import type { MeshLookup } from '../geometry/terrainGeometry';
import { modelIndexOf, rebuildWorld, type GeometryWorld } from '../geometry/world';
import type { Model, Scene } from '../geometry/sceneTypes';
import { measuredPath } from '../movement/path';
import { areaHulls, concealingHulls, concealmentBetween, insideHull } from '../movement/difficult';
import { jump } from '../movement/jump';
import type { Layout, Queries, SightFacts, Table } from '../rules/engine/queries';
import { mmToInches } from '../geometry/units';

/** Scene models for a layout (ids sorted, so equal layouts give equal scenes). */
export function layoutModels(layout: Layout): Model[] {
  return Object.keys(layout.models)
    .sort()
    .map((id) => {
      const p = layout.models[id]!;
      return {
        id,
        side: p.side,
        position: p.position,
        base: { shape: 'round', diameterMm: p.baseMm },
        height: p.height,
        kind: p.kind,
        leanOut: p.leanOut,
      } satisfies Model;
    });
}

/**
 * A cover piece for the rules, its distance from the target's base measured on first read: that
 * disc-to-mesh distance is the costliest fact, and a ruleset reads it only when the piece matters
 * (BLKOUT: half or more hidden). The terrain and the body are captured, so a later layout cannot
 * change the answer.
 */
function coverPiece(c: PairFacts['coverPieces'][number], gap: Gap): SightFacts['coverPieces'][number] {
  let d: number | undefined;
  let bounds: [number, number] | undefined;
  const piece = {
    id: c.id,
    kind: c.kind,
    share: c.share,
    get distance() {
      return (d ??= Number.isNaN(c.distance) ? gap.exact(c.id) : c.distance);
    },
  };
  // Not enumerable: the facts stay plain JSON (a copy has the distance and no method).
  Object.defineProperty(piece, 'closerThan', {
    enumerable: false,
    // The bounds decide unless the limit falls within a thousandth of them (the distance is rounded to 0.001").
    value(inches: number): boolean {
      if (d === undefined && Number.isNaN(c.distance)) {
        const [lo, hi] = (bounds ??= gap.bounds(c.id));
        if (hi < inches - 1e-3) return true;
        if (lo >= inches + 1e-3) return false;
      }
      return piece.distance < inches;
    },
  });
  return piece;
}

/** A target body's distance to a cover piece: exact (a disc-to-mesh search), or bounded from one point query. */
interface Gap {
  exact: (id: string) => number;
  bounds: (id: string) => [number, number];
}

function toRules(
  f: PairFacts,
  fromViewerMarker: boolean,
  targetOnlyViaMarker: boolean,
  base: PairFacts,
  gap: Gap,
): SightFacts {
  return {
    hasLos: f.hasLos,
    visibleFraction: f.visibleFraction,
    hidden: { terrain: f.hidden.terrain, vehicles: f.hidden.vehicles, models: f.hidden.models, smoke: f.hidden.smoke },
    coverPieces: f.coverPieces.map((c) => coverPiece(c, gap)),
    hidingModels: f.hidingModels.map((m) => ({ ...m })),
    heightDifference: base.heightDifference,
    viewerInStructure: base.viewerInStructure,
    targetInStructure: base.targetInStructure,
    lineThroughStructure: base.lineThroughStructure,
    smokeBlocked: f.smokeBlocked,
    baseInSmoke: { ...base.baseInSmoke },
    fromViewerMarker,
    targetOnlyViaMarker,
  };
}

/** How many recent layouts keep their view (its world and answers). */
const RECENT_LAYOUTS = 9;

/** The table over a scene's terrain (its own models are replaced by each layout's). */
export function worldQueries(scene: Scene, lookup: MeshLookup, start?: GeometryWorld): Table {
  // The world last built or asked for: a new view's world shares its terrain (and occluder index).
  let latest: GeometryWorld = start ?? rebuildWorld(scene, lookup, null);
  // The views of the last few layouts, least recently asked first: an AI weighing spots comes back
  // to the same layout often.
  const recent = new Map<string, { view: Queries; world: GeometryWorld }>();
  const table: Table = {
    at(layout) {
      const key = JSON.stringify(layout);
      const back = recent.get(key);
      if (back) {
        recent.delete(key);
        recent.set(key, back);
        // A kept world shares the terrain; it takes the occluder index if it was built since.
        back.world.occluders ??= latest.occluders;
        latest = back.world;
        return back.view;
      }
      const smoke = layout.smoke.map((s) => ({ id: s.id, position: s.position, radius: s.radius, height: null }));
      latest = rebuildWorld({ ...scene, models: layoutModels(layout), smoke }, lookup, latest);
      const v = view(scene, lookup, table, layout, latest);
      recent.set(key, { view: v, world: latest });
      if (recent.size > RECENT_LAYOUTS) recent.delete(recent.keys().next().value!);
      return v;
    },
  };

  return table;
}

/** The view of `current`, over its world (`table` gives the views of other layouts). */
function view(scene: Scene, lookup: MeshLookup, table: Table, current: Layout, world: GeometryWorld): Queries {
  const sights = new Map<string, SightFacts>();
  const terrainGaps = new Map<string, number>();
  // Worlds of this layout with some smoke tokens taken away (for viewers that see through them).
  const thinned = new Map<string, GeometryWorld>();
  const worldWithout = (ignore: readonly string[]): GeometryWorld => {
    const k = [...ignore].sort().join(',');
    let w = thinned.get(k);
    if (!w) {
      const smoke = current.smoke
        .filter((s) => !ignore.includes(s.id))
        .map((s) => ({ id: s.id, position: s.position, radius: s.radius, height: null }));
      w = rebuildWorld({ ...scene, models: layoutModels(current), smoke }, lookup, world);
      thinned.set(k, w);
    }
    return w;
  };
  const facts = (
    v: string,
    t: string,
    seeThrough: readonly string[] = [],
    ignoreSmoke: readonly string[] = [],
  ): SightFacts => {
    const k = `${v}>${t}|${seeThrough.join(',')}|${ignoreSmoke.join(',')}`;
    const hit = sights.get(k);
    if (hit) return hit;
    const ignored = ignoreSmoke.filter((id) => current.smoke.some((s) => s.id === id));
    const w = ignored.length ? worldWithout(ignored) : world;
    const f = pairFacts(w, v, t, { seeThrough, pieceDistances: false });
    // Distances from the target's base (or its marker, when only that is seen), measured when read.
    const ti = modelIndexOf(w, t);
    const terrain = { terrain: w.terrain, pieceBvhs: w.pieceBvhs };
    const gapFrom = (body: Body) => {
      const b = { ...body };
      return {
        exact: (id: string) => coverPieceDistance(terrain, b, id),
        bounds: (id: string) => baseToPieceBounds(terrain, b, id),
      };
    };
    let out = toRules(f, false, false, f, gapFrom(w.bodies[ti]!));
    const lean = f.viaLeanOut;
    if (!f.hasLos && lean?.fromViewerMarker?.hasLos) {
      out = toRules({ ...f, ...lean.fromViewerMarker }, true, false, f, gapFrom(w.bodies[ti]!));
    } else if (!f.hasLos && lean?.targetSeenOnlyViaMarker && lean.toTargetMarker) {
      out = toRules({ ...f, ...lean.toTargetMarker }, false, true, f, gapFrom(w.markers[ti]!));
    }
    sights.set(k, out);
    return out;
  };
  return {
    layout: current,
    at: (layout) => table.at(layout),
    distance(a, b) {
      return baseDistance(world.bodies[modelIndexOf(world, a)]!, world.bodies[modelIndexOf(world, b)]!);
    },
    markerDistance(viewer, target) {
      const marker = world.markers[modelIndexOf(world, viewer)];
      return marker ? baseDistance(marker, world.bodies[modelIndexOf(world, target)]!) : null;
    },
    sight: facts,
    routeLength(id, to, within, maxClimb) {
      const p = measuredPath(world, id, to, {
        climb: 'measured',
        maxLength: within,
        ...(maxClimb !== undefined ? { maxClimb } : {}),
      });
      return p.reachable && !(p.length > (within ?? Infinity)) ? p.length : Infinity;
    },
    routeCost(id, to, difficultEvery, within) {
      const p = measuredPath(world, id, to, { climb: 'measured', difficultEvery, maxLength: within });
      return p.reachable && !(p.horizontal > (within ?? Infinity)) ? p.length : Infinity;
    },
    concealment(viewer, target) {
      const hulls = concealingHulls(world);
      if (hulls.length === 0) return { inside: null, through: null };
      const v = world.bodies[modelIndexOf(world, viewer)]!;
      const t = world.bodies[modelIndexOf(world, target)]!;
      return concealmentBetween(hulls, [v.cx, v.cz], [t.cx, t.cz]);
    },
    areaOf(id) {
      const b = world.bodies[modelIndexOf(world, id)]!;
      const hit = areaHulls(world).find((h) => insideHull(h.hull, b.cx, b.cz));
      if (!hit) return null;
      return { id: hit.id, blocksLos: world.terrain.pieces.find((p) => p.id === hit.id)?.blocksLos ?? false };
    },
    standHeight(baseMm, height, x, z, fromY, ignore) {
      return standsAt(world, x, fromY, z, { baseRadius: mmToInches(baseMm) / 2, height, ignoreModel: ignore });
    },
    standProblem(baseMm, height, x, z, fromY, ignore) {
      const p = standProblem(world, x, fromY, z, { baseRadius: mmToInches(baseMm) / 2, height, ignoreModel: ignore });
      if (!p || !('piece' in p)) return p;
      const piece = scene.terrain?.find((t) => t.id === p.piece);
      return { ...p, piece: piece?.name ?? p.piece };
    },
    jumpBlocked(id, to, clear) {
      const b = world.bodies[modelIndexOf(world, id)]!;
      const dx = to[0] - b.cx,
        dz = to[2] - b.cz;
      const distance = Math.hypot(dx, dz);
      if (distance < 1e-6) return null;
      const r = jump(world, id, (Math.atan2(-dz, dx) * 180) / Math.PI, distance, { clearHeight: clear });
      return r.travelled >= distance - 0.05 ? null : (r.stoppedBy ?? 'no room to land');
    },
    jumpLine(id, directionDeg, distance, clear, clearRadius, fallRadius) {
      // The movement core measures directions counter-clockwise seen from above (towards -z).
      const r = jump(world, id, -directionDeg, distance, {
        clearHeight: clear,
        clearModelRadius: clearRadius,
        fallRadius,
      });
      return {
        end: r.end,
        travelled: r.travelled,
        stoppedBy: r.stoppedBy,
        fall: r.fall ? { height: r.fall.height, landing: r.fall.landing?.position ?? null } : null,
      };
    },
    blockingTerrainDistance(id) {
      const cached = terrainGaps.get(id);
      if (cached !== undefined) return cached;
      const b = world.bodies[modelIndexOf(world, id)]!;
      let best = Infinity;
      for (const piece of world.terrain.pieces) {
        if (!piece.blocksLos) continue;
        // Bounds first: a piece farther than the best so far cannot be nearer.
        const dx = Math.max(piece.bounds.min.x - b.cx, 0, b.cx - piece.bounds.max.x);
        const dz = Math.max(piece.bounds.min.z - b.cz, 0, b.cz - piece.bounds.max.z);
        if (Math.hypot(dx, dz) - b.radius >= best) continue;
        best = Math.min(best, baseToPiece(world, b, piece));
      }
      terrainGaps.set(id, best);
      return best;
    },
  };
}

/**
 * The view of a scene as it is, its own models and smoke (the `geo` CLI asks a ruleset's verdict of
 * it); `at` gives the views of other layouts over its terrain.
 */
export function sceneView(scene: Scene, lookup: MeshLookup, world: GeometryWorld): Queries {
  const models: Layout['models'] = {};
  for (const m of scene.models ?? []) {
    models[m.id] = {
      side: m.side,
      position: m.position,
      baseMm: m.base.shape === 'round' ? m.base.diameterMm : m.base.widthMm,
      height: m.height,
      kind: m.kind === 'vehicle' || m.kind === 'drone' ? m.kind : 'infantry',
      leanOut: m.leanOut ?? null,
    };
  }
  const smoke = (scene.smoke ?? []).map((t) => ({ id: t.id, position: t.position, radius: t.radius ?? 0 }));
  return view(scene, lookup, worldQueries(scene, lookup, world), { models, smoke }, world);
}
