/**
 * Visible fraction by projecting occluders onto the target's silhouette.
 *
 * From the viewer's eye, the target's prism projects to a convex polygon (its silhouette). A grid of
 * `rows` x 32 cells covers the polygon's bounding box in the image plane; each row is one 32-bit
 * word, so the silhouette and the blocked cells are bit masks. Model bodies in the frustum are
 * drawn first, near to far; then the occluder BVH is walked near to far (directly over its node
 * buffers), culling nodes outside the frustum or hidden by what is already drawn nearer; smoke is
 * tested per cell. Each occluding triangle or body is clipped, projected and scan-converted, and
 * every silhouette cell it covers keeps the nearest occluder depth (a small depth buffer), so each
 * blocked cell is credited to its first occluder. An occluder whose depth range reaches behind the
 * target's front is kept only in the cells where it is in front of the target along that cell's
 * ray. Once every cell is blocked, the walk stops at the farthest depth written: nothing beyond it
 * can be first anywhere. Counting only (`countOnly`), depths do not matter at all: see `maskOnly`.
 *
 * Cells have equal image-plane area, so counting cells is the area-weighted share the geometry
 * contract asks for. See README.md in this folder for the accuracy and cost figures.
 */
import { bodyRim, rayEntry, type Body } from './bodies';
import { backFaceCulling, insideClosedBox, type BackFaceCulling } from './closedSurfaces';
import { pointInSmoke, smokeBlocksSegment, smokeEntry, type SmokeVolume } from './smoke';
import { LEAF, NODE_WORDS, nodeBuffers, type NodeBuffers, type TerrainIndex } from './terrainIndex';
import { occludersOf, type GeometryWorld } from './world';

/** Cells per row (one 32-bit word). */
export const COLUMNS = 32;
/** Most rows a grid may have. */
export const MAX_ROWS = 128;
/** Rows of the default grid (32 x 32 = 1024 cells over the silhouette's box). */
export const DEFAULT_ROWS = 32;
/** Points per rim when outlining a body. */
const RIM = 24;
/** Nearest depth (inches) a triangle is kept at; closer parts are clipped off. */
const NEAR = 1e-3;

/** Kinds of occluder a blocked cell is credited to. */
export type OccluderKind = 'terrain' | 'model' | 'smoke';

/** The result for one eye and one target body. */
export interface Visibility {
  /** Cells of the grid inside the silhouette. */
  samples: number;
  /** Cells reached unblocked. */
  visible: number;
  /** Blocked cells per occluder, nearest first credited. */
  blocked: { kind: OccluderKind; index: number; cells: number }[];
  /** True when the eye is inside (or touching) the target: everything is visible. */
  degenerate: boolean;
}

// ---- scratch state for the pair being computed (module-level: no allocation per pair) ----
let ex = 0,
  ey = 0,
  ez = 0; // eye
let ux = 0,
  uy = 0,
  uz = 0; // image x axis (right)
let vx = 0,
  vy = 0,
  vz = 0; // image y axis (up)
let dx = 0,
  dy = 0,
  dz = 0; // view axis
let x0 = 0,
  y0 = 0,
  cellW = 1,
  cellH = 1,
  rows = DEFAULT_ROWS;
let zTargetMin = 0,
  zTargetMax = 0;
let target: Body | null = null;
let occ: TerrainIndex | null = null;
/** Silhouette cells, one word per row. */
const sil = new Uint32Array(MAX_ROWS);
/** Cells blocked so far, one word per row. */
const hit = new Uint32Array(MAX_ROWS);
/** Depth of the nearest occluder per cell (valid where `hit` is set), and who it is. */
const zbuf = new Float64Array(MAX_ROWS * COLUMNS);
const zown = new Int32Array(MAX_ROWS * COLUMNS);
/**
 * Cells a model body was first to cover, its depth not worked out yet (body index + 1; 0: zbuf
 * holds the depth). A body wholly in front of the target blocks every cell its silhouette covers,
 * so its depth matters only if a later occluder competes for the cell.
 */
const zlazy = new Int32Array(MAX_ROWS * COLUMNS);
let lazyBodies: readonly Body[] = [];
/** Largest depth written per row: once a row is fully blocked, nothing farther can matter there. */
const rowFar = new Float64Array(MAX_ROWS);
/** Depth of the target's front surface along each cell's ray (NaN until asked). */
const tDepth = new Float64Array(MAX_ROWS * COLUMNS);
/**
 * Numbers written per triangle or per cell, kept in one typed array: module-level `let` numbers
 * are boxed, and each write would allocate. The current occluder's plane in camera space
 * (n . p = k), its nearest and farthest depth, the farthest depth written so far, and the depth
 * range of the last body outlined.
 */
const reg = new Float64Array(11);
const R_PNX = 0,
  R_PNY = 1,
  R_PNZ = 2,
  R_PK = 3,
  R_NEAR = 4,
  R_FAR = 5,
  R_WRITTEN = 6;
/** Nearest and farthest depth of the last body outlined. */
const R_ZMIN = 7,
  R_ZMAX = 8;
/** A cell ray's entry depth into a body, and the depth at which the current occluder blocks a cell. */
const R_T = 9,
  R_Z = 10;
/** Rows not yet fully blocked, and the largest depth written anywhere. */
let openRows = 0;
/** Rows with at least one blocked cell (occlusion culling is pointless before the first). */
let hitRows = 0;
/** Once every silhouette cell is blocked, occluders beyond this depth cannot be first anywhere. */
let cutoff = Infinity;
/** Outline corners of the body being outlined (its kept `bodyRim`). */
let rim: Float64Array = new Float64Array(RIM * 6);
/** Most points of a body outline cut by the near plane: its 2 RIM corners and where its 3 RIM edges cross. */
const MAX_OUTLINE = 5 * RIM;
const proj = new Float64Array(2 * MAX_OUTLINE);
const hull = new Float64Array(2 * MAX_OUTLINE + 4);
const polyX = new Float64Array(MAX_OUTLINE + 4);
const polyY = new Float64Array(MAX_OUTLINE + 4);
/** Camera-space corners of the body being outlined. */
const camX = new Float64Array(2 * RIM),
  camY = new Float64Array(2 * RIM),
  camZ = new Float64Array(2 * RIM);
// camera-space triangle
const cx = new Float64Array(3),
  cy = new Float64Array(3),
  cz = new Float64Array(3);

const KIND_CODE: Record<OccluderKind, number> = { terrain: 0, model: 1, smoke: 2 };
const KIND_NAME: OccluderKind[] = ['terrain', 'model', 'smoke'];
/** Owner key of an occluder: kind code x 2^20 + index. */
const ownerKey = (kind: OccluderKind, index: number): number => KIND_CODE[kind] * 0x100000 + index;

