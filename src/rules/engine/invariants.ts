/**
 * Invariants a ruleset declares over one step of play (the state before, the move, the state after and
 * the step's events). Each check answers the violations as sentences, none when the step is fine. The
 * property tests and `npm run soak` run them after every accepted move; a check must be cheap and must
 * never throw on a state the ruleset itself produced.
 */
import type { RuleEvent } from './types';

/** One accepted step of play. */
export interface Step<S> {
  before: S;
  player: string;
  action: { type: string };
  after: S;
  events: readonly RuleEvent[];
}

/** A step's check: the violations as sentences (empty when fine). */
export type Invariant<S> = (step: Step<S>) => string[];

/** Joins checks into one. */
export function allOf<S>(...checks: Invariant<S>[]): Invariant<S> {
  return (step) => checks.flatMap((c) => c(step));
}

/** Where a value breaks JSON: undefined, a function, NaN or an infinity, a class instance, a cycle (paths from `path`). */
export function jsonProblems(value: unknown, path = 'state'): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, at: string): void => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) out.push(`${at} is ${v}, which JSON writes as null`);
      return;
    }
    if (v === undefined) {
      out.push(`${at} is undefined, which JSON drops (a reloaded save would hash differently)`);
      return;
    }
    if (typeof v !== 'object') {
      out.push(`${at} is a ${typeof v}, not JSON`);
      return;
    }
    if (seen.has(v)) {
      out.push(`${at} contains itself (a cycle)`);
      return;
    }
    seen.add(v);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
    else {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) out.push(`${at} is a class instance, not a plain object`);
      for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
    }
    seen.delete(v);
  };
  walk(value, path);
  return out;
}

/** The state stays JSON after the step. */
export const staysJson: Invariant<unknown> = (step) => jsonProblems(step.after);

/** A named counter and its value (null or undefined: the counter is not in use). */
export type Pool = readonly [name: string, value: number | null | undefined];

/** The pools under 0 among `pools`, as sentences. */
export function negativePools(pools: Iterable<Pool>): string[] {
  const out: string[] = [];
  for (const [name, v] of pools) {
    if (typeof v === 'number' && v < 0) out.push(`${name} is ${v}: a pool went negative`);
  }
  return out;
}

/** Entries listed twice in a list that holds each at most once. */
export function twice(list: readonly string[] | undefined | null, what: string): string[] {
  if (!list) return [];
  const dup = list.filter((x, i) => list.indexOf(x) !== i);
  return [...new Set(dup)].map((x) => `${x} is listed twice in ${what}`);
}

/** A model on the table for the leave check: where it stands, or null while off the table or out of play. */
export type Presence = Readonly<Record<string, readonly [number, number, number] | null>>;

/** Whether an event names `id` in one of its fields (at any depth): a model's removal must be told. */
export function eventNames(e: RuleEvent, id: string): boolean {
  const has = (v: unknown): boolean =>
    v === id || (Array.isArray(v) ? v.some(has) : !!v && typeof v === 'object' && Object.values(v).some(has));
  return Object.entries(e).some(([k, v]) => k !== 'text' && has(v));
}

/**
 * No model leaves the table silently: a model standing on the table before the step that is off it after
 * (gone, out of play or past an edge) must be named by one of the step's events.
 */
export function silentLeavers(
  before: Presence,
  after: Presence,
  table: { width: number; depth: number },
  events: readonly RuleEvent[],
): string[] {
  const on = (p: readonly [number, number, number] | null | undefined): boolean =>
    !!p && p[0] >= 0 && p[0] <= table.width && p[2] >= 0 && p[2] <= table.depth;
  const out: string[] = [];
  for (const [id, was] of Object.entries(before)) {
    if (!on(was)) continue;
    const now = after[id];
    if (on(now)) continue;
    if (events.some((e) => eventNames(e, id))) continue;
    out.push(
      now === undefined
        ? `${id} vanished from the state without an event`
        : now === null
          ? `${id} left the table without an event naming it`
          : `${id} went past the table's edge to (${now.join(', ')}) without an event naming it`,
    );
  }
  return out;
}

/**
 * A ruleset's invariants from its parts: the state stays JSON, its pools never go under 0, its own rule
 * for who may act, and nothing leaves the table without an event of the step naming it.
 */
export function rulesetInvariants<S extends { table: { width: number; depth: number } }>(parts: {
  pools: (s: S) => Iterable<Pool>;
  actsOnce: Invariant<S>;
  presence: (s: S) => Presence;
}): Invariant<S> {
  return allOf<S>(
    staysJson,
    ({ after }) => negativePools(parts.pools(after)),
    parts.actsOnce,
    ({ before, after, events }) => silentLeavers(parts.presence(before), parts.presence(after), after.table, events),
  );
}
