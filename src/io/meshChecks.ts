/**
 * Checks on mesh bytes before any loader sees them: the size, the header, that the file is whole, and its
 * triangle count (from the STL header or the glTF accessors). A hostile file is refused here with a
 * reason that names it, before three builds a single buffer. Pure byte work: no three, no DOM, so the
 * mesh worker and Node run the same checks.
 */

/** The largest mesh file read: 64 MB (64 x 1024 x 1024 bytes). */
export const MAX_MESH_BYTES = 64 * 1024 * 1024;
/** The most triangles one mesh file may hold. */
export const MAX_MESH_TRIANGLES = 2_000_000;

/** The limits a file is checked against (tests pass smaller ones). */
export interface MeshLimits {
  maxBytes: number;
  maxTriangles: number;
}

/** The limits the app uses. */
export const MESH_LIMITS: MeshLimits = { maxBytes: MAX_MESH_BYTES, maxTriangles: MAX_MESH_TRIANGLES };

/** Why a mesh file was refused, as a stable code. */
export const MESH_ERROR_CODES = [
  'not-mesh',
  'empty',
  'too-large',
  'too-many-triangles',
  'truncated',
  'bad-header',
  'non-finite',
  'no-triangles',
  'unreadable',
  'too-slow',
] as const;
/** A mesh refusal code. */
export type MeshErrorCode = (typeof MESH_ERROR_CODES)[number];

/** A refused mesh file: the message starts with the file's name; `code` says which check refused it. */
export class MeshError extends Error {
  constructor(
    readonly code: MeshErrorCode,
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'MeshError';
  }
}

/** What the checks learned: the container, and the triangles the file declares. */
export interface MeshHeader {
  format: 'glb' | 'gltf-json' | 'stl-binary' | 'stl-ascii';
  triangles: number;
}

const GLB_MAGIC = 0x46546c67; // 'glTF' little-endian
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

const bytesText = (n: number): string => `${n.toLocaleString('en-US')} bytes`;
const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;

function tooManyTriangles(file: string, n: number, limits: MeshLimits): MeshError {
  return new MeshError(
    'too-many-triangles',
    file,
    `holds ${n.toLocaleString('en-US')} triangles, over the limit of ${limits.maxTriangles.toLocaleString('en-US')}`,
  );
}

/** The refusal of a file of `size` bytes over the size limit (a caller with a File checks before reading it). */
export function tooLarge(file: string, size: number, limits: MeshLimits = MESH_LIMITS): MeshError {
  return new MeshError(
    'too-large',
    file,
    `is ${mb(size)} (${bytesText(size)}), over the limit of ${mb(limits.maxBytes)} (${bytesText(limits.maxBytes)})`,
  );
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Triangles a glTF document declares: per primitive, the index (or position) accessor's count over 3
 * for triangles, minus 2 for strips and fans, other modes none; a mesh counts once per node that uses it
 * (each use is built), or once when no node does.
 */
export function gltfTriangleCount(doc: Json): number {
  const accessors = list(doc.accessors);
  const count = (i: unknown): number => {
    const a = typeof i === 'number' ? accessors[i] : undefined;
    return isObject(a) && typeof a.count === 'number' && a.count > 0 ? a.count : 0;
  };
  const uses = new Map<number, number>();
  for (const node of list(doc.nodes))
    if (isObject(node) && typeof node.mesh === 'number') uses.set(node.mesh, (uses.get(node.mesh) ?? 0) + 1);
  let total = 0;
  list(doc.meshes).forEach((mesh, m) => {
    if (!isObject(mesh)) return;
    let perMesh = 0;
    for (const p of list(mesh.primitives)) {
      if (!isObject(p)) continue;
      const attributes = isObject(p.attributes) ? p.attributes : {};
      const n = p.indices !== undefined ? count(p.indices) : count(attributes.POSITION);
      const mode = typeof p.mode === 'number' ? p.mode : 4;
      if (mode === 4) perMesh += Math.floor(n / 3);
      else if (mode === 5 || mode === 6) perMesh += Math.max(0, n - 2);
    }
    total += perMesh * Math.max(1, uses.get(m) ?? 0);
  });
  return total;
}

function parseJson(text: string, file: string, where: string): Json {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new MeshError('bad-header', file, `${where} is not readable JSON (${(e as Error).message})`);
  }
  if (!isObject(doc)) throw new MeshError('bad-header', file, `${where} is not a JSON object`);
  const asset = doc.asset;
  const version = isObject(asset) ? asset.version : undefined;
  if (typeof version !== 'string' || !version.startsWith('2.'))
    throw new MeshError(
      'bad-header',
      file,
      `not glTF 2.0: asset.version is ${version === undefined ? 'missing' : JSON.stringify(version)}`,
    );
  return doc;
}

