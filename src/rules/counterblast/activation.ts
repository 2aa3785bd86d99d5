/**
 * Activations: a single model (1 Moxie) or a group (2 Moxie), two actions each and extras bought
 * for 1 Moxie, the Multitasking Rule and what Pinned, Panic, Engaged and Half-blind forbid, then
 * each model action by its handler; after a Maneuver the Snapshots and Pursuits it allows; passing
 * the turn and ending an activation.
 */
import { other, pieceOf } from '../engine/kit';
import { msg } from '../engine/message';
import { isError } from '../engine/types';
import type { ActionOf, CbActions, CbActionType, ModelActionType, ReactionType } from './actions';
import { aim, attack, snapshotOptions } from './attacks';
import { engagers, throwModel } from './closeCombat';
import { has, recover } from './conditions';
import {
  mayReact,
  onTable,
  type Applied,
  type CbContext,
  type CbState,
  type Handler,
  type Acting,
  type Player,
  type Step,
} from './game';
import { aimAssist, doNothing, dogPile, groupStep } from './groups';
import { jump, move, moveModel, moveRoll, panicRefusal, rush, standUp } from './maneuvers';
import { rally } from './panic';
import { psiAction } from './psi';
import { boost, care, hack } from './skills';
import { activatable, goOn, startActivationPhase } from './turn';
import { actionName, refuse } from './say';

/** Actions an activated model gets for free. */
export const FREE_ACTIONS = 2;
/** Skill actions: not while Engaged. */
export const SKILL_ACTIONS = ['engineer', 'treat', 'hack', 'psi-craft'];

/** A handler of the Activation phase, given the Active crew. */
export type ActiveHandler<K extends CbActionType> = (
  ctx: CbContext,
  s: CbState,
  action: ActionOf<K>,
  p: Player,
) => Applied;

/** A handler that acts only in an Activation phase with an Active crew. */
export const inActivation =
  <K extends CbActionType>(h: ActiveHandler<K>): Handler<K> =>
  (ctx, s, action) =>
    s.phase !== 'activation' || !s.active
      ? refuse(msg('counterblast:err.activationPhase'))
      : h(ctx, s, action, s.active);

/** Single activation: 1 Moxie, a model that is not Spent, Down or off the table; two actions. */
export const activate: ActiveHandler<'activate'> = (ctx, s, action, p) => {
  if (s.activation) return refuse(msg('counterblast:err.alreadyActivated'));
  const m = s.models[action.model];
  if (!m || m.player !== p) return refuse(msg('counterblast:err.notOwn', { model: action.model, side: p }));
  if (!activatable(s, p).includes(m)) return refuse(msg('counterblast:err.cannotActivate', { name: m.card.name }));
  if (s.moxie[p] < 1) return refuse(msg('counterblast:err.noMoxie', { side: p }));
  ctx.events.push({
    type: 'activation',
    text: msg('counterblast:event.activate', { side: p, name: m.card.name }),
    model: m.id,
    player: p,
  });
  return {
    ...s,
    moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
    activation: { player: p, models: [m.id], actions: { [m.id]: { left: FREE_ACTIONS, used: [] } }, aim: {} },
  };
};

/** A group: 2 Moxie, one un-Spent Hero and up to two un-Spent Lackeys; two actions each; they act step by step. */
export const activateGroup: ActiveHandler<'activate-group'> = (ctx, s, action, p) => {
  if (s.activation) return refuse(msg('counterblast:err.alreadyActivated'));
  const ids = [action.hero, ...action.lackeys];
  const ms = ids.map((id) => s.models[id]);
  const hero = ms[0];
  if (!hero || hero.player !== p || hero.card.type !== 'hero')
    return refuse(msg('counterblast:err.notOwnHero', { model: action.hero, side: p }));
  if (action.lackeys.length > 2 || new Set(ids).size !== ids.length) return refuse(msg('counterblast:err.groupMakeup'));
  for (const m of ms) {
    if (!m || m.player !== p || !activatable(s, p).includes(m))
      return refuse(msg('counterblast:err.cannotActivate', { name: m?.card.name ?? msg('counterblast:thatModel') }));
    if (m !== hero && m.card.type !== 'lackey') return refuse(msg('counterblast:err.notLackey', { name: m.card.name }));
  }
  if (s.moxie[p] < 2) return refuse(msg('counterblast:err.groupCost', { side: p, moxie: s.moxie[p] }));
  ctx.events.push({
    type: 'activation',
    text: msg('counterblast:event.activateGroup', { side: p, names: ms.map((m) => m!.card.name) }),
    player: p,
  });
  const actions = Object.fromEntries(ids.map((id) => [id, { left: FREE_ACTIONS, used: [] as string[] }]));
  return {
    ...s,
    moxie: { ...s.moxie, [p]: s.moxie[p] - 2 },
    activation: { player: p, models: ids, actions, aim: {}, group: { chosen: null, done: [] } },
  };
};

