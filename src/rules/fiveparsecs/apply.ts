/**
 * Five Parsecs' apply: one handler per action type (a missing one fails to compile), each in the
 * file of its stage: round.ts (Seize the Initiative, the Reaction Roll, phases, end of round) and
 * activation.ts (Move, Shoot, Brawl, done; combat.ts resolves them). Pure: state, action, dice and
 * Queries in; state and events out.
 */
import { applyContext, dispatcher } from '../engine/kit';
import { msg } from '../engine/message';
import { refuse } from './say';
import { isError, ruleError, type RuleContext, type RuleError, type RuleEvent } from '../engine/types';
import type { FpAction, FpActions, FpActionType } from './actions';
import { brawlAction, done, move, shootAction } from './activation';
import { layoutOf, type Applied, type FpContext, type FpState } from './game';
import { itemAfter, leave } from './mission';
import { assign, seize, skipSeize } from './round';
import { hold, snapFire, snapPass } from './snapFire';

/** Every action type's handler. */
const HANDLERS: { [K in FpActionType]: (ctx: FpContext, s: FpState, action: FpActions[K]) => Applied } = {
  seize,
  'skip-seize': skipSeize,
  assign,
  move,
  shoot: shootAction,
  brawl: brawlAction,
  done,
  leave,
  hold,
  'snap-fire': snapFire,
};

/** An action by its type's handler. */
const dispatch = dispatcher<FpState, FpAction, RuleError>(HANDLERS);

/** Applies an action. The engine hands it the view of `s`. While Snap Fire's window is open only a Snap Fire or a pass answers it. */
export function applyAction(
  s: FpState,
  action: FpAction | { type: 'pass' },
  rc: RuleContext<FpAction>,
): { state: FpState; events: RuleEvent[] } | RuleError {
  if (s.phase === 'over') return ruleError('game-over', msg('fiveparsecs:refuse.over'));
  if (action.type === 'pass' && !s.snap) return refuse(msg('fiveparsecs:refuse.nothingToPass'));
  if (s.snap && action.type !== 'pass' && action.type !== 'snap-fire')
    return ruleError('not-in-window', msg('fiveparsecs:refuse.snapOrPass'));
  const ctx: FpContext = applyContext(rc, layoutOf);
  const r = action.type === 'pass' ? snapPass(ctx, s) : dispatch(ctx, s, action);
  return isError(r) ? r : { state: itemAfter(ctx, action, r), events: ctx.events };
}
