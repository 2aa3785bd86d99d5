/**
 * Terrain pieces drawn from the same world-space triangles the line-of-sight core uses, merged into one
 * mesh per look and one outline (terrainBatches.ts): a few draw calls however many pieces stand on the
 * table. The pieces that hide the sight-ray target get a thick orange outline of their own on top.
 */
import { Edges } from '@react-three/drei';
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BufferGeometry } from 'three';
import { acceleratedRaycast } from 'three-mesh-bvh';
import { terrainGeometry } from '../geometry/terrainGeometry';
import { cachedMesh } from '../io/meshCache';
import { registerScenePreparer } from '../state/sceneLoader';
import type { TerrainPiece as Piece } from '../geometry/sceneTypes';
import { TERRAIN_LOOK } from './palette';
import { terrainBatches, terrainBatchesBetweenTasks, type Batched } from './terrainBatches';
import { boundsTreeLater } from './bvhLater';
import { SURFACE_LOOK, terrainBatchMaterial, terrainMaterialOf } from './terrainMaterial';

/** Mesh pieces whose file failed to load at start-up are left out rather than crashing the view. */
function isLoaded(piece: Piece): boolean {
  return piece.shape !== 'mesh' || cachedMesh(piece.src) !== undefined;
}

/** The colour a piece is drawn in: its surface's, else its kind's. */
const colourOf = (piece: Piece): string =>
  SURFACE_LOOK[terrainMaterialOf(piece)].colour ?? TERRAIN_LOOK[piece.kind].colour;

/** The ids of the pieces drawn, in order: what a prepared build must match. */
const keyOf = (shown: readonly Piece[]) => shown.map((p) => p.id).join('\n');

/** The terrain list drawn now. */
let drawnTerrain: readonly Piece[] | null = null;

/** Batches built between tasks for a scene about to be accepted, by its terrain list (sceneLoader.ts). */
const prepared = new WeakMap<readonly Piece[], { key: string; built: Batched }>();

const disposeBuilt = (b: Batched) => {
  b.outline?.dispose();
  for (const x of b.batches) x.geometry.dispose();
};

/** Builds a terrain list's batches between tasks, for the render that will draw it. */
async function prepareTerrain(terrain: readonly Piece[]): Promise<void> {
  // The same list drawn now (a scene whose models or table changed): its batches stay.
  if (terrain === drawnTerrain) return;
  const shown = terrain.filter(isLoaded);
  const built = await terrainBatchesBetweenTasks(shown, cachedMesh, colourOf, { bvh: false });
  const old = prepared.get(terrain);
  if (old) disposeBuilt(old.built);
  prepared.set(terrain, { key: keyOf(shown), built });
}

/** The batches prepared for this list (taken: drawn once), or null. */
function takePrepared(terrain: readonly Piece[], key: string): Batched | null {
  const p = prepared.get(terrain);
  if (!p) return null;
  prepared.delete(terrain);
  if (p.key === key) return p.built;
  disposeBuilt(p.built);
  return null;
}

/** Props: the scene's terrain list, and the ids of pieces to outline (occluders of the sight rays). */
export function TerrainPieces({ terrain, highlight }: { terrain: readonly Piece[]; highlight?: ReadonlySet<string> }) {
  const shown = terrain.filter(isLoaded);
  // Rebuilt when the list changes or a mesh piece's file has loaded since.
  const loadedKey = keyOf(shown);
  // While the table is drawn, a scene being loaded has its batches built between tasks before it is accepted.
  useEffect(() => {
    registerScenePreparer((scene) => prepareTerrain(scene.terrain ?? []));
    return () => registerScenePreparer(null);
  }, []);
  useEffect(() => {
    drawnTerrain = terrain;
    return () => {
      drawnTerrain = null;
    };
  }, [terrain]);
  const drawn = useMemo(() => {
    // The batches' BVHs come after they are drawn (bvhLater.ts): a dense table's would hold the first frame.
    // A loaded scene's batches were built between tasks before it was accepted.
    const { batches, outline } =
      takePrepared(terrain, loadedKey) ?? terrainBatches(shown, cachedMesh, colourOf, { bvh: false });
    return { outline, batches: batches.map((b) => ({ ...b, material: terrainBatchMaterial(b) })) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` is `terrain` filtered by what has loaded (`loadedKey`)
  }, [terrain, loadedKey]);
  // The outline is drawn from the frame after the batches' first: its buffers go to the GPU in a task of
  // their own instead of lengthening the first frame's (a dense table's outline is 7 MB).
  const [lined, setLined] = useState<BufferGeometry | null>(null);
  const framesDrawn = useRef(0);
  useEffect(() => {
    framesDrawn.current = 0;
  }, [drawn]);
  useFrame(({ invalidate }) => {
    if (!drawn.outline || lined === drawn.outline) return;
    if (framesDrawn.current++ > 0) setLined(drawn.outline);
    invalidate();
  });
  const outline = lined === drawn.outline ? lined : null;
  useEffect(() => {
    let alive = true;
    for (const b of drawn.batches) void boundsTreeLater(b.geometry, () => alive);
    return () => {
      alive = false;
      drawn.outline?.dispose();
      for (const b of drawn.batches) {
        b.geometry.dispose();
        b.material.dispose();
      }
    };
  }, [drawn]);
  return (
    <group>
      {drawn.batches.map((b) => (
        <mesh
          key={b.key}
          geometry={b.geometry}
          material={b.material}
          castShadow={b.opacity >= 1}
          receiveShadow
          raycast={acceleratedRaycast}
          name={`terrain:${b.ids.join(',')}`}
        />
      ))}
      {outline && (
        <lineSegments geometry={outline} raycast={() => null}>
          <lineBasicMaterial vertexColors />
        </lineSegments>
      )}
      {shown
        .filter((p) => highlight?.has(p.id))
        .map((p) => (
          <Highlight key={p.id} piece={p} />
        ))}
    </group>
  );
}

/** A thick orange outline round one piece (it hides the sight-ray target). */
function Highlight({ piece }: { piece: Piece }) {
  const geometry = useMemo<BufferGeometry>(() => terrainGeometry(piece, cachedMesh), [piece]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh geometry={geometry} raycast={() => null}>
      <meshBasicMaterial visible={false} />
      <Edges threshold={20} color="#ff8a3d" lineWidth={3} />
    </mesh>
  );
}
