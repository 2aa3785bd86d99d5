/**
 * World-space triangle geometry for terrain pieces. The renderer draws exactly these triangles and
 * the BVH raycaster tests exactly these triangles, so what a player sees is what line of sight uses.
 */
import { BoxGeometry, BufferAttribute, BufferGeometry, CylinderGeometry, Matrix3, Matrix4 } from 'three';
import type { TerrainPiece } from './sceneTypes';

/** Edges sharper than this (degrees) are a terrain piece's outline (drawn by the scene, or by the mesh worker). */
export const OUTLINE_DEGREES = 20;

/** Radial segments used for cylinders (woods, towers): fine enough that chords are under 1%. */
export const CYLINDER_SEGMENTS = 48;

/** Looks up the loaded geometry of a mesh file (in the file's own units and axes, y up). */
export type MeshLookup = (src: string) => BufferGeometry | undefined;

const _m = new Matrix4();
const _r = new Matrix4();
const _s = new Matrix4();
const _n = new Matrix3();

/** Whether a piece blocks line of sight when the scene does not say: area terrain does not. */
export function blocksLosByDefault(piece: TerrainPiece): boolean {
  return piece.blocksLos ?? piece.kind !== 'area';
}

/**
 * Builds the piece's triangles in table coordinates (inches). Mesh pieces need `lookup` to return
 * their loaded geometry; the result is a fresh geometry the caller owns and must dispose.
 */
export function terrainGeometry(piece: TerrainPiece, lookup: MeshLookup): BufferGeometry {
  switch (piece.shape) {
    case 'box': {
      const [sx, sy, sz] = piece.size;
      const g = new BoxGeometry(sx, sy, sz);
      _r.makeRotationY(((piece.rotationY ?? 0) * Math.PI) / 180);
      _m.makeTranslation(piece.center[0], piece.center[1], piece.center[2]).multiply(_r);
      return g.applyMatrix4(_m);
    }
    case 'cylinder': {
      const g = new CylinderGeometry(piece.radius, piece.radius, piece.height, CYLINDER_SEGMENTS);
      return g.translate(piece.center[0], piece.center[1], piece.center[2]);
    }
    case 'mesh': {
      const source = lookup(piece.src);
      if (!source) throw new Error(`terrain "${piece.id}": mesh ${piece.src} is not loaded`);
      return placedGeometry(source, meshPieceMatrix(piece, _m));
    }
  }
}

/**
 * A mesh piece whose loaded file is flat triangles with normals (as the mesh reader leaves every file):
 * its arrays in the file's space and its placement, for a caller that writes the placed triangles
 * straight into its own arrays (placePoints, placeNormals). Null for any other piece.
 */
export function placeablePiece(
  piece: TerrainPiece,
  lookup: MeshLookup,
): { positions: Float32Array; normals: Float32Array; matrix: Matrix4 } | null {
  if (piece.shape !== 'mesh') return null;
  const source = lookup(piece.src);
  if (!source || source.index || !simpleSource(source) || !source.getAttribute('normal')) return null;
  return {
    positions: source.getAttribute('position').array as Float32Array,
    normals: source.getAttribute('normal').array as Float32Array,
    matrix: meshPieceMatrix(piece, new Matrix4()),
  };
}

/**
 * A piece's triangle corners in table coordinates, flat (three corners a triangle): what `terrainGeometry`
 * holds, without its normals (the sight core's terrain index reads only these).
 */
export function terrainPositions(piece: TerrainPiece, lookup: MeshLookup): Float32Array {
  const placeable = placeablePiece(piece, lookup);
  if (placeable)
    return placePoints(placeable.positions, placeable.matrix, new Float32Array(placeable.positions.length));
  const g = terrainGeometry(piece, lookup);
  const flat = g.index ? g.toNonIndexed() : g;
  const out = flat.getAttribute('position').array as Float32Array;
  g.dispose();
  if (flat !== g) flat.dispose();
  return out;
}

/**
 * xyz triples moved by an affine matrix into `out` from `at` (a number offset), to the float what three's
 * `applyMatrix4` gives (the same products in the same order), without a geometry to clone first: on a
 * big table the clone and the attribute accessors took most of the time.
 */
export function placePoints(src: ArrayLike<number>, m: Matrix4, out: Float32Array, at = 0): Float32Array {
  const e = m.elements;
  const [e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15] = e as unknown as number[];
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i]!,
      y = src[i + 1]!,
      z = src[i + 2]!;
    const w = 1 / (e3! * x + e7! * y + e11! * z + e15!);
    out[at + i] = (e0! * x + e4! * y + e8! * z + e12!) * w;
    out[at + i + 1] = (e1! * x + e5! * y + e9! * z + e13!) * w;
    out[at + i + 2] = (e2! * x + e6! * y + e10! * z + e14!) * w;
  }
  return out;
}

