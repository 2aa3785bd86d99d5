/**
 * A fighter's activation (skirmish-ru.ru.txt, "Движение": "В свой ход персонаж может совершить два
 * действия: передвижение и атака"): a move up to Movement, a run (+ Agility: then no attack but close
 * combat) or a sprint (+ 2 x Agility, then an athletics test: a fail costs a fatigue level); a move
 * ending in base contact starts close combat (the fighter strikes at once); then one attack: a shot, a
 * strike in base contact, or a reserved action. Leaving a close combat takes an agility test (a fail:
 * each enemy in contact strikes first) and leaves no attack. A pinned fighter only moves away from the
 * nearest enemy, then its pin ends. Turn order: alternating activations (round.ts).
 */
import { msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import { isError, ruleError, type RuleError } from '../engine/types';
import { spotWords, standWords } from '../engine/words';
import type { MoveMode } from './actions';
import { openAmbush } from './ambush';
import { planShot, strike } from './attack';
import { clearBlast, fire } from './blast';
import { rollLeave } from './closeCombat';
import { headingOf } from './facing';
import {
  BASE_MM,
  contacts,
  FIGURE_HEIGHT,
  inContact,
  isStanding,
  setFighter,
  standing,
  type Applied,
  type Handler,
  type SkActivation,
  type SkContext,
  type SkFighter,
  type SkState,
} from './game';
import { endOwnTurn } from './pinning';
import { clearJam } from './reliability';
import { advance } from './round';
import { stealthAfterMove, watchBefore } from './sighting';
import { athleticsWords, colon, MODE_IDS, refuse, inch2 } from './say';
import { rollTest } from './tests';
import { pieceOf } from '../engine/kit';

/** The inches a move may go: Movement; a run adds Agility, a sprint twice Agility. */
export function allowanceOf(f: SkFighter, mode: MoveMode): number {
  const { movement, agility } = f.stats;
  return mode === 'move' ? movement : mode === 'run' ? movement + agility : movement + 2 * agility;
}

/**
 * The most a normal move changes level (inches, base underside): a step up or down, as onto a kerb or
 * a base plate. The movement core's routes cross low pieces with their rise and drop counted; a move
 * that ends higher or lower than this is a jump down or a climb (jumps.ts).
 */
export const STEP_HEIGHT = 0.25;

/**
 * The height from which a piece must be climbed («вскарабкаться по стене … тратит удвоенное движение …
 * тест на акробатику»): a normal move goes over a piece at most 1" high (a low wall, a kerb), paying its
 * height up and down; anything higher it goes round, or climbs with a `jump` (double movement, the test).
 */
export const CLIMB_FROM = 1;

/**
 * The allowance now. A prone fighter (after a fall) stands up as it moves, at no cost: the text's fall
 * only "залегает, как от вражеского огня" (pinned), and gives standing up no price.
 */
export const allowanceNow = (f: SkFighter, mode: MoveMode): number => allowanceOf(f, mode);

/** The activation without a passed jump's remaining inches (spent or given up). */
export function withoutRest(a: SkActivation): SkActivation {
  const { rest, ...b } = a;
  void rest;
  return b;
}

/** A move, run or sprint beyond the fighter's allowance. */
const OUT_OF_REACH = {
  move: 'skirmish-ru:refuse.reach.move',
  run: 'skirmish-ru:refuse.reach.run',
  sprint: 'skirmish-ru:refuse.reach.sprint',
} as const;

/** A fighter moved, ran or sprinted somewhere. */
const MOVED = {
  move: 'skirmish-ru:event.moved.move',
  run: 'skirmish-ru:event.moved.run',
  sprint: 'skirmish-ru:event.moved.sprint',
} as const;

/** Why `figure` may not act now, or null (its side's turn, standing, not yet activated, no other activation open). */
export function actorRefusal(s: SkState, figure: string): Text | null {
  const f = s.fighters[figure];
  if (!f) return msg('skirmish-ru:refuse.noFighter', { id: figure });
  if (s.activation)
    return s.activation.fighter === figure
      ? null
      : msg('skirmish-ru:refuse.acting', { name: pieceOf(s.fighters, s.activation.fighter, 'fighter').name });
  if (f.side !== s.turn) return msg('skirmish-ru:refuse.notYourTurn', { side: s.turn });
  if (!isStanding(f)) return msg('skirmish-ru:refuse.outOfFight', { name: f.name });
  if (f.activated) return msg('skirmish-ru:refuse.activated', { name: f.name });
  return null;
}

/** The activation of `f` (a fresh one when it begins now). */
export const activationOf = (s: SkState, f: SkFighter): SkActivation =>
  s.activation?.fighter === f.id ? s.activation : { fighter: f.id, moved: 'none', left: false, pinned: f.pinned };

/** The state with `f`'s activation open; a fighter starting its activation drops its reserve and last move (and the latest blast goes). */
export function begin(s: SkState, f: SkFighter): { s: SkState; f: SkFighter; a: SkActivation } {
  if (s.activation?.fighter === f.id) return { s, f, a: s.activation };
  const g: SkFighter = { ...f, reserved: false, lastMove: 'none' };
  const a = activationOf(s, f);
  return { s: { ...setFighter(clearBlast(s), g), activation: a }, f: g, a };
}

/**
 * The activation is over: the fighter has activated, and a pin it is under ends with its turn («В конце
 * своего хода персонаж возвращается в обычное состояние»: one it began with, or one it took during it);
 * then the next activation.
 */
export function finish(ctx: SkContext, s: SkState, figure: string): SkState {
  const f = pieceOf(s.fighters, figure, 'fighter');
  const a = s.activation;
  const g = a?.fighter === figure ? endOwnTurn(f) : f;
  return advance(ctx, { ...setFighter(s, { ...g, activated: true }), activation: null });
}

/** A checked move: the spot's height and the route's length, or why not. `q` is the view of `s`. */
export function moveCheck(
  s: SkState,
  q: Queries,
  f: SkFighter,
  mode: MoveMode,
  x: number,
  z: number,
  fromY: number,
): { y: number; length: number } | RuleError {
  const a = activationOf(s, f);
  if (a.moved !== 'none' && a.rest === undefined)
    return refuse(msg('skirmish-ru:refuse.movedAlready', { name: f.name }));
  if (a.rest !== undefined && mode !== a.moved)
    return refuse(
      msg('skirmish-ru:refuse.restOf', { name: f.name, mode: msg(MODE_IDS[a.moved === 'none' ? 'move' : a.moved]) }),
    );
  if (a.pinned && mode !== 'move') return refuse(msg('skirmish-ru:refuse.pinnedMoveOnly', { name: f.name }));
  const y = q.standHeight(BASE_MM, FIGURE_HEIGHT, x, z, fromY + 0.25, f.id);
  if (y === null)
    return refuse(
      msg('skirmish-ru:refuse.cannotStand', {
        name: f.name,
        spot: spotWords(s.table, x, z),
        why: standWords(
          q.standProblem(BASE_MM, FIGURE_HEIGHT, x, z, fromY + 0.25, f.id),
          (id) => s.fighters[id]?.name ?? id,
        ),
      }),
    );
  if (a.pinned && !awayFromEnemy(s, f, [x, y, z]))
    return refuse(msg('skirmish-ru:refuse.pinnedAway', { name: f.name }));
  if (Math.abs(y - f.pos[1]) > STEP_HEIGHT)
    return refuse(msg('skirmish-ru:refuse.level', { name: f.name, height: inch2(y - f.pos[1]) }));
  const allowance = a.rest ?? allowanceNow(f, mode);
  // A normal move crosses no piece higher than CLIMB_FROM: that one is climbed (a `jump`).
  const length = q.routeLength(f.id, [x, y, z], allowance + 1e-6, CLIMB_FROM);
  if (length > allowance + 1e-6)
    return ruleError('out-of-range', msg(OUT_OF_REACH[mode], { name: f.name, reach: inch2(allowance) }));
  return { y, length };
}

/** A pinned fighter's move: its distance to the nearest standing enemy (centre to centre) grows. */
export function awayFromEnemy(s: SkState, f: SkFighter, to: readonly number[]): boolean {
  const foes = standing(s, f.side === 'A' ? 'B' : 'A');
  if (!foes.length) return true;
  const near = (p: readonly number[]) => Math.min(...foes.map((e) => Math.hypot(e.pos[0] - p[0]!, e.pos[2] - p[2]!)));
  return near(to) > near(f.pos) + 1e-9;
}

/** The facing after turning from `from` towards `to` (reading: a fighter faces the way it moved); unchanged when they coincide. */
export const facingTo = (from: readonly number[], to: readonly number[], facing: number): number =>
  Math.hypot(to[0]! - from[0]!, to[2]! - from[2]!) < 1e-9 ? facing : headingOf(from, to);

/** The movement action; base contact at its end starts close combat (the fighter strikes the nearest enemy at once). */
export const move: Handler<'move'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const checked = moveCheck(
    s0,
    ctx.at(s0),
    pieceOf(s0.fighters, act.fighter, 'fighter'),
    act.mode,
    act.x,
    act.z,
    act.y,
  );
  if (isError(checked)) return checked;
  const watched = watchBefore(s0, ctx.at(s0), act.fighter);
  let { s, f, a } = begin(s0, pieceOf(s0.fighters, act.fighter, 'fighter'));
  const rest = a.rest !== undefined;
  // "покинуть ближний бой он должен пройти тест на ловкость": each enemy in contact strikes on a fail.
  const engaged = contacts(s, f);
  let left = false;
  if (engaged.length > 0) {
    const r = rollLeave(
      ctx.dice,
      f.stats.agility,
      engaged.map((e) => e.id),
    );
    ctx.events.push({ type: 'leave', text: colon(f.name, ...r.events), model: f.id });
    for (const id of r.freeAttackBy) {
      const e = pieceOf(s.fighters, id, 'fighter');
      if (isStanding(e) && isStanding(pieceOf(s.fighters, f.id, 'fighter')))
        s = strike(ctx, s, e, pieceOf(s.fighters, f.id, 'fighter'));
    }
    f = pieceOf(s.fighters, f.id, 'fighter');
    if (!isStanding(f)) return finish(ctx, s, f.id);
    left = true;
  }
  const to: [number, number, number] = [act.x, checked.y, act.z];
  const moved: SkFighter = { ...f, pos: to, facing: facingTo(f.pos, to, f.facing), lastMove: act.mode, prone: false };
  ctx.events.push({
    type: 'moved',
    text: msg(MOVED[act.mode], {
      name: f.name,
      distance: inch2(checked.length),
      spot: spotWords(s.table, to[0], to[2]),
    }),
    model: f.id,
    from: f.pos,
    to,
  });
  s = setFighter(s, moved);
  a = { ...withoutRest(a), moved: act.mode, left };
  s = { ...s, activation: a };
  if (act.mode === 'sprint' && !rest) {
    // "в конце движения он должен пройти тест на атлетику, при провале которого теряет один уровень усталости".
    const t = rollTest(ctx.dice, moved.stats.athletics);
    const tired = !t.passed;
    ctx.events.push({
      type: 'athletics',
      text: athleticsWords(moved, t),
      model: moved.id,
    });
    if (tired) s = setFighter(s, { ...moved, fatigue: moved.fatigue + 1 });
  }
  // "попадает в зону видимости противника или движется в 6 дюймах от него": stealth tests (sighting.ts).
  s = stealthAfterMove(ctx, s, watched);
  const foe = left || a.pinned ? undefined : contacts(s, pieceOf(s.fighters, f.id, 'fighter'))[0];
  if (foe) {
    const g = pieceOf(s.fighters, f.id, 'fighter');
    const faced = setFighter(s, { ...g, facing: facingTo(g.pos, foe.pos, g.facing) });
    ctx.events.push({
      type: 'close-combat',
      text: msg('skirmish-ru:event.closeCombat', { name: g.name, foe: foe.name }),
    });
    return openAmbush(ctx, finish(ctx, strike(ctx, faced, pieceOf(faced.fighters, f.id, 'fighter'), foe), f.id), f.id);
  }
  // A run or a sprint leaves no attack but close combat; a pinned or escaping fighter takes none either.
  // Either way the other gang's reserved fighters may now fire at the mover (ambush.ts).
  return openAmbush(ctx, act.mode !== 'move' || left || a.pinned ? finish(ctx, s, f.id) : s, f.id);
};

