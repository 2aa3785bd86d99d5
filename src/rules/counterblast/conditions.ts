/**
 * The conditions weapons and enigmas inflict: Blind, Burning, Half-blind, Marked and Pinned (the
 * others, Down, Engaged, Panic, Prone, Spent, Stable and Stunned, live on the model as flags).
 * What each does to a model's abilities, sight and moves, and what happens to them in Upkeep.
 */
import { rollPool } from '../dice/mechanics';
import type { DiceSource } from '../dice/source';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import type { Queries } from '../engine/queries';
import type { RuleEvent } from '../engine/types';
import type { Inflicted } from './data';
import { onTable, type CbModel, type CbState } from './game';

/** The conditions' names in the log and on the tokens. */
export const CONDITION_NAMES: Record<Inflicted, string> = {
  blind: 'Blind',
  burning: 'Burning',
  'half-blind': 'Half-blind',
  marked: 'Marked',
  pinned: 'Pinned',
};

/** Whether a model has a condition. */
export const has = (m: CbModel, c: Inflicted): boolean => (m.conditions ?? []).includes(c);

/** Gives a model a condition (a model never has the same condition twice). */
export function gain(s: CbState, events: RuleEvent[], id: string, c: Inflicted): CbState {
  const m = s.models[id];
  if (!m || !onTable(m) || has(m, c)) return s;
  events.push({ type: 'condition', text: `${m.card.name} is ${CONDITION_NAMES[c]}`, model: id, condition: c });
  return { ...s, models: { ...s.models, [id]: { ...m, conditions: [...(m.conditions ?? []), c] } } };
}

/** Takes a condition off a model. */
export function lose(s: CbState, events: RuleEvent[], id: string, c: Inflicted): CbState {
  const m = s.models[id];
  if (!m || !has(m, c)) return s;
  events.push({
    type: 'condition',
    text: `${m.card.name} is no longer ${CONDITION_NAMES[c]}`,
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

/** Line of sight as the rules allow it: Blind and Down models see nothing (but themselves). */
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
export function upkeepConditions(
  s0: CbState,
  dice: DiceSource,
  events: RuleEvent[],
  suffer: (s: CbState, id: string, raw: number, extraDefense: number) => CbState,
): CbState {
  let s = s0;
  for (const id of Object.keys(s.models).sort()) {
    const m = s.models[id]!;
    if (!onTable(m) || !has(m, 'burning')) continue;
    events.push({
      type: 'burning',
      text: `${m.card.name} burns: 3 raw damage${m.prone ? ' (Prone: +3D Defense)' : ''}`,
      model: id,
    });
    const before = m.damage;
    s = suffer(s, id, 3, m.prone ? 3 : 0);
    const after = s.models[id]!;
    if (!onTable(after)) continue;
    if (after.damage > before) {
      const r = rollPool(dice, { dice: after.card.knack, difficulty: 7 });
      events.push({
        type: 'panic',
        text: `${after.card.name} burns and tests its nerve: Knack ${poolWords({ rolls: r.rolls, difficulty: 7 })}${r.successes === 0 ? ': Panicked' : ''}`,
        model: id,
        rolls: r.rolls,
      });
      logRolls(events, dice, after.player);
      if (r.successes === 0 && !after.panicked)
        s = { ...s, models: { ...s.models, [id]: { ...after, panicked: true } } };
    } else s = lose(s, events, id, 'burning');
  }
  for (const id of Object.keys(s.models).sort()) s = lose(s, events, id, 'marked');
  return s;
}
