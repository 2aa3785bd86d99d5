/**
 * Hiding (skirmish-ru.ru.txt, "Скрытность": "Если на начало боя персонажа не видит противник (не знает о
 * присутствии), то модель может скрыться"). Reading: "на начало боя", at the battle's start, is the
 * fighter's first activation (round 1), before its move: it may `hide` then when no standing enemy sees it
 * (line of sight with it in the enemy's 180-degree front, sighting.ts), judged where everyone stands at that
 * moment. Hiding is free (the text lists it among neither of the two actions, move and attack): the
 * activation stays open for its move and attack. Not when pinned, in base contact with an enemy, or hidden
 * already. A hidden fighter may not be shot, by a reserved action either, nor charged (attack.ts, legal.ts).
 */
import { illegal } from '../engine/kit';
import type { Queries } from '../engine/queries';
import { activationOf, actorRefusal, begin } from './activation';
import { contacts, setFighter, type Handler, type SkFighter, type SkState } from './game';
import { seenBy } from './sighting';

/** Why `f` may not hide now, or null; `q` is arranged for `s`. */
export function hideRefusal(s: SkState, q: Queries, f: SkFighter): string | null {
  if (s.round !== 1) return `${f.name} may hide only at the battle's start (round 1), not in round ${s.round}`;
  if (f.hidden) return `${f.name} is hidden already`;
  const a = activationOf(s, f);
  if (a.pinned) return `${f.name} is pinned: it takes no actions`;
  if (a.moved !== 'none') return `${f.name} has moved: it may hide only before its move`;
  if (contacts(s, f).length) return `${f.name} is in base contact with an enemy: it cannot hide`;
  const seen = seenBy(s, q, f);
  if (seen.length) return `${f.name} is seen by ${seen.map((e) => e.name).join(', ')}: it cannot hide`;
  return null;
}

/** The `hide` action: the fighter is hidden; its activation stays open. */
export const hide: Handler<'hide'> = (ctx, s0, act) => {
  const who = actorRefusal(s0, act.fighter);
  if (who) return illegal(who);
  const no = hideRefusal(s0, ctx.q, s0.fighters[act.fighter]!);
  if (no) return illegal(no);
  const { s, f } = begin(s0, s0.fighters[act.fighter]!);
  ctx.events.push({ type: 'hide', text: `${f.name} hides: no enemy sees it`, model: f.id });
  return setFighter(s, { ...f, hidden: true });
};
