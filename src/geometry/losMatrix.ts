/**
 * Line of sight between every ordered pair of models, kept up to date as models move. A move
 * recomputes only the pairs it can change: those the moved model is in, and those whose sight
 * corridor (eye to target, as wide as the target) its old or new body touches; a pair whose corridor's
 * box (seen from above) neither body reaches is set aside in a few comparisons.
 */
import type { Model } from './sceneTypes';
import type { Body } from './bodies';
import { pointSearch } from './facts';
import { coveredInPlan } from './planCover';
import { blockedByOnePrism } from './losCertificate';
import { addBodyToMask, countVisible, DEFAULT_ROWS, newTrace, sphereInTrace, type VisibilityTrace } from './visibility';
import { updateModel, type GeometryWorld } from './world';

/** What the matrix keeps per ordered pair. */
export interface PairSight {
  hasLos: boolean;
  visibleFraction: number;
}

/**
 * The space every sight line of a pair can use, both ways and from any point of either body: the
 * segment between the bodies' centres, widened by both bounding spheres.
 */
interface Corridor {
  ax: number;
  ay: number;
  az: number;
  bx: number;
  by: number;
  bz: number;
  /** Radius around the axis. */
  r: number;
}

const sphereRadius = (b: Body) => Math.hypot(b.radius, (b.y1 - b.y0) / 2);

function setCorridor(c: Corridor, v: Body, t: Body): void {
  c.ax = v.cx;
  c.ay = (v.y0 + v.y1) / 2;
  c.az = v.cz;
  c.bx = t.cx;
  c.by = (t.y0 + t.y1) / 2;
  c.bz = t.cz;
  c.r = sphereRadius(t) + sphereRadius(v);
}

/** Whether a body's bounding sphere reaches into the corridor. */
function touches(b: Body, c: Corridor): boolean {
  const px = b.cx,
    py = (b.y0 + b.y1) / 2,
    pz = b.cz;
  const dx = c.bx - c.ax,
    dy = c.by - c.ay,
    dz = c.bz - c.az;
  const len2 = dx * dx + dy * dy + dz * dz;
  let s = len2 > 0 ? ((px - c.ax) * dx + (py - c.ay) * dy + (pz - c.az) * dz) / len2 : 0;
  s = Math.max(0, Math.min(1, s));
  const d = Math.hypot(c.ax + dx * s - px, c.ay + dy * s - py, c.az + dz * s - pz);
  return d <= sphereRadius(b) + c.r + 1e-6;
}

const share = (vis: { visible: number; samples: number }) => Math.round((vis.visible / vis.samples) * 1e4) / 1e4;

/** The visible share of t from v's eye, and the blocked cells (kept to add a model to later). */
function visibleShare(
  w: GeometryWorld,
  v: Body,
  t: Body,
  rows: number,
  trace: VisibilityTrace,
  mask: Uint32Array,
): { share: number; mask: Uint32Array } {
  const vis = countVisible(w, v.eye, t, (k) => w.bodies[k] === v, rows, trace, mask);
  // (An empty mask when the eye touches the target: nothing to add a body to.)
  return { share: share(vis), mask: vis.mask };
}

/** The frustum of an any-point pass (not kept: what matters there is who hid cells). */
const SCRATCH_FRUSTUM = new Float64Array(19);

/** A pair the certificate settled: no sight either way, whatever other models do. */
const NO_SIGHT: PairSight = Object.freeze({ hasLos: false, visibleFraction: 0 });

function newPairState(): PairState {
  return {
    ab: newTrace(),
    ba: newTrace(),
    pointHiders: [],
    coverBodies: null,
    searched: false,
    seeingPoint: -1,
    corridor: { ax: 0, ay: 0, az: 0, bx: 0, by: 0, bz: 0, r: 0 },
    maskAB: new Uint32Array(0),
    maskBA: new Uint32Array(0),
  };
}

/** The state of every pair the certificate settled: one prism blocks every line, whatever other models do. */
const CERTIFIED: PairState = newPairState();

/** LOS exists only through the any-point search (neither eye sees the other model). */
const viaSearch = (state: PairState) => state.searched && state.seeingPoint >= 0;

/** A pair's any-point search forgotten (its points' hiders are only ever kept while `searched`). */
function forgetSearch(state: PairState): void {
  if (state.searched) for (const set of state.pointHiders) set.clear();
  state.searched = false;
}

/** What is kept per unordered pair to decide whether a move can change it. */
interface PairState {
  ab: VisibilityTrace;
  ba: VisibilityTrace;
  /** Per viewer point of the any-point search (when it ran): the bodies that hid cells from it. */
  pointHiders: Set<number>[];
  /** When what stands between the two cuts every line seen from above (`coveredInPlan`): the model bodies of that proof. */
  coverBodies: Set<number> | null;
  /** The any-point search ran for the current eye results, and which point saw (-1: none). */
  searched: boolean;
  seeingPoint: number;
  corridor: Corridor;
  /** The blocked cells of each direction (empty: the eye touches the target). */
  maskAB: Uint32Array;
  maskBA: Uint32Array;
}

