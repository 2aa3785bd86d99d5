/**
 * The conditions weapons and enigmas inflict: Blind, Burning, Half-blind, Marked and Pinned (the
 * others, Down, Engaged, Panic, Prone, Spent, Stable and Stunned, live on the model as flags).
 * What each does to a model's abilities, sight and moves, what happens to them in Upkeep, and the
 * Recover action that clears Stunned and Pinned.
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import type { Inflicted } from './data';
import { sufferDamage } from './damage';
import { DIFFICULTY, onTable, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';

import { CHECK, CONDITION_NAMES, refuse } from './say';
import { pieceOf } from '../engine/kit';

export { CONDITION_NAMES } from './say';

/** Whether a model has a condition. */
export const has = (m: CbModel, c: Inflicted): boolean => (m.conditions ?? []).includes(c);

/** Gives a model a condition (a model never has the same condition twice). */
export function gain(ctx: CbContext, s: CbState, id: string, c: Inflicted): CbState {
  const m = s.models[id];
  if (!m || !onTable(m) || has(m, c)) return s;
  ctx.events.push({
    type: 'condition',
    text: msg('counterblast:event.condition', { name: m.card.name, condition: CONDITION_NAMES[c] }),
    model: id,
    condition: c,
  });
  return { ...s, models: { ...s.models, [id]: { ...m, conditions: [...(m.conditions ?? []), c] } } };
}

/** Takes a condition off a model. */
export function lose(ctx: CbContext, s: CbState, id: string, c: Inflicted): CbState {
  const m = s.models[id];
  if (!m || !has(m, c)) return s;
  ctx.events.push({
    type: 'condition',
    text: msg('counterblast:event.conditionLost', { name: m.card.name, condition: CONDITION_NAMES[c] }),
    model: id,
    condition: c,
    lost: true,
  });
  return { ...s, models: { ...s.models, [id]: { ...m, conditions: (m.conditions ?? []).filter((x) => x !== c) } } };
}

/** Zap dice: Blind rolls nothing (a result of 0); Half-blind at most 1D. */
export const zapOf = (m: CbModel): number =>
  has(m, 'blind') ? 0 : has(m, 'half-blind') ? Math.min(1, m.card.zap) : m.card.zap;
/** Grit dice: Blind and Half-blind at most 1D. */
export const gritOf = (m: CbModel): number =>
  has(m, 'blind') || has(m, 'half-blind') ? Math.min(1, m.card.grit) : m.card.grit;
/** The Move attribute: Blind 2 (a Half-blind model's move is a d5 rolled when it moves). */
export const moveOf = (m: CbModel): number => (has(m, 'blind') ? Math.min(2, m.card.move) : m.card.move);

/**
 * A Grit check's Difficulty against a model (Strike, Throw): 7 against equal or lower Grit, else 8
 * (the Grit Blind and Half-blind leave, both sides);
 * Prone: its own Grit checks +1, Grit checks against it -1; against a Down model always 2;
 * Panicked: +1.
 */
export function gritDifficulty(m: CbModel, t: CbModel): number {
  const base = t.down ? 2 : (gritOf(t) <= gritOf(m) ? 7 : 8) + (m.prone ? 1 : 0) - (t.prone ? 1 : 0);
  return base + (m.panicked ? 1 : 0);
}

/** Line of sight as the rules allow it: Blind and Down models see nothing (but themselves). `q` is the view of `s`. */
export function sees(s: CbState, q: Queries, viewer: string, target: string): boolean {
  if (viewer === target) return true;
  const v = s.models[viewer];
  if (!v || v.down || has(v, 'blind')) return false;
  return q.sight(viewer, target).hasLos;
}

/**
 * Upkeep: each Burning model takes 3 raw damage (Prone: +3D Defense); gaining tokens it rolls
 * Knack/7 and panics on a failure; taking none it stops burning. Then Marked comes off everyone.
 */
export function upkeepConditions(ctx: CbContext, s0: CbState): CbState {
  const { dice, events } = ctx;
  let s = s0;
  for (const id of Object.keys(s.models).sort()) {
    const m = pieceOf(s.models, id);
    if (!onTable(m) || !has(m, 'burning')) continue;
    events.push({
      type: 'burning',
      text: msg(m.prone ? 'counterblast:event.burnsProne' : 'counterblast:event.burns', { name: m.card.name }),
      model: id,
    });
    const before = m.damage;
    s = sufferDamage(ctx, s, id, 3, m.prone ? 3 : 0);
    const after = pieceOf(s.models, id);
    if (!onTable(after)) continue;
    if (after.damage > before) {
      const r = rollPool(dice, { dice: after.card.knack, difficulty: 7 });
      events.push({
        type: 'panic',
        text: msg(r.successes === 0 ? 'counterblast:event.burnNervePanicked' : 'counterblast:event.burnNerve', {
          name: after.card.name,
          check: CHECK.knack,
          pool: poolWords({ rolls: r.rolls, difficulty: 7 }),
        }),
        model: id,
        rolls: r.rolls,
      });
      logRolls(events, dice, after.player);
      if (r.successes === 0 && !after.panicked)
        s = { ...s, models: { ...s.models, [id]: { ...after, panicked: true } } };
    } else s = lose(ctx, s, id, 'burning');
  }
  for (const id of Object.keys(s.models).sort()) s = lose(ctx, s, id, 'marked');
  return s;
}

/** Recover: Stunned clears; Pinned rolls Knack/7 to get free. Spends the model. */
export const recover: StepHandler<'recover'> = (ctx, _action, { next: n, m }) => {
  if (!m.stunned && !has(m, 'pinned')) return refuse(msg('counterblast:err.nothingToRecover', { name: m.card.name }));
  let next = setModel(n, { ...pieceOf(n.models, m.id), stunned: false, spent: true });
  if (m.stunned)
    ctx.events.push({ type: 'recover', text: msg('counterblast:event.recover', { name: m.card.name }), model: m.id });
  if (has(m, 'pinned')) {
    const r = rollPool(ctx.dice, { dice: m.card.knack, difficulty: DIFFICULTY });
    ctx.events.push({
      type: 'recover',
      text: msg('counterblast:event.pinStruggle', {
        name: m.card.name,
        check: CHECK.knack,
        pool: poolWords({ rolls: r.rolls, difficulty: DIFFICULTY }),
      }),
      model: m.id,
      rolls: r.rolls,
    });
    logRolls(ctx.events, ctx.dice, m.player);
    if (r.successes > 0) next = lose(ctx, next, m.id, 'pinned');
  }
  return next;
};
