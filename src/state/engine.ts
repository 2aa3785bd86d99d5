/**
 * The rules engine as an asynchronous service: the rules, the bots and the geometry queries they
 * need, behind one interface with two homes. `LocalEngine` runs in the caller's thread (Node: unit
 * tests and the CLIs, and the browser's `?engine=main`); `engine.worker.ts` exposes the same class in
 * a Web Worker through comlink, and `workerEngine.ts` is its main-thread handle. Every argument and
 * answer is plain JSON (or bytes), so both homes answer alike and the store keeps only what the engine
 * last answered.
 *
 * The engine holds each prepared table's terrain and Queries, keyed by the table's file; a match is
 * passed in with each request, so the engine keeps no game of its own and an answer for a match the
 * player has since left is simply dropped by the caller (play.ts).
 */
import type { Scene } from '../geometry/sceneTypes';
import type { ByteReader } from '../io/meshCache';
import { cachedMesh, loadMeshes } from '../io/meshCache';
import { act, newMatch, replay, ReplayError, undo, type Match, type Move } from '../rules/engine/match';
import type { Table } from '../rules/engine/queries';
import { isError, type Action, type RuleEvent } from '../rules/engine/types';
import {
  botMove,
  botWithFault,
  isRulesFailure,
  withFault,
  type Fault,
  type RulesFailure,
} from '../rules/engine/contain';
import { loadRuleset, type AnyRuleset } from '../rulesets';
import { botAt, DEFAULT_LEVEL } from '../rules/engine/strength';
import { meshSources } from './sceneLoader';
import { tryViewOf, type PlayView, type Seat, type Setup, type Side } from './playView';
import { worldQueries } from './worldQueries';
import type { Text } from '../rules/engine/message';
import { render } from '../i18n/i18n';

/** A match as the engine takes and gives it (plain JSON). */
export type AnyMatch = Match<unknown, Action>;

/** Everything a view needs besides the match: the ruleset, forces, options and seats. */
export interface Seating extends Setup {
  seats: Record<Side, Seat>;
}

/**
 * Why a request was refused; `failure`: the ruleset or the bot threw (contained at the engine's
 * boundary, rules/engine/contain.ts), so the match stays at its last good state and the page shows
 * the failure with its bug report.
 */
export type Refused = { ok: false; reason: Text; failure?: RulesFailure };

/** A played move's answer: the new match, its events and the new view (or why it was refused). */
export type Played = { ok: true; match: AnyMatch; events: RuleEvent[]; view: PlayView } | Refused;

/** Faults a test armed (`window.tabletop.injectRulesFault`): the ruleset's part that throws, and the bot's. */
export interface Faults {
  rules?: Fault | null;
  bot?: Fault | null;
}

/** The bot's answer: the move it chose, played (or `none` when it had no legal move, or why it was refused). */
export type BotPlayed = (Played & { move?: Move<Action> }) | { ok: 'none' };

/** An undo's answer: the match taken back and its view. */
export type Undone = { ok: true; match: AnyMatch; view: PlayView } | Refused;

/** A replay's answer: the match, each entry's events (for the battle log) and its view. */
export type Replayed =
  { ok: true; match: AnyMatch; steps: { events: RuleEvent[]; entry: number }[]; view: PlayView } | Refused;

/** A started match: its view (the match is in it). */
export type Started = { ok: true; view: PlayView } | Refused;

/**
 * The engine's requests. Each names the prepared table (`table`, its file) it plays on. Views come back
 * with `curtain: null`: the curtain depends on what the page showed last, which only the page knows.
 */
export interface Engine {
  /** Builds the Queries over a table's terrain, reading the mesh files it lacks through `read`. */
  prepare(table: string, terrain: Scene, read: ByteReader): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** A new match from the ruleset's set-up state, and its view. */
  start(
    table: string,
    seating: Seating,
    setupArgs: { data: unknown; options: Record<string, string> },
    seed: number,
  ): Promise<Started>;
  /** The view of a match as it stands. */
  view(table: string, seating: Seating, match: AnyMatch): Promise<PlayView>;
  /** Plays a move for a player. */
  act(
    table: string,
    seating: Seating,
    match: AnyMatch,
    player: Side,
    move: Move<Action>,
    faults?: Faults,
  ): Promise<Played>;
  /** The bot's move for a player, played. */
  bot(table: string, seating: Seating, match: AnyMatch, player: Side, faults?: Faults): Promise<BotPlayed>;
  /** Takes back a player's last move. */
  undo(table: string, seating: Seating, match: AnyMatch, player: Side): Promise<Undone>;
  /** Replays a log from an initial state (a saved game); a log that does not replay is refused with why. */
  replay(
    table: string,
    seating: Seating,
    saved: { initial: AnyMatch['initial']; casualUndo: boolean; log: AnyMatch['log'] },
  ): Promise<Replayed>;
}

/** The engine in the caller's thread. */
export class LocalEngine implements Engine {
  private readonly tables = new Map<string, { terrain: Scene; queries: Table }>();

  async prepare(
    table: string,
    terrain: Scene,
    read: ByteReader,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    try {
      await loadMeshes(
        meshSources(terrain).map((m) => m.src),
        read,
      );
    } catch (e) {
      return { ok: false, reason: `${table}: ${(e as Error).message}` };
    }
    this.tables.set(table, { terrain, queries: worldQueries(terrain, cachedMesh) });
    return { ok: true };
  }