/** Number of set bits in a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits a..b (inclusive) set. */
function rangeMask(a: number, b: number): number {
  const hi = b >= 31 ? -1 : ((1 << (b + 1)) - 1) | 0;
  const lo = a <= 0 ? 0 : ((1 << a) - 1) | 0;
  return hi & ~lo;
}

function toCamera(px: number, py: number, pz: number, i: number): void {
  const qx = px - ex,
    qy = py - ey,
    qz = pz - ez;
  cx[i] = qx * ux + qy * uy + qz * uz;
  cy[i] = qx * vx + qy * vy + qz * vz;
  cz[i] = qx * dx + qy * dy + qz * dz;
}

/*
 * The per-cell depth helpers below write their answers into typed arrays (tDepth, zbuf, reg)
 * instead of returning them: a number returned from, or passed to, a call that is not inlined is
 * boxed, and these run for every cell an occluder straddling the target covers.
 */

/** Sets reg[R_T] to the depth at which cell (r, c)'s ray enters `body` (Infinity when it misses). */
function cellEntry(body: Body, r: number, c: number): void {
  const xc = x0 + (c + 0.5) * cellW;
  const yc = y0 + (r + 0.5) * cellH;
  cellRay[0] = ex;
  cellRay[1] = ey;
  cellRay[2] = ez;
  cellRay[3] = dx + ux * xc + vx * yc;
  cellRay[4] = dy + uy * xc + vy * yc;
  cellRay[5] = dz + uz * xc + vz * yc;
  rayEntry(body, cellRay);
  reg[R_T] = cellRay[6]!;
}

/** The ray of one cell (see `rayEntry`). */
const cellRay = new Float64Array(7);

/** Fills tDepth[k] (cell k = (r, c)): the depth along the cell's ray at which it meets the target's front surface. */
function ensureTargetDepth(k: number, r: number, c: number): void {
  if (tDepth[k] === tDepth[k]) return;
  cellEntry(target as Body, r, c);
  const t = reg[R_T]!;
  tDepth[k] = t < Infinity ? t : zTargetMax;
}

// ---- polygon scan conversion into the depth buffer ----
const MODE_SIL = 0;
const MODE_PLANE = 1;
const MODE_BODY = 2;
const MODE_SMOKE = 3;
/** Whether the current occluder may reach behind the target's front (then each cell compares depths). */
let straddles = false;
let occOwner = 0;
let occBody: Body | null = null;
/** The current body may leave its depth lazy (it is wholly in front of the target and its outline is whole), and its index and farthest depth. */
let occLazy = false;
/**
 * Counting only (or adding one body to a kept blocked mask): a cell is blocked when anything in
 * front of the target covers it, whatever the depths, so cells already blocked are skipped, a
 * node is culled once every cell it can touch is blocked, and the walk stops once all are.
 */
let maskOnly = false;
let occIndex = 0;
let occSmoke: SmokeVolume | null = null;

/** Nearest depth of each body left lazy (a lower bound of its depth in the cells it holds). */
let lazyNear = new Float64Array(64);

function setLazyNear(index: number, near: number): void {
  if (index >= lazyNear.length) {
    const grown = new Float64Array(Math.max(index + 1, lazyNear.length * 2));
    grown.set(lazyNear);
    lazyNear = grown;
  }
  lazyNear[index] = near;
}

/** Works out the depth of the lazy body holding blocked cell k, if one does: zbuf[k] is then exact. */
function resolveLazy(k: number): void {
  const lazy = zlazy[k]!;
  if (lazy === 0) return;
  const r = (k / COLUMNS) | 0;
  cellEntry(lazyBodies[lazy - 1] as Body, r, k - r * COLUMNS);
  zbuf[k] = reg[R_T]!;
  zlazy[k] = 0;
}

/** Sets reg[R_Z] to the depth at which the current body or smoke blocks cell k = (r, c), or Infinity (planes are inlined in rasterPolygon). */
function cellDepth(mode: number, k: number, r: number, c: number): void {
  if (mode === MODE_BODY) {
    cellEntry(occBody as Body, r, c);
    let t = reg[R_T]!;
    if (straddles && t !== Infinity) {
      ensureTargetDepth(k, r, c);
      if (t >= tDepth[k]!) t = Infinity;
    }
    reg[R_Z] = t;
    return;
  }
  ensureTargetDepth(k, r, c);
  const t = tDepth[k]!;
  const xc = x0 + (c + 0.5) * cellW;
  const yc = y0 + (r + 0.5) * cellH;
  const wx = dx + ux * xc + vx * yc,
    wy = dy + uy * xc + vy * yc,
    wz = dz + uz * xc + vz * yc;
  const sm = occSmoke as SmokeVolume;
  reg[R_Z] = smokeBlocksSegment(sm, ex, ey, ez, ex + wx * t, ey + wy * t, ez + wz * t)
    ? smokeEntry(sm, ex, ey, ez, wx, wy, wz)
    : Infinity;
}

/**
 * Scan-converts the convex polygon (polyX/polyY, n vertices, image coords). MODE_SIL writes the
 * covered cells into `sil`; the other modes depth-test each covered silhouette cell against the
 * nearest occluder so far and keep the nearer.
 */
