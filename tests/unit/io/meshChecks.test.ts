import { describe, expect, it } from 'vitest';
import {
  checkMeshBytes,
  gltfTriangleCount,
  MAX_MESH_BYTES,
  MAX_MESH_TRIANGLES,
  MeshError,
} from '../../../src/io/meshChecks';
import { parseMesh } from '../../../src/io/meshImport';
import { readMeshParts } from '../../../src/io/meshParts';
import { parseFigure } from '../../../src/io/figureImport';
import {
  ab,
  asciiStl,
  badVertexStl,
  binaryStl,
  glb,
  goodGlb,
  goodStl,
  triangleGlb,
  truncatedGlb,
  wrongMagicGlb,
} from '../../support/hostileMeshes';

/** The MeshError a promise rejects with (fails the test when it resolves or rejects otherwise). */
async function refusal(p: Promise<unknown>): Promise<MeshError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(MeshError);
  return e as MeshError;
}

function refusedNow(f: () => unknown): MeshError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MeshError);
    return e as MeshError;
  }
  throw new Error('expected a refusal');
}

describe('mesh size limit (64 MB, checked before parsing)', () => {
  it('reads a GLB of exactly 64 MB and refuses one byte more, naming the file, size and limit', async () => {
    expect(MAX_MESH_BYTES).toBe(67_108_864);
    const exact = triangleGlb(null, { totalBytes: MAX_MESH_BYTES });
    expect(exact.length).toBe(MAX_MESH_BYTES);
    const g = await parseMesh(ab(exact), 'big.glb');
    expect(g.getAttribute('position').count).toBe(3);

    const over = triangleGlb(null, { totalBytes: MAX_MESH_BYTES + 1 });
    const e = await refusal(parseMesh(ab(over), 'terrain/huge.glb'));
    expect(e.code).toBe('too-large');
    expect(e.message).toBe(
      'terrain/huge.glb: is 64.0 MB (67,108,865 bytes), over the limit of 64.0 MB (67,108,864 bytes)',
    );
  });

  it('refuses an oversized file before looking at its header (zeros are not a mesh either)', () => {
    const e = refusedNow(() => checkMeshBytes(new ArrayBuffer(MAX_MESH_BYTES + 1), 'zeros.stl'));
    expect(e.code).toBe('too-large');
  });
});

describe('triangle limit (2 million, from the accessors or the STL header, before building geometry)', () => {
  it('accepts a GLB whose accessors draw exactly 2,000,000 triangles and refuses 2,000,001', async () => {
    expect(MAX_MESH_TRIANGLES).toBe(2_000_000);
    expect(checkMeshBytes(ab(triangleGlb(6_000_000)), 'at-limit.glb')).toEqual({ format: 'glb', triangles: 2_000_000 });
    const e = await refusal(parseMesh(ab(triangleGlb(6_000_003)), 'over.glb'));
    expect(e.code).toBe('too-many-triangles');
    expect(e.message).toBe('over.glb: holds 2,000,001 triangles, over the limit of 2,000,000');
  });

  it('counts strips, fans and every node that uses a mesh', () => {
    const doc = {
      accessors: [{ count: 10 }, { count: 9 }],
      meshes: [
        {
          primitives: [
            { attributes: { POSITION: 0 }, mode: 5 },
            { attributes: { POSITION: 0 }, mode: 6 },
          ],
        },
        {
          primitives: [
            { attributes: { POSITION: 0 }, indices: 1 },
            { attributes: { POSITION: 0 }, mode: 1 },
          ],
        },
      ],
      nodes: [{ mesh: 1 }, { mesh: 1 }, { mesh: 1 }],
    };
    // mesh 0: (10 - 2) + (10 - 2) = 16, used by no node: once; mesh 1: 9 / 3 = 3 (lines count none), used 3 times.
    expect(gltfTriangleCount(doc)).toBe(16 + 9);
  });

  it('takes a binary STL header count at the limit and refuses one over (limits injected: 2M triangles is 100 MB)', () => {
    const limits = { maxBytes: MAX_MESH_BYTES, maxTriangles: 10 };
    expect(checkMeshBytes(ab(binaryStl(10)), 'ten.stl', limits)).toEqual({ format: 'stl-binary', triangles: 10 });
    const e = refusedNow(() => checkMeshBytes(ab(binaryStl(11)), 'eleven.stl', limits));
    expect(e.message).toBe('eleven.stl: holds 11 triangles, over the limit of 10');
    expect(checkMeshBytes(ab(asciiStl(10)), 'ten-ascii.stl', limits).triangles).toBe(10);
    expect(refusedNow(() => checkMeshBytes(ab(asciiStl(11)), 'eleven-ascii.stl', limits)).code).toBe(
      'too-many-triangles',
    );
  });
});

