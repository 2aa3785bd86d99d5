/**
 * The scratch state of one visibility computation, gathered in one explicit object.
 *
 * Every stage (camera, silhouette, raster, walk, occluders, credit) takes the scratch object as its
 * first argument and reads or writes only the fields named here; nothing is left in module-level
 * variables. `compute.ts` makes one scratch object when it is loaded and passes it down; each
 * computation starts by resetting what it uses (`prepare`), so nothing read comes from the previous
 * pair unless a caller hands it in explicitly (the kept mask of `addBodyToMask`).
 *
 * Kept for speed (measured against the single-file version, old and new interleaved in one
 * process, CPU time: about 15% less per pair under Node, and no more allocation per pair):
 * - The buffers are typed arrays allocated once, at the largest grid (`MAX_ROWS` x `COLUMNS`), and
 *   reused by every pair: a pair costs tens of microseconds, and allocating (and collecting) a
 *   dozen arrays per pair would cost a large share of that. The few whose size depends on the scene
 *   (the walk stack, the body candidates) grow by doubling (`doubled`) and stay grown.
 * - Numbers are plain fields of one object of one shape, which V8 stores as mutable boxes that a
 *   write updates in place: the per-triangle and per-cell writes (the occluder plane, its depth
 *   range, a cell ray's entry depth) allocate nothing. This replaces the module-level `let`s and
 *   the Float64Array of "registers" that kept them from being re-boxed on every write.
 * - The per-cell helpers still hand their answers back through fields (`cellT`, `cellZ`) and typed
 *   arrays (`cellRay`, `tDepth`, `zbuf`) rather than return values: a number returned from a call
 *   that is not inlined is boxed, and these run for every cell an occluder straddling the target
 *   covers. The hot loops copy the fields they read into locals first.
 * - One grid row is one 32-bit word, so masks are plain integers (`| 0` keeps bit 31 a small
 *   integer).
 * - Imports read in hot loops (the constants here, the camera transform, the raster and frustum
 *   tests, the BVH node accessors) are bound once to module constants in each stage
 *   (`const { NEAR } = scratch`). Under Vitest every read of an imported binding is a getter call
 *   (vite's SSR transform rewrites `NEAR` to `__vite_ssr_import_0__.NEAR`), which made the split
 *   stages 1.2-1.6x slower than the single file in the unit tests; bound once, they are faster
 *   than it there too. (Node's own ES modules and the Vite bundle are unaffected either way.)
 */
import type { Body } from '../bodies';
import type { BackFaceCulling } from '../closedSurfaces';
import type { SmokeVolume } from '../smoke';
import type { TerrainIndex } from '../terrainIndex';

/** Cells per row (one 32-bit word). */
export const COLUMNS = 32;
/** Most rows a grid may have. */
export const MAX_ROWS = 128;
/** Rows of the default grid (32 x 32 = 1024 cells over the silhouette's box). */
export const DEFAULT_ROWS = 32;
/** Points per rim when outlining a body. */
export const RIM = 24;
/** Nearest depth (inches) a triangle is kept at; closer parts are clipped off. */
export const NEAR = 1e-3;
/** Most points of a body outline cut by the near plane: its 2 RIM corners and where its 3 RIM edges cross. */
export const MAX_OUTLINE = 5 * RIM;

/** Everything one computation writes as it goes (see the file comment). */
export interface VisibilityScratch {
  // ---- camera: the eye, and the image plane's axes (right, up) and the view axis, in world space ----
  ex: number;
  ey: number;
  ez: number;
  ux: number;
  uy: number;
  uz: number;
  vx: number;
  vy: number;
  vz: number;
  dx: number;
  dy: number;
  dz: number;

  // ---- grid over the target's silhouette box (image coordinates) ----
  x0: number;
  y0: number;
  cellW: number;
  cellH: number;
  rows: number;