function rasterPolygon(n: number, mode: number): void {
  // The polygon is convex: its left and right sides are the two chains from the top vertex down
  // to the bottom one, walked once as the rows go down.
  let minY = Infinity,
    maxY = -Infinity,
    top = 0,
    bottom = 0;
  for (let i = 0; i < n; i++) {
    const y = polyY[i] as number;
    if (y < minY) {
      minY = y;
      top = i;
    }
    if (y > maxY) {
      maxY = y;
      bottom = i;
    }
  }
  let r0 = Math.ceil((minY - y0) / cellH - 0.5);
  let r1 = Math.floor((maxY - y0) / cellH - 0.5);
  if (r0 < 0) r0 = 0;
  if (r1 > rows - 1) r1 = rows - 1;
  const whole = maskOnly && (mode === MODE_PLANE ? !straddles : mode === MODE_BODY && occLazy);
  let a = top,
    an = top + 1 === n ? 0 : top + 1;
  let b = top,
    bn = top === 0 ? n - 1 : top - 1;
  for (let r = r0; r <= r1; r++) {
    // Row masks as int32 (`| 0`): bit 31 set stays a small integer, never a boxed number.
    const silRow = sil[r]! | 0;
    if (
      mode !== MODE_SIL &&
      (silRow === 0 || ((hit[r]! | 0) === silRow && (maskOnly || reg[R_NEAR]! >= (rowFar[r] as number))))
    )
      continue;
    const yc = y0 + (r + 0.5) * cellH;
    while (a !== bottom && (polyY[an] as number) < yc) {
      a = an;
      an = an + 1 === n ? 0 : an + 1;
    }
    while (b !== bottom && (polyY[bn] as number) < yc) {
      b = bn;
      bn = bn === 0 ? n - 1 : bn - 1;
    }
    let xl = Infinity,
      xr = -Infinity;
    for (let side = 0; side < 2; side++) {
      const i = side === 0 ? a : b,
        j = side === 0 ? an : bn;
      const yi = polyY[i] as number,
        yj = polyY[j] as number;
      const xi = polyX[i] as number,
        xj = polyX[j] as number;
      if (yi === yj) {
        if (xi < xl) xl = xi;
        if (xi > xr) xr = xi;
        if (xj < xl) xl = xj;
        if (xj > xr) xr = xj;
      } else {
        const x = xi + ((yc - yi) * (xj - xi)) / (yj - yi);
        if (x < xl) xl = x;
        if (x > xr) xr = x;
      }
    }
    if (xl > xr) continue;
    let c0 = Math.ceil((xl - x0) / cellW - 0.5);
    let c1 = Math.floor((xr - x0) / cellW - 0.5);
    if (c0 < 0) c0 = 0;
    if (c1 > COLUMNS - 1) c1 = COLUMNS - 1;
    if (c0 > c1) continue;
    if (mode === MODE_SIL) {
      sil[r] = silRow | rangeMask(c0, c1);
      continue;
    }
    let todo = rangeMask(c0, c1) & silRow;
    const rowHit = hit[r]! | 0;
    const base = r * COLUMNS;
    let added = 0;
    if (whole) {
      // Counting, and the occluder is wholly in front of the target: every cell it covers is blocked.
      added = todo & ~rowHit;
      todo = 0;
    }
    // Plane depth along the row: den(c) = den0 + step * c (inlined: the hot path).
    const den0 = reg[R_PNX]! * (x0 + 0.5 * cellW) + reg[R_PNY]! * yc + reg[R_PNZ]!;
    const step = reg[R_PNX]! * cellW;
    while (todo !== 0) {
      const low = todo & -todo;
      todo ^= low;
      const c = 31 - Math.clz32(low);
      const isHit = (rowHit & low) !== 0;
      const k = base + c;
      // A blocked cell's depth is known, or (a lazy body) lies in [lazyNear, zbuf]: compare bounds first.
      if (isHit) {
        if (maskOnly || reg[R_NEAR]! >= zbuf[k]!) continue;
        if (zlazy[k] !== 0) {
          resolveLazy(k);
          if (reg[R_NEAR]! >= zbuf[k]!) continue;
        }
      }
      if (occLazy && (!isHit || reg[R_FAR]! < zbuf[k]!)) {
        // First to cover it: blocked for sure; the exact depth waits until something competes.
        zlazy[k] = occIndex + 1;
        zbuf[k] = reg[R_FAR]!;
        zown[k] = occOwner;
        if (!isHit) added |= low;
        if (reg[R_FAR]! > (rowFar[r] as number)) rowFar[r] = reg[R_FAR]!;
        if (reg[R_FAR]! > reg[R_WRITTEN]!) reg[R_WRITTEN] = reg[R_FAR]!;
        continue;
      }
      let z: number;
      if (mode === MODE_PLANE) {
        const den = den0 + step * c;
        z = den === 0 ? Infinity : reg[R_PK]! / den;
        if (z <= NEAR) z = Infinity;
        else if (straddles) {
          ensureTargetDepth(k, r, c);
          if (z >= tDepth[k]!) z = Infinity;
        }
      } else {
        cellDepth(mode, k, r, c);
        z = reg[R_Z]!;
      }
      // (A hit cell's depth is exact here: a lazy one was worked out above.)
      if (z === Infinity || (isHit && z >= zbuf[k]!)) continue;
      zbuf[k] = z;
      zlazy[k] = 0;
      zown[k] = occOwner;
      if (!isHit) added |= low;
      if (z > (rowFar[r] as number)) rowFar[r] = z;
      if (z > reg[R_WRITTEN]!) reg[R_WRITTEN] = z;
    }
    if (added !== 0) {
      blockedSome = true;
      const now = rowHit | added;
      if (rowHit === 0) hitRows++;
      hit[r] = now;
      if (now === silRow) {
        openRows--;
        if (openRows === 0) cutoff = maskOnly ? -Infinity : reg[R_WRITTEN]!;
      }
    }
  }
}

// ---- terrain via BVH shapecast ----
// Frustum side planes as world normals n with inside where n . (P - eye) >= 0.
const planes = new Float64Array(4 * 3);

/** Whether the box (min x, y, z, max x, y, z at b[o..o+6)) lies wholly outside the frustum, or beyond what can matter. */
function boxOutside(b: ArrayLike<number>, o: number): boolean {
  const hx = (b[o + 3]! - b[o]!) / 2,
    hy = (b[o + 4]! - b[o + 1]!) / 2,
    hz = (b[o + 5]! - b[o + 2]!) / 2;
  const qx = (b[o + 3]! + b[o]!) / 2 - ex,
    qy = (b[o + 4]! + b[o + 1]!) / 2 - ey,
    qz = (b[o + 5]! + b[o + 2]!) / 2 - ez;
  const dc = qx * dx + qy * dy + qz * dz;
  const dr = Math.abs(dx) * hx + Math.abs(dy) * hy + Math.abs(dz) * hz;
  if (dc + dr < NEAR || dc - dr > zTargetMax || dc - dr > cutoff) return true;
  for (let p = 0; p < 4; p++) {
    const nx = planes[p * 3] as number,
      ny = planes[p * 3 + 1] as number,
      nz = planes[p * 3 + 2] as number;
    if (qx * nx + qy * ny + qz * nz + Math.abs(nx) * hx + Math.abs(ny) * hy + Math.abs(nz) * hz < 0) return true;
  }
  return false;
}

/** Clips the camera-space triangle at z >= NEAR into polyX/polyY (projected); returns vertex count. */
function clipAndProject(): number {
  let n = 0;
  for (let i = 0, j = 2; i < 3; j = i++) {
    const zi = cz[i] as number,
      zj = cz[j] as number;
    const inI = zi >= NEAR,
      inJ = zj >= NEAR;
    if (inJ !== inI) {
      const t = (NEAR - zj) / (zi - zj);
      polyX[n] = ((cx[j] as number) + t * ((cx[i] as number) - (cx[j] as number))) / NEAR;
      polyY[n] = ((cy[j] as number) + t * ((cy[i] as number) - (cy[j] as number))) / NEAR;
      n++;
    }
    if (inI) {
      polyX[n] = (cx[i] as number) / zi;
      polyY[n] = (cy[i] as number) / zi;
      n++;
    }
  }
  return n;
}

