/**
 * The terrain of a scene as one triangle soup with a three-mesh-bvh BVH over it, plus what each
 * triangle belongs to. Every raycast and shapecast against terrain goes through this index.
 *
 * The BVH reorders the index buffer, not the vertices, so the owning piece of a triangle is looked up
 * through its first vertex (`pieceOfVertex`).
 */
import { Box3, BufferAttribute, BufferGeometry, DoubleSide, Matrix4, Ray, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { Scene, TerrainKind, TerrainPiece } from './sceneTypes';
import { blocksLosByDefault, placeablePiece, placePoints, terrainPositions, type MeshLookup } from './terrainGeometry';

/** What the index keeps about each terrain piece. */
export interface PieceInfo {
  index: number;
  id: string;
  kind: TerrainKind;
  blocksLos: boolean;
  difficult: boolean;
  /** World-space bounds of the piece's triangles. */
  bounds: Box3;
  /** First and one-past-last vertex of the piece in the merged geometry. */
  vertexStart: number;
  vertexEnd: number;
}

/** A scene's terrain, merged and indexed for raycasts. */
export interface TerrainIndex {
  geometry: BufferGeometry;
  bvh: MeshBVH;
  /** Flat xyz positions of the merged geometry (same array the BVH reads). */
  positions: Float32Array;
  /** Triangle vertex indices, in BVH order. */
  indices: Uint32Array;
  /** Piece index of each vertex. */
  pieceOfVertex: Uint16Array;
  pieces: PieceInfo[];
  byId: Map<string, PieceInfo>;
  triangleCount: number;
}

/**
 * Builds the index for a scene's terrain; mesh pieces read their geometry through `lookup`.
 * `reshape` may replace each piece's flat triangle soup (the occluder index merges coplanar faces).
 */
export function buildTerrainIndex(
  scene: Scene,
  lookup: MeshLookup,
  reshape?: (positions: Float32Array) => Float32Array,
): TerrainIndex {
  const build = allocate((scene.terrain ?? []).map((piece) => sourceOf(piece, lookup, reshape)));
  while (build.next < build.sources.length) placeNext(build);
  return indexOver(build.geometry, new MeshBVH(build.geometry), build.pieces);
}

/**
 * The same index built without holding the main thread: the pieces placed a few at a time between
 * tasks, straight into the merged arrays, and the BVH built by `makeBvh` (three-mesh-bvh's worker in
 * the browser: bvhWorker.ts; null: here).
 */
export async function buildTerrainIndexAsync(
  scene: Scene,
  lookup: MeshLookup,
  makeBvh: (g: BufferGeometry) => Promise<MeshBVH | null>,
): Promise<TerrainIndex> {
  let slice = performance.now();
  const pause = async () => {
    if (performance.now() - slice <= SLICE_MS) return;
    await new Promise((r) => setTimeout(r, 0));
    slice = performance.now();
  };
  // The pieces that are not mesh files are built first (for their sizes), a few at a time too.
  const sources: Source[] = [];
  for (const piece of scene.terrain ?? []) {
    sources.push(sourceOf(piece, lookup, undefined));
    await pause();
  }
  const build = allocate(sources);
  while (build.next < build.sources.length) {
    placeNext(build);
    await pause();
  }
  const bvh = (await makeBvh(build.geometry)) ?? new MeshBVH(build.geometry);
  return indexOver(build.geometry, bvh, build.pieces);
}

/** How long the async build works before it lets the page draw, ms. */
const SLICE_MS = 12;

/** A piece's triangles to place: a mesh file placed straight into the merged array, or its own array. */
type Source =
  | { piece: TerrainPiece; length: number; placeable: NonNullable<ReturnType<typeof placeablePiece>> }
  | { piece: TerrainPiece; length: number; positions: Float32Array };

/** A build under way: the merged arrays (their sizes known from the start) and the pieces placed so far. */
interface Build {
  sources: Source[];
  next: number;
  at: number;
  positions: Float32Array;
  indices: Uint32Array;
  geometry: BufferGeometry;
  pieces: PieceInfo[];
}

/** A piece to place: a mesh file as it is loaded, any other (or any reshaped) piece built now. */
function sourceOf(
  piece: TerrainPiece,
  lookup: MeshLookup,
  reshape: ((positions: Float32Array) => Float32Array) | undefined,
): Source {
  const placeable = reshape ? null : placeablePiece(piece, lookup);
  if (placeable) return { piece, length: placeable.positions.length, placeable };
  const raw = terrainPositions(piece, lookup);
  const positions = reshape ? reshape(raw) : raw;
  return { piece, length: positions.length, positions };
}

/**
 * The merged arrays, sized from the pieces' vertex counts before any is placed. A table with no terrain
 * gets one far-away triangle, so the BVH builds.
 */
function allocate(sources: Source[]): Build {
  const vertexCount = sources.reduce((n, s) => n + s.length, 0) / 3;
  const total = Math.max(vertexCount, 3);
  const positions = new Float32Array(total * 3);
  if (vertexCount === 0) positions.set([-1e4, -1e4, -1e4, -1e4 + 1e-3, -1e4, -1e4, -1e4, -1e4, -1e4 + 1e-3]);
  const indices = new Uint32Array(total);
  if (vertexCount === 0) indices.set([0, 1, 2]);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(new BufferAttribute(indices, 1));
  return { sources, next: 0, at: 0, positions, indices, geometry, pieces: [] };
}

/** Places the next piece's triangles and notes where they are. */
function placeNext(build: Build): void {
  const index = build.next++;
  const source = build.sources[index]!;
  const { piece } = source;
  const at = build.at;
  if ('placeable' in source) placePoints(source.placeable.positions, source.placeable.matrix, build.positions, at);
  else build.positions.set(source.positions, at);
  build.at += source.length;
  const vertexStart = at / 3;
  const vertexEnd = build.at / 3;
  for (let v = vertexStart; v < vertexEnd; v++) build.indices[v] = v;
  build.pieces.push({
    index,
    id: piece.id,
    kind: piece.kind,
    blocksLos: blocksLosByDefault(piece),
    difficult: piece.difficult ?? false,
    bounds: new Box3().setFromArray(build.positions.subarray(at, build.at)),
    vertexStart,
    vertexEnd,
  });
}

/** The index over a merged geometry and its BVH (built here or in the worker: the arrays are the geometry's as they are now). */
function indexOver(geometry: BufferGeometry, bvh: MeshBVH, pieces: PieceInfo[]): TerrainIndex {
  const positions = geometry.getAttribute('position').array as Float32Array;
  const total = positions.length / 3;
  const vertexCount = pieces.length ? pieces[pieces.length - 1]!.vertexEnd : 0;
  const pieceOfVertex = new Uint16Array(total).fill(0xffff);
  for (const p of pieces) pieceOfVertex.fill(p.index, p.vertexStart, p.vertexEnd);
  return {
    geometry,
    bvh,
    positions,
    indices: geometry.index!.array as Uint32Array,
    pieceOfVertex,
    pieces,
    byId: new Map(pieces.map((p) => [p.id, p])),
    triangleCount: vertexCount / 3,
  };
}

const _ray = new Ray();
const _dir = new Vector3();

/** A terrain hit: distance along the ray, the piece, and the face normal (world). */
export interface TerrainHit {
  distance: number;
  piece: PieceInfo;
  normal: Vector3;
  point: Vector3;
}

/**
 * First terrain triangle on the segment or ray from `origin` along `direction` (normalised here),
 * up to `far`. Both faces count: a wall blocks from either side. `filter` skips pieces (e.g. area
 * terrain that does not block sight) by continuing past them.
 */
export function raycastTerrain(
  index: TerrainIndex,
  origin: Vector3,
  direction: Vector3,
  far = Infinity,
  filter?: (piece: PieceInfo) => boolean,
): TerrainHit | null {
  _dir.copy(direction).normalize();
  let near = 0;
  for (let guard = 0; guard < 64; guard++) {
    _ray.origin.copy(origin);
    _ray.direction.copy(_dir);
    const hit = index.bvh.raycastFirst(_ray, DoubleSide, near, far);
    if (!hit || !hit.face) return null;
    const piece = index.pieces[index.pieceOfVertex[hit.face.a] ?? -1];
    if (!piece) return null;
    if (!filter || filter(piece)) {
      return { distance: hit.distance, piece, normal: hit.face.normal.clone(), point: hit.point.clone() };
    }
    near = hit.distance + 1e-5;
  }
  return null;
}

const _m = new Matrix4();

/** Shortest distance between `geometry` (world space, or placed there by `placement`) and one terrain piece's triangles. */
export function distanceToPiece(
  index: TerrainIndex,
  piece: PieceInfo,
  geometry: BufferGeometry,
  cache: Map<number, MeshBVH>,
  placement?: Matrix4,
): number {
  if (placement) _m.copy(placement);
  else _m.identity();
  const hit = pieceBvh(index, piece, cache).closestPointToGeometry(geometry, _m);
  return hit ? hit.distance : Infinity;
}

/** The piece's own BVH (its triangles alone), built on first use and kept in `cache`. */
function pieceBvh(index: TerrainIndex, piece: PieceInfo, cache: Map<number, MeshBVH>): MeshBVH {
  let bvh = cache.get(piece.index);
  if (!bvh) {
    const slice = index.geometry.getAttribute('position').array.slice(piece.vertexStart * 3, piece.vertexEnd * 3);
    const g = new BufferGeometry().setAttribute('position', new BufferAttribute(slice as Float32Array, 3));
    bvh = new MeshBVH(g);
    cache.set(piece.index, bvh);
  }
  return bvh;
}

const _point = new Vector3();
/** Shortest distance from a point to a terrain piece's surface (three-mesh-bvh's closestPointToPoint on the piece's BVH). */
export function pointToPiece(
  index: TerrainIndex,
  piece: PieceInfo,
  point: readonly [number, number, number],
  cache: Map<number, MeshBVH>,
): number {
  const hit = pieceBvh(index, piece, cache).closestPointToPoint(_point.set(point[0], point[1], point[2]));
  return hit ? hit.distance : Infinity;
}

/** One root of an index's BVH as three-mesh-bvh lays it out (see `MeshBVH.serialize`), for walks that read it directly. */
export interface NodeBuffers {
  f32: Float32Array;
  u32: Uint32Array;
  u16: Uint16Array;
}

/** 32-bit words per BVH node (6 floats of bounds, an offset, a count and a leaf flag). */
export const NODE_WORDS = 8;
/** The 16-bit value (at 16-bit word 15 of a node) that marks a leaf. */
export const LEAF = 0xffff;

/*
 * Named reads of one node, as three-mesh-bvh's own walks read it (its `IS_LEAF`, `OFFSET`, `COUNT`,
 * `LEFT_NODE`, `RIGHT_NODE` in core/utils/nodeBufferUtils.js, which the package does not export).
 * `n32` is the node's offset in 32-bit words (its bounds are f32[n32 .. n32 + 6): min x, y, z, max
 * x, y, z); `n16 = 2 * n32` the same in 16-bit words.
 */

/** Whether the node is a leaf. */
export function isLeaf(n16: number, u16: Uint16Array): boolean {
  return u16[n16 + 15] === LEAF;
}

/** A leaf's first triangle (in the BVH's index order). */
export function leafOffset(n32: number, u32: Uint32Array): number {
  return u32[n32 + 6]!;
}

/** A leaf's triangle count. */
export function leafCount(n16: number, u16: Uint16Array): number {
  return u16[n16 + 14]!;
}

/** An inner node's left child: the node right after it. */
export function leftNode(n32: number): number {
  return n32 + NODE_WORDS;
}

/** An inner node's right child: stored as an offset in nodes from the parent. */
export function rightNode(n32: number, u32: Uint32Array): number {
  return n32 + u32[n32 + 6]! * NODE_WORDS;
}

const nodeCache = new WeakMap<TerrainIndex, NodeBuffers[]>();

/** Typed views over the BVH's node buffers (made once per index). */
export function nodeBuffers(index: TerrainIndex): NodeBuffers[] {
  let views = nodeCache.get(index);
  if (!views) {
    const { roots } = MeshBVH.serialize(index.bvh, { cloneBuffers: false });
    views = roots.map((buffer) => ({
      f32: new Float32Array(buffer),
      u32: new Uint32Array(buffer),
      u16: new Uint16Array(buffer),
    }));
    nodeCache.set(index, views);
  }
  return views;
}
