/**
 * Jumps on the table (skirmish-ru.ru.txt, "Прыжок", "Ущерб от падения"): the `jump` action, a
 * movement action that jumps down, climbs or leaps a gap, on the heights the table measures (only
 * through `Queries`), with falls.ts doing the arithmetic and the dice. Readings (README "Readings:
 * jumps"): heights are differences of base undersides (`standHeight`); a jump goes in a straight line
 * from where the fighter stands; its cost counts against the mode's allowance (down: the horizontal
 * distance, the drop is free; climb: 2 x height + horizontal; leap: the horizontal distance), and a
 * passed jump leaves the rest for one more move of the same mode. A fall sets prone and pinned ("залегает,
 * как от вражеского огня") and ends the activation; over 12" the fighter is removed (dead).
 */
import { msg, type Msg } from '../engine/message';
import type { Queries } from '../engine/queries';
import { isError, ruleError, type RuleError } from '../engine/types';
import { spotWords, standWords, stopWords } from '../engine/words';
import type { ActionOf, JumpHow, MoveMode, SkAction } from './actions';
import { activationOf, actorRefusal, allowanceNow, facingTo, finish, moveCheck, STEP_HEIGHT } from './activation';
import { openAmbush } from './ambush';
import { stealthAfterMove, watchBefore } from './sighting';
import { strike } from './attack';
import { climb, jumpDown, leap, resolveFall, resolveLandingOn, type FallOutcome } from './falls';
import {
  BASE_MM,
  BASE_RADIUS,
  contacts,
  FIGURE_HEIGHT,
  isStanding,
  setFighter,
  type Handler,
  type SkContext,
  type SkFighter,
  type SkState,
} from './game';
import { athleticsWords, HOW_IDS, inch2, JUMP_COST, refuse, WHY_IDS } from './say';
import { rollTest, type TestRoll } from './tests';
import { pieceOf } from '../engine/kit';

/** A fall lands at the closest spot with room within this many inches of the point below (the movement core's). */
export const FALL_RADIUS = 3;
/** The probe that reads the surface under a point: a base this small (mm) and this tall (inches). */
const PROBE_MM = 0.01;
const PROBE_HEIGHT = 0.01;
/** Gap edges are found to this many inches, and gaps reported to 0.001". */
const EDGE_TOLERANCE = 1e-5;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const MODES: readonly MoveMode[] = ['move', 'run', 'sprint'];

type Point = [number, number, number];

/** A checked jump: where it lands, the level change, the horizontal run, the gap, what it costs, the fall on a fail. */
export interface JumpPlan {
  how: ActionOf<'jump'>['how'];
  mode: MoveMode;
  to: Point;
  /** Down: the drop; climb: the rise; leap: the drop on landing (0 on a level leap). */
  height: number;
  horizontal: number;
  /** Leap: the width of the gap crossed (edge to edge along the line). */
  gap: number;
  cost: number;
  allowance: number;
  /** Leap: the fall a fail would take (height, the point straight below, the landing with room). */
  fall: { height: number; below: Point; landing: Point | null } | null;
}

/** Whether the first surface under (x, z) below `level` is at `floor` or higher (within the step), for a point-sized probe. */
function onSurface(q: Queries, f: SkFighter, level: number, floor: number, x: number, z: number): boolean {
  const y = q.standHeight(PROBE_MM, PROBE_HEIGHT, x, z, level + STEP_HEIGHT, f.id);
  // No answer (the probe touches a wall's face or a model): counted as a surface, so edges bisect to the face.
  return y === null || y >= floor - STEP_HEIGHT;
}

/**
 * The gap on the straight line from `from` (the take-off) to `to` (the landing, not higher): the stretch,
 * as fractions 0..1 of the line, over no surface as high as the landing; null when there is none.
 */
