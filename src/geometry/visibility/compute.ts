/**
 * One visibility computation, stage by stage: set up the camera, the target's silhouette and its
 * grid (`prepare`); draw the model bodies, then walk the terrain, then the smoke (each into the
 * depth buffer, near to far); then count, or credit every blocked cell to its first occluder.
 *
 * The scratch state is one object (`scratch.ts`), made once here and passed to every stage;
 * computations do not nest, so one is enough. The mode of a computation (counting only, or
 * crediting) is an argument of each stage, never left in the scratch.
 */
import type { Body } from '../bodies';
import type { GeometryWorld } from '../world';
import { setCamera } from './camera';
import { creditBlocked, type BlockedCells } from './credit';
import { setFrustum, sphereInFrustum, sphereOf, type VisibilityTrace } from './frustum';
import { drawBodies, drawSmoke, rasterBody } from './occluders';
import { MODE_SIL, rasterPolygon } from './raster';
import { COLUMNS, DEFAULT_ROWS, hiddenCells, MAX_ROWS, newVisibilityScratch, popcount } from './scratch';
import type { VisibilityScratch } from './scratch';
import { bodyPolygon } from './silhouette';
import { walkTerrain } from './walk';

/** The result for one eye and one target body. */
export interface Visibility {
  /** Cells of the grid inside the silhouette. */
  samples: number;
  /** Cells reached unblocked. */
  visible: number;
  /** Blocked cells per occluder, nearest first credited. */
  blocked: BlockedCells[];
  /** True when the eye is inside (or touching) the target: everything is visible. */
  degenerate: boolean;
}

/** A count-only result, with the blocked cells kept to add a body to later (`addBodyToMask`). */
export interface VisibleCount {
  samples: number;
  visible: number;
  degenerate: boolean;
  /** The blocked cells, one word per grid row (empty when `degenerate`). */
  mask: Uint32Array;
}

/** The one scratch object of this thread. */
const scratch: VisibilityScratch = newVisibilityScratch();

/** The mask of a computation whose eye touches the target (nothing to add a body to). */
const NO_MASK = new Uint32Array(0);

/**
 * Sets up one eye and target: the camera, the silhouette and its grid, the frustum planes, and an
 * empty depth buffer. Returns the silhouette's cell count, or 0 when the eye is inside or touching
 * the target (everything visible).
 */
function prepare(
  s: VisibilityScratch,
  eye: readonly number[],
  targetBody: Body,
  rowCount: number,
  trace: VisibilityTrace | undefined,
): number {
  s.target = targetBody;
  const rows = Math.max(2, Math.min(MAX_ROWS, Math.round(rowCount)));
  s.rows = rows;
  if (!setCamera(s, eye, targetBody)) return 0;

  // Silhouette polygon and grid.
  const shN = bodyPolygon(s, targetBody);
  if (shN < 3 || s.outlineClipped) return 0;
  s.zTargetMin = s.outlineZMin;
  s.zTargetMax = s.outlineZMax;
  const { polyX, polyY, sil } = s;
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let i = 0; i < shN; i++) {
    minX = Math.min(minX, polyX[i]!);
    maxX = Math.max(maxX, polyX[i]!);
    minY = Math.min(minY, polyY[i]!);
    maxY = Math.max(maxY, polyY[i]!);
  }
  s.x0 = minX;
  s.y0 = minY;
  s.cellW = (maxX - minX) / COLUMNS;
  s.cellH = (maxY - minY) / rows;
  // Silhouette mask.
  sil.fill(0, 0, rows);
  rasterPolygon(s, shN, MODE_SIL, false, false, false);
  let samples = 0;
  let openRows = 0;
  for (let r = 0; r < rows; r++) {
    samples += popcount(sil[r]!);
    if (sil[r] !== 0) openRows++;
  }
  s.openRows = openRows;
  if (samples === 0) return 0;
  s.hit.fill(0, 0, rows);
  s.zlazy.fill(0, 0, rows * COLUMNS);
  s.rowFar.fill(0, 0, rows);
  s.tDepth.fill(NaN, 0, rows * COLUMNS);
  s.written = 0;
  s.hitRows = 0;
  s.cutoff = Infinity;
  setFrustum(s, trace);
  return samples;
}

/** Drops what the scratch refers to in the world, once a computation is over. */
function release(s: VisibilityScratch): void {
  s.terrain = null;
  s.target = null;
  s.occBody = null;
  s.occSmoke = null;
}

/** The blocked cells over the grid's rows, into `into` when it has that length, else a new array. */
function blockedMask(s: VisibilityScratch, into: Uint32Array | undefined): Uint32Array {
  if (into && into.length === s.rows) {
    into.set(s.hit.subarray(0, s.rows));
    return into;
  }
  return s.hit.slice(0, s.rows);
}

