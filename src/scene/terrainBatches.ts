/**
 * Static terrain in a handful of draws: the pieces that share a look (surface, kind colour and
 * opacity, one or two sides) merged into one geometry each, and every piece's outline in one line
 * geometry with its colour per vertex. The triangles stay the world-space ones line of sight tests
 * (`terrainGeometry`), so what is drawn is still exactly what is measured. Each batch carries a BVH
 * (three-mesh-bvh), which the pointer's raycast uses (`acceleratedRaycast`).
 */
import { BufferAttribute, BufferGeometry, Color, Matrix4, Sphere, Vector3 } from 'three';
import { sharpEdges } from '../geometry/outline';
import { MeshBVH } from 'three-mesh-bvh';
import {
  boundingSphereOf,
  meshPieceMatrix,
  OUTLINE_DEGREES,
  placeablePiece,
  placeNormals,
  placePoints,
  terrainGeometry,
  type MeshLookup,
} from '../geometry/terrainGeometry';
import type { TerrainMaterial, TerrainPiece } from '../geometry/sceneTypes';
import { TERRAIN_LOOK } from './palette';
import { terrainMaterialOf } from './terrainMaterial';
import { nextTask } from './bvhLater';

/** The outline colours: an opaque piece's, and a see-through (area) piece's. */
export const OUTLINE = { solid: '#2a2622', seeThrough: '#25401c' } as const;

/** The pieces drawn with one material: its look and their merged triangles. */
export interface TerrainBatch {
  key: string;
  surface: TerrainMaterial;
  colour: string;
  opacity: number;
  doubleSided: boolean;
  /**
   * Its pieces are all mesh files, whose normals are flat (one per triangle): the batch carries no normals,
   * and its material derives them from the triangles (flat shading), which is half the data to place and
   * to hand the GPU.
   */
  flat: boolean;
  /** The ids of the pieces merged, in scene order. */
  ids: string[];
  geometry: BufferGeometry;
}

/** A piece's triangles with only what the materials read (position, normal), not indexed, so any two merge. */
function plain(g: BufferGeometry): BufferGeometry {
  const flat = g.index ? g.toNonIndexed() : g;
  if (flat !== g) g.dispose();
  if (!flat.getAttribute('normal')) flat.computeVertexNormals();
  for (const name of Object.keys(flat.attributes))
    if (name !== 'position' && name !== 'normal') flat.deleteAttribute(name);
  flat.morphAttributes = {};
  flat.clearGroups();
  return flat;
}

/** One piece of a batch: a mesh file placed straight into the batch's arrays, or a built geometry. */
interface Part {
  placeable?: NonNullable<ReturnType<typeof placeablePiece>>;
  geometry?: BufferGeometry;
  /** Its numbers of positions (three a corner). */
  length: number;
}

