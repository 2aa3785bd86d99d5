/**
 * Line of sight between every ordered pair of models, kept up to date as models move. A move
 * recomputes only the pairs it can change: those the moved model is in, and those whose sight
 * corridor (eye to target, as wide as the target) its old or new body touches.
 */
import type { Model } from '../io/sceneSchema';
import type { Body } from './bodies';
import { anyPointLos } from './facts';
import { blockedByOnePrism } from './losCertificate';
import { addBodyToMask, computeVisibility, DEFAULT_ROWS, lastBlockedMask, newTrace, sphereInTrace, type VisibilityTrace } from './visibility';
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
  ax: number; ay: number; az: number;
  bx: number; by: number; bz: number;
  /** Radius around the axis at the viewer end and at the target end. */
  r0: number;
  r1: number;
}

const sphereRadius = (b: Body) => Math.hypot(b.radius, (b.y1 - b.y0) / 2);

function setCorridor(c: Corridor, v: Body, t: Body): void {
  c.ax = v.cx;
  c.ay = (v.y0 + v.y1) / 2;
  c.az = v.cz;
  c.bx = t.cx;
  c.by = (t.y0 + t.y1) / 2;
  c.bz = t.cz;
  c.r0 = c.r1 = sphereRadius(t) + sphereRadius(v);
}

/** Whether a body's bounding sphere reaches into the corridor. */
function touches(b: Body, c: Corridor): boolean {
  const px = b.cx, py = (b.y0 + b.y1) / 2, pz = b.cz;
  const dx = c.bx - c.ax, dy = c.by - c.ay, dz = c.bz - c.az;
  const len2 = dx * dx + dy * dy + dz * dz;
  let s = len2 > 0 ? ((px - c.ax) * dx + (py - c.ay) * dy + (pz - c.az) * dz) / len2 : 0;
  s = Math.max(0, Math.min(1, s));
  const d = Math.hypot(c.ax + dx * s - px, c.ay + dy * s - py, c.az + dz * s - pz);
  return d <= sphereRadius(b) + c.r0 + (c.r1 - c.r0) * s + 1e-6;
}

const share = (vis: { visible: number; samples: number }) => Math.round((vis.visible / vis.samples) * 1e4) / 1e4;

/** The visible share of t from v's eye, and the blocked cells (kept to add a model to later). */
function visibleShare(w: GeometryWorld, v: Body, t: Body, rows: number, trace: VisibilityTrace): { share: number; mask: Uint32Array } {
  const vis = computeVisibility(w, v.eye, t, (k) => w.bodies[k] === v, rows, trace, true);
  return { share: share(vis), mask: vis.degenerate ? new Uint32Array(0) : lastBlockedMask() };
}

/** A pair the certificate settled: no sight either way, whatever other models do. */
const NO_SIGHT: PairSight = Object.freeze({ hasLos: false, visibleFraction: 0 });

function newPairState(): PairState {
  return {
    ab: newTrace(),
    ba: newTrace(),
    fallback: new Set(),
    viaFallback: false,
    certified: false,
    corridor: { ax: 0, ay: 0, az: 0, bx: 0, by: 0, bz: 0, r0: 0, r1: 0 },
    maskAB: new Uint32Array(0),
    maskBA: new Uint32Array(0),
  };
}

/** The state of every pair the certificate settled (nothing to keep). */
const CERTIFIED: PairState = { ...newPairState(), certified: true };

/** What is kept per unordered pair to decide whether a move can change it. */
interface PairState {
  ab: VisibilityTrace;
  ba: VisibilityTrace;
  /** Candidate occluders met by the any-point search (when it ran). */
  fallback: Set<number>;
  /** LOS exists only through the any-point search (neither eye sees the other model). */
  viaFallback: boolean;
  /** One terrain prism blocks every line between the two: no other model can change that. */
  certified: boolean;
  corridor: Corridor;
  /** The blocked cells of each direction (empty: the eye touches the target). */
  maskAB: Uint32Array;
  maskBA: Uint32Array;
}

/** The LOS matrix over a world. */
export class LosMatrix {
  private readonly results: (PairSight | null)[];
  private readonly states: (PairState | null)[];
  /** Pairs (ordered) recomputed by the last refresh or move. */
  lastRecomputed = 0;

  constructor(
    readonly world: GeometryWorld,
    private readonly rows = DEFAULT_ROWS,
  ) {
    const n = world.bodies.length;
    this.results = new Array<PairSight | null>(n * n).fill(null);
    this.states = new Array<PairState | null>(n * n).fill(null);
  }

