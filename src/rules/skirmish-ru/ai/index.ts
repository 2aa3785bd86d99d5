/**
 * The skirmish-ru bot (../../rules/skirmish-ru/README.md, "The AI"). It chooses only among the
 * ruleset's legal actions. When its gang picks who activates, the most urgent waiting fighter (a cheap
 * guess, `urgency`) is weighed in full; each of its actions is scored by its type's scorer (score.ts),
 * against what doing nothing would leave the fighter with; a type it has no scorer for is never
 * chosen, and when nothing is scored it ends the activation or takes the first legal action.
 * In a reserved action's window it fires the best offered shot when its chance is decent, else passes.
 * Deterministic for a match: no Math.random, no dice rolled; ties (equally urgent fighters, equally
 * scored actions) are broken by the match's own tie-breaking stream (engine/tieBreak.ts), so a replay
 * chooses alike and another seed opens otherwise.
 */
import { decider, legalMoves, PASS, type Match, type Move } from '../../engine/match';
import type { Table } from '../../engine/queries';
import { isError } from '../../engine/types';
import { ruleset, type SkAction, type SkState } from '../engine';
import { allowanceOf } from '../activation';
import { planShot } from '../attack';
import { weaponReach } from '../data';
import { BASE_RADIUS, CONTACT, layoutOf, waiting, type SkFighter } from '../game';
import { legalNow } from '../legal';
import { enemiesOf, gunsOf, Look, SHARED_FIRE } from './look';
import { strikeValue, volleyValue } from './odds';
import { here, scoreOf, standing } from './score';
import { pieceOf } from '../../engine/kit';
import { tieBreaker } from '../../engine/tieBreak';

/** A reserved shot is fired when each shot hits at least this often (2 in 6); in the last round, any chance. */
export const DECENT = 2 / 6;

/** The bot's move for `who` now, or null when it has none. */
export function skirmishRuMove(m: Match<SkState, SkAction>, who: string, table: Table): Move<SkAction> | null {
  if (decider(ruleset, m) !== who) return null;
  const s = m.state;
  const look = new Look(s, table.at(layoutOf(s)));
  const tie = tieBreaker(m, who);
  // A gang choosing which fighter activates weighs only the most urgent ones in full.
  const some = !m.window && !s.activation && s.turn === who ? candidates(look, who, tie) : [];
  if (some.length) return choose(look, some, tie);
  const moves = legalMoves(ruleset, m, who, table);
  if (moves.length === 0) return null;
  return m.window ? reaction(look, moves) : choose(look, moves, tie);
}

/** How many fighters are weighed in full when a gang picks which one activates. */
export const ACTORS = 1;

/**
 * A cheap guess (no line of sight drawn) of how much activating `f` now matters: the best volley it
 * could fire at an enemy within its reach after a move, plus the danger it stands in from enemies
 * within theirs, plus a strike when it is in base contact.
 */
export function urgency(s: SkState, f: SkFighter): number {
  const move = allowanceOf(f, 'move');
  let offense = 0,
    danger = 0;
  for (const e of enemiesOf(s, f)) {
    const d = Math.hypot(e.pos[0] - f.pos[0], e.pos[2] - f.pos[2]) - 2 * BASE_RADIUS;
    for (const w of gunsOf(s, f))
      if (d <= weaponReach(pieceOf(s.weapons, w, 'weapon'), f.stats.strength) + move)
        offense = Math.max(offense, volleyValue(s, f, w, pieceOf(f.arms, w, 'weapon'), e, { hiddenShare: 0 }).value);
    let hurt = 0;
    for (const w of gunsOf(s, e))
      if (d <= weaponReach(pieceOf(s.weapons, w, 'weapon'), e.stats.strength) + allowanceOf(e, 'move'))
        hurt = Math.max(hurt, volleyValue(s, e, w, pieceOf(e.arms, w, 'weapon'), f, { hiddenShare: 0 }).value);
    if (d <= CONTACT) offense = Math.max(offense, strikeValue(s, f, e));
    danger += hurt * (e.activated ? 0.7 : 1);
  }
  return offense + SHARED_FIRE * danger;
}

