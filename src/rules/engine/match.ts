/**
 * The engine: one pure step function over a match (plain JSON), with the log, undo, redo and
 * replay all coming from the same list of accepted actions. The PRNG state lives in the match, so
 * a seed and a list of actions replay a battle exactly.
 */
import { debugText, msg, type Msg } from './message';
import { rngState, type RngState } from '../dice/rng';
import { seededDice, type DiceSource } from '../dice/source';
import {
  contain,
  isRulesFailure,
  rulesFailed,
  type FailureStage,
  type RulesFailedError,
  type RulesFailure,
} from './contain';
import { diceLine, diceShown, dieNames } from './diceLog';
import type { Layout, Table } from './queries';
import {
  isError,
  ruleError,
  type Action,
  type PlayerId,
  type ReactionWindow,
  type RuleError,
  type RuleEvent,
  type Ruleset,
} from './types';

/** A pass (declining a reaction). */
export const PASS = { type: 'pass' } as const;
/** An action or a pass. */
export type Move<A extends Action> = A | typeof PASS | { type: 'pass' };

/** One accepted action in the log. */
export interface LogEntry<A extends Action> {
  player: PlayerId;
  action: Move<A>;
  /** How many dice it rolled (dice already rolled cannot be undone without casual undo). */
  rolled: number;
}

/** A match: everything is JSON. */
export interface Match<S, A extends Action> {
  rulesetId: string;
  initial: { state: S; rng: RngState };
  state: S;
  rng: RngState;
  window: ReactionWindow<A> | null;
  log: LogEntry<A>[];
  /** Undone entries, next to redo first. */
  undone: LogEntry<A>[];
  /** When on, undo may take back actions that rolled dice. */
  casualUndo: boolean;
}

/** Starts a match from a ruleset's set-up state and a seed. */
export function newMatch<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  state: S,
  seed: number,
  options: { casualUndo?: boolean; key?: readonly number[] } = {},
): Match<S, A> {
  const rng = rngState(seed, options.key);
  return {
    rulesetId: ruleset.id,
    initial: { state, rng },
    state,
    rng,
    window: null,
    log: [],
    undone: [],
    casualUndo: options.casualUndo ?? false,
  };
}

/** Who decides now: the player of an open reaction window, else the ruleset's current player. */
export function decider<S, A extends Action>(ruleset: Ruleset<S, A>, m: Match<S, A>): PlayerId | null {
  if (ruleset.outcome(m.state)) return null;
  return m.window ? m.window.player : ruleset.currentPlayer(m.state);
}

/**
 * Legal moves for a player now (a pass is legal whenever a window is open for them). A ruleset that
 * throws here throws on (bots call this inside `botMove`'s containment); `tryLegalMoves` contains it.
 */
export function legalMoves<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  table: Table,
): Move<A>[] {
  if (decider(ruleset, m) !== player) return [];
  const actions: Move<A>[] = ruleset.legalActions(m.state, player, m.window, stateView(ruleset, m.state, table));
  return m.window ? [...actions, PASS] : actions;
}

/** `legalMoves`, with an exception in the ruleset contained as a `rules-failed` value. */
export function tryLegalMoves<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  table: Table,
): Move<A>[] | RuleError {
  return contain({ stage: 'legalActions', rules: ruleset.id, player, action: null }, () =>
    legalMoves(ruleset, m, player, table),
  );
}

/** A table with no models and no smoke (the view a ruleset without a layout is handed). */
const EMPTY_LAYOUT: Layout = { models: {}, smoke: [] };