/** Normals turned by `m`'s normal matrix and made unit length into `out` from `at` (three's `applyNormalMatrix`). */
export function placeNormals(src: ArrayLike<number>, m: Matrix4, out: Float32Array, at = 0): Float32Array {
  const [e0, e1, e2, e3, e4, e5, e6, e7, e8] = _n.getNormalMatrix(m).elements as unknown as number[];
  for (let i = 0; i < src.length; i += 3) {
    const x0 = src[i]!,
      y0 = src[i + 1]!,
      z0 = src[i + 2]!;
    const x = e0! * x0 + e3! * y0 + e6! * z0;
    const y = e1! * x0 + e4! * y0 + e7! * z0;
    const z = e2! * x0 + e5! * y0 + e8! * z0;
    const s = 1 / (Math.sqrt(x * x + y * y + z * z) || 1);
    out[at + i] = x * s;
    out[at + i + 1] = y * s;
    out[at + i + 2] = z * s;
  }
  return out;
}

/**
 * The bounding sphere three's `computeBoundingSphere` gives a geometry of these positions (the box's
 * centre, and the farthest point from it), without the accessors: the same numbers, a fifth of the time
 * on a dense batch.
 */
export function boundingSphereOf(p: ArrayLike<number>): { center: [number, number, number]; radius: number } {
  // Box3.getCenter of an empty box: the origin.
  if (p.length < 3) return { center: [0, 0, 0], radius: 0 };
  let [x0, y0, z0, x1, y1, z1] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!,
      y = p[i + 1]!,
      z = p[i + 2]!;
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (z < z0) z0 = z;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
    if (z > z1) z1 = z;
  }
  // Box3.getCenter: (min + max) * 0.5.
  const cx = (x0 + x1) * 0.5,
    cy = (y0 + y1) * 0.5,
    cz = (z0 + z1) * 0.5;
  let far = 0;
  for (let i = 0; i < p.length; i += 3) {
    const dx = cx - p[i]!,
      dy = cy - p[i + 1]!,
      dz = cz - p[i + 2]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > far) far = d;
  }
  return { center: [cx, cy, cz], radius: Math.sqrt(far) };
}

/**
 * Flat normals of a list of triangles (three corners each), to the float what three's
 * `computeVertexNormals` gives a geometry without an index: (c - b) x (a - b) per triangle, stored
 * (so rounded to a float), then made unit length; a triangle with no area gets (0, 0, 0).
 */
export function flatNormals(p: Float32Array): Float32Array {
  const out = new Float32Array(p.length);
  for (let i = 0; i + 8 < p.length; i += 9) {
    const bx = p[i + 3]!,
      by = p[i + 4]!,
      bz = p[i + 5]!;
    const ux = p[i + 6]! - bx,
      uy = p[i + 7]! - by,
      uz = p[i + 8]! - bz;
    const wx = p[i]! - bx,
      wy = p[i + 1]! - by,
      wz = p[i + 2]! - bz;
    const x = Math.fround(uy * wz - uz * wy),
      y = Math.fround(uz * wx - ux * wz),
      z = Math.fround(ux * wy - uy * wx);
    const s = 1 / (Math.sqrt(x * x + y * y + z * z) || 1);
    for (let c = i; c < i + 9; c += 3) {
      out[c] = x * s;
      out[c + 1] = y * s;
      out[c + 2] = z * s;
    }
  }
  return out;
}

/** A loaded mesh holds only what the mesh reader gives it: positions, normals, perhaps an index. */
function simpleSource(g: BufferGeometry): boolean {
  const names = Object.keys(g.attributes);
  const plainAttribute = (name: string) => {
    const a = g.getAttribute(name) as BufferAttribute | undefined;
    return !a || (a instanceof BufferAttribute && a.itemSize === 3 && !a.normalized && a.array instanceof Float32Array);
  };
  return (
    names.every((n) => n === 'position' || n === 'normal') &&
    names.includes('position') &&
    plainAttribute('position') &&
    plainAttribute('normal') &&
    Object.keys(g.morphAttributes).length === 0
  );
}

/**
 * `source.clone().applyMatrix4(m)`, the same arrays to the float, written once instead of copied then
 * rewritten. The user data (the mesh worker's outline) is shared, as clone shares it.
 */
function placedGeometry(source: BufferGeometry, m: Matrix4): BufferGeometry {
  if (!simpleSource(source)) return source.clone().applyMatrix4(m);
  const g = new BufferGeometry();
  g.name = source.name;
  const p = source.getAttribute('position').array as Float32Array;
  g.setAttribute('position', new BufferAttribute(placePoints(p, m, new Float32Array(p.length)), 3));
  const normal = source.getAttribute('normal');
  if (normal) {
    const n = normal.array as Float32Array;
    g.setAttribute('normal', new BufferAttribute(placeNormals(n, m, new Float32Array(n.length)), 3));
  }
  if (source.index) g.setIndex(source.index.clone());
  for (const group of source.groups) g.addGroup(group.start, group.count, group.materialIndex);
  g.setDrawRange(source.drawRange.start, source.drawRange.count);
  g.userData = source.userData;
  if (source.boundingBox) g.computeBoundingBox();
  if (source.boundingSphere) g.computeBoundingSphere();
  return g;
}

/** A mesh piece's placement: its file's space to the table's (scale, then turn about y, then move); into `out`. */
export function meshPieceMatrix(piece: Extract<TerrainPiece, { shape: 'mesh' }>, out: Matrix4): Matrix4 {
  const scale = piece.scale ?? 1;
  _s.makeScale(scale, scale, scale);
  _r.makeRotationY(((piece.rotationY ?? 0) * Math.PI) / 180);
  return out.makeTranslation(piece.position[0], piece.position[1], piece.position[2]).multiply(_r).multiply(_s);
}
