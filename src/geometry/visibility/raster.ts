/**
 * Scan conversion into the silhouette grid. A convex polygon in image coordinates (s.polyX/polyY)
 * is walked down the rows; in `MODE_SIL` its cells make the silhouette mask, in the other modes
 * every silhouette cell it covers is depth-tested against the nearest occluder so far (s.zbuf,
 * credited in s.zown) and kept when nearer. An occluder whose depth range reaches behind the
 * target's front (`straddles`) is kept only in the cells where it is in front of the target along
 * that cell's ray. Counting only (`maskOnly`), depths do not matter: a cell is blocked when
 * anything in front of the target covers it.
 *
 * The per-cell helpers write their answers into the scratch (s.cellT, s.cellZ, s.tDepth, s.zbuf)
 * instead of returning them: a number returned from, or passed to, a call that is not inlined is
 * boxed, and these run for every cell an occluder straddling the target covers.
 */
import * as bodies from '../bodies';
import type { Body } from '../bodies';
import * as smoke from '../smoke';
import type { SmokeVolume } from '../smoke';
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { rayEntry } = bodies;
const { smokeBlocksSegment, smokeEntry } = smoke;
const { COLUMNS, NEAR, rangeMask } = scratch;

/** The silhouette itself: covered cells go into s.sil. */
export const MODE_SIL = 0;
/** A terrain triangle: depth from its plane (s.pnx, pny, pnz, pk), inlined in the row loop. */
export const MODE_PLANE = 1;
/** A model body (s.occBody): depth where each cell's ray enters it. */
export const MODE_BODY = 2;
/** Smoke (s.occSmoke), tested cell by cell over the whole grid. */
export const MODE_SMOKE = 3;

/** Sets s.cellT to the depth at which cell (r, c)'s ray enters `body` (Infinity when it misses). */
function cellEntry(s: VisibilityScratch, body: Body, r: number, c: number): void {
  const xc = s.x0 + (c + 0.5) * s.cellW;
  const yc = s.y0 + (r + 0.5) * s.cellH;
  const ray = s.cellRay;
  ray[0] = s.ex;
  ray[1] = s.ey;
  ray[2] = s.ez;
  ray[3] = s.dx + s.ux * xc + s.vx * yc;
  ray[4] = s.dy + s.uy * xc + s.vy * yc;
  ray[5] = s.dz + s.uz * xc + s.vz * yc;
  rayEntry(body, ray);
  s.cellT = ray[6]!;
}

/** Fills s.tDepth[k] (cell k = (r, c)): the depth along the cell's ray at which it meets the target's front surface. */
function ensureTargetDepth(s: VisibilityScratch, k: number, r: number, c: number): void {
  const tDepth = s.tDepth;
  if (tDepth[k] === tDepth[k]) return;
  cellEntry(s, s.target as Body, r, c);
  const t = s.cellT;
  tDepth[k] = t < Infinity ? t : s.zTargetMax;
}

/** Works out the depth of the lazy body holding blocked cell k, if one does: s.zbuf[k] is then exact. */
function resolveLazy(s: VisibilityScratch, k: number): void {
  const lazy = s.zlazy[k]!;
  if (lazy === 0) return;
  const r = (k / COLUMNS) | 0;
  cellEntry(s, s.bodies[lazy - 1] as Body, r, k - r * COLUMNS);
  s.zbuf[k] = s.cellT;
  s.zlazy[k] = 0;
}

/** Sets s.cellZ to the depth at which the current body or smoke blocks cell k = (r, c), or Infinity (planes are inlined in rasterPolygon). */
function cellDepth(s: VisibilityScratch, mode: number, k: number, r: number, c: number, straddles: boolean): void {
  if (mode === MODE_BODY) {
    cellEntry(s, s.occBody as Body, r, c);
    let t = s.cellT;
    if (straddles && t !== Infinity) {
      ensureTargetDepth(s, k, r, c);
      if (t >= s.tDepth[k]!) t = Infinity;
    }
    s.cellZ = t;
    return;
  }
  ensureTargetDepth(s, k, r, c);
  const t = s.tDepth[k]!;
  const xc = s.x0 + (c + 0.5) * s.cellW;
  const yc = s.y0 + (r + 0.5) * s.cellH;
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez;
  const wx = s.dx + s.ux * xc + s.vx * yc,
    wy = s.dy + s.uy * xc + s.vy * yc,
    wz = s.dz + s.uz * xc + s.vz * yc;
  const sm = s.occSmoke as SmokeVolume;
  s.cellZ = smokeBlocksSegment(sm, ex, ey, ez, ex + wx * t, ey + wy * t, ez + wz * t)
    ? smokeEntry(sm, ex, ey, ez, wx, wy, wz)
    : Infinity;
}

