/**
 * The table's tools as a controller, with no React: what a press, a move, a click or a release of the
 * pointer on the table does with the current tool (select and drag, tape, smoke, lean-out) and, in a
 * match, what it plays (play.ts). Values that change on every pointer move (the drag and its measured
 * path, the hovered route, the tape's loose end) live in a small store of their own, `pointer`, so only
 * the parts that draw them redraw; the geometry the table draws from the store (the reach, the badges,
 * the sight rays, the tape) is asked here and kept for the scene it was computed on.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { baseDistance } from '../geometry/measure';
import { baseRadius } from '../geometry/units';
import { modelIndexOf, type GeometryWorld } from '../geometry/world';
import type { Model, Scene } from '../geometry/sceneTypes';
import type { MovePath } from '../movement/path';
import type { ReachGrid } from '../movement/reach';
import type { SightRay } from '../geometry/reference';
import { msg } from '../rules/engine/message';
import type { TablePick } from '../rules/engine/types';
import type { GeometryService, LosBadgeFacts } from './geometryService';
import type { PlayController } from './play';
import { movePicks } from './playView';
import type { TabletopState, TabletopStore, TapeEnd } from './store';

type V3 = [number, number, number];

/** A fall from the dragged model's level at the cursor: its height and landing spot. */
export interface FallPreview {
  at: V3;
  height: number;
  landing: V3 | null;
}

/** A badge over a model: its edge distance and, for an enemy, what the selected model sees of it. */
export interface BadgeLabel {
  model: Model;
  distance: number;
  facts: LosBadgeFacts | null;
}

/** What the pointer is doing now (changes on every move: only the parts that draw it read it). */
export interface PointerState {
  /** The model being dragged, or null. */
  dragId: string | null;
  /** The measured path of the drag, or, in a match, of the selected model to the hovered spot. */
  path: MovePath | null;
  /** Alt held while dragging: the fall from the model's level there. */
  fall: FallPreview | null;
  /** The badges seen from the dragged model's ghost. */
  ghost: BadgeLabel[];
  /** The point of the table under the pointer (the tape's loose end follows it), or null. */
  cursor: V3 | null;
}

const IDLE: PointerState = { dragId: null, path: null, fall: null, ghost: [], cursor: null };

/** Where the tape touches an end: the point itself, or the base's edge facing the other end. */
export function tapeEndPoint(w: GeometryWorld, end: TapeEnd, other: TapeEnd): V3 {
  if (end.kind === 'point') return end.point;
  const b = w.bodies[modelIndexOf(w, end.id)]!;
  let o: V3;
  if (other.kind === 'point') o = other.point;
  else {
    const ob = w.bodies[modelIndexOf(w, other.id)]!;
    o = [ob.cx, ob.y0, ob.cz];
  }
  const dx = o[0] - b.cx,
    dz = o[2] - b.cz;
  const len = Math.hypot(dx, dz) || 1;
  return [b.cx + (dx / len) * b.radius, b.y0 + 0.05, b.cz + (dz / len) * b.radius];
}

/**
 * A function remembered for its last arguments (compared one by one with ===): a store selector that
 * calls it gets the same value back until what it depends on changes, so nothing redraws for nothing.
 */
/** No model under cover (while the terrain index is built). */
const NONE_UNDER_COVER: Set<string> = new Set();

function lastOf<K extends unknown[], R>(f: (...k: K) => R): (...k: K) => R {
  let key: K | null = null;
  let value: R;
  return (...k: K) => {
    if (key === null || key.length !== k.length || key.some((v, i) => v !== k[i])) {
      value = f(...k);
      key = k;
    }
    return value;
  };
}

/** The model of the scene with an id, or null. */
const modelById = (s: TabletopState, id: string | null): Model | null =>
  id === null ? null : ((s.scene.models ?? []).find((m) => m.id === id) ?? null);

/** The table tools for one table view: one per scene component (or per test). */
export class TableTools {
  /** The pointer's state (a store of its own: see PointerState). */
  readonly pointer: StoreApi<PointerState> = createStore<PointerState>(() => IDLE);
  /** Where a drag would put its model now (null: nowhere it may stand). */
  private dragTarget: V3 | null = null;
  /** Where the ghost's badges were last measured from (they refresh when it moves 0.1″). */
  private ghostAt: V3 | null = null;
  /** Where the hovered route was last measured to. */
  private hoverAt: V3 | null = null;

  constructor(
    private readonly store: TabletopStore,
    private readonly geo: GeometryService,
    private readonly play: PlayController | null,
  ) {}

  // ---- What the table draws from the store, kept for the scene it was asked on ----

