/**
 * The model-body and smoke passes. Model bodies in the frustum are drawn first, near to far, each
 * culled when hidden behind what is already blocked nearer; a body wholly in front of the target
 * leaves its per-cell depth lazy. Smoke comes last, tested cell by cell: a cell is blocked where
 * its sight line to the target's front passes through the smoke from outside.
 */
import type { Body } from '../bodies';
import { pointInSmoke } from '../smoke';
import type { GeometryWorld } from '../world';
import { ownerKey } from './credit';
import * as frustum from './frustum';
import type { VisibilityTrace } from './frustum';
import * as raster from './raster';
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';
import * as silhouette from './silhouette';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { boxNearDepth, boxOccluded, boxOutside, sphereInFrustum, sphereOf } = frustum;
const { fullGridPolygon, MODE_BODY, MODE_SMOKE, rasterPolygon } = raster;
const { COLUMNS, doubled, NEAR } = scratch;
const { bodyPolygon } = silhouette;

/**
 * Rasterizes model body `index` as an occluder (its depth left lazy where it is wholly in front of
 * the target). Returns whether it blocked a cell that nothing drawn before it had blocked.
 */
export function rasterBody(s: VisibilityScratch, b: Body, index: number, maskOnly: boolean): boolean {
  const n = bodyPolygon(s, b);
  if (s.outlineZMin > s.cutoff) return false;
  s.occBody = b;
  s.occOwner = ownerKey('model', index);
  s.occNear = Math.max(s.outlineZMin, NEAR);
  s.occFar = s.outlineZMax;
  s.occIndex = index;
  const straddles = s.outlineZMax >= s.zTargetMin;
  const lazy = !s.outlineClipped && s.outlineZMax < s.zTargetMin;
  return n >= 3 ? rasterPolygon(s, n, MODE_BODY, maskOnly, straddles, lazy) : false;
}

/**
 * Draws the model bodies in the frustum, near to far (a body wholly behind the ones before it in
 * a cell is skipped there). `skipBody(i)` names bodies that never occlude; `trace` gains the
 * bodies that blocked cells nothing drawn before them had blocked.
 */
export function drawBodies(
  s: VisibilityScratch,
  w: GeometryWorld,
  targetBody: Body,
  skipBody: (index: number) => boolean,
  trace: VisibilityTrace | undefined,
  maskOnly: boolean,
): void {
  s.bodies = w.bodies;
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez,
    dx = s.dx,
    dy = s.dy,
    dz = s.dz;
  let candIndex = s.candIndex,
    candNear = s.candNear;
  let nCand = 0;
  for (let i = 0; i < w.bodies.length; i++) {
    const b = w.bodies[i]!;
    if (b === targetBody || skipBody(i)) continue;
    const my = (b.y0 + b.y1) / 2;
    const sphere = sphereOf(b);
    if (!sphereInFrustum(s, b.cx, my, b.cz, sphere)) continue;
    const near = (b.cx - ex) * dx + (my - ey) * dy + (b.cz - ez) * dz - sphere;
    let q = nCand++;
    if (q >= candIndex.length) {
      candIndex = s.candIndex = doubled(candIndex);
      candNear = s.candNear = doubled(candNear);
    }
    while (q > 0 && candNear[q - 1]! > near) {
      candIndex[q] = candIndex[q - 1]!;
      candNear[q] = candNear[q - 1]!;
      q--;
    }
    candIndex[q] = i;
    candNear[q] = near;
  }
  const box = s.bodyBox;
  for (let q = 0; q < nCand; q++) {
    const i = candIndex[q]!;
    const b = w.bodies[i]!;
    // Occlusion culling as for terrain nodes: hidden behind what is already blocked nearer, it cannot be first anywhere.
    box[0] = b.cx - b.radius;
    box[1] = b.y0;
    box[2] = b.cz - b.radius;
    box[3] = b.cx + b.radius;
    box[4] = b.y1;
    box[5] = b.cz + b.radius;
    if (boxOutside(s, box, 0) || boxOccluded(s, box, 0, boxNearDepth(s, box, 0), maskOnly)) continue;
    if (rasterBody(s, b, i, maskOnly)) trace?.candidates.add(i);
  }
  s.occBody = null;
}

/** Draws the smoke volumes that can block a line from the eye to the target. */
export function drawSmoke(s: VisibilityScratch, w: GeometryWorld, targetBody: Body, maskOnly: boolean): void {
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez;
  for (let i = 0; i < w.smoke.length; i++) {
    const sm = w.smoke[i]!;
    // Lines that start in the smoke are never blocked by it.
    if (pointInSmoke(sm, ex, ey, ez)) continue;
    // Every sight line stays within the target's radius of the eye-to-target segment (seen from above).
    if (segmentDistance2d(sm.cx, sm.cz, ex, ez, targetBody.cx, targetBody.cz) > sm.r + targetBody.radius) continue;
    const top = Number.isFinite(sm.y1) ? sm.y1 : Math.max(ey, targetBody.y1) + sm.r;
    const mid = (sm.y0 + top) / 2;
    if (!sphereInFrustum(s, sm.cx, mid, sm.cz, Math.hypot(sm.r, (top - sm.y0) / 2))) continue;
    const qx = sm.cx - ex,
      qz = sm.cz - ez;
    // Depth along a cell ray is at most its distance; the grid's steepest ray bounds the ratio.
    const x0 = s.x0,
      y0 = s.y0;
    const x1 = x0 + COLUMNS * s.cellW,
      y1 = y0 + s.rows * s.cellH;
    const steep = Math.hypot(1, Math.max(Math.abs(x0), Math.abs(x1)), Math.max(Math.abs(y0), Math.abs(y1)));
    const near = Math.max(NEAR, (Math.hypot(qx, qz) - sm.r) / steep);
    if (near > s.cutoff) continue;
    s.occSmoke = sm;
    s.occOwner = ownerKey('smoke', i);
    s.occNear = near;
    rasterPolygon(s, fullGridPolygon(s), MODE_SMOKE, maskOnly, false, false);
  }
  s.occSmoke = null;
}

/** Distance from point p to segment a-b in the x/z plane. */
function segmentDistance2d(px: number, pz: number, ax: number, az: number, bx: number, bz: number): number {
  const vx2 = bx - ax,
    vz2 = bz - az;
  const len2 = vx2 * vx2 + vz2 * vz2;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * vx2 + (pz - az) * vz2) / len2)) : 0;
  return Math.hypot(ax + vx2 * t - px, az + vz2 * t - pz);
}