/** Why `f` may not take its attack action now (pinned, left a close combat, ran or sprinted), or null. */
export function attackRefusal(s: SkState, f: SkFighter): Text | null {
  const a = activationOf(s, f);
  if (a.pinned || f.pinned) return msg('skirmish-ru:refuse.pinnedNoActions', { name: f.name });
  if (a.left) return msg('skirmish-ru:refuse.leftCombat', { name: f.name });
  return null;
}

/** The attack action: a shot, or a template (flamer, grenade: blast.ts). */
export const shootAction: Handler<'shoot'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const f0 = pieceOf(s0.fighters, act.fighter, 'fighter');
  const no = attackRefusal(s0, f0);
  if (no) return refuse(no);
  const plan = planShot(s0, ctx.at(s0), f0, act.weapon, act.target, activationOf(s0, f0).moved);
  if (isError(plan)) return plan;
  const { s, f } = begin(s0, f0);
  return finish(ctx, fire(ctx, s, f, plan), f.id);
};

/** The attack action in close combat: a strike at an enemy in base contact (also after a run or a sprint). */
export const strikeAction: Handler<'strike'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const f0 = pieceOf(s0.fighters, act.fighter, 'fighter');
  const no = attackRefusal(s0, f0);
  if (no) return refuse(no);
  const t = s0.fighters[act.target];
  if (!t || t.side === f0.side || !isStanding(t) || !inContact(f0.pos, t.pos))
    return refuse(msg('skirmish-ru:refuse.noContact', { name: f0.name, target: act.target }));
  const { s, f } = begin(s0, f0);
  return finish(ctx, strike(ctx, s, f, t), f.id);
};

