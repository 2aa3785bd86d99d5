/**
 * Playing a match in the app: hotseat (two people at one screen) or solo against the AI, for any
 * ruleset with a play adapter (BLKOUT, Counterblast). The controller owns the rules Queries over
 * the table and the AI's timer; the store's `play` slice holds what the panels draw (plain JSON):
 * the match, whose decision it is, the choices on offer with their sentences, the point the player
 * is picking, and the markers on the table.
 *
 * Every move goes through the engine's `act`, so the browser plays exactly what the headless
 * `battle` CLI plays; the scene's models and smoke are redrawn from the rules state after each one.
 */
import type { ByteReader } from '../io/meshCache';
import { cachedMesh, loadMeshes } from '../io/meshCache';
import type { Scene } from '../geometry/sceneTypes';
import type { BlkoutAction, BlkoutState } from '../rules/blkout';
import { groupProblem, PLAYERS, STARTER_GROUPS, type GroupChoice, type Player } from '../rules/blkout/game';
import { validateData, type BlkoutData } from '../rules/blkout/data';
import { SPECIAL_RULES, type SpecialRule } from '../rules/blkout/special';
import type { CbAction, CbState } from '../rules/counterblast';
import { validateCrews, type CounterblastData } from '../rules/counterblast/data';
import { SAMPLE_CREWS } from '../rules/counterblast/game';
import {
  act,
  canUndo,
  decider,
  legalMoves,
  newMatch,
  replay,
  undo,
  type Match,
  type Move,
} from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import {
  isError,
  type Action,
  type Outcome,
  type RuleEvent,
  type TableMarker,
  type TablePick,
} from '../rules/engine/types';
import { validateScene } from '../io/sceneFile';
import { BLKOUT_PLAY, BLKOUT_TABLES, starterData, type BlkoutTable } from './playBlkout';
import { COUNTERBLAST_PLAY, sampleCrews } from './playCounterblast';
import { erase, type AnyPlayRules, type Choice, type Seat } from './playRules';
import { meshSources } from './sceneLoader';
import type { TabletopStore } from './store';
import { worldQueries } from './worldQueries';

export { BLKOUT_SCENARIO_FILE, BLKOUT_TABLES, sceneOf, starterData, type BlkoutTable } from './playBlkout';
export type { Choice, Seat } from './playRules';

/** The rulesets the app plays. */
const PLAYABLE = { blkout: erase(BLKOUT_PLAY), counterblast: erase(COUNTERBLAST_PLAY) } as const;
/** A ruleset the app plays. */
export type PlayableRules = keyof typeof PLAYABLE;

/** What every play view has, whatever the ruleset. */
interface ViewOf<S, A extends Action> {
  match: Match<S, A>;
  seats: Record<Player, Seat>;
  /** The players in table order (the scene colours sides in this order). */
  sides: readonly string[];
  /** Turn, phase and who is doing what, in words. */
  status: string;
  decider: Player | null;
  /** A reaction window is open for the decider. */
  reacting: boolean;
  /** The decider's choices that need no point (only for a human decider). */
  choices: Choice<A>[];
  /** The decider's choices that need a point on the table. */
  picks: TablePick[];
  /** Actions the decider cannot take now, with the reason (shown greyed). */
  blocked: { label: string; reason: string }[];
  /** The pick waiting for a click on the table. */
  pick: TablePick | null;
  /** The AI is choosing. */
  thinking: boolean;
  markers: TableMarker[];
  outcome: Outcome | null;
  /** Each side's force, by name (a BLKOUT group, a Counterblast crew), for the legend and the score. */
  forceNames: Record<Player, string>;
  /** Whether Undo would take something back now (the last mover's move in hotseat, the human's in solo). */
  undoable: boolean;
}

/** A BLKOUT match's view: the groups each side fields. */
export interface BlkoutView extends ViewOf<BlkoutState, BlkoutAction> {
  rules: 'blkout';
  groups: Record<Player, GroupChoice>;
}
/** A Counterblast match's view: each side's crew (id). */
export interface CounterblastView extends ViewOf<CbState, CbAction> {
  rules: 'counterblast';
  crews: Record<Player, string>;
}
/** The play slice's value: everything the play panel and the scene need, as JSON. */
export type PlayView = BlkoutView | CounterblastView;

