/**
 * A character's turn (readings of the battle; the chapter's move rules are on a missing page): one move
 * of up to Speed inches along the table's measured route (`Queries.routeLength`, the spot's height from
 * `Queries.standHeight`), then one action (fight.ts, reactions.ts) or `end-turn`; the action ends the turn.
 * - A prone character cannot move: standing up costs its move (consequences.ts STAND_UP_COSTS).
 * - In a grapple only as `mayMove` allows (grapple.ts): a controller twice as strong as each foe she
 *   holds carries them with her, each moved by the same offset (placed without a standing check: they
 *   stay in contact).
 * - Suppressive fire: the move's straight path from where it stands to the spot meets each zone in turn
 *   (`enterZone`): a failed Det-12 test stops it at the zone's edge (the rest is lost), a passed one
 *   enters and rolls the d10; a character that goes down there lies where it entered. The mover's cover
 *   against the shooter is read where it starts.
 * - Releasing a grapple is free: the turn goes on (a controller must release to Dodge).
 */
import { inch, msg, type Text } from '../engine/message';
import { illegal, withNames } from './say';
import type { Queries } from '../engine/queries';
import { ruleError, type RuleError } from '../engine/types';
import { spotWords, standWords } from '../engine/words';
import type { Vec3 } from './area';
import { standUp } from './consequences';
import { holding, mayMove, release } from './grapple';
import { enterZone } from './suppression';
import { harm } from './harm';
import {
  fireLine,
  BASE_MM,
  BASE_RADIUS,
  HEIGHT,
  conditionsOf,
  coverOf,
  isStanding,
  layoutOf,
  setChar,
  strengths,
  withConditions,
  type Handler,
  type RpgChar,
  type RpgState,
} from './game';
import { ended, finishTurn, newRound, over } from './round';
import { pieceOf } from '../engine/kit';

/** The most a move changes level without a climb (the table's step), inches: where `standHeight` looks from. */
export const STEP = 0.25;

/** Why `model` may not act now, or null (it is its turn, it stands). */
export function actorRefusal(s: RpgState, model: string): Text | null {
  if (s.phase === 'start') return msg('rpg-attacks:error.rollFirst');
  if (s.pending) return msg('rpg-attacks:error.grenadeInAir');
  if (s.parry) return msg('rpg-attacks:error.parryAwaited', { name: s.chars[s.parry.target]?.name ?? s.parry.target });
  const c = s.chars[model];
  if (!c) return msg('rpg-attacks:error.noCharacter', { id: model });
  if (s.turn?.model !== model)
    return s.turn
      ? msg('rpg-attacks:error.notTurn', { name: pieceOf(s.chars, s.turn.model, 'character').name })
      : msg('rpg-attacks:error.nobodysTurn');
  if (!isStanding(c)) return msg('rpg-attacks:error.down', { name: c.name });
  return null;
}

/** A checked move: the spot's height, the route's length, the foes carried; or why not. `q` is the view of `s`. */
export function moveCheck(
  s: RpgState,
  q: Queries,
  c: RpgChar,
  x: number,
  z: number,
  fromY: number,
): { y: number; length: number; carried: string[] } | RuleError {
  if (s.turn?.moved) return illegal(msg('rpg-attacks:error.moved', { name: c.name }));
  if (c.condition.prone) return illegal(msg('rpg-attacks:error.prone', { name: c.name }));
  const may = mayMove(conditionsOf(s), c.id, strengths(s));
  if (!may.ok) return illegal(withNames(s.chars, may.reason));
  const y = q.standHeight(BASE_MM, HEIGHT, x, z, fromY + STEP, c.id);
  if (y === null)
    return illegal(
      msg('rpg-attacks:error.cannotStand', {
        name: c.name,
        spot: spotWords(s.table, x, z),
        why: standWords(q.standProblem(BASE_MM, HEIGHT, x, z, fromY + STEP, c.id), (id) => s.chars[id]?.name ?? id),
      }),
    );
  const speed = c.stats.speed;
  const length = q.routeLength(c.id, [x, y, z], speed + 1e-6);
  if (length > speed + 1e-6)
    return ruleError('out-of-range', msg('rpg-attacks:error.tooFar', { name: c.name, speed: inch(speed) }));
  return { y, length, carried: may.carried };
}

/** The first action: round 1's initiative. */
export const begin: Handler<'begin'> = (ctx, s) =>
  s.phase !== 'start' ? illegal(msg('rpg-attacks:error.begun')) : newRound(ctx, s, 1);