/** The parts' triangles, in order, in one geometry of positions, and of normals when `withNormals` (a step a part). */
function* mergedParts(parts: readonly Part[], withNormals: boolean): Generator<void, BufferGeometry> {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const positions = new Float32Array(total);
  const normals = withNormals ? new Float32Array(total) : null;
  let at = 0;
  for (const part of parts) {
    if (part.placeable) {
      placePoints(part.placeable.positions, part.placeable.matrix, positions, at);
      if (normals) placeNormals(part.placeable.normals, part.placeable.matrix, normals, at);
    } else if (part.geometry) {
      positions.set(part.geometry.getAttribute('position').array, at);
      normals?.set(part.geometry.getAttribute('normal').array, at);
      part.geometry.dispose();
    }
    at += part.length;
    yield;
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  if (normals) g.setAttribute('normal', new BufferAttribute(normals, 3));
  return g;
}

/** The batches and the outline of a list of pieces. */
export interface Batched {
  batches: TerrainBatch[];
  outline: BufferGeometry | null;
}

/**
 * The batches of `pieces` (the caller disposes their geometries) and the outline of every piece; each batch
 * with its BVH unless `bvh` is false.
 */
export function terrainBatches(
  pieces: readonly TerrainPiece[],
  lookup: MeshLookup,
  colourOf: (piece: TerrainPiece) => string,
  options: { bvh?: boolean } = {},
): Batched {
  const steps = batchSteps(pieces, lookup, colourOf, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same batches built between tasks: a piece (or a placed part) at a time, letting the page run after
 * each slice of `sliceMs` (a dense table's take 120 ms: built in the render that first draws them, they
 * held that frame's task).
 */
export async function terrainBatchesBetweenTasks(
  pieces: readonly TerrainPiece[],
  lookup: MeshLookup,
  colourOf: (piece: TerrainPiece) => string,
  options: { bvh?: boolean } = {},
  sliceMs = 12,
  pause: () => Promise<void> = nextTask,
): Promise<Batched> {
  const steps = batchSteps(pieces, lookup, colourOf, options);
  let slice = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - slice > sliceMs) {
      await pause();
      slice = performance.now();
    }
  }
}

/** `terrainBatches` a step at a time (one after each piece, and each part placed). */
function* batchSteps(
  pieces: readonly TerrainPiece[],
  lookup: MeshLookup,
  colourOf: (piece: TerrainPiece) => string,
  options: { bvh?: boolean },
): Generator<void, Batched> {
  const groups = new Map<string, { batch: Omit<TerrainBatch, 'geometry'>; parts: Part[] }>();
  // Each piece's outline segments in table space, and the colour they are drawn in.
  const lines: { points: Float32Array; ink: Color }[] = [];
  for (const piece of pieces) {
    const look = TERRAIN_LOOK[piece.kind];
    const surface = terrainMaterialOf(piece);
    const colour = colourOf(piece);
    // A mesh file is drawn from both sides, flat shaded (its normals are flat).
    const mesh = piece.shape === 'mesh';
    const key = `${surface}|${colour}|${look.opacity}|${mesh}`;
    const ink = new Color(look.opacity < 1 ? OUTLINE.seeThrough : OUTLINE.solid);
    // A mesh file is placed straight into its batch's arrays; any other piece is built as a geometry.
    const placeable = placeablePiece(piece, lookup);
    let part: Part;
    if (placeable) part = { placeable, length: placeable.positions.length };
    else {
      const g = plain(terrainGeometry(piece, lookup));
      part = { geometry: g, length: g.getAttribute('position').array.length };
    }
    // A mesh file's outline comes drawn from the mesh worker, in the file's space; else it is drawn here.
    const sent = piece.shape === 'mesh' ? lookup(piece.src)?.userData.outline : undefined;
    if (piece.shape === 'mesh' && sent instanceof Float32Array) {
      const m = placeable?.matrix ?? meshPieceMatrix(piece, new Matrix4());
      lines.push({ points: placePoints(sent, m, new Float32Array(sent.length)), ink });
    } else {
      const g = part.geometry ?? terrainGeometry(piece, lookup);
      lines.push({
        points: sharpEdges(g.getAttribute('position').array, g.index?.array ?? null, OUTLINE_DEGREES),
        ink,
      });
      if (!part.geometry) g.dispose();
    }
    let group = groups.get(key);
    if (!group) {
      group = {
        batch: { key, surface, colour, opacity: look.opacity, doubleSided: mesh, flat: mesh, ids: [] },
        parts: [],
      };
      groups.set(key, group);
    }
    group.batch.ids.push(piece.id);
    group.parts.push(part);
    yield;
  }
  const batches: TerrainBatch[] = [];
  for (const { batch, parts } of groups.values()) {
    const merged = yield* mergedParts(parts, !batch.flat);
    const sphere = boundingSphereOf(merged.getAttribute('position').array);
    merged.boundingSphere = new Sphere(new Vector3(...sphere.center), sphere.radius);
    // A merged batch spans the table: the pointer's ray is tested against its BVH, not every triangle
    // (`bvh: false`: the caller builds it later, bvhLater.ts).
    if (options.bvh !== false) merged.boundsTree = new MeshBVH(merged);
    batches.push({ ...batch, geometry: merged });
  }
  const count = lines.reduce((n, l) => n + l.points.length, 0);
  if (count === 0) return { batches, outline: null };
  const points = new Float32Array(count);
  // Two inks: two bytes a channel (normalised: the palette's colours exactly) are half the floats' upload.
  const colours = new Uint16Array(count);
  let at = 0;
  for (const { points: p, ink } of lines) {
    points.set(p, at);
    if (p.length > 0) {
      colours.set(
        [ink.r, ink.g, ink.b].map((c) => Math.round(c * 65535)),
        at,
      );
      // The piece's first corner's colour, doubled until it covers the piece's corners.
      for (let done = 3; done < p.length; done *= 2)
        colours.copyWithin(at + done, at, at + Math.min(done, p.length - done));
    }
    at += p.length;
  }
  const outline = new BufferGeometry();
  outline.setAttribute('position', new BufferAttribute(points, 3));
  // Its sphere now (culling asks for it in the frame that first draws it).
  const sphere = boundingSphereOf(points);
  outline.boundingSphere = new Sphere(new Vector3(...sphere.center), sphere.radius);
  outline.setAttribute('color', new BufferAttribute(colours, 3, true));
  return { batches, outline };
}