/** The store slice. */
export interface PlaySlice {
  play: PlayView | null;
}

/** How to start a BLKOUT match. */
export interface StartOptions {
  rules?: 'blkout';
  seats?: Partial<Record<Player, Seat>>;
  seed?: number;
  groups?: Partial<Record<Player, GroupChoice>>;
  /** The match-play special rule, or none. */
  special?: SpecialRule | null;
  /** The table: 36 (36" x 36", default) or 24 (24" x 24"). */
  table?: BlkoutTable;
  /** Unit cards (defaults to assets/rulesets/blkout/units.json). */
  data?: unknown;
}

/** How to start a Counterblast battle: each side's crew from the crews file (default: the samples). */
export interface CounterblastStart {
  rules: 'counterblast';
  seats?: Partial<Record<Player, Seat>>;
  seed?: number;
  crews?: Partial<Record<Player, string>>;
  /** A crews file (counterblast-crews/1; defaults to assets/rulesets/counterblast/crews.json). */
  data?: unknown;
}

/** What a start or a move answered. */
export type PlayResult = { ok: true } | { ok: false; reason: string };

/** The saved-game format. */
export const SAVE_FORMAT = 'tabletop-match/1';

/** Whether a file's text is a saved game (so Open… can hand it to Load game instead of the scene loader). */
export function isSavedGame(text: string): boolean {
  try {
    const o = JSON.parse(text) as { format?: unknown } | null;
    return typeof o === 'object' && o !== null && o.format === SAVE_FORMAT;
  } catch {
    return false;
  }
}

/** Pause before an AI move, so a watcher can follow (and animations can start), ms. */
const AI_DELAY_MS = 350;

