/**
 * BLKOUT's forces for the battle CLI: one group per faction (the starter group where there is one,
 * else the faction's handler and its first three force units), from the unit cards file.
 */
import type { ForcesDescriptor } from '../engine/forces';
import { parseData, type BlkoutData } from './data';
import type { GroupChoice } from './game';
import { groupProblem, STARTER_GROUPS } from './groups';

/** The group a faction fields by default (its starter group, or its handler and first three force units). */
export function factionGroup(data: BlkoutData, faction: string): GroupChoice | null {
  const f = data.factions.find((x) => x.id === faction);
  if (!f) return null;
  const starter = Object.values(STARTER_GROUPS).find((g) => g.faction === faction);
  if (starter) return starter;
  const handler = data.units.find((u) => u.role === 'handler')?.id ?? '';
  const units = data.units
    .filter((u) => u.faction === faction && u.role === 'force')
    .slice(0, 3)
    .map((u) => u.id);
  return { name: `${f.name} group`, faction, handler, units };
}

/** BLKOUT's forces: a faction's group. */
export const blkoutForces: ForcesDescriptor<BlkoutData> = {
  file: 'assets/rulesets/blkout/units.json',
  parse: parseData,
  ids: (data) => data.factions.map((f) => f.id),
  defaults: { A: STARTER_GROUPS.A.faction, B: STARTER_GROUPS.B.faction },
  problem(data, id) {
    const g = factionGroup(data, id);
    if (!g) return `no faction "${id}" in the unit cards (have: ${data.factions.map((f) => f.id).join(', ')})`;
    return groupProblem(data, g);
  },
};
