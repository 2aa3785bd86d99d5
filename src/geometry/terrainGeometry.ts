/**
 * World-space triangle geometry for terrain pieces. The renderer draws exactly these triangles and
 * the BVH raycaster tests exactly these triangles, so what a player sees is what line of sight uses.
 */
import { BoxGeometry, BufferGeometry, CylinderGeometry, Matrix4 } from 'three';
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
      return source.clone().applyMatrix4(meshPieceMatrix(piece, _m));
    }
  }
}

/** A mesh piece's placement: its file's space to the table's (scale, then turn about y, then move); into `out`. */
export function meshPieceMatrix(piece: Extract<TerrainPiece, { shape: 'mesh' }>, out: Matrix4): Matrix4 {
  const scale = piece.scale ?? 1;
  _s.makeScale(scale, scale, scale);
  _r.makeRotationY(((piece.rotationY ?? 0) * Math.PI) / 180);
  return out.makeTranslation(piece.position[0], piece.position[1], piece.position[2]).multiply(_r).multiply(_s);
}
