/**
 * The geometry core for the app: a world kept in step with the store's scene (the terrain BVH is
 * rebuilt only when the terrain changes), and the questions the table tools ask of it. The
 * automation API and the scene components both go through this, so they give the same answers.
 */
import { baseDistance } from '../geometry/measure';
import { routeRefusal } from './routeRefusal';
import { modelsUnderCover } from '../geometry/structures';
import { pairFacts, sight, type PairFacts } from '../geometry/facts';
import { DEFAULT_ROWS } from '../geometry/visibility';
import { sightRays, type SightRay } from '../geometry/reference';
import { landing, surfaceBelow, type Landing } from '../geometry/drop';
import { modelIndexOf, rebuildWorld, worldOver, type GeometryWorld } from '../geometry/world';
import { buildTerrainIndexAsync } from '../geometry/terrainIndex';
import { bvhInWorker } from '../geometry/bvhWorker';
import { cachedMesh } from '../io/meshCache';
import type { Model, Scene } from '../geometry/sceneTypes';
import { validateScene } from '../io/sceneFile';
import { terrainSolidsStep } from '../geometry/solids';
import { measuredPath, type MovePath } from '../movement/path';
import { reach, type ReachGrid } from '../movement/reach';
import { DEFAULT_SMOKE_RADIUS } from '../geometry/smoke';
import { LEAN_OUT_DIAMETER_MM, mmToInches } from '../geometry/units';
import { levelObstacles } from '../movement/reach';
import { plannerFor } from '../movement/tangentPath';
import type { TabletopStore, TapeEnd } from './store';
import { inch, msg, type Text } from '../rules/engine/message';

/** The facts an LOS badge shows. */
export type LosBadgeFacts = Pick<PairFacts, 'hasLos' | 'visibleFraction' | 'viaLeanOut'>;

/** What a table action answered. */
export type ActionResult = { ok: true } | { ok: false; reason: Text };

/** Geometry for the current scene, and the table actions built on it. */
export class GeometryService {
  private cached: GeometryWorld | null = null;
  private readonly factCache = new Map<string, PairFacts>();

  constructor(private readonly store: TabletopStore) {}

  /** The world for the store's current scene. */
  world(): GeometryWorld {
    const scene = this.store.getState().scene;
    if (this.cached?.scene !== scene) {
      this.cached = rebuildWorld(scene, cachedMesh, this.cached);
      this.factCache.clear();
    }
    return this.cached;
  }

  /** The terrain whose index is being built off the main thread (`worldIfReady`). */
  private building: { terrain: Scene['terrain']; done: Promise<void> } | null = null;

  /**
   * The world for the store's scene when its terrain index is ready, else null: the index is then built
   * off the main thread (the pieces placed between tasks, the BVH in three-mesh-bvh's worker), and the
   * store's `terrainIndexed` goes up when it is ready. For what a view draws as a table opens (a dense
   * table's index takes most of a second); a question a person asks gets `world()`, built at once if need be.
   */
  worldIfReady(): GeometryWorld | null {
    const scene = this.store.getState().scene;
    if (this.cached && this.cached.scene.terrain === scene.terrain) return this.world();
    if (this.building?.terrain !== scene.terrain) this.prepare(scene);
    return null;
  }

  private prepare(scene: Scene): void {
    const terrain = scene.terrain;
    const job: { terrain: Scene['terrain']; done: Promise<void> } = {
      terrain,
      done: buildTerrainIndexAsync(scene, cachedMesh, bvhInWorker).then(
        (index) => {
          if (this.building !== job) return;
          this.building = null;
          const now = this.store.getState();
          // A table replaced meanwhile: this one is not needed.
          if (now.scene.terrain !== terrain) return;
          // Its index built at once for a question meanwhile: that one stays. Either way the views ask again.
          if (this.cached?.scene.terrain !== terrain) {
            this.cached = worldOver(now.scene, cachedMesh, index);
            this.factCache.clear();
          }
          this.store.setState({ terrainIndexed: now.terrainIndexed + 1 });
        },
        (e: unknown) => {
          if (this.building === job) this.building = null;
          console.error('the terrain index was not built off the main thread:', e);
        },
      ),
    };
    this.building = job;
  }

