/**
 * Playing a match in the app: hotseat (two people at one screen) or solo against the AI, for any
 * playable ruleset in the registry. The controller owns the rules Queries over the table and the
 * AI's timer; the store's `play` slice holds what the panels draw (plain JSON, playView.ts).
 *
 * Every move goes through the engine's `act`, so the browser plays exactly what the headless
 * `battle` CLI plays; the scene's models and smoke are redrawn from the rules state after each one.
 */
import type { ByteReader } from '../io/meshCache';
import { cachedMesh, loadMeshes } from '../io/meshCache';
import type { Scene } from '../geometry/sceneTypes';
import { act, newMatch, replay, undo, type Match, type Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import { isError, type Action, type RuleEvent, type TablePick } from '../rules/engine/types';
import type { TableChoice, TableView } from '../rules/engine/play';
import { rulesetEntry, RULESETS, type AnyPlayable } from '../rules/registry';
import { formatValue, validateScene } from '../io/sceneFile';
import { meshSources } from './sceneLoader';
import { hashMismatch, readSave, saveText } from './saveFile';
import type { TabletopStore } from './store';
import { worldQueries } from './worldQueries';
import { nothingArmed, sceneOf, undoer, viewOf, type PlayView, type Seat, type Setup, type Side } from './playView';

export type { Choice, PlayView, Seat, Side } from './playView';

/** The store slice. */
export interface PlaySlice {
  play: PlayView | null;
}

/** How to start a match. */
export interface StartOptions {
  /** The ruleset's id (default: the registry's first playable one). */
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
}

/** What a start or a move answered. */
export type PlayResult = { ok: true } | { ok: false; reason: string };

/** The saved-game file (format, version, migration) lives in saveFile.ts. */
export { isSavedGame, SAVE_FORMAT, SAVE_VERSION } from './saveFile';

/** A playable ruleset's entry by id, or why not. */
function playable(id: unknown, where: string): AnyPlayable | string {
  const entry = typeof id === 'string' ? rulesetEntry(id) : null;
  if (!entry)
    return `${where} must be one of ${RULESETS.map((r) => JSON.stringify(r.id)).join(', ')} (got ${JSON.stringify(id)})`;
  if (!entry.playable) return `${where}: ${entry.reason}`;
  return entry;
}

const words = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(', ');

/** Each side's force from the options (a preset id or a built force), checked; or why not. */
function forcesFrom(
  entry: AnyPlayable,
  data: unknown,
  given: Partial<Record<Side, unknown>>,
): Record<Side, unknown> | string {
  const b = entry.play.forces;
  const out = {} as Record<Side, unknown>;
  for (const p of ['A', 'B'] as const) {
    const f = given[p] ?? b.defaults[p];
    let force: unknown;
    if (typeof f === 'string') {
      force = b.preset(data, f);
      if (force === null)
        return `${b.noun} ${p}: no ${b.noun} "${f}" in the ${b.fileLabel.toLowerCase()} file (have: ${b
          .presets(data)
          .map((x: { id: string }) => x.id)
          .join(', ')})`;
    } else force = f;
    let problem: string | null;
    try {
      problem = b.problem(data, force);
    } catch (e) {
      problem = `not a ${b.noun} (${(e as Error).message})`;
    }
    if (problem) return `${b.noun} ${p}: ${problem}`;
    out[p] = force;
  }
  return out;
}

/** The declared options with their defaults, each value checked; or why not. */
function optionsFrom(entry: AnyPlayable, given: Record<string, string> = {}): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const k of Object.keys(given)) {
    if (!entry.play.options.some((o) => o.id === k))
      return `${entry.name} has no option "${k}" (has: ${words(entry.play.options.map((o) => o.id)) || 'none'})`;
  }
  for (const o of entry.play.options) {
    const v = given[o.id] ?? o.choices[0]!.value;
    if (!o.choices.some((c) => c.value === v))
      return `${o.id} must be one of ${words(o.choices.map((c) => c.value))} (got ${JSON.stringify(v)})`;
    out[o.id] = v;
  }
  return out;
}

/** Pause before an AI move, so a watcher can follow (and animations can start), ms. */
const AI_DELAY_MS = 350;

/** A saved game or a mid-game state to continue: the initial state and the log. */
type Saved = {
  initial: Match<unknown, Action>['initial'];
  log?: Match<unknown, Action>['log'];
  casualUndo?: boolean;
  /** The state hash the replayed game must have (a save's, since version 2). */
  hash?: string | null;
};