  /**
   * Computes both directions of a pair. Any-point LOS is symmetric, so when either eye sees the
   * other model both have LOS, and the costly any-point search runs at most once per pair.
   * `sameBodies`: neither model of the pair moved since its last computation (so the certificate,
   * which failed then, is not tried again).
   */
  private compute(i: number, j: number, sameBodies = false): void {
    const w = this.world;
    const n = w.bodies.length;
    const a = w.bodies[i]!;
    const b = w.bodies[j]!;
    const prev = this.states[i * n + j];
    const old = sameBodies && prev !== CERTIFIED ? prev : null;
    // Neither body moved: a pair the certificate did not settle before, it does not settle now.
    if (!old && blockedByOnePrism(w, a, b)) {
      this.results[i * n + j] = this.results[j * n + i] = NO_SIGHT;
      this.states[i * n + j] = CERTIFIED;
      return;
    }
    // The pair's state object is reused from its last computation.
    const state: PairState = prev && prev !== CERTIFIED ? prev : newPairState();
    state.ab.candidates.clear();
    state.ba.candidates.clear();
    state.fallback.clear();
    state.viaFallback = false;
    setCorridor(state.corridor, a, b);
    const ab = visibleShare(w, a, b, this.rows, state.ab);
    const ba = visibleShare(w, b, a, this.rows, state.ba);
    state.maskAB = ab.mask;
    state.maskBA = ba.mask;
    this.settle(i, j, state, ab.share, ba.share);
  }

  /** Stores a pair's shares; when neither eye sees, the any-point search decides LOS. */
  private settle(i: number, j: number, state: PairState, ab: number, ba: number): void {
    const w = this.world;
    const n = w.bodies.length;
    let hasLos = ab > 0 || ba > 0;
    state.viaFallback = false;
    if (!hasLos) {
      state.fallback.clear();
      const trace = { candidates: state.fallback, frustum: new Float64Array(19) };
      hasLos = anyPointLos(w, w.bodies[i]!, w.bodies[j]!, trace, false);
      state.viaFallback = hasLos;
    }
    this.results[i * n + j] = { hasLos, visibleFraction: ab };
    this.results[j * n + i] = { hasLos, visibleFraction: ba };
    this.states[i * n + j] = state;
  }

  /**
   * A model that took no part in a pair's computation (in neither frustum, not met by the
   * any-point search) moved: it can only hide more, so its cells are added to the kept masks.
   */
  private addMover(i: number, j: number, state: PairState, k: number): void {
    const w = this.world;
    const a = w.bodies[i]!, b = w.bodies[j]!;
    let ab = this.get(i, j)!.visibleFraction, ba = this.get(j, i)!.visibleFraction;
    if (state.maskAB.length > 0) {
      const r = addBodyToMask(w, a.eye, b, this.rows, state.maskAB, k, state.ab);
      state.maskAB = r.mask;
      ab = share(r);
    }
    if (state.maskBA.length > 0) {
      const r = addBodyToMask(w, b.eye, a, this.rows, state.maskBA, k, state.ba);
      state.maskBA = r.mask;
      ba = share(r);
    }
    this.settle(i, j, state, ab, ba);
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
  private affected(i: number, j: number, state: PairState | null, k: number, after: Body): boolean {
    if (!state) return true;
    if (state.certified) return false;
    if (state.ab.candidates.has(k) || state.ba.candidates.has(k) || state.fallback.has(k)) return true;
    // It was not in the way before, so it can only hide more: a pair that saw nothing still sees nothing.
    const n = this.world.bodies.length;
    const ab = this.results[i * n + j], ba = this.results[j * n + i];
    if (ab && ba && !ab.hasLos && ab.visibleFraction === 0 && ba.visibleFraction === 0) return false;
    const r = sphereRadius(after);
    const my = (after.y0 + after.y1) / 2;
    if (sphereInTrace(state.ab.frustum, after.cx, my, after.cz, r) || sphereInTrace(state.ba.frustum, after.cx, my, after.cz, r)) return true;
    return state.viaFallback && touches(after, state.corridor);
  }

  /** Applies a moved (or turned, or fallen prone) model and recomputes the pairs it can change. */
  moveModel(model: Model): void {
    const w = this.world;
    const n = w.bodies.length;
    const k = w.modelIndex.get(model.id);
    if (k === undefined) throw new Error(`no model with id "${model.id}"`);
    updateModel(w, model);
    const after = w.bodies[k]!;
    let count = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (i === k || j === k) {
          this.compute(i, j);
          count += 2;
        } else if (this.affected(i, j, this.states[i * n + j] ?? null, k, after)) {
          const state: PairState | null = this.states[i * n + j] ?? null;
          // In the way before: compute the pair again; not: add it to what was blocked.
          if (!state || state.ab.candidates.has(k) || state.ba.candidates.has(k) || state.fallback.has(k)) this.compute(i, j, true);
          else this.addMover(i, j, state, k);
          count += 2;
        }
      }
    }
    this.lastRecomputed = count;
  }
}
