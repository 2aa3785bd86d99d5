/**
 * What the Counterblast bot's skill actions are worth, in `evaluate`'s units: the lookahead counts a skill
 * action an active model could still make (lookahead.ts `potential`), with the Boosts on it, so a Boost
 * (+1D Knack to a friend's Engineer, Treat or Hack this activation) counts for the roll it improves:
 * - Hack: the chance of a success on Knack/7 times a Mark's worth (`MARKED`: shots at the model come one
 *   difficulty easier until the turn ends; evaluate.ts counts it against the marked model's side);
 * - Heal (Treat with a medkit, Engineer with a toolkit): each success takes a damage token off a friend
 *   within 1" (never below one), at the worth `evaluate` gives a token (half the model over its Mettle);
 * - Stabilize (Treat or Engineer on a Down friend): the chance of a success times the difference between a
 *   Stable and an unstable Down model (`evaluate`: `DOWN_STABLE` against `DOWN_BLEEDING` of its worth).
 */
import type { Queries } from '../../engine/queries';
import { pieceOf } from '../../engine/kit';
import type { CbState } from '../engine';
import { has, sees } from '../conditions';
import { onTable, type CbModel } from '../game';
import { HACK_RANGE } from '../skills';
import { expected } from './odds';
import { DOWN_BLEEDING, DOWN_STABLE, MARKED } from './evaluate';

/** The chance of at least one success with `dice` d10 against 7. */
const anySuccess = (dice: number): number => 1 - 0.6 ** Math.max(0, dice);

/** Whether a model's body takes Treat (living, cyberform) or Engineer (robot, cyberform). */
const takes = (t: CbModel, via: 'treat' | 'engineer') =>
  via === 'treat' ? t.card.body !== 'robot' : t.card.body !== 'living';

/** The best skill action model `id` could make now with `dice` Knack dice, in `evaluate`'s units (0: none). */
export function skillWorth(s: CbState, q: Queries, id: string, dice: number): number {
  const m = pieceOf(s.models, id);
  const gear = m.card.gear ?? [];
  let best = 0;
  for (const t of Object.values(s.models)) {
    if (!onTable(t) || t.id === m.id) continue;
    const worth = t.card.points / 100;
    if (t.player !== m.player) {
      if (
        gear.includes('scanner') &&
        !has(t, 'marked') &&
        q.distance(m.id, t.id) <= HACK_RANGE &&
        sees(s, q, m.id, t.id)
      )
        best = Math.max(best, anySuccess(dice) * MARKED * worth);
      continue;
    }
    // A friend to stabilize, or one to heal with the gear for it; only then is it measured.
    const hurt = (t.down && !t.stable) || (t.damage > 1 && (gear.includes('medkit') || gear.includes('toolkit')));
    if (!hurt || q.distance(m.id, t.id) > 1 || !sees(s, q, m.id, t.id)) continue;
    for (const via of ['treat', 'engineer'] as const) {
      if (!takes(t, via)) continue;
      if (t.down && !t.stable) best = Math.max(best, anySuccess(dice) * (DOWN_STABLE - DOWN_BLEEDING) * worth);
      else if (gear.includes(via === 'treat' ? 'medkit' : 'toolkit'))
        best = Math.max(best, Math.min(t.damage - 1, expected(dice, 7)) * ((0.5 * worth) / t.card.mettle));
    }
  }
  return best;
}
