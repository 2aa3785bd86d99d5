/**
 * Hiding (skirmish-ru.ru.txt, "Скрытность": "Если на начало боя персонажа не видит противник (не знает о
 * присутствии), то модель может скрыться"). Reading: who may hide is judged "на начало боя", at the
 * battle's start: where the gangs were deployed, before anyone has moved. A fighter that no standing enemy
 * saw then (line of sight with it in the enemy's 180-degree front, sighting.ts) may `hide` at its first
 * activation (round 1), before its move, even if an enemy that has moved since sees it now; one seen at
 * the start may not, even if that enemy has since moved away. The start's sight is recorded in the state
 * (`startSight`) when the battle's first action is applied, from the state it is applied to; until then
 * the state is the start and is judged as it stands. Hiding is free (the text lists it among neither of
 * the two actions, move and attack): the activation stays open for its move and attack. Not when pinned,
 * in base contact with an enemy, or hidden already. A hidden fighter may not be shot, by a reserved action
 * either, nor charged (attack.ts, legal.ts).
 */
import { msg, type Text } from '../engine/message';
import type { Queries } from '../engine/queries';
import { activationOf, actorRefusal, begin } from './activation';
import { contacts, isStanding, setFighter, type Handler, type SkFighter, type SkState } from './game';
import { refuse } from './say';
import { seenBy } from './sighting';
import { pieceOf } from '../engine/kit';

/** For each standing fighter, the ids of the standing enemies that see it (in id order); `q` is the view of `s`. */
export function sightOf(s: SkState, q: Queries): Record<string, string[]> {
  return Object.fromEntries(
    Object.values(s.fighters)
      .filter(isStanding)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((f) => [f.id, seenBy(s, q, f).map((e) => e.id)]),
  );
}

/**
 * `s` with the battle's start sight recorded: set once, in round 1, on the state the battle's first action
 * is applied to (no fighter has moved yet); a state that has it, or is past round 1, is returned as it is.
 */
export function withStartSight(s: SkState, at: (s: SkState) => Queries): SkState {
  return s.startSight || s.round !== 1 ? s : { ...s, startSight: sightOf(s, at(s)) };
}

/** Why `f` may not hide now, or null; `q` is the view of `s`. */
export function hideRefusal(s: SkState, q: Queries, f: SkFighter): Text | null {
  if (s.round !== 1) return msg('skirmish-ru:refuse.hide.round', { name: f.name, round: s.round });
  if (f.hidden) return msg('skirmish-ru:refuse.hide.already', { name: f.name });
  const a = activationOf(s, f);
  if (a.pinned) return msg('skirmish-ru:refuse.pinnedNoActions', { name: f.name });
  if (a.moved !== 'none') return msg('skirmish-ru:refuse.hide.moved', { name: f.name });
  if (contacts(s, f).length) return msg('skirmish-ru:refuse.hide.contact', { name: f.name });
  const seen = s.startSight ? (s.startSight[f.id] ?? []) : seenBy(s, q, f).map((e) => e.id);
  if (seen.length)
    return msg('skirmish-ru:refuse.hide.seen', {
      name: f.name,
      by: seen.map((id) => pieceOf(s.fighters, id, 'fighter').name),
    });
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
