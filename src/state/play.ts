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
import { loadMeshes } from '../io/meshCache';
import type { Scene } from '../geometry/sceneTypes';
import type { Move } from '../rules/engine/match';
import { ArmedFault, type Fault, type RulesFailure } from '../rules/engine/contain';
import { DEFAULT_LEVEL, isLevel, LEVELS, type Level } from '../rules/engine/strength';
import type { Action, RuleEvent, TablePick } from '../rules/engine/types';
import { render } from '../i18n/i18n';
import type { TableChoice, TableView } from '../rules/engine/play';
import { loadedRulesetOf, RULESET_IDS, type AnyRuleset } from '../rulesets';
import { formatValue, validateScene } from '../io/sceneFile';
import { meshSources } from './sceneLoader';
import { hashMismatch, readSave, saveText } from './saveFile';
import type { TabletopStore } from './store';
import { forcesFrom, optionsFrom, playable, words } from './matchSetup';
import { msg, type Text } from '../rules/engine/message';
import { LocalEngine, type AnyMatch, type Engine, type Seating } from './engine';
import { shareEqual } from './share';
import { curtainAfter, curtainOnLoad, sceneOf, undoer, type PlayView, type Seat, type Side } from './playView';
import { actsOn, clickModel, clickTable, type ClickPlayer } from './tableClicks';
import { noticeOf, STALE, type PlayResult } from './playResult';
import { OnlineLink, type OnlineCreate, type OnlineStatus, type ViewMessage } from './online';
import type { RefusedMessage } from '../online/protocol';

export type { Choice, PlayView, Seat, Side } from './playView';

/** The store slice. */
export interface PlaySlice {
  play: PlayView | null;
}

/** An online match as the page follows it (null when the match is local). */
export interface OnlineSlice {
  online: {
    code: string;
    seat: Side | 'spectator';
    /** The whole match's state hash, as the server (the referee) has it. */
    hash: string;
    players: ViewMessage['seats'];
  } | null;
}

