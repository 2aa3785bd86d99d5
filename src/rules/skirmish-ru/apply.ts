/**
 * Skirmish-ru's apply: one handler per action type (a missing one fails to compile), all in
 * activation.ts; a reserved action's window (ambush.ts) takes a shot or a pass. Pure: state, action, dice and Queries in; state and events out.
 */
import { applyContext, dispatcher } from '../engine/kit';
import { msg } from '../engine/message';
import { isError, ruleError, type RuleContext, type RuleError, type RuleEvent } from '../engine/types';
import type { ActionOf, SkAction, SkActions, SkActionType } from './actions';
import { ambushBefore, ambushPass, ambushShot, releaseHeld } from './ambush';
import { clearJamAction, done, finish, move, reserve, shootAction, strikeAction } from './activation';
import { fallbackRefusal, standStillRefusal } from './fallback';
import { hide, withStartSight } from './hiding';
import { revealAttackers } from './sighting';
import { layoutOf, type Applied, type SkContext, type SkState } from './game';
import { jump } from './jumps';
import { refuse } from './say';

/** Every action type's handler. */
const HANDLERS: { [K in SkActionType]: (ctx: SkContext, s: SkState, action: SkActions[K]) => Applied } = {
  // A pinned fighter with cover in reach must end its move in the nearest (fallback.ts).
  move: (ctx, s, act) => {
    const no = fallbackRefusal(s, ctx.at(s), act);
    return no ? refuse(no) : move(ctx, s, act);
  },
  hide,
  jump,
  shoot: shootAction,
  strike: strikeAction,
  'clear-jam': clearJamAction,
  reserve,
  // A pinned fighter must fall back while it can (fallback.ts).
  done: (ctx, s, act) => {
    const no = standStillRefusal(s, ctx.at(s), act.fighter);
    return no ? refuse(no) : done(ctx, s, act);
  },
};

/** An action by its type's handler. */
const dispatch = dispatcher<SkState, SkAction, RuleError>(HANDLERS);

/** An answer to the open window (a pass, or an offered shot); once it closes, the action it held goes ahead. */
function windowAnswer(ctx: SkContext, s: SkState, action: SkAction | { type: 'pass' }): Applied {
  const r =
    action.type === 'pass' ? ambushPass(ctx, s, finish) : ambushShot(ctx, s, action as ActionOf<'shoot'>, finish);
  return isError(r) ? r : releaseHeld(ctx, s, r, dispatch);
}

/** Applies an action. The engine hands it the view of `s`. While a reserved action's window is open only an offered shot or a pass answers it. */
export function applyAction(
  s0: SkState,
  action: SkAction | { type: 'pass' },
  rc: RuleContext<SkAction>,
): { state: SkState; events: RuleEvent[] } | RuleError {
  if (s0.phase === 'over') return ruleError('game-over', msg('skirmish-ru:refuse.over'));
  if (s0.ambush && action.type !== 'pass' && action.type !== 'shoot')
    return ruleError('not-in-window', msg('skirmish-ru:refuse.window'));
  if (action.type === 'pass' && !s0.ambush) return refuse(msg('skirmish-ru:refuse.nothingToPass'));
  const ctx: SkContext = applyContext(rc, layoutOf);
  // Who saw whom at the battle's start is recorded before its first action changes anything (hiding.ts).
  const s = withStartSight(s0, ctx.at);
  // Outside a window a pass was refused above: the action is the acting gang's (a window may hold it first).
  const own = action as SkAction;
  const r = s.ambush ? windowAnswer(ctx, s, action) : (ambushBefore(ctx, s, own, dispatch) ?? dispatch(ctx, s, own));
  // A hidden fighter that attacked is noticed (sighting.ts).
  return isError(r) ? r : { state: revealAttackers(ctx, r), events: ctx.events };
}
