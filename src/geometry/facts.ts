/**
 * The facts of line of sight for one viewer and one target, as ARCHITECTURE.md's geometry contract lists
 * them. Geometry never says "cover": rulesets turn these facts into verdicts.
 */
import { CircleGeometry, Matrix4, type BufferGeometry } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { TerrainKind } from './sceneTypes';
import type { Body } from './bodies';
import { blockedByOnePrism } from './losCertificate';
import { coveredInPlan } from './planCover';
import { baseDistance, heightDifference } from './measure';
import { circleShareInSmoke } from './smoke';
import { segmentThroughStructure, structureAt } from './structures';
import { distanceToPiece, pointToPiece, type PieceInfo } from './terrainIndex';
import { computeVisibility, DEFAULT_ROWS, type Visibility, type VisibilityTrace } from './visibility';
import { modelIndexOf, type GeometryWorld } from './world';

/** Shares of the target's silhouette hidden, by occluder kind (they sum with the visible share to 1). */
export interface HiddenShares {
  terrain: number;
  terrainByKind: Partial<Record<TerrainKind, number>>;
  vehicles: number;
  models: number;
  smoke: number;
}

/** A terrain piece that hides part of the target. */
export interface CoverPiece {
  id: string;
  kind: TerrainKind;
  /** Share of the target's silhouette this piece hides (as first occluder). */
  share: number;
  /** Shortest distance from the target's base to the piece, inches. */
  distance: number;
}

/** What one eye sees of one body. */
export interface SightFacts {
  hasLos: boolean;
  visibleFraction: number;
  hidden: HiddenShares;
  coverPieces: CoverPiece[];
  /** Models hiding part of the target (first occluder along each sight line), largest share first. */
  hidingModels: { id: string; share: number }[];
  /** Smoke hides everything that terrain and models leave visible (the target would be seen without it). */
  smokeBlocked: boolean;
}

/** Facts through lean-out markers. */
export interface LeanOutFacts {
  /** From the viewer's marker's eye to the target (null when the viewer has no marker). */
  fromViewerMarker: SightFacts | null;
  /** From the viewer's eye to the target's marker (null when the target has no marker). */
  toTargetMarker: SightFacts | null;
  /** The target itself is not seen from the viewer, but its marker is. */
  targetSeenOnlyViaMarker: boolean;
}

/** All facts for an ordered pair. */
export interface PairFacts extends SightFacts {
  viewer: string;
  target: string;
  distance: number;
  viewerInStructure: string | null;
  targetInStructure: string | null;
  /** A structure whose interior the line from eye to target passes through (neither end being in it). */
  lineThroughStructure: string | null;
  heightDifference: number;
  /** Share of each base's footprint inside smoke. */
  baseInSmoke: { viewer: number; target: number };
  viaLeanOut: LeanOutFacts | null;
}

/** Options for pair facts. */
export interface FactOptions {
  /** Grid rows (x 32 columns) over the silhouette; more is finer. */
  rows?: number;
  /** Model kinds whose bodies sight passes through (a ruleset's choice: BLKOUT sees vehicles through infantry). */
  seeThrough?: readonly string[];
  /** Measure the base-to-cover-piece distances (default true); false leaves them NaN, for `baseToPiece` on demand. */
  pieceDistances?: boolean;
}

/** The bodies a sight line ignores: the viewer's own, and those of the see-through kinds. */
function skipper(world: GeometryWorld, viewerBody: Body, seeThrough: readonly string[] = []): (i: number) => boolean {
  return (i) => {
    const b = world.bodies[i];
    return b !== undefined && (b.modelId === viewerBody.modelId || seeThrough.includes(b.kind));
  };
}

const round = (x: number, places = 4): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f || 0;
};

/**
 * A flat 32-gon standing for a base underside of half-axes `a` by `b`, centred on the origin, with
 * its own BVH (so a distance to a piece tests only the disc triangles near each piece triangle).
 * One per base shape: a body's disc is this one moved by `discPlacement`.
 */
