/**
 * Playing a match in the app: hotseat (two people at one screen) or solo against the AI. The
 * controller owns the rules Queries over the table and the AI's timer; the store's `play` slice
 * holds what the panels draw (plain JSON): the match, whose decision it is, the choices on offer
 * with their sentences, the point the player is picking, and the markers on the table.
 *
 * Every move goes through the engine's `act`, so the browser plays exactly what the headless
 * `battle` CLI plays; the scene's models and smoke are redrawn from the rules state after each one.
 */
import blkout36 from '../../assets/scenarios/blkout-36.json';
import blkout24 from '../../assets/scenarios/blkout-24.json';
import unitCards from '../../assets/rulesets/blkout/units.json';
import { blkoutMove } from '../ai/blkoutBot';
import type { ByteReader } from '../io/meshCache';
import { cachedMesh } from '../io/meshCache';
import type { Model, Scene, Smoke } from '../io/sceneSchema';
import { ruleset as blkout, type BlkoutAction, type BlkoutState, type GroupChoice } from '../rules/blkout';
import { validateData, type BlkoutData } from '../rules/blkout/data';
import { SPECIAL_RULES, type SpecialRule } from '../rules/blkout/special';
import { describeAction, needsPoint, phaseLine, pickAction, picksOf, tableMarkers, type Pick } from '../rules/blkout/describe';
import { groupProblem, layoutOf, PLAYERS, SMOKE_RADIUS, STARTER_GROUPS, type Player } from '../rules/blkout/game';
import { act, decider, legalMoves, newMatch, replay, undo, type Match, type Move } from '../rules/engine/match';
import type { Queries } from '../rules/engine/queries';
import { isError, type Outcome, type TableMarker } from '../rules/engine/types';
import { loadMeshes } from '../io/meshCache';
import { validateScene } from '../io/sceneFile';
import { meshSources } from './sceneLoader';
import type { TabletopStore } from './store';
import { layoutModels, worldQueries } from './worldQueries';

/** Who sits in a seat. */
export type Seat = 'human' | 'ai';

/** A button the deciding player can press. */
export interface Choice {
  label: string;
  move: Move<BlkoutAction>;
}

/** The play slice's value: everything the play panel and the scene need, as JSON. */
export interface PlayView {
  rules: 'blkout';
  match: Match<BlkoutState, BlkoutAction>;
  seats: Record<Player, Seat>;
  groups: Record<Player, GroupChoice>;
  /** The players in table order (the scene colours sides in this order). */
  sides: readonly string[];
  /** Round, phase and who is doing what, in words. */
  status: string;
  decider: Player | null;
  /** A reaction window is open for the decider. */
  reacting: boolean;
  /** The decider's choices that need no point (only for a human decider). */
  choices: Choice[];
  /** The decider's choices that need a point on the table. */
  picks: Pick[];
  /** The pick waiting for a click on the table. */
  pick: Pick | null;
  /** The AI is choosing. */
  thinking: boolean;
  markers: TableMarker[];
  outcome: Outcome | null;
}

/** The store slice. */
export interface PlaySlice {
  play: PlayView | null;
}

