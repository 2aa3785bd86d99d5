/**
 * Hiding (skirmish-ru.ru.txt, "Скрытность": "Если на начало боя персонажа не видит противник (не знает о
 * присутствии), то модель может скрыться"). Reading: "на начало боя", at the battle's start, is the
 * fighter's first activation (round 1), before its move: it may `hide` then when no standing enemy sees it
 * (line of sight with it in the enemy's 180-degree front, sighting.ts), judged where everyone stands at that
 * moment. Hiding is free (the text lists it among neither of the two actions, move and attack): the
 * activation stays open for its move and attack. Not when pinned, in base contact with an enemy, or hidden
 * already. A hidden fighter may not be shot, by a reserved action either, nor charged (attack.ts, legal.ts).
 */
import { msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import { activationOf, actorRefusal, begin } from './activation';
import { contacts, setFighter, type Handler, type SkFighter, type SkState } from './game';
import { refuse } from './say';
import { seenBy } from './sighting';
import { pieceOf } from '../engine/kit';

/** Why `f` may not hide now, or null; `q` is the view of `s`. */
export function hideRefusal(s: SkState, q: Queries, f: SkFighter): Text | null {
  if (s.round !== 1) return msg('skirmish-ru:refuse.hide.round', { name: f.name, round: s.round });
  if (f.hidden) return msg('skirmish-ru:refuse.hide.already', { name: f.name });
  const a = activationOf(s, f);
  if (a.pinned) return msg('skirmish-ru:refuse.pinnedNoActions', { name: f.name });
  if (a.moved !== 'none') return msg('skirmish-ru:refuse.hide.moved', { name: f.name });
  if (contacts(s, f).length) return msg('skirmish-ru:refuse.hide.contact', { name: f.name });
  const seen = seenBy(s, q, f);
  if (seen.length) return msg('skirmish-ru:refuse.hide.seen', { name: f.name, by: seen.map((e) => e.name) });
  return null;
}

/** The `hide` action: the fighter is hidden; its activation stays open. */
export const hide: Handler<'hide'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return refuse(who);
  const no = hideRefusal(s0, ctx.at(s0), pieceOf(s0.fighters, act.fighter, 'fighter'));
  if (no) return refuse(no);
  const { s, f } = begin(s0, pieceOf(s0.fighters, act.fighter, 'fighter'));
  ctx.events.push({ type: 'hide', text: msg('skirmish-ru:event.hide', { name: f.name }), model: f.id });
  return setFighter(s, { ...f, hidden: true });
};
