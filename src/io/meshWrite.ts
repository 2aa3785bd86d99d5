/**
 * Writes triangle meshes as binary glTF (.glb) and binary STL: used to build the shipped terrain
 * assets and by tests that need mesh files. Positions only (normals are recomputed on load).
 */
import type { BufferGeometry } from 'three';

function positionsOf(geometry: BufferGeometry): Float32Array {
  const g = geometry.index ? geometry.toNonIndexed() : geometry;
  const pos = g.getAttribute('position');
  if (!pos) throw new Error('geometry has no position attribute');
  return Float32Array.from(pos.array as ArrayLike<number>);
}

/** Encodes a geometry as a binary glTF 2.0 file with one mesh (y up, units as given). */
export function writeGlb(geometry: BufferGeometry): Uint8Array {
  const positions = positionsOf(geometry);
  const count = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    const axis = i % 3;
    const v = positions[i] ?? 0;
    min[axis] = Math.min(min[axis] ?? v, v);
    max[axis] = Math.max(max[axis] ?? v, v);
  }
  const json = {
    asset: { version: '2.0', generator: 'tabletop meshWrite' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, mode: 4 }] }],
    buffers: [{ byteLength: positions.byteLength }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 }],
    accessors: [{ bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max }],
  };
  let jsonText = JSON.stringify(json);
  while (jsonText.length % 4 !== 0) jsonText += ' ';
  const jsonBytes = new TextEncoder().encode(jsonText);
  const bin = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
  const total = 12 + 8 + jsonBytes.length + 8 + bin.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(jsonBytes, 20);
  const binAt = 20 + jsonBytes.length;
  view.setUint32(binAt, bin.length, true);
  view.setUint32(binAt + 4, 0x004e4942, true); // 'BIN\0'
  out.set(bin, binAt + 8);
  return out;
}

/**
 * Encodes a y-up geometry as a binary STL file in the Z-up convention of 3D printing
 * (x, y, z) -> (x, -z, y), the inverse of what the STL reader applies.
 */
export function writeStl(geometry: BufferGeometry): Uint8Array {
  const p = positionsOf(geometry);
  const triangles = p.length / 9;
  const out = new Uint8Array(84 + triangles * 50);
  const view = new DataView(out.buffer);
  new TextEncoder().encodeInto('tabletop meshWrite binary STL', out);
  view.setUint32(80, triangles, true);
  for (let t = 0; t < triangles; t++) {
    const at = 84 + t * 50 + 12; // normal left zero: readers recompute it
    for (let v = 0; v < 3; v++) {
      const i = t * 9 + v * 3;
      view.setFloat32(at + v * 12, p[i] ?? 0, true);
      view.setFloat32(at + v * 12 + 4, -(p[i + 2] ?? 0), true);
      view.setFloat32(at + v * 12 + 8, p[i + 1] ?? 0, true);
    }
  }
  return out;
}
