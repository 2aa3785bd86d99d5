/**
 * What a spectator is shown of a match: no side's secrets. The same-browser spectator window is sent this
 * instead of the host's own view (which holds the deciding player's hand, and the whole match with its
 * seed): the match as no side may see it (engine/secrecy.ts), each side's secrets in their hidden words,
 * and none of the decider's choices (a card to play would name a card in hand).
 */
import { seatEvents, seatMatch } from '../rules/engine/secrecy';
import type { RuleEvent } from '../rules/engine/types';
import { loadedRulesetOf } from '../rulesets';
import type { PlayView } from './playView';

const seen = new WeakMap<PlayView, PlayView>();

/** The view a spectator gets (the same object for the same view, so an unchanged view is not sent again as new). */
export function spectatorView(view: PlayView | null): PlayView | null {
  if (!view) return null;
  const known = seen.get(view);
  if (known) return known;
  const play = loadedRulesetOf(view.rules).play;
  const hidden = (side: 'A' | 'B') => view.secrets[side].map((x) => ({ ...x, shown: x.hidden }));
  const out: PlayView = {
    ...view,
    match: seatMatch(play, view.match, null),
    choices: [],
    picks: [],
    shortcuts: [],
    blocked: [],
    pick: null,
    secrets: { A: hidden('A'), B: hidden('B') },
  };
  seen.set(view, out);
  return out;
}

/** Logged events as a spectator may see them (a shuffle's draws out, a reaction window unnamed). */
export function spectatorEvents<E extends RuleEvent>(rules: string | null, events: readonly E[]): E[] {
  if (!rules) return events.map((e) => ({ ...e, shuffled: undefined }));
  return seatEvents(loadedRulesetOf(rules).play, events, null) as E[];
}
