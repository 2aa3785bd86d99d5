import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const ASSETS = resolve(import.meta.dirname, 'assets');
const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.stl': 'model/stl',
  '.png': 'image/png',
};

/**
 * Serves the project's assets/ folder at /assets/ (scenarios, terrain meshes, ruleset data) in dev
 * and preview, and copies it into dist/assets/ on build, so scene files can name
 * `assets/terrain/bunker.glb` the same way everywhere. Vite's own bundle goes to dist/bundle/.
 */
function projectAssets(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    if (!url.startsWith('/assets/')) return next();
    const file = normalize(join(ASSETS, url.slice('/assets/'.length)));
    if (!file.startsWith(ASSETS) || !existsSync(file) || !statSync(file).isFile()) return next();
    res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  };
  return {
    name: 'project-assets',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
    closeBundle() {
      const out = resolve(import.meta.dirname, 'dist/assets');
      if (existsSync(resolve(import.meta.dirname, 'dist'))) cpSync(ASSETS, out, { recursive: true });
    },
  };
}

/**
 * The built page's Content-Security-Policy, as a `<meta>` tag (the build is static, so no server sends a
 * header). Scripts only from the page's origin, no eval (only `wasm-unsafe-eval`, for rapier's WebAssembly),
 * requests only to the origin (and data:/blob: URLs a glTF file may embed). Inline styles stay allowed:
 * React and drei position labels with style attributes. Only in the build: the dev server's hot reload
 * injects an inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** The line of R3F's `<Canvas>` that registers the whole three namespace as JSX elements. */
const EXTEND_ALL = 'React.useMemo(() => extend(THREE), []);';

/**
 * In the build, R3F's `<Canvas>` registers only the classes the table names (src/scene/catalogue.ts)
 * instead of `extend(THREE)`, so three's unused classes leave the first load (about 36 kB gzip). The dev
 * server keeps the whole namespace (its dependencies are pre-bundled). A new R3F whose Canvas no longer
 * has that line fails the build here, naming it.
 */
function threeCatalogue(): Plugin {
  const catalogue = resolve(import.meta.dirname, 'src/scene/catalogue.ts');
  return {
    name: 'three-catalogue',
    apply: 'build',
    transform(code, id) {
      if (!/@react-three[\\/]fiber[\\/]dist[\\/]react-three-fiber\.esm\.js$/.test(id)) return null;
      if (!code.includes(EXTEND_ALL))
        throw new Error(`three-catalogue: ${id} no longer has "${EXTEND_ALL}"; update vite.config.ts`);
      return {
        code: `import * as __tableCatalogue from ${JSON.stringify(catalogue)};\n${code.replace(
          EXTEND_ALL,
          'React.useMemo(() => extend(__tableCatalogue), []);',
        )}`,
        map: null,
      };
    },
  };
}

/** Every unit test file. */
const UNIT_FILES = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'];
/** Unit files that need modules loaded afresh (they test the loading itself). */
const FRESH_MODULE_FILES = ['tests/unit/i18n/lazyWords.test.ts', 'tests/unit/rulesets/toy.test.tsx'];

export default defineConfig({
  plugins: [react(), projectAssets(), contentSecurityPolicy(), threeCatalogue()],
  publicDir: false,
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Module workers (the rules engine's, src/state/engine.worker.ts): ES output, chunks allowed.
  worker: { format: 'es' },
  build: {
    assetsDir: 'bundle',
    // rapier's chunk (4.3 MB of inlined WASM, loaded with import() on the first dice throw) is the largest.
    chunkSizeWarningLimit: 4500,
    sourcemap: false,
  },
  test: {
    setupFiles: ['tests/support/allWords.ts'],
    environment: 'node',
    // A harness limit, not a speed check: CLI tests start processes, and these machines are shared and
    // noisy (vitest's 5 s default failed whole-battle and CLI tests under load).
    testTimeout: 60_000,
    projects: [
      {
        // The unit files share their workers' loaded modules (`isolate: false`): loading the rules, three and
        // the catalogues once per worker instead of once per file takes the run from about 190 s to 85 s here.
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: FRESH_MODULE_FILES,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        // Files that test what loading a module does (lazy catalogues, a ruleset added to the list) get fresh modules.
        extends: true,
        test: { name: 'fresh-modules', include: FRESH_MODULE_FILES, pool: 'threads', isolate: true },
      },
    ],
  },
});