const discs = new Map<string, BufferGeometry>();
function baseDisc(a: number, b: number): BufferGeometry {
  const key = `${a} ${b}`;
  let g = discs.get(key);
  if (!g) {
    g = new CircleGeometry(1, 32).rotateX(-Math.PI / 2);
    g.scale(a, 1, b);
    g.boundsTree = new MeshBVH(g);
    discs.set(key, g);
  }
  return g;
}

const _place = new Matrix4();
const _turn = new Matrix4();
/** Where a body's base disc lies: turned by its heading, then moved to its base centre. */
function discPlacement(b: Body): Matrix4 {
  _turn.makeRotationY(Math.atan2(b.sin, b.cos));
  return _place.makeTranslation(b.cx, b.y0, b.cz).multiply(_turn);
}

const baseGaps = new WeakMap<GeometryWorld['terrain'], Map<string, number>>();

/**
 * Shortest distance from a body's base disc to a terrain piece (see `baseDisc`). It depends on the
 * base and the piece only, whoever looks, so it is remembered per terrain: an AI weighing shots from
 * many spots at the same targets asks for the same distances again and again.
 */
export function baseToPiece(world: Pick<GeometryWorld, 'terrain' | 'pieceBvhs'>, body: Body, piece: PieceInfo): number {
  let gaps = baseGaps.get(world.terrain);
  if (!gaps) baseGaps.set(world.terrain, (gaps = new Map()));
  const key = `${piece.index} ${body.cx} ${body.cz} ${body.y0} ${body.a} ${body.b} ${body.cos} ${body.sin}`;
  let d = gaps.get(key);
  if (d === undefined) {
    d = distanceToPiece(world.terrain, piece, baseDisc(body.a, body.b), world.pieceBvhs, discPlacement(body));
    if (gaps.size >= 100_000) gaps.clear();
    gaps.set(key, d);
  }
  return d;
}

/**
 * Cheap bounds on `baseToPiece` from one point query: the distance P from the base's centre to the
 * piece. Every point of the disc lies within its larger semi-axis r of the centre, so the disc is at
 * least P - r and at most P from the piece. [NaN, NaN] for an unknown id.
 */
export function baseToPieceBounds(
  world: Pick<GeometryWorld, 'terrain' | 'pieceBvhs'>,
  body: Body,
  pieceId: string,
): [number, number] {
  const piece = world.terrain.pieces.find((p) => p.id === pieceId);
  if (!piece) return [NaN, NaN];
  const p = pointToPiece(world.terrain, piece, [body.cx, body.y0, body.cz], world.pieceBvhs);
  return [Math.max(0, p - Math.max(body.a, body.b)), p];
}

/** `baseToPiece` by piece id, rounded as pair facts give it (for facts made with `pieceDistances: false`). */
export function coverPieceDistance(
  world: Pick<GeometryWorld, 'terrain' | 'pieceBvhs'>,
  body: Body,
  pieceId: string,
): number {
  const piece = world.terrain.pieces.find((p) => p.id === pieceId);
  return piece ? round(baseToPiece(world, body, piece), 3) : NaN;
}