/** Back faces of closed surfaces for the current walk, or null when the eye is inside one's box. */
let culling: BackFaceCulling | null = null;

function terrainTriangles(offset: number, count: number): boolean {
  const { positions, indices, pieceOfVertex, pieces } = occ as TerrainIndex;
  const gx1 = x0 + COLUMNS * cellW,
    gy1 = y0 + rows * cellH;
  for (let t = offset, end = offset + count; t < end; t++) {
    const ia = indices[3 * t] as number;
    if (culling) {
      // Turned away from the eye, on a closed surface: never the first thing a sight line meets.
      const tri = (ia / 3) | 0;
      const s = culling.sign[tri] as number;
      if (s !== 0) {
        const nm = culling.normals;
        const facing =
          (nm[3 * tri] as number) * (ex - (positions[3 * ia] as number)) +
          (nm[3 * tri + 1] as number) * (ey - (positions[3 * ia + 1] as number)) +
          (nm[3 * tri + 2] as number) * (ez - (positions[3 * ia + 2] as number));
        if (s * facing <= 0) continue;
      }
    }
    const piece = pieces[pieceOfVertex[ia] as number];
    if (!piece || !piece.blocksLos) continue;
    const ib = indices[3 * t + 1] as number,
      ic = indices[3 * t + 2] as number;
    toCamera(positions[3 * ia] as number, positions[3 * ia + 1] as number, positions[3 * ia + 2] as number, 0);
    toCamera(positions[3 * ib] as number, positions[3 * ib + 1] as number, positions[3 * ib + 2] as number, 1);
    toCamera(positions[3 * ic] as number, positions[3 * ic + 1] as number, positions[3 * ic + 2] as number, 2);
    const za = cz[0] as number,
      zb = cz[1] as number,
      zc = cz[2] as number;
    const zmin = Math.min(za, zb, zc),
      zmax = Math.max(za, zb, zc);
    if (zmax < NEAR || zmin >= zTargetMax || zmin > cutoff) continue;
    // Outside one side plane of the grid's frustum (x < x0 z, ...): cheap reject before clipping.
    const xa = cx[0] as number,
      xb = cx[1] as number,
      xc = cx[2] as number;
    const ya = cy[0] as number,
      yb = cy[1] as number,
      yc = cy[2] as number;
    if ((xa < x0 * za && xb < x0 * zb && xc < x0 * zc) || (xa > gx1 * za && xb > gx1 * zb && xc > gx1 * zc)) continue;
    if ((ya < y0 * za && yb < y0 * zb && yc < y0 * zc) || (ya > gy1 * za && yb > gy1 * zb && yc > gy1 * zc)) continue;
    const n = clipAndProject();
    if (n < 3) continue;
    // Plane through the triangle in camera space: n . p = k; a cell's ray is (xc, yc, 1).
    const ax = xb - xa,
      ay = yb - ya,
      az = zb - za;
    const bx = xc - xa,
      by = yc - ya,
      bz = zc - za;
    reg[R_PNX] = ay * bz - az * by;
    reg[R_PNY] = az * bx - ax * bz;
    reg[R_PNZ] = ax * by - ay * bx;
    reg[R_PK] = reg[R_PNX]! * xa + reg[R_PNY]! * ya + reg[R_PNZ]! * za;
    straddles = zmax >= zTargetMin;
    occOwner = piece.index; // terrain kind code is 0
    reg[R_NEAR] = Math.max(zmin, NEAR);
    rasterPolygon(n, MODE_PLANE);
  }
  return false;
}

/** Near-to-far order for the BVH walk: the box's nearest depth along the view axis. */
function boxNearDepth(b: ArrayLike<number>, o: number): number {
  const hx = (b[o + 3]! - b[o]!) / 2,
    hy = (b[o + 4]! - b[o + 1]!) / 2,
    hz = (b[o + 5]! - b[o + 2]!) / 2;
  const qx = (b[o + 3]! + b[o]!) / 2 - ex,
    qy = (b[o + 4]! + b[o + 1]!) / 2 - ey,
    qz = (b[o + 5]! + b[o + 2]!) / 2 - ez;
  return qx * dx + qy * dy + qz * dz - (Math.abs(dx) * hx + Math.abs(dy) * hy + Math.abs(dz) * hz);
}

/**
 * Occlusion culling of a BVH node: true when every silhouette cell its projection can touch is
 * already blocked by something nearer than the node's nearest point (per-row farthest depth bound).
 */
function boxOccluded(b: ArrayLike<number>, o: number, near: number): boolean {
  if (hitRows === 0) return false;
  if (near <= NEAR) return false;
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let k = 0; k < 8; k++) {
    const px = (k & 1 ? b[o + 3]! : b[o]!) - ex;
    const py = (k & 2 ? b[o + 4]! : b[o + 1]!) - ey;
    const pz = (k & 4 ? b[o + 5]! : b[o + 2]!) - ez;
    const z = px * dx + py * dy + pz * dz;
    if (z <= NEAR) return false;
    const x = (px * ux + py * uy + pz * uz) / z;
    const y = (px * vx + py * vy + pz * vz) / z;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  let r0 = Math.floor((minY - y0) / cellH - 0.5),
    r1 = Math.ceil((maxY - y0) / cellH - 0.5);
  let c0 = Math.floor((minX - x0) / cellW - 0.5),
    c1 = Math.ceil((maxX - x0) / cellW - 0.5);
  if (r0 < 0) r0 = 0;
  if (r1 > rows - 1) r1 = rows - 1;
  if (c0 < 0) c0 = 0;
  if (c1 > COLUMNS - 1) c1 = COLUMNS - 1;
  if (r0 > r1 || c0 > c1) return true;
  const m = rangeMask(c0, c1);
  for (let r = r0; r <= r1; r++) {
    const need = (sil[r]! & m) >>> 0;
    if (need === 0) continue;
    if ((need & ~hit[r]!) >>> 0 !== 0 || (!maskOnly && rowFar[r]! > near)) return false;
  }
  return true;
}

/** Node stack of the BVH walk (offsets in 32-bit words) and each node's nearest depth. */
let walkNodes = new Int32Array(256);
let walkNear = new Float64Array(256);

/**
 * Walks one root of the occluder BVH near to far (three-mesh-bvh's node layout, as `MeshBVH.serialize`
 * gives it: per node 6 floats of bounds, then a leaf's triangle offset and count, or an inner
 * node's right child offset): each node is culled when outside the frustum or hidden, a leaf's
 * triangles are rasterized, and the nearer child goes first. Direct, where `shapecast` would
 * allocate its views and callbacks on every call: a walk is made per sight line.
 */