/** The view of the table for a state: the ruleset's layout of it (an empty table when it has none). */
export function stateView<S, A extends Action>(ruleset: Ruleset<S, A>, state: S, table: Table) {
  return table.at(ruleset.layout ? ruleset.layout(state) : EMPTY_LAYOUT);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a move by a player: the new match and its events, or an error value (match unchanged).
 * `script` forces the dice (rule tests); the match's PRNG is then left as it was. An exception
 * thrown inside the ruleset (or the table's queries it calls) is contained: a `rules-failed` value
 * naming the stage, the action, the player and the stack, and the match stays at its last good state.
 */
export function act<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  action: Move<A>,
  table: Table,
  script?: DiceSource,
): { match: Match<S, A>; events: RuleEvent[] } | RuleError {
  const at: { stage: FailureStage } = { stage: 'outcome' };
  try {
    return step(ruleset, m, player, action, table, script, at);
  } catch (e) {
    return rulesFailed(e, { stage: at.stage, rules: ruleset.id, player, action });
  }
}

/** `act` without the containment; `at.stage` follows which part of the ruleset is running. */
function step<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  action: Move<A>,
  table: Table,
  script: DiceSource | undefined,
  at: { stage: FailureStage },
): { match: Match<S, A>; events: RuleEvent[] } | RuleError {
  at.stage = 'outcome';
  if (ruleset.outcome(m.state)) return ruleError('game-over', msg('engine:error.game-over'));
  at.stage = 'currentPlayer';
  const who = decider(ruleset, m);
  if (player !== who) return ruleError('wrong-player', msg('engine:error.wrong-player', { who: who ?? '?', player }));
  if (m.window) {
    // An offered option, or one of the offered kinds with details the ruleset checks (a juke's
    // destination cannot be listed in advance).
    if (
      action.type !== 'pass' &&
      !m.window.options.some((o) => same(o, action) || (o.open === true && o.type === action.type))
    ) {
      return ruleError('not-in-window', msg('engine:error.not-in-window', { player }));
    }
  } else if (action.type === 'pass') {
    return ruleError('illegal-action', msg('engine:error.nothing-to-pass'));
  }
  const seeded = seededDice(m.rng);
  const dice = script ?? seeded;
  at.stage = 'layout';
  const queries = stateView(ruleset, m.state, table);
  at.stage = 'apply';
  const result = ruleset.apply(m.state, action, { dice, queries, window: m.window });
  if (isError(result)) return result;
  at.stage = 'reactionWindow';
  const window = ruleset.reactionWindow(result.state, action, m.window);
  at.stage = 'events';
  const entry: LogEntry<A> = { player, action, rolled: dice.rolled.length };
  // Rulesets put each roll's line after the event that used it, naming who rolled; any roll left
  // unshown is listed after the action's events, under the acting player.
  const shown = diceShown(result.events);
  const rolls: RuleEvent[] =
    dice.rolled.length > shown
      ? [diceLine(player, dice.rolled.slice(shown), dieNames(dice, shown, dice.rolled.length))]
      : [];
  const opened: RuleEvent[] = window
    ? [
        {
          type: 'reaction-window',
          text: reactionLine(ruleset, window),
          player: window.player,
        },
      ]
    : [];
  return {
    match: { ...m, state: result.state, rng: seeded.state, window, log: [...m.log, entry], undone: [] },
    events: [...result.events, ...rolls, ...opened],
  };
}

/**
 * The log's line for a reaction window: who may react and, where the ruleset names its reactions, which
 * kinds are on offer in words, each once (three Snapshots by three models read "snapshot").
 */
export function reactionLine<S, A extends Action>(ruleset: Ruleset<S, A>, window: ReactionWindow<A>): Msg {
  const names = ruleset.reactionName ? window.options.map((o) => ruleset.reactionName!(o)) : [];
  const seen = new Set<string>();
  const once = names.filter((n) => !seen.has(JSON.stringify(n)) && seen.add(JSON.stringify(n)));
  return once.length
    ? msg('engine:window.reactWith', { player: window.player, options: once })
    : msg('engine:window.react', { player: window.player });
}

/**
 * Why a replay stopped: the index of the entry refused (a corrupt log) or on which the ruleset threw
 * (then `failure` says where and carries the stack).
 */
export class ReplayError extends Error {
  constructor(
    /** Why, in words (the app renders them in the shown language). */
    readonly words: Msg,
    readonly entry: number,
    readonly failure: RulesFailure | null,
  ) {
    super(debugText(words));
    this.name = 'ReplayError';
  }
}

