/** Terrain pieces drawn from the same world-space triangles the line-of-sight core uses. */
import { cachedMesh } from '../io/meshCache';
import type { TerrainPiece as Piece } from '../geometry/sceneTypes';
import { TerrainPiece } from './TerrainPiece';

/** Mesh pieces whose file failed to load at start-up are left out rather than crashing the view. */
function isLoaded(piece: Piece): boolean {
  return piece.shape !== 'mesh' || cachedMesh(piece.src) !== undefined;
}

/** Props: the scene's terrain list, and the ids of pieces to outline (occluders of the sight rays). */
export function TerrainPieces({ terrain, highlight }: { terrain: readonly Piece[]; highlight?: ReadonlySet<string> }) {
  return (
    <group>
      {terrain.filter(isLoaded).map((piece) => (
        <TerrainPiece key={piece.id} piece={piece} highlighted={highlight?.has(piece.id) ?? false} />
      ))}
    </group>
  );
}