  /** The allowance the reach shows for the selected model: in a match, its ordinary move's (the rules own the moves). */
  private readonly reachFor = lastOf(
    (_scene: unknown, id: string | null, tool: string, allowance: number, match: TabletopState['play']) => {
      if (!id || tool !== 'select') return null;
      let inches = allowance;
      if (match) {
        const moves = movePicks(match, id);
        const armed = match.pick?.allowance != null && match.pick.model === id ? match.pick.allowance : null;
        const reach = armed ?? (match.pick ? null : (moves[moves.length - 1]?.allowance ?? null));
        if (reach === null) return null;
        inches = reach;
      }
      try {
        return this.geo.reach(id, inches);
      } catch {
        return null;
      }
    },
  );

  /** The reach of the selected model (every spot its move can end on), or null. */
  reachGrid(s: TabletopState): ReachGrid | null {
    return this.reachFor(s.scene, s.selectedId, s.tool, s.allowance, s.play);
  }

  private readonly badgesFor = lastOf((scene: Scene, id: string | null): BadgeLabel[] => {
    const selected = (scene.models ?? []).find((m) => m.id === id);
    if (!selected) return [];
    const w = this.geo.world();
    const me = w.bodies[modelIndexOf(w, selected.id)]!;
    return (scene.models ?? [])
      .filter((m) => m.id !== selected.id)
      .map((m) => ({
        model: m,
        distance: baseDistance(me, w.bodies[modelIndexOf(w, m.id)]!),
        facts: m.side !== selected.side ? this.geo.facts(selected.id, m.id) : null,
      }));
  });

  /** Every other model's distance from the selected one and, for enemies, its LOS badge. */
  badges(s: TabletopState): BadgeLabel[] {
    return this.badgesFor(s.scene, s.selectedId);
  }

  private readonly threatsFor = lastOf((scene: Scene, id: string | null, on: boolean): BadgeLabel[] => {
    const selected = (scene.models ?? []).find((m) => m.id === id);
    if (!on || !selected) return [];
    const w = this.geo.world();
    const me = w.bodies[modelIndexOf(w, selected.id)]!;
    return (scene.models ?? [])
      .filter((m) => m.side !== selected.side)
      .map((m) => ({
        model: m,
        distance: baseDistance(me, w.bodies[modelIndexOf(w, m.id)]!),
        facts: this.geo.facts(m.id, selected.id),
      }))
      .filter((b) => b.facts.hasLos);
  });

  /** The threat view (H): each enemy that can see the selected model, with what it sees of it; empty when off. */
  threats(s: TabletopState): BadgeLabel[] {
    return this.threatsFor(s.scene, s.selectedId, s.showThreats);
  }

  private readonly coverFor = lastOf((_scene: unknown, eye: boolean, _indexed: number) =>
    eye ? null : (this.geo.modelsUnderCoverIfReady() ?? NONE_UNDER_COVER),
  );

  /**
   * Models under a roof or an upper floor (drawn through it), except in the eye view (it shows what the eye
   * sees). None while a new table's terrain index is still being built off the main thread.
   */
  underCover(s: TabletopState): Set<string> | null {
    return this.coverFor(s.scene, s.cameraMode === 'eye', s.terrainIndexed);
  }

  private readonly raysFor = lastOf((scene: Scene, id: string | null, target: string | null) => {
    const on = (x: string) => (scene.models ?? []).some((m) => m.id === x);
    if (!id || !target || !on(id) || !on(target)) return null;
    const w = this.geo.world();
    return {
      eye: w.bodies[modelIndexOf(w, id)]!.eye as V3,
      rays: this.geo.rays(id, target, 10),
      occluders: new Set(this.geo.facts(id, target).coverPieces.map((c) => c.id)),
    };
  });

  /** The sight rays from the selected model to its ray target, and the pieces in the way, or null. */
  rays(s: TabletopState): { eye: V3; rays: SightRay[]; occluders: Set<string> } | null {
    return this.raysFor(s.scene, s.selectedId, s.rayTargetId);
  }

  private readonly eyeFor = lastOf((scene: Scene, id: string | null) => {
    const m = (scene.models ?? []).find((x) => x.id === id);
    if (!m) return null;
    const w = this.geo.world();
    return { position: w.bodies[modelIndexOf(w, m.id)]!.eye as V3, facingDeg: m.facingDeg ?? 0 };
  });

  /** The selected model's eye and facing (the eye view looks from it), or null. */
  eye(s: TabletopState): { position: V3; facingDeg: number } | null {
    return this.eyeFor(s.scene, s.selectedId);
  }

