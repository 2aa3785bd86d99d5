/**
 * The engine's boundary against a ruleset's or a bot's own bugs: an exception thrown inside `apply`,
 * `legalActions`, `reactionWindow`, the play descriptor's words or a bot becomes an error value
 * (`rules-failed`) carrying what failed, on which action, for whom, and the stack as text (plain JSON,
 * so it crosses a worker boundary and goes into a bug report). The match it was given stays as it was.
 *
 * Faults can be injected for tests (`withFault`, `botWithFault`): the named part of a ruleset throws once.
 */
import { msg } from './message';
import type { Match, Move } from './match';
import type { Table } from './queries';
import type { Action, PlayerId, RuleError, Ruleset } from './types';

/** Where a failure happened: a ruleset's hook, its play descriptor (the view of a state), or its bot. */
export const FAILURE_STAGES = [
  'apply',
  'legalActions',
  'reactionWindow',
  'currentPlayer',
  'outcome',
  'layout',
  'events',
  'view',
  'bot',
] as const;
/** A failure's stage. */
export type FailureStage = (typeof FAILURE_STAGES)[number];

/** A ruleset or bot that threw: what, where, on which action and for whom (plain JSON). */
export interface RulesFailure {
  stage: FailureStage;
  /** The ruleset's id. */
  rules: string;
  /** The player acting (or being asked), or null. */
  player: PlayerId | null;
  /** The action being applied (null when none was: a bot choosing, a view being built). */
  action: Move<Action> | null;
  /** The exception's message (its text when it was not an Error). */
  message: string;
  /** The exception's stack as text ('' when it had none). */
  stack: string;
  /** On replay: the index of the log entry that failed. */
  entry?: number;
}

/** A `rules-failed` error value: the engine's answer when a ruleset or bot threw. */
export interface RulesFailedError extends RuleError {
  error: 'rules-failed';
  failure: RulesFailure;
}

/** Whether an error value is a contained failure (as opposed to an action refused by the rules). */
export function isRulesFailure(x: unknown): x is RulesFailedError {
  return (
    typeof x === 'object' &&
    x !== null &&
    (x as RuleError).error === 'rules-failed' &&
    typeof (x as RulesFailedError).failure === 'object'
  );
}

/** The error value for an exception caught at the boundary. */
export function rulesFailed(
  thrown: unknown,
  where: { stage: FailureStage; rules: string; player: PlayerId | null; action: Move<Action> | null; entry?: number },
): RulesFailedError {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  const stack = thrown instanceof Error ? (thrown.stack ?? '') : '';
  // A plain copy of the action: the ruleset may have put something odd in it before throwing.
  const action = where.action === null ? null : (JSON.parse(JSON.stringify(where.action)) as Move<Action>);
  const failure: RulesFailure = { ...where, action, message, stack };
  const words = action
    ? msg('engine:error.rules-failed.on', {
        player: where.player ?? '?',
        action: action.type,
        stage: where.stage,
        message,
      })
    : where.player
      ? msg('engine:error.rules-failed.for', { player: where.player, stage: where.stage, message })
      : msg('engine:error.rules-failed', { stage: where.stage, message });
  return { error: 'rules-failed', message: words, failure };
}

/** Runs `fn`, turning an exception into a `rules-failed` value at `stage`. */
export function contain<T>(
  where: { stage: FailureStage; rules: string; player: PlayerId | null; action: Move<Action> | null },
  fn: () => T,
): T | RulesFailedError {
  try {
    return fn();
  } catch (e) {
    return rulesFailed(e, where);
  }
}

/** A bot, as a ruleset's value holds it. */
export type Bot<S, A extends Action> = (m: Match<S, A>, who: string, table: Table) => Move<A> | null;

/** Asks a bot for its move: the move, null when it has none, or a `rules-failed` value when it threw. */
export function botMove<S, A extends Action>(
  bot: Bot<S, A>,
  m: Match<S, A>,
  who: PlayerId,
  table: Table,
): Move<A> | null | RulesFailedError {
  return contain({ stage: 'bot', rules: m.rulesetId, player: who, action: null }, () => bot(m, who, table));
}

/** The parts of a ruleset a test may make throw (and its bot). */
export const FAULTS = ['apply', 'legalActions', 'reactionWindow', 'bot'] as const;
/** A fault to inject. */
export type Fault = (typeof FAULTS)[number];

/** The message an injected fault throws with (tests look for it). */
export const faultMessage = (fault: Fault): string => `a rules fault injected into ${fault} (test)`;

/** A fault armed by a test, fired once: on the next action (a ruleset hook) or the bot's next choice. */
export class ArmedFault {
  private fault: Fault | null = null;

  arm(fault: Fault): void {
    this.fault = fault;
  }

  /** The armed fault if it is the bot's (`forBot`) or the rules', disarming it; else null. */
  take(forBot: boolean): Fault | null {
    const f = this.fault;
    if (f === null || (f === 'bot') !== forBot) return null;
    this.fault = null;
    return f;
  }
}

/**
 * The ruleset with one hook that throws (for tests of the containment): the same ruleset otherwise.
 * A fault of 'bot' or null leaves the ruleset as it is.
 */
export function withFault<S, A extends Action>(ruleset: Ruleset<S, A>, fault: Fault | null): Ruleset<S, A> {
  const boom = (): never => {
    throw new Error(faultMessage(fault!));
  };
  switch (fault) {
    case 'apply':
      return { ...ruleset, apply: boom };
    case 'legalActions':
      return { ...ruleset, legalActions: boom };
    case 'reactionWindow':
      return { ...ruleset, reactionWindow: boom };
    default:
      return ruleset;
  }
}

/** The bot, throwing when the fault is 'bot' (for tests of the containment). */
export function botWithFault<S, A extends Action>(bot: Bot<S, A>, fault: Fault | null): Bot<S, A> {
  return fault === 'bot'
    ? () => {
        throw new Error(faultMessage('bot'));
      }
    : bot;
}