  // ---- target ----
  target: Body | null;
  /** Nearest and farthest depth of the target's outline. */
  zTargetMin: number;
  zTargetMax: number;

  // ---- cell buffers (one word per row, or one entry per cell: row x COLUMNS + column) ----
  /** Silhouette cells. */
  sil: Uint32Array;
  /** Cells blocked so far. */
  hit: Uint32Array;
  /** Depth of the nearest occluder per cell (valid where `hit` is set), and who it is (`ownerKey`). */
  zbuf: Float64Array;
  zown: Int32Array;
  /**
   * Cells a model body was first to cover, its depth not worked out yet (body index + 1; 0: zbuf
   * holds the depth). A body wholly in front of the target blocks every cell its silhouette
   * covers, so its depth matters only if a later occluder competes for the cell.
   */
  zlazy: Int32Array;
  /** The model bodies `zlazy` indexes. */
  bodies: readonly Body[];
  /** Largest depth written per row: once a row is fully blocked, nothing farther can matter there. */
  rowFar: Float64Array;
  /** Depth of the target's front surface along each cell's ray (NaN until asked). */
  tDepth: Float64Array;

  // ---- progress ----
  /** Rows not yet fully blocked. */
  openRows: number;
  /** Rows with at least one blocked cell (occlusion culling is pointless before the first). */
  hitRows: number;
  /** Once every silhouette cell is blocked, occluders beyond this depth cannot be first anywhere. */
  cutoff: number;
  /** The largest depth written anywhere. */
  written: number;

  // ---- the occluder being drawn ----
  /** Owner key (`ownerKey`) credited with the cells it takes. */
  occOwner: number;
  /** Body index (model bodies), for `zlazy`. */
  occIndex: number;
  occBody: Body | null;
  occSmoke: SmokeVolume | null;
  /** Its nearest and farthest depth. */
  occNear: number;
  occFar: number;
  /** A triangle's plane in camera space: n . p = k. */
  pnx: number;
  pny: number;
  pnz: number;
  pk: number;

  // ---- per-cell answers ----
  /** The ray of one cell: origin, direction, and `rayEntry`'s answer. */
  cellRay: Float64Array;
  /** A cell ray's entry depth into a body (`cellEntry`). */
  cellT: number;
  /** The depth at which the current body or smoke blocks a cell (`cellDepth`). */
  cellZ: number;

  // ---- outlines: a body's (bodyPolygon) or a triangle's (clipAndProject), in image coordinates ----
  polyX: Float64Array;
  polyY: Float64Array;
  /** Nearest and farthest depth of the last body outlined. */
  outlineZMin: number;
  outlineZMax: number;
  /** The last outline was cut by the near plane (part of the body is level with or behind the eye). */
  outlineClipped: boolean;
  /** Camera-space corners of the body being outlined. */
  camX: Float64Array;
  camY: Float64Array;
  camZ: Float64Array;
  /** Projected points, and the convex hull's work arrays. */
  proj: Float64Array;
  hull: Float64Array;
  hullOrder: Int32Array;
  hullStack: Int32Array;
  rimSorted: Int32Array;
  /** Which side faces of the rim prism face the eye (seen from above), per edge i -> i + 1. */
  sideFront: Uint8Array;
  /** A camera-space triangle (or one point, at 0). */
  cx: Float64Array;
  cy: Float64Array;
  cz: Float64Array;

  // ---- frustum ----
  /** Side planes as world normals n with inside where n . (P - eye) >= 0; and their lengths. */
  planes: Float64Array;
  planeLen: Float64Array;
  /** A body's bounding box, for occlusion culling (min x, y, z, max x, y, z). */
  bodyBox: Float64Array;

  // ---- terrain walk ----
  /** The occluder index being walked. */
  terrain: TerrainIndex | null;
  /** Back faces of closed surfaces for the current walk, or null when the eye is inside one's box. */
  culling: BackFaceCulling | null;
  /** Node stack (offsets in 32-bit words) and each node's nearest depth; grow. */
  walkNodes: Int32Array;
  walkNear: Float64Array;