  private readonly tapeFor = lastOf((_scene: unknown, tape: TabletopState['tape']) => {
    if (!tape?.b) return null;
    try {
      const w = this.geo.world();
      return {
        from: tapeEndPoint(w, tape.a, tape.b),
        to: tapeEndPoint(w, tape.b, tape.a),
        length: this.geo.tapeLength(tape.a, tape.b),
      };
    } catch {
      return null;
    }
  });

  /** The tape laid between its two ends, with its length, or null. */
  tape(s: TabletopState): { from: V3; to: V3; length: number } | null {
    return this.tapeFor(s.scene, s.tape);
  }

  /** The tape from its first end to the cursor (the length so far), or null. */
  looseTape(first: TapeEnd, cursor: V3 | null): { from: V3; to: V3 | null; length: number | null } | null {
    try {
      const to: TapeEnd = cursor ? { kind: 'point', point: cursor } : first;
      const from = tapeEndPoint(this.geo.world(), first, to);
      return { from, to: cursor, length: cursor ? this.geo.tapeLength(first, to) : null };
    } catch {
      return null;
    }
  }

  /** The allowance a drag or a hovered route is measured against: the tool's, or in a match the selected model's farthest move. */
  allowanceOf(s: TabletopState, id: string | null): number {
    if (!s.play || !id) return s.allowance;
    if (s.play.pick?.model === id && s.play.pick.allowance !== null) return s.play.pick.allowance;
    return movePicks(s.play, id).at(-1)?.allowance ?? s.allowance;
  }

  /** In a match: the cheapest kind of move of `id` that reaches `length` inches (what a click there plays; the armed pick when there is one), or null. */
  moveKind(s: TabletopState, id: string, length: number): TablePick | null {
    if (!s.play) return null;
    if (s.play.pick) return s.play.pick.model === id ? s.play.pick : null;
    return movePicks(s.play, id).find((p) => p.allowance! + 1e-9 >= length) ?? null;
  }

  // ---- The pointer ----

  /** The pointer moved over the table's surfaces to `p` (Alt held: show the fall while dragging). */
  surfaceMove(p: V3, altKey = false): void {
    const s = this.store.getState();
    const { dragId } = this.pointer.getState();
    if (!dragId) {
      this.pointer.setState({ cursor: p, ...this.hoverRoute(s, p) });
      return;
    }
    this.dragTarget = [p[0], p[1] + 0.05, p[2]];
    const path = this.geo.path(dragId, p[0], p[2], p[1] + 0.05);
    const dropped = altKey ? this.geo.fallAt(dragId, p[0], p[2]) : null;
    const dragged = modelById(s, dragId);
    const level = dragged?.position[1] ?? 0;
    const fall: FallPreview | null = dropped
      ? { at: [p[0], level, p[2]], height: dropped.height, landing: dropped.landing?.position ?? null }
      : null;
    this.pointer.setState({ cursor: p, path, fall, ghost: this.ghostBadges(s, dragId, path) });
  }

  /** In a match with one of the decider's models selected: the measured route to the hovered spot (refreshed every 0.1″). */
  private hoverRoute(s: TabletopState, p: V3): Partial<PointerState> {
    const id = s.selectedId;
    if (!s.play || s.tool !== 'select' || !id || (!s.play.pick && movePicks(s.play, id).length === 0)) {
      this.hoverAt = null;
      return this.pointer.getState().path ? { path: null } : {};
    }
    if (s.play.pick && (s.play.pick.model !== id || s.play.pick.allowance === null)) return { path: null };
    const last = this.hoverAt;
    if (last && Math.hypot(last[0] - p[0], last[2] - p[2]) < 0.1) return {};
    this.hoverAt = p;
    try {
      return { path: this.geo.path(id, p[0], p[2], p[1] + 0.05) };
    } catch {
      return { path: null };
    }
  }

  /** The badges seen from the dragged model's ghost at the end of its path (kept until it moves 0.1″). */
  private ghostBadges(s: TabletopState, dragId: string, path: MovePath): BadgeLabel[] {
    const kept = this.pointer.getState().ghost;
    const end = path.points[path.points.length - 1];
    const dragged = modelById(s, dragId);
    if (!end || !dragged || !path.reachable) return kept;
    const last = this.ghostAt;
    if (last && Math.hypot(last[0] - end[0], last[1] - end[1], last[2] - end[2]) < 0.1) return kept;
    this.ghostAt = end;
    const others = (s.scene.models ?? []).filter((m) => m.id !== dragId);
    const enemies = others.filter((m) => m.side !== dragged.side).map((m) => m.id);
    const seen = new Map(this.geo.ifMovedTo(dragId, end, enemies).map((r) => [r.id, r]));
    const w = this.geo.world();
    return others.map((m) => {
      const r = seen.get(m.id);
      const b = w.bodies[modelIndexOf(w, m.id)]!;
      const distance = r
        ? r.distance
        : Math.max(0, Math.hypot(b.cx - end[0], b.cz - end[2]) - b.radius - baseRadius(dragged.base));
      return { model: m, distance, facts: r ? r.facts : null };
    });
  }

