import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../../src/rulesetsLoaded';
import { codeFiles, namingFiles, restricted, rulesetBoundaryCases, type BoundaryCase } from '../../support/boundaries';

/** The boundaries of ARCHITECTURE.md outside the rulesets, as lint verdicts on one-line files placed in each folder. */
const CASES: BoundaryCase[] = [
  ['src/rules/x.ts', "import { Vector3 } from 'three';", false],
  ['src/rules/x.ts', "import { useState } from 'react';", false],
  ['src/rules/x.ts', "import RAPIER from '@dimforge/rapier3d-compat';", false],
  ['src/rules/x.ts', "import { createStore } from 'zustand/vanilla';", false],
  ['src/rules/x.ts', "import { terrainGeometry } from '../geometry/terrainGeometry';", false],
  ['src/rules/x.ts', "import { RULESETS } from '../rulesets';", false],
  ['src/rules/engine/x.ts', "import { rollDie } from '../dice/rng';", true],
  ['src/ai/x.ts', "import { useFrame } from '@react-three/fiber';", false],
  ['src/ai/x.ts', "import { legalMoves } from '../rules/engine/match';", true],
  ['src/geometry/x.ts', "import { Vector3 } from 'three';", true],
  ['src/geometry/x.ts', "import { MeshBVH } from 'three-mesh-bvh';", true],
  ['src/geometry/x.ts', "import { useState } from 'react';", false],
  ['src/geometry/x.ts', "import { createStore } from 'zustand/vanilla';", false],
  ['src/geometry/x.ts', "import { sceneSchema } from '../io/sceneSchema';", false],
  ['src/movement/x.ts', "import { validateScene } from '../io/sceneFile';", false],
  ['src/io/x.ts', "import { SCENE_FORMAT_V1 } from '../geometry/sceneTypes';", true],
  ['src/movement/x.ts', "import { baseRadius } from '../geometry/units';", true],
  ['src/movement/x.ts', "import { store } from '../state/store';", false],
  ['src/physics/x.ts', "import { roll } from '../rules/dice';", false],
  ['src/state/x.ts', "import { useStore } from 'zustand';", false],
  ['src/state/x.ts', "import { useShallow } from 'zustand/react/shallow';", false],
  ['src/state/x.ts', "import { createStore } from 'zustand/vanilla';", true],
  ['src/state/x.ts', "import { App } from '../scene/TableScene';", false],
  ['src/state/x.ts', "import React from 'react';", false],
  // The 3D dice: plain numbers and the rapier module their caller loads; the scene draws them.
  ['src/dice3d/x.ts', "import type RAPIER from '@dimforge/rapier3d-compat';", true],
  ['src/dice3d/x.ts', "import { Quaternion } from 'three';", false],
  ['src/dice3d/x.ts', "import { useFrame } from '@react-three/fiber';", false],
  ['src/dice3d/x.ts', "import { rollDie } from '../rules/dice/rng';", false],
  ['src/dice3d/x.ts', "import { currentDice } from '../state/eventQueue';", false],
  ['src/io/x.ts', "import { Toolbar } from '../ui/Toolbar';", false],
  ['src/scene/x.ts', "import { Toolbar } from '../ui/Toolbar';", false],
  ['src/ui/x.ts', "import { Models } from '../scene/Models';", false],
  ['src/cli/x.ts', "import { RULESETS } from '../rulesets';", true],
  ['src/cli/x.ts', "import { randomMove } from '../ai/randomBot';", true],
  ['src/state/x.ts', "import { act } from '../rules/engine/match';", true],
  ['src/ui/x.ts', "import { CardView } from '../rules/engine/play';", true],
  ['src/scene/x.ts', "import { rulesetOf } from '../rulesets';", true],
  // The page loads a ruleset when it is chosen: only the CLIs (and tests) take the list with all of them loaded.
  ['src/cli/x.ts', "import { RULESETS } from '../rulesetsLoaded';", true],
  ['src/state/x.ts', "import { RULESETS } from '../rulesetsLoaded';", false],
  ['src/ui/x.tsx', "import { rulesetOf } from '../rulesetsLoaded';", false],
  ['src/scene/x.ts', "import { rulesetOf } from '../rulesetsLoaded';", false],
  ['src/i18n/x.ts', "import { RULESETS } from '../rulesetsLoaded';", false],
  ['src/x.tsx', "import { RULESETS } from './rulesetsLoaded';", false],
  ['src/spectator/x.tsx', "import { RULESETS } from '../rulesetsLoaded';", false],
  ['src/rules/x.ts', "import { RULESETS } from '../rulesetsLoaded';", false],
  ['src/x.tsx', "import { loadRuleset } from './rulesets';", true],
  ['src/ui/x.tsx', "import '../i18n/allLanguages';", false],
  ['src/x.tsx', "import './i18n/allLanguages';", false],
  ['src/cli/x.ts', "import '../i18n/allLanguages';", true],
];

describe('module boundaries (ARCHITECTURE.md) are enforced by lint', () => {
  it.each(CASES)('%s: %s -> allowed %s', async (file, code, allowed) => {
    expect((await restricted(file, code)).length === 0).toBe(allowed);
  });
});

describe.each(RULESETS.map((r) => r.id))('the boundaries of %s', (id) => {
  it.each(rulesetBoundaryCases(id))('%s: %s -> allowed %s', async (file, code, allowed) => {
    expect((await restricted(file, code)).length === 0).toBe(allowed);
  });
});

describe('only the list names a ruleset', () => {
  const ids = RULESETS.map((r) => r.id);
  const inRuleset = new RegExp(`^src/rules/(${ids.join('|')})/`);

  it('no file in src/state, src/ui, src/scene, src/cli or src/i18n imports a ruleset folder or its bot', () => {
    const files = ['src/state', 'src/ui', 'src/scene', 'src/cli', 'src/i18n'].flatMap(codeFiles);
    expect(files.length).toBeGreaterThan(30);
    const reaching = files.filter((f) => /from '[^']*rules\/(?!(engine|dice)\/)[^/']+/.test(readFileSync(f, 'utf8')));
    expect(reaching).toEqual([]);
  });

  it('outside the ruleset folders and src/rulesets.ts, no code in src/, eslint.config.js or tests/unit/lint names an id', () => {
    const files = [...codeFiles('src'), 'eslint.config.js', ...codeFiles('tests/unit/lint')].filter(
      (f) => !inRuleset.test(f) && f !== 'src/rulesets.ts',
    );
    expect(files.length).toBeGreaterThan(100);
    expect(namingFiles(files, ids)).toEqual([]);
    // The check itself finds an id where one is named.
    expect(namingFiles(['src/rulesets.ts'], ids)).toEqual([`src/rulesets.ts: ${ids.join(', ')}`]);
  });

  it('src/rules imports nothing from src/ai (the bots live in their rulesets; src/ai keeps the random bot)', () => {
    const imports = (f: string) =>
      [...readFileSync(f, 'utf8').matchAll(/from '(\.[^']*)'/g)].map((m) => relative('.', resolve(dirname(f), m[1]!)));
    const reaching = codeFiles('src/rules').flatMap((f) => imports(f).filter((to) => to.startsWith('src/ai/')));
    expect(reaching).toEqual([]);
    expect(imports('src/cli/headless.ts')).toContain('src/ai/randomBot');
  });
});