/** How to start a match. */
export interface StartOptions {
  /** The ruleset's id (default: the list's first). */
  rules?: string;
  seats?: Partial<Record<Side, Seat>>;
  seed?: number;
  /** Each side's force: a preset's id (a BLKOUT faction, a Counterblast crew) or a force as built. */
  forces?: Partial<Record<Side, unknown>>;
  /** The table's id (BLKOUT: "36" or "24"); the ruleset's first table by default. */
  table?: string;
  /** The ruleset's declared options (BLKOUT: special). */
  options?: Record<string, string>;
  /** A forces file as JSON (defaults to the ruleset's own data). */
  data?: unknown;
  /** The AI seats' strength (default Normal). */
  level?: Level;
}

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
  /** The online room this page plays or watches in, and the move it waits on the server's answer for. */
  private online: {
    link: OnlineLink;
    file: string | null;
    waiting: { at: number; done: (r: PlayResult) => void } | null;
    /** The last log entry whose events the page has shown (a view may repeat them: a reconnect, a sync). */
    shown: number;
  } | null = null;

  constructor(
    private readonly store: TabletopStore,
    private readonly read: ByteReader,
    private readonly options: { aiDelayMs?: number; waitForAnimations?: boolean; engine?: Engine } = {},
  ) {
    this.engine = options.engine ?? new LocalEngine();
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
    const meshFailure = await this.loadModelMeshes(entry.play.table(started.view.match.state), 'forces data');
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
    const meshFailure = await this.loadModelMeshes(entry.play.table(r.match.state), `${file}: forces`);
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

  /** A table's terrain, its meshes loaded here (to draw) and in the engine (to answer); the store's table is not touched yet. */
  private async prepareTable(table: {
    file: string;
    scene: unknown;
  }): Promise<{ ok: true; terrain: Scene; file: string } | { ok: false; reason: string }> {
    const { file, scene } = table;
    const checked = validateScene({ ...(scene as object), models: [], smoke: [] }, file);
    if (!checked.ok) return { ok: false, reason: checked.error.message };
    try {
      await loadMeshes(
        meshSources(checked.value).map((m) => m.src),
        this.read,
      );
    } catch (e) {
      return { ok: false, reason: `${file}: ${(e as Error).message}` };
    }
    const r = await this.engine.prepare(file, checked.value, this.read);
    if (!r.ok) return r;
    return { ok: true, terrain: checked.value, file };
  }

  /**
   * Loads the models' own meshes (a force's `mesh` files) before a match is adopted, so a file that
   * cannot be read refuses the match with the field and the file, and the current game stays.
   */
  private async loadModelMeshes(t: TableView, file: string): Promise<PlayResult | null> {
    const meshes = Object.entries(t.meshes ?? {});
    if (meshes.length === 0) return null;
    try {
      await loadMeshes(
        meshes.map(([, src]) => src),
        this.read,
      );
      return null;
    } catch (e) {
      const message = (e as Error).message;
      const [id = '', src = ''] = meshes.find(([, src]) => message.startsWith(src)) ?? meshes[0] ?? [];
      return { ok: false, reason: `${file}: mesh of model "${t.names[id] ?? id}" (${formatValue(src)}): ${message}` };
    }
  }

  /** Puts a prepared table in the store (ending any match on the old one) and plays on it. */
  private adopt(prepared: { terrain: Scene; file: string }, online = false): void {
    this.clearTimer();
    if (!online) this.leaveOnline();
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
    this.leaveOnline();
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
    const r = this.online ? await this.sendOnline(view, move) : await this.play(view, view.decider, move);
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
    if (this.online) return { ok: false, reason: msg('ui:refuse.online-undo') };
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
    if (view.thinking && !this.online) this.scheduleAi();
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
  async createOnline(o: OnlineCreate): Promise<{ code: string; seat: Side | 'spectator'; url: string }> {
    const link = this.linkOnline();
    const { code, seat } = await link.create(o);
    // The link to send: the seat left for a remote player, else a spectator's.
    const remote = (['A', 'B'] as const).find((s) => o.seats[s] === 'remote' || (o.seats[s] === 'me' && s !== seat));
    return { code, seat, url: onlineUrl(code, remote ?? 'spectator') };
  }

  /**
   * The set-up panel's online match: the room is created on the game server with the panel's ruleset,
   * forces (as the listed forces' ids: the server sets up as the battle CLI does), options and seed; a
   * Human seat is this page's, an Online seat waits for the player the link is sent to, an AI seat is
   * played by the server.
   */
  async startOnline(opts: Omit<StartOptions, 'table' | 'level'>): Promise<PlayResult> {
    const entry = await playable(opts.rules ?? RULESET_IDS[0]!, 'rules');
    if (typeof entry === 'string') return { ok: false, reason: entry };
    const b = entry.play.forces;
    const data = b.defaultData();
    if (opts.data !== undefined && JSON.stringify(opts.data) !== JSON.stringify(data))
      return { ok: false, reason: msg('ui:refuse.online-data') };
    const forces = { A: '', B: '' };
    for (const side of ['A', 'B'] as const) {
      const f = opts.forces?.[side] ?? b.defaults[side];
      const id =
        typeof f === 'string'
          ? f
          : b.presets(data).find((p) => JSON.stringify(b.preset(data, p.id)) === JSON.stringify(f))?.id;
      if (!id) return { ok: false, reason: msg('ui:refuse.online-force', { side }) };
      forces[side] = id;
    }
    const chosen = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'remote' };
    const mine = (['A', 'B'] as const).find((side) => chosen[side] === 'human');
    const kind = (side: Side) => (chosen[side] === 'ai' ? 'ai' : side === mine ? 'me' : 'remote');
    try {
      await this.createOnline({
        rules: entry.id,
        seats: { A: kind('A'), B: kind('B') },
        forces,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(opts.options ? { options: opts.options } : {}),
        ...(mine ? { seat: mine } : {}),
      });
      return { ok: true };
    } catch (e) {
      this.leaveOnline();
      return { ok: false, reason: msg('ui:refuse.online-create', { reason: (e as Error).message }) };
    }
  }

  /** Joins an online room by its code, at a side or watching. */
  async joinOnline(code: string, seat: Side | 'spectator', password?: string): Promise<PlayResult> {
    try {
      await this.linkOnline().join(code, seat, password);
      return { ok: true };
    } catch (e) {
      this.leaveOnline();
      return { ok: false, reason: msg('ui:refuse.online-join', { code, reason: (e as Error).message }) };
    }
  }

  /** Where this page stands online. */
  onlineStatus(): OnlineStatus {
    return this.online?.link.status() ?? { connected: false, code: null, seat: null, players: null };
  }

  /** A new link (leaving any room this page was in). */
  private linkOnline(): OnlineLink {
    this.leaveOnline();
    // Each listener answers only while its own link is the page's (a view of a room left behind is dropped).
    const mine = () => this.online?.link === link;
    const link: OnlineLink = new OnlineLink({
      view: async (v) => (mine() ? this.showOnline(v) : undefined),
      refused: (r) => (mine() ? this.refusedOnline(r) : undefined),
      changed: () => (mine() ? this.store.setState({ online: this.onlineSlice() }) : undefined),
    });
    this.online = { link, file: null, waiting: null, shown: -1 };
    return link;
  }

  private leaveOnline(): void {
    const was = this.online;
    this.online = null;
    if (!was) return;
    was.waiting?.done({ ok: false, reason: STALE });
    void was.link.leave();
  }

  private onlineSlice(): OnlineSlice['online'] {
    const s = this.online?.link.status();
    const now = this.store.getState().online;
    if (!s?.code || !s.seat || !now) return now;
    return { ...now, players: s.players ?? now.players };
  }

  /** Sends a move to the server; the answer is the view with it played, or the server's refusal. */
  private sendOnline(view: PlayView, move: Move<Action>): Promise<PlayResult> {
    const online = this.online!;
    const at = view.match.log.length;
    online.waiting?.done({ ok: false, reason: STALE });
    return this.track(
      new Promise<PlayResult>((done) => {
        online.waiting = { at, done };
        online.link.send(move, at);
      }),
    );
  }

  private refusedOnline(r: RefusedMessage): void {
    const waiting = this.online?.waiting;
    if (!waiting) return;
    this.online!.waiting = null;
    waiting.done({ ok: false, reason: r.reason });
  }

  /** The match a view describes: a whole view's, or a part (the log from `logFrom`) joined to the match shown; null when there is none to join. */
  private wholeMatch(v: ViewMessage): AnyMatch | null {
    const part = v.match as Omit<AnyMatch, 'initial'> & { initial: AnyMatch['initial'] | null };
    if (v.logFrom === 0 && part.initial) return part as AnyMatch;
    const shown = this.store.getState().play?.match;
    if (!shown || shown.log.length < v.logFrom) return null;
    return { ...part, initial: shown.initial, log: [...shown.log.slice(0, v.logFrom), ...part.log] };
  }

  /** Shows a view the server sent: the table on the first, then each new entry's events and the new view. */
  private async showOnline(v: ViewMessage): Promise<void> {
    const online = this.online;
    if (!online) return;
    const entry = await playable(v.rules, 'rules');
    if (typeof entry === 'string') throw new Error(render(entry));
    const match = this.wholeMatch(v);
    if (!match) {
      // A part of the match with nothing to add it to: ask for the whole of it.
      online.link.sync();
      return;
    }
    const seat = v.seat ?? 'spectator';
    const seatOf = (p: Side): Seat => (seat === p ? 'human' : v.seats[p].kind === 'ai' ? 'ai' : 'remote');
    const seats: Record<Side, Seat> = { A: seatOf('A'), B: seatOf('B') };
    const built = forcesFrom(entry, entry.play.forces.defaultData(), v.forces);
    const forces = 'refused' in built ? { A: v.forces.A, B: v.forces.B } : built;
    const seating: Seating = { rules: entry.id, forces, options: v.options, seats };
    if (this.online !== online) return;
    const first = online.file === null;
    this.store.setState({ online: { code: v.code, seat, hash: v.hash, players: v.seats } });
    if (first) {
      const prepared = await this.prepareTable(entry.play.tableOf(match.state));
      if (!prepared.ok) throw new Error(render(prepared.reason));
      if (this.online !== online) return;
      this.adopt(prepared, true);
      online.file = prepared.file;
    }
    const view = await this.engine.view(online.file!, seating, match);
    if (this.online !== online) return;
    const s = this.store.getState();
    if (first) s.replaceLog(v.events as { events: RuleEvent[]; entry: number }[]);
    else if (v.logFrom === 0) {
      // A whole view after others (a reconnection, a restart that lost actions no one was told of): the log
      // keeps what the match still has, and the entries from there on are told again.
      s.dropLoggedEntries(match.log.length);
      online.shown = Math.min(online.shown, match.log.length - 1);
      for (const e of v.events.filter((x) => x.entry > online.shown))
        s.pushEvents(e.events as RuleEvent[], e.entry, entry.effectOf, s.aiPace);
    } else
      for (const e of v.events.filter((x) => x.entry > online.shown)) {
        // Another seat's move (the AI's, the remote player's) plays at the AI turn pace, as offline.
        const mine = match.log[e.entry]?.player === seat;
        s.pushEvents(e.events as RuleEvent[], e.entry, entry.effectOf, mine ? 1 : s.aiPace);
      }
    online.shown = Math.max(online.shown, ...v.events.map((e) => e.entry));
    this.publish(view, first);
    const waiting = online.waiting;
    if (waiting && match.log.length > waiting.at) {
      online.waiting = null;
      waiting.done({ ok: true });
    }
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

/** The link that opens an online room in a page: at a side, or watching. */
export function onlineUrl(code: string, seat: Side | 'spectator' | null): string {
  const base = typeof location === 'undefined' ? 'http://127.0.0.1:4173/' : `${location.origin}${location.pathname}`;
  return `${base}?room=${code}${seat === 'spectator' ? '&spectator' : seat ? `&seat=${seat}` : ''}`;
}