  /** The pointer left the table. */
  surfaceLeave(): void {
    this.hoverAt = null;
    if (!this.pointer.getState().dragId) this.pointer.setState({ cursor: null, path: null });
  }

  /**
   * A click on the table's surfaces at `p`. `delta`: how far the pointer moved while pressed (the end of
   * an orbit is not a click); `throughCover`: the click went through a roof onto a model drawn through
   * it (the click is the model's). In a match it goes to the rules (play.ts: the armed pick, or the
   * selected model's move); otherwise to the tool.
   */
  surfaceClick(p: V3, o: { delta: number; throughCover: boolean }): boolean {
    if (o.throughCover) return false;
    const s = this.store.getState();
    if (s.play && this.play && s.tool !== 'tape') {
      if (o.delta > 4) return false;
      this.hoverAt = null;
      this.pointer.setState({ path: null });
      void this.play.clickTable(p[0], p[1], p[2], s.selectedId);
      return true;
    }
    if (s.tool === 'tape') {
      const end: TapeEnd = { kind: 'point', point: p };
      s.setTape(!s.tape || s.tape.b ? { a: end, b: null } : { a: s.tape.a, b: end });
      return true;
    }
    if (s.tool === 'smoke') {
      const r = this.geo.placeSmoke(p[0], p[2]);
      if (!r.ok) s.setNotice(r.reason);
      return true;
    }
    if (s.tool === 'lean') {
      if (!s.selectedId) {
        s.setNotice(msg('ui:notice.lean-select'));
        return true;
      }
      const r = this.geo.placeLeanOut(s.selectedId, p[0], p[2]);
      if (!r.ok) s.setNotice(r.reason);
      return true;
    }
    return false;
  }

  /**
   * A press on a model. With the tape it is one of the tape's ends; in a match it may answer the armed
   * pick or act on the model (play.ts `clickModel`); on an enemy of the selected model it shows the sight
   * rays to it; otherwise it selects the model and starts a drag (in a match only of a model that may
   * move now). Answers whether a drag started (the camera's controls stop while it lasts).
   */
  modelDown(id: string, o: { shiftKey: boolean } = { shiftKey: false }): boolean {
    const s = this.store.getState();
    if (s.tool === 'tape') {
      const end: TapeEnd = { kind: 'model', id };
      s.setTape(!s.tape || s.tape.b ? { a: end, b: null } : { a: s.tape.a, b: end });
      return false;
    }
    if (s.tool !== 'select') return false;
    if (s.play && this.play?.actsOn(id, s.selectedId)) {
      void this.play.clickModel(id, s.selectedId);
      return false;
    }
    const current = modelById(s, s.selectedId);
    const clicked = modelById(s, id);
    if (current && clicked && clicked.side !== current.side && !o.shiftKey) {
      // An enemy of the selected model: show the sight rays to it (click again to hide).
      s.setRayTarget(s.rayTargetId === id ? null : id);
      return false;
    }
    s.select(id);
    if (s.play && movePicks(s.play, id).length === 0) return false;
    this.dragTarget = null;
    this.ghostAt = null;
    this.pointer.setState({ ...IDLE, dragId: id });
    return true;
  }

  /** The pointer was released: a drag ends with the move (in a match, played through the rules). */
  release(): void {
    const { dragId, fall } = this.pointer.getState();
    const target = fall ? null : this.dragTarget;
    this.pointer.setState(IDLE);
    this.dragTarget = null;
    this.ghostAt = null;
    if (!dragId || !target) return;
    const s = this.store.getState();
    const m = modelById(s, dragId);
    if (!m || Math.hypot(m.position[0] - target[0], m.position[2] - target[2]) < 0.05) return;
    if (s.play && this.play) {
      void this.play.clickTable(target[0], target[1] - 0.05, target[2], dragId);
      return;
    }
    const r = this.geo.moveModel(dragId, target[0], target[2], target[1]);
    if (!r.ok) s.setNotice(msg('ui:notice.did-not-move', { id: dragId, reason: r.reason }));
  }

  /** A click on nothing (the sky): the selection and the sight rays go. */
  missed(): void {
    const s = this.store.getState();
    if (s.tool !== 'select') return;
    s.select(null);
    s.setRayTarget(null);
  }
}
