/**
 * Close combat: CQC after an action that leaves infantry in base contact with enemy infantry (or a
 * Duster with a Duster), and the drills' 2" moves as an activation ends (Peel Back; Close Assault,
 * only into base contact, then CQC).
 */
import { ruleError } from '../engine/types';
import { inch, msg } from '../engine/message';
import { illegal, pieceOf } from '../engine/kit';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { cqc } from './combat';
import { DRILL_MOVE } from './drills';
import { finishActivation } from './activation';
import { cqcSide, extraDie, CONTACT, inContact } from './situation';
import { withSpecial } from './special';
import { onTable, radiusOf, type Activation, type BlkoutState } from './game';
import { placed, setModel, shortMove } from './steps';

/**
 * After an action in the Actions step: the actor fights each enemy it is in base contact with, in
 * turn, while it stands (contact is asked of the table as it stands after each fight).
 */
export function closeQuarters(ctx: Ctx, s: BlkoutState, a: Activation, actor: string): BlkoutState {
  let next = s;
  const m = pieceOf(next.models, actor);
  if (a.stage === 'actions' && m.player === a.player && onTable(m) && cqcSide(m) !== null) {
    for (const e of Object.values(next.models)) {
      if (e.player === m.player || !onTable(e) || cqcSide(e) !== cqcSide(m)) continue;
      if (pieceOf(next.models, actor).destroyed) break;
      if (!inContact(ctx.at(next), actor, e.id)) continue;
      next = cqc(
        ctx,
        next,
        actor,
        e.id,
        (x) => extraDie(next, x),
        (x, c) => withSpecial(next, x, c),
      );
    }
  }
  return next;
}

/** Peel Back / Close Assault: a model's 2" move as its unit's activation ends (Close Assault: only into base contact with an enemy, then CQC). */
export function endMove(ctx: Ctx, s: BlkoutState, action: ActionOf<'end-move'>): Out {
  const a = s.activation;
  if (!a?.endMoves?.includes(action.model)) return illegal(`${action.model} has no drill move to make now`);
  const m = pieceOf(s.models, action.model);
  const short = shortMove(s, ctx.at(s), m, action, DRILL_MOVE, msg('blkout:error.drillMove'));
  if ('error' in short) return short;
  const { to, length } = short;
  const foes = Object.values(s.models).filter((e) => e.player !== m.player && onTable(e) && cqcSide(e) === 'infantry');
  const touching = foes.filter(
    (e) => Math.hypot(e.pos![0] - to[0], e.pos![2] - to[2]) - radiusOf(e) - radiusOf(m) <= CONTACT + 1e-9,
  );
  if (a.drill === 'close-assault' && touching.length === 0)
    return ruleError('illegal-action', msg('blkout:error.closeAssault'));
  let next = setModel(s, placed(m, to));
  ctx.events.push({
    type: 'moved',
    text:
      a.drill === 'close-assault'
        ? msg('blkout:event.closeAssault', { name: m.name, length: inch(length) })
        : msg('blkout:event.peelBack', { name: m.name, length: inch(length) }),
    model: m.id,
    from: m.pos,
    to,
  });
  if (a.drill === 'close-assault' && m.kind === 'infantry') {
    for (const e of touching)
      if (!pieceOf(next.models, m.id).destroyed)
        next = cqc(
          ctx,
          next,
          m.id,
          e.id,
          (x) => extraDie(next, x),
          (x, c) => withSpecial(next, x, c),
        );
  }
  const left = a.endMoves.filter((id) => id !== m.id && !pieceOf(next.models, id).destroyed);
  next = { ...next, activation: { ...next.activation!, endMoves: left.length ? left : null } };
  return ok(ctx, left.length ? next : finishActivation(ctx, next));
}