/** Turns raw cell counts into shares and cover pieces. */
function sightFromVisibility(
  world: GeometryWorld,
  vis: Visibility,
  target: Body,
  hasLos: boolean,
  pieceDistances: boolean,
): SightFacts {
  const hidden: HiddenShares = { terrain: 0, terrainByKind: {}, vehicles: 0, models: 0, smoke: 0 };
  const coverPieces: CoverPiece[] = [];
  const hidingModels: { id: string; share: number }[] = [];
  for (const b of vis.blocked) {
    const share = b.cells / vis.samples;
    if (b.kind === 'terrain') {
      const piece = world.terrain.pieces[b.index]!;
      hidden.terrain += share;
      hidden.terrainByKind[piece.kind] = (hidden.terrainByKind[piece.kind] ?? 0) + share;
      let distance = NaN;
      if (pieceDistances) distance = round(baseToPiece(world, target, piece), 3);
      coverPieces.push({ id: piece.id, kind: piece.kind, share: round(share), distance });
    } else if (b.kind === 'model') {
      const body = world.bodies[b.index];
      if (body) hidingModels.push({ id: body.modelId, share: round(share) });
      if (world.bodies[b.index]?.kind === 'vehicle') hidden.vehicles += share;
      else hidden.models += share;
    } else {
      hidden.smoke += share;
    }
  }
  coverPieces.sort((a, b) => b.share - a.share || a.id.localeCompare(b.id));
  for (const k of Object.keys(hidden.terrainByKind) as TerrainKind[])
    hidden.terrainByKind[k] = round(hidden.terrainByKind[k] ?? 0);
  const visibleFraction = vis.visible / vis.samples;
  return {
    hasLos,
    visibleFraction: round(visibleFraction),
    hidden: {
      ...hidden,
      terrain: round(hidden.terrain),
      vehicles: round(hidden.vehicles),
      models: round(hidden.models),
      smoke: round(hidden.smoke),
    },
    coverPieces,
    hidingModels: hidingModels.sort((a, b) => b.share - a.share || a.id.localeCompare(b.id)),
    smokeBlocked: vis.visible === 0 && hidden.smoke > 0,
  };
}

/**
 * Points of the viewer's body tried when its eye sees nothing: the extremes as seen from the
 * target (left, near and right edge of the footprint, at the top, the middle and just above the
 * base) and the top centre, highest first. Any-point LOS is decided by these extremes.
 */
function viewerPoints(v: Body, t: Body): number[][] {
  const dx = t.cx - v.cx,
    dz = t.cz - v.cz;
  const len = Math.hypot(dx, dz) || 1;
  const fx = dx / len,
    fz = dz / len;
  // Footprint point furthest along a horizontal direction (ex, ez): on the ellipse, in table axes.
  const extreme = (ex: number, ez: number): [number, number] => {
    const du = ex * v.cos - ez * v.sin,
      dv = ex * v.sin + ez * v.cos; // direction in footprint axes
    const n = Math.hypot(v.a * du, v.b * dv) || 1;
    const u = (v.a * v.a * du) / n,
      w = (v.b * v.b * dv) / n;
    return [v.cx + (u * v.cos + w * v.sin) * 0.999, v.cz + (-u * v.sin + w * v.cos) * 0.999];
  };
  const sides = [extreme(-fz, fx), extreme(fx, fz), extreme(fz, -fx)];
  const pts: number[][] = [[v.cx, v.y1, v.cz]];
  for (const y of [v.y1, (v.y0 + v.y1) / 2, v.y0 + Math.min(0.12, v.y1 - v.y0)]) {
    for (const [x, z] of sides) pts.push([x, y, z]);
  }
  return pts;
}

/**
 * What `viewerBody` sees of `targetBody`: visible fraction from the eye, and "any point to any point"
 * LOS (the eye first; when it sees nothing, 25 more points of the viewer's body on a coarse grid).
 * `pieceDistances: false` skips the base-to-cover-piece distances (NaN) for callers that only need sight.
 */
export function sight(
  world: GeometryWorld,
  viewerBody: Body,
  eye: readonly number[],
  targetBody: Body,
  rows = DEFAULT_ROWS,
  pieceDistances = true,
  seeThrough: readonly string[] = [],
): SightFacts {
  const skip = skipper(world, viewerBody, seeThrough);
  const vis = computeVisibility(world, eye, targetBody, skip, rows);
  const hasLos = vis.visible > 0 || anyPointLos(world, viewerBody, targetBody, undefined, true, seeThrough);
  return sightFromVisibility(world, vis, targetBody, hasLos, pieceDistances);
}

/**
 * "Any point of V to any point of T", past the eye: 10 extreme points of V's body (see
 * viewerPoints), each looking at T on a coarse 6 x 32 grid.
 */
