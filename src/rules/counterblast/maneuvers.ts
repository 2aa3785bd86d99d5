/**
 * Maneuvers: Move (along the measured route, maybe ending Prone; a Half-blind model rolls a d5
 * first), Stand up, Rush (a d10 after a Move, then its spot), Jump (a d5 in a straight line, maybe
 * falling), and the straight-line moves a failed Rally and a Pursuit make.
 */
import { rollD5 } from '../dice/mechanics';
import { logRolls } from '../engine/diceLog';
import { inch, msg, type Msg } from '../engine/message';
import type { JumpLine, Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { spotWords, standWords } from '../engine/words';
import { inchesToMm } from '../engine/units';
import { has, moveOf } from './conditions';
import { fall, FALL_RADIUS } from './damage';
import {
  HEIGHT,
  onTable,
  radiusOf,
  setModel,
  type CbContext,
  type CbModel,
  type CbState,
  type StepHandler,
} from './game';
import { inches2, refuse, stopper } from './say';
import { pieceOf } from '../engine/kit';

/** Why `m` may not stand at (x, z) near height `y` (the first check that fails, naming the piece or model involved). */
export function standWhy(s: CbState, q: Queries, m: CbModel, x: number, y: number, z: number): Msg {
  return standWords(
    q.standProblem(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, y + 0.25, m.id),
    (id) => s.models[id]?.card.name ?? id,
  );
}

/** How a model moves, for the log: a Move, a Rush, an Action-roll, a failed Rally's run, a Pursuit. */
export type Verb = 'moves' | 'rushes' | 'action-rolls' | 'evac' | { pursues: string };

const MOVED_IDS = {
  moves: 'counterblast:moved.moves',
  rushes: 'counterblast:moved.rushes',
  'action-rolls': 'counterblast:moved.actionRolls',
  evac: 'counterblast:moved.evac',
} as const;

/** "Rook moves 3.5\" (Prone)". */
function movedText(verb: Verb, name: string, distance: Msg, prone: boolean): Msg {
  const args = { name, distance, prone: prone ? 'yes' : 'no' };
  return typeof verb === 'object'
    ? msg('counterblast:moved.pursues', { ...args, target: verb.pursues })
    : msg(MOVED_IDS[verb], args);
}

/** A Move: along the measured route, up to the model's Move, ending where it can stand (a Prone model moves Prone). */
export function moveModel(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  x: number,
  y: number,
  z: number,
  verb: Verb,
  allowance = moveOf(m),
): CbState | RuleError {
  const q = ctx.at(s);
  const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, y + 0.25, m.id);
  if (h === null)
    return refuse(
      msg('counterblast:err.cannotStand', {
        name: m.card.name,
        spot: spotWords(s.table, x, z),
        why: standWhy(s, q, m, x, y, z),
      }),
    );
  const to: [number, number, number] = [x, h, z];
  const length = q.routeLength(m.id, to);
  if (!(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      msg('counterblast:err.routeTooLong', {
        name: m.card.name,
        allowance: inches2(allowance),
        route: Number.isFinite(length) ? inches2(length) : msg('counterblast:route.blocked'),
      }),
    );
  ctx.events.push({
    type: 'moved',
    text: movedText(verb, m.card.name, inches2(length), m.prone),
    model: m.id,
    from: m.pos,
    to,
  });
  // A Prone model stays Prone: it stands up in lieu of moving (standUp), never as part of a move.
  return setModel(s, { ...m, pos: to });
}

/**
 * A Move straight towards a point, `want` inches at most (and its Move): the farthest spot on that
 * line it can stand on and reach along the measured route (in quarter inches), or null. Asked of
 * `ctx.at(s)`, the view of `s`.
 */
export function moveToward(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  tx: number,
  tz: number,
  want: number,
  verb: Verb,
  reach = moveOf(m),
): CbState | null {
  if (!m.pos) return null;
  const dist = Math.hypot(tx - m.pos[0], tz - m.pos[2]);
  if (dist < 1e-6) return null;
  // A hair under the reach, so rounding the spot to a thousandth never takes it over.
  for (let d = Math.min(reach - 0.002, want, dist); d > 0.01; d -= 0.25) {
    const x = m.pos[0] + ((tx - m.pos[0]) * d) / dist,
      z = m.pos[2] + ((tz - m.pos[2]) * d) / dist;
    const moved = moveModel(ctx, s, m, Math.round(x * 1000) / 1000, m.pos[1], Math.round(z * 1000) / 1000, verb);
    if (!('error' in moved)) return moved;
  }
  return null;
}

/**
 * A failed Rally's run: a Move straight towards the crew's Evac Point (its base stays on the table),
 * as far as its Move allows along the measured route; where the full distance cannot be stood on or
 * reached, the farthest spot on that line that can (in quarter inches); none: it stays.
 */
export function evacRun(ctx: CbContext, s: CbState, m: CbModel): CbState {
  if (!m.pos) return s;
  const reach = moveReach(ctx, m);
  const r = radiusOf(m) + 0.05;
  const [ex, ez] = s.mission.evac[m.player];
  const tx = Math.min(Math.max(ex, r), s.table.width - r),
    tz = Math.min(Math.max(ez, r), s.table.depth - r);
  const moved = moveToward(ctx, s, m, tx, tz, Math.hypot(tx - m.pos[0], tz - m.pos[2]), 'evac', reach);
  if (moved) return moved;
  ctx.events.push({ type: 'rally', text: msg('counterblast:event.noEvacWay', { name: m.card.name }), model: m.id });
  return s;
}

/** A Jump of `roll` inches: it clears models no bigger than itself (by base radius) and terrain up to 1" above. */
const jumpOf = (q: Queries, m: CbModel, directionDeg: number, roll: number): JumpLine =>
  q.jumpLine(m.id, directionDeg, roll, 1, radiusOf(m), FALL_RADIUS);

/**
 * Jump: a d5 in a straight line, over models of its size or smaller and terrain no more than 1"
 * higher; it stops short of what it cannot clear; ending over empty space, it falls.
 */
function jumpModel(ctx: CbContext, s: CbState, m: CbModel, directionDeg: number): CbState {
  const roll = rollD5(ctx.dice);
  const j = jumpOf(ctx.at(s), m, directionDeg, roll);
  ctx.events.push({
    type: 'moved',
    text: j.stoppedBy
      ? msg('counterblast:event.jumpStopped', {
          name: m.card.name,
          roll: inch(roll),
          distance: inches2(j.travelled),
          by: stopper(j.stoppedBy),
        })
      : msg('counterblast:event.jump', { name: m.card.name, roll: inch(roll) }),
    model: m.id,
    from: m.pos,
    to: j.end,
    roll,
    how: 'jump',
  });
  logRolls(ctx.events, ctx.dice, m.player);
  if (!j.fall) return setModel(s, { ...m, pos: j.end });
  return fall(ctx, s, m, j.fall);
}

/** How far a point is from the nearest enemy of `m` on the table (flat, centre to centre). */
export function nearestEnemy(s: CbState, m: CbModel, at: readonly number[]): number {
  return Math.min(
    ...Object.values(s.models)
      .filter((e) => e.player !== m.player && onTable(e))
      .map((e) => Math.hypot(e.pos![0] - at[0]!, e.pos![2] - at[2]!)),
    Infinity,
  );
}

/**
 * Panic: "A panicked model may not end a move closer to an enemy model than it started" (every
 * move it makes: Move, Rush, the Half-blind d5 move, an Action-roll; a failed Rally's run is the
 * exception). Why a move of `m` from where it stands to `to` is refused, or null. `s` has the enemies where they stand.
 */
export function panicRefusal(s: CbState, m: CbModel, to: readonly number[]): RuleError | null {
  if (!m.panicked || !m.pos) return null;
  return nearestEnemy(s, m, to) < nearestEnemy(s, m, m.pos) - 1e-9
    ? refuse(msg('counterblast:err.panicMove', { name: m.card.name }))
    : null;
}

/** The faces of a Jump's d5 (a d10 halved, rounded up). */
const D5_FACES = [1, 2, 3, 4, 5] as const;

/**
 * A Panicked model's Jump: refused, before the d5 is rolled, in a direction where any of the d5's
 * five results would end it closer to an enemy than it started. Where a result ends is the table's
 * answer for that jump: the end of the line (where it lands, or what stopped it) or, over empty
 * space, the landing of its fall (which may be elsewhere, within 3"); a fall with nowhere to land
 * ends off the table (a casualty), no closer to anyone. `q` is the view of `s`.
 */
export function panicJumpRefusal(s: CbState, q: Queries, m: CbModel, directionDeg: number): RuleError | null {
  if (!m.panicked || !m.pos) return null;
  const from = nearestEnemy(s, m, m.pos);
  for (const roll of D5_FACES) {
    const j = jumpOf(q, m, directionDeg, roll);
    const end = j.fall ? j.fall.landing : j.end;
    if (end && nearestEnemy(s, m, end) < from - 1e-9)
      return refuse(
        msg('counterblast:err.panicJump', {
          name: m.card.name,
          roll,
          fall: j.fall ? 'yes' : 'no',
          then: inches2(nearestEnemy(s, m, end)),
          now: inches2(from),
        }),
      );
  }
  return null;
}

/** Move (a Panicked model may not end it closer to an enemy); the model may go Prone where it ends. */
export const move: StepHandler<'move'> = (ctx, action, { before: s, next: n, m }) => {
  const moved = moveModel(ctx, n, m, action.x, action.y, action.z, 'moves');
  if ('error' in moved) return moved;
  const panic = panicRefusal(s, m, pieceOf(moved.models, m.id).pos!);
  if (panic) return panic;
  let next = moved;
  // A model may go Prone at any point of its move (here: where it ends).
  if (action.prone) {
    next = setModel(next, { ...pieceOf(next.models, m.id), prone: true });
    ctx.events.push({ type: 'prone', text: msg('counterblast:event.prone', { name: m.card.name }), model: m.id });
  }
  return next;
};

/**
 * How far a move action the model does not plan step by step may go (an Action-roll, a Pursuit, a failed
 * Rally's run): its Move, or, Half-blind, a d5 rolled now ("Half-Blind models only move a d5 inches when
 * they use the move action"; the Action-roll "resolves a single move action").
 */
export function moveReach(ctx: CbContext, m: CbModel): number {
  return has(m, 'half-blind') ? halfBlindRoll(ctx, m) : moveOf(m);
}

/** A Half-blind model's d5 for a move action, rolled and told. */
function halfBlindRoll(ctx: CbContext, m: CbModel): number {
  const roll = rollD5(ctx.dice);
  ctx.events.push({
    type: 'move',
    text: msg('counterblast:event.halfBlindMove', { name: m.card.name, roll: inch(roll) }),
    model: m.id,
    roll,
  });
  logRolls(ctx.events, ctx.dice, m.player);
  return roll;
}

/** A Half-blind model's Move: a d5 rolled first, then the spot (rush-move). */
export const moveRoll: StepHandler<'move-roll'> = (ctx, _action, { next, m }) => {
  const roll = halfBlindRoll(ctx, m);
  return {
    stop: { ...next, activation: { ...next.activation!, rush: { model: m.id, allowance: roll, kind: 'move' } } },
  };
};

/** Standing up: the model's Move action. */
export const standUp: StepHandler<'stand-up'> = (ctx, _action, { next, m }) => {
  if (!m.prone) return refuse(msg('counterblast:err.notProne', { name: m.card.name }));
  ctx.events.push({ type: 'stand-up', text: msg('counterblast:event.standUp', { name: m.card.name }), model: m.id });
  return setModel(next, { ...pieceOf(next.models, m.id), prone: false });
};

/** Rush: after a Move, not Prone, not after a Jump; a d10 for inches, then its spot (rush-move). Spends the model. */
export const rush: StepHandler<'rush'> = (ctx, _action, { before: s, next, m }) => {
  const slot = pieceOf(s.activation!.actions, m.id, 'activating model');
  if (!slot.used.includes('move')) return refuse(msg('counterblast:err.rushAfterMove', { name: m.card.name }));
  if (m.prone) return refuse(msg('counterblast:err.proneRush', { name: m.card.name }));
  if (slot.used.includes('jump')) return refuse(msg('counterblast:err.jumpedNoRush', { name: m.card.name }));
  const roll = ctx.dice.d(10);
  ctx.events.push({
    type: 'rush',
    text: msg('counterblast:event.rush', { name: m.card.name, roll: inch(roll) }),
    model: m.id,
    roll,
  });
  logRolls(ctx.events, ctx.dice, m.player);
  return {
    stop: {
      ...setModel(next, { ...pieceOf(next.models, m.id), spent: true }),
      activation: { ...next.activation!, rush: { model: m.id, allowance: roll } },
    },
  };
};

/** Jump: not Prone, not after a Rush. Spends the model. */
export const jump: StepHandler<'jump'> = (ctx, action, { before: s, next, m }) => {
  if (pieceOf(s.activation!.actions, m.id, 'activating model').used.includes('rush'))
    return refuse(msg('counterblast:err.rushedNoJump', { name: m.card.name }));
  if (m.prone) return refuse(msg('counterblast:err.proneJump', { name: m.card.name }));
  const panic = panicJumpRefusal(s, ctx.at(s), m, action.directionDeg);
  if (panic) return panic;
  const jumped = jumpModel(ctx, next, m, action.directionDeg);
  return setModel(jumped, { ...pieceOf(jumped.models, m.id), spent: true });
};