/** A saved game or a mid-game state to continue: the initial state and the log. */
type Saved = { initial: Match<unknown, Action>['initial']; log?: Match<unknown, Action>['log']; casualUndo?: boolean };

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

  /** Loads the table and starts a match (BLKOUT unless `rules: 'counterblast'`) with both sides off the table. */
  async start(opts: StartOptions | CounterblastStart = {}): Promise<PlayResult> {
    const seats: Record<Player, Seat> = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'ai' };
    const seed = opts.seed ?? 1;
    if (!Number.isInteger(seed) || seed < 0)
      return { ok: false, reason: `the seed must be a whole number from 0 up (got ${seed})` };
    if (opts.rules === 'counterblast') return this.startCounterblast(opts, seats, seed);
    if (opts.rules !== undefined && opts.rules !== 'blkout')
      return { ok: false, reason: `rules must be "blkout" or "counterblast" (got ${JSON.stringify(opts.rules)})` };
    const groups: Record<Player, GroupChoice> = {
      A: opts.groups?.A ?? STARTER_GROUPS.A,
      B: opts.groups?.B ?? STARTER_GROUPS.B,
    };
    let data: BlkoutData;
    if (opts.data === undefined) data = starterData();
    else {
      const r = validateData(opts.data, 'unit cards');
      if (!r.ok) return { ok: false, reason: r.error.message };
      data = r.data;
    }
    for (const p of PLAYERS) {
      const problem = groupProblem(data, groups[p]);
      if (problem) return { ok: false, reason: `group ${p}: ${problem}` };
    }
    const size = opts.table ?? 36;
    if (!(size in BLKOUT_TABLES))
      return { ok: false, reason: `table must be 36 or 24 (got ${JSON.stringify(opts.table)})` };
    if (opts.special != null && !(SPECIAL_RULES as readonly string[]).includes(opts.special))
      return {
        ok: false,
        reason: `special must be one of ${SPECIAL_RULES.join(', ')} (got ${JSON.stringify(opts.special)})`,
      };
    const prepared = await this.prepareTable(BLKOUT_TABLES[size]);
    if (!prepared.ok) return prepared;
    const state = BLKOUT_PLAY.ruleset.setup(
      { table: prepared.terrain.table, models: [] },
      { data, groups, special: opts.special ?? null },
    );
    this.adopt(prepared);
    this.publish({ rules: 'blkout', groups }, newMatch(BLKOUT_PLAY.ruleset, state, seed), seats);
    return { ok: true };
  }

  private async startCounterblast(
    opts: CounterblastStart,
    seats: Record<Player, Seat>,
    seed: number,
  ): Promise<PlayResult> {
    let data: CounterblastData;
    if (opts.data === undefined) data = sampleCrews();
    else {
      const r = validateCrews(opts.data, 'crews');
      if (!r.ok) return { ok: false, reason: r.error.message };
      data = r.data;
    }
    const crews: Record<Player, string> = { A: opts.crews?.A ?? SAMPLE_CREWS.A, B: opts.crews?.B ?? SAMPLE_CREWS.B };
    for (const p of PLAYERS) {
      if (!data.crews.some((c) => c.id === crews[p]))
        return {
          ok: false,
          reason: `crew ${p}: no crew "${crews[p]}" in the crews file (have: ${data.crews.map((c) => c.id).join(', ')})`,
        };
    }
    const prepared = await this.prepareTable(COUNTERBLAST_PLAY.tableOf(null as never));
    if (!prepared.ok) return prepared;
    const state = COUNTERBLAST_PLAY.ruleset.setup({ table: prepared.terrain.table, models: [] }, { data, crews });
    this.adopt(prepared);
    this.publish({ rules: 'counterblast', crews }, newMatch(COUNTERBLAST_PLAY.ruleset, state, seed), seats);
    return { ok: true };
  }

  /**
   * Continues a match from its initial state and log (a saved game, or a test's mid-game state):
   * the log is replayed, so a save that does not replay is refused and the current game stays.
   */
  async resume(
    saved: Saved,
    seats: Record<Player, Seat>,
    file = 'saved game',
    groups: Record<Player, GroupChoice> = STARTER_GROUPS,
  ): Promise<PlayResult> {
    const state = saved.initial?.state as { ruleset?: unknown; crews?: Record<Player, { id: string }> } | undefined;
    const id = state?.ruleset;
    if (id !== 'blkout' && id !== 'counterblast')
      return {
        ok: false,
        reason: `${file}: initial.state.ruleset must be "blkout" or "counterblast" (got ${JSON.stringify(id)})`,
      };
    const rules = PLAYABLE[id];
    let table: { file: string; scene: unknown };
    try {
      table = rules.tableOf(saved.initial.state);
    } catch (e) {
      return { ok: false, reason: `${file}: initial.state: ${(e as Error).message}` };
    }
    const prepared = await this.prepareTable(table);
    if (!prepared.ok) return prepared;
    let match: Match<unknown, Action>;
    const steps: { events: RuleEvent[]; entry: number }[] = [];
    try {
      match = replay(
        rules.ruleset,
        { initial: saved.initial, casualUndo: saved.casualUndo ?? false },
        saved.log ?? [],
        prepared.queries,
        (events, entry) => steps.push({ events, entry }),
      );
    } catch (e) {
      return { ok: false, reason: `${file}: ${(e as Error).message}` };
    }
    this.adopt(prepared);
    // The loaded game's battle log, rebuilt from the replay (nothing is animated again).
    this.store.getState().replaceLog(steps);
    const setup: Setup =
      id === 'blkout'
        ? { rules: 'blkout', groups }
        : { rules: 'counterblast', crews: { A: state?.crews?.A?.id ?? '?', B: state?.crews?.B?.id ?? '?' } };
    this.publish(setup, match, seats);
    const n = match.log.length;
    this.store
      .getState()
      .setNotice(
        `Loaded ${file}: ${n} move${n === 1 ? '' : 's'} replayed; ${this.store.getState().play?.status ?? ''}`,
      );
    return { ok: true };
  }

  /** The saved-game text: format, rules, seats, groups, the initial state and the log (replayed on load). */
  saveText(): string | null {
    const view = this.store.getState().play;
    if (!view) return null;
    const m = view.match;
    const extra = view.rules === 'blkout' ? { groups: view.groups } : { crews: view.crews };
    return `${JSON.stringify({ format: SAVE_FORMAT, rules: view.rules, seats: view.seats, ...extra, casualUndo: m.casualUndo, initial: m.initial, log: m.log })}\n`;
  }

  /** Loads a saved game; a bad file is refused with what is wrong and where, and the current game stays. */
  async loadText(text: string, file: string): Promise<PlayResult> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return { ok: false, reason: `${file}: not JSON (${(e as Error).message})` };
    }
    const o = json as Record<string, unknown>;
    if (!o || typeof o !== 'object') return { ok: false, reason: `${file}: a saved game is a JSON object` };
    if (o.format !== SAVE_FORMAT)
      return { ok: false, reason: `${file}: format must be "${SAVE_FORMAT}" (got ${JSON.stringify(o.format)})` };
    if (o.rules !== 'blkout' && o.rules !== 'counterblast')
      return {
        ok: false,
        reason: `${file}: rules must be "blkout" or "counterblast" (got ${JSON.stringify(o.rules)})`,
      };
    const seats = o.seats as Record<string, unknown> | undefined;
    for (const p of PLAYERS) {
      if (seats?.[p] !== 'human' && seats?.[p] !== 'ai')
        return { ok: false, reason: `${file}: seats.${p} must be "human" or "ai" (got ${JSON.stringify(seats?.[p])})` };
    }
    if (!Array.isArray(o.log)) return { ok: false, reason: `${file}: log must be a list of moves` };
    const initial = o.initial as Saved['initial'] | undefined;
    if ((initial?.state as { ruleset?: unknown } | undefined)?.ruleset !== o.rules)
      return { ok: false, reason: `${file}: initial.state is not a ${o.rules} state` };
    return this.resume(
      o as unknown as Saved,
      seats as Record<Player, Seat>,
      file,
      (o.groups as Record<Player, GroupChoice> | undefined) ?? STARTER_GROUPS,
    );
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

  /** Puts a prepared table in the store (ending any match on the old one) and plays on it. */
  private adopt(prepared: { terrain: Scene; file: string; queries: Queries }): void {
    this.clearTimer();
    this.store.getState().acceptScene(prepared.terrain, prepared.file);
    // A new game starts with an empty log and nothing left to animate.
    this.store.setState({ eventLog: [], eventQueue: [] });
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
    const onTable = pick?.model
      ? (view.match.state.models as Record<string, { pos?: unknown } | undefined>)[pick.model]?.pos
      : null;
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
    const r = this.submit(PLAYABLE[view.rules].pickAction(view.pick, x, y, z));
    if (!r.ok) this.store.getState().setNotice(r.reason);
    return r;
  }

  /** Takes back the deciding human's last move (refused once dice were rolled, as the engine rules). */
  undo(): PlayResult {
    const view = this.store.getState().play;
    if (!view || !this.queries) return { ok: false, reason: 'no match is being played' };
    const human = undoer(view.match as Match<unknown, Action>, view.decider, view.seats);
    if (!human) return { ok: false, reason: 'no human seat to undo for' };
    const r = undo(PLAYABLE[view.rules].ruleset, view.match as Match<unknown, Action>, human, this.queries);
    if (isError(r)) return { ok: false, reason: r.message };
    // The undone actions' lines leave the battle log.
    this.store.getState().dropLoggedEntries(r.log.length);
    this.publish(setupOf(view), r, view.seats);
    return { ok: true };
  }

  /** The match so far (a copy), for saving or replaying. */
  match(): PlayView['match'] | null {
    const view = this.store.getState().play;
    return view ? (JSON.parse(JSON.stringify(view.match)) as PlayView['match']) : null;
  }

  private play(view: PlayView, player: Player, move: Move<Action>): PlayResult {
    const r = act(PLAYABLE[view.rules].ruleset, view.match as Match<unknown, Action>, player, move, this.queries!);
    if (isError(r)) return { ok: false, reason: r.message };
    this.store.getState().pushEvents(r.events, view.match.log.length);
    this.publish(setupOf(view), r.match, view.seats);
    return { ok: true };
  }

  /** Redraws the table and the panel from a match, and wakes the AI when it is its turn. */
  private publish(setup: Setup, match: Match<unknown, Action>, seats: Record<Player, Seat>): void {
    const rules: AnyPlayRules = PLAYABLE[setup.rules];
    const q = this.queries!;
    const s = match.state;
    const who = decider(rules.ruleset, match) as Player | null;
    let choices: Choice[] = [];
    let picks: TablePick[] = [];
    let blocked: { label: string; reason: string }[] = [];
    if (who && seats[who] === 'human') {
      const legal = legalMoves(rules.ruleset, match, who, q);
      picks = rules.picksOf(s, legal);
      blocked = rules.blocked(s, legal);
      const seen = new Set<string>();
      for (const move of legal) {
        if (rules.needsPoint(move)) continue;
        const label = rules.describe(s, q, move);
        if (seen.has(label)) continue;
        seen.add(label);
        choices.push({ label, move });
      }
      choices = rules.shownChoices(s, choices);
    }
    const scene = this.store.getState().scene;
    const view = {
      ...setup,
      sides: rules.players,
      match,
      seats,
      status: rules.phaseLine(s),
      decider: who,
      reacting: match.window !== null,
      choices,
      picks,
      blocked,
      pick: rules.autoPick(s, picks, choices),
      thinking: who !== null && seats[who] === 'ai',
      markers: rules.markers(s),
      outcome: rules.ruleset.outcome(s),
      undoable: undoable(match, who, seats),
      forceNames: forceNames(setup, s),
    } as PlayView;
    this.store.setState({ scene: rules.sceneOf(this.terrain ?? scene, s), play: view });
    if (who && seats[who] === 'ai') this.scheduleAi();
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
      const move = PLAYABLE[view.rules].bot(view.match as Match<unknown, Action>, view.decider, this.queries!);
      if (!move) {
        now.setNotice(`${view.decider} (AI) has no legal move: please report this`);
        return;
      }
      const r = this.play(view, view.decider, move);
      if (!r.ok) now.setNotice(`the AI's move was refused: ${r.reason}`);
    }, this.options.aiDelayMs ?? AI_DELAY_MS);
  }
}

