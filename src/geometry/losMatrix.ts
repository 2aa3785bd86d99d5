/**
 * Line of sight between every ordered pair of models, kept up to date as models move. A move
 * recomputes only the pairs it can change: those the moved model is in, and those whose sight
 * corridor (eye to target, as wide as the target) its old or new body touches.
 */
import type { Model } from '../io/sceneSchema';
import type { Body } from './bodies';
import { anyPointLos } from './facts';
import { computeVisibility, DEFAULT_ROWS } from './visibility';
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

function corridorOf(v: Body, t: Body): Corridor {
  return {
    ax: v.cx, ay: (v.y0 + v.y1) / 2, az: v.cz,
    bx: t.cx, by: (t.y0 + t.y1) / 2, bz: t.cz,
    r0: sphereRadius(t) + sphereRadius(v),
    r1: sphereRadius(t) + sphereRadius(v),
  };
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

function visibleShare(w: GeometryWorld, v: Body, t: Body, rows: number): number {
  const vis = computeVisibility(w, v.eye, t, (k) => w.bodies[k] === v, rows);
  return Math.round((vis.visible / vis.samples) * 1e4) / 1e4;
}

/** The LOS matrix over a world. */
export class LosMatrix {
  private readonly results: (PairSight | null)[];
  private readonly corridors: (Corridor | null)[];
  /** Pairs recomputed by the last refresh or move. */
  lastRecomputed = 0;

  constructor(
    readonly world: GeometryWorld,
    private readonly rows = DEFAULT_ROWS,
  ) {
    const n = world.bodies.length;
    this.results = new Array<PairSight | null>(n * n).fill(null);
    this.corridors = new Array<Corridor | null>(n * n).fill(null);
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
    const ab = visibleShare(w, a, b, this.rows);
    const ba = visibleShare(w, b, a, this.rows);
    const hasLos = ab > 0 || ba > 0 || anyPointLos(w, a, b);
    this.results[i * n + j] = { hasLos, visibleFraction: ab };
    this.results[j * n + i] = { hasLos, visibleFraction: ba };
    this.corridors[i * n + j] = corridorOf(a, b);
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

  /** Applies a moved (or turned, or fallen prone) model and recomputes the pairs it can change. */
  moveModel(model: Model): void {
    const w = this.world;
    const n = w.bodies.length;
    const k = w.modelIndex.get(model.id);
    if (k === undefined) throw new Error(`no model with id "${model.id}"`);
    const before = w.bodies[k]!;
    updateModel(w, model);
    const after = w.bodies[k]!;
    let count = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const c = this.corridors[i * n + j];
        if (i === k || j === k || !c || touches(before, c) || touches(after, c)) {
          this.compute(i, j);
          count += 2;
        }
      }
    }
    this.lastRecomputed = count;
  }
}