  /** LOS facts for viewer → target (cached per scene). */
  facts(viewerId: string, targetId: string): PairFacts {
    const w = this.world();
    const key = `${viewerId}>${targetId}`;
    let f = this.factCache.get(key);
    if (!f) {
      f = pairFacts(w, viewerId, targetId);
      this.factCache.set(key, f);
    }
    return f;
  }

  /**
   * What a model would see of each of `targetIds`, and how far they would be, if it stood at
   * `position` (the ghost of a drag): visible share and any-point LOS only (no cover-piece distances
   * or structure tests), so it can refresh while the model is dragged.
   */
  ifMovedTo(
    modelId: string,
    position: [number, number, number],
    targetIds: readonly string[],
  ): { id: string; distance: number; facts: LosBadgeFacts }[] {
    const current = this.world();
    const scene = current.scene;
    const models = (scene.models ?? []).map((m): Model => (m.id === modelId ? { ...m, position, leanOut: null } : m));
    const w = rebuildWorld({ ...scene, models }, cachedMesh, current);
    const me = w.bodies[modelIndexOf(w, modelId)]!;
    return targetIds.map((id) => {
      const t = w.bodies[modelIndexOf(w, id)]!;
      const f = sight(w, me, me.eye, t, DEFAULT_ROWS, false);
      return {
        id,
        distance: baseDistance(me, t),
        facts: { hasLos: f.hasLos, visibleFraction: f.visibleFraction, viaLeanOut: null },
      };
    });
  }

  /** The models with a roof or an upper floor over them (geometry `modelsUnderCover`). */
  modelsUnderCover(): Set<string> {
    return modelsUnderCover(this.world());
  }

  /** The same once the terrain index is ready (`worldIfReady`), else null. */
  modelsUnderCoverIfReady(): Set<string> | null {
    const w = this.worldIfReady();
    return w ? modelsUnderCover(w) : null;
  }

  /** Sight lines from the viewer's eye to points over the target, with what stops each. */
  rays(viewerId: string, targetId: string, n = 8): SightRay[] {
    const w = this.world();
    const v = w.bodies[modelIndexOf(w, viewerId)]!;
    const t = w.bodies[modelIndexOf(w, targetId)]!;
    return sightRays(w, v.eye, t, (k) => w.bodies[k] === v, n);
  }

  /**
   * Prepares, in the page's idle time, what a model's first route on this table needs (the table's
   * solids, the footprints and the path planner for its base, height and level: 20–40 ms on a new
   * table), one kind of model a step, so the first glide of a match does not pause the page: each kind's
   * path to where it stands is measured. It starts once the table's terrain index is ready (`worldIfReady`:
   * the caller asks again when the store's `terrainIndexed` changes). Returns a function that stops it.
   */
  warmRoutes(): () => void {
    if (typeof requestIdleCallback === 'undefined') return () => undefined;
    const w = this.worldIfReady();
    if (!w) return () => undefined;
    const kinds = new Set<string>();
    const todo = w.bodies.flatMap((b, i) => {
      const kind = `${b.radius}|${b.y1 - b.y0}|${b.y0}`;
      if (kinds.has(kind)) return [];
      kinds.add(kind);
      return [w.models[i]!.id];
    });
    let handle = 0;
    const step = (deadline: IdleDeadline) => {
      const now = this.world();
      // A dense table's solids are found a few pieces per idle period first (a second's work at once).
      if (!terrainSolidsStep(now, deadline.timeRemaining())) {
        handle = requestIdleCallback(step);
        return;
      }
      const modelId = todo.shift();
      if (modelId === undefined) return;
      const m = now.scene.models?.find((x) => x.id === modelId);
      try {
        if (m) measuredPath(now, modelId, m.position, { climb: 'measured' });
      } catch {
        // Only a preparation: a move that asks measures again, and says what is wrong.
      }
      handle = requestIdleCallback(step);
    };
    handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }

