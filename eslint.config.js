// ESLint flat config: typescript-eslint's recommended rules, its type-aware promise and switch rules
// for src/ and tests/ (they read tsconfig.json through the project service), React's rules of hooks,
// plus the module boundaries of src/ARCHITECTURE.md, enforced with no-restricted-imports per folder.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- tabletop/stable-selector -----------------------------------------------------------------
// ESLint rule: a zustand `useStore(store, selector)` selector must return something that stays the
// same while the state does (a primitive or an object already in the state). zustand 5 with React 19
// compares selector results with Object.is; a selector that builds a fresh object or array on every
// call ("getSnapshot should be cached") loops React into "Maximum update depth exceeded" and blanks
// the page. Wrap such a selector in `useShallow`, or select the parts one by one.

/** Methods and functions whose result is a new object or array on every call. */
const FRESH_METHODS = new Set([
  'map',
  'filter',
  'slice',
  'concat',
  'flat',
  'flatMap',
  'toSorted',
  'toReversed',
  'toSpliced',
  'with',
  'entries',
  'keys',
  'values',
  'fromEntries',
  'assign',
  'from',
  'of',
  'split',
  'match',
  'matchAll',
  'structuredClone',
  'parse',
  'groupBy',
]);

/** Methods that change the array in the state itself (a selector must never write). */
const MUTATING_METHODS = new Set([
  'sort',
  'reverse',
  'splice',
  'push',
  'pop',
  'shift',
  'unshift',
  'fill',
  'copyWithin',
]);

/** The `const` initialiser an identifier refers to in `scope`, or null. */
function constInit(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const v = s.set.get(name);
    if (!v) continue;
    const def = v.defs[0];
    return def && def.type === 'Variable' && def.parent.kind === 'const' ? def.node.init : null;
  }
  return null;
}

/** Why `node` (an expression a selector returns) is fresh on every call, or null; `scope` resolves consts. */
function fresh(node, scope, seen = new Set()) {
  if (!node) return null;
  switch (node.type) {
    case 'Identifier': {
      const init = scope ? constInit(scope, node.name) : null;
      if (!init || seen.has(init)) return null;
      seen.add(init);
      return fresh(init, scope, seen);
    }
    case 'ObjectExpression':
      return 'an object literal';
    case 'ArrayExpression':
      return 'an array literal';
    case 'NewExpression':
      return `new ${node.callee.name ?? 'object'}`;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'a new function';
    case 'ConditionalExpression':
      return fresh(node.consequent, scope, seen) ?? fresh(node.alternate, scope, seen);
    case 'LogicalExpression':
      return fresh(node.left, scope, seen) ?? fresh(node.right, scope, seen);
    case 'SequenceExpression':
      return fresh(node.expressions[node.expressions.length - 1], scope, seen);
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
    case 'ChainExpression':
      return fresh(node.expression, scope, seen);
    case 'CallExpression': {
      const c = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
      const name =
        c.type === 'MemberExpression' && !c.computed ? c.property.name : c.type === 'Identifier' ? c.name : null;
      if (!name) return null;
      if (FRESH_METHODS.has(name)) return `a new value from .${name}()`;
      if (MUTATING_METHODS.has(name)) return `.${name}(), which changes the state in place`;
      // reduce/reduceRight into a literal builds a new object or array each time.
      if ((name === 'reduce' || name === 'reduceRight') && node.arguments[1] && fresh(node.arguments[1], scope, seen))
        return `a new value from .${name}() into a literal`;
      return null;
    }
    default:
      return null;
  }
}

/** Every expression a function returns. */
function returned(fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const out = [];
  const walk = (n) => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'ReturnStatement') {
      out.push(n.argument);
      return;
    }
    if (
      n !== fn.body &&
      (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration')
    )
      return;
    for (const key of Object.keys(n)) {
      if (key === 'parent') continue;
      const v = n[key];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v.type === 'string') walk(v);
    }
  };
  walk(fn.body);
  return out;
}

