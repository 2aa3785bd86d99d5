/**
 * Loading a scene file and its meshes from disk for the headless tools. Mesh `src` paths are tried
 * relative to the current directory (as the app serves them) and then to the scene file's folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { cachedMesh, loadMeshes } from '../io/meshCache';
import { formatValue, parseSceneText, sceneError, type SceneError } from '../io/sceneFile';
import { err, ok, type Result } from '../result';
import type { Scene } from '../io/sceneSchema';
import { buildWorld, type GeometryWorld } from '../geometry/world';
import { meshSources } from '../state/sceneLoader';

/** Reads a scene file, validates it, loads its meshes and builds the geometry world. */
export async function worldFromFile(file: string): Promise<Result<{ scene: Scene; world: GeometryWorld }, SceneError>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return err(
      sceneError(file, [
        {
          code: 'not-json',
          path: '',
          value: formatValue(file),
          message: `cannot read the file: ${(e as Error).message}`,
        },
      ]),
    );
  }
  const parsed = parseSceneText(text, file);
  if (!parsed.ok) return parsed;
  const sources = meshSources(parsed.value);
  const read = async (src: string): Promise<ArrayBuffer> => {
    const candidates = [resolve(src), resolve(dirname(file), src)];
    const found = candidates.find((p) => existsSync(p));
    if (!found) throw new Error(`not found (looked at ${candidates.join(' and ')})`);
    const b = readFileSync(found);
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  };
  try {
    await loadMeshes(
      sources.map((s) => s.src),
      read,
    );
  } catch (e) {
    const message = (e as Error).message;
    const bad = sources.find((s) => message.startsWith(s.src));
    return err(
      sceneError(file, [{ code: 'mesh-load', path: bad?.path ?? 'terrain', value: formatValue(bad?.src), message }]),
    );
  }
  return ok({ scene: parsed.value, world: buildWorld(parsed.value, cachedMesh) });
}
