/**
 * Maneuvers: Move (along the measured route, maybe ending Prone; a Half-blind model rolls a d5
 * first), Stand up, Rush (a d10 after a Move, then its spot), Jump (a d5 in a straight line, maybe
 * falling), and the straight-line moves a failed Rally and a Pursuit make.
 */
import { rollD5 } from '../dice/mechanics';
import { logRolls } from '../engine/diceLog';
import { fmt, illegal } from '../engine/kit';
import type { JumpLine, Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { spotWords } from '../engine/words';
import { inchesToMm } from '../engine/units';
import { moveOf } from './conditions';
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

/** A Move: along the measured route, up to the model's Move, ending where it can stand (a Prone model moves Prone). */
export function moveModel(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  x: number,
  y: number,
  z: number,
  verb: string,
  allowance = moveOf(m),
): CbState | RuleError {
  const q = ctx.q;
  const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, y + 0.25, m.id);
  if (h === null) return illegal(`${m.card.name} cannot stand ${spotWords(s.table, x, z)}`);
  const to: [number, number, number] = [x, h, z];
  const length = q.routeLength(m.id, to);
  if (!(length <= allowance + 1e-6))
    return ruleError(
      'out-of-range',
      `${m.card.name} moves up to ${fmt(allowance)}", and that route is ${Number.isFinite(length) ? fmt(length) + '"' : 'blocked'}`,
    );
  ctx.events.push({
    type: 'moved',
    text: `${m.card.name} ${verb} ${fmt(length)}"${m.prone ? ' (Prone)' : ''}`,
    model: m.id,
    from: m.pos,
    to,
  });
  // A Prone model stays Prone: it stands up in lieu of moving (standUp), never as part of a move.
  return setModel(s, { ...m, pos: to });
}

/**
 * A Move straight towards a point, `want` inches at most (and its Move): the farthest spot on that
 * line it can stand on and reach along the measured route (in quarter inches), or null. `ctx.q` is
 * arranged for the table of `s`.
 */
