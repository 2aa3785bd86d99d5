/**
 * Loading a scene into the store: validate, then load its meshes, and only then replace the current
 * scene. Any failure is recorded as `lastError` and leaves the table exactly as it was.
 */
import { loadMeshes, type ByteReader } from '../io/meshCache';
import { formatValue, parseSceneText, sceneError, validateScene, type SceneError } from '../io/sceneFile';
import { err, ok, type Result } from '../result';
import type { Scene } from '../geometry/sceneTypes';
import type { TabletopStore } from './store';
import type { TableView } from '../rules/engine/play';
import type { Engine } from './engine';
import type { PlayResult } from './playResult';

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

/** What the scene does with a scene about to be accepted (its terrain's batches built between tasks). */
type ScenePreparer = (scene: Scene) => Promise<void>;
let preparer: ScenePreparer | null = null;

/** Called by the scene when it mounts (and with null when it unmounts). */
export function registerScenePreparer(next: ScenePreparer | null): void {
  preparer = next;
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
  // The scene's drawing prepared between tasks; if it fails, the render that draws the scene builds it.
  await preparer?.(checked.value).catch(() => undefined);
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

/** A table ready to play on: its terrain checked, its meshes loaded here and in the engine. */
export type Prepared = { ok: true; terrain: Scene; file: string } | { ok: false; reason: string };

/** A table's terrain, its meshes loaded here (to draw) and in the engine (to answer); the store's table is not touched yet. */
export async function prepareTable(
  engine: Engine,
  read: ByteReader,
  table: { file: string; scene: unknown },
): Promise<Prepared> {
  const { file, scene } = table;
  const checked = validateScene({ ...(scene as object), models: [], smoke: [] }, file);
  if (!checked.ok) return { ok: false, reason: checked.error.message };
  try {
    await loadMeshes(
      meshSources(checked.value).map((m) => m.src),
      read,
    );
  } catch (e) {
    return { ok: false, reason: `${file}: ${(e as Error).message}` };
  }
  const r = await engine.prepare(file, checked.value, read);
  if (!r.ok) return r;
  return { ok: true, terrain: checked.value, file };
}

/**
 * Loads the models' own meshes (a force's `mesh` files) before a match is adopted, so a file that
 * cannot be read refuses the match with the field and the file, and the current game stays.
 */
export async function loadModelMeshes(read: ByteReader, t: TableView, file: string): Promise<PlayResult | null> {
  const meshes = Object.entries(t.meshes ?? {});
  if (meshes.length === 0) return null;
  try {
    await loadMeshes(
      meshes.map(([, src]) => src),
      read,
    );
    return null;
  } catch (e) {
    const message = (e as Error).message;
    const [id = '', src = ''] = meshes.find(([, src]) => message.startsWith(src)) ?? meshes[0] ?? [];
    return { ok: false, reason: `${file}: mesh of model "${t.names[id] ?? id}" (${formatValue(src)}): ${message}` };
  }
}
