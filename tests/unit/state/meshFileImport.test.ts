import { describe, expect, it } from 'vitest';
import { cachedMesh } from '../../../src/io/meshCache';
import { MAX_MESH_BYTES } from '../../../src/io/meshChecks';
import { importMeshFile, type ChosenFile } from '../../../src/state/meshFileImport';
import { badVertexStl, goodGlb, goodStl, truncatedGlb } from '../../support/hostileMeshes';
import { fromDisk, playOnSandbox } from '../../support/playSetup';

/** A chosen file over bytes; `size` may claim more than the bytes (a file too big to read). */
function chosen(name: string, bytes: Uint8Array, size = bytes.length): ChosenFile & { reads: number } {
  const f = {
    name,
    size,
    reads: 0,
    arrayBuffer: async () => {
      f.reads++;
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
  return f;
}

describe('a mesh file chosen by a person', () => {
  it('refuses a hostile file with the reason in the banner and leaves the table untouched', async () => {
    const { store } = playOnSandbox();
    const before = store.getState().scene;
    const r = await importMeshFile(store, chosen('nan.stl', badVertexStl(NaN)), fromDisk);
    expect(r.ok).toBe(false);
    const error = store.getState().lastError!;
    expect(error.file).toBe('nan.stl');
    expect(error.issues).toEqual([
      {
        code: 'mesh-load',
        path: '',
        value: '684 bytes',
        message: 'vertex 0 has a NaN coordinate (x = NaN)',
      },
    ]);
    expect(store.getState().scene).toBe(before);
    expect(cachedMesh('nan.stl')).toBeUndefined();
  });

  it('refuses a file over 64 MB from its size without reading it', async () => {
    const { store } = playOnSandbox();
    const f = chosen('huge.glb', goodGlb(), MAX_MESH_BYTES + 1);
    await importMeshFile(store, f, fromDisk);
    expect(f.reads).toBe(0);
    expect(store.getState().lastError!.issues[0]!.message).toBe(
      'is 64.0 MB (67,108,865 bytes), over the limit of 64.0 MB (67,108,864 bytes)',
    );
  });

  it('adds a good file as an obstacle centred on the table, under a free name when one is taken', async () => {
    const { store } = playOnSandbox();
    expect((await importMeshFile(store, chosen('box.stl', goodStl()), fromDisk)).ok).toBe(true);
    expect((await importMeshFile(store, chosen('box.stl', goodStl()), fromDisk)).ok).toBe(true);
    const terrain = store.getState().scene.terrain!;
    expect(terrain.map((t) => [t.id, t.shape === 'mesh' && t.src])).toEqual([
      ['mesh-1', 'box.stl'],
      ['mesh-2', 'box-2.stl'],
    ]);
    const first = terrain[0]!;
    expect(first.shape === 'mesh' && first.position.map((v) => +v.toFixed(4) || 0)).toEqual([24, 0, 18]);
    expect(cachedMesh('box-2.stl')).toBeDefined();
  });

  it('during a match: a hostile file is refused for itself, a good one until the match is left; the match stays', async () => {
    const { store, play } = playOnSandbox();
    expect(await play.start({ rules: 'rpg-attacks', seats: { A: 'human', B: 'human' }, seed: 3 })).toEqual({
      ok: true,
    });
    const match = JSON.stringify(store.getState().play);
    const scene = store.getState().scene;
    await importMeshFile(store, chosen('cut.glb', truncatedGlb()), fromDisk);
    expect(store.getState().lastError!.issues[0]!.message).toMatch(/^truncated: the GLB header says/);
    await importMeshFile(store, chosen('match-crate.glb', goodGlb()), fromDisk);
    expect(store.getState().lastError!.issues[0]!.message).toMatch(/leave the match first/);
    expect(JSON.stringify(store.getState().play)).toBe(match);
    expect(store.getState().scene).toBe(scene);
    expect(cachedMesh('match-crate.glb')).toBeUndefined();
  });
});
