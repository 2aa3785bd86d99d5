/**
 * Skill actions and the team action that helps them: Treat and Engineer (stabilize a Down friend;
 * with a medkit or a toolkit, Heal), Hack (a scanner Marks an enemy), and Boost (+1D Knack to a
 * friend's Engineer, Treat or Hack in the same group step; several stack).
 */
import { rollPool } from '../dice/mechanics';
import type { DiceSource } from '../dice/source';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { illegal } from '../engine/kit';
import { ruleError, type RuleError } from '../engine/types';
import { gain, sees } from './conditions';
import { DIFFICULTY, onTable, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';

/** How far a scanner reaches for Hack's Mark, inches (the text gives none: README). */
export const HACK_RANGE = 12;
/** The skill actions Boost helps. */
export const BOOSTED = ['engineer', 'treat', 'hack'];

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
export const hack: StepHandler<'hack'> = (ctx, action, { next: s, m }) => {
  const { dice, events, q } = ctx;
  const t = s.models[action.target];
  if (!(m.card.gear ?? []).includes('scanner')) return illegal(`${m.card.name} has no scanner to Hack with`);
  if (!t || !onTable(t) || t.player === m.player) return illegal(`${action.target} is not an enemy model on the table`);
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
  return r.successes > 0 ? gain(ctx, next, t.id, 'marked') : next;
};

/**
 * Heal (Treat with a medkit, Engineer with a toolkit): another friend within 1" in sight;
 * Knack/7; one damage token off per success, never below one; still Down: Stable; fewer tokens than
 * Mettle: no longer Down. Spends the model.
 */
function heal(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  targetId: string,
  via: 'treat' | 'engineer',
): CbState | RuleError {
  const { dice, events, q } = ctx;
  const gear = via === 'treat' ? 'medkit' : 'toolkit';
  if (!(m.card.gear ?? []).includes(gear))
    return illegal(`${m.card.name} has no ${gear}: healing needs the right gear`);
  const t = s.models[targetId];
  if (!t || !onTable(t) || t.player !== m.player) return illegal(`${targetId} is not a friendly model on the table`);
  // "When a model attempts to heal another".
  if (t.id === m.id) return illegal(`${m.card.name} heals another model, not itself`);
  if (via === 'treat' ? t.card.body === 'robot' : t.card.body === 'living')
    return illegal(`${t.card.name} is ${t.card.body}: ${via === 'treat' ? 'Engineer' : 'Treat'} heals it`);
  if (t.damage <= 1)
    return illegal(
      `${t.card.name} has ${t.damage} damage token${t.damage === 1 ? '' : 's'}: healing leaves at least one`,
    );
  if (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id))
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

/** Stabilize: Treat for living models, Engineer for robots, either for cyberforms; within 1" and in sight; Knack/7. Spends the model. */
function stabilize(
  ctx: CbContext,
  { before: s, next: n, m }: { before: CbState; next: CbState; m: CbModel },
  targetId: string,
  via: 'treat' | 'engineer',
): CbState | RuleError {
  const { dice, events, q } = ctx;
  const t = s.models[targetId];
  if (!t || !onTable(t) || t.player !== m.player) return illegal(`${targetId} is not a friendly model on the table`);
  if (!t.down || t.stable) return illegal(`${t.card.name} is not Down and unstable: there is nothing to stabilize`);
  const fits = via === 'treat' ? t.card.body !== 'robot' : t.card.body !== 'living';
  if (!fits)
    return illegal(`${t.card.name} is ${t.card.body}: ${t.card.body === 'robot' ? 'Engineer' : 'Treat'} stabilizes it`);
  if (t.id !== m.id && (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id)))
    return ruleError('out-of-range', `${t.card.name} must be within 1" and in sight`);
  const r = skillCheck(n, dice, m);
  events.push({
    type: 'stabilize',
    text: `${m.card.name} tries to stabilize ${t.card.name}: Knack${r.boost ? ` (+${r.boost}D Boost)` : ''} ${poolWords({ rolls: r.rolls, difficulty: DIFFICULTY })}`,
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  const next = setModel(r.state, { ...r.state.models[m.id]!, spent: true });
  return r.successes > 0 ? setModel(next, { ...next.models[t.id]!, stable: true }) : next;
}

/** Treat or Engineer: Heal with the right gear when asked (`heal`), else stabilize a Down friend. */
export const care: StepHandler<'treat' | 'engineer'> = (ctx, action, acting) =>
  action.heal
    ? heal(ctx, acting.next, acting.m, action.target, action.type)
    : stabilize(ctx, acting, action.target, action.type);

/** Boost: a friend of the group within 1" in sight gets +1D Knack on its next Engineer, Treat or Hack this activation. */
export const boost: StepHandler<'boost'> = (ctx, action, { next: s, m }) => {
  const q = ctx.q;
  const a = s.activation!;
  const f = s.models[action.friend];
  if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
    return illegal('Boost helps a friendly model of the group');
  if (m.card.knack === 0) return illegal(`${m.card.name} has Knack 0D: it cannot Boost`);
  if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
    return ruleError('out-of-range', `${f.card.name} must be within 1" and in sight`);
  ctx.events.push({
    type: 'team',
    text: `${m.card.name} boosts ${f.card.name} (+1D Knack on its Engineer, Treat or Hack)`,
    model: m.id,
  });
  return { ...s, activation: { ...a, boosted: { ...(a.boosted ?? {}), [f.id]: (a.boosted?.[f.id] ?? 0) + 1 } } };
};