  /** The measured path of a model to a point on the table (y: the surface under it). */
  path(modelId: string, x: number, z: number, fromY?: number): MovePath {
    const w = this.world();
    const y = this.surfaceAt(x, fromY ?? 50, z);
    return measuredPath(w, modelId, [x, y, z], { climb: 'measured' });
  }

  /**
   * The route a model that now stands at the end of a move took from `from`: the measured path back to
   * `from`, reversed (the scene glides the model along it). Null when the model is not where the move
   * ended (another change of place has moved it since), when it cannot be measured, or when it is a
   * straight line anyway.
   */
  routeFrom(modelId: string, from: readonly number[], to: readonly number[]): [number, number, number][] | null {
    const w = this.world();
    const i = (w.scene.models ?? []).findIndex((m) => m.id === modelId);
    const m = i >= 0 ? w.scene.models![i]! : null;
    if (!m || Math.hypot(m.position[0] - to[0]!, m.position[2] - to[2]!) > 0.05) return null;
    try {
      const back = measuredPath(w, modelId, from, { climb: 'measured' });
      if (!back.reachable || back.points.length < 3) return null;
      return [...back.points].reverse();
    } catch {
      return null;
    }
  }

  /**
   * If the model stepped off its level at (x, z), how far it would fall and where it would land
   * (geometry `landing` within `radius`); null when the point is not lower than where it stands.
   */
  fallAt(modelId: string, x: number, z: number, radius = 3): { height: number; landing: Landing | null } | null {
    const w = this.world();
    const body = w.bodies[modelIndexOf(w, modelId)]!;
    const below = this.surfaceAt(x, body.y0 + 0.05, z);
    if (below > body.y0 - 0.05) return null;
    const spot = landing(w, [x, body.y0, z], radius, {
      baseRadius: body.radius,
      height: body.y1 - body.y0,
      ignoreModel: modelId,
    });
    return { height: body.y0 - (spot ? spot.position[1] : below), landing: spot };
  }

  /** The surface a base would stand on under (x, fromY, z). */
  surfaceAt(x: number, fromY: number, z: number): number {
    const w = this.world();
    const { width, depth } = w.scene.table;
    if (x < 0 || x > width || z < 0 || z > depth) return 0;
    return surfaceBelow(w, x, fromY, z).y;
  }

  /** The reach grid of a model for the store's allowance. */
  reach(modelId: string, allowance = this.store.getState().allowance): ReachGrid {
    return reach(this.world(), modelId, allowance, { climb: 'measured', cell: 0.25 });
  }

  /** Tape length between two ends: base edge to base edge, base to point, or point to point (3D). */
  tapeLength(a: TapeEnd, b: TapeEnd): number {
    const w = this.world();
    const bodyOf = (id: string) => w.bodies[modelIndexOf(w, id)]!;
    if (a.kind === 'model' && b.kind === 'model') return baseDistance(bodyOf(a.id), bodyOf(b.id));
    if (a.kind === 'point' && b.kind === 'point')
      return Math.hypot(a.point[0] - b.point[0], a.point[1] - b.point[1], a.point[2] - b.point[2]);
    const m = bodyOf(a.kind === 'model' ? a.id : (b as { id: string }).id);
    const p = a.kind === 'point' ? a.point : (b as { point: [number, number, number] }).point;
    const gap = Math.max(0, Math.hypot(p[0] - m.cx, p[2] - m.cz) - m.radius);
    return Math.hypot(gap, p[1] - m.y0);
  }

