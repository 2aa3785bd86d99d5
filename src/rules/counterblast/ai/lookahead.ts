/**
 * The Counterblast bot's lookahead: each candidate move is played with the engine (`act`) on a copy
 * of the match over a few dice streams of the bot's own, seeded from the state (the log's length
 * and the turn: the same streams for every candidate, and for every activation weighed), so the bot
 * stays deterministic and never draws on the game's PRNG. The opponent answers any window the move
 * opens with its greedy reply (`reaction`), and so does the bot in a window of its own; the states
 * after are scored with `evaluate`, plus what the bot's active models could still attack with the
 * actions they have or could buy (`attackWorth`: an Aim, a bought action or a move into range is
 * worth the attack it makes). A move that rolls no dice needs one stream.
 */
import { act, legalMoves, type Match, type Move } from '../../engine/match';
import type { Table } from '../../engine/queries';
import { isError } from '../../engine/types';
import { hash32, rngState } from '../../dice/rng';
import { ruleset, type CbAction, type CbState } from '../engine';
import { layoutOf, onTable, type Player } from '../game';
import { FREE_ACTIONS } from '../activation';
import { evaluate } from './evaluate';
import { attackValue, attackWorth } from './odds';
import { skillWorth } from './skillWorth';
import { engagers } from '../closeCombat';
import { reaction, REACTION_BAR, SPARE_BAR, spareMoxie } from './reactions';
import { objectiveGoal, rushSpot } from './goals';
import { pieceOf } from '../../engine/kit';

/** Dice streams per candidate that rolls dice. */
export const STREAMS = 2;
/** What buying an action would cost in `evaluate`'s units: a Moxie (its reactions, the dread it would calm). */
export const BUY_COST = 0.2;
/** What an attack the active models could still make counts for, against one made now (it may not come: a group's step, a dodge). */
export const POTENTIAL = 0.85;

type CbMatch = Match<CbState, CbAction>;

/**
 * What the bot's active models could still do in this activation, in `evaluate`'s units: each one's best
 * attack with the actions it has (or could buy), or its best skill action with the Boosts on it
 * (`skillWorth`: Hack, Treat, Engineer), whichever is worth more.
 */
export function potential(s: CbState, player: Player, table: Table): number {
  const a = s.activation;
  if (!a || a.player !== player || a.rush) return 0;
  const q = table.at(layoutOf(s));
  let v = 0;
  for (const id of a.models) {
    const m = pieceOf(s.models, id),
      slot = a.actions[id];
    if (!slot || !onTable(m) || m.down || m.panicked) continue;
    // An action left; or one to buy (not in a group: its steps), less the Moxie's worth.
    const buy = slot.left <= 0 && s.moxie[player] >= 1 && !a.group && slot.used.length < FREE_ACTIONS + 3;
    const attacks =
      (slot.left <= 0 && !buy) || (slot.used.includes('shoot') && slot.used.includes('strike'))
        ? 0
        : attackWorth(s, q, id, !slot.used.includes('shoot'), !slot.used.includes('strike'));
    // Skill actions are not bought, and not made Engaged. A Boosted model's skill action counts whole: the
    // group's step is a skill step now, so it comes.
    const boosted = a.boosted?.[id] ?? 0;
    const skill = slot.left > 0 && engagers(s, q, m).length === 0 ? skillWorth(s, q, id, m.card.knack + boosted) : 0;
    v += Math.max(0, POTENTIAL * (buy ? attacks - BUY_COST : attacks), (boosted > 0 ? 1 : POTENTIAL) * skill);
  }
  return v;
}

/**
 * The greedy answer in an open window, from the options it offers; an Action-roll is weighed at the
 * few spots its move reaches furthest from the shooter (`dodge`), and only against a shot worth a
 * Moxie's reaction.
 */
export function windowAnswer(m: CbMatch, table: Table): Move<CbAction> {
  const q = table.at(layoutOf(m.state));
  const options = m.window?.options ?? [];
  const offered = options.filter((o) => (o as { open?: boolean }).open !== true) as Move<CbAction>[];
  const roll = options.find((o) => (o as { open?: boolean }).open === true && o.type === 'action-roll');
  const extra = roll ? dodge(m, table, q) : null;
  return reaction(m.state, q, offered, extra);
}

/** Action-roll spots weighed per window: those furthest from the shooter. */
const DODGE_SPOTS = 6;

/**
 * The best Action-roll against the pending shot, and the expected tokens it saves: the shot's worth
 * where the target stands less its worth at the spot (out of sight or range: all of it); a model holding
 * an objective stays on it. None when the shot is not worth a reaction (the spots cost route searches).
 */