/** "исправить его можно пройдя тест на умение техника вместо действия атаки": a technician test clears a jam (not after a run). */
export const clearJamAction: Handler<'clear-jam'> = (ctx, s0, act): Applied => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const f0 = pieceOf(s0.fighters, act.fighter, 'fighter');
  const no = attackRefusal(s0, f0);
  if (no) return refuse(no);
  const moved = activationOf(s0, f0).moved;
  if (moved === 'run' || moved === 'sprint') return refuse(msg('skirmish-ru:refuse.ranJam', { name: f0.name }));
  const arm = f0.arms[act.weapon];
  if (!arm?.jammed) return refuse(msg('skirmish-ru:refuse.notJammed', { name: f0.name, weapon: act.weapon }));
  const { s, f } = begin(s0, f0);
  const r = clearJam(ctx.dice, arm, f.stats.technician);
  ctx.events.push({
    type: 'clear-jam',
    text: msg(r.cleared ? 'skirmish-ru:event.jamCleared' : 'skirmish-ru:event.jamStays', {
      name: f.name,
      weapon: pieceOf(s.weapons, act.weapon, 'weapon').name,
      roll: r.roll,
      target: r.target,
    }),
    model: f.id,
  });
  return finish(ctx, setFighter(s, { ...f, arms: { ...f.arms, [act.weapon]: r.weapon } }), f.id);
};

/** "Вместо действия атаки персонаж может зарезервировать действие": the reserve flag (the interrupt is later work). */
export const reserve: Handler<'reserve'> = (ctx, s0, act): Applied => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const f0 = pieceOf(s0.fighters, act.fighter, 'fighter');
  const no = attackRefusal(s0, f0);
  if (no) return refuse(no);
  if (activationOf(s0, f0).moved === 'run' || activationOf(s0, f0).moved === 'sprint')
    return refuse(msg('skirmish-ru:refuse.ranReserve', { name: f0.name }));
  const { s, f } = begin(s0, f0);
  ctx.events.push({ type: 'reserve', text: msg('skirmish-ru:event.reserve', { name: f.name }), model: f.id });
  return finish(ctx, setFighter(s, { ...f, reserved: true }), f.id);
};

/** The activation ends here (a fighter may also do nothing). */
export const done: Handler<'done'> = (ctx, s0, act): Applied => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const { s, f } = begin(s0, pieceOf(s0.fighters, act.fighter, 'fighter'));
  ctx.events.push({ type: 'done', text: msg('skirmish-ru:event.done', { name: f.name }) });
  return finish(ctx, s, f.id);
};
