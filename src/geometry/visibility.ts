/**
 * Visible fraction by projecting occluders onto the target's silhouette.
 *
 * From the viewer's eye, the target's prism projects to a convex polygon (its silhouette). A grid of
 * `rows` x 32 cells covers the polygon's bounding box in the image plane; each row is one 32-bit
 * word, so the silhouette and every occluder are bit masks. Occluders are found with one BVH
 * shapecast over the frustum from the eye through that box (terrain) and with bounding tests
 * (model bodies, smoke). Each occluding triangle or body is clipped, projected and scan-converted
 * into its owner's mask. When it lies wholly in front of the target that is the whole cost; when its
 * depth range overlaps the target's, each covered cell compares the two depths along the cell's ray.
 * Owners are then taken nearest first, so every blocked cell is credited to its first occluder.
 *
 * Cells have equal image-plane area, so counting cells is the area-weighted share the geometry
 * contract asks for. See README.md in this folder for the accuracy and cost figures.
 */
import { NOT_INTERSECTED, INTERSECTED, type MeshBVH } from 'three-mesh-bvh';
import { Ray, type Box3 } from 'three';
import { rayEntersBody, rimPoints, type Body } from './bodies';
import { smokeBlocksSegment, type SmokeVolume } from './smoke';
import { raycastTerrain } from './terrainIndex';
import type { GeometryWorld } from './world';

/** Cells per row (one 32-bit word). */
export const COLUMNS = 32;
/** Most rows a grid may have. */
export const MAX_ROWS = 128;
/** Rows of the default grid (48 x 32 = 1536 cells over the silhouette's box). */
export const DEFAULT_ROWS = 48;
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
let ex = 0, ey = 0, ez = 0; // eye
let ux = 0, uy = 0, uz = 0; // image x axis (right)
let vx = 0, vy = 0, vz = 0; // image y axis (up)
let dx = 0, dy = 0, dz = 0; // view axis
let x0 = 0, y0 = 0, cellW = 1, cellH = 1, rows = DEFAULT_ROWS;
let zTargetMin = 0, zTargetMax = 0;
let target: Body | null = null;
const sil = new Uint32Array(MAX_ROWS);
const covered = new Uint32Array(MAX_ROWS);
const tDepth = new Float64Array(MAX_ROWS * COLUMNS);
const rim = new Float64Array(RIM * 6);
const proj = new Float64Array(RIM * 4);
const hull = new Float64Array(RIM * 4 + 4);
const polyX = new Float64Array(2 * RIM + 4);
const polyY = new Float64Array(2 * RIM + 4);
const polyZ = new Float64Array(8);
// camera-space triangle
const cx = new Float64Array(3), cy = new Float64Array(3), cz = new Float64Array(3);

/** Per-world occluder slots: masks and depths, grown as needed. */
interface SlotPool {
  masks: Uint32Array;
  depth: Float64Array;
  far: Float64Array;
  kind: Uint8Array;
  index: Int32Array;
  slotOf: Int32Array; // by global occluder key, -1 = none
  used: number;
  keys: Int32Array;
}
let pool: SlotPool = makePool(64, 256);
let pieceCount = 0;
let bodyCount = 0;

function makePool(slots: number, keys: number): SlotPool {
  return {
    masks: new Uint32Array(slots * MAX_ROWS),
    depth: new Float64Array(slots),
    far: new Float64Array(slots),
    kind: new Uint8Array(slots),
    index: new Int32Array(slots),
    slotOf: new Int32Array(keys).fill(-1),
    used: 0,
    keys: new Int32Array(slots),
  };
}

const KIND_CODE: Record<OccluderKind, number> = { terrain: 0, model: 1, smoke: 2 };
const KIND_NAME: OccluderKind[] = ['terrain', 'model', 'smoke'];

