/**
 * Writes the project's miniatures (src/cli/miniatureFigures.ts) to assets/miniatures/<name>.glb:
 * `npm run make-miniatures`. Each file holds the named parts `team`, `gear`, `metal` and `visor`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeGlbParts } from '../io/meshWrite';
import { buildFigure, FIGURE_NAMES } from './miniatureFigures';

const out = new URL('../../assets/miniatures/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const name of FIGURE_NAMES) {
  const bytes = writeGlbParts(buildFigure(name));
  writeFileSync(new URL(`${name}.glb`, out), bytes);
  console.log(`wrote assets/miniatures/${name}.glb (${bytes.length} bytes)`);
}
