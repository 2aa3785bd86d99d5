import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPath, parseSceneText, serializeScene, validateScene } from '../../../src/io/sceneFile';
import type { Scene } from '../../../src/io/sceneSchema';

const DEFAULT_PATH = 'assets/scenarios/default.json';
const defaultText = readFileSync(DEFAULT_PATH, 'utf8');

/** A small valid scene; each bad-input test breaks one field of a fresh copy. */
function validScene(): Record<string, unknown> & {
  models: Record<string, unknown>[];
  terrain: Record<string, unknown>[];
} {
  return {
    format: 'tabletop-scene/1',
    table: { width: 48, depth: 36 },
    terrain: [
      { id: 'wall-1', kind: 'obstacle', shape: 'box', center: [24, 0.75, 18], size: [0.5, 1.5, 6], rotationY: 0 },
      {
        id: 'woods',
        kind: 'area',
        shape: 'cylinder',
        center: [10, 1, 10],
        radius: 3,
        height: 2,
        blocksLos: false,
        difficult: true,
      },
      {
        id: 'bunker',
        kind: 'structure',
        shape: 'mesh',
        src: 'assets/terrain/bunker.glb',
        position: [30, 0, 8],
        rotationY: 90,
        scale: 1,
      },
    ],
    models: [
      {
        id: 'a1',
        side: 'A',
        position: [10, 0, 18],
        base: { shape: 'round', diameterMm: 32 },
        height: 1.25,
        eyeHeight: 1.1,
        facingDeg: 0,
        kind: 'infantry',
        prone: false,
        leanOut: null,
      },
      { id: 'b1', side: 'B', position: [40, 0, 18], base: { shape: 'oval', lengthMm: 60, widthMm: 35 }, height: 2 },
    ],
    smoke: [{ id: 's1', position: [24, 0, 18], radius: 3, height: null, light: false }],
  };
}

function firstIssue(value: unknown) {
  const r = validateScene(value, 'bad.json');
  if (r.ok) throw new Error('expected the scene to be rejected');
  return r.error.issues[0];
}

describe('scene file v1: valid files', () => {
  it('accepts the ARCHITECTURE.md example (with every optional field) and a minimal file', () => {
    expect(validateScene(validScene()).ok).toBe(true);
    expect(validateScene({ format: 'tabletop-scene/1', table: { width: 24, depth: 24 } }).ok).toBe(true);
  });

  it('accepts the default scenario', () => {
    const r = parseSceneText(defaultText, DEFAULT_PATH);
    expect(r.ok ? r.value.models?.length : r.error.message).toBe(12);
  });

  it('round-trips through save and load unchanged (the default scenario and the example)', () => {
    for (const text of [defaultText, JSON.stringify(validScene())]) {
      const first = parseSceneText(text);
      if (!first.ok) throw new Error(first.error.message);
      const saved = serializeScene(first.value);
      const second = parseSceneText(saved);
      if (!second.ok) throw new Error(second.error.message);
      expect(second.value).toEqual(first.value);
      expect(serializeScene(second.value)).toBe(saved);
      // Loading writes no defaults into the data: what was in the file is what is saved.
      expect(JSON.parse(saved)).toEqual(JSON.parse(text));
    }
  });
});

