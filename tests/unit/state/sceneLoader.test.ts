import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScene } from '../../../src/io/sceneFile';
import type { Scene } from '../../../src/io/sceneSchema';
import { createAutomationApi } from '../../../src/state/automation';
import {
  loadSceneObject,
  loadSceneText,
  meshSources,
  registerScenePreparer,
  resizeTable,
} from '../../../src/state/sceneLoader';
import { createTabletopStore } from '../../../src/state/store';

/** Reads project files the way the browser fetches them. */
async function readFromDisk(src: string): Promise<ArrayBuffer> {
  const b = readFileSync(src);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

function defaultScene(): Scene {
  const r = validateScene(JSON.parse(readFileSync('assets/scenarios/default.json', 'utf8')));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const small: Scene = {
  format: 'tabletop-scene/1',
  table: { width: 24, depth: 24 },
  models: [{ id: 'x1', side: 'A', position: [12, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1 }],
};

describe('loading scenes into the store', () => {
  it('replaces the scene on a valid file and bumps the version', async () => {
    const store = createTabletopStore(defaultScene(), 'default.json');
    const r = await loadSceneText(store, JSON.stringify(small), 'small.json', readFromDisk);
    expect(r.ok).toBe(true);
    expect(store.getState().scene).toEqual(small);
    expect(store.getState().sceneFile).toBe('small.json');
    expect(store.getState().sceneVersion).toBe(2);
  });

  it('keeps the current scene on a broken file and records the error', async () => {
    const before = defaultScene();
    const store = createTabletopStore(before, 'default.json');
    store.getState().select('a2');
    const r = await loadSceneText(
      store,
      '{"format":"tabletop-scene/1","table":{"width":-4,"depth":24}}',
      'bad.json',
      readFromDisk,
    );
    expect(r.ok).toBe(false);
    const s = store.getState();
    expect(s.scene).toEqual(before);
    expect(s.sceneVersion).toBe(1);
    expect(s.selectedId).toBe('a2');
    expect(s.lastError?.issues[0]).toMatchObject({ path: 'table.width', value: '-4' });
  });

  it('keeps the current scene when a terrain mesh fails to load, naming the file and field', async () => {
    const store = createTabletopStore(small, 'small.json');
    const withMissingMesh = {
      ...small,
      terrain: [
        { id: 'ok', kind: 'structure', shape: 'mesh', src: 'assets/terrain/bunker.glb', position: [5, 0, 5] },
        { id: 'gone', kind: 'obstacle', shape: 'mesh', src: 'assets/terrain/no-such-file.stl', position: [12, 0, 5] },
      ],
    };
    const r = await loadSceneObject(store, withMissingMesh, 'meshy.json', readFromDisk);
    expect(r.ok).toBe(false);
    expect(store.getState().scene).toEqual(small);
    expect(store.getState().lastError?.issues[0]).toMatchObject({
      code: 'mesh-load',
      path: 'terrain[1].src',
      value: '"assets/terrain/no-such-file.stl"',
    });
    expect(store.getState().lastError?.message).toContain('assets/terrain/no-such-file.stl: could not be read');
  });

  it('clears the selection when the selected model is not in the new scene, and a good load clears the error', async () => {
    const store = createTabletopStore(defaultScene());
    store.getState().select('a1');
    await loadSceneText(store, 'nope', 'bad.json', readFromDisk);
    expect(store.getState().lastError).not.toBeNull();
    await loadSceneObject(store, small, 'small.json', readFromDisk);
    expect(store.getState().selectedId).toBeNull();
    expect(store.getState().lastError).toBeNull();
  });

  it('refuses to shrink the table under its models, and resizes when they fit', async () => {
    const store = createTabletopStore(defaultScene());
    const r = await resizeTable(store, 24, 24, readFromDisk);
    expect(r.ok).toBe(false);
    expect(store.getState().scene.table).toEqual({ width: 48, depth: 36 });
    expect(store.getState().lastError?.issues[0]?.code).toBe('outside-table');
    const s2 = createTabletopStore(small);
    expect((await resizeTable(s2, 36, 36, readFromDisk)).ok).toBe(true);
    expect(s2.getState().scene.table).toEqual({ width: 36, depth: 36 });
  });

  it('lists mesh sources with their field paths', () => {
    expect(meshSources(defaultScene())).toEqual([
      { src: 'assets/terrain/bunker.glb', path: 'terrain[8].src' },
      { src: 'assets/terrain/crates.stl', path: 'terrain[9].src' },
    ]);
  });
});

describe('selection', () => {
  it('selects known models only', () => {
    const store = createTabletopStore(small);
    expect(store.getState().select('nobody')).toBe(false);
    expect(store.getState().selectedId).toBeNull();
    expect(store.getState().select('x1')).toBe(true);
    expect(store.getState().selectedId).toBe('x1');
  });
});

describe('automation API (window.tabletop)', () => {
  it('loads, reports errors with paths, selects, and snapshots plain JSON copies', async () => {
    const store = createTabletopStore(defaultScene());
    const api = createAutomationApi(store, readFromDisk);
    const bad = await api.loadScene(
      { ...small, models: [{ ...small.models![0], position: [30, 0, 3] }] },
      'script.json',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]).toMatchObject({ code: 'outside-table', path: 'models[0].position' });
    expect(api.getScene().table.width).toBe(48);

    expect((await api.loadScene(JSON.stringify(small), 'small.json')).ok).toBe(true);
    expect(api.selectModel('x1')).toBe(true);
    const snap = api.snapshot();
    expect(snap).toMatchObject({
      sceneFile: 'small.json',
      selectedId: 'x1',
      lastError: null,
      view: { showGrid: true },
    });
    snap.scene.models![0]!.position[0] = 1;
    expect(api.getScene().models![0]!.position[0]).toBe(12);
    expect(api.projectToScreen([0, 0, 0])).toBeNull();
  });
});

describe("the scene's preparation of a scene about to be accepted", () => {
  it('is awaited before the scene is accepted (the table keeps the old scene meanwhile); a failing one does not stop the load', async () => {
    const store = createTabletopStore(defaultScene(), 'default.json');
    let release = () => undefined as void;
    const seen: Scene[] = [];
    registerScenePreparer(async (scene) => {
      seen.push(scene);
      await new Promise<void>((r) => (release = r));
    });
    try {
      const loading = loadSceneObject(store, small, 'small.json', readFromDisk);
      await new Promise((r) => setTimeout(r, 0));
      expect(seen).toEqual([small]);
      expect(store.getState().sceneVersion).toBe(1);
      release();
      expect((await loading).ok).toBe(true);
      expect(store.getState().scene).toEqual(small);
      // A preparation that fails: the scene is accepted all the same (its render builds what it needs).
      registerScenePreparer(() => Promise.reject(new Error('no memory')));
      expect((await loadSceneObject(store, defaultScene(), 'default.json', readFromDisk)).ok).toBe(true);
      expect(store.getState().sceneVersion).toBe(3);
      // A scene refused is never prepared.
      seen.length = 0;
      registerScenePreparer(async (scene) => void seen.push(scene));
      expect((await loadSceneObject(store, { ...small, table: { width: -1 } }, 'bad.json', readFromDisk)).ok).toBe(
        false,
      );
      expect(seen).toEqual([]);
    } finally {
      registerScenePreparer(null);
    }
  });
});
