/**
 * Loaded mesh geometry by `src`, shared by the renderer and the geometry core. Geometry is not plain
 * JSON, so it lives here rather than in the store; the scene file only names the source.
 */
import type { BufferGeometry } from 'three';
import { parseMesh } from './meshImport';

const cache = new Map<string, BufferGeometry>();

/** Reads a file's bytes: `fetch` in the browser, `fs` in the CLI and tests. */
export type ByteReader = (src: string) => Promise<ArrayBuffer>;

/** The loaded geometry for `src`, if any. */
export function cachedMesh(src: string): BufferGeometry | undefined {
  return cache.get(src);
}

/**
 * Loads every source not yet cached. All or nothing: when one fails, nothing new is cached and the
 * promise rejects with an Error naming the file.
 */
export async function loadMeshes(sources: readonly string[], read: ByteReader): Promise<void> {
  const missing = [...new Set(sources)].filter((s) => !cache.has(s));
  const loaded = await Promise.all(
    missing.map(async (src) => {
      let bytes: ArrayBuffer;
      try {
        bytes = await read(src);
      } catch (e) {
        throw new Error(`${src}: could not be read: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
      return [src, await parseMesh(bytes, src)] as const;
    }),
  );
  for (const [src, geometry] of loaded) cache.set(src, geometry);
}

/** Reads bytes over HTTP, relative to the page; a non-2xx answer is an error with its status. */
export const fetchBytes: ByteReader = async (src) => {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  return response.arrayBuffer();
};

/**
 * A free source name for a file a person chose: its own name, or `<stem>-2.<ext>` and up when a
 * different mesh is already cached under it (a cached source is never replaced under the table).
 */
export function freeMeshSource(name: string): string {
  const clean = name.replace(/^.*[\\/]/, '') || 'mesh.glb';
  if (!cache.has(clean)) return clean;
  const dot = clean.lastIndexOf('.');
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  const ext = dot > 0 ? clean.slice(dot) : '';
  for (let n = 2; ; n++) if (!cache.has(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`;
}

/** Caches a geometry parsed from a chosen file under a free source name (see freeMeshSource). */
export function cacheMesh(src: string, geometry: BufferGeometry): void {
  if (cache.has(src)) throw new Error(`${src}: a mesh is already loaded under this name`);
  cache.set(src, geometry);
}
