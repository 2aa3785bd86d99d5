/**
 * Five Parsecs' forces for the battle CLI: side A fields a crew of the forces file, side B one enemy
 * type (how many turn up: crew size + the type's Numbers, at least 1, as `setupState` reads it).
 */
import type { ForcesDescriptor } from '../engine/forces';
import { parseForces, type FiveParsecsData } from './data';
import { SAMPLE } from './game';

const crewIds = (data: FiveParsecsData): string[] => data.crews.map((c) => c.id);
const enemyIds = (data: FiveParsecsData): string[] => data.enemies.map((e) => e.id);

/** Why a crew cannot be fielded by side A, or null. */
function crewProblem(data: FiveParsecsData, id: string): string | null {
  if (crewIds(data).includes(id)) return null;
  const have = crewIds(data).join(', ') || 'none';
  const hint = enemyIds(data).includes(id) ? ` ("${id}" is an enemy type: side B fields it)` : '';
  return `no crew "${id}" in the forces file (have: ${have})${hint}`;
}

/** Why an enemy type cannot be fielded by side B, or null. */
function enemyProblem(data: FiveParsecsData, id: string): string | null {
  if (enemyIds(data).includes(id)) return null;
  const have = enemyIds(data).join(', ') || 'none';
  const hint = crewIds(data).includes(id) ? ` ("${id}" is a crew: side A fields it)` : '';
  return `no enemy type "${id}" in the forces file (have: ${have})${hint}`;
}

/** Five Parsecs' forces: a crew for A, an enemy type for B. */
export const fiveparsecsForces: ForcesDescriptor<FiveParsecsData> = {
  file: 'assets/rulesets/fiveparsecs/forces.json',
  parse: parseForces,
  // One list for both sides: the crews (side A's choices), then the enemy types (side B's).
  ids: (data) => [...crewIds(data), ...enemyIds(data)],
  defaults: { A: SAMPLE.crew, B: SAMPLE.enemy },
  problem(data, id, side) {
    if (side === 'A') return crewProblem(data, id);
    if (side === 'B') return enemyProblem(data, id);
    if (crewIds(data).includes(id) || enemyIds(data).includes(id)) return null;
    return `no crew or enemy type "${id}" in the forces file (crews: ${crewIds(data).join(', ') || 'none'}; enemy types: ${enemyIds(data).join(', ') || 'none'})`;
  },
};
