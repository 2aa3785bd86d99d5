/**
 * Skill actions beyond stabilizing, and the team action that helps them: Hack (a scanner Marks an
 * enemy), Heal (a medkit with Treat, a toolkit with Engineer: tokens off, down to one), and Boost
 * (+1D Knack to a friend's Engineer, Treat or Hack in the same group step; several stack).
 */
import { rollPool } from '../dice/mechanics';
import type { DiceSource } from '../dice/source';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError, type RuleEvent } from '../engine/types';
import { gain, sees } from './conditions';
import { layoutOf, onTable, type CbModel, type CbState } from './game';

/** How far a scanner reaches for Hack's Mark, inches (the text gives none: README). */
export const HACK_RANGE = 12;
/** The skill actions Boost helps. */
export const BOOSTED = ['engineer', 'treat', 'hack'];

const illegal = (message: string): RuleError => ruleError('illegal-action', message);
const setModel = (s: CbState, m: CbModel): CbState => ({ ...s, models: { ...s.models, [m.id]: m } });

/** A Knack check for a skill with the Boosts on the model, which it uses up. */
export function skillCheck(
  s: CbState,
  dice: DiceSource,
  m: CbModel,
): { state: CbState; rolls: number[]; successes: number; boost: number } {
  const boost = s.activation?.boosted?.[m.id] ?? 0;
  const r = rollPool(dice, { dice: m.card.knack + boost, difficulty: 7 });
  const state =
    boost && s.activation
      ? { ...s, activation: { ...s.activation, boosted: { ...s.activation.boosted, [m.id]: 0 } } }
      : s;
  return { state, rolls: r.rolls, successes: r.successes, boost };
}

const boosted = (boost: number) => (boost ? ` (+${boost}D Boost)` : '');

/** Hack with a scanner: an enemy in sight within 12"; Knack/7; a success Marks it. Spends the model. */
export function hack(
  s: CbState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  m: CbModel,
  targetId: string,
): CbState | RuleError {
  const t = s.models[targetId];
  if (!(m.card.gear ?? []).includes('scanner')) return illegal(`${m.card.name} has no scanner to Hack with`);
  if (!t || !onTable(t) || t.player === m.player) return illegal(`${targetId} is not an enemy model on the table`);
  q.arrange(layoutOf(s));
  if (!sees(s, q, m.id, t.id) || q.distance(m.id, t.id) > HACK_RANGE + 1e-9)
    return ruleError('out-of-range', `${t.card.name} must be in sight within ${HACK_RANGE}"`);
  const r = skillCheck(s, dice, m);
  events.push({
    type: 'hack',
    text: `${m.card.name} scans ${t.card.name}: Knack${boosted(r.boost)} ${poolWords({ rolls: r.rolls, difficulty: 7 })}`,
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  const next = setModel(r.state, { ...r.state.models[m.id]!, spent: true });
  return r.successes > 0 ? gain(next, events, t.id, 'marked') : next;
}

/**
 * Heal (Treat with a medkit, Engineer with a toolkit): a friend within 1" in sight (or itself);
 * Knack/7; one damage token off per success, never below one; still Down: Stable; fewer tokens than
 * Mettle: no longer Down. Spends the model.
 */
export function heal(
  s: CbState,
  q: Queries,
  dice: DiceSource,
  events: RuleEvent[],
  m: CbModel,
  targetId: string,
  via: 'treat' | 'engineer',
): CbState | RuleError {
  const gear = via === 'treat' ? 'medkit' : 'toolkit';
  if (!(m.card.gear ?? []).includes(gear))
    return illegal(`${m.card.name} has no ${gear}: healing needs the right gear`);
  const t = s.models[targetId];
  if (!t || !onTable(t) || t.player !== m.player) return illegal(`${targetId} is not a friendly model on the table`);
  if (via === 'treat' ? t.card.body === 'robot' : t.card.body === 'living')
    return illegal(`${t.card.name} is ${t.card.body}: ${via === 'treat' ? 'Engineer' : 'Treat'} heals it`);
  if (t.damage <= 1)
    return illegal(
      `${t.card.name} has ${t.damage} damage token${t.damage === 1 ? '' : 's'}: healing leaves at least one`,
    );
  q.arrange(layoutOf(s));
  if (t.id !== m.id && (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id)))
    return ruleError('out-of-range', `${t.card.name} must be within 1" and in sight`);
  const r = skillCheck(s, dice, m);
  const damage = Math.max(1, t.damage - r.successes);
  events.push({
    type: 'heal',
    text: `${m.card.name} heals ${t.card.name}: Knack${boosted(r.boost)} ${poolWords({ rolls: r.rolls, difficulty: 7 })}: ${t.damage} -> ${damage} tokens`,
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  let next = setModel(r.state, { ...r.state.models[m.id]!, spent: true });
  const healed = next.models[t.id]!;
  const down = healed.down && damage >= healed.card.mettle;
  next = setModel(next, { ...healed, damage, down, stable: down ? true : healed.stable && down });
  if (healed.down && !down) events.push({ type: 'heal', text: `${t.card.name} is no longer Down`, model: t.id });
  return next;
}

/** Boost: a friend of the group within 1" in sight gets +1D Knack on its next Engineer, Treat or Hack this activation. */
export function boost(s: CbState, q: Queries, events: RuleEvent[], m: CbModel, friendId: string): CbState | RuleError {
  const a = s.activation!;
  const f = s.models[friendId];
  if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
    return illegal('Boost helps a friendly model of the group');
  if (m.card.knack === 0) return illegal(`${m.card.name} has Knack 0D: it cannot Boost`);
  q.arrange(layoutOf(s));
  if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
    return ruleError('out-of-range', `${f.card.name} must be within 1" and in sight`);
  events.push({
    type: 'team',
    text: `${m.card.name} boosts ${f.card.name} (+1D Knack on its Engineer, Treat or Hack)`,
    model: m.id,
  });
  return { ...s, activation: { ...a, boosted: { ...(a.boosted ?? {}), [f.id]: (a.boosted?.[f.id] ?? 0) + 1 } } };
}
