/**
 * Mesh bytes to plain typed arrays: the byte checks (meshChecks.ts), then three's GLTFLoader or STLLoader,
 * then every vertex checked finite. What comes out is transferable (no three objects), so the same code
 * runs in the mesh worker (browser) and in-process (Node: tests and CLIs).
 */
import {
  BufferAttribute,
  BufferGeometry,
  Float32BufferAttribute,
  type InterleavedBufferAttribute,
  Matrix4,
  type Material,
  type Mesh,
  type Object3D,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { checkFinite, checkMeshBytes, MESH_LIMITS, MeshError, type MeshLimits } from './meshChecks';
import { flatNormals, OUTLINE_DEGREES, placePoints } from '../geometry/terrainGeometry';
import { sharpEdges } from '../geometry/outline';

/** What a caller wants: one merged, non-indexed terrain geometry, or a figure's parts with their materials. */
export type MeshWant = 'terrain' | 'figure';

/** One part of a mesh file in the file's space (y up): plain arrays and material values. */
export interface MeshPart {
  name: string;
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array | null;
  /** sRGB hex colour of the part's material (`#rrggbb`). */
  colour: string;
  metalness: number;
  roughness: number;
  /**
   * A terrain part's outline (line segments, two points each, in the file's space): its edges sharper than
   * OUTLINE_DEGREES, computed in the mesh worker so the page never runs three's EdgesGeometry on a dense mesh.
   */
  outline?: Float32Array;
}

/** A terrain part's outline (see MeshPart.outline): three's EdgesGeometry's segments (outline.ts). */
export function outlineOf(part: MeshPart): Float32Array {
  return sharpEdges(part.positions, part.indices, OUTLINE_DEGREES);
}

/** A parsed mesh file: its parts (for `terrain`, exactly one). */
export interface MeshParts {
  parts: MeshPart[];
}

/** The typed arrays of parsed parts, to transfer to the main thread without a copy. */
export function transferablesOf(parsed: MeshParts): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const p of parsed.parts) {
    out.push(p.positions.buffer as ArrayBuffer, p.normals.buffer as ArrayBuffer);
    if (p.indices) out.push(p.indices.buffer as ArrayBuffer);
    if (p.outline) out.push(p.outline.buffer as ArrayBuffer);
  }
  return out;
}

/** STL files are Z-up (the 3D-printing convention); the table is y-up. */
const STL_Z_UP_TO_Y_UP = new Matrix4().makeRotationX(-Math.PI / 2);

function unreadable(file: string, what: string, e: unknown): MeshError {
  return new MeshError('unreadable', file, `not a readable ${what}: ${e instanceof Error ? e.message : String(e)}`);
}

function gltfScene(data: ArrayBuffer, file: string): Promise<Object3D> {
  return new Promise((resolve, reject) => {
    try {
      // GLTFLoader reports some problems through onError and throws others directly.
      new GLTFLoader().parse(
        data,
        '',
        (gltf) => {
          gltf.scene.updateMatrixWorld(true);
          resolve(gltf.scene);
        },
        (e) => reject(unreadable(file, 'glTF file', e)),
      );
    } catch (e) {
      reject(unreadable(file, 'glTF file', e));
    }
  });
}

type Attribute = BufferAttribute | InterleavedBufferAttribute;

/** A plain xyz Float32Array of an attribute: a slice when it already is one, else read item by item. */
function copyOf(attr: Attribute): Float32Array {
  if (!('isInterleavedBufferAttribute' in attr) && attr.array instanceof Float32Array && attr.itemSize === 3)
    return attr.array.slice(0, attr.count * 3);
  const out = new Float32Array(attr.count * 3);
  for (let i = 0; i < attr.count; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = attr.getComponent(i, c);
  return out;
}

function materialValues(m: Material | Material[]): Pick<MeshPart, 'colour' | 'metalness' | 'roughness'> {
  const one = (Array.isArray(m) ? m[0] : m) as
    (Material & { color?: { getHexString(): string }; metalness?: number; roughness?: number }) | undefined;
  return {
    colour: one?.color ? `#${one.color.getHexString()}` : '#cccccc',
    metalness: one?.metalness ?? 0,
    roughness: one?.roughness ?? 1,
  };
}

/** Each mesh under the scene as a part, transformed into scene space, its normals computed if missing. */
function gltfParts(root: Object3D, file: string): MeshPart[] {
  const parts: MeshPart[] = [];
  root.traverse((obj) => {
    const mesh = obj as Mesh;
    if (!mesh.isMesh || !mesh.geometry.getAttribute('position')) return;
    const name = mesh.name || `part${parts.length}`;
    const raw = copyOf(mesh.geometry.getAttribute('position'));
    // Checked before the node's transform: its products would smear an infinity over the other axes.
    checkFinite(raw, file, name);
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(raw, 3));
    const normal = mesh.geometry.getAttribute('normal');
    if (normal) g.setAttribute('normal', new Float32BufferAttribute(copyOf(normal), 3));
    const index = mesh.geometry.getIndex();
    const indices = index ? Uint32Array.from(index.array.subarray(0, index.count)) : null;
    if (indices) g.setIndex(new BufferAttribute(indices, 1));
    g.applyMatrix4(mesh.matrixWorld);
    checkFinite(g.getAttribute('position').array, file, `${name} (after its node's transform)`);
    if (!normal) g.computeVertexNormals();
    parts.push({
      name,
      positions: g.getAttribute('position').array as Float32Array,
      normals: g.getAttribute('normal').array as Float32Array,
      indices,
      ...materialValues(mesh.material),
    });
  });
  return parts;
}