/**
 * The actions of the fighters worth weighing now: with an activation open, the legal list; else the
 * `ACTORS` waiting fighters of the most urgency (ties by `tie`), each one's own options (the ruleset's
 * legal list for the state in which it is the gang's only fighter still to activate: a fighter's
 * options do not depend on which others are still to activate).
 */
function candidates(look: Look, who: string, tie: (key: string) => number): SkAction[] {
  const s = look.s;
  const mine = waiting(s, s.turn);
  if (mine.length <= ACTORS) return legalNow(s, who, look.q);
  const picked = mine
    .map((f) => ({ f, u: urgency(s, f) }))
    .sort((a, b) => b.u - a.u || tie(a.f.id) - tie(b.f.id))
    .slice(0, ACTORS)
    .map((x) => x.f.id);
  const only = (id: string): SkState => ({
    ...s,
    fighters: Object.fromEntries(
      Object.entries(s.fighters).map(([k, f]) => [k, f.side === s.turn && k !== id ? { ...f, activated: true } : f]),
    ),
  });
  return picked.flatMap((id) => legalNow(only(id), who, look.q));
}

/**
 * The best action by gain over doing nothing (`tie` breaks ties: by default the first in the list's order);
 * a safe fallback when none is scored.
 */
export function choose(
  look: Look,
  moves: readonly Move<SkAction>[],
  tie: (key: string) => number = () => 0,
): Move<SkAction> {
  const base = new Map<string, number>();
  const baseOf = (id: string): number => {
    let b = base.get(id);
    if (b === undefined) {
      const f = pieceOf(look.s.fighters, id, 'fighter');
      b = standing(look, f, here(look, f));
      base.set(id, b);
    }
    return b;
  };
  let best: Move<SkAction> | null = null,
    bestGain = -Infinity,
    bestTie = Infinity;
  for (const a of moves) {
    const v = scoreOf(look, a);
    if (v === null || !Number.isFinite(v)) continue;
    const id = 'fighter' in a && typeof a.fighter === 'string' ? a.fighter : null;
    const gain = v - (id && look.s.fighters[id] ? baseOf(id) : 0);
    if (gain > bestGain + 1e-9) [best, bestGain, bestTie] = [a, gain, tie(JSON.stringify(a))];
    else if (gain >= bestGain - 1e-9) {
      const t = tie(JSON.stringify(a));
      if (t < bestTie) [best, bestTie] = [a, t];
    }
  }
  return best ?? moves.find((a) => a.type === 'done') ?? moves[0]!;
}

/** A reserved action's window: the best offered shot if its chance is decent (any in the last round), else a pass. */
function reaction(look: Look, moves: readonly Move<SkAction>[]): Move<SkAction> {
  const s = look.s;
  const last = s.round >= s.maxRounds;
  let best: Move<SkAction> | null = null,
    bestValue = 0;
  for (const a of moves) {
    if (a.type !== 'shoot') continue;
    const f = s.fighters[a.fighter],
      t = s.fighters[a.target];
    if (!f || !t) continue;
    const plan = planShot(s, look.q, f, a.weapon, a.target, 'none');
    if (isError(plan)) continue;
    const v = volleyValue(s, f, a.weapon, pieceOf(f.arms, a.weapon, 'weapon'), t, {
      hiddenShare: plan.hiddenShare,
      reserved: true,
      targetSprinted: t.lastMove === 'sprint',
    });
    if ((v.chance >= DECENT - 1e-9 || (last && v.chance > 0)) && v.value > bestValue + 1e-9)
      [best, bestValue] = [a, v.value];
  }
  return best ?? moves.find((a) => a.type === 'pass') ?? PASS;
}