  /**
   * Moves a model along its measured path, if it can get there within the allowance; an undoable
   * edit. Its lean-out marker goes away when it moves.
   */
  moveModel(modelId: string, x: number, z: number, fromY?: number): ActionResult & { path?: MovePath } {
    const state = this.store.getState();
    const p = this.path(modelId, x, z, fromY);
    if (!p.reachable) return { ok: false, reason: routeRefusal(p, state.scene) ?? msg('ui:scene.cannot-move') };
    if (p.length > state.allowance + 1e-9) {
      return {
        ok: false,
        reason: msg('ui:refuse.over-allowance', { d: p.length, allowance: inch(state.allowance) }),
      };
    }
    const end = p.points[p.points.length - 1]!;
    const models = (state.scene.models ?? []).map((m): Model =>
      m.id === modelId ? { ...m, position: [end[0], end[1], end[2]], leanOut: null } : m,
    );
    return { ...this.commit({ ...state.scene, models }), path: p };
  }

  /**
   * Places the model's 25 mm lean-out marker with its centre at (x, z): within `limit` inches of
   * the model's base, edge to edge (the ruleset's limit; 1" by default), on the model's level,
   * clear of terrain and other bases; undoable. It goes away when the model moves.
   */
  placeLeanOut(modelId: string, x: number, z: number, limit = 1): ActionResult {
    const w = this.world();
    const i = modelIndexOf(w, modelId);
    const body = w.bodies[i]!;
    const r = mmToInches(LEAN_OUT_DIAMETER_MM) / 2;
    const gap = Math.hypot(x - body.cx, z - body.cz) - body.radius - r;
    if (gap < -1e-6) return { ok: false, reason: msg('ui:refuse.lean.on-base') };
    if (gap > limit + 1e-9)
      return {
        ok: false,
        reason: msg('ui:refuse.lean.too-far', { limit: inch(limit), model: modelId, d: gap }),
      };
    const obstacles = levelObstacles(w, modelId);
    if (!plannerFor(obstacles.polys, r).pointFree(x, z, obstacles.circles))
      return { ok: false, reason: msg('ui:refuse.lean.no-room') };
    const scene = this.store.getState().scene;
    const models = (scene.models ?? []).map((m): Model => (m.id === modelId ? { ...m, leanOut: [x, body.y0, z] } : m));
    return this.commit({ ...scene, models });
  }

  /** Places a smoke token (default 3" radius, unlimited height) on the table; undoable. */
  placeSmoke(x: number, z: number, radius = DEFAULT_SMOKE_RADIUS): ActionResult & { id?: string } {
    const scene = this.store.getState().scene;
    const used = new Set([
      ...(scene.smoke ?? []).map((s) => s.id),
      ...(scene.models ?? []).map((m) => m.id),
      ...(scene.terrain ?? []).map((t) => t.id),
    ]);
    let n = 1;
    while (used.has(`smoke-${n}`)) n++;
    const id = `smoke-${n}`;
    const r = this.commit({
      ...scene,
      smoke: [...(scene.smoke ?? []), { id, position: [x, 0, z], radius, height: null }],
    });
    return r.ok ? { ok: true, id } : r;
  }

  /** Removes a smoke token; undoable. */
  removeSmoke(id: string): ActionResult {
    const scene = this.store.getState().scene;
    if (!(scene.smoke ?? []).some((s) => s.id === id)) return { ok: false, reason: msg('ui:refuse.no-smoke', { id }) };
    return this.commit({ ...scene, smoke: (scene.smoke ?? []).filter((s) => s.id !== id) });
  }

  private commit(scene: Scene): ActionResult {
    // Check the edit as a scene file, but keep the same objects (terrain keeps its identity, so the
    // BVH and the terrain meshes are not rebuilt for a move).
    const checked = validateScene(scene, 'edit');
    if (!checked.ok) return { ok: false, reason: checked.error.message };
    this.store.getState().editScene(scene);
    return { ok: true };
  }
}
