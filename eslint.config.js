// ESLint flat config: typescript-eslint's recommended rules plus the module boundaries of
// ../shared/DESIGN.md, enforced with no-restricted-imports per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import tabletop from './lint/stable-selector.js';

const RENDERING = ['three', 'three/*', 'three-mesh-bvh', '@react-three/*', '@dimforge/*'];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];
const STORE = ['zustand', 'zustand/*'];
const folder = (name) => [`**/${name}`, `**/${name}/*`, `**/${name}/**`];

/** One boundary: files under `dir` may not import `packages` or the listed project folders. */
function boundary(dir, packages, folders, why) {
  return {
    files: [`src/${dir}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length ? [{ group: packages, message: `${dir}/ must not import this: ${why}` }] : []),
            ...folders.map((f) => ({ group: folder(f), message: `${dir}/ must not import ${f}/: ${why}` })),
          ],
        },
      ],
    },
  };
}

const RULES_WHY = 'rules and AI are pure TypeScript; reach geometry through the Queries interface (DESIGN.md)';
const GEO_WHY = 'geometry, physics and movement know nothing of React, the store, rules or the scene (DESIGN.md)';
const STATE_WHY = 'the store is plain TypeScript with no React; nothing imports the scene or the UI (DESIGN.md)';
const LEAF_WHY = 'nothing imports the scene or the UI (DESIGN.md); App.tsx composes them';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'tests/e2e/chromium.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly', URL: 'readonly',
        fetch: 'readonly', Blob: 'readonly', setTimeout: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { tabletop }, rules: { 'tabletop/stable-selector': 'error' } },
  boundary('rules', [...RENDERING, ...REACT, ...STORE], ['geometry', 'movement', 'physics', 'state', 'scene', 'ui', 'io'], RULES_WHY),
  boundary('ai', [...RENDERING, ...REACT, ...STORE], ['geometry', 'movement', 'physics', 'state', 'scene', 'ui', 'io'], RULES_WHY),
  boundary('geometry', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui', 'movement'], GEO_WHY),
  boundary('physics', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui', 'movement'], GEO_WHY),
  boundary('movement', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui'], GEO_WHY),
  boundary('state', [...REACT, '@react-three/*'], ['scene', 'ui'], STATE_WHY),
  boundary('io', [...REACT, ...STORE, '@react-three/*'], ['rules', 'ai', 'state', 'scene', 'ui'], STATE_WHY),
  boundary('cli', [...REACT, '@react-three/*'], ['scene', 'ui'], LEAF_WHY),
  boundary('scene', [], ['ui'], LEAF_WHY),
  boundary('ui', [], ['scene'], LEAF_WHY),
);
