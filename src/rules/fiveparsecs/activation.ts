/**
 * A figure's activation (five-parsecs.en.txt, "Actions" and "Moving"): Move up to Speed, then a
 * Combat Action (Shoot or Brawl); a figure that does not fire may move +2" (a dash); entering base
 * contact starts a Brawl at once. A Stunned figure may Move OR act, and one Stun marker comes off
 * after its activation. Before round 1, after Seizing the Initiative, each crew figure may Move or
 * fire once (no dash, no Brawl).
 */
import { msg, type Msg } from '../engine/message';
import { isError, ruleError } from '../engine/types';
import { spotWords, standWords } from '../engine/words';
import { brawl, mayBrawl, planShot } from './combat';
import { shoot } from './fire';
import { inContact } from './cover';
import { mayMoveAndAct, stunAfterActing } from './damage';
import {
  BASE_MM,
  FIGURE_HEIGHT,
  setFigure,
  type Applied,
  type FpContext,
  type FpFigure,
  type FpState,
  type Handler,
} from './game';
import { combatForgone } from './freeActions';
import { inch2, refuse } from './say';
import { moveCost } from './moveCost';
import { openSnapFire } from './snapFire';
import { advance, mayActNow } from './round';
import { pieceOf } from '../engine/kit';

/** "May move +2", if not firing": the dash's extra inches. */
export const DASH = 2;

/** The figure acting, or why it may not act now (another figure's activation is open, its phase is not now). */
export function actorRefusal(s: FpState, figure: string): Msg | null {
  const f = s.figures[figure];
  if (!f) return msg('fiveparsecs:refuse.noFigure', { figure });
  if (s.activation)
    return s.activation.figure === figure
      ? null
      : msg('fiveparsecs:refuse.acting', { name: pieceOf(s.figures, s.activation.figure, 'figure').name });
  if (!mayActNow(s, f)) return msg('fiveparsecs:refuse.notNow', { name: f.name });
  return null;
}

/** The Stun markers the figure had when its activation began. */
const stunAtStart = (s: FpState, f: FpFigure): number =>
  s.activation?.figure === f.id ? s.activation.stunAtStart : f.stun;

/** The activation is over: the figure has acted, one Stun marker comes off if it began Stunned; then the next phase if nobody is left. */
export function finish(ctx: FpContext, s: FpState, figure: string, startStun: number): FpState {
  const f = pieceOf(s.figures, figure, 'figure');
  const stun = startStun > 0 && f.out === null ? stunAfterActing(f.stun) : f.stun;
  return advance(ctx, { ...setFigure(s, { ...f, acted: true, stun }), activation: null });
}

/** Enemies a figure standing at `pos` would touch, nearest first (ties by id). */
export function contacts(s: FpState, f: FpFigure, pos: readonly number[]): FpFigure[] {
  const d = (e: FpFigure) => Math.hypot(e.pos[0] - pos[0]!, e.pos[2] - pos[2]!);
  return Object.values(s.figures)
    .filter((e) => e.side !== f.side && e.out === null && inContact(pos, e.pos))
    .sort((a, b) => d(a) - d(b) || a.id.localeCompare(b.id));
}

/** The inches a move may go: Speed, +2" for a dash. */
export const allowanceOf = (f: FpFigure, dash: boolean): number => f.speed + (dash ? DASH : 0);

/** Why a move to (x, z) is refused before the table is asked (phase, dash, contact a Stunned or seizing figure may not enter). */
export function moveRefusal(s: FpState, f: FpFigure, to: readonly number[], dash: boolean): Msg | null {
  if (s.activation?.figure === f.id) return msg('fiveparsecs:refuse.movedAlready', { name: f.name });
  if (s.phase === 'seized' && dash) return msg('fiveparsecs:refuse.seizedDash');
  if (contacts(s, f, to).length > 0) {
    if (s.phase === 'seized') return msg('fiveparsecs:refuse.seizedBrawl');
    if (!mayMoveAndAct(f.stun)) return msg('fiveparsecs:refuse.stunnedBrawl', { name: f.name });
    if (combatForgone(f)) return msg('fiveparsecs:refuse.freeBrawl', { name: f.name });
  }
  return null;
}