/** The rule. */
const stableSelector = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'zustand useStore selectors must not return a fresh object or array (React 19 loops and blanks the page)',
    },
    schema: [],
    messages: {
      fresh:
        'this useStore selector returns {{why}} on every call: zustand 5 with React 19 loops ("Maximum update depth exceeded") and blanks the page. Select primitives or state objects, or wrap it in useShallow.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'useStore') return;
        let selector = node.arguments[1];
        if (!selector) return;
        const outer = context.sourceCode.getScope(node);
        // A selector passed by name: check the function it names (useShallow(...) is a call, left alone).
        if (selector.type === 'Identifier') selector = constInit(outer, selector.name) ?? selector;
        if (selector.type !== 'ArrowFunctionExpression' && selector.type !== 'FunctionExpression') return;
        const inner = context.sourceCode.getScope(selector.body.type === 'BlockStatement' ? selector.body : selector);
        for (const r of returned(selector)) {
          const why = fresh(r, inner);
          if (why) context.report({ node: r, messageId: 'fresh', data: { why } });
        }
      },
    };
  },
};

/** The project's own lint rules, as an ESLint plugin. */
const tabletop = { rules: { 'stable-selector': stableSelector } };

// ---- module boundaries ---------------------------------------------------------------------------
const RENDERING = ['three', 'three/*', 'three-mesh-bvh', '@react-three/*', '@dimforge/*'];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];
const STORE = ['zustand', 'zustand/*'];
const WORDS = ['i18next', 'i18next-*', 'react-i18next', 'intl-messageformat'];
/** The game server's packages (Node only; the page reaches a room through colyseus.js). */
const SERVER_PACKAGES = ['@colyseus/*', 'serve-static'];
const folder = (name) => [`**/${name}`, `**/${name}/*`, `**/${name}/**`];

/**
 * One boundary: files under `dir` (a folder of src/, or a list of globs) may not import `packages`
 * (gitignore patterns) or the listed project folders; `only` adds module names (regular expressions)
 * they may reach only through another, `onlyWhy` says which (a ruleset only through the list); `exact`
 * adds module names matched as regular expressions (bare `zustand`, not its folders).
 */
function boundary(dir, packages, folders, why, only = [], exact = [], onlyWhy = LIST_WHY, ignores = []) {
  const name = Array.isArray(dir) ? 'this module of src/rules' : `${dir}/`;
  return {
    files: Array.isArray(dir) ? dir : [`src/${dir}/**/*.{ts,tsx}`],
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length ? [{ group: packages, message: `${name} must not import this: ${why}` }] : []),
            ...exact.map((e) =>
              typeof e === 'string' ? { regex: e, message: `${name} must not import this: ${why}` } : e,
            ),
            ...folders.map((f) => ({ group: folder(f), message: `${name} must not import ${f}/: ${why}` })),
            ...only.map((regex) => ({ regex, message: `${name} reaches this only through ${onlyWhy}` })),
          ],
        },
      ],
    },
  };
}

// ---- rulesets -------------------------------------------------------------------------------------
// A ruleset is a folder of src/rules other than engine/ and dice/ (the shared parts); no list of ids is
// kept here, so a new ruleset's folder is checked the moment it exists.

/** An import of a ruleset's folder from outside src/rules (any rules/<x> but engine and dice). */
const A_RULESET = String.raw`(^|/)rules/(?!(engine|dice)(/|$))[^/]+`;
/** An import of a bot folder outside the rulesets (src/ai holds only the generic random bot). */
const A_BOT = String.raw`(^|/)ai/(?!randomBot$)`;
/** An import of the list of rulesets (src/rulesets.ts, or rulesetsLoaded.ts), which sits above every ruleset. */
const THE_LIST = {
  regex: String.raw`(^|/)rulesets(Loaded)?$`,
  message:
    'src/rules never imports the list of rulesets (src/rulesets.ts): the list sits above the rules and their bots',
};
/** From a ruleset's own module: its bot (./ai), another ruleset (../<x> but engine and dice) or the list. */
const MODULE_TO_BOT = {
  regex: String.raw`^\.(\.)?/(\.\./)*ai(/|$)`,
  message: "a ruleset's rules never import its bot (ai/): only the folder's index.ts composes the two",
};
const MODULE_TO_OTHER = {
  regex: String.raw`^\.\./(?!(engine|dice)(/|$))[^/.]+`,
  message: 'a ruleset (or the shared engine and dice) never imports another ruleset: share through src/rules/engine',
};
/** From a ruleset's bot (src/rules/<id>/ai/): another ruleset, or its own index.ts (which imports the bot). */
const BOT_TO_OTHER = { ...MODULE_TO_OTHER, regex: String.raw`^\.\./\.\./(?!(engine|dice)(/|$))[^/.]+` };
const BOT_TO_INDEX = {
  regex: String.raw`^\.\.(/index)?$`,
  message: "a bot imports its ruleset's modules (../engine, ../legal), never the index.ts that composes it (a cycle)",
};