export function gapAlong(q: Queries, f: SkFighter, from: Point, to: Point): [number, number] | null {
  const len = Math.hypot(to[0] - from[0], to[2] - from[2]);
  if (len < 1e-9) return null;
  const floor = Math.min(from[1], to[1]);
  const at = (t: number) =>
    onSurface(q, f, from[1], floor, from[0] + (to[0] - from[0]) * t, from[2] + (to[2] - from[2]) * t);
  const n = Math.max(2, Math.ceil(len / 0.1));
  let first = -1,
    last = -1;
  for (let i = 1; i < n; i++) {
    if (at(i / n)) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return null;
  // Bisect each edge: a on the level, b over the gap.
  const edge = (a: number, b: number) => {
    while (Math.abs(b - a) * len > EDGE_TOLERANCE) {
      const m = (a + b) / 2;
      if (at(m)) a = m;
      else b = m;
    }
    return (a + b) / 2;
  };
  return [edge((first - 1) / n, first / n), edge((last + 1) / n, last / n)];
}

/** Degrees from +x towards +z from `a` to `b` (seen from above). */
const bearing = (a: readonly number[], b: readonly number[]) =>
  (Math.atan2(b[2]! - a[2]!, b[0]! - a[0]!) * 180) / Math.PI;

/** Checks a jump without dice: the spot, the heights, the gap, the way clear and the cost. `q` is the view of `s`. */
export function planJump(s: SkState, q: Queries, f: SkFighter, act: ActionOf<'jump'>): JumpPlan | RuleError {
  const a = activationOf(s, f);
  if (a.moved !== 'none') return refuse(msg('skirmish-ru:refuse.movedAlready', { name: f.name }));
  if (a.pinned) return refuse(msg('skirmish-ru:refuse.pinnedMoveOnly', { name: f.name }));
  if (contacts(s, f).length > 0) return refuse(msg('skirmish-ru:refuse.jump.inCombat', { name: f.name }));
  const { x, z, how, mode } = act;
  const y = q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, act.y + STEP_HEIGHT, f.id);
  if (y === null)
    return refuse(
      msg('skirmish-ru:refuse.cannotStand', {
        name: f.name,
        spot: spotWords(s.table, x, z),
        why: standWords(
          q.standProblem(BASE_MM, FIGURE_HEIGHT, x, z, act.y + STEP_HEIGHT, f.id),
          (id) => s.fighters[id]?.name ?? id,
        ),
      }),
    );
  const from = f.pos;
  const to: Point = [x, y, z];
  const level = from[1];
  const dy = y - level;
  const horizontal = Math.hypot(x - from[0], z - from[2]);
  const allowance = allowanceNow(f, mode);
  const agility = f.stats.agility;
  const out = (cost: number): RuleError =>
    ruleError(
      'out-of-range',
      msg(JUMP_COST[mode], { name: f.name, how: msg(HOW_IDS[how]), cost: inch2(cost), reach: inch2(allowance) }),
    );
  const clearWay = (clear = STEP_HEIGHT): RuleError | null => {
    const line = q.jumpLine(f.id, bearing(from, to), horizontal, clear, BASE_RADIUS, FALL_RADIUS);
    return line.stoppedBy !== null || line.travelled < horizontal - 0.05
      ? refuse(
          msg('skirmish-ru:refuse.jump.stopped', {
            name: f.name,
            by:
              line.stoppedBy === null
                ? msg('skirmish-ru:refuse.jump.noRoom')
                : stopWords(line.stoppedBy, (id) => s.fighters[id]?.name ?? id),
          }),
        )
      : null;
  };
  const plan = { how, mode, to, horizontal, gap: 0, allowance, fall: null };
  // A jump down or a leap lands on the first surface under the take-off level there (not inside a piece).
  const open = () => how === 'climb' || q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, level + STEP_HEIGHT, f.id) === y;
  if (!open())
    return refuse(msg('skirmish-ru:refuse.jump.cannotLand', { name: f.name, spot: spotWords(s.table, x, z) }));
  if (how === 'down') {
    if (dy >= -STEP_HEIGHT) return refuse(msg('skirmish-ru:refuse.jump.noDrop', { name: f.name }));
    // "с высоты не более равной показателю ловкости в дюймах"
    if (-dy > agility)
      return refuse(msg('skirmish-ru:refuse.jump.downMax', { name: f.name, max: inch2(agility), height: inch2(-dy) }));
    if (gapAlong(q, f, from, to)) return refuse(msg('skirmish-ru:refuse.jump.gapBelow', { name: f.name }));
    // «В отличие от прыжка вниз ... боец тратит удвоенное движение» (of the climb): a jump down spends the drop
    // once, as a ladder would, besides the way across.
    const cost = horizontal - dy;
    if (cost > allowance + 1e-6) return out(cost);
    return clearWay() ?? { ...plan, height: -dy, cost };
  }
  if (how === 'climb') {
    if (dy <= STEP_HEIGHT) return refuse(msg('skirmish-ru:refuse.jump.noClimb', { name: f.name }));
    if (dy > agility)
      return refuse(msg('skirmish-ru:refuse.jump.climbMax', { name: f.name, max: inch2(agility), height: inch2(dy) }));
    // "боец тратит удвоенное движение на это действие"
    const cost = 2 * dy + horizontal;
    if (cost > allowance + 1e-6) return out(cost);
    // The straight way to the top clears pieces no taller than the climb (the wall climbed among them).
    return clearWay(dy + STEP_HEIGHT) ?? { ...plan, height: dy, cost };
  }
  if (dy > STEP_HEIGHT) return refuse(msg('skirmish-ru:refuse.jump.leapUp', { name: f.name, height: inch2(dy) }));
  if (-dy > agility)
    return refuse(msg('skirmish-ru:refuse.jump.landMax', { name: f.name, max: inch2(agility), height: inch2(-dy) }));
  const span = gapAlong(q, f, from, to);
  if (!span) return refuse(msg('skirmish-ru:refuse.jump.noGap', { name: f.name }));
  const gap = round3((span[1] - span[0]) * horizontal);
  // "прыгает на расстояние, равное ее ловкости"
  if (gap > agility)
    return refuse(msg('skirmish-ru:refuse.jump.leapMax', { name: f.name, max: inch2(agility), gap: inch2(gap) }));
  if (horizontal > allowance + 1e-6) return out(horizontal);
  const blocked = clearWay();
  if (blocked) return blocked;
  // A fail "падает вниз" in the middle of the gap: the table's fall from there.
  const mid = ((span[0] + span[1]) / 2) * horizontal;
  const line = q.jumpLine(f.id, bearing(from, to), mid, STEP_HEIGHT, BASE_RADIUS, FALL_RADIUS);
  const below: Point = [line.end[0], level - (line.fall?.height ?? 0), line.end[2]];
  const fall = { height: line.fall?.height ?? 0, below, landing: line.fall?.landing ?? null };
  return { ...plan, height: Math.max(0, -dy), gap, cost: horizontal, fall };
}

