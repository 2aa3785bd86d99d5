/**
 * Close combat outside the Strike itself: who Engages a model, Throw (a smaller enemy flung as a
 * jump), and Pursuit (after a model disengages, a model that engaged it goes after it).
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError } from '../engine/types';
import { SIZES } from './data';
import { gritDifficulty, gritOf, sees } from './conditions';
import { fall, FALL_RADIUS } from './damage';
import { onTable, radiusOf, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';
import { moveReach, moveToward } from './maneuvers';
import { CHECK, inches2, refuse, stopper } from './say';
import { pieceOf } from '../engine/kit';

/** The enemy models Engaging a model: they see it and it is within the Reach of one of their striking weapons (Down models never engage nor are engaged). `q` is the view of `s`. */
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
  if (!t || !onTable(t) || t.player === m.player)
    return refuse(msg('counterblast:err.notEnemy', { model: action.target }));
  if (SIZES.indexOf(t.card.size) >= SIZES.indexOf(m.card.size))
    return refuse(msg('counterblast:err.throwSmaller', { name: m.card.name }));
  if (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id))
    return ruleError('out-of-range', msg('counterblast:err.within1', { target: t.card.name }));
  // A Grit check like a Strike's: Prone, Panicked and a Down target count.
  const difficulty = gritDifficulty(m, t);
  const r = rollPool(dice, { dice: gritOf(m), difficulty });
  events.push({
    type: 'throw',
    text: msg('counterblast:event.throw', {
      name: m.card.name,
      target: t.card.name,
      check: CHECK.grit,
      pool: poolWords({ rolls: r.rolls, difficulty }),
    }),
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  let next = setModel(n, { ...pieceOf(n.models, m.id), spent: true });
  if (r.successes > 0) {
    const j = q.jumpLine(t.id, action.directionDeg, r.successes, 1, radiusOf(m), FALL_RADIUS);
    events.push({
      type: 'moved',
      text: j.stoppedBy
        ? msg('counterblast:event.thrownInto', {
            name: t.card.name,
            distance: inches2(j.travelled),
            into: stopper(j.stoppedBy),
          })
        : msg('counterblast:event.thrown', { name: t.card.name, distance: inches2(j.travelled) }),
      model: t.id,
      from: t.pos,
      to: j.end,
      how: 'push',
    });
    const thrown = pieceOf(next.models, t.id);
    next = j.fall ? fall(ctx, next, thrown, j.fall) : setModel(next, { ...thrown, pos: j.end });
    if (onTable(pieceOf(next.models, t.id))) next = setModel(next, { ...pieceOf(next.models, t.id), prone: true });
  }
  return next;
};

/**
 * Pursuit: the pursuer Moves straight at the model that disengaged, to a tenth of an inch from its
 * base (inside any Reach, so re-engaging when the Move and the ground allow), else as near as it
 * can. `ctx.at(s)` is the view of `s`.
 */
export function pursue(ctx: CbContext, s: CbState, pursuer: CbModel, quarry: CbModel): CbState {
  if (!pursuer.pos || !quarry.pos) return s;
  const gap =
    Math.hypot(quarry.pos[0] - pursuer.pos[0], quarry.pos[2] - pursuer.pos[2]) - radiusOf(pursuer) - radiusOf(quarry);
  const reach = moveReach(ctx, pursuer);
  const moved = moveToward(
    ctx,
    s,
    pursuer,
    quarry.pos[0],
    quarry.pos[2],
    Math.max(0, gap - 0.1),
    { pursues: quarry.card.name },
    reach,
  );
  if (moved) return moved;
  ctx.events.push({
    type: 'pursuit',
    text: msg('counterblast:event.noPursuit', { name: pursuer.card.name, target: quarry.card.name }),
    model: pursuer.id,
  });
  return s;
}
