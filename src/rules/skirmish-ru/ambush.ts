/**
 * Reserved actions as interrupts ("Во время хода противника в любой момент персонаж может прервать его и
 * совершить стрелковую атаку со штрафом -1 к попаданию"). Reading: "at any moment" is played as the
 * moment an enemy has moved (it stands where its move ended, its charge or escape already resolved):
 * the other gang's reserved fighters may each shoot at it, one at a time, at -1 to hit; a reserved
 * fighter that shoots has spent its reserve, and the window stays open for the others while the mover
 * stands. Passing closes it and keeps the reserves left. The mover's activation then goes on (or, if a
 * shot took it down, ends).
 */
import { other, pieceOf } from '../engine/kit';
import { msg } from '../engine/message';
import { isError } from '../engine/types';
import type { ActionOf } from './actions';
import { planShot } from './attack';
import { fire } from './blast';
import { hasTrait } from './data';
import { isStanding, setFighter, standing, type Applied, type SkContext, type SkState } from './game';
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

/** After a move: the state with the window open when some reserved enemy may shoot the mover. */
export function openAmbush(ctx: SkContext, s: SkState, mover: string): SkState {
  const options = ambushOptions(ctx, s, mover);
  if (!options.length) return s;
  const side = other(pieceOf(s.fighters, mover, 'fighter').side);
  ctx.events.push({
    type: 'ambush',
    text: msg('skirmish-ru:event.ambush', {
      gang: s.gangs[side].name,
      mover: pieceOf(s.fighters, mover, 'fighter').name,
    }),
  });
  return { ...s, ambush: { mover, side, options } };
}

/**
 * After the window: a mover taken down ends its open activation, and so does one pinned now, in its own
 * turn («при провале в свой ход … не может … совершать никаких действий»: its attack is lost; `finish`
 * ends the pin with the turn); a gang with nobody standing ends the battle; a gang due to activate that
 * has nobody left waiting (a shot into a close combat or a template took its last one down) passes the
 * turn on (`resume`).
 */
function settle(ctx: SkContext, s: SkState, finish: (ctx: SkContext, s: SkState, id: string) => SkState): SkState {
  const a = s.activation;
  const mover = a ? pieceOf(s.fighters, a.fighter, 'fighter') : null;
  if (a && mover && (!isStanding(mover) || (mover.pinned && !a.pinned))) return finish(ctx, s, a.fighter);
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
    isStanding(pieceOf(after.fighters, w.mover, 'fighter')) && !ended(after) ? openAmbush(ctx, after, w.mover) : after;
  return again.ambush ? again : settle(ctx, after, finish);
}

/** Passing on the window: nobody fires; the reserves stay. */
export const ambushPass = (s: SkState): SkState => ({ ...s, ambush: null });
