/**
 * Auto (X): after a Shoot action with the weapon (and the overwatch that answers it), the model may
 * shoot it up to X more times, at a different model each time, each within 4" of the first target
 * and in the weapon's range. Nobody may react to these shots. With Cyclic the sequence is: the
 * shot (return fire here), overwatch on it, the Auto shots, then Ready or the whole sequence again.
 */
import { fmt, pieceOf } from '../engine/kit';
import type { Queries } from '../engine/queries';
import { hasRule, ruleX } from './data';
import { onTable, radiusOf, type AutoFire, type BlkoutState, type ModelState } from './game';
import { weaponsAt } from './situation';

/** How far from the first target the extra targets may be, inches. */
export const AUTO_SPREAD = 4;

/** The Auto sequence a Shoot action with this weapon starts, or null (no Auto rule). */
export function autoFor(m: ModelState, weapon: number, target: ModelState): AutoFire | null {
  const w = m.weapons[weapon]!;
  if (!hasRule(w.rules, 'Auto')) return null;
  return {
    model: m.id,
    weapon,
    first: target.id,
    firstAt: target.pos!,
    firstRadius: radiusOf(target),
    left: ruleX(w.rules, 'Auto'),
    targeted: [target.id],
    ready: false,
  };
}

/** Why `target` cannot take an Auto shot now, or null. Flat edge-to-edge distance from where the first target stood. */
export function autoRefusal(s: BlkoutState, q: Queries, auto: AutoFire, target: string): string | null {
  const t = s.models[target];
  if (!t || !onTable(t) || t.player === pieceOf(s.models, auto.model).player)
    return `${target} is not an enemy model on the table`;
  if (auto.targeted.includes(target)) return `each Auto shot must be at a different model (${t.name} has been shot at)`;
  const gap = Math.hypot(t.pos![0] - auto.firstAt[0], t.pos![2] - auto.firstAt[2]) - radiusOf(t) - auto.firstRadius;
  if (gap > AUTO_SPREAD + 1e-9)
    return `Auto shots go at models within 4" of the first target (${t.name} is ${fmt(gap)}" away)`;
  if (!weaponsAt(s, q, auto.model, target).includes(auto.weapon))
    return `${t.name} is out of sight or range of ${pieceOf(s.models, auto.model).weapons[auto.weapon]!.name}`;
  return null;
}

/** The models an Auto shot may go at now. */
export function autoTargets(s: BlkoutState, q: Queries, auto: AutoFire): string[] {
  return Object.values(s.models)
    .filter((t) => autoRefusal(s, q, auto, t.id) === null)
    .map((t) => t.id);
}
