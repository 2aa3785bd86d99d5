/**
 * Skill actions and the team action that helps them: Treat and Engineer (stabilize a Down friend;
 * with a medkit or a toolkit, Heal), Hack (a scanner Marks an enemy), and Boost (+1D Knack to a
 * friend's Engineer, Treat or Hack in the same group step; several stack).
 */
import { rollPool } from '../dice/mechanics';
import type { DiceSource } from '../dice/source';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { inch, msg, type Msg } from '../engine/message';
import { ruleError, type RuleError } from '../engine/types';
import { gain, sees } from './conditions';
import { DIFFICULTY, onTable, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';
import { CHECK, refuse } from './say';
import { pieceOf } from '../engine/kit';

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

/** "Knack", or "Knack (+1D Boost)". */
const boosted = (boost: number): Msg =>
  boost ? msg('counterblast:check.boosted', { check: CHECK.knack, boost }) : CHECK.knack;

/** Hack with a scanner: an enemy in sight within 12"; Knack/7; a success Marks it. Spends the model. */
export const hack: StepHandler<'hack'> = (ctx, action, { next: s, m }) => {
  const { dice, events, q } = ctx;
  const t = s.models[action.target];
  if (!(m.card.gear ?? []).includes('scanner')) return refuse(msg('counterblast:err.noScanner', { name: m.card.name }));
  if (!t || !onTable(t) || t.player === m.player)
    return refuse(msg('counterblast:err.notEnemy', { model: action.target }));
  if (!sees(s, q, m.id, t.id) || q.distance(m.id, t.id) > HACK_RANGE + 1e-9)
    return ruleError(
      'out-of-range',
      msg('counterblast:err.hackRange', { target: t.card.name, range: inch(HACK_RANGE) }),
    );
  const r = skillCheck(s, dice, m);
  events.push({
    type: 'hack',
    text: msg('counterblast:event.hack', {
      name: m.card.name,
      target: t.card.name,
      check: boosted(r.boost),
      pool: poolWords({ rolls: r.rolls, difficulty: 7 }),
    }),
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  const next = setModel(r.state, { ...pieceOf(r.state.models, m.id), spent: true });
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
    return refuse(
      msg(gear === 'medkit' ? 'counterblast:err.noMedkit' : 'counterblast:err.noToolkit', { name: m.card.name }),
    );
  const t = s.models[targetId];
  if (!t || !onTable(t) || t.player !== m.player) return refuse(msg('counterblast:err.notFriend', { model: targetId }));
  // "When a model attempts to heal another".
  if (t.id === m.id) return refuse(msg('counterblast:err.healSelf', { name: m.card.name }));
  if (via === 'treat' ? t.card.body === 'robot' : t.card.body === 'living')
    return refuse(
      msg(via === 'treat' ? 'counterblast:err.robotHeals' : 'counterblast:err.livingHeals', { target: t.card.name }),
    );
  if (t.damage <= 1) return refuse(msg('counterblast:err.healLeavesOne', { target: t.card.name, tokens: t.damage }));
  if (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id))
    return ruleError('out-of-range', msg('counterblast:err.within1', { target: t.card.name }));
  const r = skillCheck(s, dice, m);
  const damage = Math.max(1, t.damage - r.successes);
  events.push({
    type: 'heal',
    text: msg('counterblast:event.heal', {
      name: m.card.name,
      target: t.card.name,
      check: boosted(r.boost),
      pool: poolWords({ rolls: r.rolls, difficulty: 7 }),
      from: t.damage,
      to: damage,
    }),
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  let next = setModel(r.state, { ...pieceOf(r.state.models, m.id), spent: true });
  const healed = pieceOf(next.models, t.id);
  const down = healed.down && damage >= healed.card.mettle;
  next = setModel(next, { ...healed, damage, down, stable: down ? true : healed.stable && down });
  if (healed.down && !down)
    events.push({ type: 'heal', text: msg('counterblast:event.upAgain', { name: t.card.name }), model: t.id });
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
  if (!t || !onTable(t) || t.player !== m.player) return refuse(msg('counterblast:err.notFriend', { model: targetId }));
  if (!t.down || t.stable) return refuse(msg('counterblast:err.nothingToStabilize', { target: t.card.name }));
  const fits = via === 'treat' ? t.card.body !== 'robot' : t.card.body !== 'living';
  if (!fits)
    return refuse(
      msg(t.card.body === 'robot' ? 'counterblast:err.robotStabilize' : 'counterblast:err.livingStabilize', {
        target: t.card.name,
      }),
    );
  if (t.id !== m.id && (q.distance(m.id, t.id) > 1 + 1e-9 || !sees(s, q, m.id, t.id)))
    return ruleError('out-of-range', msg('counterblast:err.within1', { target: t.card.name }));
  const r = skillCheck(n, dice, m);
  events.push({
    type: 'stabilize',
    text: msg('counterblast:event.stabilize', {
      name: m.card.name,
      target: t.card.name,
      check: boosted(r.boost),
      pool: poolWords({ rolls: r.rolls, difficulty: DIFFICULTY }),
    }),
    model: m.id,
    target: t.id,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  const next = setModel(r.state, { ...pieceOf(r.state.models, m.id), spent: true });
  return r.successes > 0 ? setModel(next, { ...pieceOf(next.models, t.id), stable: true }) : next;
}

/** Treat or Engineer: Heal with the right gear when asked (`heal`), else stabilize a Down friend. */
export const care: StepHandler<'treat' | 'engineer'> = (ctx, action, acting) =>
  action.heal
    ? heal(ctx, acting.next, acting.m, action.target, action.type)
    : stabilize(ctx, acting, action.target, action.type);

/** Boost: a friend of the group within 1" in sight gets +1D Knack on its next Engineer, Treat or Hack this activation. */
export const boost: StepHandler<'boost'> = (ctx, action, { next: s, m }) => {
  const q = ctx.at(s);
  const a = s.activation!;
  const f = s.models[action.friend];
  if (!f || f.player !== m.player || f.id === m.id || !a.models.includes(f.id))
    return refuse(msg('counterblast:err.boostGroup'));
  if (m.card.knack === 0) return refuse(msg('counterblast:err.noKnack', { name: m.card.name }));
  if (q.distance(m.id, f.id) > 1 + 1e-9 || !sees(s, q, m.id, f.id))
    return ruleError('out-of-range', msg('counterblast:err.within1', { target: f.card.name }));
  ctx.events.push({
    type: 'team',
    text: msg('counterblast:event.boost', { name: m.card.name, friend: f.card.name }),
    model: m.id,
  });
  return { ...s, activation: { ...a, boosted: { ...(a.boosted ?? {}), [f.id]: (a.boosted?.[f.id] ?? 0) + 1 } } };
};
