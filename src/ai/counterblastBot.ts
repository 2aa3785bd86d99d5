/**
 * A Counterblast opponent that chooses by looking ahead.
 *
 * Design. Within an activation the bot lists its candidate moves, pruned by the old heuristics to the
 * best few: its three best attacks by expected tokens (`attackOdds`, the odds the action menu
 * shows), Aim, Stand up, Recover, a bought action, Treat / Engineer / Psi Craft, a Hack, Aim-Assist,
 * the moves that go furthest towards its goal (an objective it does not hold, else the enemy) or
 * close in, and ending the activation (or Doing Nothing in a group step). Each is played with the
 * engine on a copy of the match over a few dice streams of the bot's own (`counterblast/lookahead.ts`),
 * the opponent answers any window it opens with its greedy reply (Return-fire, Snapshot, Action-roll
 * ...: `counterblast/reactions.ts`), and the states after are scored (`counterblast/evaluate.ts`):
 * models' worth by points, tokens, Down, Panicked and Burning, Battle Score, objectives held and the
 * way to them (more as the end nears), Moxie left, plus the expected tokens of the shots the active
 * models still have (so an Aim, a bought action or a move into range counts for the shot it makes).
 *
 * Which model to activate (or whether to pass) is weighed per model without playing it: its best
 * shot, the way to an objective, a Down friend to stabilize, a Prone or Stunned model to get going,
 * a Panicked one to rally late on; a group (2 Moxie for up to three) when the three together are
 * worth half as much again as the best alone. A model with nothing to do is not activated, so no
 * Moxie is wasted; what is not spent calms dread at Upkeep. Reactions are the greedy ones.
 * Deterministic: the same state gives the same choice.
 */