function walkRoot(root: NodeBuffers): void {
  const f = root.f32,
    u32 = root.u32,
    u16 = root.u16;
  let sp = 0;
  walkNodes[sp] = 0;
  walkNear[sp++] = boxNearDepth(f, 0);
  while (sp > 0) {
    sp--;
    const n32 = walkNodes[sp]!,
      near = walkNear[sp]!;
    if (boxOutside(f, n32)) continue;
    const n16 = n32 * 2;
    if (u16[n16 + 15] === LEAF) {
      terrainTriangles(u32[n32 + 6]!, u16[n16 + 14]!);
      continue;
    }
    if (boxOccluded(f, n32, near)) continue;
    const left = n32 + NODE_WORDS,
      right = n32 + u32[n32 + 6]! * NODE_WORDS;
    const nl = boxNearDepth(f, left),
      nr = boxNearDepth(f, right);
    if (sp + 2 > walkNodes.length) {
      walkNodes = doubled(walkNodes);
      walkNear = doubled(walkNear);
    }
    // Pushed far first: the nearer child is walked first.
    const nearFirst = nr < nl;
    walkNodes[sp] = nearFirst ? left : right;
    walkNear[sp++] = nearFirst ? nl : nr;
    walkNodes[sp] = nearFirst ? right : left;
    walkNear[sp++] = nearFirst ? nr : nl;
  }
}

// ---- silhouette and grid ----

const hullOrder = new Int32Array(MAX_OUTLINE);
const hullStack = new Int32Array(2 * MAX_OUTLINE + 2);

function hullCross(o: number, a: number, b: number): number {
  return (
    (proj[2 * a]! - proj[2 * o]!) * (proj[2 * b + 1]! - proj[2 * o + 1]!) -
    (proj[2 * a + 1]! - proj[2 * o + 1]!) * (proj[2 * b]! - proj[2 * o]!)
  );
}

/** Whether projected point a comes before b in (x, y) order. */
function before(a: number, b: number): boolean {
  const xa = proj[2 * a]!,
    xb = proj[2 * b]!;
  return xa < xb || (xa === xb && proj[2 * a + 1]! <= proj[2 * b + 1]!);
}

const rimSorted = new Int32Array(2 * RIM);

/**
 * Sorts one rim's points (indices first, first + 2, ... : RIM of them, in order round the rim) by
 * (x, y) into rimSorted[at..]: the projection of a rim is convex, so the two ways round from its
 * leftmost point are each already in order and one merge sorts them.
 */
function sortRim(first: number, at: number): void {
  let lo = 0;
  for (let i = 1; i < RIM; i++) if (!before(first + 2 * lo, first + 2 * i)) lo = i;
  let a = 1,
    b = 1,
    k = at;
  rimSorted[k++] = first + 2 * lo;
  while (a + b < RIM + 1) {
    const pa = first + 2 * ((lo + a) % RIM),
      pb = first + 2 * ((lo - b + RIM) % RIM);
    if (before(pa, pb)) {
      rimSorted[k++] = pa;
      a++;
    } else {
      rimSorted[k++] = pb;
      b++;
    }
  }
}

/**
 * Monotone-chain convex hull of the points proj[0..2m) into hull; returns the vertex count (no
 * allocation). `rims`: the points are the two projected rims (m = 2 RIM, bottom at even indices).
 */
function convexHull(m: number, rims: boolean): number {
  if (rims) {
    // Both rims sorted, merged, then an insertion sort that only mends what rounding left out of order.
    sortRim(0, 0);
    sortRim(1, RIM);
    let a = 0,
      b = RIM;
    for (let k = 0; k < m; k++)
      hullOrder[k] = b >= m || (a < RIM && before(rimSorted[a]!, rimSorted[b]!)) ? rimSorted[a++]! : rimSorted[b++]!;
  } else {
    for (let k = 0; k < m; k++) hullOrder[k] = k;
  }
  for (let i = 1; i < m; i++) {
    const p = hullOrder[i]!;
    let k = i;
    while (k > 0 && !before(hullOrder[k - 1]!, p)) {
      hullOrder[k] = hullOrder[k - 1]!;
      k--;
    }
    hullOrder[k] = p;
  }
  let top = 0;
  for (let k = 0; k < m; k++) {
    const i = hullOrder[k]!;
    while (top >= 2 && hullCross(hullStack[top - 2]!, hullStack[top - 1]!, i) <= 0) top--;
    hullStack[top++] = i;
  }
  const lower = top + 1;
  for (let k = m - 2; k >= 0; k--) {
    const i = hullOrder[k]!;
    while (top >= lower && hullCross(hullStack[top - 2]!, hullStack[top - 1]!, i) <= 0) top--;
    hullStack[top++] = i;
  }
  top--;
  for (let k = 0; k < top; k++) {
    hull[2 * k] = proj[2 * hullStack[k]!]!;
    hull[2 * k + 1] = proj[2 * hullStack[k]! + 1]!;
  }
  return top;
}

/** The last outline was cut by the near plane (part of the body is level with or behind the eye). */
let polyClipped = false;

/**
 * Outlines a body in the image: fills polyX/polyY with its convex silhouette and sets
 * reg[R_ZMIN]!/reg[R_ZMAX]!; returns the vertex count (0: nothing of it in front of the eye). Where part
 * of the body is behind the eye the outline is that of its part in front of the near plane:
 * the corners there and the points where its edges cross the plane (`polyClipped`).
 */
function bodyPolygon(body: Body): number {
  rim = bodyRim(body, RIM);
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 0; i < 2 * RIM; i++) {
    toCamera(rim[3 * i]!, rim[3 * i + 1]!, rim[3 * i + 2]!, 0);
    const z = cz[0]!;
    if (z < zmin) zmin = z;
    if (z > zmax) zmax = z;
    camX[i] = cx[0]!;
    camY[i] = cy[0]!;
    camZ[i] = z;
  }
  reg[R_ZMIN] = zmin;
  reg[R_ZMAX] = zmax;
  polyClipped = zmin <= NEAR;
  let n: number;
  if (!polyClipped) {
    const prism = prismOutline(body);
    if (prism > 0) return prism;
    for (let i = 0; i < 2 * RIM; i++) {
      proj[2 * i] = camX[i]! / camZ[i]!;
      proj[2 * i + 1] = camY[i]! / camZ[i]!;
    }
    n = convexHull(2 * RIM, true);
  } else {
    if (zmax <= NEAR) return 0;
    let m = 0;
    for (let i = 0; i < 2 * RIM; i++) {
      if (camZ[i]! <= NEAR) continue;
      proj[2 * m] = camX[i]! / camZ[i]!;
      proj[2 * m + 1] = camY[i]! / camZ[i]!;
      m++;
    }
    // Edges: round the bottom rim, round the top rim, and the verticals.
    for (let e = 0; e < 3 * RIM; e++) {
      const j = e % RIM,
        next = (j + 1) % RIM;
      const p = e < RIM ? 2 * j : e < 2 * RIM ? 2 * j + 1 : 2 * j;
      const q = e < RIM ? 2 * next : e < 2 * RIM ? 2 * next + 1 : 2 * j + 1;
      const zp = camZ[p]!,
        zq = camZ[q]!;
      if (zp > NEAR === zq > NEAR) continue;
      const t = (NEAR - zp) / (zq - zp);
      proj[2 * m] = (camX[p]! + t * (camX[q]! - camX[p]!)) / NEAR;
      proj[2 * m + 1] = (camY[p]! + t * (camY[q]! - camY[p]!)) / NEAR;
      m++;
    }
    if (m < 3) return 0;
    n = convexHull(m, false);
  }
  for (let i = 0; i < n; i++) {
    polyX[i] = hull[2 * i]!;
    polyY[i] = hull[2 * i + 1]!;
  }
  return n;
}