/** The byte ranges a GLB's bufferViews and accessors name must lie inside its BIN chunk. */
function checkGlbRanges(doc: Json, binLength: number | undefined, file: string): void {
  const buffers = list(doc.buffers);
  const views = list(doc.bufferViews);
  views.forEach((v, i) => {
    if (!isObject(v)) return;
    const buffer = buffers[typeof v.buffer === 'number' ? v.buffer : -1];
    // Only buffer 0 without a uri lives in the BIN chunk; others are data URIs that the loader decodes.
    if (v.buffer !== 0 || !isObject(buffer) || buffer.uri !== undefined) return;
    const end = (typeof v.byteOffset === 'number' ? v.byteOffset : 0) + (Number(v.byteLength) || 0);
    if (binLength === undefined || end > binLength)
      throw new MeshError(
        'truncated',
        file,
        `bufferViews[${i}] ends at byte ${end.toLocaleString('en-US')} but the BIN chunk holds ${bytesText(binLength ?? 0)}`,
      );
  });
}

function checkGlb(data: ArrayBuffer, file: string, limits: MeshLimits): MeshHeader {
  const view = new DataView(data);
  if (data.byteLength < 12)
    throw new MeshError('truncated', file, `the GLB header needs 12 bytes, the file has ${bytesText(data.byteLength)}`);
  const version = view.getUint32(4, true);
  if (version !== 2) throw new MeshError('bad-header', file, `GLB version ${version}, only version 2 is read`);
  const length = view.getUint32(8, true);
  if (length > data.byteLength)
    throw new MeshError(
      'truncated',
      file,
      `truncated: the GLB header says ${bytesText(length)}, the file has ${bytesText(data.byteLength)}`,
    );
  if (length < data.byteLength)
    throw new MeshError(
      'bad-header',
      file,
      `the GLB header says ${bytesText(length)} but the file has ${bytesText(data.byteLength)}`,
    );
  let offset = 12;
  let json: Json | undefined;
  let binLength: number | undefined;
  let chunk = 0;
  while (offset < length) {
    if (offset + 8 > length)
      throw new MeshError('truncated', file, `truncated: chunk ${chunk}'s header runs past the end of the file`);
    const chunkLength = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length)
      throw new MeshError(
        'truncated',
        file,
        `truncated: chunk ${chunk} says ${bytesText(chunkLength)}, only ${bytesText(length - start)} follow`,
      );
    if (chunk === 0) {
      if (type !== CHUNK_JSON) throw new MeshError('bad-header', file, 'the first GLB chunk is not JSON');
      const text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(data, start, chunkLength));
      json = parseJson(text, file, 'the GLB JSON chunk');
    } else if (type === CHUNK_BIN && binLength === undefined) binLength = chunkLength;
    offset = start + chunkLength;
    chunk++;
  }
  if (!json) throw new MeshError('bad-header', file, 'the GLB has no JSON chunk');
  checkGlbRanges(json, binLength, file);
  const triangles = gltfTriangleCount(json);
  if (triangles > limits.maxTriangles) throw tooManyTriangles(file, triangles, limits);
  return { format: 'glb', triangles };
}

function startsWithSolid(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return new TextDecoder().decode(bytes.subarray(i, i + 5)).toLowerCase() === 'solid';
}

/** Text only: no control bytes but whitespace. */
function isText(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  }
  return true;
}

/** The facets of an ASCII STL ("solid" first, text only), or undefined when it is not one. */
function asciiStlTriangles(bytes: Uint8Array): number | undefined {
  if (!startsWithSolid(bytes) || !isText(bytes)) return undefined;
  const facets = new TextDecoder().decode(bytes).match(/\bendfacet\b/gi)?.length ?? 0;
  return facets > 0 ? facets : undefined;
}