/**
 * Draws every occluder of one computation into the scratch; returns the silhouette's cell count
 * (0: the eye touches the target). `maskOnly`: counting only (see `computeVisibility`).
 */
function draw(
  s: VisibilityScratch,
  w: GeometryWorld,
  eye: readonly number[],
  targetBody: Body,
  skipBody: (index: number) => boolean,
  rowCount: number,
  trace: VisibilityTrace | undefined,
  maskOnly: boolean,
): number {
  const samples = prepare(s, eye, targetBody, rowCount, trace);
  if (samples === 0) return 0;
  drawBodies(s, w, targetBody, skipBody, trace, maskOnly);
  // The terrain after the bodies: its walk skips what they already hide.
  if (s.openRows > 0 || !maskOnly) walkTerrain(s, w, maskOnly);
  drawSmoke(s, w, targetBody, maskOnly);
  return samples;
}

/**
 * How much of `targetBody` the eye sees. `skipBody(i)` names model bodies that never occlude (the
 * viewer's own). `rowCount` sets the grid (rows x 32 cells over the silhouette's bounding box).
 * `countOnly`: the blocked cells are counted but not credited to occluders (`blocked` comes back
 * empty), which lets every occluder act as a mask: a cell is blocked when anything in front of the
 * target covers it, whatever the depths, so cells already blocked are skipped, a node is culled
 * once every cell it can touch is blocked, and the walk stops once all are.
 */
export function computeVisibility(
  w: GeometryWorld,
  eye: readonly number[],
  targetBody: Body,
  skipBody: (index: number) => boolean,
  rowCount = DEFAULT_ROWS,
  trace?: VisibilityTrace,
  countOnly = false,
): Visibility {
  const s = scratch;
  const samples = draw(s, w, eye, targetBody, skipBody, rowCount, trace, countOnly);
  if (samples === 0) return { samples: 1, visible: 1, blocked: [], degenerate: true };
  if (countOnly) {
    const hidden = hiddenCells(s);
    release(s);
    return { samples, visible: samples - hidden, blocked: [], degenerate: false };
  }
  const { blocked, hidden } = creditBlocked(s);
  release(s);
  return { samples, visible: samples - hidden, blocked, degenerate: false };
}

/**
 * `computeVisibility` counting only, with its blocked cells (`mask`) written into `into` when it
 * has the grid's row count (else into a new array): what `addBodyToMask` adds a body to later.
 */
export function countVisible(
  w: GeometryWorld,
  eye: readonly number[],
  targetBody: Body,
  skipBody: (index: number) => boolean,
  rowCount = DEFAULT_ROWS,
  trace?: VisibilityTrace,
  into?: Uint32Array,
): VisibleCount {
  const s = scratch;
  const samples = draw(s, w, eye, targetBody, skipBody, rowCount, trace, true);
  if (samples === 0) return { samples: 1, visible: 1, degenerate: true, mask: NO_MASK };
  const hidden = hiddenCells(s);
  release(s);
  return { samples, visible: samples - hidden, degenerate: false, mask: blockedMask(s, into) };
}

/**
 * Adds one model body to a kept result: `mask` is the `mask` of a `countVisible` with the same eye,
 * target body and rows in which body `k` took no part (it was not in the frustum). An occluder
 * added can only block more, so the cells it now hides are added to the mask: the count equals a
 * computation from scratch. Returns the count and the new mask (written into `mask`); `trace`
 * gains the body.
 */
export function addBodyToMask(
  w: GeometryWorld,
  eye: readonly number[],
  targetBody: Body,
  rowCount: number,
  mask: Uint32Array,
  k: number,
  trace?: VisibilityTrace,
): { samples: number; visible: number; mask: Uint32Array } {
  const s = scratch;
  const samples = prepare(s, eye, targetBody, rowCount, trace);
  if (samples === 0) return { samples: 1, visible: 1, mask };
  const rows = s.rows;
  s.hit.set(mask.subarray(0, rows));
  for (let r = 0; r < rows; r++) if (s.hit[r] !== 0) s.hitRows++;
  const b = w.bodies[k]!;
  if (b !== targetBody && sphereInFrustum(s, b.cx, (b.y0 + b.y1) / 2, b.cz, sphereOf(b))) {
    s.bodies = w.bodies;
    if (rasterBody(s, b, k, true)) trace?.candidates.add(k);
  }
  const hidden = hiddenCells(s);
  release(s);
  return { samples, visible: samples - hidden, mask: blockedMask(s, mask) };
}
