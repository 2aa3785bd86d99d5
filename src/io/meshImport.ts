/**
 * Terrain and miniature meshes from files: glTF (.glb/.gltf) and STL. Parsing takes bytes, so the browser
 * (fetch, a chosen file) and the CLI (fs) share it. The bytes are checked and parsed by a mesh reader: in
 * the browser the mesh worker (meshWorker.ts, off the main thread, with a time limit) for a chosen file,
 * in-process (meshParts.ts) for the page's own small files and in Node; both run the same checks. Every failure is an Error whose message starts with the file name.
 */
import { BufferAttribute, BufferGeometry } from 'three';
import type { MeshPart, MeshParts, MeshWant } from './meshParts';

export { MESH_EXTENSIONS, meshExtension, type MeshExtension } from './meshChecks';

/** Checks and parses mesh bytes into parts; rejects with an Error naming `file` and the reason. */
export type MeshReader = (data: ArrayBuffer, file: string, want: MeshWant) => Promise<MeshParts>;

/**
 * Parses in this thread (Node: tests and CLIs; the page's own small files), through the same checks as the
 * worker. The loaders (three's GLTFLoader and STLLoader) come with the first parse, in their own chunk.
 */
export const inProcessMeshReader: MeshReader = async (data, file, want) =>
  (await import('./meshParts')).readMeshParts(data, file, want);

let reader: MeshReader = inProcessMeshReader;

/** Sets the mesh reader every parse goes through (the browser installs the worker's); returns the previous one. */
export function setMeshReader(next: MeshReader): MeshReader {
  const previous = reader;
  reader = next;
  return previous;
}

/**
 * Files shipped with the page (under `assets/`) up to this size are parsed on the page, with the same checks.
 * They are ours and small (the largest is 38 kB, a few ms to parse), and starting the worker costs more:
 * its script is three's whole core again (67 kB gzip), fetched before the first frame when the first table waits
 * on it. A file a person chooses, or a larger one, goes to the installed reader (the worker in the browser).
 */
export const PAGE_PARSE_MAX_BYTES = 64 * 1024;

/** The reader for these bytes: in this thread for a small shipped file, else the installed one. */
function readerFor(data: ArrayBuffer, file: string): MeshReader {
  return file.startsWith('assets/') && data.byteLength <= PAGE_PARSE_MAX_BYTES ? inProcessMeshReader : reader;
}

/** Checks and parses mesh bytes (see readerFor), for a caller that parses parts itself (figures). */
export function readMesh(data: ArrayBuffer, file: string, want: MeshWant): Promise<MeshParts> {
  return readerFor(data, file)(data, file, want);
}

/** A geometry from a part's arrays (no copy), its bounds computed. */
export function partGeometry(part: MeshPart): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(part.positions, 3));
  g.setAttribute('normal', new BufferAttribute(part.normals, 3));
  if (part.indices) g.setIndex(new BufferAttribute(part.indices, 1));
  // The outline the mesh worker drew (terrainBatches.ts reads it instead of drawing its own).
  if (part.outline) g.userData.outline = part.outline;
  g.computeBoundingBox();
  return g;
}

/**
 * Parses mesh bytes into one non-indexed geometry (positions and flat normals) in the file's units, y up.
 * Rejects with an Error naming `file` when the bytes are not a mesh we read, or are refused by a check.
 */
export async function parseMesh(data: ArrayBuffer, file: string): Promise<BufferGeometry> {
  const { parts } = await readMesh(data, file, 'terrain');
  const part = parts[0];
  if (!part) throw new Error(`${file}: the file holds no triangles`);
  return partGeometry(part);
}
