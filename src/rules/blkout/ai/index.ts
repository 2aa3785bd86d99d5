/**
 * A BLKOUT opponent. It looks one step ahead, over expected values rather than sampled dice:
 * - a shot is worth its expected unblocked damage, from the exact dice distributions the rules
 *   roll (skillPmf, cover and armour saves, capped at the boxes left), more when it would finish a
 *   model; at a Duster's Mobility track, each box is worth the Chassis boxes left over its own;
 * - a spot is worth its best shot, less the reply: each enemy's best shot at it from there
 *   (weighted 0.6, as not every enemy will answer), plus the change in quadrant points it makes
 *   (quadrants score at the end of rounds 3 and 5, so the weight grows towards them) and a pull
 *   towards the quadrants for a model outside them;
 * - it overwatches and returns fire when the expected damage is worth an Engaged token, jukes
 *   one-hit models out of sight, uses free Controller activations, chains (1 CP) only into a unit
 *   with a good shot, activates the handler again (1 CP) for a good shot or a CP about to be lost,
 *   spends CP on the drill the situation asks for and plays its moves (ai/drills.ts), charges into
 *   CQC it would win, gives a Team Leader's or Linked Ready token to a better-placed model, holds
 *   back an out-reached short-ranged unit, and plays BURN cards where they pay (Juiced, Personal
 *   Shielding, Amped, Phase Out, Blade Runner, Extras!, Rewind, Perimeter Defense).
 * It asks the table only what it needs: one model's moves at a time, and sight only between models
 * a weapon could reach. Deterministic: the same state gives the same choice.
 */
import { act as play, legalMoves, PASS, type Match, type Move } from '../../engine/match';
import { isError } from '../../engine/types';
import type { Queries, Table } from '../../engine/queries';
import type { BlkoutAction, BlkoutState } from '../engine';
import { ruleset } from '../engine';
import { armouryWeapon } from '../armoury';
import { DEPLOY_DEPTH } from '../setup';
import { ROUNDS } from '../round';
import { layoutOf, onTable, type ModelState } from '../game';
import { canSee, raisedMove } from '../situation';
import { holds } from '../burn';
import { actorActions, repositionLeans, repositionMoves, sprintMoves } from '../legal';
import { swarmed } from '../special';
import {
  armedShot,
  bestShot,
  blastValue,
  boxesLeft,
  dataValue,
  enemies,
  pickBest,
  PIN_WORTH,
  shotValue,
  spotValue,
  WORTH,
} from './values';
import { ARMOURY_GAIN, assaultSpot, chargeSpot, drillFor, drillMove } from './drills';
import { pieceOf } from '../../engine/kit';
import { bestBy, tieBreaker } from '../../engine/tieBreak';