/** A fighter after a fall: wounds, prone and pinned ("залегает, как от вражеского огня"), or removed (dead). */
function fallen(f: SkFighter, o: FallOutcome, at: Point): SkFighter {
  if (o.removed) return { ...f, pos: at, wounds: { ...f.wounds, condition: 'dead' } };
  return { ...f, pos: at, wounds: o.state, prone: o.prone, pinned: f.pinned || o.prone };
}

const fallWords = (o: FallOutcome): Msg =>
  o.removed ? msg('skirmish-ru:fall.removed') : msg('skirmish-ru:fall.wounds', { n: o.wounds });

/** A fall's band in words ("1 wound", "d3", "over 12\""). */
const BAND_IDS = {
  none: 'skirmish-ru:fall.band.none',
  one: 'skirmish-ru:fall.band.one',
  d3: 'skirmish-ru:fall.band.d3',
  d6: 'skirmish-ru:fall.band.d6',
  removed: 'skirmish-ru:fall.band.removed',
} as const;

/** A fall in words: "Name falls 4\" (d3): 2 wounds, no save, prone". */
const fallEvent = (name: string, height: number, o: FallOutcome): Msg =>
  msg(o.prone ? 'skirmish-ru:event.fall.prone' : 'skirmish-ru:event.fall', {
    name,
    height: inch2(height),
    band: msg(BAND_IDS[o.band]),
    what: fallWords(o),
  });