/** The slot for an occluder (allocating and clearing it on first use this pair). */
function slotFor(kind: OccluderKind, index: number): number {
  const key = kind === 'terrain' ? index : kind === 'model' ? pieceCount + index : pieceCount + bodyCount + index;
  if (key >= pool.slotOf.length) {
    const grown = new Int32Array(key * 2 + 16).fill(-1);
    grown.set(pool.slotOf);
    pool.slotOf = grown;
  }
  let s = pool.slotOf[key] ?? -1;
  if (s >= 0) return s;
  if (pool.used >= pool.depth.length) {
    const bigger = makePool(pool.depth.length * 2, pool.slotOf.length);
    bigger.masks.set(pool.masks);
    bigger.depth.set(pool.depth);
    bigger.far.set(pool.far);
    bigger.kind.set(pool.kind);
    bigger.index.set(pool.index);
    bigger.keys.set(pool.keys);
    bigger.slotOf.set(pool.slotOf);
    bigger.used = pool.used;
    pool = bigger;
  }
  s = pool.used++;
  pool.slotOf[key] = s;
  pool.keys[s] = key;
  pool.depth[s] = Infinity;
  pool.far[s] = -Infinity;
  pool.kind[s] = KIND_CODE[kind];
  pool.index[s] = index;
  pool.masks.fill(0, s * MAX_ROWS, s * MAX_ROWS + rows);
  return s;
}

function releaseSlots(): void {
  for (let s = 0; s < pool.used; s++) pool.slotOf[pool.keys[s] ?? 0] = -1;
  pool.used = 0;
}

/** Number of set bits in a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits a..b (inclusive) set. */
function rangeMask(a: number, b: number): number {
  const hi = b >= 31 ? 0xffffffff : ((1 << (b + 1)) - 1) >>> 0;
  const lo = a <= 0 ? 0 : ((1 << a) - 1) >>> 0;
  return (hi & ~lo) >>> 0;
}

function toCamera(px: number, py: number, pz: number, i: number): void {
  const qx = px - ex, qy = py - ey, qz = pz - ez;
  cx[i] = qx * ux + qy * uy + qz * uz;
  cy[i] = qx * vx + qy * vy + qz * vz;
  cz[i] = qx * dx + qy * dy + qz * dz;
}

/** Depth along the cell's ray at which it meets the target (its front surface), cached per cell. */
function targetDepth(r: number, c: number): number {
  const k = r * COLUMNS + c;
  let t = tDepth[k] ?? NaN;
  if (Number.isNaN(t)) {
    const xc = x0 + (c + 0.5) * cellW;
    const yc = y0 + (r + 0.5) * cellH;
    t = rayEntersBody(target as Body, ex, ey, ez, dx + ux * xc + vx * yc, dy + uy * xc + vy * yc, dz + uz * xc + vz * yc);
    if (!Number.isFinite(t)) t = zTargetMax;
    tDepth[k] = t;
  }
  return t;
}

// ---- polygon scan conversion ----
const MODE_FILL = 0;
const MODE_PLANE = 1;
const MODE_BODY = 2;
const MODE_SMOKE = 3;
let planeNx = 0, planeNy = 0, planeNz = 0, planeK = 0;
let occBody: Body | null = null;
let occSmokeIndex = 0;
let world: GeometryWorld | null = null;

/** Whether the cell (r, c) is blocked by the current per-cell occluder. */
function cellBlocked(mode: number, r: number, c: number): boolean {
  const xc = x0 + (c + 0.5) * cellW;
  const yc = y0 + (r + 0.5) * cellH;
  if (mode === MODE_PLANE) {
    const den = planeNx * xc + planeNy * yc + planeNz;
    if (Math.abs(den) < 1e-12) return false;
    const z = planeK / den;
    return z > NEAR && z < targetDepth(r, c);
  }
  const wx = dx + ux * xc + vx * yc, wy = dy + uy * xc + vy * yc, wz = dz + uz * xc + vz * yc;
  if (mode === MODE_BODY) {
    const t = rayEntersBody(occBody as Body, ex, ey, ez, wx, wy, wz);
    return t < targetDepth(r, c);
  }
  const t = targetDepth(r, c);
  const s = (world as GeometryWorld).smoke[occSmokeIndex];
  return s ? smokeBlocksSegment(s, ex, ey, ez, ex + wx * t, ey + wy * t, ez + wz * t) : false;
}