/** The bot's move for `player` now (null when it has none). */
export function blkoutMove(
  m: Match<BlkoutState, BlkoutAction>,
  player: string,
  table: Table,
): Move<BlkoutAction> | null {
  const s = m.state;
  // Every question below is about `s` (spots weighed ask views of their own).
  const q = table.at(layoutOf(s));
  // A Reposition step needs only the moves of the model it weighs (each model's spots cost route
  // searches): the full list is made only when a rarer choice needs it.
  const act = s.activation;
  if (!m.window && act?.stage === 'reposition' && act.player === player) {
    let all: Move<BlkoutAction>[] | null = null;
    const list = () => (all ??= legalMoves(ruleset, m, player, q));
    // A move the bot makes up (a charge's spot) is tried on the engine first.
    const accepted = (mv: Move<BlkoutAction>) => !isError(play(ruleset, m, player, mv, q));
    return reposition(s, q, act, list, accepted);
  }
  // Peel Back or Close Assault moves as the activation ends.
  if (!m.window && act?.endMoves?.length && act.player === player)
    return drillMove(s, q, act, legalMoves(ruleset, m, player, q));
  // An Actions step: only the acting model's options (its Sprint spots, route searches, only when it sprints).
  let moves: Move<BlkoutAction>[] | null = null;
  if (
    !m.window &&
    act?.stage === 'actions' &&
    act.player === player &&
    !act.auto?.ready &&
    !act.endMoves &&
    !act.leaning
  ) {
    const actor = actingModel(s, act);
    if (actor)
      moves = [
        ...actorActions(s, q, player, act, actor, false),
        ...(act.cyclic ? [] : [{ type: 'end-activation' as const }]),
      ];
  }
  moves ??= legalMoves(ruleset, m, player, q);
  if (moves.length === 0) return null;
  const of = <T extends BlkoutAction['type']>(type: T) =>
    moves.filter((a): a is Extract<BlkoutAction, { type: T }> => a.type === type);

  if (m.window) {
    // A damage moment: Juiced saves a model the damage would destroy; Personal Shielding a unit with more to lose.
    if (s.paused) {
      const ask = s.paused.ask;
      const t = pieceOf(s.models, ask.model);
      const left = boxesLeft(t);
      const juiced = of('burn').find((b) => b.card === 'juiced');
      if (juiced && ask.taken >= left) return juiced;
      const shielding = of('burn').find((b) => b.card === 'personal-shielding');
      if (
        shielding &&
        pieceOf(s.units, ask.unit, 'unit').models.filter((id) => onTable(pieceOf(s.models, id))).length >= 3
      )
        return shielding;
      return PASS;
    }
    const p = s.pending;
    if (p?.kind === 'juke-move') return pickBest(s, q, pieceOf(s.models, p.model), of('juke-move'))?.[0] ?? PASS;
    const shots = [...of('overwatch'), ...of('return-fire')];
    let best: Move<BlkoutAction> = PASS,
      value = WORTH;
    for (const a of shots) {
      if (a.item) continue; // armoury weapons are taken in actions, not reactions
      const target =
        a.type === 'overwatch'
          ? p?.kind === 'overwatch'
            ? p.target
            : null
          : p?.kind === 'shot' || p?.kind === 'blast'
            ? p.shooter
            : null;
      if (!target) continue;
      const v = shotValue(s, q, a.model, a.weapon, target, true);
      if (v > value) [best, value] = [a, v];
    }
    if (best !== PASS) return best;
    // Perimeter Defense on a unit that has a good shot now.
    const perimeter = of('burn')[0];
    if (
      perimeter &&
      p?.kind === 'perimeter' &&
      pieceOf(s.units, p.unit, 'unit').models.some(
        (id) => onTable(pieceOf(s.models, id)) && (bestShot(s, q, pieceOf(s.models, id), false)?.[2] ?? 0) > 0.8,
      )
    )
      return perimeter;
    const juke = of('juke')[0];
    if (juke && pieceOf(s.models, juke.model).track <= 1) return juke;
    return of('counter-ewar')[0] ?? PASS;
  }

  switch (s.phase) {
    case 'hardpoints': {
      const goal =
        s.hardpoints.length === 0
          ? [s.table.width / 3, s.table.depth / 2]
          : [(2 * s.table.width) / 3, s.table.depth / 2];
      return nearest(of('place-hardpoint'), (a) => Math.hypot(a.x - goal[0]!, a.z - goal[1]!));
    }
    case 'edge':
      // Seat convention: A takes the south edge (drawn nearest the player), B the north, as in Counterblast.
      return (
        of('choose-edge').find((c) => c.edge === (player === 'A' ? 'south' : 'north')) ?? of('choose-edge')[0] ?? null
      );
    case 'deploy': {
      const hold = holdBack(s, player, of('hold-back'));
      if (hold) return hold;
      const spots = of('deploy');
      if (spots.length === 0) return moves[0]!;
      const friends = Object.values(s.models).filter((o) => o.player === player && o.pos);
      // Spread out along the edge: farthest from friends already down (spots within an inch of the farthest
      // are as good, and the match's tie-breaker picks one, so seeds do not deploy alike).
      return bestBy(
        spots,
        (a) => Math.min(99, ...friends.map((f) => Math.hypot(f.pos![0] - a.x, f.pos![2] - a.z))),
        tieBreaker(m, player),
        SPREAD_TOLERANCE,
      );
    }
    default:
      break;
  }

  const a = s.activation;
  if (!a) {
    // Activate the unit with the best shot available now; otherwise the first. Amped goes on a unit with a good shot.
    let best = of('activate')[0] ?? null,
      value = -1;
    for (const act of of('activate')) {
      for (const id of pieceOf(s.units, act.unit, 'unit').models) {
        const mm = pieceOf(s.models, id);
        if (!onTable(mm)) continue;
        const shot = bestShot(s, q, mm, false);
        if (shot && shot[2] > value) [best, value] = [act, shot[2]];
      }
    }
    const amped = best && value > 1 ? of('burn').find((b) => b.card === 'amped' && b.unit === best!.unit) : undefined;
    if (amped) return amped;
    // Phase Out on a fighting unit with nothing to shoot (its models get 2" of free placement first), never on the Handler.
    const phase =
      best && value <= WORTH && pieceOf(s.units, best.unit, 'unit').role !== 'handler'
        ? of('burn').find((b) => b.card === 'phase-out' && b.unit === best!.unit)
        : undefined;
    if (phase) return phase;
    const drill = best
      ? drillFor(
          s,
          q,
          best.unit,
          of('drill').filter((d) => d.unit === best!.unit),
        )
      : undefined;
    return drill ?? best;
  }
  if (a.stage === 'after') {
    // Extras! whenever the unit just marked combat loads (they come back for later activations).
    const extras = of('burn').find((c) => c.card === 'extras');
    if (extras) return extras;
    const controller = of('controller')[0];
    if (controller) return controller;
    const rewind = of('burn').find(
      (c) =>
        c.card === 'rewind' &&
        c.unit &&
        pieceOf(s.units, c.unit, 'unit').models.some(
          (id) => onTable(pieceOf(s.models, id)) && (bestShot(s, q, pieceOf(s.models, id), false)?.[2] ?? 0) > 1,
        ),
    );
    if (rewind) return rewind;
    // The handler again (1 CP) when it has a good shot now; one CP is kept for a chain until round 4, and
    // from then any shot worth taking will do (a CP left at the end is lost).
    const again = of('handler-again')[0];
    const late = s.round >= 4;
    if (
      again &&
      (s.cp[a.player] >= 2 || late) &&
      pieceOf(s.units, a.unit, 'unit').models.some(
        (id) =>
          onTable(pieceOf(s.models, id)) &&
          (bestShot(s, q, pieceOf(s.models, id), false)?.[2] ?? 0) > (late ? WORTH : 0.8),
      )
    )
      return again;
    const chain = of('chain').find((c) =>
      pieceOf(s.units, c.unit, 'unit').models.some(
        (id) => onTable(pieceOf(s.models, id)) && (bestShot(s, q, pieceOf(s.models, id), false)?.[2] ?? 0) > 1,
      ),
    );
    // In the last round a CP kept is lost: the handler's extra activation is worth more than nothing.
    if (!chain && again && s.round >= ROUNDS) return again;
    return chain ?? { type: 'end-turn' };
  }
  // A Sprint that leans out is finished by its marker: the only legal action until it is placed.
  if (a.leaning) return of('lean-out')[0] ?? moves[0]!;
  // Auto shots owed: the best of them while any is worth a roll.
  if (a.auto?.ready) {
    let best: Move<BlkoutAction> = { type: 'end-auto' },
      value = 0;
    for (const sh of of('auto-shot')) {
      const v = shotValue(s, q, sh.model, a.auto.weapon, sh.target, false);
      if (v > value) [best, value] = [sh, v];
    }
    return best;
  }
  // Actions: the Cyclic follow-up or the next model's action.
  const actor = actingModel(s, a);
  if (!actor) return of('end-activation')[0] ?? moves[0]!;
  const shots = of('shoot').filter((sh) => sh.model === actor.id);
  let best: BlkoutAction | null = null,
    value = 0.1;
  for (const sh of shots) {
    const v = shotValue(s, q, sh.model, sh.weapon, sh.target, false, sh.track);
    if (v > value) [best, value] = [sh, v];
  }
  // An armoury weapon when it makes a clearly better shot than anything the grunt carries.
  for (const item of of('armoury').filter((x) => x.model === actor.id && x.x === undefined)) {
    const card = (s.armouries?.[pieceOf(s.units, actor.unit, 'unit').faction ?? ''] ?? []).find(
      (i) => i.id === item.item,
    );
    const weapon = card ? armouryWeapon(card) : null;
    const v = weapon ? armedShot(s, q, actor, weapon) : null;
    if (v !== null && v > value + ARMOURY_GAIN) [best, value] = [item, v - ARMOURY_GAIN];
  }
  for (const d of of('drone-swarm').filter((x) => x.model === actor.id)) {
    let v = 0;
    for (const id of swarmed(s, d.x, d.z)) {
      const t = pieceOf(s.models, id);
      const dmg = Math.min(boxesLeft(t), (t.armour[0] * Math.max(0, t.armour[1] - 1)) / 10);
      v += t.player === actor.player ? -2 * dmg : dmg;
    }
    if (v > value) [best, value] = [d, v];
  }
  for (const b of of('blast').filter((x) => x.model === actor.id)) {
    const v = blastValue(s, q, b.model, b.weapon, [b.x, b.y, b.z], (a.moved[actor.id] ?? 0) > 0);
    if (v > value) [best, value] = [b, v];
  }
  // A Data Knife's box or a Data Spike's pin, where worth more than the best shot.
  for (const d of of('data-attack').filter((x) => x.model === actor.id)) {
    const v = dataValue(s, actor, d.target);
    if (v > value) [best, value] = [d, v];
  }
  // A Sidewinder pins a unit that has yet to move this round: better than a poor shot.
  const pin = of('sidewinder').find(
    (x) =>
      x.model === actor.id &&
      !pieceOf(s.units, x.target, 'unit').activated &&
      !pieceOf(s.units, x.target, 'unit').pinned,
  );
  if (pin && value < PIN_WORTH) return pin;
  if (best) return best;
  // Nothing worth more than 0.1: a Data Knife that finishes a model; a Data Spike that pins an enemy unit
  // yet to activate; a Data Knife; whatever data attack there is.
  const datas = of('data-attack').filter((d) => d.model === actor.id);
  const knives = datas.filter((d) => d.target in s.models);
  const data =
    knives.find((d) => {
      const t = pieceOf(s.models, d.target);
      return boxesLeft(t) <= 1;
    }) ??
    datas.find((d) => {
      const u = s.units[d.target];
      return u && u.player !== actor.player && !u.activated && !u.pinned;
    }) ??
    knives[0] ??
    datas[0];
  if (data) return data;
  // Nothing to shoot: Ready if an enemy is within reach of sight, else sprint to a better spot.
  if (a.cyclic) return { type: 'ready', model: actor.id };
  // Team Leader or Linked: the token to a model that has acted and has a better answer ready than this one.
  const own = bestShot(s, q, actor, true)?.[2] ?? 0;
  let give: Extract<BlkoutAction, { type: 'ready' }> | null = null,
    giveValue = Math.max(WORTH, own + 0.2);
  for (const r of of('ready')) {
    if (r.model !== actor.id || !r.to) continue;
    const v = bestShot(s, q, pieceOf(s.models, r.to), true)?.[2] ?? 0;
    if (v > giveValue) [give, giveValue] = [r, v];
  }
  const seen = enemies(s, actor).some((e) => canSee(s, q, actor.id, e.id));
  if (seen) return give ?? { type: 'ready', model: actor.id };
  const pick = pickBest(s, q, actor, sprintMoves(s, q, actor));
  if (give && (!pick || 0.6 * giveValue > pick[1] - spotValue(s, q, actor, null))) return give;
  return pick?.[0] ?? { type: 'ready', model: actor.id };
}