import { decider, legalMoves, type Match, type Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import { ruleset, type CbAction, type CbState } from '../rules/counterblast';
import { onTable, OBJECTIVE_RANGE, type CbModel, type Player } from '../rules/counterblast/game';
import { has } from '../rules/counterblast/conditions';
import { objectiveHolders } from '../rules/counterblast/scoring';
import { moveValue, nearestEnemy, shotValue } from './counterblast/odds';
import { bestOf, windowAnswer } from './counterblast/lookahead';
import { dreadReserve, objectiveWeight } from './counterblast/evaluate';

export { attackValue } from './counterblast/odds';

type CbMove = Move<CbAction>;
const dist = (a: readonly number[], x: number, z: number) => Math.hypot(a[0]! - x, a[2]! - z);

/** Where a model should go: 'hold' on an objective its crew holds (or would hold with it), an objective it does not hold (from turn 2), or null: the enemy. */
function objectiveGoal(s: CbState, m: CbModel): 'hold' | [number, number] | null {
  if (s.turn < 2 || m.panicked) return null;
  const held = objectiveHolders(s);
  const near = (o: { x: number; z: number }) => dist(m.pos!, o.x, o.z);
  const on = s.mission.objectives.find((o) => near(o) <= OBJECTIVE_RANGE);
  if (on) return 'hold';
  // The nearest objective not held, preferring ones no friend is walking to (fewer friends nearer than this model).
  const friendsNearer = (o: { x: number; z: number }) =>
    Object.values(s.models).filter(
      (f) => f.player === m.player && f.id !== m.id && onTable(f) && !f.down && dist(f.pos!, o.x, o.z) < near(o),
    ).length;
  const open = s.mission.objectives
    .filter((o) => held[o.id] !== m.player)
    .sort((a, b) => near(a) + 12 * friendsNearer(a) - (near(b) + 12 * friendsNearer(b)))[0];
  return open ? [open.x, open.z] : null;
}

/** A model's worth activating now, in expected tokens: its best shot, its way to an objective, a friend to save, a condition to shake off. */
function activationValue(s: CbState, q: Queries, id: string, shots: Map<string, number>): number {
  const me = s.models[id]!;
  let shot = shots.get(id);
  if (shot === undefined) shots.set(id, (shot = shotValue(s, q, id)));
  let v = shot;
  if (me.panicked) return s.turn >= 4 ? 0.6 : 0.25;
  const goal = objectiveGoal(s, me);
  if (goal && goal !== 'hold') v = Math.max(v, 0.3 + 0.9 * objectiveWeight(s.turn));
  if (me.prone || me.stunned || has(me, 'pinned')) v = Math.max(v, 0.3);
  const medic = me.card.gear?.includes('medkit') || me.card.gear?.includes('toolkit') || me.card.psi;
  for (const f of Object.values(s.models))
    if (medic && f.player === me.player && f.down && !f.stable && onTable(f) && q.distance(id, f.id) <= 6)
      v = Math.max(v, 1.2);
  return v;
}

/** The activation to start (or a pass): the most valuable model, or a group of three worth half as much again. */
function chooseActivation(s: CbState, q: Queries, player: Player, moves: readonly CbMove[]): CbMove {
  const shots = new Map<string, number>();
  // The Moxie kept for dread at Upkeep: spending into it needs a worthier activation.
  const spare = s.moxie[player] - dreadReserve(s, player);
  const bar = (cost: number) => (spare >= cost ? 0.25 : 1.2);
  let best: CbMove | null = null,
    value = 0;
  for (const mv of moves) {
    if (mv.type !== 'activate') continue;
    const v = activationValue(s, q, mv.model, shots);
    if (v > Math.max(value, bar(1))) [best, value] = [mv, v];
  }
  for (const mv of moves) {
    if (mv.type !== 'activate-group') continue;
    const v = [mv.hero, ...mv.lackeys].reduce((t, id) => t + activationValue(s, q, id, shots), 0);
    if (v > Math.max(bar(2), value * 1.5)) [best, value] = [mv, v / 1.5];
  }
  if (best) return best;
  // Close in while there is Moxie to spare for it (keep half the pool for attacks and reactions).
  const mover = moves
    .filter((mv): mv is Extract<CbAction, { type: 'activate' }> => mv.type === 'activate')
    .map((mv) => [mv, nearestEnemy(s, s.models[mv.model]!, s.models[mv.model]!.pos!)] as const)
    .sort((x, y) => x[1] - y[1])[0];
  if (mover && s.turn < 4 && spare > 2) return mover[0];
  return { type: 'pass-turn' };
}

/** The candidates for the model `id` in the activation, pruned to the best few by the heuristics. */
function candidatesOf(s: CbState, q: Queries, moves: readonly CbMove[], id: string): CbMove[] {
  const me = s.models[id]!;
  const mine = moves.filter((mv) => (mv as { model?: string }).model === id);
  const out: CbMove[] = [];
  const attacks = mine
    .map((mv) => [mv, moveValue(s, q, mv)] as const)
    .filter(([, v]) => v > 0.05)
    .sort((x, y) => y[1] - x[1]);
  out.push(...attacks.slice(0, 3).map(([mv]) => mv));
  for (const t of ['aim', 'stand-up', 'recover', 'buy-action', 'do-nothing', 'treat', 'engineer'])
    out.push(...mine.filter((mv) => mv.type === t));
  const crafts = mine.filter((mv) => mv.type === 'psi-craft');
  out.push(...crafts.slice(0, 2));
  const hack = mine
    .filter((mv): mv is Extract<CbAction, { type: 'hack' }> => mv.type === 'hack')
    .sort((x, y) => s.models[y.target]!.card.points - s.models[x.target]!.card.points)[0];
  if (hack) out.push(hack);
  const assist = mine.find((mv) => mv.type === 'aim-assist');
  if (assist) out.push(assist);
  // Moves: the two that go furthest towards the goal, and the two that close in most.
  const steps = mine.filter((mv): mv is Extract<CbAction, { type: 'move' }> => mv.type === 'move');
  const goal = objectiveGoal(s, me);
  if (steps.length && goal !== 'hold') {
    const byGoal = goal ? [...steps].sort((x, y) => dist([x.x, 0, x.z], ...goal) - dist([y.x, 0, y.z], ...goal)) : [];
    const byEnemy = [...steps].sort((x, y) => nearestEnemy(s, me, [x.x, 0, x.z]) - nearestEnemy(s, me, [y.x, 0, y.z]));
    for (const mv of [...byGoal.slice(0, 2), ...byEnemy.slice(0, 2)]) if (!out.includes(mv)) out.push(mv);
  }
  return out;
}

/** The bot's move for `player` now (null when it has none). */
export function counterblastMove(m: Match<CbState, CbAction>, player: string, q: Queries): CbMove | null {
  const s = m.state;
  // A window: the offered answers (an Action-roll's spots are not sampled: the bot does not dodge).
  if (m.window) return decider(ruleset, m) === player ? windowAnswer(m, q) : null;
  // legalMoves arranges the table for `s` (the ruleset's layout hook), and every question below is about it.
  const moves = legalMoves(ruleset, m, player, q);
  if (moves.length === 0) return null;
  const me = player as Player;

  if (s.phase === 'moxie') {
    // A leader lets the crew cut its dread: elect the costliest Hero (else the costliest model) standing.
    const standing = Object.values(s.models)
      .filter((x) => x.player === player && onTable(x) && !x.down)
      .sort(
        (x, y) =>
          Number(y.card.type === 'hero') - Number(x.card.type === 'hero') ||
          y.card.points - x.card.points ||
          x.id.localeCompare(y.id),
      );
    return standing[0] ? { type: 'elect', model: standing[0].id } : { type: 'elect', model: null };
  }
  if (s.phase === 'upkeep') {
    // Moxie does not carry over to the next turn: all it can, on dread.
    const calm = moves.filter((mv) => mv.type === 'calm');
    return calm[calm.length - 1] ?? moves[0]!;
  }
  if (s.phase === 'deploy') {
    const spots = moves.filter((mv): mv is Extract<CbAction, { type: 'deploy' }> => mv.type === 'deploy');
    const friends = Object.values(s.models).filter((x) => x.player === player && x.pos);
    let best = spots[0] ?? moves[0]!,
      far = -1;
    for (const sp of spots) {
      const d = Math.min(99, ...friends.map((f) => Math.hypot(f.pos![0] - sp.x, f.pos![2] - sp.z)));
      if (d > far) [best, far] = [sp, d];
    }
    return best;
  }

  const a = s.activation;
  if (!a) return chooseActivation(s, q, me, moves);
  if (a.rush) return moves.find((mv) => mv.type === 'rush-move') ?? moves[0]!;
  // A Panicked model must Rally first.
  const rally = moves.find((mv) => mv.type === 'rally');
  if (rally) return rally;
  const candidates: CbMove[] = [];
  for (const id of a.models) if (onTable(s.models[id]!)) candidates.push(...candidatesOf(s, q, moves, id));
  const end = moves.find((mv) => mv.type === 'end-activation');
  if (end) candidates.push(end);
  if (candidates.length === 0) return moves.find((mv) => mv.type === 'do-nothing') ?? moves[0]!;
  return bestOf(m, me, q, candidates) ?? moves[0]!;
}