/**
 * Scan-converts the convex polygon (polyX/polyY, n vertices, image coords) into slot `slot`.
 * MODE_FILL sets every covered cell; the other modes test each covered silhouette cell.
 */
function rasterPolygon(n: number, mode: number, slot: number, out: Uint32Array = pool.masks): void {
  let minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = polyY[i] as number;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  let r0 = Math.ceil((minY - y0) / cellH - 0.5);
  let r1 = Math.floor((maxY - y0) / cellH - 0.5);
  if (r0 < 0) r0 = 0;
  if (r1 > rows - 1) r1 = rows - 1;
  const base = slot * MAX_ROWS;
  const masks = out;
  for (let r = r0; r <= r1; r++) {
    const yc = y0 + (r + 0.5) * cellH;
    let xl = Infinity, xr = -Infinity;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const yi = polyY[i] as number, yj = polyY[j] as number;
      if ((yi <= yc && yj >= yc) || (yj <= yc && yi >= yc)) {
        const xi = polyX[i] as number, xj = polyX[j] as number;
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
    }
    if (xl > xr) continue;
    let c0 = Math.ceil((xl - x0) / cellW - 0.5);
    let c1 = Math.floor((xr - x0) / cellW - 0.5);
    if (c0 < 0) c0 = 0;
    if (c1 > COLUMNS - 1) c1 = COLUMNS - 1;
    if (c0 > c1) continue;
    const bits = rangeMask(c0, c1) & (sil[r] as number);
    if (bits === 0) continue;
    const have = masks[base + r] as number;
    if (mode === MODE_FILL) {
      masks[base + r] = (have | bits) >>> 0;
      continue;
    }
    let todo = (bits & ~have & ~(covered[r] as number)) >>> 0;
    let add = 0;
    while (todo !== 0) {
      const low = todo & -todo;
      const c = 31 - Math.clz32(low);
      if (cellBlocked(mode, r, c)) add |= low;
      todo = (todo ^ low) >>> 0;
    }
    if (add !== 0) masks[base + r] = (have | add) >>> 0;
  }
}

// ---- terrain via BVH shapecast ----
// Frustum planes as world normals n with inside where n . (P - eye) >= 0 (plus near/far on d).
const planes = new Float64Array(4 * 3);

function boxOutside(box: Box3): boolean {
  const hx = (box.max.x - box.min.x) / 2, hy = (box.max.y - box.min.y) / 2, hz = (box.max.z - box.min.z) / 2;
  const qx = (box.max.x + box.min.x) / 2 - ex, qy = (box.max.y + box.min.y) / 2 - ey, qz = (box.max.z + box.min.z) / 2 - ez;
  // near/far along d
  const dc = qx * dx + qy * dy + qz * dz;
  const dr = Math.abs(dx) * hx + Math.abs(dy) * hy + Math.abs(dz) * hz;
  if (dc + dr < NEAR || dc - dr > zTargetMax) return true;
  for (let p = 0; p < 4; p++) {
    const nx = planes[p * 3] as number, ny = planes[p * 3 + 1] as number, nz = planes[p * 3 + 2] as number;
    if (qx * nx + qy * ny + qz * nz + Math.abs(nx) * hx + Math.abs(ny) * hy + Math.abs(nz) * hz < 0) return true;
  }
  return false;
}

/** Clips the camera-space triangle at z >= NEAR into polyX/polyY (projected); returns vertex count. */
function clipAndProject(): number {
  let n = 0;
  for (let i = 0, j = 2; i < 3; j = i++) {
    const zi = cz[i] as number, zj = cz[j] as number;
    const inI = zi >= NEAR, inJ = zj >= NEAR;
    if (inJ !== inI) {
      const t = (NEAR - zj) / (zi - zj);
      const x = (cx[j] as number) + t * ((cx[i] as number) - (cx[j] as number));
      const y = (cy[j] as number) + t * ((cy[i] as number) - (cy[j] as number));
      polyX[n] = x / NEAR;
      polyY[n] = y / NEAR;
      polyZ[n] = NEAR;
      n++;
    }
    if (inI) {
      polyX[n] = (cx[i] as number) / zi;
      polyY[n] = (cy[i] as number) / zi;
      polyZ[n] = zi;
      n++;
    }
  }
  return n;
}