/** The move: up to Speed, through any suppressive fire on the way. */
export const move: Handler<'move'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.model);
  if (who) return illegal(who);
  const c0 = pieceOf(s0.chars, act.model, 'character');
  const checked = moveCheck(s0, ctx.at(s0), c0, act.x, act.z, act.y);
  if ('error' in checked) return checked;
  const from = c0.pos;
  let to: Vec3 = [act.x, checked.y, act.z];
  let s: RpgState = { ...s0, turn: { model: c0.id, moved: true } };
  for (const zone of s0.zones) {
    const c = pieceOf(s.chars, c0.id, 'character');
    const shooter = s.chars[zone.shooterId];
    // The table before this zone's hit (a fall is placed among the models as they stood).
    const q = ctx.at(s);
    const cover = shooter ? coverOf(q.sight(shooter.id, c.id).hidden.terrain) : 'none';
    // The cone stops at what blocks the line of fire: the mover is in it only where the shooter reaches it.
    const open = (at: Vec3) =>
      !!shooter && fireLine(q.at(layoutOf(setChar(s, { ...c, pos: at }))), shooter.id, c.id).hasLos;
    const r = enterZone(
      ctx.dice,
      zone,
      {
        id: c.id,
        path: [from, to],
        radius: BASE_RADIUS,
        det: c.stats.det,
        cover,
        armour: c.stats.armour,
      },
      open,
    );
    if (r.kind === 'clear') continue;
    const by = shooter?.name ?? zone.shooterId;
    if (r.kind === 'held') {
      const y = q.standHeight(BASE_MM, HEIGHT, r.stopAt[0], r.stopAt[2], r.stopAt[1] + STEP, c.id);
      to = y === null ? from : [r.stopAt[0], y, r.stopAt[2]];
      ctx.events.push({
        type: 'suppressed',
        text: msg('rpg-attacks:event.balk', { name: c.name, by, total: r.det.total }),
        model: c.id,
        shooter: zone.shooterId,
        hit: false,
      });
      break;
    }
    ctx.events.push({
      type: 'suppressed',
      text: msg('rpg-attacks:event.runThrough', {
        name: c.name,
        by,
        total: r.det.total,
        die: r.hit.die,
        auto: zone.auto,
        result: r.hit.hit ? msg('rpg-attacks:zone.hit') : msg('rpg-attacks:zone.missed'),
      }),
      model: c.id,
      shooter: zone.shooterId,
      hit: r.hit.hit,
    });
    if (!r.hit.hit) continue;
    s = harm(ctx, s, c.id, r.hit.damage, r.hit.damage > 0 ? 'wound' : 'none');
    if (!isStanding(pieceOf(s.chars, c.id, 'character'))) {
      const y = q.standHeight(BASE_MM, HEIGHT, r.at[0], r.at[2], r.at[1] + STEP, c.id);
      to = y === null ? from : [r.at[0], y, r.at[2]];
      break;
    }
  }
  const c = pieceOf(s.chars, c0.id, 'character');
  s = setChar(s, { ...c, pos: to });
  const dx = to[0] - from[0];
  const dz = to[2] - from[2];
  for (const id of checked.carried) {
    const f = pieceOf(s.chars, id, 'character');
    s = setChar(s, { ...f, pos: [f.pos[0] + dx, f.pos[1], f.pos[2] + dz] });
  }
  ctx.events.push({
    type: 'moved',
    text: checked.carried.length
      ? msg('rpg-attacks:event.moveCarrying', {
          name: c.name,
          d: inch(Math.hypot(dx, dz)),
          spot: spotWords(s.table, to[0], to[2]),
          carried: checked.carried.map((id) => pieceOf(s.chars, id, 'character').name),
        })
      : msg('rpg-attacks:event.move', {
          name: c.name,
          d: inch(Math.hypot(dx, dz)),
          spot: spotWords(s.table, to[0], to[2]),
        }),
    model: c.id,
    from,
    to,
  });
  const why = ended(s);
  if (why) return over(ctx, s, why);
  return isStanding(pieceOf(s.chars, c.id, 'character')) ? s : finishTurn(ctx, s);
};

/** A prone character stands up: its move. */
export const standUpAction: Handler<'stand-up'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  const c = pieceOf(s.chars, act.model, 'character');
  if (!c.condition.prone) return illegal(msg('rpg-attacks:error.notProne', { name: c.name }));
  if (s.turn?.moved) return illegal(msg('rpg-attacks:error.moved', { name: c.name }));
  ctx.events.push({ type: 'stand-up', text: msg('rpg-attacks:event.standUp', { name: c.name }), model: c.id });
  return setChar({ ...s, turn: { model: c.id, moved: true } }, { ...c, condition: standUp(c.condition) });
};

/** The turn ends. */
export const endTurnAction: Handler<'end-turn'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  ctx.events.push({
    type: 'end-turn',
    text: msg('rpg-attacks:event.endTurn', { name: pieceOf(s.chars, act.model, 'character').name }),
    model: act.model,
  });
  return finishTurn(ctx, s);
};

/** The controller lets go (free). */
export const releaseAction: Handler<'release'> = (ctx, s, act) => {
  const who = actorRefusal(s, act.model);
  if (who) return illegal(who);
  const cs = conditionsOf(s);
  if (!holding(cs, act.model).includes(act.target))
    return illegal(
      msg('rpg-attacks:error.notHolding', {
        name: s.chars[act.model]?.name ?? act.model,
        target: s.chars[act.target]?.name ?? act.target,
      }),
    );
  ctx.events.push({
    type: 'grapple',
    text: msg('rpg-attacks:event.release', {
      name: pieceOf(s.chars, act.model, 'character').name,
      target: pieceOf(s.chars, act.target, 'character').name,
    }),
    model: act.model,
    target: act.target,
    outcome: 'released',
  });
  return withConditions(s, release(cs, act.model, act.target));
};