/** What a view carries besides the match: the ruleset and each side's force. */
type Setup =
  { rules: 'blkout'; groups: Record<Player, GroupChoice> } | { rules: 'counterblast'; crews: Record<Player, string> };

const setupOf = (view: PlayView): Setup =>
  view.rules === 'blkout' ? { rules: 'blkout', groups: view.groups } : { rules: 'counterblast', crews: view.crews };

/**
 * Whose moves Undo takes back: the human who made the last move that was not a pass. In hotseat that
 * is the mover while the other player is asked to react, after they passed, and after a turn passed
 * to the other player (who has not moved yet); in solo the AI's moves fall back to the human seat.
 * The engine then takes back that player's last move and everything after it.
 */
function undoer(match: Match<unknown, Action>, decider: Player | null, seats: Record<Player, Seat>): Player | null {
  for (let i = match.log.length - 1; i >= 0; i--) {
    const e = match.log[i]!;
    if (e.action.type === 'pass') continue;
    if (seats[e.player as Player] === 'human') return e.player as Player;
    break;
  }
  if (decider && seats[decider] === 'human') return decider;
  return PLAYERS.find((p) => seats[p] === 'human') ?? null;
}

/** Each side's force by name: a BLKOUT group's name (or faction), a Counterblast crew's name. */
function forceNames(setup: Setup, s: unknown): Record<Player, string> {
  const name = (p: Player): string =>
    setup.rules === 'blkout'
      ? (setup.groups[p].name ?? setup.groups[p].faction)
      : ((s as CbState).crews[p]?.name ?? setup.crews[p]);
  return { A: name('A'), B: name('B') };
}

/** Whether Undo would take something back now. */
function undoable(match: Match<unknown, Action>, decider: Player | null, seats: Record<Player, Seat>): boolean {
  const who = undoer(match, decider, seats);
  return who !== null && canUndo(match, who);
}

/** What a click on the table with nothing armed should tell the player. */
function nothingArmed(view: PlayView): string {
  if (!view.decider) return 'the game is over: nothing to place';
  if (view.seats[view.decider] === 'ai') return `Player ${view.decider} (AI) is deciding: wait for its move`;
  if (view.picks.length > 0)
    return `press a dashed button first (${view.picks.map((p) => p.label).join(', ')}), then click the table`;
  return 'nothing goes on the table now: choose one of the buttons in the panel';
}