export function anyPointLos(
  world: GeometryWorld,
  viewerBody: Body,
  targetBody: Body,
  trace?: VisibilityTrace,
  useCertificate = true,
  seeThrough: readonly string[] = [],
): boolean {
  // Solid prisms cutting the whole corridor, or what stands between cutting every line seen from
  // above, settle it without casting anything.
  if (
    useCertificate &&
    (blockedByOnePrism(world, viewerBody, targetBody) ||
      coveredInPlan(world, viewerBody, targetBody, skipper(world, viewerBody, seeThrough)))
  )
    return false;
  const search = pointSearch(world, viewerBody, targetBody, seeThrough);
  for (let k = 0; k < search.count; k++) if (search.sees(k, trace)) return true;
  return false;
}

/**
 * The any-point search one viewer point at a time (for callers that keep what each point met):
 * how many points there are, and whether point `k` sees some of the target (`trace` gains the
 * bodies that hid cells from it).
 */
export function pointSearch(
  world: GeometryWorld,
  viewerBody: Body,
  targetBody: Body,
  seeThrough: readonly string[] = [],
): { count: number; sees: (k: number, trace?: VisibilityTrace) => boolean } {
  const skip = skipper(world, viewerBody, seeThrough);
  const points = viewerPoints(viewerBody, targetBody);
  return {
    count: points.length,
    sees: (k, trace) => computeVisibility(world, points[k]!, targetBody, skip, 6, trace, true).visible > 0,
  };
}

/** Every fact for the ordered pair (viewer id, target id). Throws an Error naming an unknown id. */
export function pairFacts(
  world: GeometryWorld,
  viewerId: string,
  targetId: string,
  options: FactOptions = {},
): PairFacts {
  const vi = modelIndexOf(world, viewerId);
  const ti = modelIndexOf(world, targetId);
  const v = world.bodies[vi]!;
  const t = world.bodies[ti]!;
  const rows = options.rows ?? DEFAULT_ROWS;
  const through = options.seeThrough ?? [];
  const gaps = options.pieceDistances ?? true;
  const own = sight(world, v, v.eye, t, rows, gaps, through);
  const vm = world.markers[vi] ?? null;
  const tm = world.markers[ti] ?? null;
  let viaLeanOut: LeanOutFacts | null = null;
  if (vm || tm) {
    const fromViewerMarker = vm ? sight(world, v, vm.eye, t, rows, gaps, through) : null;
    const toTargetMarker = tm ? sight(world, v, v.eye, tm, rows, gaps, through) : null;
    viaLeanOut = {
      fromViewerMarker,
      toTargetMarker,
      targetSeenOnlyViaMarker: !own.hasLos && !(fromViewerMarker?.hasLos ?? false) && (toTargetMarker?.hasLos ?? false),
    };
  }
  const vs = structureAt(world, v.cx, v.y0, v.cz);
  const ts = structureAt(world, t.cx, t.y0, t.cz);
  const structure = segmentThroughStructure(
    world,
    v.eye,
    [t.cx, (t.y0 + t.y1) / 2, t.cz],
    [vs?.id ?? null, ts?.id ?? null],
  );
  const share = (b: Body) =>
    round(
      world.smoke.reduce(
        (m, s) => Math.max(m, b.y0 >= s.y0 && b.y0 <= s.y1 ? circleShareInSmoke(s, b.cx, b.cz, b.radius) : 0),
        0,
      ),
    );
  return {
    viewer: viewerId,
    target: targetId,
    distance: round(baseDistance(v, t)),
    ...own,
    viewerInStructure: vs?.id ?? null,
    targetInStructure: ts?.id ?? null,
    lineThroughStructure: structure?.id ?? null,
    heightDifference: round(heightDifference(v, t)),
    baseInSmoke: { viewer: share(v), target: share(t) },
    viaLeanOut,
  };
}
