import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cachedMesh } from '../../../src/io/meshCache';
import { validateScene } from '../../../src/io/sceneFile';
import type { Scene } from '../../../src/io/sceneSchema';
import { rulesetOf } from '../../../src/rulesetsLoaded';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import type { CbState } from '../../../src/rules/counterblast/game';
import { sceneOf } from '../../../src/state/playView';
import { loadSceneObject, meshSources } from '../../../src/state/sceneLoader';
import { createTabletopStore } from '../../../src/state/store';
import { fromDisk, playOnSandbox, sandbox } from '../../support/playSetup';

const withMesh = (mesh: string): Scene => ({
  format: 'tabletop-scene/1',
  table: { width: 24, depth: 24 },
  models: [{ id: 'x1', side: 'A', position: [12, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1, mesh }],
});

const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** The BLKOUT units file with every unit given `mesh`. */
function blkoutUnits(mesh: string): Record<string, unknown> {
  const d = json('assets/rulesets/blkout/units.json');
  return { ...d, units: (d.units as object[]).map((u) => ({ ...u, mesh })) };
}

/** The Counterblast crews file with every model given `mesh`. */
function counterblastCrews(mesh: string): Record<string, unknown> {
  const d = json('assets/rulesets/counterblast/crews.json');
  const crews = (d.crews as { models: object[] }[]).map((c) => ({
    ...c,
    models: c.models.map((m) => ({ ...m, mesh })),
  }));
  return { ...d, crews };
}

describe('a model of its own mesh in a scene file', () => {
  it('reads `mesh` and lists it among the scene’s mesh sources with its field', () => {
    const r = validateScene(withMesh('assets/terrain/crates.stl'));
    expect(r.ok).toBe(true);
    if (r.ok) expect(meshSources(r.value)).toEqual([{ src: 'assets/terrain/crates.stl', path: 'models[0].mesh' }]);
  });

  it('refuses a mesh that is not a .glb, .gltf or .stl file, naming the field and value', () => {
    const r = validateScene(withMesh('figure.obj'), 'army.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.issues[0]).toMatchObject({ path: 'models[0].mesh', value: '"figure.obj"' });
      expect(r.error.message).toContain('must name a .glb, .gltf or .stl file');
    }
  });

  it('a missing file or bad bytes is a mesh-load error naming the field and file; the table stays', async () => {
    const store = createTabletopStore(sandbox, 'sandbox.json');
    const missing = await loadSceneObject(store, withMesh('assets/miniatures/nope.glb'), 'army.json', fromDisk);
    expect(missing.ok).toBe(false);
    expect(store.getState().scene).toEqual(sandbox);
    expect(store.getState().lastError?.issues[0]).toMatchObject({
      code: 'mesh-load',
      path: 'models[0].mesh',
      value: '"assets/miniatures/nope.glb"',
    });
    const junk = async () => new TextEncoder().encode('this is not a mesh').buffer;
    const bad = await loadSceneObject(store, withMesh('scans/trooper-junk.glb'), 'army.json', junk);
    expect(bad.ok).toBe(false);
    expect(store.getState().scene).toEqual(sandbox);
    expect(store.getState().lastError?.issues[0]).toMatchObject({ code: 'mesh-load', path: 'models[0].mesh' });
    expect(store.getState().lastError?.message).toMatch(
      /scans\/trooper-junk\.glb: not a binary glTF: the file starts with 74 68 69 73, not "glTF"/,
    );
  });

  it('a readable mesh loads into the cache and the scene keeps the field', async () => {
    const store = createTabletopStore(sandbox, 'sandbox.json');
    const r = await loadSceneObject(store, withMesh('assets/terrain/crates.stl'), 'army.json', fromDisk);
    expect(r.ok).toBe(true);
    expect(store.getState().scene.models?.[0]?.mesh).toBe('assets/terrain/crates.stl');
    expect(cachedMesh('assets/terrain/crates.stl')).toBeDefined();
  });
});

describe('a force’s own meshes reach the table', () => {
  const blkout = rulesetOf('blkout').play;
  const counterblast = rulesetOf('counterblast').play;

  it('BLKOUT: a unit’s mesh with a bad extension is refused naming its path in the units file', () => {
    const r = blkout.forces.validate(blkoutUnits('trooper.png'), 'units.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/units\[0\]\.mesh/);
  });

  it('BLKOUT: a unit mesh that cannot be read refuses the match, naming the model, field and file; the table stays', async () => {
    const { store, play } = playOnSandbox();
    const r = await play.start({ seed: 1, data: blkoutUnits('assets/miniatures/missing.glb') });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/^forces data: mesh of model "[^"]+" \("assets\/miniatures\/missing\.glb"\)/);
      expect(r.reason).toContain('could not be read');
    }
    expect(store.getState().play).toBeNull();
    expect(store.getState().scene).toEqual(sandbox);
  });

  it('BLKOUT: a readable unit mesh is loaded and every model of the unit carries it to the scene', async () => {
    const { store, play } = playOnSandbox();
    expect(await play.start({ seed: 1, data: blkoutUnits('assets/terrain/crates.stl') })).toEqual({ ok: true });
    const state = store.getState().play!.match.state as BlkoutState;
    const t = blkout.table(state);
    expect(Object.keys(t.meshes ?? {}).sort()).toEqual(Object.keys(state.models).sort());
    expect(cachedMesh('assets/terrain/crates.stl')).toBeDefined();
    // Once a model stands on the table, its scene model names the mesh.
    const [id, m] = Object.entries(state.models)[0]!;
    const placed: BlkoutState = { ...state, models: { ...state.models, [id]: { ...m, pos: [5, 0, 5] } } };
    expect(sceneOf(sandbox, blkout.table(placed)).models?.find((x) => x.id === id)?.mesh).toBe(
      'assets/terrain/crates.stl',
    );
    play.stop();
  });

  it('BLKOUT: a pinned unit’s models are posed pinned', async () => {
    const { store, play } = playOnSandbox();
    await play.start({ seed: 1 });
    const state = store.getState().play!.match.state as BlkoutState;
    const unit = Object.keys(state.units)[0]!;
    expect(blkout.table(state).poses).toEqual({});
    const pinned: BlkoutState = {
      ...state,
      units: { ...state.units, [unit]: { ...state.units[unit]!, pinned: true } },
    };
    const poses = blkout.table(pinned).poses ?? {};
    const members = Object.values(state.models).filter((m) => m.unit === unit);
    expect(members.length).toBeGreaterThan(0);
    for (const m of members) expect(poses[m.id]).toBe('pinned');
    expect(Object.keys(poses)).toHaveLength(members.length);
    play.stop();
  });

  it('Counterblast: crew meshes reach the table; down, prone and pinned models are posed', async () => {
    const { store, play } = playOnSandbox();
    const bad = await play.start({ rules: 'counterblast', seed: 4, data: counterblastCrews('nope/scan.stl') });
    expect(bad.ok).toBe(false);
    expect(store.getState().play).toBeNull();
    expect(
      await play.start({ rules: 'counterblast', seed: 4, data: counterblastCrews('assets/terrain/crates.stl') }),
    ).toEqual({ ok: true });
    const state = store.getState().play!.match.state as CbState;
    const t = counterblast.table(state);
    expect(Object.values(t.meshes ?? {})).toHaveLength(Object.keys(state.models).length);
    const [a, b, c] = Object.keys(state.models);
    const posed: CbState = {
      ...state,
      models: {
        ...state.models,
        [a!]: { ...state.models[a!]!, down: true },
        [b!]: { ...state.models[b!]!, prone: true },
        [c!]: { ...state.models[c!]!, conditions: ['pinned'] },
      },
    };
    expect(counterblast.table(posed).poses).toEqual({ [a!]: 'down', [b!]: 'prone', [c!]: 'pinned' });
    expect(store.getState().play?.poses).toEqual({});
    play.stop();
  });
});