  async start(
    table: string,
    seating: Seating,
    setupArgs: { data: unknown; options: Record<string, string> },
    seed: number,
  ): Promise<Started> {
    const { entry, queries, terrain } = await this.on(table, seating);
    let state: unknown;
    try {
      state = entry.setup(terrain.table, setupArgs.data, seating.forces, setupArgs.options);
    } catch (e) {
      return { ok: false, reason: `${entry.name}: ${(e as Error).message}` };
    }
    const view = this.viewWith(entry, queries, seating, newMatch(entry.engine, state, seed));
    return isRulesFailure(view) ? refused(view) : { ok: true, view };
  }

  async view(table: string, seating: Seating, match: AnyMatch): Promise<PlayView> {
    const { entry, queries } = await this.on(table, seating);
    const view = this.viewWith(entry, queries, seating, match);
    if (isRulesFailure(view)) throw new Error(render(view.message, 'en'));
    return view;
  }

  async act(
    table: string,
    seating: Seating,
    match: AnyMatch,
    player: Side,
    move: Move<Action>,
    faults: Faults = {},
  ): Promise<Played> {
    const { entry, queries } = await this.on(table, seating);
    return this.played(entry, queries, seating, match, player, move, faults);
  }

  async bot(table: string, seating: Seating, match: AnyMatch, player: Side, faults: Faults = {}): Promise<BotPlayed> {
    const { entry, queries } = await this.on(table, seating);
    const bot = botAt(entry, seating.level ?? DEFAULT_LEVEL);
    const move = botMove(botWithFault(bot, faults.bot ?? null), match, player, queries);
    if (isRulesFailure(move)) return refused(move);
    if (!move) return { ok: 'none' };
    return { ...this.played(entry, queries, seating, match, player, move, faults), move };
  }

  async undo(table: string, seating: Seating, match: AnyMatch, player: Side): Promise<Undone> {
    const { entry, queries } = await this.on(table, seating);
    const r = undo(entry.engine, match, player, queries);
    if (isRulesFailure(r)) return refused(r);
    if (isError(r)) return { ok: false, reason: r.message };
    const view = this.viewWith(entry, queries, seating, r);
    return isRulesFailure(view) ? refused(view) : { ok: true, match: r, view };
  }

  async replay(
    table: string,
    seating: Seating,
    saved: { initial: AnyMatch['initial']; casualUndo: boolean; log: AnyMatch['log'] },
  ): Promise<Replayed> {
    const { entry, queries } = await this.on(table, seating);
    const steps: { events: RuleEvent[]; entry: number }[] = [];
    let match: AnyMatch;
    try {
      match = replay(entry.engine, saved, saved.log, queries, (events, n) => steps.push({ events, entry: n }));
    } catch (e) {
      return { ok: false, reason: e instanceof ReplayError ? e.words : (e as Error).message };
    }
    // A state the ruleset cannot read (a hand-edited initial state whose log still replays) is refused
    // here, before the page lets the current game go: the view and the table are what it would show first.
    try {
      const view = this.viewWith(entry, queries, seating, match);
      if (isRulesFailure(view)) throw new Error(view.failure.message);
      entry.play.table(match.state);
      return { ok: true, match, steps, view };
    } catch (e) {
      return { ok: false, reason: `initial.state cannot be played: ${(e as Error).message}` };
    }
  }

  /**
   * The ruleset (its code loaded here the first time: the worker fetches its own copy) and the prepared
   * table a request names; a request for neither is a caller's bug.
   */
  private async on(table: string, seating: Seating): Promise<{ entry: AnyRuleset; queries: Table; terrain: Scene }> {
    const entry = await loadRuleset(seating.rules);
    const t = this.tables.get(table);
    if (!t) throw new Error(`the engine has not prepared the table "${table}"`);
    return { entry, ...t };
  }

  private played(
    entry: AnyRuleset,
    queries: Table,
    seating: Seating,
    match: AnyMatch,
    player: Side,
    move: Move<Action>,
    faults: Faults,
  ): Played {
    const faulty = { ...entry, engine: withFault(entry.engine, faults.rules ?? null) };
    const r = act(faulty.engine, match, player, move, queries);
    if (isRulesFailure(r)) return refused(r);
    if (isError(r)) return { ok: false, reason: r.message };
    // The view of the new state is built before anything is shown: if the ruleset throws there, nothing moves.
    const view = this.viewWith(faulty, queries, seating, r.match, { player, action: move });
    if (isRulesFailure(view)) return refused(view);
    return { ok: true, match: r.match, events: r.events, view };
  }

  private viewWith(
    entry: AnyRuleset,
    queries: Table,
    seating: Seating,
    match: AnyMatch,
    after?: { player: string; action: Move<Action> },
  ): ReturnType<typeof tryViewOf> {
    const { rules, forces, options, seats, level } = seating;
    return tryViewOf(
      entry,
      { rules, forces, options, ...(level ? { level } : {}) },
      match,
      seats,
      queries,
      null,
      after,
    );
  }
}

/** A contained failure as a refusal the page can show with its bug report. */
function refused(r: { message: Text; failure: RulesFailure }): Refused {
  return { ok: false, reason: r.message, failure: r.failure };
}
