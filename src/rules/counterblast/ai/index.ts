/**
 * A Counterblast opponent that chooses by looking ahead.
 *
 * Design. Within an activation the bot lists its candidate moves, pruned by the old heuristics to the
 * best few (`candidatesOf`): its two best attacks by expected tokens (`attackOdds`, the odds the
 * action menu shows), Stand up, Recover, Treat / Engineer, Psi Craft, a Hack, Aim-Assist, Aim and a
 * bought action (only for an attack worth it), the move that goes furthest towards its goal (an
 * objective it does not hold, else the enemy) and the one that closes in most, Doing Nothing in a
 * group step, and ending the activation. Each is played with the engine on a copy of the match over
 * two dice streams of the bot's own (`counterblast/lookahead.ts`; the same streams for every
 * candidate, seeded from the state, never the game's PRNG); the opponent answers any window it
 * opens with its greedy reply (Return-fire, Counterstrike, Snapshot, Disperse, Pursuit:
 * `counterblast/reactions.ts`), the shallow search over the reply; the states after are scored
 * (`counterblast/evaluate.ts`): each model's worth by points, tokens, Down (a leader Down calms no
 * dread), Panicked, Burning, Prone in reach; the Battle Score; objectives held and the way to them
 * (more as the end nears); the Moxie left and the dread it will calm at Upkeep (a panic test looming
 * costs each model's chance to fail it); plus what the active models could still attack with the
 * actions they have (or could buy), so an Aim, a bought action or a move into range counts for the
 * attack it makes.
 *
 * Which model to activate (or whether to pass): each model's promise is weighed first (its best
 * attack, the way to an objective, a Down friend to stabilize, a Prone or Stunned model, a Panicked
 * one to rally late on; a group's three together, a third less for its 2 Moxie); the most promising
 * (and a runner-up nearly as promising) is played, the activation and then its best first action
 * by the lookahead, against a pass, so a Moxie is never spent on a model that would then do
 * nothing, and Moxie is kept for dread when a panic test looms. The bot's next call, in the
 * activation so started, ranks the same candidates from the same state, so it plays the first action
 * found here (nothing is remembered between calls). Reactions are the greedy ones.
 * Deterministic: the bot is a function of its arguments, and the same state gives the same choice.
 */
import { act, decider, legalMoves, type Match, type Move } from '../../engine/match';
import type { Queries, Table } from '../../engine/queries';
import { isError } from '../../engine/types';
import { ruleset, type CbAction, type CbState } from '../engine';
import { layoutOf, onTable, OBJECTIVE_RANGE, type CbModel, type Player } from '../game';
import { has } from '../conditions';
import { objectiveHolders } from '../scoring';
import { attackWorth, moveValue, nearestEnemy } from './odds';
import { bestOf, rank, windowAnswer } from './lookahead';
import { objectiveWeight } from './evaluate';
import { pieceOf } from '../../engine/kit';

export { attackValue } from './odds';

type CbMove = Move<CbAction>;
type CbMatch = Match<CbState, CbAction>;
const dist = (a: readonly number[], x: number, z: number) => Math.hypot(a[0]! - x, a[2]! - z);