/**
 * Applies a fall of `f` from `from` by `height`: onto the model standing under `below` if any (it tests
 * agility to dodge), landing at `landing` (null: where it took off). Pushes the 'fall' event.
 */
function fall(
  ctx: SkContext,
  s: SkState,
  f: SkFighter,
  height: number,
  from: Point,
  below: Point,
  landing: Point | null,
) {
  const under = Object.values(s.fighters).find(
    (e) =>
      e.id !== f.id &&
      isStanding(e) &&
      Math.hypot(e.pos[0] - below[0], e.pos[2] - below[2]) < 2 * BASE_RADIUS &&
      Math.abs(e.pos[1] - below[1]) < FIGURE_HEIGHT,
  );
  const to: Point = landing ?? [...f.pos];
  let o: FallOutcome;
  if (under) {
    const r = resolveLandingOn(
      ctx.dice,
      height,
      { toughness: f.stats.toughness, state: f.wounds },
      { ...under.stats, state: under.wounds },
    );
    o = r.faller;
    ctx.events.push({
      type: 'landed-on',
      text: r.beneath
        ? msg('skirmish-ru:event.landedOn.fails', {
            name: f.name,
            under: under.name,
            roll: r.dodge.roll,
            target: r.dodge.target,
            what: fallWords(r.beneath),
          })
        : msg('skirmish-ru:event.landedOn.dodges', {
            name: f.name,
            under: under.name,
            roll: r.dodge.roll,
            target: r.dodge.target,
          }),
      model: under.id,
    });
    if (r.beneath) s = setFighter(s, fallen(under, r.beneath, [...under.pos]));
  } else o = resolveFall(ctx.dice, height, { toughness: f.stats.toughness, state: f.wounds });
  ctx.events.push({
    type: 'fall',
    text: fallEvent(f.name, height, o),
    model: f.id,
    from,
    to,
    height,
    band: o.band,
    wounds: o.wounds,
  });
  return setFighter(s, fallen(f, o, to));
}

const testWords = (t: TestRoll): Msg =>
  msg(t.passed ? 'skirmish-ru:acrobatics.pass' : 'skirmish-ru:acrobatics.fail', { roll: t.roll, target: t.target });

