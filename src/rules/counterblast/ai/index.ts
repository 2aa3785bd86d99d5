/**
 * A Counterblast opponent that chooses by looking ahead.
 *
 * Design. Within an activation the bot lists its candidate moves, pruned by the old heuristics to the
 * best few (`candidatesOf`): its two best attacks by expected tokens (`attackOdds`, the odds the
 * action menu shows), each attack type's pool split between its two best targets, Stand up, Recover, Treat / Engineer,
 * Psi Craft, a Hack, Aim-Assist, a Dog-pile on the enemy its group strikes best, a Boost to a friend with
 * a skill action to make, a Throw straight away, the Half-blind d5 move, Aim and a
 * bought action (only for an attack worth it), the three moves that go furthest towards its goal
 * (an objective it does not hold, else the enemy; none on one it holds) and the one that closes in
 * most, a Rush after a Move and a Jump towards the goal, Doing Nothing in a group step, and ending
 * the activation. Each is played with the engine on a copy of the match over
 * two dice streams of the bot's own (`counterblast/lookahead.ts`; the same streams for every
 * candidate, seeded from the state, never the game's PRNG); the opponent answers any window it
 * opens with its greedy reply (Return-fire, Counterstrike, Snapshot, Disperse, Pursuit:
 * `counterblast/reactions.ts`; an Action-roll out of the shot's sight or range), the shallow search over the reply; the states after are scored
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
 * nothing, and Moxie is kept for dread when a panic test looms; a pass is weighed as the state
 * with the crew passed (not played on through Upkeep, which an activation has not reached), and
 * Moxie beyond the dread, lost when the turn ends, makes an activation as good as the pass worth it. The bot's next call, in the
 * activation so started, ranks the same candidates from the same state, so it plays the first action
 * found here (nothing is remembered between calls). Reactions are the greedy ones.
 * Deployment: near the objectives, 4" apart, among spots within an inch of the best. Equals (a spot,
 * a move worth the same) are drawn from the match's tie-breaking stream (engine/tieBreak.ts), never
 * from the dice, so seeded battles open differently and still replay: the bot is a function of its
 * arguments.
 */
import { act, decider, legalMoves, type Match, type Move } from '../../engine/match';
import type { Queries, Table } from '../../engine/queries';
import { isError } from '../../engine/types';
import { ruleset, type CbAction, type CbState } from '../engine';
import { layoutOf, onTable, OBJECTIVE_RANGE, type Player } from '../game';
import { has } from '../conditions';
import { attackValue, attackWorth, moveValue, nearestEnemy } from './odds';
import { nearestEnemyPos, objectiveGoal } from './goals';
import { bestOf, rank, windowAnswer } from './lookahead';
import { evaluate, inGunRange, objectiveWeight } from './evaluate';
import { pieceOf } from '../../engine/kit';
import { bestBy, tieBreaker } from '../../engine/tieBreak';

export { attackValue } from './odds';