/** Moves; entering contact starts a Brawl (its Combat Action). After a dash, a Stunned figure's move, or before round 1, the activation is over. */
export const move: Handler<'move'> = (ctx, s, a) => {
  const who = actorRefusal(s, a.figure);
  if (who) return refuse(who);
  const f = pieceOf(s.figures, a.figure, 'figure');
  const dash = a.dash ?? false;
  const why = moveRefusal(s, f, [a.x, a.y, a.z], dash);
  if (why) return refuse(why);
  const allowance = allowanceOf(f, dash);
  const y = ctx.at(s).standHeight(BASE_MM, FIGURE_HEIGHT, a.x, a.z, a.y + 0.25, f.id);
  if (y === null)
    return refuse(
      msg('fiveparsecs:refuse.cannotStand', {
        name: f.name,
        spot: spotWords(s.table, a.x, a.z),
        why: standWords(
          ctx.at(s).standProblem(BASE_MM, FIGURE_HEIGHT, a.x, a.z, a.y + 0.25, f.id),
          (id) => s.figures[id]?.name ?? id,
        ),
      }),
    );
  const length = moveCost(ctx.at(s), f.id, [a.x, y, a.z], allowance + 1e-6);
  if (length > allowance + 1e-6)
    return ruleError('out-of-range', msg('fiveparsecs:refuse.tooFar', { name: f.name, allowance: inch2(allowance) }));
  const startStun = stunAtStart(s, f);
  const moved: FpFigure = { ...f, pos: [a.x, y, a.z], moved: true };
  ctx.events.push({
    type: 'moved',
    text: msg(dash ? 'fiveparsecs:event.dashes' : 'fiveparsecs:event.moves', {
      name: f.name,
      length: inch2(length),
      spot: spotWords(s.table, a.x, a.z),
    }),
    model: f.id,
    from: f.pos,
    to: moved.pos,
  });
  const next = setFigure(s, moved);
  const then: AfterMove =
    contacts(next, moved, moved.pos).length > 0
      ? 'brawl'
      : dash || !mayMoveAndAct(f.stun) || s.phase === 'seized'
        ? 'finish'
        : 'continue';
  // An enemy's move: held crew figures may Snap Fire at it first (it stands at the end of its move).
  return openSnapFire(ctx, next, f.id, then, startStun) ?? afterMove(ctx, next, f.id, then, startStun);
};

/** What follows a move: the Combat Action, the end of the activation, or the Brawl of a figure that entered contact. */
export type AfterMove = 'continue' | 'finish' | 'brawl';

/**
 * The rest of a move's activation: entering contact Brawls the nearest enemy still in contact (a
 * Snap Fire push-back may have broken it), a dash or a Stunned figure's move ends it, else it goes
 * on to its Combat Action. A mover taken out meanwhile ends it.
 */
export function afterMove(ctx: FpContext, s: FpState, figure: string, then: AfterMove, startStun: number): FpState {
  const f = pieceOf(s.figures, figure, 'figure');
  if (f.out !== null || then === 'finish') return finish(ctx, s, figure, startStun);
  if (then === 'brawl') {
    const foe = contacts(s, f, f.pos)[0];
    return finish(ctx, foe ? brawl(ctx, s, f, foe) : s, figure, startStun);
  }
  return { ...s, activation: { figure, stunAtStart: startStun } };
}

/** The Combat Action: Shoot. */
export const shootAction: Handler<'shoot'> = (ctx, s, a) => {
  const who = actorRefusal(s, a.figure);
  if (who) return refuse(who);
  const f = pieceOf(s.figures, a.figure, 'figure');
  const plan = planShot(s, ctx.at(s), f, a.weapon, a.target);
  if (isError(plan)) return plan;
  return finish(ctx, shoot(ctx, s, f, plan, a.target), f.id, stunAtStart(s, f));
};

/** The Combat Action: Brawl a figure already in base contact (not before round 1). */
export const brawlAction: Handler<'brawl'> = (ctx, s, a) => {
  const who = actorRefusal(s, a.figure);
  if (who) return refuse(who);
  if (s.phase === 'seized') return refuse(msg('fiveparsecs:refuse.seizedBrawl'));
  const f = pieceOf(s.figures, a.figure, 'figure');
  const t = s.figures[a.target];
  if (!t || !mayBrawl(f, t)) return refuse(msg('fiveparsecs:refuse.noContact', { name: f.name, target: a.target }));
  if (combatForgone(f)) return refuse(msg('fiveparsecs:refuse.combatForgone', { name: f.name }));
  return finish(ctx, brawl(ctx, s, f, t), f.id, stunAtStart(s, f));
};

/** The activation ends here (a figure may also do nothing). */
export const done: Handler<'done'> = (ctx, s, a): Applied => {
  const who = actorRefusal(s, a.figure);
  if (who) return refuse(who);
  const f = pieceOf(s.figures, a.figure, 'figure');
  ctx.events.push({ type: 'done', text: msg('fiveparsecs:event.done', { name: f.name }) });
  return finish(ctx, s, f.id, stunAtStart(s, f));
};
