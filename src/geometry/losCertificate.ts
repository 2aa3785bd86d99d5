/**
 * A proof that two models cannot see each other at all, without casting anything: solid convex
 * prisms (walls, boxes) that stand on or below both bases and rise above both bodies, touching
 * neither footprint, and that together form one connected barrier from one side of the corridor
 * between the footprints to the other (the sides are the outer common tangents). Every segment
 * from a point of one body to a point of the other crosses that barrier seen from above, at a
 * height inside the prism it crosses. Other models never matter to this proof.
 */
import type { Body } from './bodies';
import { convexConvex, pointConvex, segmentConvex } from './plane';
import { terrainSolids } from './solids';
import type { GeometryWorld } from './world';
import type { Solid } from './solids';

const barrierCache = new WeakMap<GeometryWorld['terrain'], Solid[]>();

/** The solids that can be part of a barrier (exact prisms that block sight), tallest first. */
export function barrierSolids(world: GeometryWorld): Solid[] {
  let list = barrierCache.get(world.terrain);
  if (!list) {
    list = terrainSolids(world).filter((s) => s.prism && world.terrain.pieces[s.pieceIndex]?.blocksLos !== false);
    list.sort((p, q) => q.y1 - p.y1);
    barrierCache.set(world.terrain, list);
  }
  return list;
}

const diskCache = new WeakMap<Solid[], Float64Array>();

/** Each barrier solid's footprint as a disk, in `barrierSolids`' order: centre x, z and radius (half the box's diagonal). */
export function barrierDisks(solids: Solid[]): Float64Array {
  let disks = diskCache.get(solids);
  if (!disks) {
    disks = new Float64Array(solids.length * 3);
    solids.forEach((s, i) => {
      disks![3 * i] = (s.minX + s.maxX) / 2;
      disks![3 * i + 1] = (s.minZ + s.maxZ) / 2;
      disks![3 * i + 2] = Math.hypot(s.maxX - s.minX, s.maxZ - s.minZ) / 2;
    });
    diskCache.set(solids, disks);
  }
  return disks;
}

/** The outer common tangent segments of two circles (the sides of the corridor between them). */
function corridorSides(ax: number, az: number, ra: number, bx: number, bz: number, rb: number): number[][] {
  const dx = bx - ax,
    dz = bz - az;
  const d2 = dx * dx + dz * dz;
  const delta = rb - ra;
  const h2 = d2 - delta * delta;
  if (d2 < 1e-12 || h2 <= 0) return [];
  const h = Math.sqrt(h2);
  const out: number[][] = [];
  for (const k of [1, -1]) {
    const nx = (delta * dx - k * h * dz) / d2;
    const nz = (delta * dz + k * h * dx) / d2;
    out.push([ax - ra * nx, az - ra * nz, bx - rb * nx, bz - rb * nz]);
  }
  return out;
}

/** The id of a terrain piece in a barrier that blocks every line between the two bodies, or null. */
export function blockedByOnePrism(world: GeometryWorld, a: Body, b: Body): string | null {
  const sides = corridorSides(a.cx, a.cz, a.radius, b.cx, b.cz, b.radius);
  if (sides.length !== 2) return null;
  const low = Math.min(a.y0, b.y0),
    high = Math.max(a.y1, b.y1);
  const minX = Math.min(a.cx - a.radius, b.cx - b.radius),
    maxX = Math.max(a.cx + a.radius, b.cx + b.radius);
  const minZ = Math.min(a.cz - a.radius, b.cz - b.radius),
    maxZ = Math.max(a.cz + a.radius, b.cz + b.radius);
  const [s1 = [], s2 = []] = sides;
  const ax = b.cx - a.cx,
    az = b.cz - a.cz,
    len2 = ax * ax + az * az,
    reach = Math.max(a.radius, b.radius) + 1e-6;
  // The band between the two footprints: only prisms meeting it can be part of a barrier.
  const band = new Float64Array([s1[0]!, s1[1]!, s1[2]!, s1[3]!, s2[2]!, s2[3]!, s2[0]!, s2[1]!]);
  const parts: { hull: Float64Array; id: string; side: number }[] = [];
  for (const s of barrierSolids(world)) {
    // Tallest first: the rest are all too low.
    if (s.y1 < high - 1e-6) break;
    if (s.y0 > low + 1e-6) continue;
    if (s.maxX < minX || s.minX > maxX || s.maxZ < minZ || s.minZ > maxZ) continue;
    // Its bounding circle must reach the band (within the wider radius of the centre line).
    const qx = (s.minX + s.maxX) / 2,
      qz = (s.minZ + s.maxZ) / 2;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((qx - a.cx) * ax + (qz - a.cz) * az) / len2)) : 0;
    if (Math.hypot(a.cx + ax * t - qx, a.cz + az * t - qz) > Math.hypot(s.maxX - s.minX, s.maxZ - s.minZ) / 2 + reach)
      continue;
    if (pointConvex(s.hull, a.cx, a.cz) <= a.radius || pointConvex(s.hull, b.cx, b.cz) <= b.radius) continue;
    const side =
      (segmentConvex(s.hull, s1[0]!, s1[1]!, s1[2]!, s1[3]!) === 0 ? 1 : 0) |
      (segmentConvex(s.hull, s2[0]!, s2[1]!, s2[2]!, s2[3]!) === 0 ? 2 : 0);
    if (side === 3) return s.pieceId;
    if (side !== 0 || convexConvex(s.hull, band) === 0) parts.push({ hull: s.hull, id: s.pieceId, side });
  }
  // Several prisms touching one another can make the barrier together (bounded work: a few dozen).
  if (parts.length < 2 || parts.length > 48) return null;
  const parent = parts.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (find(i) !== find(j) && convexConvex(parts[i]!.hull, parts[j]!.hull) === 0) parent[find(i)] = find(j);
    }
  }
  const sidesOf = new Map<number, number>();
  for (let i = 0; i < parts.length; i++) {
    const r = find(i);
    const both = (sidesOf.get(r) ?? 0) | parts[i]!.side;
    if (both === 3) return parts[i]!.id;
    sidesOf.set(r, both);
  }
  return null;
}