  // ---- model bodies: candidate occluders sorted by nearest depth; grow ----
  candIndex: Int32Array;
  candNear: Float64Array;
}

/** A fresh scratch object (one is enough per thread: computations do not nest). */
export function newVisibilityScratch(): VisibilityScratch {
  return {
    ex: 0,
    ey: 0,
    ez: 0,
    ux: 0,
    uy: 0,
    uz: 0,
    vx: 0,
    vy: 0,
    vz: 0,
    dx: 0,
    dy: 0,
    dz: 0,
    x0: 0,
    y0: 0,
    cellW: 1,
    cellH: 1,
    rows: DEFAULT_ROWS,
    target: null,
    zTargetMin: 0,
    zTargetMax: 0,
    sil: new Uint32Array(MAX_ROWS),
    hit: new Uint32Array(MAX_ROWS),
    zbuf: new Float64Array(MAX_ROWS * COLUMNS),
    zown: new Int32Array(MAX_ROWS * COLUMNS),
    zlazy: new Int32Array(MAX_ROWS * COLUMNS),
    bodies: [],
    rowFar: new Float64Array(MAX_ROWS),
    tDepth: new Float64Array(MAX_ROWS * COLUMNS),
    openRows: 0,
    hitRows: 0,
    cutoff: Infinity,
    written: 0,
    occOwner: 0,
    occIndex: 0,
    occBody: null,
    occSmoke: null,
    occNear: 0,
    occFar: 0,
    pnx: 0,
    pny: 0,
    pnz: 0,
    pk: 0,
    cellRay: new Float64Array(7),
    cellT: 0,
    cellZ: 0,
    polyX: new Float64Array(MAX_OUTLINE + 4),
    polyY: new Float64Array(MAX_OUTLINE + 4),
    outlineZMin: 0,
    outlineZMax: 0,
    outlineClipped: false,
    camX: new Float64Array(2 * RIM),
    camY: new Float64Array(2 * RIM),
    camZ: new Float64Array(2 * RIM),
    proj: new Float64Array(2 * MAX_OUTLINE),
    hull: new Float64Array(2 * MAX_OUTLINE + 4),
    hullOrder: new Int32Array(MAX_OUTLINE),
    hullStack: new Int32Array(2 * MAX_OUTLINE + 2),
    rimSorted: new Int32Array(2 * RIM),
    sideFront: new Uint8Array(RIM),
    cx: new Float64Array(3),
    cy: new Float64Array(3),
    cz: new Float64Array(3),
    planes: new Float64Array(4 * 3),
    planeLen: new Float64Array(4),
    bodyBox: new Float64Array(6),
    terrain: null,
    culling: null,
    walkNodes: new Int32Array(256),
    walkNear: new Float64Array(256),
    candIndex: new Int32Array(64),
    candNear: new Float64Array(64),
  };
}

/** A copy of a scratch array with twice the room. */
export function doubled<T extends Int32Array | Float64Array>(a: T): T {
  const out = (a instanceof Int32Array ? new Int32Array(a.length * 2) : new Float64Array(a.length * 2)) as T;
  out.set(a);
  return out;
}

/** Number of set bits in a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits a..b (inclusive) set. */
export function rangeMask(a: number, b: number): number {
  const hi = b >= 31 ? -1 : ((1 << (b + 1)) - 1) | 0;
  const lo = a <= 0 ? 0 : ((1 << a) - 1) | 0;
  return hi & ~lo;
}

/** Blocked cells within the silhouette, over the grid's rows. */
export function hiddenCells(s: VisibilityScratch): number {
  let hidden = 0;
  for (let r = 0; r < s.rows; r++) hidden += popcount((s.hit[r]! & s.sil[r]!) >>> 0);
  return hidden;
}