/**
 * Replays a log from the match's initial state (a fold over act). Throws a `ReplayError` naming the
 * entry if one is refused (a corrupt log) or the ruleset throws on it. `onEvents` hears each entry's
 * events (a loaded game's battle log is rebuilt from them).
 */
export function replay<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Pick<Match<S, A>, 'initial' | 'casualUndo'>,
  log: readonly LogEntry<A>[],
  table: Table,
  onEvents?: (events: RuleEvent[], entry: number) => void,
): Match<S, A> {
  let cur: Match<S, A> = {
    rulesetId: ruleset.id,
    initial: m.initial,
    state: m.initial.state,
    rng: m.initial.rng,
    window: null,
    log: [],
    undone: [],
    casualUndo: m.casualUndo,
  };
  for (const [i, e] of log.entries()) {
    const r = act(ruleset, cur, e.player, e.action, table);
    if (isRulesFailure(r))
      throw new ReplayError(
        msg('engine:error.replay-failed', { entry: i, player: e.player, action: e.action.type, why: r.message }),
        i,
        { ...r.failure, entry: i },
      );
    if (isError(r))
      throw new ReplayError(
        msg('engine:error.replay-refused', { entry: i, player: e.player, action: e.action.type, why: r.message }),
        i,
        null,
      );
    onEvents?.(r.events, i);
    cur = r.match;
  }
  return cur;
}

/** Where undo would take the player back to: the index of their last log entry, or why it cannot. */
function undoPoint<S, A extends Action>(m: Match<S, A>, player: PlayerId): number | RuleError {
  let i = m.log.length - 1;
  while (i >= 0 && m.log[i]!.player !== player) i--;
  if (i < 0) return ruleError('nothing-to-undo', msg('engine:error.nothing-to-undo', { player }));
  if (!m.casualUndo && m.log.slice(i).some((e) => e.rolled > 0))
    return ruleError('dice-rolled', msg('engine:error.dice-rolled'));
  return i;
}

/** Whether undo would take back something of the player's now (the Undo button is enabled only then). */
export function canUndo<S, A extends Action>(m: Match<S, A>, player: PlayerId): boolean {
  return !isError(undoPoint(m, player));
}

/**
 * Takes back the player's last action and everything after it. Refused when any of that rolled
 * dice, unless the table turned on casual undo.
 */
export function undo<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  player: PlayerId,
  table: Table,
): Match<S, A> | RuleError {
  const i = undoPoint(m, player);
  if (isError(i)) return i;
  const removed = m.log.slice(i);
  let back: Match<S, A>;
  try {
    back = replay(ruleset, m, m.log.slice(0, i), table);
  } catch (e) {
    // The log replayed when it was played: only a ruleset that is not pure fails here.
    if (e instanceof ReplayError && e.failure) {
      const failed: RulesFailedError = { error: 'rules-failed', message: e.words, failure: e.failure };
      return failed;
    }
    throw e;
  }
  return { ...back, undone: [...removed, ...m.undone] };
}

/** Re-applies the next undone action. */
export function redo<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  m: Match<S, A>,
  table: Table,
): { match: Match<S, A>; events: RuleEvent[] } | RuleError {
  const next = m.undone[0];
  if (!next) return ruleError('nothing-to-redo', msg('engine:error.nothing-to-redo'));
  const r = act(ruleset, m, next.player, next.action, table);
  if (isError(r)) return r;
  return { ...r, match: { ...r.match, undone: m.undone.slice(1) } };
}

/** A stable hash of the match's state and PRNG (FNV-1a over key-sorted JSON), for determinism checks. */
export function stateHash(m: Pick<Match<unknown, Action>, 'state' | 'rng' | 'window'>): string {
  const text = stableJson({ state: m.state, rng: m.rng, window: m.window });
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** JSON with object keys sorted, so equal values print equally. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