describe('scene file v1: each kind of bad input names the field and the value', () => {
  it('rejects text that is not JSON, naming the file', () => {
    const r = parseSceneText('{ "format": ', 'broken.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.file).toBe('broken.json');
      expect(r.error.issues[0]?.code).toBe('not-json');
      expect(r.error.message).toMatch(/^broken\.json: \(file\): not valid JSON/);
    }
  });

  it('rejects an unknown field at its path', () => {
    const s = validScene();
    (s.models[0] as Record<string, unknown>).colour = 'red';
    const issue = firstIssue(s);
    expect(issue).toMatchObject({ code: 'schema', path: 'models[0].colour', value: '"red"' });
    expect(issue?.message).toContain('unknown field "colour"');
  });

  it('rejects an unknown top-level field', () => {
    expect(firstIssue({ ...validScene(), weather: 'rain' })).toMatchObject({ path: 'weather', value: '"rain"' });
  });

  it('rejects a wrong type', () => {
    const s = validScene();
    s.models[1]!.height = '2';
    expect(firstIssue(s)).toMatchObject({ code: 'schema', path: 'models[1].height', value: '"2"' });
  });

  it('rejects a negative size', () => {
    const s = validScene();
    s.terrain[0]!.size = [0.5, -1.5, 6];
    const issue = firstIssue(s);
    expect(issue).toMatchObject({ path: 'terrain[0].size[1]', value: '-1.5' });
    expect(issue?.message).toMatch(/>0|greater than 0|positive/i);
  });

  it('rejects a negative radius and a zero base diameter', () => {
    const s = validScene();
    s.terrain[1]!.radius = -3;
    expect(firstIssue(s)).toMatchObject({ path: 'terrain[1].radius', value: '-3' });
    const t = validScene();
    t.models[0]!.base = { shape: 'round', diameterMm: 0 };
    expect(firstIssue(t)).toMatchObject({ path: 'models[0].base.diameterMm', value: '0' });
  });

  it('rejects an id used twice, naming where it was first used', () => {
    const s = validScene();
    s.models[1]!.id = 'wall-1';
    const issue = firstIssue(s);
    expect(issue).toMatchObject({ code: 'duplicate-id', path: 'models[1].id', value: '"wall-1"' });
    expect(issue?.message).toContain('terrain[0].id');
  });

  it('rejects a model outside the table', () => {
    const s = validScene();
    s.models[1]!.position = [49, 0, 18];
    const issue = firstIssue(s);
    expect(issue).toMatchObject({ code: 'outside-table', path: 'models[1].position', value: '[49,0,18]' });
    expect(issue?.message).toContain('48x36');
  });

  it('rejects a NaN and an Infinity (from the automation API, which takes objects)', () => {
    const s = validScene();
    s.models[0]!.position = [10, 0, Number.NaN];
    expect(firstIssue(s)).toMatchObject({ path: 'models[0].position[2]', value: 'NaN' });
    const t = validScene();
    (t.table as Record<string, number>).width = Number.POSITIVE_INFINITY;
    expect(firstIssue(t)).toMatchObject({ path: 'table.width', value: 'Infinity' });
  });

  it('rejects a missing required field and a wrong format tag', () => {
    const s = validScene();
    delete s.models[0]!.base;
    expect(firstIssue(s)).toMatchObject({ path: 'models[0].base', value: 'missing' });
    expect(firstIssue({ ...validScene(), format: 'tabletop-scene/9' })).toMatchObject({
      path: 'format',
      value: '"tabletop-scene/9"',
    });
  });

  it('rejects an unknown terrain shape and kind', () => {
    const s = validScene();
    s.terrain[0]!.shape = 'pyramid';
    expect(firstIssue(s)?.path).toBe('terrain[0].shape');
    const t = validScene();
    t.terrain[0]!.kind = 'lava';
    expect(firstIssue(t)).toMatchObject({ path: 'terrain[0].kind', value: '"lava"' });
  });

  it('rejects a mesh source that is not a mesh file', () => {
    const s = validScene();
    s.terrain[2]!.src = 'assets/terrain/bunker.png';
    expect(firstIssue(s)).toMatchObject({ path: 'terrain[2].src', value: '"assets/terrain/bunker.png"' });
  });

  it('rejects an eye above the top of the model', () => {
    const s = validScene();
    s.models[0]!.eyeHeight = 2;
    expect(firstIssue(s)).toMatchObject({ path: 'models[0].eyeHeight', value: '2' });
  });

  it('reports every problem, one line each, with file, path and value', () => {
    const s = validScene();
    s.models[0]!.height = -1;
    s.models[1]!.position = [100, 0, 0];
    const r = validateScene(s, 'two.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      // Schema problems are reported before the table checks run (those need a well-formed scene).
      expect(r.error.message.split('\n')[0]).toBe(
        'two.json: models[0].height: Too small: expected number to be >0 (value: -1)',
      );
    }
  });
});

describe('formatPath', () => {
  it('renders indexes in brackets and keys with dots', () => {
    expect(formatPath(['models', 2, 'position', 0])).toBe('models[2].position[0]');
    expect(formatPath([])).toBe('');
  });
});

describe('types', () => {
  it('keeps optional fields absent instead of filling defaults', () => {
    const r = validateScene({
      format: 'tabletop-scene/1',
      table: { width: 24, depth: 24 },
      models: [{ id: 'm', side: 'A', position: [1, 0, 1], base: { shape: 'round', diameterMm: 25 }, height: 1 }],
    });
    if (!r.ok) throw new Error(r.error.message);
    const scene: Scene = r.value;
    expect(Object.keys(scene.models?.[0] ?? {}).sort()).toEqual(['base', 'height', 'id', 'position', 'side']);
  });
});