/**
 * Scan-converts the convex polygon (s.polyX/polyY, n vertices, image coords). MODE_SIL writes the
 * covered cells into s.sil; the other modes depth-test each covered silhouette cell against the
 * nearest occluder so far and keep the nearer, crediting s.occOwner. The occluder's flags come as
 * arguments: `maskOnly` (counting only), `straddles` (it may reach behind the target's front, so
 * each cell compares depths) and `lazy` (a body wholly in front of the target whose outline is
 * whole: its per-cell depth waits until something competes). Returns whether it blocked a cell
 * that nothing drawn before had blocked.
 */
export function rasterPolygon(
  s: VisibilityScratch,
  n: number,
  mode: number,
  maskOnly: boolean,
  straddles: boolean,
  lazy: boolean,
): boolean {
  const { polyX, polyY, sil, hit, zbuf, zown, zlazy, rowFar } = s;
  const x0 = s.x0,
    y0 = s.y0,
    cellW = s.cellW,
    cellH = s.cellH,
    rows = s.rows;
  const occNear = s.occNear,
    occFar = s.occFar,
    occOwner = s.occOwner;
  let written = s.written;
  let blockedSome = false;
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
  const whole = maskOnly && (mode === MODE_PLANE ? !straddles : mode === MODE_BODY && lazy);
  let a = top,
    an = top + 1 === n ? 0 : top + 1;
  let b = top,
    bn = top === 0 ? n - 1 : top - 1;
  for (let r = r0; r <= r1; r++) {
    // Row masks as int32 (`| 0`): bit 31 set stays a small integer, never a boxed number.
    const silRow = sil[r]! | 0;
    if (
      mode !== MODE_SIL &&
      (silRow === 0 || ((hit[r]! | 0) === silRow && (maskOnly || occNear >= (rowFar[r] as number))))
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
    const den0 = s.pnx * (x0 + 0.5 * cellW) + s.pny * yc + s.pnz;
    const step = s.pnx * cellW;
    const pk = s.pk;
    while (todo !== 0) {
      const low = todo & -todo;
      todo ^= low;
      const c = 31 - Math.clz32(low);
      const isHit = (rowHit & low) !== 0;
      const k = base + c;
      // A blocked cell's depth is known, or (a lazy body) at most zbuf, its farthest: compare bounds first.
      if (isHit) {
        if (maskOnly || occNear >= zbuf[k]!) continue;
        if (zlazy[k] !== 0) {
          resolveLazy(s, k);
          if (occNear >= zbuf[k]!) continue;
        }
      }
      if (lazy && (!isHit || occFar < zbuf[k]!)) {
        // First to cover it: blocked for sure; the exact depth waits until something competes.
        zlazy[k] = s.occIndex + 1;
        zbuf[k] = occFar;
        zown[k] = occOwner;
        if (!isHit) added |= low;
        if (occFar > (rowFar[r] as number)) rowFar[r] = occFar;
        if (occFar > written) written = occFar;
        continue;
      }
      let z: number;
      if (mode === MODE_PLANE) {
        const den = den0 + step * c;
        z = den === 0 ? Infinity : pk / den;
        if (z <= NEAR) z = Infinity;
        else if (straddles) {
          ensureTargetDepth(s, k, r, c);
          if (z >= s.tDepth[k]!) z = Infinity;
        }
      } else {
        cellDepth(s, mode, k, r, c, straddles);
        z = s.cellZ;
      }
      // (A hit cell's depth is exact here: a lazy one was worked out above.)
      if (z === Infinity || (isHit && z >= zbuf[k]!)) continue;
      zbuf[k] = z;
      zlazy[k] = 0;
      zown[k] = occOwner;
      if (!isHit) added |= low;
      if (z > (rowFar[r] as number)) rowFar[r] = z;
      if (z > written) written = z;
    }
    if (added !== 0) {
      blockedSome = true;
      const now = rowHit | added;
      if (rowHit === 0) s.hitRows++;
      hit[r] = now;
      if (now === silRow) {
        s.openRows--;
        if (s.openRows === 0) s.cutoff = maskOnly ? -Infinity : written;
      }
    }
  }
  s.written = written;
  return blockedSome;
}

/** Clips the camera-space triangle (s.cx/cy/cz) at z >= NEAR into s.polyX/polyY (projected); returns vertex count. */
export function clipAndProject(s: VisibilityScratch): number {
  const { cx, cy, cz, polyX, polyY } = s;
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

/** Sets s.polyX/polyY to the whole grid box (for occluders tested cell by cell); returns its 4 vertices. */
export function fullGridPolygon(s: VisibilityScratch): number {
  const x0 = s.x0,
    y0 = s.y0;
  const x1 = x0 + COLUMNS * s.cellW,
    y1 = y0 + s.rows * s.cellH;
  const { polyX, polyY } = s;
  polyX[0] = x0;
  polyY[0] = y0;
  polyX[1] = x1;
  polyY[1] = y0;
  polyX[2] = x1;
  polyY[2] = y1;
  polyX[3] = x0;
  polyY[3] = y1;
  return 4;
}
