/**
 * Group activations step by step: the action a step chose, the team actions that go with it
 * (Aim-Assist with Shoot, Dog-pile with Strike, Boost with the skills: skills.ts), Do Nothing, and
 * when a step is over.
 */
import { illegal } from '../engine/kit';
import { ruleError, type RuleError } from '../engine/types';
import type { ModelActionType } from './actions';
import { sees } from './conditions';
import { onTable, type CbActivation, type CbModel, type CbState, type StepHandler } from './game';
import { BOOSTED } from './skills';

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
    return illegal(`${type} is for models in a group activation`);
  if (!g) return null;
  if (g.done.includes(m.id)) return illegal(`${m.card.name} has acted in this step: the rest of the group acts first`);
  const kind = type === 'do-nothing' ? null : (TEAM_ACTIONS[type] ?? used);
  if (g.chosen && kind && !fitsStep(kind, g.chosen))
    return illegal(`the group is using ${g.chosen} in this step (or a team action for it, or Do Nothing)`);
  // A Boost leaves the step open to any of the skills it helps; the first of them names it.
  const chosen = g.chosen && g.chosen !== 'skill' ? g.chosen : kind && kind !== 'skill' ? kind : (g.chosen ?? kind);
  const done = [...g.done, m.id];
  const alive = a.models.filter((id) => onTable(s.models[id]!) && !s.models[id]!.down);
  return alive.every((id) => done.includes(id)) ? { chosen: null, done: [] } : { chosen, done };
}

/** Do Nothing: the model lets this step pass (it neither Spends it nor counts as an action used). */
export const doNothing: StepHandler<'do-nothing'> = (ctx, _action, { next, m }) => {
  ctx.events.push({ type: 'do-nothing', text: `${m.card.name} does nothing this step`, model: m.id });
  return next;
};

/** Aim-Assist: +1D Zap on a friend's Shoot, within 1" and in sight, one at a time; Zap 0D cannot. */
export const aimAssist: StepHandler<'aim-assist'> = (ctx, action, { before: s, next, m }) => {
  const q = ctx.q;
  const a = s.activation!;
  const f = s.models[action.friend];
  if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
    return illegal('Aim-Assist helps a friendly model of the group');
  if (m.card.zap === 0) return illegal(`${m.card.name} has Zap 0D: it cannot Aim-Assist`);
  if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
    return ruleError('out-of-range', `${f.card.name} must be within 1" and in sight`);
  if ((a.assisted ?? []).includes(f.id)) return illegal(`${f.card.name} already has an Aim-Assist`);
  ctx.events.push({
    type: 'team',
    text: `${m.card.name} spots for ${f.card.name} (+1D Zap on its Shoot)`,
    model: m.id,
  });
  return { ...next, activation: { ...next.activation!, assisted: [...(a.assisted ?? []), f.id] } };
};

/** Dog-pile: +1D on the first Grit check of the next Strike at an enemy within a striking weapon's Reach and in sight; stacks; Grit 0D cannot. */
export const dogPile: StepHandler<'dog-pile'> = (ctx, action, { before: s, next, m }) => {
  const q = ctx.q;
  const a = s.activation!;
  const t = s.models[action.target];
  if (!t || !onTable(t) || t.player === m.player) return illegal(`${action.target} is not an enemy model on the table`);
  if (m.card.grit === 0) return illegal(`${m.card.name} has Grit 0D: it cannot Dog-pile`);
  const reach = Math.max(0, ...m.card.striking.map((w) => w.reach));
  if (q.distance(m.id, t.id) > reach + 1e-9 || !sees(s, q, m.id, t.id))
    return ruleError('out-of-range', `${t.card.name} must be within reach of a striking weapon and in sight`);
  ctx.events.push({
    type: 'team',
    text: `${m.card.name} dog-piles ${t.card.name} (+1D on the next Strike at it)`,
    model: m.id,
  });
  return {
    ...next,
    activation: { ...next.activation!, dogpiled: { ...(a.dogpiled ?? {}), [t.id]: (a.dogpiled?.[t.id] ?? 0) + 1 } },
  };
};
