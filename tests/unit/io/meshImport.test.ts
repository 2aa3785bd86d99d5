import { readFileSync } from 'node:fs';
import { BoxGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { cachedMesh, loadMeshes } from '../../../src/io/meshCache';
import { meshExtension, PAGE_PARSE_MAX_BYTES, parseMesh, readMesh, setMeshReader } from '../../../src/io/meshImport';
import { writeGlb, writeStl } from '../../../src/io/meshWrite';

function bytes(path: string): ArrayBuffer {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

/** Rounds to 4 places and folds -0 into 0 for comparisons. */
const r4 = (v: number): number => Math.round(v * 1e4) / 1e4 || 0;

function copy(u: Uint8Array): ArrayBuffer {
  return u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;
}

describe('mesh import (GLTFLoader / STLLoader)', () => {
  it('reads the shipped bunker.glb: 7" x 5" footprint, walls 3" + 0.3" roof, floor at y = 0', async () => {
    const g = await parseMesh(bytes('assets/terrain/bunker.glb'), 'bunker.glb');
    const box = g.boundingBox!;
    expect(box.min.toArray().map(r4)).toEqual([-3.5, 0, -2.5]);
    expect(box.max.toArray().map(r4)).toEqual([3.5, 3.3, 2.5]);
  });

  it('reads the shipped crates.stl as Z-up and turns it y-up', async () => {
    const g = await parseMesh(bytes('assets/terrain/crates.stl'), 'crates.stl');
    const box = g.boundingBox!;
    expect(+box.min.y.toFixed(4)).toBe(0);
    expect(+box.max.y.toFixed(4)).toBe(2.5);
    expect(+(box.max.x - box.min.x).toFixed(4)).toBe(2.5);
    expect(+(box.max.z - box.min.z).toFixed(4)).toBe(1.4);
  });

  it('round-trips a box through the glb and STL writers', async () => {
    const src = new BoxGeometry(2, 3, 4).translate(0, 1.5, 0);
    for (const [file, data] of [
      ['box.glb', writeGlb(src)],
      ['box.stl', writeStl(src)],
    ] as const) {
      const g = await parseMesh(copy(data), file);
      expect(g.getAttribute('position').count).toBe(36);
      expect(g.boundingBox!.max.toArray().map(r4)).toEqual([1, 3, 2]);
    }
  });

  it('rejects bytes that are not a mesh, naming the file', async () => {
    const junk = copy(new TextEncoder().encode('this is not a mesh at all, just words'));
    await expect(parseMesh(junk, 'assets/terrain/junk.glb')).rejects.toThrow(/^assets\/terrain\/junk\.glb: /);
    await expect(parseMesh(junk, 'junk.stl')).rejects.toThrow(/^junk\.stl: /);
    await expect(parseMesh(new ArrayBuffer(0), 'empty.stl')).rejects.toThrow('empty.stl: the file is empty');
    await expect(parseMesh(junk, 'model.obj')).rejects.toThrow(/model\.obj: not a mesh file/);
  });

  it('knows mesh extensions case-insensitively', () => {
    expect(meshExtension('a/B.GLB')).toBe('glb');
    expect(meshExtension('x.stl?v=2')).toBe('stl');
    expect(meshExtension('x.json')).toBeUndefined();
  });

  it('loads all or nothing: one bad file caches none of the batch', async () => {
    const read = async (src: string): Promise<ArrayBuffer> => {
      if (src === 'missing.stl') throw new Error('HTTP 404 Not Found');
      return copy(writeStl(new BoxGeometry(1, 1, 1)));
    };
    await expect(loadMeshes(['ok-1.stl', 'missing.stl'], read)).rejects.toThrow(
      'missing.stl: could not be read: HTTP 404 Not Found',
    );
    expect(cachedMesh('ok-1.stl')).toBeUndefined();
    await loadMeshes(['ok-1.stl'], read);
    expect(cachedMesh('ok-1.stl')).toBeDefined();
  });
});

describe('which reader parses a mesh (the page’s own small files on the page, the rest in the worker)', () => {
  /** Installs a reader that records the files it is asked for and refuses them; restores the previous one. */
  async function askedOf(file: string, size: number): Promise<{ installed: string[]; error: string }> {
    const installed: string[] = [];
    const previous = setMeshReader(async (_data, f) => {
      installed.push(f);
      throw new Error(`${f}: refused by the installed reader`);
    });
    try {
      const error = await readMesh(new ArrayBuffer(size), file, 'terrain').then(
        () => 'parsed',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      return { installed, error };
    } finally {
      setMeshReader(previous);
    }
  }

  it('parses a shipped file of exactly PAGE_PARSE_MAX_BYTES in this thread, with the same checks', async () => {
    const asked = await askedOf('assets/terrain/zeros.glb', PAGE_PARSE_MAX_BYTES);
    expect(asked.installed).toEqual([]);
    // The in-process checks refused the zero bytes, naming the file.
    expect(asked.error).toMatch(/^assets\/terrain\/zeros\.glb: /);
    expect(asked.error).not.toContain('installed reader');
  });

  it('sends a shipped file one byte over the limit to the installed reader', async () => {
    const asked = await askedOf('assets/terrain/zeros.glb', PAGE_PARSE_MAX_BYTES + 1);
    expect(asked.installed).toEqual(['assets/terrain/zeros.glb']);
  });

  it('sends a small file a person chose (not under assets/) to the installed reader', async () => {
    const asked = await askedOf('zeros.glb', 1024);
    expect(asked.installed).toEqual(['zeros.glb']);
    // parseMesh goes the same way.
    const previous = setMeshReader(async (_d, f) => {
      throw new Error(`${f}: worker`);
    });
    try {
      await expect(parseMesh(new ArrayBuffer(8), 'zeros.stl')).rejects.toThrow('zeros.stl: worker');
      await expect(parseMesh(bytes('assets/terrain/crates.stl'), 'assets/terrain/crates.stl')).resolves.toBeDefined();
    } finally {
      setMeshReader(previous);
    }
  });
});
