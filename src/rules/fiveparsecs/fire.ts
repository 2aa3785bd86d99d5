/**
 * A weapon fired (the Shoot action, Snap Fire, a shot after Seizing the Initiative): its Shots at the
 * target, with the weapon traits that spread them (../shared/rules/README.md "Traits"):
 *
 * - **Focused** ("all shots at one target"): every Shot at the one target, rolled together; Hits on
 *   a figure already out are lost.
 * - **The multi-shot switch** ("With multi-shot weapons, switching to a target within 3" of one taken
 *   out must stay in range"): a weapon of 2+ Shots that is neither Focused nor Area rolls its Shots
 *   one at a time; once the target is out, the Shots left go to the nearest other enemy within 3" of
 *   where it stood that the firer may legally shoot (sight, range, the 3" rule), ties by id; with
 *   none, they are lost. The rules pick it (no follow-up choice for the player).
 * - **Area** ("extra shot at every figure within 2""): after the Shots at the target, one extra
 *   shot at every other figure, friend or foe (not the firer), whose base is within 2" of the spot
 *   where the target stood, each rolled separately, in id order: it needs sight from the firer, and
 *   its number is by its own distance and cover, range not counted (the area is where the target was).
 *
 * The firer's `lastTarget` is the last figure its Shots went at (Area extras not counted).
 */
import { radiusInches } from '../engine/units';
import { isError } from '../engine/types';
import { planShot, volley, type ShotPlan } from './combat';
import { isCovered, MUST_FIRE_WITHIN } from './cover';
import { BASE_MM, setFigure, type FpContext, type FpFigure, type FpState } from './game';
import { toHitTarget } from './shooting';
import { inch2 } from './say';
import { msg } from '../engine/message';
import { pieceOf } from '../engine/kit';
import { sightOf } from './sight';

/** "a target within 3" of one taken out". */
export const SWITCH_WITHIN = MUST_FIRE_WITHIN;
/** "every figure within 2"" of an Area weapon's target. */
export const AREA_WITHIN = 2;

/** Edge-to-edge distance between two 25 mm bases standing at `a` and `b` (the one taken out is off the table). */
export function baseGap(a: readonly number[], b: readonly number[]): number {
  const centres = Math.hypot(a[0]! - b[0]!, a[2]! - b[2]!) - 2 * radiusInches(BASE_MM);
  return Math.max(0, Math.hypot(Math.max(0, centres), a[1]! - b[1]!));
}

/** Whether a weapon's spare Shots switch to another target (2+ Shots, neither Focused nor Area). */
export const switches = (traits: readonly string[], shots: number): boolean =>
  shots > 1 && !traits.includes('focused') && !traits.includes('area');

/** The next target after `from` (at `at`) is out: the nearest enemy within 3" of that spot the firer may shoot, ties by id. */
export function switchTarget(
  ctx: FpContext,
  s: FpState,
  f: FpFigure,
  weapon: string,
  at: readonly number[],
): { id: string; plan: ShotPlan } | null {
  const q = ctx.at(s);
  const near = Object.values(s.figures)
    .filter((e) => e.side !== f.side && e.out === null)
    .map((e) => ({ e, d: baseGap(at, e.pos) }))
    .filter((x) => x.d <= SWITCH_WITHIN)
    .sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id));
  for (const { e } of near) {
    const plan = planShot(s, q, f, weapon, e.id);
    if (!isError(plan)) return { id: e.id, plan };
  }
  return null;
}

/** The Area weapon's extra shots: one at each other figure within 2" of where the target stood. */
function areaShots(
  ctx: FpContext,
  s: FpState,
  f: FpFigure,
  plan: ShotPlan,
  at: readonly number[],
  target: string,
): FpState {
  let next = s;
  const caught = Object.values(s.figures)
    .filter((e) => e.out === null && e.id !== f.id && e.id !== target && baseGap(at, e.pos) <= AREA_WITHIN)
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const c of caught) {
    const e = pieceOf(next.figures, c.id, 'figure');
    if (e.out !== null) continue;
    const q = ctx.at(next);
    const facts = sightOf(q, f.id, e.id);
    if (!facts.hasLos) {
      ctx.events.push({
        type: 'area',
        text: msg('fiveparsecs:event.areaUnseen', { name: f.name, target: e.name, weapon: plan.weapon.name }),
        model: e.id,
      });
      continue;
    }
    const distance = q.distance(f.id, e.id);
    const hit = toHitTarget(distance, Infinity, isCovered(q, f.id, e.id, facts, distance))!;
    next = volley(
      ctx,
      next,
      pieceOf(next.figures, f.id, 'figure'),
      { ...plan, distance, covered: hit.target === 6, hit },
      e.id,
      1,
      'area',
    );
  }
  return next;
}

/** Fires a weapon at a target by its plan: its Shots (switching when it may), the Area's extra shots, single use spent. */
export function shoot(ctx: FpContext, s: FpState, f: FpFigure, plan: ShotPlan, targetId: string): FpState {
  const w = plan.weapon;
  const shots = w.shots ?? 1;
  const at = [...pieceOf(s.figures, targetId, 'figure').pos];
  let next = s;
  let last = targetId;
  if (!switches(w.traits, shots)) next = volley(ctx, next, f, plan, targetId, shots);
  else {
    let current = { id: targetId, plan };
    for (let i = 0; i < shots; i++) {
      const t = pieceOf(next.figures, current.id, 'figure');
      if (t.out !== null) {
        const to = switchTarget(ctx, next, pieceOf(next.figures, f.id, 'figure'), w.id, t.pos);
        if (!to) {
          ctx.events.push({
            type: 'shots-lost',
            text: msg('fiveparsecs:event.shotsLost', { name: t.name, within: inch2(SWITCH_WITHIN), shots: shots - i }),
            model: f.id,
          });
          break;
        }
        current = to;
        last = to.id;
      }
      const lead = current.id === targetId ? 'fires' : 'switch';
      next = volley(ctx, next, pieceOf(next.figures, f.id, 'figure'), current.plan, current.id, 1, lead);
    }
  }
  if (w.traits.includes('area')) next = areaShots(ctx, next, pieceOf(next.figures, f.id, 'figure'), plan, at, targetId);
  const firer = pieceOf(next.figures, f.id, 'figure');
  return setFigure(next, {
    ...firer,
    lastTarget: last,
    ...(w.traits.includes('single-use') ? { spent: [...firer.spent, w.id] } : {}),
  });
}