/** Which side faces of the rim prism face the eye (seen from above), per edge i -> i + 1. */
const sideFront = new Uint8Array(RIM);

/**
 * The silhouette of the rim prism straight from its faces (the rims in camera space from
 * `bodyPolygon`, bottom rim at even and top rim at odd indices) into polyX/polyY: a side face turned
 * towards the eye meets a turned-away one at the two vertical edges of the outline; between them
 * the outline follows the top rim's near side (eye below the top) or far side (eye above it), and
 * the bottom rim's near side (eye above the bottom). Returns the vertex count, or 0 where the
 * general hull must decide (the eye level with a rim, or above the footprint).
 */
function prismOutline(body: Body): number {
  if (Math.abs(ey - body.y1) < 1e-9 || Math.abs(ey - body.y0) < 1e-9) return 0;
  // Orientation of the rim polygon seen from above, and each side's facing.
  let area = 0;
  for (let i = 0, j = RIM - 1; i < RIM; j = i++) area += rim[6 * j]! * rim[6 * i + 2]! - rim[6 * i]! * rim[6 * j + 2]!;
  let fronts = 0;
  for (let i = 0; i < RIM; i++) {
    const j = i + 1 === RIM ? 0 : i + 1;
    const ax = rim[6 * i]!,
      az = rim[6 * i + 2]!;
    const cross = (rim[6 * j]! - ax) * (ez - az) - (rim[6 * j + 2]! - az) * (ex - ax);
    const front = cross * area < 0 ? 1 : 0;
    sideFront[i] = front;
    fronts += front;
  }
  if (fronts === 0 || fronts === RIM) return 0;
  let turns = 0;
  for (let i = 0; i < RIM; i++) if (sideFront[i] !== sideFront[i === 0 ? RIM - 1 : i - 1]) turns++;
  if (turns !== 2) return 0;
  // The front run of edges p..q: its first edge follows a back one.
  let p = 0;
  while (!(sideFront[p] === 1 && sideFront[(p + RIM - 1) % RIM] === 0)) p++;
  const a = p,
    b = (p + fronts) % RIM; // tangent vertices: near arc a..b, far arc b..a
  const topNear = ey < body.y1;
  const bottomNear = ey > body.y0;
  let n = 0;
  const put = (v: number, top: boolean) => {
    const k = 2 * v + (top ? 1 : 0);
    polyX[n] = camX[k]! / camZ[k]!;
    polyY[n++] = camY[k]! / camZ[k]!;
  };
  // Top arc from its first tangent vertex to its last, then the bottom arc back round.
  const topFrom = topNear ? a : b,
    topLen = topNear ? fronts : RIM - fronts;
  for (let k = 0; k <= topLen; k++) put((topFrom + k) % RIM, true);
  const end = (topFrom + topLen) % RIM;
  const botLen = bottomNear ? fronts : RIM - fronts;
  const botFrom = bottomNear ? a : b;
  if (botFrom === end) for (let k = 0; k <= botLen; k++) put((botFrom + k) % RIM, false);
  else for (let k = botLen; k >= 0; k--) put((botFrom + k) % RIM, false);
  return n;
}

/** Set when a rasterization blocks a cell nothing drawn before had blocked. */
let blockedSome = false;

/**
 * Rasterizes model body `index` as an occluder (its depth left lazy where it is wholly in front of
 * the target). Returns whether it blocked a cell that nothing drawn before it had blocked.
 */
function rasterBody(b: Body, index: number): boolean {
  const n = bodyPolygon(b);
  if (reg[R_ZMIN]! > cutoff) return false;
  blockedSome = false;
  occBody = b;
  occOwner = ownerKey('model', index);
  reg[R_NEAR] = Math.max(reg[R_ZMIN]!, NEAR);
  reg[R_FAR] = reg[R_ZMAX]!;
  occIndex = index;
  straddles = reg[R_ZMAX]! >= zTargetMin;
  occLazy = !polyClipped && reg[R_ZMAX]! < zTargetMin;
  if (occLazy) setLazyNear(index, reg[R_NEAR]!);
  if (n >= 3) rasterPolygon(n, MODE_BODY);
  occLazy = false;
  return blockedSome;
}

/** Sets the camera at `eye` looking at the centre of `body`. Returns false when they coincide. */
function setCamera(eye: readonly number[], body: Body): boolean {
  ex = eye[0]!;
  ey = eye[1]!;
  ez = eye[2]!;
  let fx = body.cx - ex,
    fy = (body.y0 + body.y1) / 2 - ey,
    fz = body.cz - ez;
  const len = Math.sqrt(fx * fx + fy * fy + fz * fz);
  if (len < 1e-9) return false;
  fx /= len;
  fy /= len;
  fz /= len;
  dx = fx;
  dy = fy;
  dz = fz;
  // right = d x up (up = +y), falling back to +x when looking straight up or down.
  let rx = -fz,
    rz = fx;
  const rl = Math.sqrt(rx * rx + rz * rz);
  if (rl < 1e-6) {
    rx = 1;
    rz = 0;
  } else {
    rx /= rl;
    rz /= rl;
  }
  ux = rx;
  uy = 0;
  uz = rz;
  // up = right x d
  vx = uy * dz - uz * dy;
  vy = uz * dx - ux * dz;
  vz = ux * dy - uy * dx;
  return true;
}

/**
 * What a caller can keep of one computation to decide later whether a moved body could change it:
 * the model bodies that blocked cells nothing drawn before them had blocked (`candidates`: any
 * other body hid only cells still hidden without it, so it moving away changes no count), and the
 * frustum itself (eye, view axis, far depth, four side planes: 19 numbers, see `sphereInTrace`).
 */
export interface VisibilityTrace {
  candidates: Set<number>;
  frustum: Float64Array;
}

