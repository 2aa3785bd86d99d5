/**
 * Playing a match in the app: hotseat (two people at one screen) or solo against the AI, for any
 * ruleset of the list (src/rulesets.ts). The controller owns the rules Queries over the table and the
 * AI's timer; the store's `play` slice holds what the panels draw (plain JSON, playView.ts).
 *
 * Every move goes through the engine's `act`, so the browser plays exactly what the headless
 * `battle` CLI plays; the scene's models and smoke are redrawn from the rules state after each one.
 * The engine (engine.ts) answers asynchronously: in the browser it runs in a Web Worker, so the page
 * keeps drawing while the rules and the AI think. An answer for a match the player has since left (a
 * new game, an undo, a load, a move that landed first) is dropped.
 */
import type { ByteReader } from '../io/meshCache';
import type { Scene } from '../geometry/sceneTypes';
import type { Move } from '../rules/engine/match';
import { ArmedFault, type Fault, type RulesFailure } from '../rules/engine/contain';
import { DEFAULT_LEVEL, isLevel, LEVELS, type Level } from '../rules/engine/strength';
import type { Action, TablePick } from '../rules/engine/types';
import type { TableChoice } from '../rules/engine/play';
import { loadedRulesetOf, RULESET_IDS, type AnyRuleset } from '../rulesets';
import { loadModelMeshes, prepareTable, type Prepared } from './sceneLoader';
import { hashMismatch, readSave, saveText } from './saveFile';
import type { TabletopStore } from './store';
import { forcesFrom, optionsFrom, playable, words, type StartOptions } from './matchSetup';
import { msg, type Text } from '../rules/engine/message';
import { LocalEngine, type AnyMatch, type Engine, type Seating } from './engine';
import { shareEqual } from './share';
import { curtainAfter, curtainOnLoad, sceneOf, undoer, type PlayView, type Seat, type Side } from './playView';
import { actsOn, clickModel, clickTable, type ClickPlayer } from './tableClicks';
import { noticeOf, STALE, type PlayResult } from './playResult';
import type { OnlineCreate, OnlineStatus } from './online';
import { OnlinePlay } from './playOnline';

export type { Choice, PlayView, Seat, Side } from './playView';
export { onlineUrl, type OnlineSlice } from './playOnline';

/** The store slice. */
export interface PlaySlice {
  play: PlayView | null;
}

export type { StartOptions } from './matchSetup';

export { noticeOf, STALE, type PlayResult } from './playResult';

/** The saved-game file (format, version, migration) lives in saveFile.ts. */
export { isSavedGame, SAVE_FORMAT, SAVE_VERSION } from './saveFile';

/** Pause before an AI move, so a watcher can follow (and animations can start), ms. */
const AI_DELAY_MS = 350;

/** A saved game or a mid-game state to continue: the initial state and the log. */
type Saved = {
  initial: AnyMatch['initial'];
  log?: AnyMatch['log'];
  casualUndo?: boolean;
  /** The state hash the replayed game must have (a save's, since version 2). */
  hash?: string | null;
};

/** What the engine needs besides the match to answer for a view's game. */
function seatingOf(view: PlayView): Seating {
  const { rules, forces, options, seats, level } = view;
  return { rules, forces, options, seats, ...(level ? { level } : {}) };
}

/** The play controller: one per app (or per test). */
export class PlayController {
  /** The table being played on: its file (the engine's key for it) and its terrain. */
  private table: { file: string; terrain: Scene } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Counts starts and loads, so only the latest one to finish is adopted. */
  private loads = 0;
  /** The engine requests in flight (a person's move, an undo, the AI's move), for `idle`. */
  private readonly pending = new Set<Promise<unknown>>();
  /** A fault a test armed for the next action or the AI's next choice. */
  private readonly faults = new ArmedFault();
  private readonly engine: Engine;
  /** The online room this page plays or watches in (playOnline.ts). */
  private readonly remote: OnlinePlay;

  constructor(
    private readonly store: TabletopStore,
    private readonly read: ByteReader,
    private readonly options: { aiDelayMs?: number; waitForAnimations?: boolean; engine?: Engine } = {},
  ) {
    this.engine = options.engine ?? new LocalEngine();
    this.remote = new OnlinePlay({
      store,
      engine: this.engine,
      track: (request) => this.track(request),
      prepare: (table) => this.prepareTable(table),
      adopt: (prepared) => this.adopt(prepared, true),
      publish: (view, first) => this.publish(view, first),
    });
  }