export function moveToward(
  ctx: CbContext,
  s: CbState,
  m: CbModel,
  tx: number,
  tz: number,
  want: number,
  verb: string,
): CbState | null {
  if (!m.pos) return null;
  const dist = Math.hypot(tx - m.pos[0], tz - m.pos[2]);
  if (dist < 1e-6) return null;
  // A hair under the full Move, so rounding the spot to a thousandth never takes it over.
  for (let d = Math.min(moveOf(m) - 0.002, want, dist); d > 0.01; d -= 0.25) {
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
  const r = radiusOf(m) + 0.05;
  const [ex, ez] = s.mission.evac[m.player];
  const tx = Math.min(Math.max(ex, r), s.table.width - r),
    tz = Math.min(Math.max(ez, r), s.table.depth - r);
  const moved = moveToward(ctx, s, m, tx, tz, Math.hypot(tx - m.pos[0], tz - m.pos[2]), 'runs for the Evac Point');
  if (moved) return moved;
  ctx.events.push({ type: 'rally', text: `${m.card.name} finds no way towards its Evac Point and stays`, model: m.id });
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
  const j = jumpOf(ctx.q, m, directionDeg, roll);
  ctx.events.push({
    type: 'moved',
    text: `${m.card.name} jumps ${roll}" (a d5)${j.stoppedBy ? `, stopped after ${fmt(j.travelled)}" by ${j.stoppedBy}` : ''}`,
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
    ? illegal(`${m.card.name} is Panicked: it may not end a move closer to an enemy`)
    : null;
}

/** The faces of a Jump's d5 (a d10 halved, rounded up). */
const D5_FACES = [1, 2, 3, 4, 5] as const;

/**
 * A Panicked model's Jump: refused, before the d5 is rolled, in a direction where any of the d5's
 * five results would end it closer to an enemy than it started. Where a result ends is the table's
 * answer for that jump: the end of the line (where it lands, or what stopped it) or, over empty
 * space, the landing of its fall (which may be elsewhere, within 3"); a fall with nowhere to land
 * ends off the table (a casualty), no closer to anyone. `q` is arranged for the table of `s`.
 */
export function panicJumpRefusal(s: CbState, q: Queries, m: CbModel, directionDeg: number): RuleError | null {
  if (!m.panicked || !m.pos) return null;
  const from = nearestEnemy(s, m, m.pos);
  for (const roll of D5_FACES) {
    const j = jumpOf(q, m, directionDeg, roll);
    const end = j.fall ? j.fall.landing : j.end;
    if (end && nearestEnemy(s, m, end) < from - 1e-9)
      return illegal(
        `${m.card.name} is Panicked: it may not jump where it could end closer to an enemy (a d5 of ${roll} ${j.fall ? 'falls to' : 'ends at'} ${fmt(nearestEnemy(s, m, end))}" from one, ${fmt(from)}" now)`,
      );
  }
  return null;
}

/** Move (a Panicked model may not end it closer to an enemy); the model may go Prone where it ends. */
export const move: StepHandler<'move'> = (ctx, action, { before: s, next: n, m }) => {
  const moved = moveModel(ctx, n, m, action.x, action.y, action.z, 'moves');
  if ('error' in moved) return moved;
  const panic = panicRefusal(s, m, moved.models[m.id]!.pos!);
  if (panic) return panic;
  let next = moved;
  // A model may go Prone at any point of its move (here: where it ends).
  if (action.prone) {
    next = setModel(next, { ...next.models[m.id]!, prone: true });
    ctx.events.push({ type: 'prone', text: `${m.card.name} goes Prone`, model: m.id });
  }
  return next;
};

/** A Half-blind model's Move: a d5 rolled first, then the spot (rush-move). */
export const moveRoll: StepHandler<'move-roll'> = (ctx, _action, { next, m }) => {
  const roll = rollD5(ctx.dice);
  ctx.events.push({
    type: 'move',
    text: `${m.card.name} is Half-blind: it may move ${roll}" (a d5)`,
    model: m.id,
    roll,
  });
  logRolls(ctx.events, ctx.dice, m.player);
  return {
    stop: { ...next, activation: { ...next.activation!, rush: { model: m.id, allowance: roll, kind: 'move' } } },
  };
};

/** Standing up: the model's Move action. */
export const standUp: StepHandler<'stand-up'> = (ctx, _action, { next, m }) => {
  if (!m.prone) return illegal(`${m.card.name} is not Prone`);
  ctx.events.push({ type: 'stand-up', text: `${m.card.name} stands up (its Move action)`, model: m.id });
  return setModel(next, { ...next.models[m.id]!, prone: false });
};

/** Rush: after a Move, not Prone, not after a Jump; a d10 for inches, then its spot (rush-move). Spends the model. */
export const rush: StepHandler<'rush'> = (ctx, _action, { before: s, next, m }) => {
  const slot = s.activation!.actions[m.id]!;
  if (!slot.used.includes('move')) return illegal(`${m.card.name} Rushes only after a Move in this activation`);
  if (m.prone) return illegal(`${m.card.name} is Prone: it cannot Rush`);
  if (slot.used.includes('jump')) return illegal(`${m.card.name} has Jumped this activation: no Rush`);
  const roll = ctx.dice.d(10);
  ctx.events.push({ type: 'rush', text: `${m.card.name} rushes: ${roll}"`, model: m.id, roll });
  logRolls(ctx.events, ctx.dice, m.player);
  return {
    stop: {
      ...setModel(next, { ...next.models[m.id]!, spent: true }),
      activation: { ...next.activation!, rush: { model: m.id, allowance: roll } },
    },
  };
};

/** Jump: not Prone, not after a Rush. Spends the model. */
export const jump: StepHandler<'jump'> = (ctx, action, { before: s, next, m }) => {
  if (s.activation!.actions[m.id]!.used.includes('rush'))
    return illegal(`${m.card.name} has Rushed this activation: no Jump`);
  if (m.prone) return illegal(`${m.card.name} is Prone: it cannot Jump`);
  const panic = panicJumpRefusal(s, ctx.q, m, action.directionDeg);
  if (panic) return panic;
  const jumped = jumpModel(ctx, next, m, action.directionDeg);
  return setModel(jumped, { ...jumped.models[m.id]!, spent: true });
};
