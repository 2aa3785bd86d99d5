/**
 * Static terrain in a handful of draws: the pieces that share a look (surface, kind colour and
 * opacity, one or two sides) merged into one geometry each, and every piece's outline in one line
 * geometry with its colour per vertex. The triangles stay the world-space ones line of sight tests
 * (`terrainGeometry`), so what is drawn is still exactly what is measured. Each batch carries a BVH
 * (three-mesh-bvh), which the pointer's raycast uses (`acceleratedRaycast`).
 */
import { BufferAttribute, BufferGeometry, Color, Matrix4 } from 'three';
import { sharpEdges } from '../geometry/outline';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { MeshBVH } from 'three-mesh-bvh';
import {
  meshPieceMatrix,
  OUTLINE_DEGREES,
  placePoints,
  terrainGeometry,
  type MeshLookup,
} from '../geometry/terrainGeometry';
import type { TerrainMaterial, TerrainPiece } from '../geometry/sceneTypes';
import { TERRAIN_LOOK } from './palette';
import { terrainMaterialOf } from './terrainMaterial';

/** The outline colours: an opaque piece's, and a see-through (area) piece's. */
export const OUTLINE = { solid: '#2a2622', seeThrough: '#25401c' } as const;

/** The pieces drawn with one material: its look and their merged triangles. */
export interface TerrainBatch {
  key: string;
  surface: TerrainMaterial;
  colour: string;
  opacity: number;
  doubleSided: boolean;
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

/**
 * The batches of `pieces` (the caller disposes their geometries) and the outline of every piece; each batch
 * with its BVH unless `bvh` is false.
 */
export function terrainBatches(
  pieces: readonly TerrainPiece[],
  lookup: MeshLookup,
  colourOf: (piece: TerrainPiece) => string,
  options: { bvh?: boolean } = {},
): { batches: TerrainBatch[]; outline: BufferGeometry | null } {
  const groups = new Map<string, { batch: Omit<TerrainBatch, 'geometry'>; parts: BufferGeometry[] }>();
  // Each piece's outline segments in table space, and the colour they are drawn in.
  const lines: { points: Float32Array; ink: Color }[] = [];
  for (const piece of pieces) {
    const look = TERRAIN_LOOK[piece.kind];
    const surface = terrainMaterialOf(piece);
    const colour = colourOf(piece);
    const doubleSided = piece.shape === 'mesh';
    const key = `${surface}|${colour}|${look.opacity}|${doubleSided}`;
    const g = terrainGeometry(piece, lookup);
    const ink = new Color(look.opacity < 1 ? OUTLINE.seeThrough : OUTLINE.solid);
    // A mesh file's outline comes drawn from the mesh worker, in the file's space; else it is drawn here.
    const drawn = piece.shape === 'mesh' ? (g.userData.outline as Float32Array | undefined) : undefined;
    if (drawn) {
      const m = meshPieceMatrix(piece as Extract<TerrainPiece, { shape: 'mesh' }>, new Matrix4());
      lines.push({ points: placePoints(drawn, m, new Float32Array(drawn.length)), ink });
    } else {
      const positions = g.getAttribute('position').array;
      lines.push({ points: sharpEdges(positions, g.index?.array ?? null, OUTLINE_DEGREES), ink });
    }
    let group = groups.get(key);
    if (!group) {
      group = { batch: { key, surface, colour, opacity: look.opacity, doubleSided, ids: [] }, parts: [] };
      groups.set(key, group);
    }
    group.batch.ids.push(piece.id);
    group.parts.push(plain(g));
  }
  const batches: TerrainBatch[] = [];
  for (const { batch, parts } of groups.values()) {
    const merged = parts.length === 1 ? parts[0]! : mergeGeometries(parts, false);
    if (!merged) throw new Error(`terrain pieces ${batch.ids.join(', ')} could not be merged into one geometry`);
    if (merged !== parts[0]) for (const part of parts) part.dispose();
    merged.computeBoundingSphere();
    // A merged batch spans the table: the pointer's ray is tested against its BVH, not every triangle
    // (`bvh: false`: the caller builds it later, bvhLater.ts).
    if (options.bvh !== false) merged.boundsTree = new MeshBVH(merged);
    batches.push({ ...batch, geometry: merged });
  }
  const count = lines.reduce((n, l) => n + l.points.length, 0);
  if (count === 0) return { batches, outline: null };
  const points = new Float32Array(count);
  const colours = new Float32Array(count);
  let at = 0;
  for (const { points: p, ink } of lines) {
    points.set(p, at);
    for (let i = at; i < at + p.length; i += 3) {
      colours[i] = ink.r;
      colours[i + 1] = ink.g;
      colours[i + 2] = ink.b;
    }
    at += p.length;
  }
  const outline = new BufferGeometry();
  outline.setAttribute('position', new BufferAttribute(points, 3));
  outline.setAttribute('color', new BufferAttribute(colours, 3));
  return { batches, outline };
}