/** Passing: no Moxie, no activation; the crew fails the Moxie checks for the rest of the turn. */
export const passTurn: ActiveHandler<'pass-turn'> = (ctx, s, _action, p) => {
  if (s.activation) return refuse(msg('counterblast:err.finishActivation'));
  ctx.events.push({ type: 'pass', text: msg('counterblast:event.pass', { side: p }), player: p });
  return startActivationPhase(ctx, { ...s, passed: { ...s.passed, [p]: true } });
};

/** The player ends the activation: a new Activation phase. */
export const endActivation: ActiveHandler<'end-activation'> = (ctx, s, _action, p) => {
  if (!s.activation) return refuse(msg('counterblast:err.noActivation'));
  ctx.events.push({ type: 'activation-end', text: msg('counterblast:event.activationEnds', { side: p }), player: p });
  return startActivationPhase(ctx, { ...s, activation: null });
};

/** An extra action for an activated model: 1 Moxie. */
export const buyAction: ActiveHandler<'buy-action'> = (ctx, s, action, p) => {
  const a = s.activation;
  if (!a || !a.models.includes(action.model))
    return refuse(msg('counterblast:err.notActivated', { model: action.model }));
  if (s.moxie[p] < 1) return refuse(msg('counterblast:err.noMoxieToBuy', { side: p }));
  const slot = pieceOf(a.actions, action.model, 'activating model');
  ctx.events.push({
    type: 'moxie',
    text: msg('counterblast:event.buyAction', { side: p, name: pieceOf(s.models, action.model).card.name }),
    player: p,
  });
  return {
    ...s,
    moxie: { ...s.moxie, [p]: s.moxie[p] - 1 },
    activation: { ...a, actions: { ...a.actions, [action.model]: { ...slot, left: slot.left + 1 } } },
  };
};

/** The Rush's move (or a Half-blind Move's), up to the inches it rolled, along the measured route. */
export const rushMove: ActiveHandler<'rush-move'> = (ctx, s, action) => {
  const a = s.activation;
  const r = a?.rush;
  if (!r || r.model !== action.model) return refuse(msg('counterblast:err.noRushWaiting'));
  const m = pieceOf(s.models, r.model);
  const moved = moveModel(
    ctx,
    { ...s, activation: { ...a!, rush: null } },
    m,
    action.x,
    action.y,
    action.z,
    r.kind === 'move' ? 'moves' : 'rushes',
    r.allowance,
  );
  if (isError(moved)) return moved;
  // A Panicked model's Rush (or d5 move) may not end closer to an enemy than the move began.
  const panic = panicRefusal(s, m, pieceOf(moved.models, m.id).pos!);
  if (panic) return panic;
  return afterAct(
    ctx,
    moved,
    m.id,
    true,
    engagers(s, ctx.at(s), m).map((e) => e.id),
  );
};

/** A reaction outside a reaction window. */
export const notAReaction: ActiveHandler<ReactionType> = (_ctx, _s, action) =>
  refuse(msg('counterblast:err.isReaction', { action: actionName(action.type) }));

/** Each model action's own rules, once the Multitasking Rule allows it (a missing type fails to compile). */
const STEPS: { [K in ModelActionType]: (ctx: CbContext, action: CbActions[K], acting: Acting) => Step } = {
  move,
  'move-roll': moveRoll,
  'stand-up': standUp,
  rush,
  jump,
  throw: throwModel,
  shoot: attack,
  strike: attack,
  aim,
  rally,
  recover,
  treat: care,
  engineer: care,
  hack,
  boost,
  'psi-strike': psiAction,
  'psi-craft': psiAction,
  'do-nothing': doNothing,
  'aim-assist': aimAssist,
  'dog-pile': dogPile,
};