/** The LOS matrix over a world. */
export class LosMatrix {
  private readonly results: (PairSight | null)[];
  private readonly states: (PairState | null)[];
  /**
   * Per pair (i < j, at i * n + j): its corridor's box seen from above (min x, max x, min z, max z). A move
   * can change only pairs whose corridor the mover's body reaches, before or after (a candidate occluder, a
   * point that hid, a body of a plan-cover proof, a frustum it enters: all lie within the corridor, and a
   * body reaching it in 3D reaches its box in plan): a few comparisons set every other pair aside.
   */
  private readonly boxes: Float64Array;
  /** Pairs (ordered) recomputed by the last refresh or move. */
  lastRecomputed = 0;

  constructor(
    readonly world: GeometryWorld,
    private readonly rows = DEFAULT_ROWS,
  ) {
    const n = world.bodies.length;
    this.results = new Array<PairSight | null>(n * n).fill(null);
    this.states = new Array<PairState | null>(n * n).fill(null);
    this.boxes = new Float64Array(n * n * 4);
  }

  /** Keeps pair (i, j)'s corridor box (see `boxes`). */
  private box(i: number, j: number, a: Body, b: Body): void {
    const r = sphereRadius(a) + sphereRadius(b);
    const at = (i * this.world.bodies.length + j) * 4;
    this.boxes[at] = Math.min(a.cx, b.cx) - r;
    this.boxes[at + 1] = Math.max(a.cx, b.cx) + r;
    this.boxes[at + 2] = Math.min(a.cz, b.cz) - r;
    this.boxes[at + 3] = Math.max(a.cz, b.cz) + r;
  }

  /** Whether a body's plan circle (`r`: its bounding sphere's radius) meets pair p's corridor box. */
  private boxReaches(p: number, b: Body, r: number): boolean {
    const at = p * 4;
    return (
      b.cx + r >= this.boxes[at]! &&
      b.cx - r <= this.boxes[at + 1]! &&
      b.cz + r >= this.boxes[at + 2]! &&
      b.cz - r <= this.boxes[at + 3]!
    );
  }

  /**
   * Computes both directions of a pair. Any-point LOS is symmetric, so when either eye sees the
   * other model both have LOS, and the costly any-point search runs at most once per pair.
   */
  private compute(i: number, j: number): void {
    const w = this.world;
    const n = w.bodies.length;
    const a = w.bodies[i]!;
    const b = w.bodies[j]!;
    this.box(i, j, a, b);
    const prev = this.states[i * n + j];
    if (blockedByOnePrism(w, a, b)) {
      this.results[i * n + j] = this.results[j * n + i] = NO_SIGHT;
      this.states[i * n + j] = CERTIFIED;
      return;
    }
    // The pair's state object is reused from its last computation.
    const state: PairState = prev && prev !== CERTIFIED ? prev : newPairState();
    state.ab.candidates.clear();
    state.ba.candidates.clear();
    setCorridor(state.corridor, a, b);
    const ab = visibleShare(w, a, b, this.rows, state.ab, state.maskAB);
    const ba = visibleShare(w, b, a, this.rows, state.ba, state.maskBA);
    state.maskAB = ab.mask;
    state.maskBA = ba.mask;
    this.settle(i, j, state, ab.share, ba.share, -1);
  }

  /**
   * Stores a pair's shares; when neither eye sees, the any-point search decides LOS. After a move
   * of `mover` (another model; -1: none) the search's last answer is reused: of the points that
   * saw nothing then, only those where the mover hid cells can see now (the mover, moved, can only
   * hide more elsewhere), and the point that saw is tried again before the points after it.
   */
  private settle(i: number, j: number, state: PairState, ab: number, ba: number, mover: number): void {
    const w = this.world;
    const n = w.bodies.length;
    let hasLos = ab > 0 || ba > 0;
    if (hasLos) {
      forgetSearch(state);
      state.coverBodies = null;
    } else if (mover >= 0 && state.coverBodies && !state.coverBodies.has(mover)) {
      // Proved blocked by parts the mover is not one of: it still is (the mover can only hide more).
      hasLos = false;
    } else if ((state.coverBodies = coveredInPlan(w, w.bodies[i]!, w.bodies[j]!))) {
      // What stands between them cuts every line, seen from above: no search needed.
      forgetSearch(state);
    } else {
      const search = pointSearch(w, w.bodies[i]!, w.bodies[j]!);
      while (state.pointHiders.length < search.count) state.pointHiders.push(new Set());
      const sees = (p: number): boolean => {
        const hiders = state.pointHiders[p]!;
        hiders.clear();
        return search.sees(p, { candidates: hiders, frustum: SCRATCH_FRUSTUM });
      };
      let seeing = -1;
      const incremental = mover >= 0 && state.searched;
      // Points before `from` saw nothing last time; from `from` on they are (re)tried in order.
      const from = !incremental ? 0 : state.seeingPoint >= 0 ? state.seeingPoint : search.count;
      if (incremental) {
        for (let p = 0; p < from && seeing < 0; p++) if (state.pointHiders[p]!.has(mover) && sees(p)) seeing = p;
      }
      for (let p = from; p < search.count && seeing < 0; p++) if (sees(p)) seeing = p;
      // Points after the one that saw were not tried: what they met does not count.
      for (let p = seeing + 1; seeing >= 0 && p < search.count; p++) state.pointHiders[p]!.clear();
      state.searched = true;
      state.seeingPoint = seeing;
      hasLos = seeing >= 0;
    }
    this.results[i * n + j] = { hasLos, visibleFraction: ab };
    this.results[j * n + i] = { hasLos, visibleFraction: ba };
    this.states[i * n + j] = state;
  }

