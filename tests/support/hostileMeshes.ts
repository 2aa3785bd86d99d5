/**
 * Small generated mesh files, good and hostile, for the mesh checks' unit tests and the browser test:
 * a GLB built byte by byte (so its header, chunks and accessors can lie), binary and ASCII STL.
 */
import { BoxGeometry } from 'three';
import { writeGlb, writeStl } from '../../src/io/meshWrite';

/** The bytes of a Uint8Array as an ArrayBuffer of exactly that length. */
export function ab(u: Uint8Array): ArrayBuffer {
  return u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;
}

/**
 * A GLB container around `json` and `bin`; `binChunkLength` pads the BIN chunk with zeros to that
 * length (the buffer's own byteLength stays that of `bin`).
 */
export function glb(json: object, bin: Uint8Array, binChunkLength = bin.length): Uint8Array {
  let text = JSON.stringify(json);
  while (text.length % 4 !== 0) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const total = 12 + 8 + jsonBytes.length + 8 + binChunkLength;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  const at = 20 + jsonBytes.length;
  view.setUint32(at, binChunkLength, true);
  view.setUint32(at + 4, 0x004e4942, true);
  out.set(bin, at + 8);
  return out;
}

/** The JSON and BIN chunk of `triangleGlb`. */
function triangleParts(indexCount: number | null, vertex: [number, number, number][]) {
  const positions = new Float32Array(vertex.flat());
  const indexBytes = indexCount === null ? 0 : indexCount * 2 + ((indexCount * 2) % 4);
  const bin = new Uint8Array(positions.byteLength + indexBytes);
  bin.set(new Uint8Array(positions.buffer), 0);
  // Index i points at vertex i % 3: every three indices one (real) triangle.
  if (indexCount !== null) {
    const idx = new Uint16Array(bin.buffer, positions.byteLength, indexCount);
    for (let i = 0; i < indexCount; i++) idx[i] = i % 3;
  }
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [
      { primitives: [{ attributes: { POSITION: 0 }, ...(indexCount === null ? {} : { indices: 1 }), mode: 4 }] },
    ],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength },
      ...(indexCount === null ? [] : [{ buffer: 0, byteOffset: positions.byteLength, byteLength: indexCount * 2 }]),
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      ...(indexCount === null ? [] : [{ bufferView: 1, componentType: 5123, count: indexCount, type: 'SCALAR' }]),
    ],
  };
  return { json, bin };
}

/**
 * A GLB of one triangle's three vertices drawn through `indexCount` indices (indexCount / 3 triangles), or
 * without indices (one triangle); `totalBytes` pads the BIN chunk so the whole file has exactly that size.
 */
export function triangleGlb(
  indexCount: number | null,
  options: { totalBytes?: number; vertices?: [number, number, number][] } = {},
): Uint8Array {
  const { json, bin } = triangleParts(
    indexCount,
    options.vertices ?? [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ],
  );
  if (options.totalBytes === undefined) return glb(json, bin);
  const bare = glb(json, bin).length;
  return glb(json, bin, bin.length + options.totalBytes - bare);
}

/** A good 2" x 1" x 1" box as a GLB (12 triangles). */
export const goodGlb = (): Uint8Array => writeGlb(new BoxGeometry(2, 1, 1).translate(0, 0.5, 0));
/** The same box as a binary STL. */
export const goodStl = (): Uint8Array => writeStl(new BoxGeometry(2, 1, 1).translate(0, 0.5, 0));

/** A good GLB with its last `cut` bytes missing (its length header now lies). */
export const truncatedGlb = (cut = 40): Uint8Array => goodGlb().slice(0, -cut);

/** A good GLB whose first four bytes are not "glTF". */
export function wrongMagicGlb(): Uint8Array {
  const b = goodGlb();
  b.set(new TextEncoder().encode('PK\x03\x04'), 0);
  return b;
}

/** A binary STL whose first vertex's x is `value` (NaN or an infinity). */
export function badVertexStl(value: number): Uint8Array {
  const b = goodStl();
  new DataView(b.buffer, b.byteOffset).setFloat32(84 + 12, value, true);
  return b;
}

/** An ASCII STL of `n` triangles. */
export function asciiStl(n: number): Uint8Array {
  const facet = 'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\nendfacet\n';
  return new TextEncoder().encode(`solid test\n${facet.repeat(n)}endsolid test\n`);
}

/** A binary STL header (84 bytes) that says `n` triangles, followed by `n` zero triangles (or `bodyBytes`). */
export function binaryStl(n: number, bodyBytes = 50 * n): Uint8Array {
  const b = new Uint8Array(84 + bodyBytes);
  new DataView(b.buffer).setUint32(80, n, true);
  for (let t = 0; t < Math.min(n, Math.floor(bodyBytes / 50)); t++) {
    const v = new DataView(b.buffer, 84 + t * 50 + 12, 36);
    v.setFloat32(12, 1, true); // vertex 2: x = 1
    v.setFloat32(28, 1, true); // vertex 3: y = 1
  }
  return b;
}

/** A .gltf (JSON) of one triangle whose buffer is a base64 data URI. */
export function dataUriGltf(): Uint8Array {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const doc = {
    asset: { version: '2.0' },
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [
      {
        byteLength: 36,
        uri: `data:application/octet-stream;base64,${Buffer.from(positions.buffer).toString('base64')}`,
      },
    ],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
  };
  return new TextEncoder().encode(JSON.stringify(doc));
}
