/**
 * Group activations step by step: the action a step chose, the team actions that go with it
 * (Aim-Assist with Shoot, Dog-pile with Strike, Boost with the skills: skills.ts), Do Nothing, and
 * when a step is over.
 */
import { msg } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';
import type { ModelActionType } from './actions';
import { sees } from './conditions';
import { onTable, type CbActivation, type CbModel, type CbState, type StepHandler } from './game';
import { BOOSTED } from './skills';
import { actionName, refuse } from './say';
import { pieceOf } from '../engine/kit';

/** Team actions and the group action each goes with. */
export const TEAM_ACTIONS: Record<string, string> = { 'aim-assist': 'shoot', 'dog-pile': 'strike', boost: 'skill' };

/** Whether an action of `kind` fits a group step that chose `chosen` (Boost's "skill" fits Engineer, Treat and Hack). */
export const fitsStep = (kind: string, chosen: string): boolean =>
  kind === chosen || (kind === 'skill' && BOOSTED.includes(chosen)) || (chosen === 'skill' && BOOSTED.includes(kind));

/**
 * A group acts step by step: each model uses the group's chosen action, a team action that goes
 * with it, or does nothing. The group's step after this model's action (`used` is the action as
 * the Multitasking Rule counts it), or why it may not; outside a group, team actions and Do
 * Nothing are refused.
 */
export function groupStep(
  s: CbState,
  m: CbModel,
  type: ModelActionType,
  used: string,
): CbActivation['group'] | RuleError {
  const a = s.activation!;
  const g = a.group;
  if (!g && (type === 'do-nothing' || type in TEAM_ACTIONS))
    return refuse(msg('counterblast:err.groupOnly', { action: actionName(type) }));
  if (!g) return null;
  if (g.done.includes(m.id)) return refuse(msg('counterblast:err.actedThisStep', { name: m.card.name }));
  const kind = type === 'do-nothing' ? null : (TEAM_ACTIONS[type] ?? used);
  if (g.chosen && kind && !fitsStep(kind, g.chosen))
    return refuse(msg('counterblast:err.groupUsing', { action: actionName(g.chosen) }));
  // A Boost leaves the step open to any of the skills it helps; the first of them names it.
  const chosen = g.chosen && g.chosen !== 'skill' ? g.chosen : kind && kind !== 'skill' ? kind : (g.chosen ?? kind);
  const done = [...g.done, m.id];
  const alive = a.models.filter((id) => onTable(pieceOf(s.models, id)) && !pieceOf(s.models, id).down);
  return alive.every((id) => done.includes(id)) ? { chosen: null, done: [] } : { chosen, done };
}

/** Do Nothing: the model lets this step pass (it neither Spends it nor counts as an action used). */
export const doNothing: StepHandler<'do-nothing'> = (ctx, _action, { next, m }) => {
  ctx.events.push({
    type: 'do-nothing',
    text: msg('counterblast:event.doNothing', { name: m.card.name }),
    model: m.id,
  });
  return next;
};

/** Aim-Assist: +1D Zap on a friend's Shoot, within 1" and in sight, one at a time; Zap 0D cannot. */
export const aimAssist: StepHandler<'aim-assist'> = (ctx, action, { before: s, next, m }) => {
  const q = ctx.at(s);
  const a = s.activation!;
  const f = s.models[action.friend];
  if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
    return refuse(msg('counterblast:err.aimAssistGroup'));
  if (m.card.zap === 0) return refuse(msg('counterblast:err.noZap', { name: m.card.name }));
  if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
    return ruleError('out-of-range', msg('counterblast:err.within1', { target: f.card.name }));
  if ((a.assisted ?? []).includes(f.id)) return refuse(msg('counterblast:err.alreadyAssisted', { name: f.card.name }));
  ctx.events.push({
    type: 'team',
    text: msg('counterblast:event.aimAssist', { name: m.card.name, friend: f.card.name }),
    model: m.id,
  });
  return { ...next, activation: { ...next.activation!, assisted: [...(a.assisted ?? []), f.id] } };
};

/** Dog-pile: +1D on the first Grit check of the next Strike at an enemy within a striking weapon's Reach and in sight; stacks; Grit 0D cannot. */
export const dogPile: StepHandler<'dog-pile'> = (ctx, action, { before: s, next, m }) => {
  const q = ctx.at(s);
  const a = s.activation!;
  const t = s.models[action.target];
  if (!t || !onTable(t) || t.player === m.player)
    return refuse(msg('counterblast:err.notEnemy', { model: action.target }));
  if (m.card.grit === 0) return refuse(msg('counterblast:err.noGrit', { name: m.card.name }));
  const reach = Math.max(0, ...m.card.striking.map((w) => w.reach));
  if (q.distance(m.id, t.id) > reach + 1e-9 || !sees(s, q, m.id, t.id))
    return ruleError('out-of-range', msg('counterblast:err.dogPileReach', { target: t.card.name }));
  ctx.events.push({
    type: 'team',
    text: msg('counterblast:event.dogPile', { name: m.card.name, target: t.card.name }),
    model: m.id,
  });
  return {
    ...next,
    activation: { ...next.activation!, dogpiled: { ...(a.dogpiled ?? {}), [t.id]: (a.dogpiled?.[t.id] ?? 0) + 1 } },
  };
};
