/**
 * The skirmish-ru bot's scores, one function per action type (`SCORERS`): a move is worth the attack
 * it leads to (a shot from its new front arc, a reserved action, a cleared jam, a charge's strike) less
 * the danger where it ends; an attack action is worth its expected takeouts less the danger where the
 * fighter stands. Everything is in "takeouts" (expected wounds as a share of the wounds the target has
 * left). An action type without a scorer is not scored: the bot never picks it (a new action type is one
 * more entry in the table).
 */
import type { ActionOf, SkAction, SkActionType } from '../actions';
import { activationOf, facingTo } from '../activation';
import { contacts, type SkFighter, type SkState } from '../game';
import { reachOf, type Facts, type Look } from './look';
import { strikeValue, testChance } from './odds';

/** Each dangerous enemy behind it costs this share of its threat again (it cannot shoot back from a reserve). */
export const BEHIND = 0.3;
/** Each inch it stands beyond its guns' reach (or, without guns, from base contact) costs this much. */
export const APPROACH = 0.12;
/** It wants enemies within this share of its reach. */
const WITHIN = 0.9;

/** One scorer: the worth of an action (null: not scored). */
export type Scorer<K extends SkActionType> = (look: Look, a: ActionOf<K>) => number | null;

/** The worth of ending the activation at a spot with these facts: the danger there, and how far it is from the fight. */
export function standing(look: Look, f: SkFighter, x: Facts): number {
  const need = Math.max(0, x.near - WITHIN * reachOf(look.s, f));
  return NEXT * x.next - x.threat - x.ambush - BEHIND * x.behind - APPROACH * need;
}

/** The shot it could take from a spot next activation counts this much (the enemy may move, or hide). */
export const NEXT = 0.6;

/** The fighter of an action, if it is one of the state's. */
const fighterOf = (s: SkState, a: { fighter?: unknown }): SkFighter | undefined =>
  typeof a.fighter === 'string' ? s.fighters[a.fighter] : undefined;

/** The facts where `f` stands now, with its activation as it is. */
export function here(look: Look, f: SkFighter): Facts {
  const a = activationOf(look.s, f);
  return look.at(f, f.pos, f.facing, a.moved, false, !a.pinned && !a.left);
}

/** What the best attack after a normal move is worth there: a shot, a reserved action, a cleared jam. */
function after(look: Look, f: SkFighter, x: Facts): number {
  let best = Math.max(0, x.bestShot, x.reserve);
  for (const w of f.weapons) if (f.arms[w]?.jammed) best = Math.max(best, look.clearWorth(f, w));
  return best;
}

/** A stay-put attack action: its worth plus the worth of standing where the fighter is. */
const stay =
  <K extends SkActionType>(worth: (look: Look, f: SkFighter, a: ActionOf<K>, x: Facts) => number): Scorer<K> =>
  (look, a) => {
    const f = fighterOf(look.s, a);
    if (!f) return null;
    const x = here(look, f);
    return worth(look, f, a, x) + standing(look, f, x);
  };

/** A failed climb or leap: a fall's wounds, then prone and pinned. */
const FALL_COST = -0.5;

/** Hiding's worth: above any attack (which is worth at most a whole enemy), so a fighter that may hide does it first. */
const HIDE_WORTH = 2;

/** The scorers, by action type. */
export const SCORERS: { [K in SkActionType]: Scorer<K> } = {
  move: (look, a) => {
    const s = look.s;
    const f = fighterOf(s, a);
    if (!f) return null;
    const act = activationOf(s, f);
    const to = [a.x, a.y, a.z] as const;
    // Leaving a close combat: an agility test, each enemy in contact strikes on a fail; no attack after.
    const engaged = contacts(s, f);
    const attacks = !act.pinned && engaged.length === 0;
    const x = look.at(f, to, facingTo(f.pos, to, f.facing), a.mode, true, attacks);
    const blows = engaged.reduce((sum, e) => sum + strikeValue(s, e, f), 0);
    const leave = (1 - testChance(f.stats.agility)) * blows;
    const next = x.charge > 0 ? x.charge : attacks && a.mode === 'move' ? after(look, f, x) : 0;
    return next - leave + standing(look, f, x);
  },
  // A jump (down, a climb, a leap) is worth the move to where it lands when the acrobatics test passes; a failed
  // jump down lands unhurt, a failed climb or leap falls (about half a fighter lost, a prone and pinned one).
  jump: (look, a) => {
    const f = fighterOf(look.s, a);
    if (!f) return null;
    const there = SCORERS.move(look, { type: 'move', fighter: a.fighter, mode: a.mode, x: a.x, y: a.y, z: a.z });
    if (there === null) return null;
    const p = testChance(f.stats.acrobatics);
    return p * there + (1 - p) * (a.how === 'down' ? there : FALL_COST);
  },
  // Hiding costs nothing (it is free, the activation goes on) and no enemy may target a hidden fighter: take it first.
  hide: (look, a) => (fighterOf(look.s, a) ? HIDE_WORTH : null),
  shoot: stay((_look, _f, a, x) => x.shots.get(`${a.weapon}|${a.target}`)?.value ?? 0),
  strike: stay((look, f, a) => {
    const t = look.s.fighters[a.target];
    return t ? strikeValue(look.s, f, t) : 0;
  }),
  'clear-jam': stay((look, f, a) => look.clearWorth(f, a.weapon)),
  reserve: stay((_look, _f, _a, x) => x.reserve),
  done: stay(() => 0),
};

/** The score of any action: its type's scorer, or null for a type the bot does not know. */
export function scoreOf(look: Look, a: SkAction | { type: string }): number | null {
  const scorer = (SCORERS as Record<string, Scorer<SkActionType> | undefined>)[a.type];
  return scorer ? scorer(look, a as ActionOf<SkActionType>) : null;
}
