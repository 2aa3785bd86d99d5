/**
 * The keys of the action bar: 1–9 press the focused model's actions in the order the bar shows them
 * (its point picks, then its choices), and Space or Enter the choice that ends the step (done
 * repositioning, end the activation or the turn, done, pass). Pure: the panel draws the keys on the
 * buttons from it, and the key handler asks it again of the view at the time of the key.
 */
import type { Shortcut } from '../rules/engine/play';
import type { TablePick } from '../rules/engine/types';
import type { Choice, PlayView } from './playView';

/** The model whose actions lead the bar: the selected one when it has any, else the first acting model that has. */
export function focusOf(view: Pick<PlayView, 'choices' | 'picks' | 'actors'>, selected: string | null): string | null {
  const has = (id: string) =>
    view.choices.some((c) => c.fold === null && c.models.includes(id)) || view.picks.some((p) => p.model === id);
  if (selected && has(selected)) return selected;
  return view.actors.find(has) ?? null;
}

/** The focused model's point picks and choices, in the bar's order. */
export function barOf(
  view: Pick<PlayView, 'choices' | 'picks' | 'actors'>,
  focus: string | null,
): { picks: TablePick[]; choices: Choice[] } {
  if (focus === null) return { picks: [], choices: [] };
  return {
    picks: view.picks.filter((p) => p.model === focus),
    choices: view.choices.filter((c) => c.fold === null && c.models.includes(focus)),
  };
}

/** The kinds of move that end a step, in the order Space prefers them. */
const ENDS = ['end-reposition', 'done', 'end-activation', 'end-turn', 'pass'] as const;

/**
 * The choice Space and Enter press: the first of the view's choices that ends the step (by ENDS'
 * order); else, when the step has one move and nothing else to do (no pick, no one-press shortcut:
 * Roll initiative, Seize the Initiative), that move; else null.
 */
export function endChoice(
  view: Pick<PlayView, 'choices'> & Partial<Pick<PlayView, 'picks' | 'shortcuts'>>,
): Choice | null {
  for (const type of ENDS) {
    const c = view.choices.find((x) => x.move.type === type);
    if (c) return c;
  }
  const only = view.choices.length === 1 && !view.picks?.length && !view.shortcuts?.length;
  return only ? view.choices[0]! : null;
}

/** What a key press does: a pick to arm, a choice to play, a shortcut's moves to play, or nothing. */
export type KeyAction = { pick: TablePick } | { choice: Choice } | { shortcut: Shortcut } | null;

/** The action of a key ('1'…'9', ' ' or 'Enter') for the view and the selection. */
export function actionForKey(view: PlayView, selected: string | null, key: string): KeyAction {
  if (key === ' ' || key === 'Enter') {
    const c = endChoice(view);
    if (c) return { choice: c };
    // Nothing to end: the step done in one press, when the ruleset offers one (assign the dice).
    const s = view.shortcuts[0];
    return s ? { shortcut: s } : null;
  }
  const n = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
  if (n < 0) return null;
  const { picks, choices } = barOf(view, focusOf(view, selected));
  if (n < picks.length) return { pick: picks[n]! };
  const c = choices[n - picks.length];
  return c ? { choice: c } : null;
}

/** The decider's models that can still act: those a point pick or a choice acts with (Tab visits them; the roster marks them). */
export function actingModels(view: Pick<PlayView, 'choices' | 'picks'>): Set<string> {
  return new Set([...view.picks.flatMap((p) => (p.model ? [p.model] : [])), ...view.choices.flatMap((c) => c.models)]);
}

/**
 * The next of the decider's models that can still act (`actingModels`), after `selected` in table
 * order (`back`: before it), wrapping round; null when none can.
 */
export function nextActor(
  view: Pick<PlayView, 'choices' | 'picks'>,
  order: readonly string[],
  selected: string | null,
  back = false,
): string | null {
  const can = actingModels(view);
  const ready = order.filter((id) => can.has(id));
  if (ready.length === 0) return null;
  const at = selected === null ? -1 : ready.indexOf(selected);
  if (at < 0) return back ? ready[ready.length - 1]! : ready[0]!;
  return ready[(at + (back ? ready.length - 1 : 1)) % ready.length]!;
}
