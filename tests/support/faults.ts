/**
 * Rulesets and bots with a bug, for the tests of the engine's containment: a hook that throws when
 * a condition holds (on the nth call, on a given action), the same ruleset otherwise.
 */
import type { Action, Ruleset } from '../../src/rules/engine/types';

/** The hooks of a ruleset that a test may break. */
export type Hook = 'apply' | 'legalActions' | 'reactionWindow' | 'outcome' | 'currentPlayer';

/**
 * The ruleset whose `hook` throws `thrown` (an Error with `message`, or a bare value) on the calls
 * `when` picks (by the call's number, from 0, and its arguments); every other call goes through.
 */
export function breakHook<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  hook: Hook,
  when: (call: number, args: unknown[]) => boolean = () => true,
  thrown: unknown = new Error(`a bug in ${hook}`),
): Ruleset<S, A> {
  let calls = 0;
  const original = ruleset[hook] as (...args: unknown[]) => unknown;
  const broken = function (this: unknown, ...args: unknown[]): unknown {
    if (when(calls++, args)) throw thrown;
    return original.apply(ruleset, args);
  };
  return { ...ruleset, [hook]: broken };
}