/** Every ruleset, or every language, loaded up front (a top-level await): for the CLIs and tests, never the page. */
const ALL_LOADED = {
  regex: String.raw`(^|/)(rulesetsLoaded|allLanguages)$`,
  message:
    'the page never imports src/rulesetsLoaded.ts or src/i18n/allLanguages.ts (they load every ruleset or language before the first frame): read src/rulesets.ts and loadLanguage, which load one when it is chosen',
};

/** What the app (state, ui, scene) and the CLIs reach only through the list (ARCHITECTURE.md: nothing else names a ruleset). */
const THROUGH_LIST = [A_RULESET, A_BOT];
const LIST_WHY = 'src/rulesets.ts (nothing but the list names a ruleset)';

const RULES_PACKAGES = [...RENDERING, ...REACT, ...STORE, ...WORDS];
const RULES_FOLDERS = ['geometry', 'movement', 'physics', 'state', 'scene', 'ui', 'io', 'i18n'];
const RULES_WHY =
  'rules and AI are pure TypeScript; reach geometry through the Queries interface; words are message ids (rules/engine/message.ts), rendered outside (ARCHITECTURE.md)';
const GEO_WHY =
  'geometry, physics and movement know nothing of React, the store, rules, the scene or the file reader (the scene types are geometry/sceneTypes.ts) (ARCHITECTURE.md)';
const STATE_WHY =
  'the store is plain TypeScript with no React (zustand/vanilla only: bare zustand pulls in React); nothing imports the scene or the UI (ARCHITECTURE.md)';