function terrainTriangles(offset: number, count: number): boolean {
  const w = world as GeometryWorld;
  const { positions, indices, pieceOfVertex, pieces } = w.terrain;
  for (let t = offset, end = offset + count; t < end; t++) {
    const ia = indices[3 * t] as number;
    const piece = pieces[pieceOfVertex[ia] as number];
    if (!piece || !piece.blocksLos) continue;
    const ib = indices[3 * t + 1] as number, ic = indices[3 * t + 2] as number;
    toCamera(positions[3 * ia] as number, positions[3 * ia + 1] as number, positions[3 * ia + 2] as number, 0);
    toCamera(positions[3 * ib] as number, positions[3 * ib + 1] as number, positions[3 * ib + 2] as number, 1);
    toCamera(positions[3 * ic] as number, positions[3 * ic + 1] as number, positions[3 * ic + 2] as number, 2);
    const za = cz[0] as number, zb = cz[1] as number, zc = cz[2] as number;
    const zmin = Math.min(za, zb, zc), zmax = Math.max(za, zb, zc);
    if (zmax < NEAR || zmin >= zTargetMax) continue;
    const n = clipAndProject();
    if (n < 3) continue;
    // Quick reject against the grid box.
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const x = polyX[i] as number, y = polyY[i] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (maxX < x0 || minX > x0 + COLUMNS * cellW || maxY < y0 || minY > y0 + rows * cellH) continue;
    const slot = slotFor('terrain', piece.index);
    const near = Math.max(zmin, NEAR);
    if (near < (pool.depth[slot] as number)) pool.depth[slot] = near;
    if (zmax > (pool.far[slot] as number)) pool.far[slot] = zmax;
    if (zmax < zTargetMin) {
      rasterPolygon(n, MODE_FILL, slot);
    } else {
      // Plane through the triangle in camera space: n . p = k; a cell ray is (xc, yc, 1).
      const ax = cx[1]! - cx[0]!, ay = cy[1]! - cy[0]!, az = cz[1]! - cz[0]!;
      const bx = cx[2]! - cx[0]!, by = cy[2]! - cy[0]!, bz = cz[2]! - cz[0]!;
      planeNx = ay * bz - az * by;
      planeNy = az * bx - ax * bz;
      planeNz = ax * by - ay * bx;
      planeK = planeNx * cx[0]! + planeNy * cy[0]! + planeNz * cz[0]!;
      rasterPolygon(n, MODE_PLANE, slot);
    }
  }
  return false;
}

const shapecastCallbacks = {
  intersectsBounds: (box: Box3) => (boxOutside(box) ? NOT_INTERSECTED : INTERSECTED),
  intersectsRange: (offset: number, count: number) => terrainTriangles(offset, count),
};

// ---- silhouette and grid ----

