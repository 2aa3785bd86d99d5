/**
 * Writes triangle meshes as binary glTF (.glb) and binary STL: used to build the shipped terrain
 * assets, the miniature figures (named parts with materials and flat normals) and test mesh files.
 * Terrain files hold positions only (normals are recomputed on load).
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
  const bin = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
  return glbContainer(JSON.stringify(json), bin);
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

/** One named part of a multi-part glTF file: its triangles and its material. */
export interface GlbPart {
  /** Node, mesh and material name (a renderer finds the team-coloured part by it). */
  name: string;
  geometry: BufferGeometry;
  /** Base colour, linear RGB in 0..1. */
  colour: [number, number, number];
  metalness: number;
  roughness: number;
}

/**
 * Encodes several named parts as one binary glTF 2.0 file: one node, mesh and material per part,
 * with flat normals, so a figure keeps its team-coloured part apart from its fixed colours.
 */
export function writeGlbParts(parts: readonly GlbPart[]): Uint8Array {
  const chunks: Float32Array[] = [];
  const accessors: object[] = [];
  const bufferViews: object[] = [];
  let offset = 0;
  const add = (data: Float32Array, withBounds: boolean): number => {
    const count = data.length / 3;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    if (withBounds) {
      for (let i = 0; i < data.length; i++) {
        const v = data[i] ?? 0;
        min[i % 3] = Math.min(min[i % 3] ?? v, v);
        max[i % 3] = Math.max(max[i % 3] ?? v, v);
      }
    }
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.byteLength, target: 34962 });
    accessors.push({
      bufferView: bufferViews.length - 1,
      componentType: 5126,
      count,
      type: 'VEC3',
      ...(withBounds ? { min, max } : {}),
    });
    chunks.push(data);
    offset += data.byteLength;
    return accessors.length - 1;
  };
  const meshes = parts.map((part, i) => {
    const flat = (part.geometry.index ? part.geometry.toNonIndexed() : part.geometry.clone()).deleteAttribute('normal');
    flat.computeVertexNormals();
    const position = add(positionsOf(flat), true);
    const normal = add(Float32Array.from(flat.getAttribute('normal').array as ArrayLike<number>), false);
    return {
      name: part.name,
      primitives: [{ attributes: { POSITION: position, NORMAL: normal }, material: i, mode: 4 }],
    };
  });
  const json = {
    asset: { version: '2.0', generator: 'tabletop meshWrite' },
    scene: 0,
    scenes: [{ nodes: parts.map((_, i) => i) }],
    nodes: parts.map((p, i) => ({ name: p.name, mesh: i })),
    meshes,
    materials: parts.map((p) => ({
      name: p.name,
      pbrMetallicRoughness: {
        baseColorFactor: [...p.colour, 1],
        metallicFactor: p.metalness,
        roughnessFactor: p.roughness,
      },
    })),
    buffers: [{ byteLength: offset }],
    bufferViews,
    accessors,
  };
  const bin = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    bin.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at);
    at += c.byteLength;
  }
  return glbContainer(JSON.stringify(json), bin);
}

/** The GLB container: a 12-byte header, the JSON chunk (space-padded) and the binary chunk. */
function glbContainer(jsonText: string, bin: Uint8Array): Uint8Array {
  let text = jsonText;
  while (text.length % 4 !== 0) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
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