/** Walks the terrain near to far into the depth buffer (skipping what is already hidden nearer). */
function walkTerrain(w: GeometryWorld): void {
  occ = occludersOf(w);
  culling = backFaceCulling(occ);
  if (insideClosedBox(culling, ex, ey, ez)) culling = null;
  for (const root of nodeBuffers(occ)) walkRoot(root);
  culling = null;
}

/** Candidate occluder bodies of the pair being computed, sorted by nearest depth. */
let candIndex = new Int32Array(64);
let candNear = new Float64Array(64);

/** A copy of a scratch array with twice the room. */
function doubled<T extends Int32Array | Float64Array>(a: T): T {
  const out = (a instanceof Int32Array ? new Int32Array(a.length * 2) : new Float64Array(a.length * 2)) as T;
  out.set(a);
  return out;
}

/** A fresh trace. */
export function newTrace(): VisibilityTrace {
  return { candidates: new Set(), frustum: new Float64Array(19) };
}

/** Whether a sphere reaches into a traced frustum (conservative, as the occluder test itself). */
export function sphereInTrace(f: Float64Array, px: number, py: number, pz: number, radius: number): boolean {
  const qx = px - f[0]!,
    qy = py - f[1]!,
    qz = pz - f[2]!;
  const dc = qx * f[3]! + qy * f[4]! + qz * f[5]!;
  if (dc + radius < NEAR || dc - radius > f[6]!) return false;
  for (let p = 0; p < 4; p++) {
    const nx = f[7 + p * 3]!,
      ny = f[8 + p * 3]!,
      nz = f[9 + p * 3]!;
    if (qx * nx + qy * ny + qz * nz < -radius * Math.sqrt(nx * nx + ny * ny + nz * nz)) return false;
  }
  return true;
}

/** A body's bounding box, for occlusion culling (only min and max are read). */
const bodyBox = new Float64Array(6);

/** Lengths of the frustum's side-plane normals (set with the planes). */
const planeLen = new Float64Array(4);

/** Occluder bodies and smokes are tested against the bounding cone of the frustum. */
function sphereInFrustum(px: number, py: number, pz: number, radius: number): boolean {
  const qx = px - ex,
    qy = py - ey,
    qz = pz - ez;
  const dc = qx * dx + qy * dy + qz * dz;
  if (dc + radius < NEAR || dc - radius > zTargetMax) return false;
  for (let p = 0; p < 4; p++) {
    if (qx * planes[p * 3]! + qy * planes[p * 3 + 1]! + qz * planes[p * 3 + 2]! < -radius * planeLen[p]!) return false;
  }
  return true;
}

/** Radius of a body's bounding sphere (about its mid-height centre). */
function sphereOf(b: Body): number {
  const half = (b.y1 - b.y0) / 2;
  return Math.sqrt(b.radius * b.radius + half * half);
}

/**
 * Sets up one eye and target: the camera, the silhouette and its grid, the frustum planes, and an
 * empty depth buffer. Returns the silhouette's cell count, or 0 when the eye is inside or touching
 * the target (everything visible).
 */
function prepare(
  eye: readonly number[],
  targetBody: Body,
  rowCount: number,
  trace: VisibilityTrace | undefined,
): number {
  target = targetBody;
  rows = Math.max(2, Math.min(MAX_ROWS, Math.round(rowCount)));
  if (!setCamera(eye, targetBody)) return 0;

  // Silhouette polygon and grid.
  const shN = bodyPolygon(targetBody);
  if (shN < 3 || polyClipped) return 0;
  zTargetMin = reg[R_ZMIN]!;
  zTargetMax = reg[R_ZMAX]!;
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
  x0 = minX;
  y0 = minY;
  cellW = (maxX - minX) / COLUMNS;
  cellH = (maxY - minY) / rows;
  // Silhouette mask.
  sil.fill(0, 0, rows);
  rasterPolygon(shN, MODE_SIL);
  let samples = 0;
  openRows = 0;
  for (let r = 0; r < rows; r++) {
    samples += popcount(sil[r]!);
    if (sil[r] !== 0) openRows++;
  }
  if (samples === 0) return 0;
  hit.fill(0, 0, rows);
  zlazy.fill(0, 0, rows * COLUMNS);
  occLazy = false;
  rowFar.fill(0, 0, rows);
  tDepth.fill(NaN, 0, rows * COLUMNS);
  reg[R_WRITTEN] = 0;
  hitRows = 0;
  cutoff = Infinity;

  // Frustum side planes through the grid box edges (image x = x0, x1; y = y0, y1).
  const x1 = x0 + COLUMNS * cellW,
    y1 = y0 + rows * cellH;
  planes[0] = ux - x0 * dx;
  planes[1] = uy - x0 * dy;
  planes[2] = uz - x0 * dz;
  planes[3] = x1 * dx - ux;
  planes[4] = x1 * dy - uy;
  planes[5] = x1 * dz - uz;
  planes[6] = vx - y0 * dx;
  planes[7] = vy - y0 * dy;
  planes[8] = vz - y0 * dz;
  planes[9] = y1 * dx - vx;
  planes[10] = y1 * dy - vy;
  planes[11] = y1 * dz - vz;

  for (let p = 0; p < 4; p++)
    planeLen[p] = Math.sqrt(planes[3 * p]! ** 2 + planes[3 * p + 1]! ** 2 + planes[3 * p + 2]! ** 2);

  if (trace) {
    const f = trace.frustum;
    f[0] = ex;
    f[1] = ey;
    f[2] = ez;
    f[3] = dx;
    f[4] = dy;
    f[5] = dz;
    f[6] = zTargetMax;
    f.set(planes, 7);
  }

  return samples;
}

/** The blocked cells of the last computation, one word per row (its rows). */
export function lastBlockedMask(into?: Uint32Array): Uint32Array {
  if (into && into.length === rows) {
    into.set(hit.subarray(0, rows));
    return into;
  }
  return hit.slice(0, rows);
}