/** Where a model should go: 'hold' on an objective its crew holds (or would hold with it), an objective it does not hold, or null (none, or Panicked): the enemy. */
function objectiveGoal(s: CbState, m: CbModel): 'hold' | [number, number] | null {
  if (m.panicked) return null;
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

/** A model's worth activating now, in `evaluate`'s units: its best attack, its way to an objective, a friend to save, a condition to shake off. */
function activationValue(s: CbState, q: Queries, id: string, memo: Map<string, number>): number {
  const known = memo.get(id);
  if (known !== undefined) return known;
  const me = pieceOf(s.models, id);
  const w = objectiveWeight(s.turn);
  // A Panicked model rallies first (Knack/7): worth it late, when it would not score.
  let v = me.panicked ? (s.turn >= 4 ? 0.15 : 0.05) : attackWorth(s, q, id);
  const goal = me.panicked ? null : objectiveGoal(s, me);
  if (goal && goal !== 'hold') {
    const far = dist(me.pos!, ...goal) - OBJECTIVE_RANGE;
    v = Math.max(v, 0.2 * w + (far <= 2 * me.card.move ? 0.8 * w : 0));
  }
  if (!me.panicked && (me.prone || me.stunned || has(me, 'pinned'))) v = Math.max(v, 0.05);
  const medic = me.card.gear?.includes('medkit') || me.card.gear?.includes('toolkit') || me.card.psi;
  for (const f of Object.values(s.models))
    if (medic && f.player === me.player && f.down && !f.stable && onTable(f) && q.distance(id, f.id) <= 6)
      v = Math.max(v, (0.3 * f.card.points) / 100);
  memo.set(id, v);
  return v;
}

/**
 * The activation to start (or a pass). The two most promising by their worth (a group's three
 * together a third less) are played: the activation, then the best first action in it by the
 * lookahead; a pass is the state after passing. A Moxie spent on a model that would then do
 * nothing loses to the pass.
 */
function chooseActivation(m: CbMatch, q: Queries, player: Player, moves: readonly CbMove[]): CbMove {
  const s = m.state;
  const memo = new Map<string, number>();
  const worth = (mv: CbMove): number =>
    mv.type === 'activate'
      ? activationValue(s, q, mv.model, memo)
      : mv.type === 'activate-group'
        ? [mv.hero, ...mv.lackeys].reduce((t, id) => t + activationValue(s, q, id, memo), 0) / 1.5
        : -1;
  const ranked = moves
    .map((mv) => [mv, worth(mv)] as const)
    .filter(([, v]) => v > 0.02)
    .sort((x, y) => y[1] - x[1]);
  // The runner-up is played too when it is nearly as promising.
  ranked.splice(ranked[1] && ranked[1][1] >= 0.75 * ranked[0]![1] ? 2 : 1);
  const pass: CbMove = { type: 'pass-turn' };
  if (!ranked.length) return pass;
  let best: CbMove = pass,
    value = rank(m, player, q, [pass])[0]!;
  for (const [mv] of ranked) {
    const r = act(ruleset, m, player, mv, q);
    if (isError(r)) continue;
    const next = inActivation(r.match.state, q.at(layoutOf(r.match.state)), legalMoves(ruleset, r.match, player, q));
    const v = Math.max(...rank(r.match, player, q, next));
    if (v > value) [best, value] = [mv, v];
  }
  return best;
}

/** The candidates for the model `id` in the activation, pruned to the best few by the heuristics. */
function candidatesOf(s: CbState, q: Queries, moves: readonly CbMove[], id: string): CbMove[] {
  const me = pieceOf(s.models, id);
  const mine = moves.filter((mv) => (mv as { model?: string }).model === id);
  const out: CbMove[] = [];
  const attacks = mine
    .map((mv) => [mv, moveValue(s, q, mv)] as const)
    .filter(([, v]) => v > 0.05)
    .sort((x, y) => y[1] - x[1]);
  out.push(...attacks.slice(0, 2).map(([mv]) => mv));
  // Aim, or buy an action, only for a shot (or strike) worth more than a Moxie's worth of nothing.
  const used = s.activation?.actions[id]?.used ?? [];
  const may = (t: string) => mine.some((mv) => mv.type === t);
  const shot = may('aim') || may('buy-action') ? attackWorth(s, q, id, !used.includes('shoot'), false) : 0;
  const worth = may('buy-action') ? Math.max(shot, attackWorth(s, q, id, false, !used.includes('strike'))) : 0;
  for (const t of ['stand-up', 'recover', 'do-nothing', 'treat', 'engineer'])
    out.push(...mine.filter((mv) => mv.type === t));
  if (shot > 0.05) out.push(...mine.filter((mv) => mv.type === 'aim'));
  if (worth > 0.1) out.push(...mine.filter((mv) => mv.type === 'buy-action'));
  const crafts = mine.filter((mv) => mv.type === 'psi-craft');
  out.push(...crafts.slice(0, 2));
  const hack = mine
    .filter((mv): mv is Extract<CbAction, { type: 'hack' }> => mv.type === 'hack')
    .sort((x, y) => pieceOf(s.models, y.target).card.points - pieceOf(s.models, x.target).card.points)[0];
  if (hack) out.push(hack);
  const assist = mine.find((mv) => mv.type === 'aim-assist');
  if (assist) out.push(assist);
  // Moves: the one that goes furthest towards the goal, and the one that closes in most.
  const steps = mine.filter((mv): mv is Extract<CbAction, { type: 'move' }> => mv.type === 'move');
  const goal = objectiveGoal(s, me);
  if (steps.length && goal !== 'hold') {
    const byGoal = goal ? [...steps].sort((x, y) => dist([x.x, 0, x.z], ...goal) - dist([y.x, 0, y.z], ...goal)) : [];
    const byEnemy = [...steps].sort((x, y) => nearestEnemy(s, me, [x.x, 0, x.z]) - nearestEnemy(s, me, [y.x, 0, y.z]));
    for (const mv of [byGoal[0], byEnemy[0]]) if (mv && !out.includes(mv)) out.push(mv);
  }
  return out;
}

/** The bot's move for `player` now (null when it has none). */
export function counterblastMove(m: Match<CbState, CbAction>, player: string, table: Table): CbMove | null {
  const s = m.state;
  // Every question below is about `s` (the lookahead asks views of the states it plays out).
  const q = table.at(layoutOf(s));
  // A window: the offered answers (an Action-roll's spots are not sampled: the bot does not dodge).
  if (m.window) return decider(ruleset, m) === player ? windowAnswer(m, q) : null;
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
  if (!a) return chooseActivation(m, q, me, moves);
  if (a.rush) return moves.find((mv) => mv.type === 'rush-move') ?? moves[0]!;
  const candidates = inActivation(s, q, moves);
  if (candidates.length === 1) return candidates[0]!;
  return bestOf(m, me, q, candidates) ?? moves[0]!;
}

/** The candidates in an activation: a Rally when a Panicked model must; else each model's few, and ending it. */
function inActivation(s: CbState, q: Queries, moves: readonly CbMove[]): CbMove[] {
  const rally = moves.find((mv) => mv.type === 'rally');
  if (rally) return [rally];
  const candidates: CbMove[] = [];
  for (const id of s.activation?.models ?? [])
    if (onTable(pieceOf(s.models, id))) candidates.push(...candidatesOf(s, q, moves, id));
  const end = moves.find((mv) => mv.type === 'end-activation');
  if (end) candidates.push(end);
  if (candidates.length === 0) candidates.push(moves.find((mv) => mv.type === 'do-nothing') ?? moves[0]!);
  return candidates;
}
