/**
 * Snap Fire (five-parsecs.en.txt, "Snap Fire"): "Characters that are eligible to act in the Quick
 * Actions phase may opt not to do so. This allows them to either fire when an enemy moves, or to
 * delay until the Slow Actions phase. Firing during an enemy move prevents the firing character
 * from moving this round. If a moving enemy is Stunned as a result of snap fire, they lose the
 * ability to fire this round."
 *
 * Readings (README): a Quick figure Holds (the `hold` action, in the Quick Actions phase); it then
 * acts in the Slow Actions phase unless it fires first. When an enemy moves in the Enemy Actions
 * phase, a reaction window opens for the crew (A) with every held figure's legal shots at the mover,
 * which stands at the end of its move; each held figure may fire once; a pass closes the window for
 * that move. The shot is the figure's action for the round: it has acted, so it neither moves nor
 * acts in the Slow Actions phase. A mover Stunned by it may not fire this round (`noFire`); if it was
 * about to take its Combat Action its activation ends, and one that entered contact still Brawls if
 * it is still in contact.
 */
import { msg } from '../engine/message';
import { refuse } from './say';
import { isError, ruleError } from '../engine/types';
import type { ActionOf } from './actions';
import { afterMove, type AfterMove } from './activation';
import { planShot } from './combat';
import { shoot } from './fire';
import { stunAfterActing } from './damage';
import { setFigure, standing, type FpContext, type FpFigure, type FpState, type Handler } from './game';
import { advance, checkEnd } from './round';
import { pieceOf } from '../engine/kit';

type SnapShot = ActionOf<'snap-fire'>;

/** Whether a crew figure may still Snap Fire this round: it held, is on the table and has not acted. */
export const mayReact = (f: FpFigure): boolean => f.side === 'A' && f.held === true && !f.acted && f.out === null;

/** Each held figure's legal shots at the mover, in id order (`q`: the view of `s`). */
export function snapOptions(ctx: FpContext, s: FpState, mover: string): SnapShot[] {
  const q = ctx.at(s);
  const m = s.figures[mover];
  if (!m || m.out !== null) return [];
  const out: SnapShot[] = [];
  for (const f of standing(s, 'A').filter(mayReact))
    for (const w of f.weapons)
      if (s.weapons[w]?.range !== 'brawl' && !isError(planShot(s, q, f, w, mover, undefined, mover)))
        out.push({ type: 'snap-fire', figure: f.id, weapon: w, target: mover });
  return out;
}

/** After an enemy's move in the Enemy Actions phase: the Snap Fire window, or null when no held figure has a shot. */
export function openSnapFire(
  ctx: FpContext,
  s: FpState,
  mover: string,
  then: AfterMove,
  stunAtStart: number,
): FpState | null {
  if (s.phase !== 'enemy' || s.figures[mover]?.side !== 'B') return null;
  const options = snapOptions(ctx, s, mover);
  if (options.length === 0) return null;
  ctx.events.push({
    type: 'snap-window',
    text: msg('fiveparsecs:event.snapWindow', {
      name: pieceOf(s.figures, mover, 'figure').name,
      firers: [...new Set(options.map((o) => pieceOf(s.figures, o.figure, 'figure').name))],
    }),
    model: mover,
  });
  return { ...s, activation: null, snap: { mover, then, stunAtStart, options } };
}

/** The window closes: the battle may be over, else the mover's activation goes on (it may not fire if Stunned by it). */
function closeSnap(ctx: FpContext, s: FpState): FpState {
  const p = s.snap!;
  const next = checkEnd(ctx, { ...s, snap: null });
  if (next.phase === 'over') return next;
  const m = pieceOf(next.figures, p.mover, 'figure');
  const then = p.then === 'continue' && m.noFire ? 'finish' : p.then;
  return afterMove(ctx, next, p.mover, then, p.stunAtStart);
}

/** A held figure fires at the mover: its action for the round; a mover Stunned by it may not fire this round. */
export const snapFire: Handler<'snap-fire'> = (ctx, s, a) => {
  const p = s.snap;
  if (!p) return refuse(msg('fiveparsecs:refuse.noSnap'));
  if (!p.options.some((o) => o.figure === a.figure && o.weapon === a.weapon && o.target === a.target))
    return ruleError(
      'not-in-window',
      msg('fiveparsecs:refuse.snapWay', { name: s.figures[a.figure]?.name ?? a.figure }),
    );
  const f = pieceOf(s.figures, a.figure, 'figure');
  const plan = planShot(s, ctx.at(s), f, a.weapon, a.target, undefined, s.snap?.mover);
  if (isError(plan)) return plan;
  const stunBefore = pieceOf(s.figures, a.target, 'figure').stun;
  ctx.events.push({
    type: 'snap-fire',
    text: msg('fiveparsecs:event.snapFire', { name: f.name, target: pieceOf(s.figures, a.target, 'figure').name }),
    model: f.id,
  });
  let next = shoot(ctx, s, f, plan, a.target);
  const firer = pieceOf(next.figures, f.id, 'figure');
  // Firing is acting: one Stun marker comes off, as after any activation.
  next = setFigure(next, {
    ...firer,
    acted: true,
    snapFired: true,
    stun: firer.stun > 0 && firer.out === null ? stunAfterActing(firer.stun) : firer.stun,
  });
  const t = pieceOf(next.figures, a.target, 'figure');
  if (t.out === null && t.stun > stunBefore) {
    next = setFigure(next, { ...t, noFire: true });
    ctx.events.push({
      type: 'no-fire',
      text: msg('fiveparsecs:event.noFire', { name: t.name }),
      model: t.id,
    });
  }
  const options = snapOptions(ctx, next, p.mover);
  return options.length > 0 && checkEnd(ctx, next).phase !== 'over'
    ? { ...next, snap: { ...p, options } }
    : closeSnap(ctx, next);
};

/** The crew passes: no (more) Snap Fire at this move; the mover's activation goes on. */
export function snapPass(ctx: FpContext, s: FpState): FpState {
  ctx.events.push({
    type: 'pass',
    text: msg('fiveparsecs:event.snapPass', { name: pieceOf(s.figures, s.snap!.mover, 'figure').name }),
  });
  return closeSnap(ctx, s);
}

/** Hold: a Quick figure does not act now; it may Snap Fire at a moving enemy, else it acts in the Slow Actions phase. */
export const hold: Handler<'hold'> = (ctx, s, a) => {
  const f = s.figures[a.figure];
  if (!f || f.side !== 'A' || f.out !== null) return refuse(msg('fiveparsecs:refuse.notCrew', { figure: a.figure }));
  if (s.phase !== 'quick' || f.phase !== 'quick' || f.acted)
    return refuse(msg('fiveparsecs:refuse.holdQuick', { name: f.name }));
  if (s.activation)
    return refuse(msg('fiveparsecs:refuse.acting', { name: pieceOf(s.figures, s.activation.figure, 'figure').name }));
  ctx.events.push({
    type: 'hold',
    text: msg('fiveparsecs:event.hold', { name: f.name }),
    model: f.id,
  });
  // The phase may be over once the last Quick figure holds.
  return advance(ctx, setFigure(s, { ...f, held: true, phase: 'slow' }));
};
