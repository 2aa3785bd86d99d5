/**
 * The small things every ruleset needs, written once: the two sides and the other one, the refusal
 * value, a number as the log prints it, the apply context that a ruleset's steps share instead
 * of threading dice, queries and the event list through every signature, and the table layout of
 * infantry figures on like bases.
 */
import type { DiceSource } from '../dice/source';
import type { Layout, Queries } from './queries';
import { ruleError, type Action, type ReactionWindow, type RuleContext, type RuleError, type RuleEvent } from './types';

/** The two sides of a two-player ruleset, in table order. */
export const SIDES = ['A', 'B'] as const;
/** A side. */
export type Side = (typeof SIDES)[number];
/** The other side. */
export const other = (p: Side): Side => (p === 'A' ? 'B' : 'A');

/**
 * The piece `id` of a state's table keyed by id (its models, fighters, figures, characters, units or
 * weapons), for a rule that looks up an id the state must hold. A missing one is a broken state or a
 * bug, never a rule: it throws naming the id (`no model "m7" in the state`), and the engine contains
 * the throw as a `rules-failed` value (contain.ts). `what` names the kind of piece in that message.
 */
export function pieceOf<T>(table: Readonly<Record<string, T>>, id: string, what = 'model'): T {
  const piece = Object.hasOwn(table, id) ? table[id] : undefined;
  if (piece === undefined) throw new Error(`no ${what} "${id}" in the state`);
  return piece;
}

/** An action refused because the rules do not allow it now. */
export const illegal = (message: string): RuleError => ruleError('illegal-action', message);

/** A number as the log prints it: at most two decimals, no trailing zeros ("3", "2.5", "1.33"). */
export const fmt = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * What one action's steps share: the dice, the table's queries, the events written so far, and the
 * reaction window it answers. `q` is the view of the table for the state the action started from
 * (the engine binds it through the ruleset's `layout`); `at(s)` is the view for a later state of the
 * same action (after a model moved). Views are immutable: `q` still answers about the start.
 */
export interface ApplyContext<S, A extends Action = Action> {
  readonly dice: DiceSource;
  readonly q: Queries;
  readonly window: ReactionWindow<A> | null;
  /** The action's events, in order (steps push onto it). */
  readonly events: RuleEvent[];
  /** The view of the table for `s` (a later state of this action). */
  at(s: S): Queries;
}

/** The apply context for one action from the engine's rule context and the ruleset's layout. */
export function applyContext<S, A extends Action>(rc: RuleContext<A>, layout: (s: S) => Layout): ApplyContext<S, A> {
  const q = rc.queries;
  return {
    dice: rc.dice,
    q,
    window: rc.window,
    events: [],
    at: (s) => q.at(layout(s)),
  };
}

/**
 * The table as the geometry sees a skirmish of infantry figures alike: each figure on the table
 * (`onTable`) as a base of `baseMm` and a body `height` inches tall, no lean-out markers, no smoke.
 */
export function figureLayout<F extends { id: string; side: string; pos: [number, number, number] }>(
  figures: Iterable<F>,
  onTable: (f: F) => boolean,
  baseMm: number,
  height: number,
): Layout {
  const models: Layout['models'] = {};
  for (const f of figures) {
    if (!onTable(f)) continue;
    models[f.id] = { side: f.side, position: f.pos, baseMm, height, kind: 'infantry', leanOut: null };
  }
  return { models, smoke: [] };
}

/**
 * A ruleset's dispatch over its handler table (one handler per action type): the handler of the
 * action's type, or a refusal naming an unknown type.
 */
export function dispatcher<S, A extends Action, R, C extends ApplyContext<S, A> = ApplyContext<S, A>>(handlers: {
  [K in A['type']]: (ctx: C, s: S, action: Extract<A, { type: K }>) => S | R;
}): (ctx: C, s: S, action: A) => S | R | RuleError {
  const table = handlers as unknown as Record<string, ((ctx: C, s: S, a: A) => S | R) | undefined>;
  return (ctx, s, action) => {
    const h = table[action.type];
    return h ? h(ctx, s, action) : illegal(`unknown action "${String(action.type)}"`);
  };
}
