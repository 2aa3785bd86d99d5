/** The Boiler Yard (assets/scenarios/skirmish-ru-48.json) as real Queries: the geometry and movement cores. */
import { readFileSync } from 'node:fs';
import { parseSceneText } from '../../../../src/io/sceneFile';
import type { Scene } from '../../../../src/io/sceneSchema';
import type { Table } from '../../../../src/rules/engine/queries';
import { worldQueries } from '../../../../src/state/worldQueries';

export const YARD_FILE = 'assets/scenarios/skirmish-ru-48.json';

/** The scene, through the project's scene validator (throws on an error). */
export function yardScene(): Scene {
  const r = parseSceneText(readFileSync(YARD_FILE, 'utf8'), YARD_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Real Queries over the yard (no mesh pieces in it). */
export const yardTable = (): Table => worldQueries(yardScene(), () => undefined);