/**
 * Adds one model body to a kept result: `mask` is `lastBlockedMask()` of a computation with the
 * same eye, target body and rows in which body `k` took no part (it was not in the frustum). An
 * occluder added can only block more, so the cells it now hides are added to the mask: the count
 * equals a computation from scratch. Returns the count and the new mask; `trace` gains the body.
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
  const samples = prepare(eye, targetBody, rowCount, trace);
  if (samples === 0) return { samples: 1, visible: 1, mask };
  hit.set(mask.subarray(0, rows));
  for (let r = 0; r < rows; r++) if (hit[r] !== 0) hitRows++;
  const b = w.bodies[k]!;
  if (b !== targetBody && sphereInFrustum(b.cx, (b.y0 + b.y1) / 2, b.cz, sphereOf(b))) {
    lazyBodies = w.bodies;
    maskOnly = true;
    if (rasterBody(b, k)) trace?.candidates.add(k);
    maskOnly = false;
  }
  let hidden = 0;
  for (let r = 0; r < rows; r++) hidden += popcount((hit[r]! & sil[r]!) >>> 0);
  target = null;
  occBody = null;
  return { samples, visible: samples - hidden, mask: lastBlockedMask(mask) };
}

/**
 * How much of `targetBody` the eye sees. `skipBody(i)` names model bodies that never occlude (the
 * viewer's own). `rowCount` sets the grid (rows x 32 cells over the silhouette's bounding box).
 * `countOnly`: the blocked cells are counted but not credited to occluders (`blocked` comes back
 * empty), which lets every occluder act as a mask (see `maskOnly`).
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
  const samples = prepare(eye, targetBody, rowCount, trace);
  if (samples === 0) return { samples: 1, visible: 1, blocked: [], degenerate: true };
  maskOnly = countOnly;

  // Model bodies, near to far (a body wholly behind the ones before it in a cell is skipped there).
  lazyBodies = w.bodies;
  let nCand = 0;
  for (let i = 0; i < w.bodies.length; i++) {
    const b = w.bodies[i]!;
    if (b === targetBody || skipBody(i)) continue;
    const my = (b.y0 + b.y1) / 2;
    const sphere = sphereOf(b);
    if (!sphereInFrustum(b.cx, my, b.cz, sphere)) continue;
    const near = (b.cx - ex) * dx + (my - ey) * dy + (b.cz - ez) * dz - sphere;
    let q = nCand++;
    if (q >= candIndex.length) {
      candIndex = doubled(candIndex);
      candNear = doubled(candNear);
    }
    while (q > 0 && candNear[q - 1]! > near) {
      candIndex[q] = candIndex[q - 1]!;
      candNear[q] = candNear[q - 1]!;
      q--;
    }
    candIndex[q] = i;
    candNear[q] = near;
  }
  for (let q = 0; q < nCand; q++) {
    const i = candIndex[q]!;
    const b = w.bodies[i]!;
    // Occlusion culling as for terrain nodes: hidden behind what is already blocked nearer, it cannot be first anywhere.
    bodyBox[0] = b.cx - b.radius;
    bodyBox[1] = b.y0;
    bodyBox[2] = b.cz - b.radius;
    bodyBox[3] = b.cx + b.radius;
    bodyBox[4] = b.y1;
    bodyBox[5] = b.cz + b.radius;
    if (boxOutside(bodyBox, 0) || boxOccluded(bodyBox, 0, boxNearDepth(bodyBox, 0))) continue;
    if (rasterBody(b, i)) trace?.candidates.add(i);
  }

  occLazy = false;
  occBody = null;
  // The terrain after the bodies: its walk skips what they already hide.
  if (openRows > 0 || !countOnly) walkTerrain(w);

  // Smoke.
  for (let i = 0; i < w.smoke.length; i++) {
    const s = w.smoke[i]!;
    // Lines that start in the smoke are never blocked by it.
    if (pointInSmoke(s, ex, ey, ez)) continue;
    // Every sight line stays within the target's radius of the eye-to-target segment (seen from above).
    if (segmentDistance2d(s.cx, s.cz, ex, ez, targetBody.cx, targetBody.cz) > s.r + targetBody.radius) continue;
    const top = Number.isFinite(s.y1) ? s.y1 : Math.max(ey, targetBody.y1) + s.r;
    const mid = (s.y0 + top) / 2;
    if (!sphereInFrustum(s.cx, mid, s.cz, Math.hypot(s.r, (top - s.y0) / 2))) continue;
    const qx = s.cx - ex,
      qz = s.cz - ez;
    // Depth along a cell ray is at most its distance; the grid's steepest ray bounds the ratio.
    const x1 = x0 + COLUMNS * cellW,
      y1 = y0 + rows * cellH;
    const steep = Math.hypot(1, Math.max(Math.abs(x0), Math.abs(x1)), Math.max(Math.abs(y0), Math.abs(y1)));
    const near = Math.max(NEAR, (Math.hypot(qx, qz) - s.r) / steep);
    if (near > cutoff) continue;
    occSmoke = s;
    occOwner = ownerKey('smoke', i);
    reg[R_NEAR] = near;
    fullGridPolygon();
    rasterPolygon(4, MODE_SMOKE);
  }

  maskOnly = false;

  if (countOnly) {
    let hiddenCells = 0;
    for (let r = 0; r < rows; r++) hiddenCells += popcount((hit[r]! & sil[r]!) >>> 0);
    occ = null;
    target = null;
    occBody = null;
    occSmoke = null;
    return { samples, visible: samples - hiddenCells, blocked: [], degenerate: false };
  }
  // Credit each blocked cell to its nearest occluder.
  // Cells of one occluder come in runs: counted per run, added to the map when the owner changes.
  const counts = new Map<number, number>();
  let hidden = 0;
  let runOwner = -1,
    run = 0;
  for (let r = 0; r < rows; r++) {
    let bits = (hit[r]! & sil[r]!) >>> 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits = (bits ^ low) >>> 0;
      const owner = zown[r * COLUMNS + (31 - Math.clz32(low))]!;
      if (owner !== runOwner) {
        if (run > 0) counts.set(runOwner, (counts.get(runOwner) ?? 0) + run);
        runOwner = owner;
        run = 0;
      }
      run++;
      hidden++;
    }
  }
  if (run > 0) counts.set(runOwner, (counts.get(runOwner) ?? 0) + run);
  const blocked: Visibility['blocked'] = [];
  for (const [owner, cells] of counts)
    blocked.push({ kind: KIND_NAME[Math.floor(owner / 0x100000)]!, index: owner % 0x100000, cells });
  blocked.sort((a, b) => b.cells - a.cells);
  occ = null;
  target = null;
  occBody = null;
  occSmoke = null;
  return { samples, visible: samples - hidden, blocked, degenerate: false };
}

/** Distance from point p to segment a-b in the x/z plane. */
function segmentDistance2d(px: number, pz: number, ax: number, az: number, bx: number, bz: number): number {
  const vx2 = bx - ax,
    vz2 = bz - az;
  const len2 = vx2 * vx2 + vz2 * vz2;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * vx2 + (pz - az) * vz2) / len2)) : 0;
  return Math.hypot(ax + vx2 * t - px, az + vz2 * t - pz);
}

/** Sets polyX/polyY to the whole grid box (for occluders tested cell by cell). */
function fullGridPolygon(): void {
  const x1 = x0 + COLUMNS * cellW,
    y1 = y0 + rows * cellH;
  polyX[0] = x0;
  polyY[0] = y0;
  polyX[1] = x1;
  polyY[1] = y0;
  polyX[2] = x1;
  polyY[2] = y1;
  polyX[3] = x0;
  polyY[3] = y1;
}
