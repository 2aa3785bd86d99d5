/**
 * BLKOUT's forces for the battle CLI: one group per faction (the starter group where there is one,
 * else the faction's handler and its first three force units), and the first faction's with a Duster
 * (`harlow+duster-caber`), from the unit cards file.
 */
import type { ForcesDescriptor } from '../engine/forces';
import { parseData, type BlkoutData } from './data';
import type { GroupChoice } from './game';
import { groupProblem, STARTER_GROUPS } from './groups';

/** A force id that fields a Duster: the faction's group with the Duster in its third unit's slot. */
const DUSTER_JOIN = '+';

/**
 * The group a faction fields by default (its starter group, or its handler and first three force units);
 * `<faction>+<duster>` is that group with the Duster unit in the third slot (Dusters by agreement).
 */
export function factionGroup(data: BlkoutData, faction: string): GroupChoice | null {
  const [id, duster] = faction.split(DUSTER_JOIN);
  if (duster !== undefined) {
    const base = factionGroup(data, id!);
    const d = data.units.find((u) => u.id === duster && u.role === 'duster');
    if (!base || !d) return null;
    return { ...base, name: `${base.name} + ${d.name}`, units: [...base.units.slice(0, 2), d.id] };
  }
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
  // Each faction's group, and the first one's with the first Duster (so Dusters are played in the bench's mirror).
  ids: (data) => {
    const duster = data.units.find((u) => u.role === 'duster');
    const first = data.factions[0];
    return [...data.factions.map((f) => f.id), ...(duster && first ? [`${first.id}${DUSTER_JOIN}${duster.id}`] : [])];
  },
  defaults: { A: STARTER_GROUPS.A.faction, B: STARTER_GROUPS.B.faction },
  problem(data, id) {
    const g = factionGroup(data, id);
    if (!g) return `no faction "${id}" in the unit cards (have: ${data.factions.map((f) => f.id).join(', ')})`;
    return groupProblem(data, g);
  },
};
