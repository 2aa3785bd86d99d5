/**
 * The table as input during a match: a click on the table plays the armed pick there, or with nothing
 * armed the selected model's cheapest move that reaches the spot; a click on a model answers an armed
 * pick placed at it (or the nearest spot round its base that holds the marker) or plays the selected
 * model's first action on it. The play controller (play.ts) hands these its state, its submit and the
 * ruleset of the view (`ClickPlayer`).
 */
import { baseRadius } from '../geometry/units';
import type { Model } from '../geometry/sceneTypes';
import type { Move } from '../rules/engine/match';
import { inch, msg } from '../rules/engine/message';
import type { Action, TablePick } from '../rules/engine/types';
import type { AnyRuleset } from '../rulesets';
import { noticeOf, STALE, type PlayResult } from './playResult';
import { actionOn, movePicks, nothingArmed, type PlayView } from './playView';
import type { TabletopState } from './store';

/** What the table-click input needs of the play controller. */
export interface ClickPlayer {
  /** The store's state now. */
  store(): TabletopState;
  /** Plays a move through the rules (refusals come back as reasons). */
  submit(move: Move<Action>): Promise<PlayResult>;
  /** The ruleset of the view. */
  entry(view: { rules: string }): AnyRuleset;
}

/** A model's base radius on the table, inches. */
const baseRadiusOf = (m: Model): number => baseRadius(m.base);

/**
 * Where a marker aimed at a model may go, nearest first: the model's own spot, then rings round its base
 * (0.3″, 1″ and 2″ out from its edge, eight directions each).
 */
export function spotsAround(c: readonly [number, number, number], radius: number): [number, number, number][] {
  const out: [number, number, number][] = [[c[0], c[1], c[2]]];
  for (const gap of [0.3, 1, 2])
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const r = radius + gap;
      out.push([c[0] + Math.cos(a) * r, c[1], c[2] + Math.sin(a) * r]);
    }
  return out;
}

/**
 * A click on the table: the armed pick's action there, or with nothing armed, the `model`'s move there
 * (the cheapest kind of move that reaches the spot: `movePicks`), so a selected model goes where it is
 * clicked with no button pressed first. `model`: the selected model (the store's selection by default).
 */
export async function clickTable(
  player: ClickPlayer,
  x: number,
  y: number,
  z: number,
  model: string | null,
): Promise<PlayResult> {
  const view = player.store().play;
  if (!view) return { ok: false, reason: msg('ui:refuse.no-match') };
  if (!view.pick) {
    const moves = model ? movePicks(view, model) : [];
    if (moves.length > 0) return tryPicks(player, view, moves, () => [x, y, z], null);
    const named = model ? (player.store().scene.models ?? []).find((m) => m.id === model) : undefined;
    const reason = nothingArmed(view, named ? { id: named.id, name: named.name ?? named.id } : null);
    player.store().setNotice(reason);
    return { ok: false, reason };
  }
  const r = await player.submit(player.entry(view).play.pickAction(view.pick, x, y, z));
  const notice = noticeOf(r);
  if (notice) player.store().setNotice(notice);
  return r;
}

/**
 * Whether a press on model `id` (with `selected` selected) is a play rather than a selection: it answers
 * an armed pick that places something (the model's spot is the point), or it is a target of one of the
 * selected model's choices (the click plays the first: `actionOn`).
 */
export function actsOn(view: PlayView | null, id: string, selected: string | null): boolean {
  if (!view?.decider || view.seats[view.decider] !== 'human' || view.curtain) return false;
  if (view.pick) return view.pick.allowance === null && view.pick.model !== id;
  return actionOn(view, selected, id) !== null;
}

/**
 * A click on model `id`: the armed pick placed at it (or, where its spot cannot hold the marker, at
 * the nearest spot that can, said in words), or the selected model's default action on it.
 */
export async function clickModel(player: ClickPlayer, id: string, selected: string | null): Promise<PlayResult> {
  const view = player.store().play;
  if (!view) return { ok: false, reason: msg('ui:refuse.no-match') };
  const target = (player.store().scene.models ?? []).find((m) => m.id === id);
  if (view.pick && target) {
    const [cx, cy, cz] = target.position;
    const spots = spotsAround([cx, cy, cz], baseRadiusOf(target));
    return tryPicks(player, view, [view.pick], (i) => spots[i] ?? null, target.name ?? target.id);
  }
  const choice = actionOn(view, selected, id);
  if (!choice) return { ok: false, reason: nothingArmed(view) };
  const r = await player.submit(choice.move);
  const s = player.store();
  if (r.ok) s.setNotice(msg('ui:notice.played', { label: choice.label }));
  else if (noticeOf(r)) s.setNotice(noticeOf(r));
  return r;
}

/**
 * Plays the first pick of `picks` the rules accept at the point `at(i)` (i: the try), trying each pick
 * at the first point, then (placing at a model) each point after it; says which one played when there
 * was a choice, and otherwise the last refusal (the farthest-reaching kind's, or the last spot's).
 */
async function tryPicks(
  player: ClickPlayer,
  view: PlayView,
  picks: readonly TablePick[],
  at: (i: number) => readonly number[] | null,
  near: string | null,
): Promise<PlayResult> {
  const entry = player.entry(view);
  let last: PlayResult = { ok: false, reason: nothingArmed(view) };
  const first = at(0)!;
  for (let i = 0; ; i++) {
    const p = at(i);
    if (!p || (i > 0 && near === null)) break;
    for (const pick of picks) {
      const r = await player.submit(entry.play.pickAction(pick, p[0]!, p[1]!, p[2]!));
      if (r.ok) {
        const d = Math.hypot(p[0]! - first[0]!, p[2]! - first[2]!);
        const s = player.store();
        if (i > 0 && near) s.setNotice(msg('ui:notice.placed-near', { model: near, d: inch(d), label: pick.label }));
        else if (picks.length > 1) s.setNotice(msg('ui:notice.played', { label: pick.label }));
        return r;
      }
      if (r.failed || r.reason === STALE) return r;
      if (i === 0) last = r;
    }
  }
  const notice = noticeOf(last);
  if (notice) player.store().setNotice(notice);
  return last;
}