/** One action by an active model: the Multitasking Rule and what its conditions forbid, then the action, then what follows it. */
export const modelAction: ActiveHandler<ModelActionType> = (ctx, s, action) => {
  const a = s.activation;
  if (!a || !a.models.includes(action.model))
    return refuse(msg('counterblast:err.notActivated', { model: action.model }));
  if (a.rush) return refuse(msg('counterblast:err.finishRush'));
  const m = pieceOf(s.models, action.model);
  const slot = pieceOf(a.actions, m.id, 'activating model');
  if (slot.left <= 0) return refuse(msg('counterblast:err.noActionsLeft', { name: m.card.name }));
  if (a.group?.done.includes(m.id)) return refuse(msg('counterblast:err.actedThisStep', { name: m.card.name }));
  // Standing up, and a Half-blind model's d5 move, are the model's Move action.
  const used0 = action.type === 'stand-up' || action.type === 'move-roll' ? 'move' : action.type;
  if (slot.used.includes(used0))
    return refuse(msg('counterblast:err.multitasking', { name: m.card.name, action: actionName(used0) }));
  // Pinned: Recover only (a Pinned and Panicked model recovers first: Rally is not permitted it); in
  // a group it may let a step pass (Do Nothing is no action taken).
  if (has(m, 'pinned') && action.type !== 'recover' && action.type !== 'do-nothing')
    return refuse(msg('counterblast:err.pinned', { name: m.card.name }));
  if (m.panicked && !has(m, 'pinned') && action.type !== 'rally' && !slot.used.includes('rally'))
    return refuse(msg('counterblast:err.panickedRally', { name: m.card.name }));
  // Engaged: no skill actions, no Aim-Assist, no Boost (shooting is refused with the attack).
  if (
    (SKILL_ACTIONS.includes(action.type) || action.type === 'aim-assist' || action.type === 'boost') &&
    engagers(s, ctx.at(s), m).length
  )
    return refuse(msg('counterblast:err.engagedNo', { name: m.card.name, action: actionName(action.type) }));
  // Half-blind: its Move is a d5 rolled first; no Rush or Jump.
  if (has(m, 'half-blind') && (action.type === 'move' || action.type === 'rush' || action.type === 'jump'))
    return refuse(
      action.type === 'move'
        ? msg('counterblast:err.halfBlindMove', { name: m.card.name })
        : msg('counterblast:err.halfBlindNo', { name: m.card.name, action: actionName(action.type) }),
    );
  if (action.type === 'move-roll' && !has(m, 'half-blind'))
    return refuse(msg('counterblast:err.notHalfBlind', { name: m.card.name }));
  const group = groupStep(s, m, action.type, used0);
  if (isError(group)) return group;
  // Do Nothing does not count against the Multitasking Rule's list of actions used; team actions do
  // (they are actions: a model Aim-Assists, Dog-piles or Boosts once an activation).
  const counts = action.type !== 'do-nothing';
  const next: CbState = {
    ...s,
    activation: {
      ...a,
      group,
      actions: { ...a.actions, [m.id]: { left: slot.left - 1, used: counts ? [...slot.used, used0] : slot.used } },
    },
  };
  // Who engaged it before a Maneuver (Pursuit, when it disengages); `ctx.at(s)` is the view of `s`.
  // Standing up is the Move action: a Maneuver (Snapshots) like any Move.
  const maneuver = action.type === 'move' || action.type === 'jump' || action.type === 'stand-up';
  // A failed Rally's run is a Move too ("must use its second action to Move"): a Maneuver once it has moved.
  const mayMove = maneuver || action.type === 'rally';
  const engagedBefore = mayMove ? engagers(s, ctx.at(s), m).map((e) => e.id) : [];
  const r = step(ctx, action, { before: s, next, m });
  if (isError(r)) return r;
  if ('stop' in r) return r.stop;
  const after = pieceOf(r.models, m.id).pos;
  const ran = action.type === 'rally' && !!after && !!m.pos && after.some((v, i) => v !== m.pos![i]);
  return afterAct(ctx, r, m.id, maneuver || ran, engagedBefore);
};

/** A model action by its type's handler. */
function step<K extends ModelActionType>(ctx: CbContext, action: CbActions[K], acting: Acting): Step {
  return STEPS[action.type](ctx, action, acting);
}

/** After an active model's action (and any reaction): Snapshot and Pursuit after a Maneuver, then the activation goes on or ends. */
function afterAct(
  ctx: CbContext,
  next: CbState,
  modelId: string,
  maneuver: boolean,
  engagedBy: readonly string[],
): CbState {
  const m = pieceOf(next.models, modelId);
  if (maneuver && onTable(m)) {
    // The model has moved: the view of the table where it stands now.
    const q = ctx.at(next);
    // Disengaging: each model that engaged it before the Maneuver and no longer does may Pursue (one window with the Snapshots).
    const still = new Set(engagers(next, q, m).map((e) => e.id));
    const pursuers = engagedBy.filter(
      (id) => !still.has(id) && mayReact(next, pieceOf(next.models, id)) && !pieceOf(next.models, id).panicked,
    );
    const options = [...snapshotOptions(next, q, m), ...pursuers.map((id) => ({ type: 'pursuit', model: id }))];
    if (options.length)
      return { ...next, pending: { kind: 'snapshot', mover: m.id }, window: { player: other(m.player), options } };
  }
  return goOn(ctx, next);
}
