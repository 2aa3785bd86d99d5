/** Steps of play for testing a ruleset's invariants: a state before and after, with the step's events. */
import type { Step } from '../../src/rules/engine/invariants';
import { playableEntry } from './startStates';

/** A deep copy of a plain-JSON state. */
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** One step from `before` to `after` by player A, with `events`. */
export const step = <S>(before: S, after: S, events: Step<S>['events'] = []): Step<S> => ({
  before,
  player: 'A',
  action: { type: 'test' },
  after,
  events,
});

/** The violations the ruleset `id` finds in a step. */
export const check = <S>(id: string, s: Step<S>): string[] => playableEntry(id).invariants(s);
