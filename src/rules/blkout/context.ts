/**
 * What BLKOUT's apply steps share: the kit's apply context (dice, the table's queries, the events so
 * far, `at(s)` for the view of the table in a later state of the action), typed for this ruleset,
 * and what a step gives back.
 */
import type { ApplyContext } from '../engine/kit';
import type { RuleError, RuleEvent } from '../engine/types';
import type { BlkoutAction } from './actions';
import type { BlkoutState } from './game';

/** The apply context of one BLKOUT action. */
export type Ctx = ApplyContext<BlkoutState, BlkoutAction>;

/** An applied action (its state and events) or a refusal. */
export type Out = { state: BlkoutState; events: RuleEvent[] } | RuleError;

/** The action is done: this state, with the events written so far. */
export const ok = (ctx: Ctx, state: BlkoutState): Out => ({ state, events: ctx.events });

/** A handler of one action type. */
export type Handler<A> = (ctx: Ctx, s: BlkoutState, a: A) => Out;

/** The action of a type. */
export type ActionOf<K extends BlkoutAction['type']> = Extract<BlkoutAction, { type: K }>;