  /**
   * Brings pair (i, j) up to date after body k (neither of the two) moved, direction by direction:
   * a direction where k hid cells that nothing drawn before it hid is computed again; one whose
   * frustum k now reaches gets k's cells added to its kept mask (an occluder added can only hide
   * more, so the count equals a computation from scratch). Returns the directions recomputed.
   */
  private update(i: number, j: number, state: PairState, k: number, after: Body): number {
    const w = this.world;
    const n = w.bodies.length;
    const a = w.bodies[i]!,
      b = w.bodies[j]!;
    const ab = this.redo(a, b, state.ab, state.maskAB, k, after);
    const ba = this.redo(b, a, state.ba, state.maskBA, k, after);
    if (ab) state.maskAB = ab.mask;
    if (ba) state.maskBA = ba.mask;
    this.settle(
      i,
      j,
      state,
      ab?.share ?? this.results[i * n + j]!.visibleFraction,
      ba?.share ?? this.results[j * n + i]!.visibleFraction,
      k,
    );
    return (ab ? 1 : 0) + (ba ? 1 : 0);
  }

  /** One direction of `update`: its new share and mask, or null when k's move cannot change it. */
  private redo(
    eye: Body,
    target: Body,
    trace: VisibilityTrace,
    mask: Uint32Array,
    k: number,
    after: Body,
  ): { share: number; mask: Uint32Array } | null {
    const w = this.world;
    if (trace.candidates.has(k)) {
      trace.candidates.clear();
      return visibleShare(w, eye, target, this.rows, trace, mask);
    }
    if (
      mask.length > 0 &&
      sphereInTrace(trace.frustum, after.cx, (after.y0 + after.y1) / 2, after.cz, sphereRadius(after))
    ) {
      const v = addBodyToMask(w, eye.eye, target, this.rows, mask, k, trace);
      return { share: share(v), mask: v.mask };
    }
    return null;
  }

  /** Computes every ordered pair. */
  refreshAll(): void {
    const n = this.world.bodies.length;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) this.compute(i, j);
    this.lastRecomputed = n * (n - 1);
  }

  /** The pair's result (viewer index, target index). */
  get(i: number, j: number): PairSight | null {
    return this.results[i * this.world.bodies.length + j] ?? null;
  }

  /**
   * Whether moving body k (now `after`) can change pair (i, j): it could if it was a candidate
   * occluder of any of the pair's computations, if it now reaches either eye's frustum, or if LOS
   * hangs on the any-point search and it now enters the pair's corridor. A move cannot make a
   * pair that sees nothing see something unless the mover was in the way before.
   */
  private affected(i: number, j: number, state: PairState, k: number, after: Body): boolean {
    if (state === CERTIFIED) return false;
    if (state.ab.candidates.has(k) || state.ba.candidates.has(k) || state.coverBodies?.has(k)) return true;
    for (const hiders of state.pointHiders) if (hiders.has(k)) return true;
    // It was not in the way before, so it can only hide more: a pair that saw nothing still sees nothing.
    const n = this.world.bodies.length;
    const ab = this.results[i * n + j],
      ba = this.results[j * n + i];
    if (ab && ba && !ab.hasLos && ab.visibleFraction === 0 && ba.visibleFraction === 0) return false;
    const r = sphereRadius(after);
    const my = (after.y0 + after.y1) / 2;
    if (
      sphereInTrace(state.ab.frustum, after.cx, my, after.cz, r) ||
      sphereInTrace(state.ba.frustum, after.cx, my, after.cz, r)
    )
      return true;
    return viaSearch(state) && touches(after, state.corridor);
  }

  /** Applies a moved (or turned, or fallen prone) model and recomputes the pairs it can change. */
  moveModel(model: Model): void {
    const w = this.world;
    const n = w.bodies.length;
    const k = w.modelIndex.get(model.id);
    if (k === undefined) throw new Error(`no model with id "${model.id}"`);
    const before = w.bodies[k]!;
    updateModel(w, model);
    const after = w.bodies[k]!;
    // The mover's bounding spheres, once (every pair's box is tested against both).
    const rBefore = sphereRadius(before),
      rAfter = sphereRadius(after);
    let count = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const state = this.states[i * n + j] ?? null;
        if (i === k || j === k || !state) {
          this.compute(i, j);
          count += 2;
        } else if (!this.boxReaches(i * n + j, before, rBefore) && !this.boxReaches(i * n + j, after, rAfter)) {
          continue;
        } else if (this.affected(i, j, state, k, after)) {
          count += this.update(i, j, state, k, after);
        }
      }
    }
    this.lastRecomputed = count;
  }
}
