/**
 * Data attacks: a Data Spike (or Task Force Boone's force rule) pins an enemy unit or clears a
 * friendly unit's Pinned marker; a Data Knife damages an AI or Powered model within its reach. The
 * defender's Data Spike models may answer with Counter EWAR.
 */
import { gapWords } from './say';
import { msg } from '../engine/message';
import { illegal, pieceOf } from '../engine/kit';
import { ruleError } from '../engine/types';
import { ok, type ActionOf, type Ctx, type Out } from './context';
import { applyDamage, skillRoll } from './combat';
import { hasRule, ruleX } from './data';
import type { Turn } from './modelActions';
import { afterAction, openWindow } from './reactions';
import { booneDataAttack, plainCheck } from './situation';
import { aliveModels, onTable, type BlkoutState } from './game';
import { setUnit } from './steps';

/** A data attack declared: the defender may answer with Counter EWAR before it resolves. */
export function dataAttack(ctx: Ctx, s: BlkoutState, action: ActionOf<'data-attack'>, turn: Turn): Out {
  const { m, follow } = turn;
  let next = turn.next;
  if (follow) return ruleError('illegal-action', msg('blkout:error.cyclicFollow'));
  const boone = !hasRule(m.rules, 'Data Spike') && booneDataAttack(s, m);
  const spike = hasRule(m.rules, 'Data Spike') || boone;
  if (boone && s.units[action.target]) next = { ...next, forceUsed: { ...next.forceUsed, [m.player]: s.round } };
  const knife = ruleX(m.rules, 'Data Knife');
  const tu = s.units[action.target];
  const tm = s.models[action.target];
  if (tu && spike) {
    next = { ...next, pending: { kind: 'data', attacker: m.id, target: tu.id, mode: 'spike' } };
  } else if (tm && knife > 0) {
    if (!onTable(tm) || tm.player === m.player) return illegal(`${action.target} is not an enemy model on the table`);
    if (!hasRule(tm.rules, 'AI') && !hasRule(tm.rules, 'Powered'))
      return ruleError('illegal-action', msg('blkout:error.knifeTargets'));
    if (ctx.at(s).distance(m.id, tm.id) > knife)
      return ruleError('out-of-range', msg('blkout:error.knifeRange', { name: tm.name, reach: gapWords(knife) }));
    next = { ...next, pending: { kind: 'data', attacker: m.id, target: tm.id, mode: 'knife' } };
  } else return illegal(`${m.name} has no data attack against ${action.target}`);
  if (tu && tu.player === m.player && !tu.pinned)
    return ruleError('illegal-action', msg('blkout:error.noPin', { unit: tu.name }));
  if (tu && hasRule(aliveModels(s, tu.id)[0]?.rules ?? [], 'Low Tech') && tu.player !== m.player)
    return ruleError('illegal-action', msg('blkout:error.lowTech', { unit: tu.name }));
  ctx.events.push({
    type: 'data-attack',
    text: msg('blkout:event.dataAttack', { name: m.name, target: tu?.name ?? tm?.name ?? '' }),
    model: m.id,
    target: action.target,
  });
  return ok(ctx, openWindow(ctx, next));
}

/** Resolves a data attack (with an optional Counter EWAR model). */
export function resolveData(ctx: Ctx, s: BlkoutState, counter: string | null): BlkoutState {
  const events = ctx.events;
  const p = s.pending;
  if (!p || p.kind !== 'data') return s;
  let next: BlkoutState = { ...s, pending: null, window: null };
  const a = pieceOf(next.models, p.attacker);
  const r = skillRoll(
    ctx,
    a,
    plainCheck(next, a),
    p.mode === 'spike' ? msg('blkout:check.spike') : msg('blkout:check.knife'),
  );
  let success = r.successes > 0;
  if (counter && success) {
    const c = pieceOf(next.models, counter);
    const rc = skillRoll(ctx, c, plainCheck(next, c), msg('blkout:check.counter'));
    if (rc.successes > r.successes) {
      success = false;
      events.push({ type: 'data', text: msg('blkout:event.counterEwar', { name: c.name }), model: c.id });
    }
  }
  if (success) {
    if (p.mode === 'knife') {
      next = applyDamage(ctx, next, p.target, 1);
    } else {
      const u = pieceOf(next.units, p.target, 'unit');
      const pin = u.player !== a.player;
      next = setUnit(next, u.id, { pinned: pin });
      events.push({
        type: 'token-placed',
        text: pin ? msg('blkout:event.pinned', { unit: u.name }) : msg('blkout:event.unpinned', { unit: u.name }),
        token: 'pinned',
        unit: u.id,
        at: null,
      });
    }
  } else if (!counter || r.successes === 0) {
    events.push({ type: 'data', text: msg('blkout:event.dataFails', { name: a.name }), model: a.id });
  }
  return afterAction(ctx, next, p.attacker);
}
