/** rpg-attacks's forces for the battle CLI and the app: each side fields one squad of the squads file (the same squad may face itself). */
import type { ForcesDescriptor } from '../engine/forces';
import { parseSquads, type SquadsData } from './data';
import { DEPLOYMENTS, MAX_ROUNDS, SAMPLE, type Deployment } from './game';

const squadIds = (data: SquadsData): string[] => data.squads.map((q) => q.id);

/** The rounds a battle may be set up with (the first is the default). */
export const ROUND_CHOICES = [String(MAX_ROUNDS), '4', '8'] as const;

/** The number of rounds named by a set-up option (absent: MAX_ROUNDS); throws naming the value otherwise. */
export function roundsOf(value: string | undefined): number {
  if (value === undefined) return MAX_ROUNDS;
  if ((ROUND_CHOICES as readonly string[]).includes(value)) return Number(value);
  throw new Error(`rounds must be one of ${ROUND_CHOICES.join(', ')} (got "${value}")`);
}

/** The deployments a battle may be set up with (the first is the default). */
export const DEPLOYMENT_CHOICES = Object.keys(DEPLOYMENTS) as Deployment[];

/** The deployment named by a set-up option (absent: `lines`); throws naming the value otherwise. */
export function deploymentOf(value: string | undefined): Deployment {
  if (value === undefined) return 'lines';
  if ((DEPLOYMENT_CHOICES as string[]).includes(value)) return value as Deployment;
  throw new Error(`deployment must be one of ${DEPLOYMENT_CHOICES.join(', ')} (got "${value}")`);
}

/** rpg-attacks's forces: a squad per side. */
export const rpgAttacksForces: ForcesDescriptor<SquadsData> = {
  file: 'assets/rulesets/rpg-attacks/squads.json',
  parse: parseSquads,
  ids: squadIds,
  defaults: { A: SAMPLE[0], B: SAMPLE[1] },
  problem: (data, id) =>
    squadIds(data).includes(id)
      ? null
      : `no squad "${id}" in the squads file (have: ${squadIds(data).join(', ') || 'none'})`,
};
