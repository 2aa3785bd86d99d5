/**
 * Battle drills: before a force unit activates, its player may spend 1 CP on one of the force
 * card's three drills, for that activation (one per activation; not Handler or BLKLIST units).
 * Played: Assaulters, Stims, Cross Fire, Arsenal, Linked, Thorax Shields, Overwhelming Fire,
 * Tactical Positioning, Chaff, Switchback, Peel Back, Close Assault, Targeting Smoke, Small Unit
 * Tactics (every drill of the five starter force cards).
 */
import type { BattleDrill, DrillId } from './data';
import type { BlkoutAction } from './actions';
import type { BlkoutState, ModelState, Player } from './game';
import { pieceOf } from '../engine/kit';

/** Drills this build plays. */
export const PLAYABLE_DRILLS: readonly DrillId[] = [
  'assaulters',
  'stims',
  'cross-fire',
  'arsenal',
  'linked',
  'thorax-shields',
  'overwhelming-fire',
  'tactical-positioning',
  'chaff',
  'switchback',
  'peel-back',
  'close-assault',
  'targeting-smoke',
  'small-unit-tactics',
];

/** Drills that put a smoke token down, and how near a model of the unit it goes. */
export const SMOKE_DRILLS: Partial<Record<DrillId, number>> = { chaff: 6, switchback: 4, 'targeting-smoke': 6 };
/** The short moves of Switchback, Peel Back and Close Assault, inches. */
export const DRILL_MOVE = 2;

/** A unit's force drills (none for Handler, BLKLIST and Duster units). */
export function drillsOf(s: BlkoutState, unit: string): BattleDrill[] {
  const u = pieceOf(s.units, unit, 'unit');
  if (u.role !== 'force' && u.role !== 'strikeforce') return [];
  return (u.faction && s.drills?.[u.faction]) || [];
}

/** Whether a drill is in effect for a model's unit right now (its unit is activating with it). */
export function drilled(s: BlkoutState, m: Pick<ModelState, 'unit'>, drill: DrillId): boolean {
  return s.activation?.unit === m.unit && s.activation.drill === drill;
}

/** Stims: +2" Move for the activation. */
export const moveOf = (s: BlkoutState, m: ModelState): number => m.move + (drilled(s, m, 'stims') ? 2 : 0);

/** Drill choices before an activation: 1 CP, a playable drill of the unit's force, one per activation. */
export function drillChoices(s: BlkoutState, p: Player, units: readonly string[]): BlkoutAction[] {
  if (s.cp[p] < 1 || s.burn.primed?.drill) return [];
  const out: BlkoutAction[] = [];
  for (const unit of units) {
    if (s.burn.primed && s.burn.primed.unit !== unit) continue;
    for (const d of drillsOf(s, unit)) {
      if (!PLAYABLE_DRILLS.includes(d.id)) continue;
      const reach = SMOKE_DRILLS[d.id];
      if (reach === undefined) {
        out.push({ type: 'drill', unit, drill: d.id });
        continue;
      }
      // A smoke token beside the unit's first model, on the table's side of it (any spot within reach is legal).
      const m = pieceOf(s.units, unit, 'unit')
        .models.map((id) => pieceOf(s.models, id))
        .find((x) => x.pos && !x.destroyed);
      const side = m && m.pos![0] > s.table.width / 2 ? -1 : 1;
      if (m)
        out.push({
          type: 'drill',
          unit,
          drill: d.id,
          x: Math.round((m.pos![0] + (side * reach) / 2) * 1000) / 1000,
          z: m.pos![2],
        });
    }
  }
  return out;
}
