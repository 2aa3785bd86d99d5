/**
 * The brute-force reference for visible fraction: one three-mesh-bvh ray per sample on an n x n
 * grid over the target's silhouette, each tested against terrain (BVH raycast), every other body
 * and every smoke volume, with no culling or shortcuts. Tests compare the fast method against it,
 * and the benchmark uses it at matching density as the naive method.
 */
import { Vector3 } from 'three';
import { rayEntersBody, type Body } from './bodies';
import { smokeBlocksSegment, smokeEntry } from './smoke';
import { raycastTerrain } from './terrainIndex';
import type { OccluderKind, Visibility } from './visibility';
import type { GeometryWorld } from './world';

const _o = new Vector3();
const _d = new Vector3();

/**
 * The first occluder on the segment e + t d, t in [0, tEnd]: one BVH raycast for terrain, every
 * other body analytically, every smoke volume that blocks the segment by the smoke rule. Returns
 * t of the first one and what it is, or null (t = tEnd) when nothing stops the line.
 */
function firstOccluder(
  world: GeometryWorld,
  ex: number,
  ey: number,
  ez: number,
  dx: number,
  dy: number,
  dz: number,
  tEnd: number,
  target: Body,
  skipBody: (index: number) => boolean,
): { t: number; by: { kind: OccluderKind; index: number } | null } {
  let best = tEnd;
  let by: { kind: OccluderKind; index: number } | null = null;
  const len = Math.hypot(dx, dy, dz);
  _o.set(ex, ey, ez);
  _d.set(dx, dy, dz);
  const hit = raycastTerrain(world.terrain, _o, _d, tEnd * len, (p) => p.blocksLos);
  if (hit && hit.distance / len < best) {
    best = hit.distance / len;
    by = { kind: 'terrain', index: hit.piece.index };
  }
  world.bodies.forEach((b, i) => {
    if (b === target || skipBody(i)) return;
    const t = rayEntersBody(b, ex, ey, ez, dx, dy, dz);
    if (t < best) {
      best = t;
      by = { kind: 'model', index: i };
    }
  });
  world.smoke.forEach((s, i) => {
    if (!smokeBlocksSegment(s, ex, ey, ez, ex + dx * tEnd, ey + dy * tEnd, ez + dz * tEnd)) return;
    const t = smokeEntry(s, ex, ey, ez, dx, dy, dz);
    if (t < best || by === null) {
      best = Math.min(best, t);
      by = { kind: 'smoke', index: i };
    }
  });
  return { t: best, by };
}

/** Visible fraction by one ray per sample on an n x n grid (n = 64 gives the 4096-ray reference). */
export function referenceVisibility(
  world: GeometryWorld,
  eye: readonly number[],
  target: Body,
  skipBody: (index: number) => boolean,
  n = 64,
): Visibility {
  const [ex = 0, ey = 0, ez = 0] = eye;
  const f = new Vector3(target.cx - ex, (target.y0 + target.y1) / 2 - ey, target.cz - ez);
  if (f.lengthSq() < 1e-18) return { samples: 1, visible: 1, blocked: [], degenerate: true };
  f.normalize();
  const right = new Vector3(-f.z, 0, f.x);
  if (right.lengthSq() < 1e-12) right.set(1, 0, 0);
  right.normalize();
  const up = new Vector3().crossVectors(right, f);
  // Bounding box of the silhouette: project a dense outline pushed out to contain the true rims.
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  const k = 96;
  const grow = 1 / Math.cos(Math.PI / k);
  for (let i = 0; i < k; i++) {
    const ang = (2 * Math.PI * i) / k;
    const u = Math.cos(ang) * target.a * grow,
      v = Math.sin(ang) * target.b * grow;
    const x = target.cx + u * target.cos + v * target.sin;
    const z = target.cz - u * target.sin + v * target.cos;
    for (const y of [target.y0, target.y1]) {
      const q = new Vector3(x - ex, y - ey, z - ez);
      const depth = q.dot(f);
      if (depth <= 1e-6) return { samples: 1, visible: 1, blocked: [], degenerate: true };
      const px = q.dot(right) / depth,
        py = q.dot(up) / depth;
      minX = Math.min(minX, px);
      maxX = Math.max(maxX, px);
      minY = Math.min(minY, py);
      maxY = Math.max(maxY, py);
    }
  }
  const counts = new Map<string, { kind: OccluderKind; index: number; cells: number }>();
  let samples = 0;
  let visible = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const px = minX + ((c + 0.5) * (maxX - minX)) / n;
      const py = minY + ((r + 0.5) * (maxY - minY)) / n;
      const wx = f.x + right.x * px + up.x * py,
        wy = f.y + right.y * px + up.y * py,
        wz = f.z + right.z * px + up.z * py;
      const tT = rayEntersBody(target, ex, ey, ez, wx, wy, wz);
      if (!Number.isFinite(tT)) continue;
      samples++;
      const { by } = firstOccluder(world, ex, ey, ez, wx, wy, wz, tT, target, skipBody);
      if (by === null) {
        visible++;
      } else {
        const hitBy = by as { kind: OccluderKind; index: number };
        const key = `${hitBy.kind}:${hitBy.index}`;
        const entry = counts.get(key) ?? { ...hitBy, cells: 0 };
        entry.cells++;
        counts.set(key, entry);
      }
    }
  }
  if (samples === 0) return { samples: 1, visible: 1, blocked: [], degenerate: true };
  return { samples, visible, blocked: [...counts.values()], degenerate: false };
}

/** One sight line of a ray view: from the eye to a point on the target, and what stops it. */
export interface SightRay {
  to: [number, number, number];
  /** Where it is stopped (the target point when it is not). */
  end: [number, number, number];
  blockedBy: { kind: OccluderKind; index: number } | null;
}

/**
 * Sight lines from the eye to `n` x `n` points spread over the target's silhouette (the same
 * sampling as the reference), each with its first occluder: for drawing rays, not for counting.
 */
export function sightRays(
  world: GeometryWorld,
  eye: readonly number[],
  target: Body,
  skipBody: (index: number) => boolean,
  n = 8,
): SightRay[] {
  const [ex = 0, ey = 0, ez = 0] = eye;
  const out: SightRay[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // Points on the body: around the rim facing the eye, at n heights.
      const y = target.y0 + ((r + 0.5) / n) * (target.y1 - target.y0);
      const side = ((c + 0.5) / n - 0.5) * 2; // -1..1 across the body
      const fx = target.cx - ex,
        fz = target.cz - ez;
      const len = Math.hypot(fx, fz) || 1;
      const ax = -fz / len,
        az = fx / len;
      const x =
        target.cx +
        ax * side * target.radius * 0.95 -
        (fx / len) * target.radius * Math.sqrt(Math.max(0, 1 - side * side)) * 0.95;
      const z =
        target.cz +
        az * side * target.radius * 0.95 -
        (fz / len) * target.radius * Math.sqrt(Math.max(0, 1 - side * side)) * 0.95;
      const dx = x - ex,
        dy = y - ey,
        dz = z - ez;
      const { t: best, by } = firstOccluder(world, ex, ey, ez, dx, dy, dz, 1, target, skipBody);
      out.push({ to: [x, y, z], end: [ex + dx * best, ey + dy * best, ez + dz * best], blockedBy: by });
    }
  }
  return out;
}