/** The model that acts next in an Actions step (the Cyclic follow-up, else the first that has not acted). */
function actingModel(s: BlkoutState, a: NonNullable<BlkoutState['activation']>): ModelState | undefined {
  return a.cyclic
    ? pieceOf(s.models, a.cyclic.model)
    : pieceOf(s.units, a.unit, 'unit')
        .models.map((id) => pieceOf(s.models, id))
        .find((mm) => onTable(mm) && !mm.engaged && !a.acted.includes(mm.id));
}

/** A Reposition step: Phase Out and Switchback moves, Blade Runner, then each model to a better spot or staying. */
function reposition(
  s: BlkoutState,
  q: Queries,
  a: NonNullable<BlkoutState['activation']>,
  list: () => Move<BlkoutAction>[],
  accepted: (mv: Move<BlkoutAction>) => boolean,
): Move<BlkoutAction> {
  const of = <T extends BlkoutAction['type']>(type: T) =>
    list().filter((x): x is Extract<BlkoutAction, { type: T }> => x.type === type);
  // Small Unit Tactics: models with a good shot from where they stand take it before anyone moves.
  if (a.drill === 'small-unit-tactics') {
    let early: Extract<BlkoutAction, { type: 'shoot' }> | null = null,
      value = WORTH;
    for (const sh of of('shoot')) {
      const v = shotValue(s, q, sh.model, sh.weapon, sh.target, false);
      if (v > value) [early, value] = [sh, v];
    }
    if (early) return early;
  }
  // Phase Out and Switchback moves first: each to a better spot if there is one.
  for (const type of ['phase-out', 'pre-move'] as const) {
    for (const id of (type === 'phase-out' ? a.phaseOut : a.preMoves) ?? []) {
      const mm = pieceOf(s.models, id);
      const pick = pickBest(
        s,
        q,
        mm,
        list().filter((mv): mv is Extract<BlkoutAction, { type: typeof type }> => mv.type === type && mv.model === id),
      );
      if (pick && pick[1] > spotValue(s, q, mm, null) + 0.05) return pick[0];
    }
  }
  // Blade Runner when the unit has nothing to shoot from where it stands (it must move to fight).
  const runner = holds(s, a.player, 'blade-runner') ? of('burn').find((c) => c.card === 'blade-runner') : undefined;
  if (
    runner &&
    pieceOf(s.units, a.unit, 'unit').role !== 'handler' &&
    pieceOf(s.units, a.unit, 'unit').models.every(
      (id) => !onTable(pieceOf(s.models, id)) || (bestShot(s, q, pieceOf(s.models, id), false)?.[2] ?? 0) <= WORTH,
    )
  ) {
    // ... and only when a model has somewhere better to go.
    const mover = pieceOf(s.units, a.unit, 'unit')
      .models.map((id) => pieceOf(s.models, id))
      .find((x) => onTable(x) && !a.repositioned.includes(x.id));
    const better = mover
      ? pickBest(
          s,
          q,
          mover,
          repositionMoves(s, q, mover).filter((mv) => mv.type === 'move'),
        )
      : null;
    if (mover && better && better[1] > spotValue(s, q, mover, null) + 0.05) return runner;
  }
  const models = pieceOf(s.units, a.unit, 'unit').models.map((id) => pieceOf(s.models, id));
  for (const mm of models) {
    if (mm.destroyed || a.repositioned.includes(mm.id)) continue;
    const options = repositionMoves(s, q, mm);
    // A unit held back enters from its edge at the best spot it can reach.
    if (!mm.pos) return pickBest(s, q, mm, options)?.[0] ?? options[0] ?? { type: 'end-reposition' };
    // Close Assault: within 2" of an enemy it would beat, for the drill's move into contact.
    const assault = a.drill === 'close-assault' ? assaultSpot(s, q, mm, options) : null;
    if (assault) return assault;
    const stay = spotValue(s, q, mm, null);
    const pick = pickBest(s, q, mm, options);
    // A charge into base contact: a fight worth a shot, and the spot with it better than any other.
    const charge = chargeSpot(s, q, mm, raisedMove(s, mm));
    if (
      charge &&
      charge[1] > WORTH &&
      spotValue(s, q, mm, [charge[0].x, charge[0].y, charge[0].z]) + charge[1] >
        Math.max(stay, pick?.[1] ?? -Infinity) + 0.05 &&
      accepted(charge[0])
    )
      return charge[0];
    // Leaning out where it stands, when its marker sees more than any spot it could move to.
    const lean = bestLean(s, q, mm, repositionLeans(s, q, a, mm));
    if (lean && lean[1] > Math.max(stay, pick?.[1] ?? -Infinity) + 0.05) return lean[0];
    if (pick && pick[1] > stay + 0.05) return pick[0];
  }
  // A model that moved up to half its Move may still lean out from where it ended.
  for (const mm of models) {
    if (!a.repositioned.includes(mm.id) || !mm.pos) continue;
    const lean = bestLean(s, q, mm, repositionLeans(s, q, a, mm));
    if (lean && lean[1] > spotValue(s, q, mm, null) + 0.05) return lean[0];
  }
  return { type: 'end-reposition' };
}