/** The jump action: the test, the landing or the fall, the sprint's athletics test, a charge, the rest of the move. */
export const jump: Handler<'jump'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const f0 = pieceOf(s0.fighters, act.fighter, 'fighter');
  const p = planJump(s0, ctx.at(s0), f0, act);
  if (isError(p)) return p;
  const watched = watchBefore(s0, ctx.at(s0), act.fighter);
  // The activation opens (a fresh one drops the reserve and the last move); the fighter stands up.
  const a0 = activationOf(s0, f0);
  const f: SkFighter = {
    ...f0,
    prone: false,
    lastMove: act.mode,
    ...(s0.activation ? {} : { reserved: false }),
  };
  // A fresh activation also clears the latest template from the table (as `begin` does for the other actions).
  let s: SkState = setFighter(s0.activation ? s0 : { ...s0, blast: null }, f);
  const j = { ...f.stats, state: f.wounds };
  const moved: SkFighter = { ...f, pos: p.to, facing: facingTo(f.pos, p.to, f.facing) };
  let passed: boolean;
  let fell = false;
  const where = spotWords(s.table, p.to[0], p.to[2]);
  if (p.how === 'down') {
    const r = jumpDown(ctx.dice, p.height, f.stats);
    if (!r.allowed) return refuse(msg('skirmish-ru:refuse.jump.cannotDown', { name: f.name, height: inch2(p.height) }));
    passed = r.test.passed;
    ctx.events.push({
      type: 'jump',
      text: msg(passed ? 'skirmish-ru:event.jumpDown' : 'skirmish-ru:event.jumpDown.ends', {
        name: f.name,
        height: inch2(p.height),
        spot: where,
        test: testWords(r.test),
      }),
      model: f.id,
      from: f.pos,
      to: p.to,
    });
    s = setFighter(s, moved);
  } else if (p.how === 'climb') {
    const r = climb(ctx.dice, p.height, p.allowance - p.horizontal, j);
    if (!r.allowed)
      return refuse(
        msg('skirmish-ru:refuse.jump.cannotClimb', { name: f.name, height: inch2(p.height), why: msg(WHY_IDS[r.why]) }),
      );
    passed = r.test.passed;
    ctx.events.push({
      type: 'jump',
      text: msg('skirmish-ru:event.climb', {
        name: f.name,
        height: inch2(p.height),
        spot: where,
        cost: inch2(p.cost),
        test: testWords(r.test),
      }),
      model: f.id,
      from: f.pos,
      to: p.to,
    });
    if (passed) s = setFighter(s, moved);
    else {
      // "отыгрывается падение с высоты на которую модель должна была взобраться": back at the wall's foot.
      fell = true;
      const o = r.fall!;
      ctx.events.push({
        type: 'fall',
        text: fallEvent(f.name, p.height, o),
        model: f.id,
        from: p.to,
        to: [...f.pos],
        height: p.height,
        band: o.band,
        wounds: o.wounds,
      });
      s = setFighter(s, fallen(f, o, [...f.pos]));
    }
  } else {
    // The leap's own fall (depth 0: no dice) is replaced by the table's fall from the gap below.
    const r = leap(ctx.dice, p.gap, 0, p.allowance, j);
    if (!r.allowed)
      return refuse(
        msg('skirmish-ru:refuse.jump.cannotLeap', { name: f.name, gap: inch2(p.gap), why: msg(WHY_IDS[r.why]) }),
      );
    passed = r.test.passed;
    ctx.events.push({
      type: 'jump',
      text: msg('skirmish-ru:event.leap', { name: f.name, gap: inch2(p.gap), spot: where, test: testWords(r.test) }),
      model: f.id,
      from: f.pos,
      to: p.to,
    });
    if (passed) s = setFighter(s, moved);
    else {
      fell = true;
      const { height, below, landing } = p.fall!;
      const from: Point = [below[0], f.pos[1], below[2]];
      s = fall(ctx, s, { ...f, facing: moved.facing }, height, from, below, landing);
    }
  }
  const g0 = pieceOf(s.fighters, f.id, 'fighter');
  const activation = { ...a0, moved: act.mode };
  s = { ...s, activation };
  if (act.mode === 'sprint' && isStanding(g0)) {
    const t = rollTest(ctx.dice, g0.stats.athletics);
    ctx.events.push({
      type: 'athletics',
      text: athleticsWords(g0, t),
      model: g0.id,
    });
    if (!t.passed) s = setFighter(s, { ...g0, fatigue: g0.fatigue + 1 });
  }
  // A hidden jumper, or one it jumps near, may be noticed as after any move (sighting.ts).
  s = stealthAfterMove(ctx, s, watched);
  const g = pieceOf(s.fighters, f.id, 'fighter');
  if (fell || !isStanding(g)) return finish(ctx, s, f.id);
  // "Модель также может напасть на врага используя прыжок": base contact at the landing is close combat.
  const foe = contacts(s, g)[0];
  if (foe) {
    const faced = setFighter(s, { ...g, facing: facingTo(g.pos, foe.pos, g.facing) });
    ctx.events.push({
      type: 'close-combat',
      text: msg('skirmish-ru:event.closeCombat', { name: g.name, foe: foe.name }),
    });
    return openAmbush(ctx, finish(ctx, strike(ctx, faced, pieceOf(faced.fighters, f.id, 'fighter'), foe), f.id), f.id);
  }
  const rest = p.allowance - p.cost;
  if (passed && rest > 0.05) return openAmbush(ctx, { ...s, activation: { ...activation, rest } }, f.id);
  // A failed jump down ends the move; a run or a sprint ends the activation.
  return openAmbush(ctx, act.mode === 'move' ? s : finish(ctx, s, f.id), f.id);
};

