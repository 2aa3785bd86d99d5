/** One terrain piece: its mesh, its outline, and a highlight when it hides the sight-ray target. */
import { Edges } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import { DoubleSide, MeshStandardMaterial } from 'three';
import { terrainGeometry } from '../geometry/terrainGeometry';
import { cachedMesh } from '../io/meshCache';
import type { TerrainPiece as Piece } from '../geometry/sceneTypes';
import { TERRAIN_LOOK } from './palette';
import { applySurface, SURFACE_LOOK, terrainMaterialOf } from './terrainMaterial';

export function TerrainPiece({ piece, highlighted }: { piece: Piece; highlighted: boolean }) {
  const geometry = useMemo(() => terrainGeometry(piece, cachedMesh), [piece]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const look = TERRAIN_LOOK[piece.kind];
  const seeThrough = look.opacity < 1;
  const surface = terrainMaterialOf(piece);
  const doubleSided = piece.shape === 'mesh';
  const material = useMemo(() => {
    const m = new MeshStandardMaterial({
      color: SURFACE_LOOK[surface].colour ?? look.colour,
      roughness: SURFACE_LOOK[surface].roughness,
      metalness: SURFACE_LOOK[surface].metalness,
      transparent: seeThrough,
      opacity: look.opacity,
      depthWrite: !seeThrough,
      ...(doubleSided ? { side: DoubleSide } : {}),
    });
    applySurface(m, surface);
    return m;
  }, [surface, look, seeThrough, doubleSided]);
  useEffect(() => () => material.dispose(), [material]);
  return (
    <mesh
      geometry={geometry}
      material={material}
      castShadow={!seeThrough}
      receiveShadow
      userData={{ terrainId: piece.id }}
      name={`terrain:${piece.id}`}
    >
      <Edges
        threshold={20}
        color={highlighted ? '#ff8a3d' : seeThrough ? '#25401c' : '#2a2622'}
        lineWidth={highlighted ? 3 : 1}
      />
    </mesh>
  );
}
