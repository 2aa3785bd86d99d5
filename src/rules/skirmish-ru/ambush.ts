/**
 * Reserved actions as interrupts ("Во время хода противника в любой момент персонаж может прервать его и
 * совершить стрелковую атаку со штрафом -1 к попаданию"). Reading: "at any moment" of an enemy's
 * activation, played as every moment at which the enemy stands somewhere new or is about to do something:
 * - before it begins: when an enemy fighter declares the first action of its activation (a move, a jump,
 *   a shot or a strike), before it happens (`ambushBefore`);
 * - before each attack: when it declares a shot or a strike later in its activation (shoot it before it
 *   fires);
 * - after each move or landed jump: where its move ended, its charge or escape already resolved
 *   (`openAmbush`).
 * At each, the other gang's reserved fighters that may shoot it (sight, front arc, range: `planShot`) may
 * each shoot at it, one at a time, at -1 to hit; a reserved fighter that shoots has spent its reserve, and
 * the window stays open for the others while the enemy stands. Passing closes it and keeps the reserves
 * left. A declared action is held while the window is open (it is checked first: a refused action opens no
 * window) and carried out when it closes, if the enemy still stands and is not pinned now (pinned in its
 * own turn it loses its actions: `settle`); if the action can no longer be taken (its target went down),
 * it is dropped with why, and the activation goes on. The enemy's activation has begun once a window
 * interrupts its first action.
 */
import { rngState } from '../dice/rng';
import { seededDice } from '../dice/source';
import { other, pieceOf } from '../engine/kit';
import { msg } from '../engine/message';
import { isError } from '../engine/types';
import type { ActionOf, SkAction } from './actions';
import { actorRefusal, begin } from './activation';
import { planShot } from './attack';
import { fire } from './blast';
import { hasTrait } from './data';
import { isStanding, setFighter, standing, type Applied, type SkAmbush, type SkContext, type SkState } from './game';
import { ended, over, resume } from './round';
import { refuse } from './say';

/** The shots the other gang's reserved fighters may take at `mover` now; `ctx.at(s)` gives the view of `s`. */
export function ambushOptions(ctx: SkContext, s: SkState, mover: string): ActionOf<'shoot'>[] {
  const m = pieceOf(s.fighters, mover, 'fighter');
  if (s.phase === 'over' || !isStanding(m)) return [];
  const q = ctx.at(s);
  const out: ActionOf<'shoot'>[] = [];
  for (const f of standing(s, other(m.side))) {
    if (!f.reserved) continue;
    for (const w of f.weapons) {
      const weapon = pieceOf(s.weapons, w, 'weapon');
      if (hasTrait(weapon, 'melee')) continue;
      if (!isError(planShot(s, q, f, w, mover, 'none')))
        out.push({ type: 'shoot', fighter: f.id, weapon: w, target: mover });
    }
  }
  return out;
}

/** The words of a held action ("move", "shoot"...), by type. */
const HELD_IDS = {
  move: 'skirmish-ru:held.move',
  jump: 'skirmish-ru:held.jump',
  shoot: 'skirmish-ru:held.shoot',
  strike: 'skirmish-ru:held.strike',
} as const;

/** An action a window may interrupt before it happens. */
type Held = NonNullable<SkAmbush['pending']>;
const isHeld = (a: SkAction): a is Held => a.type in HELD_IDS;

/**
 * After a move (or with `pending`, before an action): the state with the window open when some reserved
 * enemy may shoot the mover.
 */
export function openAmbush(ctx: SkContext, s: SkState, mover: string, pending?: Held): SkState {
  const options = ambushOptions(ctx, s, mover);
  if (!options.length) return s;
  const side = other(pieceOf(s.fighters, mover, 'fighter').side);
  const args = { gang: s.gangs[side].name, mover: pieceOf(s.fighters, mover, 'fighter').name };
  ctx.events.push({
    type: 'ambush',
    text: pending
      ? msg('skirmish-ru:event.ambushBefore', { ...args, what: msg(HELD_IDS[pending.type]) })
      : msg('skirmish-ru:event.ambush', args),
  });
  return { ...s, ambush: { mover, side, options, ...(pending ? { pending } : {}) } };
}

/**
 * Before an enemy's action (the first of its activation, or any shot or strike): the window, with the
 * action held and the activation begun, when some reserved fighter of the other gang may shoot the actor;
 * the action's refusal when it would be refused anyway (tried on a copy with throwaway dice: a refusal
 * never depends on the dice); null when no window opens and the action goes ahead as usual.
 */
