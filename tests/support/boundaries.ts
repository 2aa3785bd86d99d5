/**
 * The module boundaries of a ruleset (ARCHITECTURE.md), as lint verdicts on one-line files placed in and around
 * its folder: what the app, the CLIs and the words reach only through the list, what the ruleset's rules,
 * bot and index.ts may import. Generated from a ruleset id, so the lint test runs them for every ruleset of
 * the list, and the toy ruleset's test for the toy.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// Without type information: the files linted here need not exist, and the project service reads only
// files on disk (the rules checked here read no types).
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

/** The no-restricted-imports messages lint gives `code` placed at `filePath` (the file need not exist). */
export async function restricted(filePath: string, code: string): Promise<string[]> {
  const name = code
    .match(/\{ (\w+) \}|import (\w+)/)
    ?.slice(1)
    .find(Boolean);
  const [result] = await eslint.lintText(`${code}\nexport const used = [${name}];\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** A lint case: a file, one import line, and whether lint allows it. */
export type BoundaryCase = [file: string, code: string, allowed: boolean];

/** The boundary cases of the ruleset `id` (its folder src/rules/<id>, its bot src/rules/<id>/ai). */
export function rulesetBoundaryCases(id: string): BoundaryCase[] {
  const r = `src/rules/${id}`;
  return [
    // The app, the CLIs and the words reach a ruleset, its bot and its words only through src/rulesets.ts.
    ...['state', 'ui', 'scene', 'cli', 'i18n'].flatMap((dir): BoundaryCase[] => [
      [`src/${dir}/x.ts`, `import ruleset from '../rules/${id}';`, false],
      [`src/${dir}/x.ts`, `import { legalNow } from '../rules/${id}/legal';`, false],
      [`src/${dir}/x.ts`, `import { move } from '../rules/${id}/ai';`, false],
      [`src/${dir}/x.ts`, `import en from '../rules/${id}/words/en.json';`, false],
    ]),
    ['src/state/x.ts', "import { rulesetOf } from '../rulesets';", true],
    // Its rules never import its bot, another ruleset, the list, three, React, the store or the words' renderer.
    [`${r}/legal.ts`, "import { move } from './ai';", false],
    [`${r}/legal.ts`, "import { odds } from './ai/odds';", false],
    [`${r}/legal.ts`, "import { other } from '../another-ruleset/game';", false],
    [`${r}/legal.ts`, "import { RULESETS } from '../../rulesets';", false],
    [`${r}/legal.ts`, "import { Vector3 } from 'three';", false],
    [`${r}/legal.ts`, "import { useState } from 'react';", false],
    [`${r}/legal.ts`, "import { createStore } from 'zustand/vanilla';", false],
    [`${r}/legal.ts`, "import i18next from 'i18next';", false],
    [`${r}/legal.ts`, "import { terrainGeometry } from '../../geometry/terrainGeometry';", false],
    [`${r}/legal.ts`, "import { act } from '../engine/match';", true],
    [`${r}/legal.ts`, "import { rollDie } from '../dice/rng';", true],
    [`${r}/legal.ts`, "import { layoutOf } from './game';", true],
    // Its index.ts composes rules, bot and words; it too stays below the list.
    [`${r}/index.ts`, "import { move } from './ai';", true],
    [`${r}/index.ts`, "import en from './words/en.json';", true],
    [`${r}/index.ts`, "import { RULESETS } from '../../rulesets';", false],
    // Its bot reads its rules, never its index.ts (a cycle), another ruleset, the list or three.
    [`${r}/ai/index.ts`, "import { legalNow } from '../legal';", true],
    [`${r}/ai/index.ts`, "import { legalMoves } from '../../engine/match';", true],
    [`${r}/ai/index.ts`, "import { odds } from './odds';", true],
    [`${r}/ai/index.ts`, "import ruleset from '..';", false],
    [`${r}/ai/index.ts`, "import ruleset from '../index';", false],
    [`${r}/ai/index.ts`, "import { other } from '../../another-ruleset/game';", false],
    [`${r}/ai/index.ts`, "import { RULESETS } from '../../../rulesets';", false],
    [`${r}/ai/index.ts`, "import { Mesh } from 'three';", false],
    // The shared engine never reaches into it.
    ['src/rules/engine/x.ts', `import { legalNow } from '../${id}/legal';`, false],
  ];
}

/** Every .ts/.tsx/.js/.mjs/.json/.css file under `dir`. */
export function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(tsx?|m?js|json|css)$/.test(name) ? [path] : [];
  });
}

/** The files among `files` whose text names one of `ids` as a word, each with the ids it names. */
export function namingFiles(files: readonly string[], ids: readonly string[]): string[] {
  const word = new RegExp(`(?<![\\w-])(${ids.map((i) => i.replace(/[-]/g, '\\-')).join('|')})(?![\\w-])`, 'g');
  return files.flatMap((f) => {
    const named = [...new Set([...readFileSync(f, 'utf8').matchAll(word)].map((m) => m[1]!))];
    return named.length ? [`${f}: ${named.join(', ')}`] : [];
  });
}
