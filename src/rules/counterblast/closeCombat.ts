/**
 * Close combat outside the Strike itself: who Engages a model, Throw (a smaller enemy flung as a
 * jump), and Pursuit (after a model disengages, a model that engaged it goes after it).
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { fmt, illegal } from '../engine/kit';
import type { Queries } from '../engine/queries';
import { ruleError } from '../engine/types';
import { SIZES } from './data';
import { gritDifficulty, gritOf, sees } from './conditions';
import { fall, FALL_RADIUS } from './damage';
import { onTable, radiusOf, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';
import { moveToward } from './maneuvers';

/** The enemy models Engaging a model: they see it and it is within the Reach of one of their striking weapons (Down models never engage nor are engaged). The caller has arranged `q` for `s`. */
export function engagers(s: CbState, q: Queries, m: CbModel): CbModel[] {
  if (!onTable(m) || m.down) return [];
  return Object.values(s.models).filter(
    (e) =>
      e.player !== m.player &&
      onTable(e) &&
      !e.down &&
      e.card.striking.some((w) => q.distance(e.id, m.id) <= w.reach + 1e-9) &&
      sees(s, q, e.id, m.id),
  );
}

/**
 * Throw: a smaller enemy within 1" and in sight; Grit against 7 (8 if its Grit is higher); on a
 * success it flies the result in inches, as a jump using the thrower's size, and lands Prone.
 * Spends the thrower.
 */
export const throwModel: StepHandler<'throw'> = (ctx, action, { before: s, next: n, m }) => {
  const { dice, events, q } = ctx;
  const t = s.models[action.target];
  if (!t || !onTable(t) || t.player === m.player) return illegal(`${action.target} is not an enemy model on the table`);
  if (SIZES.indexOf(t.card.size) >= SIZES.indexOf(m.card.size))
    return illegal(`${m.card.name} throws only models smaller than itself`);
  if (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id))
    return ruleError('out-of-range', `${t.card.name} must be within 1" and in sight`);
  // A Grit check like a Strike's: Prone, Panicked and a Down target count.
  const difficulty = gritDifficulty(m, t);
  const r = rollPool(dice, { dice: gritOf(m), difficulty });
  events.push({
    type: 'throw',
    text: `${m.card.name} tries to throw ${t.card.name}: Grit ${poolWords({ rolls: r.rolls, difficulty })}`,
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  let next = setModel(n, { ...n.models[m.id]!, spent: true });
  if (r.successes > 0) {
    const j = q.jumpLine(t.id, action.directionDeg, r.successes, 1, radiusOf(m), FALL_RADIUS);
    events.push({
      type: 'moved',
      text: `${t.card.name} is thrown ${fmt(j.travelled)}"${j.stoppedBy ? ` into ${j.stoppedBy}` : ''}`,
      model: t.id,
      from: t.pos,
      to: j.end,
      how: 'push',
    });
    const thrown = next.models[t.id]!;
    next = j.fall ? fall(ctx, next, thrown, j.fall) : setModel(next, { ...thrown, pos: j.end });
    if (onTable(next.models[t.id]!)) next = setModel(next, { ...next.models[t.id]!, prone: true });
  }
  return next;
};

/**
 * Pursuit: the pursuer Moves straight at the model that disengaged, to a tenth of an inch from its
 * base (inside any Reach, so re-engaging when the Move and the ground allow), else as near as it
 * can. `ctx.q` is arranged for the table of `s`.
 */
export function pursue(ctx: CbContext, s: CbState, pursuer: CbModel, quarry: CbModel): CbState {
  if (!pursuer.pos || !quarry.pos) return s;
  const gap =
    Math.hypot(quarry.pos[0] - pursuer.pos[0], quarry.pos[2] - pursuer.pos[2]) - radiusOf(pursuer) - radiusOf(quarry);
  const moved = moveToward(
    ctx,
    s,
    pursuer,
    quarry.pos[0],
    quarry.pos[2],
    Math.max(0, gap - 0.1),
    `pursues ${quarry.card.name}`,
  );
  if (moved) return moved;
  ctx.events.push({
    type: 'pursuit',
    text: `${pursuer.card.name} finds no way after ${quarry.card.name}`,
    model: pursuer.id,
  });
  return s;
}
