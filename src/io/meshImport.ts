/**
 * Terrain and miniature meshes from files: glTF (.glb/.gltf) through three's GLTFLoader and STL
 * through three's STLLoader. Parsing takes bytes, so the browser (fetch) and the CLI (fs) share it.
 * Every failure is an Error whose message starts with the file name.
 */
import { BufferAttribute, BufferGeometry, Matrix4, type Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';

/** Mesh file formats we read, by extension. */
export const MESH_EXTENSIONS = ['glb', 'gltf', 'stl'] as const;
/** A mesh file format. */
export type MeshExtension = (typeof MESH_EXTENSIONS)[number];

/** The format of a file name, or undefined when it is not a mesh we read. */
export function meshExtension(file: string): MeshExtension | undefined {
  const ext = file.split('?')[0]?.split('.').pop()?.toLowerCase();
  return MESH_EXTENSIONS.find((e) => e === ext);
}

/** STL files are Z-up (the 3D-printing convention); the table is y-up. */
const STL_Z_UP_TO_Y_UP = new Matrix4().makeRotationX(-Math.PI / 2);

/** Merges every mesh under `root` into one non-indexed position-only geometry in root space. */
function flattenMeshes(root: Object3D): BufferGeometry {
  root.updateMatrixWorld(true);
  const chunks: Float32Array[] = [];
  root.traverse((obj) => {
    const mesh = obj as Mesh;
    if (!mesh.isMesh) return;
    const src = mesh.geometry.index ? mesh.geometry.toNonIndexed() : mesh.geometry;
    const pos = src.getAttribute('position');
    if (!pos) return;
    const g = new BufferGeometry().setAttribute('position', pos.clone());
    g.applyMatrix4(mesh.matrixWorld);
    chunks.push(g.getAttribute('position').array as Float32Array);
  });
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const all = new Float32Array(total);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.length;
  }
  return new BufferGeometry().setAttribute('position', new BufferAttribute(all, 3));
}

function finish(geometry: BufferGeometry, file: string): BufferGeometry {
  const pos = geometry.getAttribute('position');
  if (!pos || pos.count < 3) throw new Error(`${file}: the file holds no triangles`);
  for (let i = 0; i < pos.array.length; i++) {
    if (!Number.isFinite(pos.array[i]))
      throw new Error(`${file}: vertex ${Math.floor(i / 3)} has a non-finite coordinate`);
  }
  geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  return geometry;
}

/**
 * The scene of glTF bytes (its matrices updated), or a rejection with an Error that names `file` and says
 * it is not a readable `what` ("glTF file", "glTF figure").
 */
export function gltfScene(data: ArrayBuffer, file: string, what: string): Promise<Object3D> {
  const unreadable = (e: unknown) =>
    new Error(`${file}: not a readable ${what}: ${e instanceof Error ? e.message : String(e)}`);
  return new Promise((resolve, reject) => {
    try {
      // GLTFLoader reports some problems through onError and throws others (bad JSON) directly.
      new GLTFLoader().parse(
        data,
        '',
        (gltf) => {
          gltf.scene.updateMatrixWorld(true);
          resolve(gltf.scene);
        },
        (e) => reject(unreadable(e)),
      );
    } catch (e) {
      reject(unreadable(e));
    }
  });
}

async function parseGltf(data: ArrayBuffer, file: string): Promise<BufferGeometry> {
  return finish(flattenMeshes(await gltfScene(data, file, 'glTF file')), file);
}

function parseStl(data: ArrayBuffer, file: string): BufferGeometry {
  let geometry: BufferGeometry;
  try {
    geometry = new STLLoader().parse(data);
  } catch (e) {
    throw new Error(`${file}: not a readable STL file: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const flat = new BufferGeometry().setAttribute('position', geometry.getAttribute('position'));
  return finish(flat.applyMatrix4(STL_Z_UP_TO_Y_UP), file);
}

/**
 * Parses mesh bytes into one position-only geometry in the file's units, y up.
 * Rejects with an Error naming `file` when the bytes are not a mesh we can read.
 */
export async function parseMesh(data: ArrayBuffer, file: string): Promise<BufferGeometry> {
  const ext = meshExtension(file);
  if (!ext) throw new Error(`${file}: not a mesh file (expected .glb, .gltf or .stl)`);
  if (data.byteLength === 0) throw new Error(`${file}: the file is empty`);
  if (ext === 'stl') return parseStl(data, file);
  return parseGltf(data, file);
}
