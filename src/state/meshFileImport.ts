/**
 * A mesh file chosen by a person (Open… or a drop): checked and parsed (in the mesh worker in the
 * browser), then added to the sandbox table as an obstacle standing at the table's centre. A refused
 * file shows the reason in the error banner and leaves the table and any match exactly as they were.
 */
import { MAX_MESH_BYTES, tooLarge } from '../io/meshChecks';
import { cacheMesh, freeMeshSource, type ByteReader } from '../io/meshCache';
import { parseMesh } from '../io/meshImport';
import { sceneError, type SceneError } from '../io/sceneFile';
import { err, type Result } from '../result';
import type { Scene } from '../geometry/sceneTypes';
import { loadSceneObject } from './sceneLoader';
import type { TabletopStore } from './store';

/** What is needed of a chosen file (a DOM File, or bytes in a test). */
export interface ChosenFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const bytesText = (n: number): string => `${n.toLocaleString('en-US')} bytes`;

/** Imports a mesh file as a terrain piece; the result says why when it was refused. */
export async function importMeshFile(
  store: TabletopStore,
  file: ChosenFile,
  read: ByteReader,
): Promise<Result<Scene, SceneError>> {
  const refuse = (reason: string): Result<Scene, SceneError> => {
    const error = sceneError(file.name, [
      { code: 'mesh-load', path: '', value: bytesText(file.size), message: reason },
    ]);
    store.getState().rejectScene(error);
    return err(error);
  };
  // The banner names the file already.
  const withoutName = (e: unknown): string => {
    const message = e instanceof Error ? e.message : String(e);
    return message.startsWith(`${file.name}: `) ? message.slice(file.name.length + 2) : message;
  };
  // Checked before the bytes are read into memory at all.
  if (file.size > MAX_MESH_BYTES) return refuse(withoutName(tooLarge(file.name, file.size)));
  let geometry;
  try {
    geometry = await parseMesh(await file.arrayBuffer(), file.name);
  } catch (e) {
    return refuse(withoutName(e));
  }
  const { scene, sceneFile, play } = store.getState();
  if (play) return refuse('terrain is added on the sandbox table: leave the match first (the match goes on)');
  const src = freeMeshSource(file.name);
  cacheMesh(src, geometry);
  const box = geometry.boundingBox!;
  const ids = new Set((scene.terrain ?? []).map((t) => t.id));
  let n = 1;
  while (ids.has(`mesh-${n}`)) n++;
  const piece = {
    id: `mesh-${n}`,
    kind: 'obstacle' as const,
    shape: 'mesh' as const,
    name: file.name.slice(0, 80),
    src,
    // Centred on the table, its lowest point on the table top.
    position: [
      scene.table.width / 2 - (box.min.x + box.max.x) / 2,
      -box.min.y,
      scene.table.depth / 2 - (box.min.z + box.max.z) / 2,
    ] as [number, number, number],
    rotationY: 0,
    scale: 1,
  };
  return loadSceneObject(store, { ...scene, terrain: [...(scene.terrain ?? []), piece] }, sceneFile, read);
}
