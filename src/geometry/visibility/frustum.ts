/**
 * The frustum of one computation (the eye through the grid's box, out to the target's far depth)
 * and the culling tests on it: boxes (BVH nodes, body boxes) outside it or hidden behind what is
 * already blocked nearer, and spheres (bodies, smoke) outside it. A caller may keep the frustum
 * (`VisibilityTrace`) to decide later whether a moved body could reach it.
 */
import type { Body } from '../bodies';
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { COLUMNS, NEAR, rangeMask } = scratch;

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

/** A fresh trace. */
export function newTrace(): VisibilityTrace {
  return { candidates: new Set(), frustum: new Float64Array(19) };
}

/** Sets the frustum's side planes through the grid box edges (image x = x0, x1; y = y0, y1), and copies it into `trace`. */
export function setFrustum(s: VisibilityScratch, trace: VisibilityTrace | undefined): void {
  const { planes, planeLen } = s;
  const ux = s.ux,
    uy = s.uy,
    uz = s.uz,
    vx = s.vx,
    vy = s.vy,
    vz = s.vz,
    dx = s.dx,
    dy = s.dy,
    dz = s.dz,
    x0 = s.x0,
    y0 = s.y0;
  const x1 = x0 + COLUMNS * s.cellW,
    y1 = y0 + s.rows * s.cellH;
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
    f[0] = s.ex;
    f[1] = s.ey;
    f[2] = s.ez;
    f[3] = dx;
    f[4] = dy;
    f[5] = dz;
    f[6] = s.zTargetMax;
    f.set(planes, 7);
  }
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

/** Occluder bodies and smokes are tested against the bounding cone of the frustum. */
export function sphereInFrustum(s: VisibilityScratch, px: number, py: number, pz: number, radius: number): boolean {
  const qx = px - s.ex,
    qy = py - s.ey,
    qz = pz - s.ez;
  const dc = qx * s.dx + qy * s.dy + qz * s.dz;
  if (dc + radius < NEAR || dc - radius > s.zTargetMax) return false;
  const { planes, planeLen } = s;
  for (let p = 0; p < 4; p++) {
    if (qx * planes[p * 3]! + qy * planes[p * 3 + 1]! + qz * planes[p * 3 + 2]! < -radius * planeLen[p]!) return false;
  }
  return true;
}

/** Radius of a body's bounding sphere (about its mid-height centre). */
export function sphereOf(b: Body): number {
  const half = (b.y1 - b.y0) / 2;
  return Math.sqrt(b.radius * b.radius + half * half);
}

/** Whether the box (min x, y, z, max x, y, z at b[o..o+6)) lies wholly outside the frustum, or beyond what can matter. */
export function boxOutside(s: VisibilityScratch, b: ArrayLike<number>, o: number): boolean {
  const hx = (b[o + 3]! - b[o]!) / 2,
    hy = (b[o + 4]! - b[o + 1]!) / 2,
    hz = (b[o + 5]! - b[o + 2]!) / 2;
  const qx = (b[o + 3]! + b[o]!) / 2 - s.ex,
    qy = (b[o + 4]! + b[o + 1]!) / 2 - s.ey,
    qz = (b[o + 5]! + b[o + 2]!) / 2 - s.ez;
  const dx = s.dx,
    dy = s.dy,
    dz = s.dz;
  const dc = qx * dx + qy * dy + qz * dz;
  const dr = Math.abs(dx) * hx + Math.abs(dy) * hy + Math.abs(dz) * hz;
  if (dc + dr < NEAR || dc - dr > s.zTargetMax || dc - dr > s.cutoff) return true;
  const planes = s.planes;
  for (let p = 0; p < 4; p++) {
    const nx = planes[p * 3] as number,
      ny = planes[p * 3 + 1] as number,
      nz = planes[p * 3 + 2] as number;
    if (qx * nx + qy * ny + qz * nz + Math.abs(nx) * hx + Math.abs(ny) * hy + Math.abs(nz) * hz < 0) return true;
  }
  return false;
}

/** Near-to-far order for the BVH walk: the box's nearest depth along the view axis. */
export function boxNearDepth(s: VisibilityScratch, b: ArrayLike<number>, o: number): number {
  const hx = (b[o + 3]! - b[o]!) / 2,
    hy = (b[o + 4]! - b[o + 1]!) / 2,
    hz = (b[o + 5]! - b[o + 2]!) / 2;
  const qx = (b[o + 3]! + b[o]!) / 2 - s.ex,
    qy = (b[o + 4]! + b[o + 1]!) / 2 - s.ey,
    qz = (b[o + 5]! + b[o + 2]!) / 2 - s.ez;
  const dx = s.dx,
    dy = s.dy,
    dz = s.dz;
  return qx * dx + qy * dy + qz * dz - (Math.abs(dx) * hx + Math.abs(dy) * hy + Math.abs(dz) * hz);
}

/**
 * Occlusion culling of a box: true when every silhouette cell its projection can touch is already
 * blocked by something nearer than the box's nearest point (per-row farthest depth bound), or, when
 * counting only (`maskOnly`), blocked at all.
 */
export function boxOccluded(
  s: VisibilityScratch,
  b: ArrayLike<number>,
  o: number,
  near: number,
  maskOnly: boolean,
): boolean {
  if (s.hitRows === 0) return false;
  if (near <= NEAR) return false;
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez;
  const ux = s.ux,
    uy = s.uy,
    uz = s.uz,
    vx = s.vx,
    vy = s.vy,
    vz = s.vz,
    dx = s.dx,
    dy = s.dy,
    dz = s.dz;
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
  const rows = s.rows;
  let r0 = Math.floor((minY - s.y0) / s.cellH - 0.5),
    r1 = Math.ceil((maxY - s.y0) / s.cellH - 0.5);
  let c0 = Math.floor((minX - s.x0) / s.cellW - 0.5),
    c1 = Math.ceil((maxX - s.x0) / s.cellW - 0.5);
  if (r0 < 0) r0 = 0;
  if (r1 > rows - 1) r1 = rows - 1;
  if (c0 < 0) c0 = 0;
  if (c1 > COLUMNS - 1) c1 = COLUMNS - 1;
  if (r0 > r1 || c0 > c1) return true;
  const m = rangeMask(c0, c1);
  const { sil, hit, rowFar } = s;
  for (let r = r0; r <= r1; r++) {
    const need = (sil[r]! & m) >>> 0;
    if (need === 0) continue;
    if ((need & ~hit[r]!) >>> 0 !== 0 || (!maskOnly && rowFar[r]! > near)) return false;
  }
  return true;
}