type CbMove = Move<CbAction>;
/** Move spots weighed per model: this many nearest its goal, and the one nearest the enemy. */
const MOVES_TO_GOAL = 3;
/** How far apart a crew deploys, inches: further is no better. */
const DEPLOY_SPREAD = 4;
/** Deployment spots within this of the best (an inch nearer an objective, or an inch more apart) are equally good. */
const DEPLOY_TOLERANCE = 1;
type CbMatch = Match<CbState, CbAction>;
const dist = (a: readonly number[], x: number, z: number) => Math.hypot(a[0]! - x, a[2]! - z);

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
  // Moxie beyond the dread is lost when the turn ends: with some, even a model of little promise is
  // weighed against the pass.
  const spare = s.moxie[player] - s.dread[player] >= 1;
  const ranked = moves
    .map((mv) => [mv, worth(mv)] as const)
    .filter(([, v]) => v > 0.02 || (spare && v >= 0))
    .sort((x, y) => y[1] - x[1]);
  // The runner-up is played too when it is nearly as promising.
  ranked.splice(ranked[1] && ranked[1][1] >= 0.75 * ranked[0]![1] ? 2 : 1);
  const pass: CbMove = { type: 'pass-turn' };
  if (!ranked.length) return pass;
  // A pass is weighed as the state with the crew passed, not played: a pass that ends the turn would run
  // Upkeep and the next turn's Moxie and dread, which an activation's first action has not reached yet.
  let best: CbMove = pass,
    value = evaluate({ ...s, passed: { ...s.passed, [player]: true } }, player);
  for (const [mv] of ranked) {
    const r = act(ruleset, m, player, mv, q);
    if (isError(r)) continue;
    const next = inActivation(r.match.state, q.at(layoutOf(r.match.state)), legalMoves(ruleset, r.match, player, q));
    const v = Math.max(...rank(r.match, player, q, next));
    if (v > value || (spare && best === pass && v >= value - 1e-9)) [best, value] = [mv, v];
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
  out.push(...teamActions(s, q, mine, moves));
  // For each attack type, its pool split between the two targets it attacks best.
  for (const type of ['shoot', 'strike'] as const)
    out.push(
      ...splitAttacks(
        s,
        q,
        mine,
        attacks
          .filter(([mv]) => mv.type === type)
          .slice(0, 2)
          .map(([mv]) => mv),
      ),
    );
  // Throw: the smaller enemy thrown straight away from the thrower (it lands Prone, further from its goal).
  const thrown = mine.find((mv) => mv.type === 'throw');
  if (thrown) {
    const t = pieceOf(s.models, (thrown as Extract<CbAction, { type: 'throw' }>).target);
    const away = (Math.atan2(t.pos![2] - me.pos![2], t.pos![0] - me.pos![0]) * 180) / Math.PI;
    out.push(
      [
        ...mine.filter((mv): mv is Extract<CbAction, { type: 'throw' }> => mv.type === 'throw' && mv.target === t.id),
      ].sort((x, y) => angleOff(x.directionDeg, away) - angleOff(y.directionDeg, away))[0]!,
    );
  }
  // Half-blind: the d5 Move in a random direction is its only move.
  const roll = mine.find((mv) => mv.type === 'move-roll');
  if (roll && !me.panicked) out.push(roll);
  // Moves (none for a model holding an objective): the three that go furthest towards the goal (an
  // objective, else the enemy) and the one that closes in most, so a model with nothing better to do
  // still steps somewhere no worse than where it stands rather than Doing Nothing.
  const goal = objectiveGoal(s, me);
  const to = goal === 'hold' ? null : (goal ?? nearestEnemyPos(s, me));
  const steps = mine.filter((mv): mv is Extract<CbAction, { type: 'move' }> => mv.type === 'move');
  if (to) {
    const byGoal = [...steps].sort((x, y) => dist([x.x, 0, x.z], ...to) - dist([y.x, 0, y.z], ...to));
    const byEnemy = [...steps].sort((x, y) => nearestEnemy(s, me, [x.x, 0, x.z]) - nearestEnemy(s, me, [y.x, 0, y.z]));
    for (const mv of [...byGoal.slice(0, MOVES_TO_GOAL), byEnemy[0]]) if (mv && !out.includes(mv)) out.push(mv);
  }
  // A model holding its objective lies down on it (Prone: light cover, only its base seen) where guns reach it.
  if (goal === 'hold' && !me.prone && !has(me, 'burning') && steps.length && inGunRange(s, me)) {
    const [x, y, z] = me.pos!;
    out.push({ type: 'move', model: me.id, x, y, z, prone: true });
  }
  // Burning: Prone gives +3d Defense against the 3 raw damage at Upkeep, so each move also ends Prone,
  // and a model that holds its ground lies down where it stands (a Move of no length).
  if (has(me, 'burning') && !me.prone && mine.some((mv) => mv.type === 'move')) {
    const moves = out.filter((mv): mv is Extract<CbAction, { type: 'move' }> => mv.type === 'move');
    out.push(...moves.map((mv) => ({ ...mv, prone: true })));
    const [x, y, z] = me.pos!;
    out.push({ type: 'move', model: me.id, x, y, z, prone: true });
  }
  // Rush (after a Move) and Jump: towards the goal, when there is one to go to.
  if (goal !== 'hold' && !me.panicked) {
    const rush = mine.find((mv) => mv.type === 'rush');
    if (rush) out.push(rush);
    const jumps = mine.filter((mv): mv is Extract<CbAction, { type: 'jump' }> => mv.type === 'jump');
    if (to && jumps.length) {
      const bearing = (Math.atan2(to[1] - me.pos![2], to[0] - me.pos![0]) * 180) / Math.PI;
      out.push([...jumps].sort((x, y) => angleOff(x.directionDeg, bearing) - angleOff(y.directionDeg, bearing))[0]!);
    }
  }
  return out;
}

/** Degrees between two bearings (0 to 180). */
const angleOff = (d: number, bearing: number) => Math.abs(((((d - bearing) % 360) + 540) % 360) - 180);