function checkStl(data: ArrayBuffer, file: string, limits: MeshLimits): MeshHeader {
  const bytes = new Uint8Array(data);
  if (data.byteLength >= 84) {
    const n = new DataView(data).getUint32(80, true);
    const expected = 84 + 50 * n;
    if (expected === data.byteLength) {
      if (n > limits.maxTriangles) throw tooManyTriangles(file, n, limits);
      if (n === 0) throw new MeshError('no-triangles', file, 'the binary STL holds no triangles');
      return { format: 'stl-binary', triangles: n };
    }
    const ascii = asciiStlTriangles(bytes);
    if (ascii !== undefined) {
      if (ascii > limits.maxTriangles) throw tooManyTriangles(file, ascii, limits);
      return { format: 'stl-ascii', triangles: ascii };
    }
    // A text file that says "solid" was meant as ASCII: its bytes 80 to 83 are no triangle count.
    if (startsWithSolid(bytes) && isText(bytes))
      throw new MeshError('bad-header', file, 'starts with "solid" but is not a readable ASCII STL (no facets)');
    if (expected > data.byteLength)
      throw new MeshError(
        'truncated',
        file,
        `truncated: the binary STL header says ${n.toLocaleString('en-US')} triangles (84 + 50 x ${n} = ${bytesText(expected)}), the file has ${bytesText(data.byteLength)}`,
      );
    throw new MeshError(
      'bad-header',
      file,
      `neither a binary STL (its header says ${n.toLocaleString('en-US')} triangles, ${bytesText(expected)}, the file has ${bytesText(data.byteLength)}) nor an ASCII STL`,
    );
  }
  const ascii = asciiStlTriangles(bytes);
  if (ascii !== undefined) return { format: 'stl-ascii', triangles: ascii };
  throw new MeshError(
    'bad-header',
    file,
    `neither a binary STL (${bytesText(data.byteLength)}, under the 84-byte header) nor an ASCII STL`,
  );
}

/** The mesh formats read, by extension. */
export const MESH_EXTENSIONS = ['glb', 'gltf', 'stl'] as const;
/** A mesh file format. */
export type MeshExtension = (typeof MESH_EXTENSIONS)[number];

/** The format of a file name, or undefined when it is not a mesh we read. */
export function meshExtension(file: string): MeshExtension | undefined {
  const ext = file.split('?')[0]?.split('.').pop()?.toLowerCase();
  return MESH_EXTENSIONS.find((e) => e === ext);
}

/**
 * Checks mesh bytes before parsing; throws a MeshError naming `file` and the reason when the file is
 * not a mesh we read, empty, over the size or triangle limit, truncated, or has a wrong header.
 */
export function checkMeshBytes(data: ArrayBuffer, file: string, limits: MeshLimits = MESH_LIMITS): MeshHeader {
  const ext = meshExtension(file);
  if (!ext) throw new MeshError('not-mesh', file, 'not a mesh file (expected .glb, .gltf or .stl)');
  if (data.byteLength === 0) throw new MeshError('empty', file, 'the file is empty');
  if (data.byteLength > limits.maxBytes) throw tooLarge(file, data.byteLength, limits);
  if (ext === 'stl') return checkStl(data, file, limits);
  const isGlb = data.byteLength >= 4 && new DataView(data).getUint32(0, true) === GLB_MAGIC;
  if (isGlb) return checkGlb(data, file, limits);
  if (ext === 'glb') {
    const first = Array.from(new Uint8Array(data, 0, Math.min(4, data.byteLength)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join(' ');
    throw new MeshError('bad-header', file, `not a binary glTF: the file starts with ${first}, not "glTF"`);
  }
  const doc = parseJson(new TextDecoder().decode(data), file, 'the glTF file');
  const triangles = gltfTriangleCount(doc);
  if (triangles > limits.maxTriangles) throw tooManyTriangles(file, triangles, limits);
  return { format: 'gltf-json', triangles };
}

/** Throws a MeshError when a coordinate is NaN or infinite (`vertex` counts from 0 in `part`). */
export function checkFinite(positions: ArrayLike<number>, file: string, part?: string): void {
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i]!;
    if (!Number.isFinite(v))
      throw new MeshError(
        'non-finite',
        file,
        `vertex ${Math.floor(i / 3)}${part ? ` of ${part}` : ''} has a ${Number.isNaN(v) ? 'NaN' : 'infinite'} coordinate (${'xyz'[i % 3]} = ${v})`,
      );
  }
}