/** The play controller: one per app (or per test). */
export class PlayController {
  private queries: Queries | null = null;
  private terrain: Scene | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: TabletopStore,
    private readonly read: ByteReader,
    private readonly options: { aiDelayMs?: number; waitForAnimations?: boolean } = {},
  ) {}

  /** Loads the ruleset's table and starts a match with both sides off the table. */
  async start(opts: StartOptions = {}): Promise<PlayResult> {
    const entry = playable(opts.rules ?? RULESETS.find((r) => r.playable)!.id, 'rules');
    if (typeof entry === 'string') return { ok: false, reason: entry };
    const seats: Record<Side, Seat> = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'ai' };
    const seed = opts.seed ?? 1;
    if (!Number.isInteger(seed) || seed < 0)
      return { ok: false, reason: `the seed must be a whole number from 0 up (got ${seed})` };
    const b = entry.play.forces;
    let data: unknown;
    if (opts.data === undefined) data = b.defaultData();
    else {
      const r = b.validate(opts.data, 'forces data');
      if (!r.ok) return { ok: false, reason: r.error.message };
      data = r.value;
    }
    const forces = forcesFrom(entry, data, opts.forces ?? {});
    if (typeof forces === 'string') return { ok: false, reason: forces };
    const options = optionsFrom(entry, opts.options);
    if (typeof options === 'string') return { ok: false, reason: options };
    const tables: readonly TableChoice[] = entry.play.tables;
    const table = opts.table === undefined ? tables[0] : tables.find((t) => t.id === String(opts.table));
    if (!table)
      return {
        ok: false,
        reason: `table must be one of ${words(tables.map((t) => t.id))} (got ${JSON.stringify(opts.table)})`,
      };
    const prepared = await this.prepareTable(table);
    if (!prepared.ok) return prepared;
    const state: unknown = entry.play.setup(prepared.terrain.table, data, forces, options);
    const meshFailure = await this.loadModelMeshes(entry.play.table(state), 'forces data');
    if (meshFailure) return meshFailure;
    this.adopt(prepared);
    this.publish({ rules: entry.id, forces, options }, newMatch(entry.ruleset, state, seed), seats);
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
  ): Promise<PlayResult> {
    const id = (saved.initial?.state as { ruleset?: unknown } | undefined)?.ruleset;
    const entry = playable(id, `${file}: initial.state.ruleset`);
    if (typeof entry === 'string') return { ok: false, reason: entry };
    let table: TableChoice;
    try {
      table = entry.play.tableOf(saved.initial.state);
    } catch (e) {
      return { ok: false, reason: `${file}: initial.state: ${(e as Error).message}` };
    }
    const prepared = await this.prepareTable(table);
    if (!prepared.ok) return prepared;
    let match: Match<unknown, Action>;
    const steps: { events: RuleEvent[]; entry: number }[] = [];
    try {
      match = replay(
        entry.ruleset,
        { initial: saved.initial, casualUndo: saved.casualUndo ?? false },
        saved.log ?? [],
        prepared.queries,
        (events, n) => steps.push({ events, entry: n }),
      );
    } catch (e) {
      return { ok: false, reason: `${file}: ${(e as Error).message}` };
    }
    const mismatch = hashMismatch(file, saved.hash ?? null, match);
    if (mismatch) return { ok: false, reason: mismatch };
    const meshFailure = await this.loadModelMeshes(entry.play.table(match.state), `${file}: forces`);
    if (meshFailure) return meshFailure;
    this.adopt(prepared);
    // The loaded game's battle log, rebuilt from the replay (nothing is animated again).
    this.store.getState().replaceLog(steps);
    this.publish({ rules: entry.id, forces: { A: forces.A ?? null, B: forces.B ?? null }, options }, match, seats);
    const n = match.log.length;
    this.store
      .getState()
      .setNotice(
        `Loaded ${file}: ${n} move${n === 1 ? '' : 's'} replayed; ${this.store.getState().play?.status ?? ''}`,
      );
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
    const { saved, seats, forces, options } = r.value;
    return this.resume(saved, seats, file, forces, options);
  }

  /** A table's terrain and Queries over it (the store's table is not touched yet). */
  private async prepareTable(table: {
    file: string;
    scene: unknown;
  }): Promise<{ ok: true; terrain: Scene; file: string; queries: Queries } | { ok: false; reason: string }> {
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
    return { ok: true, terrain: checked.value, file, queries: worldQueries(checked.value, cachedMesh) };
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
  private adopt(prepared: { terrain: Scene; file: string; queries: Queries }): void {
    this.clearTimer();
    this.store.getState().acceptScene(prepared.terrain, prepared.file);
    // A new game starts with an empty log and nothing left to animate (and no view of the old one).
    this.store.setState({ eventLog: [], eventQueue: [], play: null, highlight: [] });
    this.terrain = prepared.terrain;
    this.queries = prepared.queries;
  }

  /** Leaves play mode (the table stays as it is). */
  stop(): void {
    this.clearTimer();
    this.store.setState({ play: null });
  }

  /** Plays a move for the player whose decision it is (a human seat). */
  submit(move: Move<Action>): PlayResult {
    const view = this.store.getState().play;
    if (!view || !this.queries) return { ok: false, reason: 'no match is being played' };
    if (!view.decider) return { ok: false, reason: 'the game is over' };
    if (view.seats[view.decider] !== 'human') return { ok: false, reason: `it is the AI's decision (${view.decider})` };
    const r = this.play(view, view.decider, move);
    // A person's move ends what the table was saying (an AI's move does not: a load's confirmation stays).
    if (r.ok) this.store.getState().setNotice(null);
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

  /** A click on the table while a pick is waiting: the move there. */
  clickTable(x: number, y: number, z: number): PlayResult {
    const view = this.store.getState().play;
    if (!view) return { ok: false, reason: 'no match is being played' };
    if (!view.pick) {
      const reason = nothingArmed(view);
      this.store.getState().setNotice(reason);
      return { ok: false, reason };
    }
    const r = this.submit(this.entry(view).play.pickAction(view.pick, x, y, z));
    if (!r.ok) this.store.getState().setNotice(r.reason);
    return r;
  }

  /** Takes back the deciding human's last move (refused once dice were rolled, as the engine rules). */
  undo(): PlayResult {
    const view = this.store.getState().play;
    if (!view || !this.queries) return { ok: false, reason: 'no match is being played' };
    const human = undoer(view.match, view.decider, view.seats);
    if (!human) return { ok: false, reason: 'no human seat to undo for' };
    const r = undo(this.entry(view).ruleset, view.match, human, this.queries);
    if (isError(r)) return { ok: false, reason: r.message };
    // The undone actions' lines leave the battle log.
    this.store.getState().dropLoggedEntries(r.log.length);
    this.publish(view, r, view.seats);
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

  /** The registry entry of the view's ruleset (a view is only ever made for a playable one). */
  private entry(view: { rules: string }): AnyPlayable {
    return rulesetEntry(view.rules) as AnyPlayable;
  }

  private play(view: PlayView, player: Side, move: Move<Action>): PlayResult {
    const r = act(this.entry(view).ruleset, view.match, player, move, this.queries!);
    if (isError(r)) return { ok: false, reason: r.message };
    this.store.getState().pushEvents(r.events, view.match.log.length);
    this.publish(view, r.match, view.seats);
    return { ok: true };
  }

  /** Redraws the table and the panel from a match, and wakes the AI when it is its turn. */
  private publish(setup: Setup, match: Match<unknown, Action>, seats: Record<Side, Seat>): void {
    const entry = this.entry(setup);
    const { rules, forces, options } = setup;
    const now = this.store.getState();
    const view = viewOf(entry, { rules, forces, options }, match, seats, this.queries!, now.play);
    this.store.setState({ scene: sceneOf(this.terrain ?? now.scene, entry.play.table(match.state)), play: view });
    if (view.thinking) this.scheduleAi();
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
      if (now.play !== view || !view || !view.decider) return;
      if (now.eventQueue.length > 0 && this.options.waitForAnimations !== false) {
        this.scheduleAi();
        return;
      }
      const move = this.entry(view).bot(view.match, view.decider, this.queries!);
      if (!move) {
        now.setNotice(`${view.decider} (AI) has no legal move: please report this`);
        return;
      }
      const r = this.play(view, view.decider, move);
      if (!r.ok) now.setNotice(`the AI's move was refused: ${r.reason}`);
    }, this.options.aiDelayMs ?? AI_DELAY_MS);
  }
}