export function ambushBefore(
  ctx: SkContext,
  s: SkState,
  act: SkAction,
  tryIt: (ctx: SkContext, s: SkState, act: SkAction) => Applied,
): Applied | null {
  if (!isHeld(act) || actorRefusal(s, act.fighter)) return null;
  const begun = s.activation?.fighter === act.fighter;
  if (begun && act.type !== 'shoot' && act.type !== 'strike') return null;
  if (!ambushOptions(ctx, s, act.fighter).length) return null;
  const trial = tryIt({ ...ctx, dice: seededDice(rngState(0)), events: [] }, s, act);
  if (isError(trial)) return trial;
  const opened = begin(s, pieceOf(s.fighters, act.fighter, 'fighter')).s;
  return openAmbush(ctx, opened, act.fighter, act);
}

/**
 * After a window closed (`s`, from the window's state `before`): its held action, carried out if its actor's
 * activation is still open (not taken down or pinned by the shots); dropped with why if it is refused now.
 */
export function releaseHeld(
  ctx: SkContext,
  before: SkState,
  s: SkState,
  tryIt: (ctx: SkContext, s: SkState, act: SkAction) => Applied,
): SkState {
  const held = before.ambush?.pending;
  if (!held || s.ambush || s.phase === 'over' || s.activation?.fighter !== held.fighter) return s;
  const f = pieceOf(s.fighters, held.fighter, 'fighter');
  // Pinned by the window's shots before it had moved: it falls back instead (settle), so the action is dropped.
  if (s.activation.pinned && !before.activation?.pinned) {
    ctx.events.push({
      type: 'held-dropped',
      text: msg('skirmish-ru:event.heldDropped', {
        name: f.name,
        what: msg(HELD_IDS[held.type]),
        why: msg('skirmish-ru:refuse.pinnedFallsBack', { name: f.name }),
      }),
      model: f.id,
    });
    return s;
  }
  const r = tryIt(ctx, s, held);
  if (!isError(r)) return r;
  ctx.events.push({
    type: 'held-dropped',
    text: msg('skirmish-ru:event.heldDropped', { name: f.name, what: msg(HELD_IDS[held.type]), why: r.message }),
    model: f.id,
  });
  return s;
}

/**
 * After the window (a shot, or a pass after an earlier shot): a mover taken down ends its open activation.
 * One pinned now, in its own turn («при провале в свой ход должен двигаться в сторону от противника к
 * ближайшему укрытию и не может совершать никаких действий»): if it has not moved yet, its activation goes on
 * as a pinned one (it falls back, fallback.ts, and the pin ends with the turn); if it has moved, its actions
 * are lost and its turn ends (`finish` ends the pin). A gang with nobody standing ends the battle; a gang due
 * to activate that has nobody left waiting (a shot into a close combat or a template took its last one down)
 * passes the turn on (`resume`).
 */
function settle(ctx: SkContext, s: SkState, finish: (ctx: SkContext, s: SkState, id: string) => SkState): SkState {
  const a = s.activation;
  const mover = a ? pieceOf(s.fighters, a.fighter, 'fighter') : null;
  if (a && mover && !isStanding(mover)) return finish(ctx, s, a.fighter);
  if (a && mover && mover.pinned && !a.pinned) {
    if (a.moved !== 'none') return finish(ctx, s, a.fighter);
    ctx.events.push({
      type: 'falls-back',
      text: msg('skirmish-ru:event.fallsBackNow', { name: mover.name }),
      model: mover.id,
    });
    return { ...s, activation: { ...a, pinned: true } };
  }
  const why = ended(s);
  return why ? over(ctx, s, why) : resume(ctx, s);
}

/** A reserved fighter's shot at the mover (one of the offered), at -1; its reserve is spent. */
export function ambushShot(
  ctx: SkContext,
  s: SkState,
  act: ActionOf<'shoot'>,
  finish: (ctx: SkContext, s: SkState, id: string) => SkState,
): Applied {
  const w = s.ambush!;
  if (!w.options.some((o) => o.fighter === act.fighter && o.weapon === act.weapon && o.target === act.target))
    return refuse(msg('skirmish-ru:refuse.onlyOffered'));
  const f = pieceOf(s.fighters, act.fighter, 'fighter');
  const plan = planShot(s, ctx.at(s), f, act.weapon, act.target, 'none');
  if (isError(plan)) return plan;
  const spent = setFighter({ ...s, ambush: null }, { ...f, reserved: false });
  ctx.events.push({ type: 'interrupt', text: msg('skirmish-ru:event.interrupt', { name: f.name }), model: f.id });
  const after = fire(ctx, spent, pieceOf(spent.fighters, f.id, 'fighter'), plan, true);
  // Another reserved fighter may still fire at a mover left standing.
  const again =
    isStanding(pieceOf(after.fighters, w.mover, 'fighter')) && !ended(after)
      ? openAmbush(ctx, after, w.mover, w.pending)
      : after;
  return again.ambush ? again : settle(ctx, after, finish);
}

/** Passing on the window: nobody fires; the reserves stay; what an earlier shot in it did is settled. */
export const ambushPass = (
  ctx: SkContext,
  s: SkState,
  finish: (ctx: SkContext, s: SkState, id: string) => SkState,
): SkState => settle(ctx, { ...s, ambush: null }, finish);
