/**
 * Falls: how far a point is above the first surface below it that can hold a base, and where a
 * falling base can land. Surfaces that hold a base are terrain faces tilted less than 30 degrees from
 * level, and the table; area terrain (woods, rubble fields) is not a surface: models stand on the
 * ground inside it.
 */
import { Box3, DoubleSide, Matrix4, Ray, Vector3 } from 'three';
import { OrientedBox } from 'three-mesh-bvh';
import type { PieceInfo } from './terrainIndex';
import type { GeometryWorld } from './world';
import { mmToInches } from './units';

/** Steepest face (cosine of the tilt) that still holds a base: 30 degrees. */
export const HOLD_COS = Math.cos(Math.PI / 6);
/** Largest step (inches) between support points under one base that still counts as level. */
export const SUPPORT_TOLERANCE = 0.1;

const _ray = new Ray();
const DOWN = new Vector3(0, -1, 0);

/** A surface found below a point. */
export interface Surface {
  /** Height of the surface (y). */
  y: number;
  /** The terrain piece, or null for the table top. */
  piece: PieceInfo | null;
}

function holds(piece: PieceInfo): boolean {
  return piece.kind !== 'area';
}

/** The first surface straight below (x, y, z) that can hold a base; the table top if nothing else. */
export function surfaceBelow(world: GeometryWorld, x: number, y: number, z: number): Surface {
  let near = 0;
  for (let guard = 0; guard < 64; guard++) {
    _ray.origin.set(x, y, z);
    _ray.direction.copy(DOWN);
    const hit = world.terrain.bvh.raycastFirst(_ray, DoubleSide, near, Math.max(y, 0) + 1e-6);
    if (!hit || !hit.face) break;
    const piece = world.terrain.pieces[world.terrain.pieceOfVertex[hit.face.a] ?? -1];
    if (piece && holds(piece) && Math.abs(hit.face.normal.y) >= HOLD_COS && hit.point.y >= 0) {
      return { y: hit.point.y, piece };
    }
    near = hit.distance + 1e-5;
  }
  return { y: 0, piece: null };
}

/** Distance straight down from the point to the first surface that can hold a base. */
export function dropHeight(world: GeometryWorld, point: readonly number[]): number {
  const [x = NaN, y = NaN, z = NaN] = point;
  checkPoint(world, x, y, z);
  return y - surfaceBelow(world, x, y, z).y;
}

function checkPoint(world: GeometryWorld, x: number, y: number, z: number): void {
  const { width, depth } = world.scene.table;
  if (![x, y, z].every(Number.isFinite)) throw new Error(`point [${x}, ${y}, ${z}] is not a finite point`);
  if (x < 0 || x > width || z < 0 || z > depth)
    throw new Error(`point [${x}, ${y}, ${z}] is off the ${width}x${depth} table`);
  if (y < 0) throw new Error(`point [${x}, ${y}, ${z}] is below the table top (y < 0)`);
}

/** Options for a landing search. */
export interface LandingOptions {
  /** Radius of the falling base, inches (default: a 25 mm base). */
  baseRadius?: number;
  /** Height of the falling body, inches (default 1.1). */
  height?: number;
  /** Model id that is falling (its own base does not block its landing). */
  ignoreModel?: string;
}

/** A landing spot. */
export interface Landing {
  position: [number, number, number];
  /** Horizontal distance from the point straight below the start. */
  offset: number;
  /** Height fallen from the start point to the landing surface. */
  fall: number;
}

const _box = new Box3();
const _obb = new OrientedBox(new Vector3(), new Vector3());
const _identity = new Matrix4();

/**
 * Whether a base can stand with its centre under (x, topY, z): returns the height it stands at, or
 * null (off the table, no level support, no room for the body, or another model there).
 */
export function standsAt(
  world: GeometryWorld,
  x: number,
  topY: number,
  z: number,
  opts: Required<Omit<LandingOptions, 'ignoreModel'>> & LandingOptions,
): number | null {
  const { width, depth } = world.scene.table;
  const r = opts.baseRadius;
  if (x - r < 0 || x + r > width || z - r < 0 || z + r > depth) return null;
  const centre = surfaceBelow(world, x, topY, z).y;
  // Level support under the centre and eight rim points.
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const s = surfaceBelow(world, x + Math.cos(a) * r * 0.95, topY, z + Math.sin(a) * r * 0.95).y;
    if (Math.abs(s - centre) > SUPPORT_TOLERANCE) return null;
  }
  // Room for the body: no solid terrain (area terrain is walked through) inside the box inscribed
  // in the body cylinder.
  const h = r / Math.SQRT2;
  _box.min.set(x - h, centre + 0.02, z - h);
  _box.max.set(x + h, centre + opts.height, z + h);
  _obb.set(_box.min, _box.max, _identity);
  const { indices, pieceOfVertex, pieces } = world.terrain;
  const blocked = world.terrain.bvh.shapecast({
    intersectsBounds: (b) => b.intersectsBox(_box),
    intersectsTriangle: (tri, i) =>
      pieces[pieceOfVertex[indices[3 * i]!]!]?.kind !== 'area' && _obb.intersectsTriangle(tri),
  });
  if (blocked) return null;
  // No other model's base or body there.
  for (const b of world.bodies) {
    if (b.modelId === opts.ignoreModel) continue;
    if (b.y1 <= centre || b.y0 >= centre + opts.height) continue;
    if (Math.hypot(b.cx - x, b.cz - z) < b.radius + r) return null;
  }
  return centre;
}

/**
 * The closest spot, within `radius` of the point straight below `point`, where the base can stand
 * (level support, room for the body, no other model there); null when there is none.
 */
export function landing(
  world: GeometryWorld,
  point: readonly number[],
  radius: number,
  options: LandingOptions = {},
): Landing | null {
  const [x = NaN, y = NaN, z = NaN] = point;
  checkPoint(world, x, y, z);
  const opts = { baseRadius: options.baseRadius ?? mmToInches(25) / 2, height: options.height ?? 1.1, ...options };
  const step = 0.1;
  for (let ring = 0; ring * step <= radius + 1e-9; ring++) {
    const rr = ring * step;
    const count = ring === 0 ? 1 : Math.max(8, Math.ceil((2 * Math.PI * rr) / step));
    let best: Landing | null = null;
    for (let i = 0; i < count; i++) {
      const a = (2 * Math.PI * i) / count;
      const px = x + Math.cos(a) * rr,
        pz = z + Math.sin(a) * rr;
      const top = standsAt(world, px, y, pz, opts);
      if (top === null) continue;
      const candidate: Landing = { position: [px, top, pz], offset: rr, fall: y - top };
      // On one ring prefer the smallest fall (the spot nearest in 3D).
      if (!best || candidate.fall < best.fall) best = candidate;
    }
    if (best) return best;
  }
  return null;
}