function dodge(m: CbMatch, table: Table, q: ReturnType<Table['at']>): [Move<CbAction>, number] | null {
  const s = m.state;
  if (s.pending?.kind !== 'attack' || s.pending.attack.kind !== 'shoot' || !s.window) return null;
  const at = s.pending.attack;
  const now = attackValue(s, q, at.attacker, 'shoot', at.weapon, at.target);
  // The most a dodge saves is the whole shot: under the reaction's bar, no spot is worth weighing.
  if (now <= (spareMoxie(s, s.window.player as Player) >= 1 ? SPARE_BAR : REACTION_BAR)) return null;
  const shooter = pieceOf(s.models, at.attacker).pos!;
  const spots = legalMoves(ruleset, m, s.window.player, q)
    .filter((mv): mv is Extract<CbAction, { type: 'action-roll' }> => mv.type === 'action-roll')
    .sort((x, y) => Math.hypot(y.x - shooter[0], y.z - shooter[2]) - Math.hypot(x.x - shooter[0], x.z - shooter[2]))
    .slice(0, DODGE_SPOTS);
  let best: [Move<CbAction>, number] | null = null;
  const t = pieceOf(s.models, at.target);
  const holding = objectiveGoal(s, t) === 'hold';
  for (const mv of spots) {
    const moved: CbState = { ...s, models: { ...s.models, [t.id]: { ...t, pos: [mv.x, mv.y, mv.z] } } };
    // A model holding an objective does not roll off it.
    if (holding && objectiveGoal(moved, pieceOf(moved.models, t.id)) !== 'hold') continue;
    const view = table.at(layoutOf(moved));
    const range = pieceOf(s.models, at.attacker).card.shooting[at.weapon]?.range ?? 0;
    const lost = view.distance(at.attacker, at.target) > range || !view.sight(at.attacker, at.target).hasLos;
    const v = now - (lost ? 0 : attackValue(moved, view, at.attacker, 'shoot', at.weapon, at.target));
    if (!best || v > best[1]) best = [mv, v];
  }
  return best;
}

/** Plays `move` and the greedy answers to the windows it opens: the match after, or null when refused. */
function playOut(m: CbMatch, player: Player, move: Move<CbAction>, q: Table, stream: number): CbMatch | null {
  const r = act(ruleset, { ...m, rng: rngState(stream), log: [] }, player, move, q);
  if (isError(r)) return null;
  let sim = r.match;
  // A Rush rolled: its spot, the one nearest the goal (the move's worth is where it carries the model).
  if (sim.state.activation?.rush && !sim.window) {
    const spot = rushSpot(sim.state, legalMoves(ruleset, sim, player, q));
    const moved = spot && act(ruleset, sim, player, spot, q);
    if (moved && !isError(moved)) sim = moved.match;
  }
  for (let i = 0; i < 6 && sim.window; i++) {
    const answer = act(ruleset, sim, sim.window.player, windowAnswer(sim, q), q);
    if (isError(answer)) break;
    sim = answer.match;
  }
  return sim;
}

/** The seed of the bot's dice streams for a state (never the game's PRNG). */
const seedOf = (m: CbMatch): number => hash32(m.log.length * 7919 + m.state.turn, 0x5eed);

/** Each candidate's expected worth after it and the reply (a refused one: -Infinity), in order. */
export function rank(m: CbMatch, player: Player, q: Table, candidates: readonly Move<CbAction>[]): number[] {
  const seed = seedOf(m);
  const out = candidates.map((c) => {
    let total = 0,
      n = 0;
    for (let k = 0; k < STREAMS; k++) {
      const stream = hash32(seed, k);
      const sim = playOut(m, player, c, q, stream);
      if (!sim) return -Infinity;
      total += evaluate(sim.state, player) + potential(sim.state, player, q);
      n++;
      // No die rolled: every stream would end the same.
      if (sim.rng.n === rngState(stream).n) break;
    }
    return total / n;
  });
  return out;
}

/** Moves that do nothing: they lose to a move that does something and is worth nearly as much (`PASSIVE_SLACK`). */
const PASSIVE = new Set(['do-nothing', 'end-activation']);
/** How much worse (in `evaluate`'s units) a move may be and still be taken over doing nothing. */
export const PASSIVE_SLACK = 0.01;

/**
 * The candidate with the best expected worth, or null for none. A move that does something is taken
 * over Doing Nothing or ending the activation when it is worth at most `PASSIVE_SLACK` less; among
 * equals `tie` (the match's tie-breaking stream) picks, so seeded games do not all play alike.
 */
export function bestOf(
  m: CbMatch,
  player: Player,
  q: Table,
  candidates: readonly Move<CbAction>[],
  tie: (key: string) => number = () => 0,
): Move<CbAction> | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const values = rank(m, player, q, candidates);
  const top = Math.max(...values);
  const active = candidates.map((c) => !PASSIVE.has(c.type));
  const bestActive = Math.max(...values.filter((_, i) => active[i]));
  // Doing something, when it is nearly as good; else the best of all.
  const preferActive = active.some(Boolean) && bestActive >= top - PASSIVE_SLACK;
  const floor = preferActive ? bestActive : top;
  let best = 0,
    bestTie = Infinity;
  values.forEach((v, i) => {
    if (v < floor - 1e-9 || (preferActive && !active[i])) return;
    const t = tie(JSON.stringify(candidates[i]));
    if (t < bestTie) [best, bestTie] = [i, t];
  });
  return candidates[best]!;
}