/** All parts merged into one non-indexed geometry with flat normals (the terrain the sight core reads). */
function mergeTerrain(parts: readonly MeshPart[], file: string): MeshPart {
  const chunks = parts.map((p) => {
    if (!p.indices) return p.positions;
    const out = new Float32Array(p.indices.length * 3);
    const { indices, positions } = p;
    for (let i = 0; i < indices.length; i++) {
      const v = indices[i]! * 3;
      out[i * 3] = positions[v]!;
      out[i * 3 + 1] = positions[v + 1]!;
      out[i * 3 + 2] = positions[v + 2]!;
    }
    return out;
  });
  const all = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.length;
  }
  if (all.length < 9) throw new MeshError('no-triangles', file, 'the file holds no triangles');
  const g = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(all, 3));
  g.computeVertexNormals();
  const first = parts[0];
  return {
    name: 'terrain',
    positions: all,
    normals: g.getAttribute('normal').array as Float32Array,
    indices: null,
    colour: first?.colour ?? '#cccccc',
    metalness: first?.metalness ?? 0,
    roughness: first?.roughness ?? 1,
  };
}

function stlPart(data: ArrayBuffer, file: string): MeshPart {
  let geometry: BufferGeometry;
  try {
    geometry = new STLLoader().parse(data);
  } catch (e) {
    throw unreadable(file, 'STL file', e);
  }
  const read = geometry.getAttribute('position').array as Float32Array;
  checkFinite(read, file);
  // Turned to y up and given flat normals (three's applyMatrix4 and computeVertexNormals, to the float,
  // without the attribute accessors: terrainGeometry.ts).
  const positions = placePoints(read, STL_Z_UP_TO_Y_UP, new Float32Array(read.length));
  return {
    name: 'part0',
    positions,
    normals: flatNormals(positions),
    indices: null,
    colour: '#cccccc',
    metalness: 0,
    roughness: 1,
  };
}

const triangles = (p: MeshPart): number => (p.indices ? p.indices.length : p.positions.length / 3) / 3;

/**
 * Reads mesh bytes into parts: checks first (size, header, whole file, declared triangles), then the
 * loader, then every vertex finite and the built triangles within the limit. Rejects with a MeshError
 * whose message starts with `file` and gives the reason.
 */
export async function readMeshParts(
  data: ArrayBuffer,
  file: string,
  want: MeshWant,
  limits: MeshLimits = MESH_LIMITS,
): Promise<MeshParts> {
  const header = checkMeshBytes(data, file, limits);
  let parts: MeshPart[];
  if (header.format === 'stl-binary' || header.format === 'stl-ascii') parts = [stlPart(data, file)];
  else {
    const scene = await gltfScene(data, file);
    parts = gltfParts(scene, file);
    if (parts.length === 0) throw new MeshError('no-triangles', file, 'the file holds no mesh');
  }
  const built = parts.reduce((n, p) => n + triangles(p), 0);
  if (built > limits.maxTriangles)
    throw new MeshError(
      'too-many-triangles',
      file,
      `holds ${built.toLocaleString('en-US')} triangles, over the limit of ${limits.maxTriangles.toLocaleString('en-US')}`,
    );
  if (built < 1) throw new MeshError('no-triangles', file, 'the file holds no triangles');
  if (want !== 'terrain') return { parts };
  // An STL file's one flat part already has flat normals (stlPart): nothing to merge or compute again.
  const stl = header.format === 'stl-binary' || header.format === 'stl-ascii';
  return { parts: [stl ? { ...parts[0]!, name: 'terrain' } : mergeTerrain(parts, file)] };
}
