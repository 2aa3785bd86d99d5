/**
 * skirmish-ru's forces for the battle CLI and the app: each side fields one gang of the gangs file
 * (the same gang may face itself), with the set-up options `turnOrder` (alternating activations or
 * whole-side turns, README "Readings: the battle") and `rounds` (the battle's length: the text names none).
 */
import type { ForcesDescriptor } from '../engine/forces';
import { parseGangs, type GangsData } from './data';
import { MAX_ROUNDS, SAMPLE, type TurnOrder } from './game';

/** The battle lengths a battle may be set up with, in rounds (the first is the default). */
export const ROUND_CHOICES = [String(MAX_ROUNDS), '3', '4', '6'] as const;

/** The number of rounds named by a set-up option (absent: MAX_ROUNDS); throws naming the value otherwise. */
export function roundsOf(value: string | undefined): number {
  if (value === undefined) return MAX_ROUNDS;
  if ((ROUND_CHOICES as readonly string[]).includes(value)) return Number(value);
  throw new Error(`rounds must be one of ${ROUND_CHOICES.join(', ')} (got "${value}")`);
}

/** The turn orders a battle may be set up with (the first is the default). */
export const TURN_ORDERS: readonly TurnOrder[] = ['alternating', 'sides'];
export const TURN_ORDER_LABELS = {
  alternating: 'skirmish-ru:turnOrder.alternating',
  sides: 'skirmish-ru:turnOrder.sides',
} as const satisfies Record<TurnOrder, string>;

/** The turn order named by a set-up option (absent: alternating); throws naming the value otherwise. */
export function turnOrderOf(value: string | undefined): TurnOrder {
  if (value === undefined) return 'alternating';
  if ((TURN_ORDERS as readonly string[]).includes(value)) return value as TurnOrder;
  throw new Error(`turnOrder must be one of ${TURN_ORDERS.join(', ')} (got "${value}")`);
}

const gangIds = (data: GangsData): string[] => data.gangs.map((g) => g.id);

/** skirmish-ru's forces: a gang per side. */
export const skirmishRuForces: ForcesDescriptor<GangsData> = {
  file: 'assets/rulesets/skirmish-ru/gangs.json',
  parse: parseGangs,
  ids: gangIds,
  defaults: { A: SAMPLE[0], B: SAMPLE[1] },
  problem: (data, id) =>
    gangIds(data).includes(id)
      ? null
      : `no gang "${id}" in the gangs file (have: ${gangIds(data).join(', ') || 'none'})`,
};
