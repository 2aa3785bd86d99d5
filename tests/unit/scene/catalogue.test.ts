/**
 * The build's R3F catalogue (src/scene/catalogue.ts, handed to `<Canvas>` by vite.config.ts instead of the
 * whole three namespace) names every three.js element the table can render: each one a file of src/
 * writes as JSX, and each one the drei components it imports render. An element missing from it would
 * stop the table drawing in the build with "is not part of the THREE namespace".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import * as TABLE_CATALOGUE from '../../../src/scene/catalogue';

const pascal = (tag: string) => tag[0]!.toUpperCase() + tag.slice(1);
const isThree = (tag: string) => typeof (THREE as Record<string, unknown>)[pascal(tag)] === 'function';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

/** The lowercase JSX elements of a TSX source that name three.js classes. */
function threeTags(source: string): string[] {
  return [...source.matchAll(/<([a-z][A-Za-z0-9]*)[\s/>]/g)].map((m) => m[1]!).filter(isThree);
}

/** The elements a drei module renders (`createElement("mesh", ...)`), its own imports followed. */
function dreiTags(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  const own = [...code.matchAll(/createElement\("([a-z][A-Za-z0-9]*)"/g)].map((m) => m[1]!).filter(isThree);
  const local = [...code.matchAll(/from '(\.\.?\/[^']+\.js)'/g)].map((m) => join(dirname(file), m[1]!));
  return [...own, ...local.flatMap((f) => dreiTags(f, seen))];
}

const SRC = files('src');
const used = [...new Set(SRC.flatMap((f) => threeTags(readFileSync(f, 'utf8'))))].sort();
const dreiParts = [
  ...new Set(
    SRC.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/import \{([^}]*)\} from '@react-three\/drei'/g)].flatMap((m) =>
        m[1]!.split(',').map((s) => s.trim()),
      ),
    ),
  ),
].filter(Boolean);
const require = createRequire(import.meta.url);
const drei = dirname(require.resolve('@react-three/drei'));
const dreiFile = (part: string) =>
  [join(drei, 'core', `${part}.js`), join(drei, 'web', `${part}.js`)].find((f) => {
    try {
      readFileSync(f);
      return true;
    } catch {
      return false;
    }
  });

describe("the build's three.js catalogue", () => {
  it('finds the elements the table writes (the scan itself works)', () => {
    expect(used).toEqual(expect.arrayContaining(['mesh', 'instancedMesh', 'group', 'meshStandardMaterial']));
    expect(threeTags('<div><mesh position={[0, 1, 0]}><boxGeometry /></mesh></div>')).toEqual(['mesh', 'boxGeometry']);
  });

  it('holds every three.js element a file of src/ writes as JSX', () => {
    const missing = used.filter((t) => !(pascal(t) in TABLE_CATALOGUE));
    expect(missing).toEqual([]);
  });

  it('holds every three.js element the drei components the table imports render', () => {
    expect(dreiParts).toEqual(expect.arrayContaining(['Html', 'Grid', 'Line']));
    const tags = dreiParts.flatMap((p) => {
      const f = dreiFile(p);
      if (!f) throw new Error(`drei has no core/ or web/ module for ${p}`);
      return dreiTags(f);
    });
    expect(tags).toEqual(expect.arrayContaining(['mesh', 'planeGeometry', 'group']));
    expect([...new Set(tags)].filter((t) => !(pascal(t) in TABLE_CATALOGUE))).toEqual([]);
  });

  it('maps each name to the three.js class of that name', () => {
    for (const [name, cls] of Object.entries(TABLE_CATALOGUE))
      expect(cls).toBe((THREE as Record<string, unknown>)[name]);
  });
});