/** How to start a match. */
export interface StartOptions {
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

/** What a start or a move answered. */
export type PlayResult = { ok: true } | { ok: false; reason: string };

/** The BLKOUT scenario every app match is played on. */
export const BLKOUT_SCENARIO_FILE = 'assets/scenarios/blkout-36.json';

/** The BLKOUT tables a match can be played on: 36" x 36" (the default) or 24" x 24". */
export const BLKOUT_TABLES = {
  36: { file: BLKOUT_SCENARIO_FILE, scene: blkout36 as unknown },
  24: { file: 'assets/scenarios/blkout-24.json', scene: blkout24 as unknown },
} as const;
/** A table size. */
export type BlkoutTable = keyof typeof BLKOUT_TABLES;
const UNITS_FILE = 'assets/rulesets/blkout/units.json';
/** The saved-game format. */
export const SAVE_FORMAT = 'tabletop-match/1';

/** Pause before an AI move, so a watcher can follow (and animations can start), ms. */
const AI_DELAY_MS = 350;

/** The starter unit cards, validated. */
export function starterData(): BlkoutData {
  const r = validateData(unitCards, UNITS_FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** The scene's models and smoke for a rules state (names shown on the labels). */
export function sceneOf(base: Scene, s: BlkoutState): Scene {
  const layout = layoutOf(s);
  const models: Model[] = layoutModels(layout).map((m) => {
    const rules = s.models[m.id];
    // A Duster's facing (degrees from +x towards +z) as the scene's (counter-clockwise seen from above): its notch shows the front arc.
    const facing = rules?.facing !== undefined ? { facingDeg: (360 - rules.facing) % 360 } : {};
    return { ...m, name: rules?.name ?? m.id, ...facing };
  });
  const smoke: Smoke[] = s.smoke.map((t) => ({ id: t.id, position: [t.x, 0, t.z], radius: SMOKE_RADIUS, height: null, light: t.light }));
  return { ...base, models, smoke };
}

/** A pick armed without asking: the only thing to do is place something (a hardpoint, the next model, a juke). */
function autoPick(picks: readonly Pick[], choices: readonly Choice[]): Pick | null {
  const only = picks.length === 1 ? picks[0]! : null;
  if (!only) return null;
  if (only.type === 'place-hardpoint' || only.type === 'juke-move') return only;
  return only.type === 'deploy' && choices.every((c) => c.move.type === 'hold-back') ? only : null;
}

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

  /** Loads the BLKOUT table and starts a match with both groups off the table. */
  async start(opts: StartOptions = {}): Promise<PlayResult> {
    const seats: Record<Player, Seat> = { A: opts.seats?.A ?? 'human', B: opts.seats?.B ?? 'ai' };
    const groups: Record<Player, GroupChoice> = { A: opts.groups?.A ?? STARTER_GROUPS.A, B: opts.groups?.B ?? STARTER_GROUPS.B };
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
    const seed = opts.seed ?? 1;
    if (!Number.isInteger(seed) || seed < 0) return { ok: false, reason: `the seed must be a whole number from 0 up (got ${seed})` };
    const size = opts.table ?? 36;
    if (!(size in BLKOUT_TABLES)) return { ok: false, reason: `table must be 36 or 24 (got ${JSON.stringify(opts.table)})` };
    const prepared = await this.prepareTable(size);
    if (!prepared.ok) return prepared;
    if (opts.special != null && !(SPECIAL_RULES as readonly string[]).includes(opts.special)) return { ok: false, reason: `special must be one of ${SPECIAL_RULES.join(', ')} (got ${JSON.stringify(opts.special)})` };
    const state = blkout.setup({ table: prepared.terrain.table, models: [] }, { data, groups, special: opts.special ?? null });
    this.adopt(prepared);
    this.publish(newMatch(blkout, state, seed), seats, groups);
    return { ok: true };
  }

  /**
   * Continues a match from its initial state and log (a saved game, or a test's mid-game state):
   * the log is replayed, so a save that does not replay is refused and the current game stays.
   */
  async resume(
    saved: { initial: Match<BlkoutState, BlkoutAction>['initial']; log?: Match<BlkoutState, BlkoutAction>['log']; casualUndo?: boolean },
    seats: Record<Player, Seat>,
    file = 'saved game',
    groups: Record<Player, GroupChoice> = STARTER_GROUPS,
  ): Promise<PlayResult> {
    // The table the saved game was played on (24" or 36" across).
    const prepared = await this.prepareTable(saved.initial?.state?.table?.width === 24 ? 24 : 36);
    if (!prepared.ok) return prepared;
    let match: Match<BlkoutState, BlkoutAction>;
    try {
      if (saved.initial?.state?.ruleset !== 'blkout') throw new Error('initial.state is not a BLKOUT state');
      match = replay(blkout, { initial: saved.initial, casualUndo: saved.casualUndo ?? false }, saved.log ?? [], prepared.queries);
    } catch (e) {
      return { ok: false, reason: `${file}: ${(e as Error).message}` };
    }
    this.adopt(prepared);
    this.publish(match, seats, groups);
    return { ok: true };
  }

  /** The saved-game text: format, seats, groups, the initial state and the log (replayed on load). */
  saveText(): string | null {
    const view = this.store.getState().play;
    if (!view) return null;
    const m = view.match;
    return `${JSON.stringify({ format: SAVE_FORMAT, rules: 'blkout', seats: view.seats, groups: view.groups, casualUndo: m.casualUndo, initial: m.initial, log: m.log })}\n`;
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
    if (o.format !== SAVE_FORMAT) return { ok: false, reason: `${file}: format must be "${SAVE_FORMAT}" (got ${JSON.stringify(o.format)})` };
    if (o.rules !== 'blkout') return { ok: false, reason: `${file}: rules must be "blkout" (got ${JSON.stringify(o.rules)})` };
    const seats = o.seats as Record<string, unknown> | undefined;
    for (const p of PLAYERS) {
      if (seats?.[p] !== 'human' && seats?.[p] !== 'ai') return { ok: false, reason: `${file}: seats.${p} must be "human" or "ai" (got ${JSON.stringify(seats?.[p])})` };
    }
    if (!Array.isArray(o.log)) return { ok: false, reason: `${file}: log must be a list of moves` };
    return this.resume(o as unknown as Parameters<PlayController['resume']>[0], seats as Record<Player, Seat>, file, (o.groups as Record<Player, GroupChoice> | undefined) ?? STARTER_GROUPS);
  }

  /** The BLKOUT table's terrain and Queries over it (the store's table is not touched yet). */
  private async prepareTable(size: BlkoutTable): Promise<{ ok: true; terrain: Scene; file: string; queries: Queries } | { ok: false; reason: string }> {
    const { file, scene } = BLKOUT_TABLES[size];
    const checked = validateScene({ ...(scene as object), models: [], smoke: [] }, file);
    if (!checked.ok) return { ok: false, reason: checked.error.message };
    try {
      await loadMeshes(meshSources(checked.value).map((m) => m.src), this.read);
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
  submit(move: Move<BlkoutAction>): PlayResult {
    const view = this.store.getState().play;
    if (!view || !this.queries) return { ok: false, reason: 'no match is being played' };
    if (!view.decider) return { ok: false, reason: 'the game is over' };
    if (view.seats[view.decider] !== 'human') return { ok: false, reason: `it is the AI's decision (${view.decider})` };
    return this.play(view, view.decider, move);
  }

  /** Chooses (or clears) the point-on-the-table choice the next click answers. */
  choosePick(pick: Pick | null): void {
    const view = this.store.getState().play;
    if (!view) return;
    this.store.setState({ play: { ...view, pick }, notice: pick ? `${pick.label}: click the table` : null });
    const s = this.store.getState();
    if (pick?.model && view.match.state.models[pick.model]?.pos) {
      s.select(pick.model);
      if (pick.allowance !== null) s.setAllowance(pick.allowance);
    }
  }

  /** A click on the table while a pick is waiting: the move there. */
  clickTable(x: number, y: number, z: number): PlayResult {
    const view = this.store.getState().play;
    if (!view?.pick) return { ok: false, reason: 'choose what to place or move first' };
    const r = this.submit(pickAction(view.pick, x, y, z));
    if (!r.ok) this.store.getState().setNotice(r.reason);
    return r;
  }

  /** Takes back the deciding human's last move (refused once dice were rolled, as the engine rules). */
  undo(): PlayResult {
    const view = this.store.getState().play;
    if (!view || !this.queries) return { ok: false, reason: 'no match is being played' };
    const human = view.decider && view.seats[view.decider] === 'human' ? view.decider : PLAYERS.find((p) => view.seats[p] === 'human');
    if (!human) return { ok: false, reason: 'no human seat to undo for' };
    const r = undo(blkout, view.match, human, this.queries);
    if (isError(r)) return { ok: false, reason: r.message };
    this.publish(r, view.seats, view.groups);
    return { ok: true };
  }

  /** The match so far (a copy), for saving or replaying. */
  match(): Match<BlkoutState, BlkoutAction> | null {
    const view = this.store.getState().play;
    return view ? (JSON.parse(JSON.stringify(view.match)) as Match<BlkoutState, BlkoutAction>) : null;
  }

  private play(view: PlayView, player: Player, move: Move<BlkoutAction>): PlayResult {
    const r = act(blkout, view.match, player, move, this.queries!);
    if (isError(r)) return { ok: false, reason: r.message };
    this.store.getState().setNotice(null);
    this.store.getState().pushEvents(r.events);
    this.publish(r.match, view.seats, view.groups);
    return { ok: true };
  }

  /** Redraws the table and the panel from a match, and wakes the AI when it is its turn. */
  private publish(match: Match<BlkoutState, BlkoutAction>, seats: Record<Player, Seat>, groups: Record<Player, GroupChoice>): void {
    const q = this.queries!;
    const s = match.state;
    const who = decider(blkout, match) as Player | null;
    let choices: Choice[] = [];
    let picks: Pick[] = [];
    if (who && seats[who] === 'human') {
      const legal = legalMoves(blkout, match, who, q);
      picks = picksOf(s, legal);
      const seen = new Set<string>();
      for (const move of legal) {
        if (needsPoint(move)) continue;
        const label = describeAction(s, q, move);
        if (seen.has(label)) continue;
        seen.add(label);
        choices.push({ label, move });
      }
      // A juke-move window offers the move (a pick) or staying put (a pass).
      if (s.pending?.kind === 'juke-move') choices = choices.filter((c) => c.move.type === 'pass');
    }
    const scene = this.store.getState().scene;
    this.store.setState({
      scene: sceneOf(this.terrain ?? scene, s),
      play: {
        rules: 'blkout',
        sides: PLAYERS,
        match,
        seats,
        groups,
        status: phaseLine(s),
        decider: who,
        reacting: match.window !== null,
        choices,
        picks,
        pick: autoPick(picks, choices),
        thinking: who !== null && seats[who] === 'ai',
        markers: tableMarkers(s),
        outcome: blkout.outcome(s),
      },
    });
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
      const move = blkoutMove(view.match, view.decider, this.queries!);
      if (!move) {
        now.setNotice(`${view.decider} (AI) has no legal move: please report this`);
        return;
      }
      const r = this.play(view, view.decider, move);
      if (!r.ok) now.setNotice(`the AI's move was refused: ${r.reason}`);
    }, this.options.aiDelayMs ?? AI_DELAY_MS);
  }
}
