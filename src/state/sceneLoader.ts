/**
 * Loading a scene into the store: validate, then load its meshes, and only then replace the current
 * scene. Any failure is recorded as `lastError` and leaves the table exactly as it was.
 */
import { loadMeshes, type ByteReader } from '../io/meshCache';
import { formatValue, parseSceneText, sceneError, validateScene, type SceneError } from '../io/sceneFile';
import { err, ok, type Result } from '../result';
import type { Scene } from '../geometry/sceneTypes';
import type { TabletopStore } from './store';

/** Mesh sources a scene needs, with the field path of each (for error messages). */
export function meshSources(scene: Scene): { src: string; path: string }[] {
  const out: { src: string; path: string }[] = [];
  (scene.terrain ?? []).forEach((t, i) => {
    if (t.shape === 'mesh') out.push({ src: t.src, path: `terrain[${i}].src` });
  });
  (scene.models ?? []).forEach((m, i) => {
    if (m.mesh !== undefined) out.push({ src: m.mesh, path: `models[${i}].mesh` });
  });
  return out;
}

async function commit(
  store: TabletopStore,
  checked: Result<Scene, SceneError>,
  file: string,
  read: ByteReader,
): Promise<Result<Scene, SceneError>> {
  if (!checked.ok) {
    store.getState().rejectScene(checked.error);
    return checked;
  }
  const sources = meshSources(checked.value);
  try {
    await loadMeshes(
      sources.map((s) => s.src),
      read,
    );
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const bad = sources.find((s) => message.startsWith(s.src)) ?? sources[0];
    const error = sceneError(file, [
      { code: 'mesh-load', path: bad?.path ?? 'terrain', value: formatValue(bad?.src), message },
    ]);
    store.getState().rejectScene(error);
    return err(error);
  }
  store.getState().acceptScene(checked.value, file);
  return ok(checked.value);
}

/** Loads scene-file text (from the Open button, drag-and-drop or the automation API). */
export function loadSceneText(store: TabletopStore, text: string, file: string, read: ByteReader) {
  return commit(store, parseSceneText(text, file), file, read);
}

/** Loads an already-parsed scene object (from the automation API or a test). */
export function loadSceneObject(store: TabletopStore, value: unknown, file: string, read: ByteReader) {
  return commit(store, validateScene(value, file), file, read);
}

/** Changes the table size; refused (with the usual error) when a model would be off the table. */
export function resizeTable(store: TabletopStore, width: number, depth: number, read: ByteReader) {
  const { scene, sceneFile } = store.getState();
  return loadSceneObject(store, { ...scene, table: { width, depth } }, sceneFile, read);
}
