/**
 * The Counterblast bot's odds: expected damage tokens of an attack or a Psi Strike from the odds the
 * engine gives the action menu (`attackOdds`: dice, Difficulty, damage, cover dice), and the best
 * attack a model has among the legal moves.
 */
import type { Move } from '../../engine/match';
import type { Queries } from '../../engine/queries';
import type { CbAction, CbState } from '../engine';
import { onTable, type CbModel } from '../game';
import { attackOdds } from '../attacks';
import { engagers } from '../closeCombat';
import { pieceOf } from '../../engine/kit';
import { PSI_DIFFICULTY } from '../psi';

/** Expected successes of a d10 pool against a Difficulty (exploding 10s add a tenth of a die each). */
export const expected = (dice: number, difficulty: number): number =>
  Math.max(0, Math.min(10, dice)) * Math.max(0, (11 - difficulty) / 10) * (1 + 1 / 9);

/** The kinds of attack the bot weighs. */
export type AttackKind = 'shoot' | 'strike' | 'return-fire' | 'counterstrike' | 'snapshot';

/** Expected damage tokens of an attack (the odds the action menu shows: attackOdds); `aim` overrides the activation's Aim. */
export function attackValue(
  s: CbState,
  q: Queries,
  attacker: string,
  kind: AttackKind,
  weapon: number,
  target: string,
  aim?: number,
): number {
  const m = pieceOf(s.models, attacker),
    t = pieceOf(s.models, target);
  const shooting = kind !== 'strike' && kind !== 'counterstrike';
  const w = shooting ? m.card.shooting[weapon] : m.card.striking[weapon];
  if (!w || !onTable(t)) return 0;
  const o = attackOdds(s, q, {
    kind: shooting ? 'shoot' : 'strike',
    attacker,
    weapon,
    target,
    aim: shooting ? (aim ?? s.activation?.aim[attacker] ?? 0) : 0,
  });
  return tokensOf(t, expected(o.dice, o.difficulty) * o.damage, o.coverDice) + (w.inflicts ? 0.3 : 0);
}

/** Expected damage tokens from raw damage after Defense (and cover dice), worth more when it finishes the model. */
export function tokensOf(t: CbModel, raw: number, coverDice: number): number {
  const tokens = Math.max(0, raw - expected(t.card.defense + coverDice, 7));
  // A model near its Mettle (or double Mettle) is worth more.
  return tokens * (t.damage + tokens >= t.card.mettle ? 1.5 : 1);
}

/** Expected damage tokens of a Psi Strike. */
export function psiValue(s: CbState, attacker: string, enigma: number, target: string): number {
  const m = pieceOf(s.models, attacker),
    t = pieceOf(s.models, target);
  const e = m.card.enigmas?.[enigma];
  if (!e || e.kind !== 'strike') return 0;
  return tokensOf(t, expected(m.card.psi ?? 0, PSI_DIFFICULTY) * e.damage, 0) + (e.inflicts ? 0.3 : 0);
}

/** Expected tokens of an attack move (shoot, strike, Psi Strike; 0 for anything else). */
export function moveValue(s: CbState, q: Queries, mv: Move<CbAction>): number {
  if (mv.type === 'psi-strike') return psiValue(s, mv.model, mv.enigma, mv.target);
  if ((mv.type === 'shoot' || mv.type === 'strike') && !mv.split)
    return attackValue(s, q, mv.model, mv.type, mv.weapon, mv.target);
  return 0;
}

/** The enemies of a model on the table. */
export const enemiesOf = (s: CbState, m: CbModel): CbModel[] =>
  Object.values(s.models).filter((e) => e.player !== m.player && onTable(e));

/** Distance from a point to the nearest enemy (flat, centre to centre). */
export function nearestEnemy(s: CbState, m: CbModel, at: readonly number[]): number {
  return Math.min(...enemiesOf(s, m).map((e) => Math.hypot(e.pos![0] - at[0]!, e.pos![2] - at[2]!)), 999);
}

/** What an attack's expected raw damage is worth to `evaluate` on target `t`: its tokens (up to the model's Mettle) at half the model's worth over its Mettle, and a Down's drop. */
export function damageWorth(t: CbModel, raw: number, coverDice: number): number {
  const tokens = Math.max(0, raw - expected(t.card.defense + coverDice, 7));
  const taken = Math.min(tokens, Math.max(0, t.card.mettle - t.damage));
  return (t.card.points / 100) * ((0.5 * taken) / t.card.mettle + (t.damage + tokens >= t.card.mettle ? 0.15 : 0));
}

/** The best attack a model could make from where it stands at any enemy standing in reach or range and sight, in `evaluate`'s units (see damageWorth). */
export function attackWorth(s: CbState, q: Queries, id: string, shoot = true, strike = true): number {
  const me = pieceOf(s.models, id);
  // No shooting while Engaged.
  const shooting = shoot && engagers(s, q, me).length === 0;
  let v = 0;
  for (const e of enemiesOf(s, me)) {
    if (e.down) continue;
    const d = q.distance(id, e.id);
    const weapons = [
      ...(shooting ? me.card.shooting.map((w, i) => ['shoot', i, w.range] as const) : []),
      ...(strike ? me.card.striking.map((w, i) => ['strike', i, w.reach] as const) : []),
    ].filter(([, , r]) => d <= r);
    if (!weapons.length || !q.sight(id, e.id).hasLos) continue;
    for (const [kind, weapon] of weapons) {
      const aim = kind === 'shoot' ? (s.activation?.aim[id] ?? 0) : 0;
      const o = attackOdds(s, q, { kind, attacker: id, weapon, target: e.id, aim });
      v = Math.max(v, damageWorth(e, expected(o.dice, o.difficulty) * o.damage, o.coverDice));
    }
  }
  return v;
}

/** The best shot (or Psi Strike) a model could take from where it stands at any enemy in range and sight: expected tokens. */
export function shotValue(s: CbState, q: Queries, id: string, aim?: number): number {
  const me = pieceOf(s.models, id);
  let v = 0;
  for (const e of enemiesOf(s, me)) {
    if (e.down) continue;
    const d = q.distance(id, e.id);
    const reach = Math.max(0, ...me.card.shooting.map((w) => w.range), ...me.card.striking.map((w) => w.reach));
    if (d > reach) continue;
    if (!q.sight(id, e.id).hasLos) continue;
    me.card.shooting.forEach((w, i) => {
      if (d <= w.range) v = Math.max(v, attackValue(s, q, id, 'shoot', i, e.id, aim));
    });
    me.card.striking.forEach((w, i) => {
      if (d <= w.reach) v = Math.max(v, attackValue(s, q, id, 'strike', i, e.id));
    });
  }
  return v;
}