describe('truncated files', () => {
  it('refuses a GLB shorter than its length header says', async () => {
    const e = await refusal(parseMesh(ab(truncatedGlb(40)), 'cut.glb'));
    expect(e.code).toBe('truncated');
    expect(e.message).toMatch(/^cut\.glb: truncated: the GLB header says [\d,]+ bytes, the file has [\d,]+ bytes$/);
  });

  it('refuses a GLB whose chunk runs past the end, and one whose bufferView runs past its BIN chunk', () => {
    const good = goodGlb();
    const cut = good.slice(0, -40);
    new DataView(cut.buffer).setUint32(8, cut.length, true); // the header now agrees, the BIN chunk does not
    expect(refusedNow(() => checkMeshBytes(ab(cut), 'chunk.glb')).message).toMatch(
      /^chunk\.glb: truncated: chunk 1 says [\d,]+ bytes, only [\d,]+ bytes follow$/,
    );
    const { json, bin } = {
      json: JSON.parse(jsonOf(good)) as { bufferViews: { byteLength: number }[] },
      bin: binOf(good),
    };
    json.bufferViews[0]!.byteLength += 12;
    const e = refusedNow(() => checkMeshBytes(ab(glb(json, bin)), 'view.glb'));
    expect(e.code).toBe('truncated');
    expect(e.message).toMatch(/bufferViews\[0\] ends at byte 444 but the BIN chunk holds 432 bytes/);
  });

  it('calls a binary STL whose header starts with "solid" (as CAD tools write) truncated, not bad ASCII', () => {
    const cad = goodStl();
    cad.set(new TextEncoder().encode('solid exported by a CAD tool'), 0);
    expect(refusedNow(() => checkMeshBytes(ab(cad.slice(0, -50)), 'cad.stl')).message).toBe(
      'cad.stl: truncated: the binary STL header says 12 triangles (84 + 50 x 12 = 684 bytes), the file has 634 bytes',
    );
  });

  it('refuses a binary STL shorter than 84 + 50 x n', async () => {
    const e = await refusal(parseMesh(ab(goodStl().slice(0, -20)), 'cut.stl'));
    expect(e.code).toBe('truncated');
    expect(e.message).toBe(
      'cut.stl: truncated: the binary STL header says 12 triangles (84 + 50 x 12 = 684 bytes), the file has 664 bytes',
    );
  });
});

describe('non-finite vertices', () => {
  it('refuses an STL with a NaN or infinite coordinate, naming the vertex', async () => {
    const nan = await refusal(parseMesh(ab(badVertexStl(NaN)), 'nan.stl'));
    expect(nan.code).toBe('non-finite');
    expect(nan.message).toBe('nan.stl: vertex 0 has a NaN coordinate (x = NaN)');
    const inf = await refusal(parseMesh(ab(badVertexStl(Infinity)), 'inf.stl'));
    expect(inf.message).toMatch(/^inf\.stl: vertex 0 has an? infinite coordinate/);
  });

  it('refuses a GLB with a NaN vertex as terrain and as a figure, naming the part', async () => {
    const bytes = triangleGlb(null, {
      vertices: [
        [0, 0, 0],
        [1, NaN, 0],
        [0, 1, 0],
      ],
    });
    expect((await refusal(parseMesh(ab(bytes), 'nan.glb'))).message).toBe(
      'nan.glb: vertex 1 of mesh_0 has a NaN coordinate (y = NaN)',
    );
    expect((await refusal(parseFigure(ab(bytes), 'nan-figure.glb'))).code).toBe('non-finite');
  });
});