/**
 * Team actions of a group step worth weighing: a Dog-pile on the enemy its group can best strike
 * (+1D on the next Strike's first Grit check), and a Boost to a friend who has a skill action to make
 * (Treat, Engineer or Hack: +1D Knack).
 */
function teamActions(s: CbState, q: Queries, mine: readonly CbMove[], moves: readonly CbMove[]): CbMove[] {
  const out: CbMove[] = [];
  const piles = mine.filter((mv): mv is Extract<CbAction, { type: 'dog-pile' }> => mv.type === 'dog-pile');
  const group = s.activation?.models ?? [];
  const strikeAt = (target: string) =>
    Math.max(
      0,
      ...group
        .filter((id) => onTable(pieceOf(s.models, id)))
        .flatMap((id) => pieceOf(s.models, id).card.striking.map((_, i) => attackValue(s, q, id, 'strike', i, target))),
    );
  const pile = [...piles].sort((x, y) => strikeAt(y.target) - strikeAt(x.target))[0];
  if (pile && strikeAt(pile.target) > 0.05) out.push(pile);
  const boost = mine.find(
    (mv) =>
      mv.type === 'boost' &&
      moves.some((x) => (x.type === 'treat' || x.type === 'engineer' || x.type === 'hack') && x.model === mv.friend),
  );
  if (boost) out.push(boost);
  return out;
}

/**
 * A split attack worth weighing: the pool divided between the two targets the model's best single
 * attacks go at, the larger half at the better of them (the lookahead plays it against the whole pool
 * at one target).
 */
function splitAttacks(s: CbState, q: Queries, mine: readonly CbMove[], best: readonly CbMove[]): CbMove[] {
  const [a, b] = best;
  if (!a || a.type !== b?.type || (a.type !== 'shoot' && a.type !== 'strike')) return [];
  const first = a as Extract<CbAction, { type: 'shoot' | 'strike' }>,
    second = b as Extract<CbAction, { type: 'shoot' | 'strike' }>;
  if (first.target === second.target || first.weapon !== second.weapon) return [];
  const split = mine
    .filter(
      (mv): mv is Extract<CbAction, { type: 'shoot' | 'strike' }> =>
        mv.type === first.type &&
        !!mv.split &&
        mv.weapon === first.weapon &&
        mv.split.some((p) => p.target === first.target) &&
        mv.split.some((p) => p.target === second.target),
    )
    .sort(
      (x, y) =>
        (y.split!.find((p) => p.target === first.target)?.dice ?? 0) -
        (x.split!.find((p) => p.target === first.target)?.dice ?? 0),
    )[0];
  return split ? [split] : [];
}

/** The bot's move for `player` now (null when it has none). */
export function counterblastMove(m: Match<CbState, CbAction>, player: string, table: Table): CbMove | null {
  const s = m.state;
  // Every question below is about `s` (the lookahead asks views of the states it plays out).
  const q = table.at(layoutOf(s));
  // A window: the greedy answer (an Action-roll at the few spots furthest from the shooter).
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
    // Near the objectives, spread out (a blast or a Snapshot takes one model, not two); spots about as
    // good are drawn from the match's tie-breaking stream, so seeded battles do not open alike.
    const spots = moves.filter((mv): mv is Extract<CbAction, { type: 'deploy' }> => mv.type === 'deploy');
    const friends = Object.values(s.models).filter((x) => x.player === player && x.pos);
    const value = (sp: { x: number; z: number }) =>
      Math.min(DEPLOY_SPREAD, ...friends.map((f) => Math.hypot(f.pos![0] - sp.x, f.pos![2] - sp.z))) -
      Math.min(99, ...s.mission.objectives.map((o) => Math.hypot(o.x - sp.x, o.z - sp.z)));
    return bestBy(spots, value, tieBreaker(m, player), DEPLOY_TOLERANCE) ?? moves[0]!;
  }

  const a = s.activation;
  if (!a) return chooseActivation(m, q, me, moves);
  const tie = tieBreaker(m, player);
  // The Rush's spot: the best by the lookahead (one playout each, two where a spot opens a Snapshot).
  if (a.rush)
    return (
      bestOf(
        m,
        me,
        q,
        moves.filter((mv) => mv.type === 'rush-move'),
        tie,
      ) ?? moves[0]!
    );
  const candidates = inActivation(s, q, moves);
  if (candidates.length === 1) return candidates[0]!;
  return bestOf(m, me, q, candidates, tie) ?? moves[0]!;
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
