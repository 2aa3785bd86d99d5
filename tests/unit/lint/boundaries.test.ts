import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The boundaries of DESIGN.md, as lint verdicts on one-line files placed in each folder. */
const CASES: [file: string, code: string, allowed: boolean][] = [
  ['src/rules/x.ts', "import { Vector3 } from 'three';", false],
  ['src/rules/x.ts', "import { useState } from 'react';", false],
  ['src/rules/x.ts', "import RAPIER from '@dimforge/rapier3d-compat';", false],
  ['src/rules/x.ts', "import { createStore } from 'zustand/vanilla';", false],
  ['src/rules/x.ts', "import { terrainGeometry } from '../geometry/terrainGeometry';", false],
  ['src/ai/x.ts', "import { useFrame } from '@react-three/fiber';", false],
  ['src/ai/x.ts', "import { ruleset } from '../rules/blkout';", true],
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
  ['src/cli/x.ts', "import { ruleset } from '../rules/blkout';", false],
  ['src/cli/x.ts', "import { parseCrews } from '../rules/counterblast/data';", false],
  ['src/cli/x.ts', "import { parseForces } from '../rules/fiveparsecs/data';", false],
  ['src/cli/x.ts', "import { blkoutMove } from '../ai/blkoutBot';", false],
  ['src/cli/x.ts', "import { REGISTRY } from '../rulesets';", true],
  ['src/cli/x.ts', "import { randomMove } from '../ai/randomBot';", true],
  // Only the registry names a ruleset: the app reaches BLKOUT and Counterblast through it (issue 16).
  ['src/state/x.ts', "import { ruleset } from '../rules/blkout';", false],
  ['src/state/x.ts', "import { SAMPLE_CREWS } from '../rules/counterblast/game';", false],
  ['src/state/x.ts', "import { blkoutMove } from '../ai/blkoutBot';", false],
  ['src/state/x.ts', "import { rulesetEntry } from '../rulesets';", true],
  ['src/state/x.ts', "import { act } from '../rules/engine/match';", true],
  ['src/ui/x.ts', "import { BURN_NAMES } from '../rules/blkout/burn';", false],
  ['src/ui/x.ts', "import { crewProblem } from '../rules/counterblast/builder';", false],
  ['src/ui/x.ts', "import { RULESETS } from '../rulesets';", true],
  ['src/ui/x.ts', "import { CardView } from '../rules/engine/play';", true],
  ['src/scene/x.ts', "import { tableMarkers } from '../rules/blkout/describe';", false],
  ['src/scene/x.ts', "import { counterblastMove } from '../ai/counterblastBot';", false],
  ['src/state/x.ts', "import { evaluate } from '../ai/counterblast/evaluate';", false],
  ['src/rules/counterblast/ai/x.ts', "import { Mesh } from 'three';", false],
  ['src/ui/x.ts', "import { spotValue } from '../ai/blkout/values';", false],
  ['src/state/x.ts', "import { fiveparsecsMove } from '../ai/fiveparsecs';", false],
  ['src/ui/x.ts', "import { enemyAction } from '../ai/fiveparsecs/enemy';", false],
  ['src/rules/fiveparsecs/ai/x.ts', "import { Mesh } from 'three';", false],
  ['src/scene/x.ts', "import { REGISTRY } from '../rulesets';", true],
];

describe('module boundaries (DESIGN.md) are enforced by lint', () => {
  it.each(CASES)('%s: %s -> allowed %s', async (file, code, allowed) => {
    const messages = await restricted(
      file,
      `${code}\nexport const used = [${code
        .match(/\{ (\w+) \}|import (\w+)/)
        ?.slice(1)
        .find(Boolean)}];\n`,
    );
    expect(messages.length === 0).toBe(allowed);
  });
});

describe('only the registry names a ruleset', () => {
  it('no file in src/state, src/ui, src/scene or src/cli imports a ruleset folder or its bot', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = ['src/state', 'src/ui', 'src/scene', 'src/cli'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(30);
    const named = files.filter((f) =>
      /from '[^']*(rules\/(blkout|counterblast|fiveparsecs|skirmish-ru|rpg-attacks)|(ai\/(blkout|counterblast)Bot|ai\/(blkout|counterblast|fiveparsecs|skirmish-ru|rpg-attacks)\/|ai\/(fiveparsecs|skirmish-ru|rpg-attacks)))/.test(
        readFileSync(f, 'utf8'),
      ),
    );
    expect(named).toEqual([]);
  });
});