describe('wrong headers', () => {
  it('refuses a .glb that does not start with "glTF", giving its first bytes', async () => {
    const e = await refusal(parseMesh(ab(wrongMagicGlb()), 'zip.glb'));
    expect(e.code).toBe('bad-header');
    expect(e.message).toBe('zip.glb: not a binary glTF: the file starts with 50 4b 03 04, not "glTF"');
  });

  it('refuses GLB version 1, an unreadable JSON chunk, and glTF 1.0 JSON', () => {
    const v1 = goodGlb();
    new DataView(v1.buffer).setUint32(4, 1, true);
    expect(refusedNow(() => checkMeshBytes(ab(v1), 'v1.glb')).message).toBe(
      'v1.glb: GLB version 1, only version 2 is read',
    );
    const broken = goodGlb();
    broken.set(new TextEncoder().encode('{"asset":'), 20 + 3); // splices bytes into the JSON text
    expect(refusedNow(() => checkMeshBytes(ab(broken), 'json.glb')).message).toMatch(
      /^json\.glb: the GLB JSON chunk is not readable JSON \(/,
    );
    const old = new TextEncoder().encode(JSON.stringify({ asset: { version: '1.0' } }));
    expect(refusedNow(() => checkMeshBytes(ab(old), 'old.gltf')).message).toBe(
      'old.gltf: not glTF 2.0: asset.version is "1.0"',
    );
    expect(refusedNow(() => checkMeshBytes(ab(new TextEncoder().encode('hello')), 'text.gltf')).code).toBe(
      'bad-header',
    );
  });

  it('refuses an STL that is neither binary (size) nor ASCII (text with facets)', () => {
    const junk = binaryStl(3, 170); // 84 + 170 bytes: not 84 + 150
    expect(refusedNow(() => checkMeshBytes(ab(junk), 'junk.stl')).message).toBe(
      'junk.stl: neither a binary STL (its header says 3 triangles, 234 bytes, the file has 254 bytes) nor an ASCII STL',
    );
    const empty = new TextEncoder().encode('solid nothing here\nendsolid\n'.padEnd(120, ' '));
    expect(refusedNow(() => checkMeshBytes(ab(empty), 'empty-solid.stl')).message).toBe(
      'empty-solid.stl: starts with "solid" but is not a readable ASCII STL (no facets)',
    );
    expect(refusedNow(() => checkMeshBytes(ab(new Uint8Array(40).fill(7)), 'short.stl')).code).toBe('bad-header');
  });

  it('checks a .gltf (JSON, its buffer a data URI): its triangles counted from the accessors before loading', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const doc = (count: number) => ({
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
      accessors: [{ bufferView: 0, componentType: 5126, count, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
    });
    const text = (d: object) => ab(new TextEncoder().encode(JSON.stringify(d)));
    // Checked only: three's FileLoader decodes the data URI with ProgressEvent, which Node 20 lacks (the browser has it).
    expect(checkMeshBytes(text(doc(3)), 'tri.gltf')).toEqual({ format: 'gltf-json', triangles: 1 });
    expect(refusedNow(() => checkMeshBytes(text(doc(6_000_003)), 'liar.gltf')).message).toBe(
      'liar.gltf: holds 2,000,001 triangles, over the limit of 2,000,000',
    );
  });

  it('still reads good files: binary and ASCII STL, GLB, a binary STL whose header starts with "solid"', async () => {
    expect((await parseMesh(ab(goodStl()), 'box.stl')).getAttribute('position').count).toBe(36);
    expect((await parseMesh(ab(asciiStl(2)), 'two.stl')).getAttribute('position').count).toBe(6);
    expect((await parseMesh(ab(goodGlb()), 'box.glb')).getAttribute('position').count).toBe(36);
    const solid = goodStl();
    solid.set(new TextEncoder().encode('solid exported by a CAD tool'), 0);
    expect(checkMeshBytes(ab(solid), 'cad.stl').format).toBe('stl-binary');
    const parts = await readMeshParts(ab(goodGlb()), 'box.glb', 'figure');
    expect(parts.parts).toHaveLength(1);
  });
});

function jsonOf(g: Uint8Array): string {
  const n = new DataView(g.buffer, g.byteOffset).getUint32(12, true);
  return new TextDecoder().decode(g.subarray(20, 20 + n));
}

function binOf(g: Uint8Array): Uint8Array {
  const n = new DataView(g.buffer, g.byteOffset).getUint32(12, true);
  const at = 20 + n;
  const len = new DataView(g.buffer, g.byteOffset).getUint32(at, true);
  return g.slice(at + 8, at + 8 + len);
}
