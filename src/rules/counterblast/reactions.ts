/**
 * The reactive crew's answer in an open window: a reaction (1 Moxie; the reacting model is Stunned
 * once it is resolved) or a pass, then the attack, Psi action or Maneuver it answered resolves and
 * the activation goes on. The options on offer come from attacks.ts (Return-fire, Action-roll,
 * Counterstrike, Parry, Snapshot), activation.ts (Pursuit) and psi.ts (Disperse).
 */
import { msg } from '../engine/message';
import { ruleError } from '../engine/types';
import { isReaction, type CbAction } from './actions';
import { resolveAttack } from './attacks';
import { pursue } from './closeCombat';
import { onTable, setModel, type Applied, type CbContext, type CbState } from './game';
import { moveModel, moveReach, moveToward, panicRefusal } from './maneuvers';
import { has } from './conditions';
import { resolvePsi } from './psi';
import { goOn } from './turn';
import { actionName, refuse } from './say';
import { pieceOf } from '../engine/kit';

/** A reaction (or a pass) in the open window. */
export function react(ctx: CbContext, s: CbState, action: CbAction | { type: 'pass' }): Applied {
  const w = s.window!,
    p = s.pending;
  if (!p) return refuse(msg('counterblast:err.noReactionPending'));
  let next: CbState = { ...s, pending: null, window: null };
  if (action.type !== 'pass') {
    // Only reactions are ever offered.
    const offered =
      isReaction(action) &&
      w.options.some(
        (o) =>
          JSON.stringify(o) === JSON.stringify(action) ||
          (o.open === true && o.type === action.type && o.model === action.model),
      );
    if (!offered) return ruleError('not-in-window', msg('counterblast:err.notOnOffer'));
    const r = pieceOf(next.models, action.model);
    // A reaction costs 1 Moxie; the reacting model is Stunned once it is resolved.
    next = { ...next, moxie: { ...next.moxie, [r.player]: next.moxie[r.player] - 1 } };
    ctx.events.push({
      type: 'reaction',
      text: msg('counterblast:event.reaction', { side: r.player, name: r.card.name, action: actionName(action.type) }),
      model: r.id,
      reaction: action.type,
    });
    if (action.type === 'action-roll') {
      // Half-blind: a d5 first, then as far as it goes towards the spot (moveReach).
      const half = has(r, 'half-blind');
      const reach = half ? moveReach(ctx, r) : 0;
      const dist = Math.hypot(action.x - r.pos![0], action.z - r.pos![2]);
      const moved = !half
        ? moveModel(ctx, next, r, action.x, action.y, action.z, 'action-rolls')
        : (moveToward(ctx, next, r, action.x, action.z, dist, 'action-rolls', reach) ?? next);
      if ('error' in moved) return moved;
      const panic = panicRefusal(next, r, pieceOf(moved.models, r.id).pos!);
      if (panic) return panic;
      next = moved;
    }
    if (action.type === 'pursuit') {
      if (p.kind !== 'snapshot') return ruleError('not-in-window', msg('counterblast:err.pursuitFollows'));
      next = pursue(ctx, next, r, pieceOf(next.models, p.mover));
    }
    if (action.type === 'snapshot') {
      const t = next.models[action.target];
      if (!t || p.kind !== 'snapshot' || t.id !== p.mover)
        return ruleError('not-in-window', msg('counterblast:err.snapshotTarget'));
      next = resolveAttack(
        ctx,
        next,
        [{ kind: 'shoot', attacker: r.id, weapon: action.weapon, target: t.id, aim: 0 }],
        null,
      );
    }
    if (p.kind === 'attack') next = resolveAttack(ctx, next, p.split ?? [p.attack], action);
    if (p.kind === 'psi') next = resolvePsi(ctx, next, p.psi, action.type === 'disperse' ? r.id : null);
    if (onTable(pieceOf(next.models, r.id))) next = setModel(next, { ...pieceOf(next.models, r.id), stunned: true });
  } else if (p.kind === 'attack') next = resolveAttack(ctx, next, p.split ?? [p.attack], null);
  else if (p.kind === 'psi') next = resolvePsi(ctx, next, p.psi, null);
  return goOn(ctx, next);
}
