/**
 * The roster: the player's models on the table (grouped by unit where the ruleset has units), each with
 * what the view already knows of it: whether it can still act now (the models Tab visits, `actingModels`),
 * whether it is acting, its pose (down, prone, pinned) and the tokens the table shows beside it. Pure:
 * the roster panel draws it, the tests read it.
 */
import type { Model } from '../geometry/sceneTypes';
import type { Text } from '../rules/engine/message';
import type { TablePose } from '../rules/engine/play';
import { actingModels } from './actionKeys';
import type { PlayView, Side } from './playView';

/** One model in the roster. */
export interface RosterEntry {
  id: string;
  name: string;
  side: string;
  /** A point pick or a choice acts with it now (Tab and Shift+Tab visit it). */
  canAct: boolean;
  /** The ruleset names it among the models acting now. */
  acting: boolean;
  pose: TablePose | null;
  /** The words of its token on the table (activated, ready, pinned, stunned, AP...), or null. */
  tokens: Text | null;
}

/** A unit's models (`unit` null: the ruleset has no units, or the model is in none). */
export interface RosterGroup {
  unit: string | null;
  entries: RosterEntry[];
}

/** The view's fields the roster reads. */
export type RosterView = Pick<
  PlayView,
  'seats' | 'decider' | 'choices' | 'picks' | 'actors' | 'poses' | 'markers' | 'units'
>;

/**
 * Whose models the roster lists: the one human seat's; with two humans at one screen, the deciding
 * player's (A once nobody decides); none when both seats are the AI's.
 */
export function rosterSide(view: Pick<PlayView, 'seats' | 'decider'>): Side | null {
  const humans = (['A', 'B'] as const).filter((p) => view.seats[p] === 'human');
  if (humans.length === 0) return null;
  if (humans.length === 1) return humans[0]!;
  return view.decider ?? 'A';
}

/** A token marker stands at its model's base centre (TableMarker): the one whose spot is the model's. */
const AT = 0.01;

/** The roster of `side`'s models on the table, in table order, grouped by unit in the order units first appear. */
export function rosterOf(
  view: RosterView,
  models: readonly Model[],
  side: Side | null = rosterSide(view),
): RosterGroup[] {
  if (side === null) return [];
  const can = actingModels(view);
  const tokens = view.markers.filter((m) => m.kind === 'token');
  const groups: RosterGroup[] = [];
  for (const m of models) {
    if (m.side !== side) continue;
    const token = tokens.find((t) => Math.abs(t.at[0] - m.position[0]) < AT && Math.abs(t.at[2] - m.position[2]) < AT);
    const entry: RosterEntry = {
      id: m.id,
      name: m.name ?? m.id,
      side: m.side,
      canAct: can.has(m.id),
      acting: view.actors.includes(m.id),
      pose: view.poses[m.id] ?? null,
      tokens: token && token.label !== '' ? token.label : null,
    };
    const unit = view.units?.[m.id] ?? null;
    const group = groups.find((g) => g.unit === unit && unit !== null) ?? (unit === null ? groups.at(-1) : undefined);
    if (group && group.unit === unit) group.entries.push(entry);
    else groups.push({ unit, entries: [entry] });
  }
  return groups;
}