  /** Loads the ruleset's table and starts a match with both sides off the table. */
  async start(opts: StartOptions = {}): Promise<PlayResult> {
    const entry = await playable(opts.rules ?? RULESET_IDS[0]!, 'rules');
    if (typeof entry === 'string') return { ok: false, reason: entry };
    const seats: Record<Side, Seat> = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'ai' };
    const seed = opts.seed ?? 1;
    const level = opts.level ?? DEFAULT_LEVEL;
    if (!isLevel(level))
      return { ok: false, reason: msg('ui:refuse.level', { levels: words([...LEVELS]), got: JSON.stringify(level) }) };
    if (!Number.isInteger(seed) || seed < 0) return { ok: false, reason: msg('ui:refuse.seed', { got: String(seed) }) };
    const b = entry.play.forces;
    let data: unknown;
    if (opts.data === undefined) data = b.defaultData();
    else {
      const r = b.validate(opts.data, 'forces data');
      if (!r.ok) return { ok: false, reason: r.error.message };
      data = r.value;
    }
    const forces = forcesFrom(entry, data, opts.forces ?? {});
    if ('refused' in forces) return { ok: false, reason: forces.refused as Text };
    const options = optionsFrom(entry, opts.options);
    if (typeof options === 'string') return { ok: false, reason: options };
    const tables: readonly TableChoice[] = entry.play.tables;
    const table = opts.table === undefined ? tables[0] : tables.find((t) => t.id === String(opts.table));
    if (!table)
      return {
        ok: false,
        reason: msg('ui:refuse.table', { tables: words(tables.map((t) => t.id)), got: JSON.stringify(opts.table) }),
      };
    const ticket = ++this.loads;
    const prepared = await this.prepareTable(table);
    if (!prepared.ok) return prepared;
    const started = await this.engine.start(
      prepared.file,
      { rules: entry.id, forces, options, seats, ...(level === DEFAULT_LEVEL ? {} : { level }) },
      { data, options },
      seed,
    );
    if (!started.ok) return started;
    const meshFailure = await loadModelMeshes(this.read, entry.play.table(started.view.match.state), 'forces data');
    if (meshFailure) return meshFailure;
    if (ticket !== this.loads) return { ok: false, reason: STALE };
    this.adopt(prepared);
    this.publish(started.view);
    return { ok: true };
  }

  /**
   * Continues a match from its initial state and log (a saved game, or a test's mid-game state):
   * the log is replayed, so a save that does not replay is refused and the current game stays.
   */
  async resume(
    saved: Saved,
    seats: Record<Side, Seat>,
    file = 'saved game',
    forces: Partial<Record<Side, unknown>> = {},
    options: Record<string, string> = {},
    level: Level = DEFAULT_LEVEL,
  ): Promise<PlayResult> {
    const id = (saved.initial?.state as { ruleset?: unknown } | undefined)?.ruleset;
    const entry = await playable(id, `${file}: initial.state.ruleset`);
    if (typeof entry === 'string') return { ok: false, reason: entry };
    let table: TableChoice;
    try {
      table = entry.play.tableOf(saved.initial.state);
    } catch (e) {
      return { ok: false, reason: `${file}: initial.state: ${(e as Error).message}` };
    }
    const ticket = ++this.loads;
    const prepared = await this.prepareTable(table);
    if (!prepared.ok) return prepared;
    const seating: Seating = {
      rules: entry.id,
      forces: { A: forces.A ?? null, B: forces.B ?? null },
      options,
      seats,
      ...(level === DEFAULT_LEVEL ? {} : { level }),
    };
    const r = await this.engine.replay(prepared.file, seating, {
      initial: saved.initial,
      casualUndo: saved.casualUndo ?? false,
      log: saved.log ?? [],
    });
    if (!r.ok) return { ok: false, reason: msg('ui:refuse.in-file', { file, reason: r.reason }) };
    const mismatch = hashMismatch(file, saved.hash ?? null, r.match);
    if (mismatch) return { ok: false, reason: mismatch };
    const meshFailure = await loadModelMeshes(this.read, entry.play.table(r.match.state), `${file}: forces`);
    if (meshFailure) return meshFailure;
    if (ticket !== this.loads) return { ok: false, reason: STALE };
    this.adopt(prepared);
    // The loaded game's battle log, rebuilt from the replay (nothing is animated again).
    this.store.getState().replaceLog(r.steps);
    // Anyone may be at the screen after a load: in hotseat the decider takes the mouse before their hand shows.
    this.publish(r.view, true);
    const match = r.match;
    const n = match.log.length;
    this.store
      .getState()
      .setNotice(msg('ui:notice.loaded', { file, n, status: this.store.getState().play?.status ?? '' }));
    return { ok: true };
  }

  /** The saved-game text (saveFile.ts: the version, the resume summary, the hash, the initial state and the log). */
  saveText(): string | null {
    const view = this.store.getState().play;
    return view ? saveText(view) : null;
  }

  /** Loads a saved game of any version it reads; a bad file is refused with what is wrong and where, and the current game stays. */
  async loadText(text: string, file: string): Promise<PlayResult> {
    const r = readSave(text, file);
    if (!r.ok) return { ok: false, reason: r.error };
    const { saved, seats, forces, options, level } = r.value;
    return this.resume(saved, seats, file, forces, options, level);
  }

  /** A table's terrain, its meshes loaded here and in the engine (sceneLoader.ts). */
  private prepareTable(table: { file: string; scene: unknown }): Promise<Prepared> {
    return prepareTable(this.engine, this.read, table);
  }

  /** Puts a prepared table in the store (ending any match on the old one) and plays on it. */
  private adopt(prepared: { terrain: Scene; file: string }, online = false): void {
    this.clearTimer();
    if (!online) this.remote.leave();
    this.store.getState().acceptScene(prepared.terrain, prepared.file);
    // A new game starts with an empty log and nothing left to animate (and no view of the old one), and
    // nothing said about the old one (a load's confirmation does not stay into a new match).
    this.store.setState({
      eventLog: [],
      eventQueue: [],
      play: null,
      highlight: [],
      failure: null,
      notice: null,
      ...(online ? {} : { online: null }),
    });
    this.table = { file: prepared.file, terrain: prepared.terrain };
  }

  /** Leaves play mode (the table stays as it is). */
  stop(): void {
    this.clearTimer();
    // Leaving an online match leaves its room (the seat stays this page's: its key takes it back).
    this.remote.leave();
    this.store.setState({ play: null, online: null });
  }

  /**
   * Resolves once no engine request is in flight (what a person sees when the page has answered a
   * click): tests and automation wait on it rather than on time.
   */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Runs an engine request, counted in `pending` until it settles. */
  private async track<T>(request: Promise<T>): Promise<T> {
    this.pending.add(request);
    try {
      return await request;
    } finally {
      this.pending.delete(request);
    }
  }

  /** Plays a move for the player whose decision it is (a human seat). */
  async submit(move: Move<Action>): Promise<PlayResult> {
    const view = this.store.getState().play;
    if (!view || !this.table) return { ok: false, reason: msg('ui:refuse.no-match') };
    if (!view.decider) return { ok: false, reason: msg('ui:refuse.game-over') };
    if (view.seats[view.decider] === 'remote')
      return { ok: false, reason: msg('ui:refuse.online-other', { side: view.decider }) };
    if (view.seats[view.decider] !== 'human')
      return { ok: false, reason: msg('ui:refuse.ai-decision', { side: view.decider }) };
    const r = this.remote.active ? await this.remote.send(view, move) : await this.play(view, view.decider, move);
    // A person's move ends what the table was saying (an AI's move does not: a load's confirmation stays).
    if (r.ok) this.store.getState().setNotice(null);
    return r;
  }

  /**
   * Plays a shortcut's moves in order (one press for a step the rules leave one sensible answer to);
   * stops at the first refusal, which it says, with the moves before it played.
   */
  async submitAll(moves: readonly Move<Action>[]): Promise<PlayResult> {
    let r: PlayResult = { ok: false, reason: msg('ui:refuse.no-match') };
    for (const move of moves) {
      r = await this.submit(move);
      if (!r.ok) {
        const notice = noticeOf(r);
        if (notice) this.store.getState().setNotice(notice);
        return r;
      }
    }
    return r;
  }

  /** Arms (or, with null, clears) the point-on-the-table choice the next click answers; the panel shows its hint. */
  choosePick(pick: TablePick | null): void {
    const view = this.store.getState().play;
    if (!view) return;
    this.store.setState({ play: { ...view, pick }, notice: null });
    const s = this.store.getState();
    // A model on the table is in the scene (one still to deploy is not).
    const onTable = pick?.model ? (s.scene.models ?? []).some((m) => m.id === pick.model) : false;
    if (pick?.model && onTable) {
      s.select(pick.model);
      if (pick.allowance !== null) s.setAllowance(pick.allowance);
    }
  }

  /** A click on the table at (x, y, z): `clickTable` in tableClicks.ts, for `model` (the selection by default). */
  clickTable(
    x: number,
    y: number,
    z: number,
    model: string | null = this.store.getState().selectedId,
  ): Promise<PlayResult> {
    return clickTable(this.clicks, x, y, z, model);
  }

  /** Whether a press on model `id` (with `selected` selected) plays rather than selects (tableClicks.ts). */
  actsOn(id: string, selected: string | null): boolean {
    return actsOn(this.store.getState().play, id, selected);
  }

  /** A click on model `id` that plays (tableClicks.ts `clickModel`). */
  clickModel(id: string, selected: string | null = this.store.getState().selectedId): Promise<PlayResult> {
    return clickModel(this.clicks, id, selected);
  }

  /** What the table-click input needs of the controller. */
  private readonly clicks: ClickPlayer = {
    store: () => this.store.getState(),
    submit: (move) => this.submit(move),
    entry: (view) => this.entry(view),
  };

  /** Takes back the deciding human's last move (refused once dice were rolled, as the engine rules). */
  async undo(): Promise<PlayResult> {
    const view = this.store.getState().play;
    const table = this.table;
    if (!view || !table) return { ok: false, reason: msg('ui:refuse.no-match') };
    if (this.remote.active) return { ok: false, reason: msg('ui:refuse.online-undo') };
    const human = undoer(view.match, view.decider, view.seats);
    if (!human) return { ok: false, reason: msg('ui:refuse.no-human') };
    const r = await this.track(this.engine.undo(table.file, seatingOf(view), view.match, human));
    if (!r.ok) return r.failure && this.current(view, table) ? this.failed(r.failure, r.reason, 'human') : r;
    if (!this.current(view, table)) return { ok: false, reason: STALE };
    // The undone actions' lines leave the battle log.
    this.store.getState().dropLoggedEntries(r.match.log.length);
    this.publish(r.view);
    return { ok: true };
  }

  /** Takes the mouse: the curtain between two human seats lifts, and the decider's choices and secrets show. */
  reveal(): void {
    const view = this.store.getState().play;
    if (view?.curtain) this.store.setState({ play: { ...view, curtain: null } });
  }

  /** The match so far (a copy), for saving or replaying. */
  match(): PlayView['match'] | null {
    const view = this.store.getState().play;
    return view ? (JSON.parse(JSON.stringify(view.match)) as PlayView['match']) : null;
  }

  /** The ruleset of the view (loaded: a match's ruleset loads before it starts). */
  private entry(view: { rules: string }): AnyRuleset {
    return loadedRulesetOf(view.rules);
  }

  /** Whether the match a request was made for is still the one on the table (else its answer is dropped). */
  private current(asked: PlayView, table: { file: string }): boolean {
    const now = this.store.getState().play;
    return now !== null && now.match === asked.match && this.table?.file === table.file;
  }

  /**
   * For tests only (`window.tabletop.injectRulesFault`): the named part of the ruleset throws on the
   * next action, or the bot on its next choice. The fault travels with the request and wraps the
   * ruleset where the engine runs.
   */
  injectRulesFault(fault: Fault): void {
    this.faults.arm(fault);
  }

  /** Closes the failure banner; an AI whose move failed is asked again (once per dismissal, so it never spins). */
  dismissFailure(): void {
    this.store.setState({ failure: null });
    if (this.store.getState().play?.thinking) this.scheduleAi();
  }

  /** Keeps a contained failure for the banner and its bug report; the match stays at its last good state. */
  private failed(failure: RulesFailure, reason: Text, by: 'human' | 'ai'): PlayResult {
    const save = this.saveText();
    this.store.setState({ failure: { failure, by, save: save ? (JSON.parse(save) as unknown) : null } });
    return { ok: false, reason, failed: true };
  }

  private async play(view: PlayView, player: Side, move: Move<Action>): Promise<PlayResult> {
    const table = this.table!;
    const faults = { rules: this.faults.take(false) };
    const r = await this.track(this.engine.act(table.file, seatingOf(view), view.match, player, move, faults));
    if (!r.ok) return r.failure && this.current(view, table) ? this.failed(r.failure, r.reason, 'human') : r;
    if (!this.current(view, table)) return { ok: false, reason: STALE };
    this.store.getState().pushEvents(r.events, view.match.log.length, loadedRulesetOf(view.rules).effectOf);
    this.publish(r.view);
    return { ok: true };
  }

  /**
   * Redraws the table and the panel from the engine's view of a match, and wakes the AI when it is its
   * turn. The curtain is decided here, from the view the page showed last.
   */
  private publish(answer: PlayView, loaded = false): void {
    const entry = this.entry(answer);
    const now = this.store.getState();
    const curtain = loaded
      ? curtainOnLoad(answer.decider, answer.seats)
      : curtainAfter(now.play, answer.decider, answer.seats);
    const view: PlayView = { ...answer, curtain };
    const terrain = this.table?.terrain ?? now.scene;
    // What did not change keeps its identity (share.ts): the panels and table pieces that read only
    // unchanged parts do not render again for this answer.
    this.store.setState({
      scene: shareEqual(now.scene, sceneOf(terrain, entry.play.table(view.match.state))),
      play: shareEqual(now.play, view),
    });
    // Online, the server plays its AI seats and the other player plays theirs.
    if (view.thinking && !this.remote.active) this.scheduleAi();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The AI moves after a pause, once the animations queued so far have played. */
  private scheduleAi(): void {
    this.clearTimer();
    const view = this.store.getState().play;
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = this.store.getState();
      const table = this.table;
      if (!view || !view.decider || !table || now.play?.match !== view.match) return;
      if (now.eventQueue.length > 0 && this.options.waitForAnimations !== false) {
        this.scheduleAi();
        return;
      }
      void this.aiMove(now.play, view.decider, table);
    }, this.options.aiDelayMs ?? AI_DELAY_MS);
  }

  /** Creates an online room (the server referees it) and follows it from this page. */
  createOnline(o: OnlineCreate): Promise<{ code: string; seat: Side | 'spectator'; url: string }> {
    return this.remote.create(o);
  }

  /** The set-up panel's online match (playOnline.ts). */
  startOnline(
    opts: Omit<StartOptions, 'table' | 'level'>,
    room: { password?: string; shared?: Side[] } = {},
  ): Promise<PlayResult> {
    return this.remote.start(opts, room);
  }

  /** Joins an online room by its code, at a side or watching. */
  joinOnline(code: string, seat: Side | 'spectator', password?: string): Promise<PlayResult> {
    return this.remote.join(code, seat, password);
  }

  /** Where this page stands online. */
  onlineStatus(): OnlineStatus {
    return this.remote.status();
  }

  /** Asks the engine for the AI's move and plays it, unless the match moved on meanwhile. */
  private async aiMove(view: PlayView, player: Side, table: { file: string }): Promise<void> {
    const faults = { bot: this.faults.take(true), rules: this.faults.take(false) };
    const r = await this.track(this.engine.bot(table.file, seatingOf(view), view.match, player, faults));
    if (!this.current(view, table)) return;
    const s = this.store.getState();
    // A bot that throws, or whose move the rules fail on, shows the failure and is not asked again
    // until the banner is dismissed.
    if (r.ok === 'none') s.setNotice(msg('ui:notice.ai-no-move', { side: player }));
    else if (!r.ok && r.failure) this.failed(r.failure, r.reason, 'ai');
    else if (!r.ok) s.setNotice(msg('ui:notice.ai-refused', { reason: r.reason }));
    else {
      // The AI's move plays at the AI turn pace (2x by default): the player waits less for their turn.
      s.pushEvents(r.events, view.match.log.length, loadedRulesetOf(view.rules).effectOf, s.aiPace);
      this.publish(r.view);
    }
  }
}