const LEAF_WHY = 'nothing imports the scene or the UI (ARCHITECTURE.md); App.tsx composes them';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'tests/mutation/reports/**',
      'tests/mutation/.stryker-tmp/**',
      'tests/e2e/chromium.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Blob: 'readonly',
        setTimeout: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { tabletop }, rules: { 'tabletop/stable-selector': 'error' } },
  // ---- lint that knows the types -----------------------------------------------------------------
  // A promise is awaited, handled (.catch/.then with a rejection handler) or marked fire-and-forget
  // with `void`; a switch over a union names every member (a `default:` counts as naming the rest).
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // onClick={async () => ...}: React ignores a handler's result, so an async handler is fine there.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // The plain JavaScript files (this config, the .mjs scripts) are not in tsconfig.json: no type rules.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  // React's rules of hooks and the React-compiler rules (react-hooks 7) for components and hooks.
  {
    files: ['src/**/*.tsx', 'src/**/use*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Off: the scene drives three.js imperatively, which this React-compiler rule reads as mutating
      // hook values. It fired on DiceTray.tsx (the per-kind mesh cache from useMemo), EventPlayer.tsx
      // (useFrame resetting the playhead's poses), and TableScene.tsx (the ref props `register` and
      // `handle` set in effects, `controls.enabled` from useThree, the WeakMap route cache in useMemo).
      // Passing these would mean rewriting the scene's frame loop around state; nothing there re-renders
      // from these values.
      'react-hooks/immutability': 'off',
    },
  },
  // The shared rules (engine, dice) and each ruleset's index.ts: pure, and never the list above them.
  boundary(['src/rules/*.{ts,tsx}', 'src/rules/*/index.ts'], RULES_PACKAGES, RULES_FOLDERS, RULES_WHY, [], [THE_LIST]),
  // The shared rules never reach into a ruleset.
  boundary(
    ['src/rules/engine/**/*.{ts,tsx}', 'src/rules/dice/**/*.{ts,tsx}'],
    RULES_PACKAGES,
    RULES_FOLDERS,
    RULES_WHY,
    [],
    [THE_LIST, MODULE_TO_OTHER],
  ),
  // A ruleset's modules: never its own bot (only index.ts composes the two), another ruleset or the list.
  boundary(
    ['src/rules/*/**/*.{ts,tsx}'],
    RULES_PACKAGES,
    RULES_FOLDERS,
    RULES_WHY,
    [],
    [THE_LIST, MODULE_TO_BOT, MODULE_TO_OTHER],
    LIST_WHY,
    ['src/rules/engine/**', 'src/rules/dice/**', 'src/rules/*/index.ts', 'src/rules/*/ai/**'],
  ),
  // A ruleset's bot: its own rules, never another ruleset's, its own index.ts or the list.
  boundary(
    ['src/rules/*/ai/**/*.{ts,tsx}'],
    RULES_PACKAGES,
    RULES_FOLDERS,
    RULES_WHY,
    [],
    [THE_LIST, BOT_TO_OTHER, BOT_TO_INDEX],
  ),
  boundary('ai', RULES_PACKAGES, RULES_FOLDERS, RULES_WHY, [], [THE_LIST, A_RULESET]),
  boundary(
    'i18n',
    [...RENDERING, ...REACT, ...STORE],
    ['geometry', 'movement', 'physics', 'state', 'scene', 'ui', 'io', 'ai'],
    'the catalogues and the renderer are plain TypeScript over i18next (useSay.ts binds them to React through react-i18next)',
    THROUGH_LIST,
    [ALL_LOADED],
  ),
  boundary('geometry', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui', 'movement', 'io'], GEO_WHY),
  boundary('physics', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui', 'movement', 'io'], GEO_WHY),
  boundary('movement', [...REACT, ...STORE], ['rules', 'ai', 'state', 'scene', 'ui', 'io'], GEO_WHY),
  boundary(
    'dice3d',
    [...REACT, ...STORE, 'three', 'three/*', '@react-three/*'],
    ['rules', 'ai', 'state', 'scene', 'ui', 'io', 'geometry', 'movement'],
    'the 3D dice are plain numbers and the rapier module their caller loads lazily; the scene draws them (ARCHITECTURE.md)',
  ),
  boundary(
    'state',
    [...REACT, '@react-three/*', 'zustand/*', '!zustand/vanilla', ...SERVER_PACKAGES],
    ['scene', 'ui', 'server'],
    STATE_WHY,
    THROUGH_LIST,
    ['^zustand$', ALL_LOADED],
  ),
  boundary('io', [...REACT, ...STORE, '@react-three/*'], ['rules', 'ai', 'state', 'scene', 'ui'], STATE_WHY),
  boundary('cli', [...REACT, '@react-three/*'], ['scene', 'ui'], LEAF_WHY, THROUGH_LIST),
  boundary('scene', SERVER_PACKAGES, ['ui', 'server'], LEAF_WHY, THROUGH_LIST, [ALL_LOADED]),
  boundary('ui', SERVER_PACKAGES, ['scene', 'server'], LEAF_WHY, THROUGH_LIST, [ALL_LOADED]),
  // The page's own entry (main.tsx, App.tsx) and the spectator window.
  boundary(
    ['src/*.{ts,tsx}', 'src/spectator/**/*.{ts,tsx}'],
    SERVER_PACKAGES,
    ['server'],
    LEAF_WHY,
    [],
    [ALL_LOADED],
    LIST_WHY,
    ['src/rulesetsLoaded.ts'],
  ),
  // The online protocol: zod schemas and types that the game server and the page share.
  boundary(
    'online',
    [...RENDERING, ...REACT, ...STORE, ...WORDS, ...SERVER_PACKAGES, 'colyseus.js'],
    ['rules', 'ai', 'geometry', 'movement', 'physics', 'state', 'scene', 'ui', 'io', 'i18n', 'cli', 'server'],
    'the online protocol is plain schemas and types, shared by the game server and the page (ARCHITECTURE.md)',
  ),
  // The game server: Node only; it plays matches with the rules and the CLIs' table, never the page's parts.
  boundary(
    'server',
    [...REACT, '@react-three/*', ...STORE, 'colyseus.js'],
    ['state', 'scene', 'ui', 'spectator'],
    'the game server is Node: it sets tables up as the CLIs do and never imports the page (ARCHITECTURE.md)',
  ),
);
