/**
 * Counterblast's apply: one handler per action type (a missing one fails to compile), each in the
 * file of its stage: deploy.ts (deployment), turn.ts (the Moxie phase, Activation phases, Upkeep,
 * Panic and the next turn), activation.ts (activations and each model action: maneuvers.ts,
 * attacks.ts, closeCombat.ts, skills.ts, psi.ts, groups.ts, panic.ts, conditions.ts), reactions.ts
 * (a window's answer), damage.ts and scoring.ts. Pure: state, action, dice and Queries in; state and
 * events out. The names this module exported before the split are re-exported from here.
 */
import { applyContext } from '../engine/kit';
import { msg } from '../engine/message';
import { isError, ruleError, type RuleContext, type RuleError, type RuleEvent } from '../engine/types';
import type { CbAction, CbActions, CbActionType } from './actions';
import {
  activate,
  activateGroup,
  buyAction,
  endActivation,
  inActivation,
  modelAction,
  notAReaction,
  passTurn,
  rushMove,
} from './activation';
import { deploy } from './deploy';
import { layoutOf, type Applied, type CbContext, type CbState } from './game';
import { react } from './reactions';
import { calm, elect } from './turn';
import { refuse } from './say';

const inTurn = inActivation(modelAction);
const reaction = inActivation(notAReaction);

/** Every action type's handler (a missing one fails to compile). */
const HANDLERS: { [K in CbActionType]: (ctx: CbContext, s: CbState, action: CbActions[K]) => Applied } = {
  deploy,
  elect,
  calm,
  activate: inActivation(activate),
  'activate-group': inActivation(activateGroup),
  'pass-turn': inActivation(passTurn),
  'end-activation': inActivation(endActivation),
  'buy-action': inActivation(buyAction),
  'rush-move': inActivation(rushMove),
  move: inTurn,
  'move-roll': inTurn,
  'stand-up': inTurn,
  rush: inTurn,
  jump: inTurn,
  throw: inTurn,
  shoot: inTurn,
  strike: inTurn,
  aim: inTurn,
  rally: inTurn,
  recover: inTurn,
  treat: inTurn,
  engineer: inTurn,
  hack: inTurn,
  boost: inTurn,
  'psi-strike': inTurn,
  'psi-craft': inTurn,
  'do-nothing': inTurn,
  'aim-assist': inTurn,
  'dog-pile': inTurn,
  'return-fire': reaction,
  counterstrike: reaction,
  parry: reaction,
  'action-roll': reaction,
  snapshot: reaction,
  pursuit: reaction,
  disperse: reaction,
};

/** An action by its type's handler. */
function dispatch<K extends CbActionType>(ctx: CbContext, s: CbState, action: CbActions[K]): Applied {
  return HANDLERS[action.type](ctx, s, action);
}

/** Applies an action (or a reaction, or a pass, when a window is open). The engine hands it the view of `s`. */
export function applyAction(
  s: CbState,
  action: CbAction | { type: 'pass' },
  rc: RuleContext<CbAction>,
): { state: CbState; events: RuleEvent[] } | RuleError {
  if (s.phase === 'over') return ruleError('game-over', msg('counterblast:err.over'));
  const ctx: CbContext = applyContext(rc, layoutOf);
  const r = s.window
    ? react(ctx, s, action)
    : action.type === 'pass'
      ? refuse(msg('counterblast:err.nothingToPass'))
      : dispatch(ctx, s, action);
  return isError(r) ? r : { state: r, events: ctx.events };
}

// The names this module exported before the split (src/ui and the tests import some of them).
export { TURNS, activatable, canCalm, mayElect } from './turn';
export { DEPLOY_DEPTH, fromOwnEdge } from './deploy';
export { FREE_ACTIONS, SKILL_ACTIONS } from './activation';
export { TEAM_ACTIONS, fitsStep } from './groups';
export { SHORT_RANGE, attackOdds, attackPool, attackRefusal } from './attacks';
export { engagers } from './closeCombat';
export { FALL_RADIUS } from './damage';
export { DIFFICULTY } from './game';
export { battleScore, degreeOf, objectiveHolders } from './scoring';
