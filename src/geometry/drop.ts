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
 * Why a base cannot stand at a spot: the first of `standsAt`'s checks that fails, with the piece (id) or
 * model (id) involved. `on-piece`: the centre is on top of the piece and the base hangs over its edge;
 * `no-footing`: the base would rest partly on the piece's top, higher than the ground under its centre;
 * `no-room`: the piece is where the body would be; `overlaps-model`: that model's base is there, the two
 * overlapping by `overlap` inches; `off-table`: the base would reach past that edge (x 0 west, x width
 * east, z 0 north, z depth south).
 */
export type StandProblem =
  | { kind: 'off-table'; edge: 'north' | 'south' | 'west' | 'east' }
  | { kind: 'on-piece'; piece: string }
  | { kind: 'no-footing'; piece: string }
  | { kind: 'no-room'; piece: string }
  | { kind: 'overlaps-model'; model: string; overlap: number };

type StandOptions = Required<Omit<LandingOptions, 'ignoreModel'>> & LandingOptions;

/**
 * Whether a base can stand with its centre under (x, topY, z): returns the height it stands at, or
 * null (off the table, no level support, no room for the body, or another model there; `standProblem`
 * says which).
 */
export function standsAt(world: GeometryWorld, x: number, topY: number, z: number, opts: StandOptions): number | null {
  const r = standCheck(world, x, topY, z, opts, false);
  return typeof r === 'number' ? r : null;
}

/** Why a base cannot stand with its centre under (x, topY, z) (the same checks as `standsAt`), or null when it can. */
export function standProblem(
  world: GeometryWorld,
  x: number,
  topY: number,
  z: number,
  opts: StandOptions,
): StandProblem | null {
  const r = standCheck(world, x, topY, z, opts, true);
  return typeof r === 'number' ? null : r;
}

/** `standsAt`'s checks: the height, or why not (a problem only when `explain`; null otherwise). */
function standCheck(
  world: GeometryWorld,
  x: number,
  topY: number,
  z: number,
  opts: StandOptions,
  explain: boolean,
): number | StandProblem | null {
  const { width, depth } = world.scene.table;
  const r = opts.baseRadius;
  if (x - r < 0 || x + r > width || z - r < 0 || z + r > depth) {
    if (!explain) return null;
    // The edge it reaches farthest past.
    const past: [number, 'west' | 'east' | 'north' | 'south'][] = [
      [r - x, 'west'],
      [x + r - width, 'east'],
      [r - z, 'north'],
      [z + r - depth, 'south'],
    ];
    return { kind: 'off-table', edge: past.reduce((a, b) => (b[0] > a[0] ? b : a))[1] };
  }
  const under = surfaceBelow(world, x, topY, z);
  const centre = under.y;
  // Level support under the centre and eight rim points.
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const rim = surfaceBelow(world, x + Math.cos(a) * r * 0.95, topY, z + Math.sin(a) * r * 0.95);
    if (Math.abs(rim.y - centre) > SUPPORT_TOLERANCE) {
      if (!explain) return null;
      // The higher of the two surfaces is a piece's (the table top is the lowest there is).
      return rim.y < centre
        ? { kind: 'on-piece', piece: under.piece?.id ?? '' }
        : { kind: 'no-footing', piece: rim.piece?.id ?? '' };
    }
  }
  // Room for the body: no solid terrain (area terrain is walked through) inside the box inscribed
  // in the body cylinder.
  const h = r / Math.SQRT2;
  _box.min.set(x - h, centre + 0.02, z - h);
  _box.max.set(x + h, centre + opts.height, z + h);
  _obb.set(_box.min, _box.max, _identity);
  const { indices, pieceOfVertex, pieces } = world.terrain;
  let inTheWay: PieceInfo | undefined;
  const blocked = world.terrain.bvh.shapecast({
    intersectsBounds: (b) => b.intersectsBox(_box),
    intersectsTriangle: (tri, i) => {
      const piece = pieces[pieceOfVertex[indices[3 * i]!]!];
      if (piece?.kind === 'area' || !_obb.intersectsTriangle(tri)) return false;
      inTheWay = piece;
      return true;
    },
  });
  if (blocked) return explain ? { kind: 'no-room', piece: inTheWay?.id ?? '' } : null;
  // No other model's base or body there.
  for (const b of world.bodies) {
    if (b.modelId === opts.ignoreModel) continue;
    if (b.y1 <= centre || b.y0 >= centre + opts.height) continue;
    const apart = Math.hypot(b.cx - x, b.cz - z);
    if (apart < b.radius + r)
      return explain ? { kind: 'overlaps-model', model: b.modelId, overlap: b.radius + r - apart } : null;
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