/**
 * The lean-out whose marker makes the best spot of where `m` stands, and that spot's value; none for a
 * model that already sees an enemy from its base (a lean-out is for seeing round a corner).
 */
function bestLean(
  s: BlkoutState,
  q: Queries,
  m: ModelState,
  leans: readonly Extract<BlkoutAction, { type: 'lean-out' }>[],
): [Extract<BlkoutAction, { type: 'lean-out' }>, number] | null {
  if (leans.length === 0 || enemies(s, m).some((e) => canSee(s, q, m.id, e.id))) return null;
  let best: [Extract<BlkoutAction, { type: 'lean-out' }>, number] | null = null;
  for (const l of leans) {
    const v = spotValue(s, q, m, null, [l.x, l.y, l.z]);
    if (!best || v > best[1]) best = [l, v];
  }
  return best;
}

/**
 * Infiltrating: the unit held back is the one whose weapons reach least, when none of them reaches from
 * its deployment zone into the enemy's and an enemy weapon reaches farther (it would be shot at before
 * it could answer; held back, it cannot be shot before its first activation). Never the handler.
 */
function holdBack(
  s: BlkoutState,
  player: string,
  options: readonly Extract<BlkoutAction, { type: 'hold-back' }>[],
): Extract<BlkoutAction, { type: 'hold-back' }> | null {
  const reachOf = (models: readonly ModelState[]) => Math.max(0, ...models.flatMap((m) => m.weapons.map((w) => w.max)));
  const theirs = reachOf(Object.values(s.models).filter((m) => m.player !== player && !m.destroyed));
  let best: Extract<BlkoutAction, { type: 'hold-back' }> | null = null,
    reach = Math.min(Math.min(s.table.width, s.table.depth) - 2 * DEPLOY_DEPTH, theirs);
  for (const o of options) {
    const u = pieceOf(s.units, o.unit, 'unit');
    if (u.role === 'handler') continue;
    const r = reachOf(u.models.map((id) => pieceOf(s.models, id)));
    if (r < reach) [best, reach] = [o, r];
  }
  return best;
}

/** Deployment spots within this many inches of the most spread-out one are as good. */
const SPREAD_TOLERANCE = 1;

function nearest<T>(list: T[], cost: (x: T) => number): T | null {
  let best: T | null = null,
    c = Infinity;
  for (const x of list) {
    const v = cost(x);
    if (v < c) [best, c] = [x, v];
  }
  return best;
}
