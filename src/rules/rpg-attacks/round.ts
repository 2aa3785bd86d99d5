/**
 * Rounds and turn order (readings of the battle; the chapter's "this round" implies rounds, its
 * initiative page is missing):
 * - At the start of each round every standing character makes an initiative test: d20 + Speed, one d20
 *   each (no boons or banes), rolled in id order; the round's order is the highest total first, ties
 *   by id. Round 1's is rolled by the `begin` action (the set-up has no dice).
 * - Each round every standing character refills its AP to its `ap` score.
 * - A character's turn begins with suppressive fire: zones whose shooter it is end (`expireZones`), then
 *   it rolls for each zone it stands in (`beginTurnInZone`). A character down by then has no turn.
 * - A zone whose shooter is down ends when the next round begins (its shooter has no next turn).
 * - The battle ends when a squad has nobody standing, or after the last round (6 by default).
 */
import { msg, type Msg } from '../engine/message';
import { OBSTRUCTION_NAMES } from './attack';
import { rollTest } from './d20';
import { endTurn } from './consequences';
import { beginTurnInZone, expireZones } from './suppression';
import { harm } from './harm';
import {
  fireLine,
  BASE_RADIUS,
  isStanding,
  setChar,
  standing,
  coverOf,
  type Player,
  type RpgChar,
  type RpgContext,
  type RpgState,
} from './game';
import { pieceOf } from '../engine/kit';
import { logRolls } from '../engine/diceLog';

/** Plain string order (ties by id). */
const compareAsc = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Why the battle has ended, if it has: a squad with nobody standing. */
export function ended(s: RpgState): string | null {
  for (const side of ['A', 'B'] as const)
    if (standing(s, side).length === 0) return `${s.squads[side].name} has nobody standing`;
  return null;
}

/**
 * Why the battle ended, in words: the state keeps the English reason (the words are not in the state), and
 * a squad with nobody standing or the rounds played say it again as a message.
 */
export function resultWords(s: RpgState): Msg {
  for (const side of ['A', 'B'] as const)
    if (standing(s, side).length === 0) return msg('rpg-attacks:over.nobody', { squad: s.squads[side].name });
  return msg('rpg-attacks:over.rounds', { n: s.maxRounds });
}

/** The state over, with why. */
export function over(ctx: RpgContext, s: RpgState, reason: string): RpgState {
  ctx.events.push({ type: 'battle-over', text: msg('rpg-attacks:event.over', { reason: resultWords(s) }) });
  return { ...s, phase: 'over', turn: null, pending: null, parry: null, result: { reason } };
}

/** Rolls initiative for a new round (AP refilled, zones of downed shooters gone) and begins the first turn. */
export function newRound(ctx: RpgContext, s0: RpgState, round: number): RpgState {
  const chars: Record<string, RpgChar> = {};
  for (const c of Object.values(s0.chars)) chars[c.id] = isStanding(c) ? { ...c, ap: c.stats.ap } : c;
  let s: RpgState = { ...s0, round, chars, phase: 'battle', turn: null };
  s = {
    ...s,
    zones: s.zones.filter((z) => s.chars[z.shooterId] && isStanding(pieceOf(s.chars, z.shooterId, 'character'))),
  };
  // The rolls the action made before the round ended are the actor's (as the engine would list them);
  // then each initiative die is said under its roller's side (issue 34: all were credited to A).
  logRolls(ctx.events, ctx.dice, ctx.actor);
  const initiative: Record<string, number> = {};
  const rollers: Player[] = [];
  for (const c of standing(s)) {
    const before = ctx.dice.rolled.length;
    initiative[c.id] = rollTest(ctx.dice, c.stats.speed, 0).total;
    for (let k = before; k < ctx.dice.rolled.length; k++) rollers.push(c.side);
  }
  const order = Object.keys(initiative).sort((a, b) => initiative[b]! - initiative[a]! || compareAsc(a, b));
  ctx.events.push({
    type: 'initiative',
    text: msg('rpg-attacks:event.initiative', {
      round,
      order: order.map((id) =>
        msg('rpg-attacks:initiative.entry', { name: pieceOf(s.chars, id, 'character').name, total: initiative[id]! }),
      ),
    }),
    round,
    order,
    initiative,
  });
  logRolls(ctx.events, ctx.dice, rollers);
  return beginNext(ctx, { ...s, order, initiative }, -1);
}

/** Begins the turn of the next standing character after order index `from`; the round's end after the last. */
export function beginNext(ctx: RpgContext, s0: RpgState, from: number): RpgState {
  let s = s0;
  for (let i = from + 1; i < s.order.length; i++) {
    const id = s.order[i]!;
    if (!isStanding(pieceOf(s.chars, id, 'character'))) continue;
    s = { ...s, zones: expireZones(s.zones, id), turn: { model: id, moved: false } };
    s = zonesAtTurnStart(ctx, s, id);
    const why = ended(s);
    if (why) return over(ctx, s, why);
    if (isStanding(pieceOf(s.chars, id, 'character'))) return s;
  }
  if (s.round >= s.maxRounds) return over(ctx, { ...s, turn: null }, `${s.maxRounds} rounds have been played`);
  return newRound(ctx, { ...s, turn: null }, s.round + 1);
}

/** "anytime a character ... begins her turn in the affected area, roll 1d10": each zone it stands in. */
function zonesAtTurnStart(ctx: RpgContext, s0: RpgState, id: string): RpgState {
  let s = s0;
  for (const z of s0.zones) {
    const c = pieceOf(s.chars, id, 'character');
    if (!isStanding(c)) break;
    const shooter = s.chars[z.shooterId];
    const sight = shooter ? fireLine(ctx.at(s), shooter.id, id) : null;
    // The cone stops at what blocks the line of fire: out of the shooter's reach, it is not in the zone.
    if (!sight?.hasLos) continue;
    const cover = coverOf(sight.hidden.terrain);
    const hit = beginTurnInZone(ctx.dice, z, {
      id,
      pos: c.pos,
      radius: BASE_RADIUS,
      cover,
      armour: c.stats.armour,
    });
    if (!hit) continue;
    ctx.events.push({
      type: 'suppressed',
      text:
        cover !== 'none'
          ? msg('rpg-attacks:event.suppressedCover', {
              name: c.name,
              die: hit.die,
              cover: OBSTRUCTION_NAMES.cover[cover],
              total: hit.result,
              auto: z.auto,
              result: hit.hit ? msg('rpg-attacks:zone.hit') : msg('rpg-attacks:zone.missed'),
            })
          : msg('rpg-attacks:event.suppressed', {
              name: c.name,
              die: hit.die,
              auto: z.auto,
              result: hit.hit ? msg('rpg-attacks:zone.hit') : msg('rpg-attacks:zone.missed'),
            }),
      model: id,
      shooter: z.shooterId,
      hit: hit.hit,
    });
    if (hit.hit) s = harm(ctx, s, id, hit.damage, hit.damage > 0 ? 'wound' : 'none');
  }
  return s;
}

/** The turn is over: a Called Shot's Hindered ends, then the next character's turn (or the next round). */
export function finishTurn(ctx: RpgContext, s: RpgState): RpgState {
  const why = ended(s);
  if (why) return over(ctx, s, why);
  const t = s.turn;
  if (!t) return s;
  const c = pieceOf(s.chars, t.model, 'character');
  const done = setChar({ ...s, turn: null }, { ...c, condition: endTurn(c.condition) });
  return beginNext(ctx, done, s.order.indexOf(t.model));
}