/**
 * A few sampled jumps: in eight directions, every 0.5" out to the sprint's reach (8" at most), the first
 * spot to climb onto, the first to jump down to, and the first across a gap to leap to; each by the
 * shortest mode that allows it.
 */
export function jumpSamples(s: SkState, q: Queries, f: SkFighter): SkAction[] {
  const a = activationOf(s, f);
  if (a.rest !== undefined) return restSamples(s, q, f, a.moved as MoveMode, a.rest);
  if (a.moved !== 'none' || a.pinned || contacts(s, f).length > 0) return [];
  const out: SkAction[] = [];
  const level = f.pos[1];
  const reach = Math.min(8, allowanceNow(f, 'sprint'));
  const offer = (how: JumpHow, x: number, y: number, z: number): boolean => {
    for (const mode of MODES) {
      const act: ActionOf<'jump'> = { type: 'jump', fighter: f.id, how, mode, x, y, z };
      if (!isError(planJump(s, q, f, act))) {
        out.push(act);
        return true;
      }
    }
    return false;
  };
  for (let k = 0; k < 8; k++) {
    const ang = (k * Math.PI) / 4;
    let climbed = false,
      dropped = false,
      leapt = false,
      gap = false;
    // On the ground there is nothing to jump down to or leap; a climb is looked for within 3".
    const high = level > STEP_HEIGHT;
    for (let d = 0.5; d <= (high ? reach : Math.min(reach, 3)) + 1e-9 && !(climbed && dropped && leapt); d += 0.5) {
      const x = round3(f.pos[0] + Math.cos(ang) * d),
        z = round3(f.pos[2] + Math.sin(ang) * d);
      if (!climbed) {
        const top = q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, level + f.stats.agility + STEP_HEIGHT, f.id);
        if (top !== null && top > level + STEP_HEIGHT) climbed = offer('climb', x, top, z);
      }
      if (!high) continue;
      const below = q.standHeight(PROBE_MM, PROBE_HEIGHT, x, z, level + STEP_HEIGHT, f.id);
      if (below === null || below >= level - STEP_HEIGHT) {
        if (gap && !leapt) leapt = offer('leap', x, below ?? level, z);
        continue;
      }
      gap = true;
      const y = q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, level + STEP_HEIGHT, f.id);
      if (y === null) continue;
      if (!dropped) dropped = offer('down', x, y, z);
      if (!leapt && y > 0) leapt = offer('leap', x, y, z);
    }
  }
  return out;
}

/** The rest of a passed jump's move: eight directions at the whole rest and half of it. */
function restSamples(s: SkState, q: Queries, f: SkFighter, mode: MoveMode, rest: number): SkAction[] {
  const out: SkAction[] = [];
  for (const d of [rest - 0.05, rest / 2])
    for (let k = 0; k < 8; k++) {
      const x = round3(f.pos[0] + Math.cos((k * Math.PI) / 4) * d),
        z = round3(f.pos[2] + Math.sin((k * Math.PI) / 4) * d);
      const r = moveCheck(s, q, f, mode, x, z, f.pos[1]);
      if (!isError(r)) out.push({ type: 'move', fighter: f.id, mode, x, y: r.y, z });
    }
  return out;
}
