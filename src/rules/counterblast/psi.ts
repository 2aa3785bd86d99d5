/**
 * Psifers: Psi Strike (an enigma that attacks: Psi/7, raw damage per success, maybe a condition)
 * and Psi Craft (an enigma that aids a friend: heal or cleanse), both Spending the psifer; and the
 * Disperse reaction (an enemy psifer within 12" rolls its own Psi check; a greater result makes the
 * psifer's result 0). The text defines no enigmas, so crews list theirs (README, "Psi").
 */
import { rollPool } from '../dice/mechanics';
import { poolWords } from '../dice/words';
import { logRolls } from '../engine/diceLog';
import { other, pieceOf } from '../engine/kit';
import { inch, msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { gain, has, lose, sees } from './conditions';
import { sufferDamage } from './damage';
import type { Enigma, Inflicted } from './data';
import { mayReact, onTable, setModel, type CbContext, type CbModel, type CbState, type StepHandler } from './game';
import { CHECK, CONDITION_NAMES, refuse } from './say';

/** How near an enemy psifer must be to Disperse, inches. */
export const DISPERSE_RANGE = 12;
/** Psi checks are Psi/7, Panicked or not. */
export const PSI_DIFFICULTY = 7;
/** Conditions a cleanse takes off, worst first (Marked wears off in Upkeep anyway). */
export const CLEANSED: readonly Inflicted[] = ['blind', 'pinned', 'burning', 'half-blind'];

/** A Psi action waiting for the reactive crew's answer (Disperse). */
export interface CbPsi {
  kind: 'strike' | 'craft';
  psifer: string;
  enigma: number;
  target: string;
}

/** Psi dice (0 for a model that is not a psifer). */
export const psiOf = (m: CbModel): number => m.card.psi ?? 0;

/** Why a psifer cannot use an enigma on a target now, or null (`q` is the view of `s`: the legal list asks this per target). */
export function psiRefusal(s: CbState, q: Queries, m: CbModel, p: Omit<CbPsi, 'psifer'>): RuleError | null {
  const e: Enigma | undefined = m.card.enigmas?.[p.enigma];
  if (psiOf(m) === 0) return refuse(msg('counterblast:err.notPsifer', { name: m.card.name }));
  if (!e || e.kind !== p.kind)
    return refuse(
      msg(p.kind === 'strike' ? 'counterblast:err.noStrikeEnigma' : 'counterblast:err.noCraftEnigma', {
        name: m.card.name,
        n: p.enigma,
      }),
    );
  const t = s.models[p.target];
  if (!t || !onTable(t)) return refuse(msg('counterblast:err.notOnTable', { model: p.target }));
  if (p.kind === 'strike' ? t.player === m.player : t.player !== m.player)
    return refuse(
      msg(p.kind === 'strike' ? 'counterblast:err.targetsEnemy' : 'counterblast:err.targetsFriend', { enigma: e.name }),
    );
  if (t.id !== m.id && !sees(s, q, m.id, t.id))
    return ruleError('no-los', msg('counterblast:err.noLos', { name: m.card.name, target: t.card.name }));
  if (t.id !== m.id && q.distance(m.id, t.id) > e.range + 1e-9)
    return ruleError(
      'out-of-range',
      msg('counterblast:err.beyondEnigma', { target: t.card.name, enigma: e.name, range: inch(e.range) }),
    );
  if (e.kind === 'craft' && e.effect === 'heal' && t.damage <= 1)
    return refuse(msg('counterblast:err.nothingToHeal', { target: t.card.name, enigma: e.name }));
  if (e.kind === 'craft' && e.effect === 'cleanse' && !CLEANSED.some((c) => has(t, c)))
    return refuse(msg('counterblast:err.nothingToCleanse', { target: t.card.name, enigma: e.name }));
  return null;
}

/** The enemy psifers that may Disperse a psifer's check (within 12", able to react). `q` is the view of `s`. */
export function disperseOptions(s: CbState, q: Queries, psifer: CbModel): Record<string, unknown>[] {
  return Object.values(s.models)
    .filter(
      (r) =>
        r.player !== psifer.player &&
        psiOf(r) > 0 &&
        mayReact(s, r) &&
        q.distance(r.id, psifer.id) <= DISPERSE_RANGE + 1e-9,
    )
    .map((r) => ({ type: 'disperse', model: r.id }));
}

/**
 * Resolves a Psi action: the psifer's Psi/7, then the Disperser's, if any (a greater result makes the
 * psifer's 0); then the enigma's effect. Panic does not touch Psi checks: it raises "zap and grit
 * checks" only.
 */
export function resolvePsi(ctx: CbContext, s: CbState, p: CbPsi, disperser: string | null): CbState {
  const { dice, events } = ctx;
  const m = pieceOf(s.models, p.psifer),
    t = pieceOf(s.models, p.target);
  const e = m.card.enigmas![p.enigma]!;
  const difficulty = PSI_DIFFICULTY;
  const r = rollPool(dice, { dice: psiOf(m), difficulty });
  events.push({
    type: 'psi',
    text: msg('counterblast:event.channel', {
      name: m.card.name,
      enigma: e.name,
      target: t.card.name,
      check: CHECK.psi,
      pool: poolWords({ rolls: r.rolls, difficulty }),
    }),
    model: m.id,
    target: t.id,
    shooter: m.id,
    hit: r.successes > 0,
    rolls: r.rolls,
  });
  logRolls(events, dice, m.player);
  let result = r.successes;
  if (disperser) {
    const d = pieceOf(s.models, disperser);
    const dr = rollPool(dice, { dice: psiOf(d), difficulty: PSI_DIFFICULTY });
    const wins = dr.successes > result;
    events.push({
      type: 'disperse',
      text: msg(wins ? 'counterblast:event.disperseWins' : 'counterblast:event.disperseFails', {
        name: d.card.name,
        check: CHECK.psi,
        pool: poolWords({ rolls: dr.rolls, difficulty: PSI_DIFFICULTY }),
        result,
        enigma: e.name,
      }),
      model: d.id,
      rolls: dr.rolls,
    });
    logRolls(events, dice, d.player);
    if (wins) result = 0;
  }
  if (result === 0 || !onTable(t)) return s;
  if (e.kind === 'strike') {
    let next = sufferDamage(ctx, s, t.id, result * e.damage);
    if (e.inflicts) next = gain(ctx, next, t.id, e.inflicts);
    return next;
  }
  if (e.effect === 'heal') {
    const damage = Math.max(1, t.damage - result);
    const down = t.down && damage >= t.card.mettle;
    events.push({
      type: 'heal',
      text: msg(t.down && !down ? 'counterblast:event.mendsUp' : 'counterblast:event.mends', {
        enigma: e.name,
        target: t.card.name,
        from: t.damage,
        to: damage,
      }),
      model: t.id,
    });
    return { ...s, models: { ...s.models, [t.id]: { ...t, damage, down, stable: down ? true : t.stable && down } } };
  }
  const c = CLEANSED.find((x) => has(t, x))!;
  events.push({
    type: 'psi',
    text: msg('counterblast:event.cleanse', { enigma: e.name, condition: CONDITION_NAMES[c], target: t.card.name }),
    model: t.id,
  });
  return lose(ctx, s, t.id, c);
}

/** Psi Strike or Psi Craft: declared (Spending the psifer), then the reactive crew may Disperse; else it resolves now. */
export const psiAction: StepHandler<'psi-strike' | 'psi-craft'> = (ctx, action, { before: s, next: n, m }) => {
  const psi: CbPsi = {
    kind: action.type === 'psi-strike' ? 'strike' : 'craft',
    psifer: m.id,
    enigma: action.enigma,
    target: action.target,
  };
  const why = psiRefusal(n, ctx.at(n), m, psi);
  if (why) return why;
  const next = setModel(n, { ...pieceOf(n.models, m.id), spent: true });
  const e = m.card.enigmas![action.enigma]!;
  ctx.events.push({
    type: 'psi-declared',
    text: msg('counterblast:event.psiDeclared', {
      name: m.card.name,
      enigma: e.name,
      target: pieceOf(s.models, action.target).card.name,
    }),
    model: m.id,
    target: action.target,
  });
  const options = disperseOptions(next, ctx.at(next), m);
  if (options.length)
    return { stop: { ...next, pending: { kind: 'psi', psi }, window: { player: other(m.player), options } } };
  return resolvePsi(ctx, next, psi, null);
};