/** Monotone-chain convex hull of proj[0..2m) into hull; returns the vertex count. */
function convexHull(m: number): number {
  const idx: number[] = [];
  for (let i = 0; i < m; i++) idx.push(i);
  idx.sort((a, b) => (proj[2 * a]! - proj[2 * b]!) || (proj[2 * a + 1]! - proj[2 * b + 1]!));
  const out: number[] = [];
  const cross = (o: number, a: number, b: number) =>
    (proj[2 * a]! - proj[2 * o]!) * (proj[2 * b + 1]! - proj[2 * o + 1]!) - (proj[2 * a + 1]! - proj[2 * o + 1]!) * (proj[2 * b]! - proj[2 * o]!);
  for (const i of idx) {
    while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  const lower = out.length + 1;
  for (let k = idx.length - 2; k >= 0; k--) {
    const i = idx[k]!;
    while (out.length >= lower && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  out.pop();
  for (let k = 0; k < out.length; k++) {
    hull[2 * k] = proj[2 * out[k]!]!;
    hull[2 * k + 1] = proj[2 * out[k]! + 1]!;
  }
  return out.length;
}

/** Outlines a body in the image: fills polyX/polyY with its convex silhouette; returns n, or -1 when part of it is behind the eye. */
function bodyPolygon(body: Body): { n: number; zmin: number; zmax: number } {
  rimPoints(body, RIM, rim);
  let zmin = Infinity, zmax = -Infinity;
  for (let i = 0; i < 2 * RIM; i++) {
    toCamera(rim[3 * i]!, rim[3 * i + 1]!, rim[3 * i + 2]!, 0);
    const z = cz[0]!;
    if (z < zmin) zmin = z;
    if (z > zmax) zmax = z;
    proj[2 * i] = cx[0]! / z;
    proj[2 * i + 1] = cy[0]! / z;
  }
  if (zmin <= NEAR) return { n: -1, zmin, zmax };
  const n = convexHull(2 * RIM);
  for (let i = 0; i < n; i++) {
    polyX[i] = hull[2 * i]!;
    polyY[i] = hull[2 * i + 1]!;
  }
  return { n, zmin, zmax };
}

/** Sets the camera at `eye` looking at the centre of `body`. Returns false when they coincide. */
function setCamera(eye: readonly number[], body: Body): boolean {
  ex = eye[0]!;
  ey = eye[1]!;
  ez = eye[2]!;
  let fx = body.cx - ex, fy = (body.y0 + body.y1) / 2 - ey, fz = body.cz - ez;
  const len = Math.hypot(fx, fy, fz);
  if (len < 1e-9) return false;
  fx /= len;
  fy /= len;
  fz /= len;
  dx = fx;
  dy = fy;
  dz = fz;
  // right = d x up (up = +y), falling back to +x when looking straight up or down.
  let rx = -fz, rz = fx;
  const rl = Math.hypot(rx, rz);
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

/** Occluder bodies and smokes are tested against the bounding cone of the frustum. */
function sphereInFrustum(px: number, py: number, pz: number, radius: number): boolean {
  const qx = px - ex, qy = py - ey, qz = pz - ez;
  const dc = qx * dx + qy * dy + qz * dz;
  if (dc + radius < NEAR || dc - radius > zTargetMax) return false;
  for (let p = 0; p < 4; p++) {
    const nx = planes[p * 3]!, ny = planes[p * 3 + 1]!, nz = planes[p * 3 + 2]!;
    if (qx * nx + qy * ny + qz * nz < -radius * Math.hypot(nx, ny, nz)) return false;
  }
  return true;
}

/**
 * How much of `targetBody` the eye sees. `skipBody(i)` names model bodies that never occlude (the
 * viewer's own). `rowCount` sets the grid (rows x 32 cells over the silhouette's bounding box).
 */
export function computeVisibility(
  w: GeometryWorld,
  eye: readonly number[],
  targetBody: Body,
  skipBody: (index: number) => boolean,
  rowCount = DEFAULT_ROWS,
): Visibility {
  world = w;
  target = targetBody;
  rows = Math.max(2, Math.min(MAX_ROWS, Math.round(rowCount)));
  pieceCount = w.terrain.pieces.length;
  bodyCount = w.bodies.length;
  const degenerate: Visibility = { samples: 1, visible: 1, blocked: [], degenerate: true };
  if (!setCamera(eye, targetBody)) return degenerate;

  // Silhouette polygon and grid.
  const sh = bodyPolygon(targetBody);
  if (sh.n < 3) return degenerate;
  zTargetMin = sh.zmin;
  zTargetMax = sh.zmax;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < sh.n; i++) {
    minX = Math.min(minX, polyX[i]!);
    maxX = Math.max(maxX, polyX[i]!);
    minY = Math.min(minY, polyY[i]!);
    maxY = Math.max(maxY, polyY[i]!);
  }
  x0 = minX;
  y0 = minY;
  cellW = (maxX - minX) / COLUMNS;
  cellH = (maxY - minY) / rows;
  tDepth.fill(NaN, 0, rows * COLUMNS);
  // Silhouette mask: scan the polygon with every bit allowed, then keep it as the allowed set.
  sil.fill(0xffffffff, 0, rows);
  covered.fill(0, 0, rows);
  releaseSlots();
  rasterPolygon(sh.n, MODE_FILL, 0, covered);
  let samples = 0;
  for (let r = 0; r < rows; r++) {
    const m = covered[r]!;
    sil[r] = m;
    covered[r] = 0;
    samples += popcount(m);
  }
  if (samples === 0) return degenerate;

  // Frustum side planes through the grid box edges (image x = x0, x1; y = y0, y1).
  const x1 = x0 + COLUMNS * cellW, y1 = y0 + rows * cellH;
  planes.set([ux - x0 * dx, uy - x0 * dy, uz - x0 * dz, x1 * dx - ux, x1 * dy - uy, x1 * dz - uz, vx - y0 * dx, vy - y0 * dy, vz - y0 * dz, y1 * dx - vx, y1 * dy - vy, y1 * dz - vz]);

  // Terrain.
  (w.terrain.bvh as MeshBVH).shapecast(shapecastCallbacks);

  // Model bodies.
  for (let i = 0; i < w.bodies.length; i++) {
    const b = w.bodies[i]!;
    if (b === targetBody || skipBody(i)) continue;
    const half = (b.y1 - b.y0) / 2;
    if (!sphereInFrustum(b.cx, (b.y0 + b.y1) / 2, b.cz, Math.hypot(b.radius, half))) continue;
    const slot = slotFor('model', i);
    const poly = bodyPolygon(b);
    pool.depth[slot] = Math.max(poly.zmin, NEAR);
    pool.far[slot] = poly.zmax;
    occBody = b;
    if (poly.n < 0) {
      // Part of the body is behind the eye: test every silhouette cell exactly.
      fullGridPolygon();
      rasterPolygon(4, MODE_BODY, slot);
    } else if (poly.zmax < zTargetMin) {
      rasterPolygon(poly.n, MODE_FILL, slot);
    } else {
      rasterPolygon(poly.n, MODE_BODY, slot);
    }
  }

  // Smoke.
  for (let i = 0; i < w.smoke.length; i++) {
    const s = w.smoke[i]!;
    const top = Number.isFinite(s.y1) ? s.y1 : Math.max(ey, targetBody.y1) + s.r;
    const mid = (s.y0 + top) / 2;
    if (!sphereInFrustum(s.cx, mid, s.cz, Math.hypot(s.r, (top - s.y0) / 2))) continue;
    const slot = slotFor('smoke', i);
    const qx = s.cx - ex, qz = s.cz - ez;
    pool.depth[slot] = Math.max(NEAR, Math.hypot(qx, qz) - s.r);
    pool.far[slot] = Math.hypot(qx, qz) + s.r + Math.abs(targetBody.y1 - ey);
    occSmokeIndex = i;
    fullGridPolygon();
    rasterPolygon(4, MODE_SMOKE, slot);
  }

  // Credit each blocked cell to the nearest occluder that covers it: nearest-first by depth range,
  // and cell by cell (exact depths along the cell's ray) where two occluders' depth ranges overlap.
  const order: number[] = [];
  for (let s = 0; s < pool.used; s++) order.push(s);
  order.sort((a, b) => pool.depth[a]! - pool.depth[b]!);
  const cellsOf = new Float64Array(pool.used);
  for (let r = 0; r < rows; r++) {
    const silRow = sil[r]!;
    for (let oi = 0; oi < order.length; oi++) {
      const s = order[oi]!;
      let fresh = (pool.masks[s * MAX_ROWS + r]! & silRow & ~covered[r]!) >>> 0;
      if (fresh === 0) continue;
      // Cells of `fresh` that a later occluder with an overlapping depth range also covers.
      let contested = 0;
      for (let oj = oi + 1; oj < order.length; oj++) {
        const s2 = order[oj]!;
        if (pool.depth[s2]! >= pool.far[s]!) break;
        contested |= pool.masks[s2 * MAX_ROWS + r]! & fresh;
      }
      contested >>>= 0;
      fresh = (fresh & ~contested) >>> 0;
      cellsOf[s] = cellsOf[s]! + popcount(fresh);
      covered[r] = (covered[r]! | fresh) >>> 0;
      while (contested !== 0) {
        const low = contested & -contested;
        const c = 31 - Math.clz32(low);
        const winner = nearestAt(r, c, order, oi);
        cellsOf[winner] = cellsOf[winner]! + 1;
        covered[r] = (covered[r]! | low) >>> 0;
        contested = (contested ^ low) >>> 0;
      }
    }
  }
  const blocked: Visibility['blocked'] = [];
  for (const s of order) {
    const cells = cellsOf[s]!;
    if (cells > 0) blocked.push({ kind: KIND_NAME[pool.kind[s]!]!, index: pool.index[s]!, cells });
  }
  let hidden = 0;
  for (let r = 0; r < rows; r++) hidden += popcount(covered[r]!);
  releaseSlots();
  world = null;
  target = null;
  return { samples, visible: samples - hidden, blocked, degenerate: false };
}

const _ray = new Ray();

/**
 * The slot of the occluder nearest the eye along cell (r, c)'s ray, among the slots from order[from]
 * on that cover the cell: one BVH raycast for terrain, analytic entry depths for bodies and smoke.
 */
function nearestAt(r: number, c: number, order: number[], from: number): number {
  const w = world as GeometryWorld;
  const xc = x0 + (c + 0.5) * cellW;
  const yc = y0 + (r + 0.5) * cellH;
  const wx = dx + ux * xc + vx * yc, wy = dy + uy * xc + vy * yc, wz = dz + uz * xc + vz * yc;
  const len = Math.hypot(wx, wy, wz);
  const bit = 1 << c;
  let best = order[from]!;
  let bestT = Infinity;
  let terrainT = NaN;
  let terrainPiece = -1;
  for (let oi = from; oi < order.length; oi++) {
    const s = order[oi]!;
    if ((pool.masks[s * MAX_ROWS + r]! & bit) === 0) continue;
    let t = Infinity;
    const kind = pool.kind[s]!;
    const index = pool.index[s]!;
    if (kind === 0) {
      if (Number.isNaN(terrainT)) {
        _ray.origin.set(ex, ey, ez);
        _ray.direction.set(wx / len, wy / len, wz / len);
        const hit = raycastTerrain(w.terrain, _ray.origin, _ray.direction, targetDepth(r, c) * len + 1e-6, (p) => p.blocksLos);
        terrainT = hit ? hit.distance / len : Infinity;
        terrainPiece = hit ? hit.piece.index : -1;
      }
      if (terrainPiece === index) t = terrainT;
    } else if (kind === 1) {
      t = rayEntersBody(w.bodies[index]!, ex, ey, ez, wx, wy, wz);
    } else {
      t = smokeEntryAlong(w.smoke[index]!, wx, wy, wz);
    }
    if (t < bestT) {
      bestT = t;
      best = s;
    }
  }
  return best;
}

/** Where the ray from the eye enters a smoke volume (circle and height range), or Infinity. */
function smokeEntryAlong(sm: SmokeVolume, wx: number, wy: number, wz: number): number {
  const fx = ex - sm.cx, fz = ez - sm.cz;
  const A = wx * wx + wz * wz;
  if (A < 1e-18) return Infinity;
  const B = 2 * (fx * wx + fz * wz);
  const C = fx * fx + fz * fz - sm.r * sm.r;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return Infinity;
  let t0 = (-B - Math.sqrt(disc)) / (2 * A);
  if (Math.abs(wy) > 1e-12) {
    const ta = (sm.y0 - ey) / wy, tb = (sm.y1 - ey) / wy;
    t0 = Math.max(t0, Math.min(ta, tb));
  }
  return Math.max(t0, 0);
}

/** Sets polyX/polyY to the whole grid box (for occluders tested cell by cell). */
function fullGridPolygon(): void {
  const x1 = x0 + COLUMNS * cellW, y1 = y0 + rows * cellH;
  polyX[0] = x0; polyY[0] = y0;
  polyX[1] = x1; polyY[1] = y0;
  polyX[2] = x1; polyY[2] = y1;
  polyX[3] = x0; polyY[3] = y1;
}
