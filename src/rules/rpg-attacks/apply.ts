/**
 * Rpg-attacks' apply: one handler per action type (a missing one fails to compile). While a grenade's
 * Dodge window is open (reactions.ts) only the offered `dodge` or a pass answers it. Pure: state,
 * action, dice and Queries in; state and events out.
 */
import { applyContext, dispatcher } from '../engine/kit';
import { msg } from '../engine/message';
import { isError, ruleError, type RuleContext, type RuleError, type RuleEvent } from '../engine/types';
import type { RpgAction, RpgActions, RpgActionType } from './actions';
import { attackAction, breakFreeAction, grappleAction, landHits, stuntAction, suppressAction } from './fight';
import { illegal } from './say';
import { deciderOf, layoutOf, type Applied, type RpgContext, type RpgState } from './game';
import { answerDodge, grenadeAction } from './reactions';
import { begin, endTurnAction, move, releaseAction, standUpAction } from './turn';
import { answerParry } from './parry';

/** Every action type's handler. */
const HANDLERS: { [K in RpgActionType]: (ctx: RpgContext, s: RpgState, action: RpgActions[K]) => Applied } = {
  begin,
  move,
  'stand-up': standUpAction,
  attack: attackAction,
  grenade: grenadeAction,
  suppress: suppressAction,
  grapple: grappleAction,
  'break-free': breakFreeAction,
  release: releaseAction,
  stunt: stuntAction,
  'end-turn': endTurnAction,
  // A Dodge and a parry are only ever answers to their windows (below).
  dodge: () => illegal(msg('rpg-attacks:error.dodgeOnlyAnswer')),
  parry: () => illegal(msg('rpg-attacks:error.parryOnlyAnswer')),
};

/** An action by its type's handler. */
const dispatch = dispatcher<RpgState, RpgAction, RuleError, RpgContext>(HANDLERS);

/** Applies an action. The engine hands it the view of `s`. */
export function applyAction(
  s: RpgState,
  action: RpgAction | { type: 'pass' },
  rc: RuleContext<RpgAction>,
): { state: RpgState; events: RuleEvent[] } | RuleError {
  if (s.phase === 'over') return ruleError('game-over', msg('rpg-attacks:error.over'));
  const ctx: RpgContext = { ...applyContext(rc, layoutOf), actor: deciderOf(s) ?? 'A' };
  let r: Applied;
  if (s.pending) {
    if (action.type !== 'pass' && action.type !== 'dodge')
      return ruleError('not-in-window', msg('rpg-attacks:error.dodgeOrPass'));
    r = answerDodge(ctx, s, action);
  } else if (s.parry) {
    if (action.type !== 'pass' && action.type !== 'parry')
      return ruleError('not-in-window', msg('rpg-attacks:error.parryOrPass'));
    r = answerParry(ctx, s, action, landHits);
  } else if (action.type === 'pass') return illegal(msg('rpg-attacks:error.nothingToPass'));
  else r = dispatch(ctx, s, action);
  return isError(r) ? r : { state: r, events: ctx.events };
}
