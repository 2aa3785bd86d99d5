/**
 * `window.tabletop`: a small automation API for browser tests and streamers' scripts. Every method
 * returns plain JSON (deep copies), so a caller can never mutate the live state by accident.
 */
import { render } from '../i18n/i18n';
import type { Text } from '../rules/engine/message';
import type { ByteReader } from '../io/meshCache';
import { meshWorkerStats } from '../io/meshWorker';
import type { MeshWorkerStats } from '../io/meshWorkerPool';
import type { Result } from '../result';
import type { Action, RuleEvent } from '../rules/engine/types';
import type { SceneError } from '../io/sceneFile';
import type { Scene } from '../geometry/sceneTypes';
import { currentDice, type RolledDie } from './eventQueue';
import { loadSceneObject, loadSceneText, resizeTable } from './sceneLoader';
import { GeometryService } from './geometryService';
import type { CameraMode, TabletopState, TabletopStore, Tool } from './store';
import { PlayController, type PlayResult, type PlayView, type Side, type StartOptions } from './play';
import type { OnlineCreate, OnlineStatus } from './online';
import { stateHash, type Move } from '../rules/engine/match';
import { publicHash } from '../rules/engine/secrecy';
import { loadedRulesetOf } from '../rulesets';
import { FAULTS, type Fault } from '../rules/engine/contain';
import type { FailureRecord } from './rulesFailure';
import type { Autosave } from './autosave';

/** What a load or change answered: ok, or the error message and its issues. */
export type AutomationResult =
  { ok: true } | { ok: false; error: string; issues: { code: string; path: string; value: string; message: string }[] };

/** A point on screen in CSS pixels relative to the canvas, or null when behind the camera. */
export type ScreenPoint = { x: number; y: number } | null;

/** `window.tabletop.online`. */
export interface OnlineApi {
  /** Creates a room (seats: 'me', 'remote' or 'ai' per side) and takes this page's seat in it. */
  create(options: OnlineCreate & { seat?: Side }): Promise<{ code: string; seat: Side | 'spectator'; url: string }>;
  /** Joins a room by its code, at a side or watching. */
  join(code: string, seat: Side | 'spectator', password?: string): Promise<PlayResult>;
  /** Whether this page is connected, to which room, at which seat, and who else is there. */
  status(): OnlineStatus;
}

/** The API installed as `window.tabletop`. */
export interface TabletopApi {
  /** Loads a scene object, or the text of a scene file; the current scene stays on failure. */
  loadScene(scene: unknown, fileName?: string): Promise<AutomationResult>;
  /** A copy of the current scene file. */
  getScene(): Scene;
  /** Selects a model by id (null clears); false when there is no such model. */
  selectModel(id: string | null): boolean;
  /** Changes the table size (refused when a model would be off the table). */
  setTableSize(width: number, depth: number): Promise<AutomationResult>;
  /**
   * Hides every table label (badges, name tags, marker, ring and tape labels) or shows them again, as
   * they would be: for pixel checks that the labels change nothing of the interface.
   */
  setLabelsHidden(hidden: boolean): void;
  /** Switches the camera preset. */
  setCameraMode(mode: CameraMode): void;
  /** Shows or hides the 1" grid. */
  setGrid(on: boolean): void;
  /** A JSON snapshot of the app state: scene, file name, selection, view, last error. */
  snapshot(): TabletopSnapshot;
  /** Projects a table point (inches) to canvas pixels; null before the first frame. */
  projectToScreen(point: [number, number, number]): ScreenPoint;
  /**
   * Number of frames rendered since the current scene was shown (0 until it is on screen). The canvas
   * renders on demand; each call also asks it for one more frame, so polling this keeps frames coming.
   */
  framesSinceLoad(): number;
  /**
   * Where a model is drawn now, base centre in inches: while a rule event moves it (a glide, a jump's
   * arc, a fall) this is its animated place, else the store's; null before the table is drawn or for
   * no such model.
   */
  drawnPosition(id: string): [number, number, number] | null;
  /** The point the camera orbits about, in inches (the roster turns it to the model it frames), or null before the table draws. */
  cameraTarget(): [number, number, number] | null;
  /** Moves a model along its measured path to (x, z) within the allowance; undoable. */
  moveModel(id: string, x: number, z: number): { ok: boolean; reason?: string; length?: number };
  /** Edge-to-edge distance between two models' bases. */
  measure(aId: string, bId: string): number;
  /** LOS facts for viewer → target (the geometry CLI's `los` entry for that pair). */
  losFacts(viewerId: string, targetId: string): unknown;
  /** Places a 3" smoke token; returns its id. */
  placeSmoke(x: number, z: number): { ok: boolean; id?: string; reason?: string };
  removeSmoke(id: string): { ok: boolean; reason?: string };
  undo(): boolean;
  redo(): boolean;
  /** Switches the table tool: 'select', 'tape' or 'smoke'. */
  setTool(tool: Tool): void;
  /** The current notice (why the last move was refused), or null. */
  notice(): string | null;
  /** Sends rule events to the log and the animation queue (as the rules engine does). */
  playEvents(events: RuleEvent[]): void;
  /** The log's sentences (in the shown language), oldest first, and how many animations are still queued. */
  eventLog(): { lines: string[]; queued: number };
  /** Words (a rule message or a name) as the page shows them now, in the shown language. */
  words(text: Text): string;
  /** The mesh worker's counts (files parsed and refused there, workers started, files stopped for time); null when meshes are parsed in-process. */
  meshWorker(): MeshWorkerStats | null;
  /** Starts a match of any playable ruleset (its id, seats, seed, forces, table, options); the sandbox scene is replaced. */
  startMatch(options?: StartOptions): Promise<PlayResult>;
  /** The match panel's view (a copy), or null when no match is being played. */
  playView(): PlayView | null;
  /** Plays a move for the human whose decision it is (as pressing its button does). */
  submitMove(move: Move<Action>): Promise<PlayResult>;
  /** Resolves once the rules engine has answered every request in flight (a click's move, an undo, the AI's move). */
  engineIdle(): Promise<void>;
  /** Answers the armed pick with a table point (as clicking the table there does). */
  clickTable(x: number, y: number, z: number): Promise<PlayResult>;
  /** The saved-game text, or null. */
  saveGame(): string | null;
  /** Loads saved-game text; a bad file is refused and the game in progress stays. */
  loadGame(text: string, fileName?: string): Promise<PlayResult>;
  /**
   * The match's state hash (its state, PRNG and reaction window; the engine's `stateHash`), or null when
   * none is played. Online, the match's public hash from the server (engine/secrecy.ts `publicHash`).
   */
  stateHash(): string | null;
  /** Online play through the game server (`npm start` serves the app and the rooms at one address). */
  online: OnlineApi;
  /** Resolves once every change so far is autosaved (IndexedDB); at once when the page keeps no autosave. */
  autosaved(): Promise<void>;
  /**
   * For tests of the error guards: the named part throws once on its next render ('table', 'play
   * panel', 'model card', 'battle log', 'legend', 'help', 'help bar', 'toolbar', 'notice', 'error
   * banner', 'eye view banner', or 'page' for the whole app).
   */
  injectRenderFault(part: string): void;
  /**
   * For tests of the contained rules failures: the ruleset's `apply`, `legalActions` or `reactionWindow`
   * throws on the next action played, or the bot ('bot') on its next choice. Refused for anything else.
   */
  injectRulesFault(fault: Fault): { ok: boolean; reason?: string };
  /** The rules failure the banner shows (a copy), or null. */
  rulesFailure(): FailureRecord | null;
  /**
   * The 3D dice tray once the current roll's throw has finished playing: each thrown die's kind, sides,
   * the value rolled, and the label and value of the face whose world normal points up, read from the
   * displayed mesh; null while the throw is loading or playing (or before the tray is on screen).
   */
  diceShown(): DieShown[] | null;
  /** The current roll as the rules logged it (the 2D tray's dice), with each die's name or null. */
  currentRoll(): RolledDie[];
  /** Turns the camera onto the dice tray (as a player would orbit and zoom to it). */
  viewDiceTray(): void;
  /** The dice tray's progress with the current roll (null before the tray is on screen). */
  diceTrayStatus(): DiceTrayStatus | null;
  /** What the table's renderer has done: its shader programs, those compiled after the warm-up, the last frame's draw calls (null before the table is on screen). */
  renderStats(): RenderStats | null;
}

/** The renderer's figures (the render and long-task benches read them). */
export interface RenderStats {
  /** Shader programs compiled and kept so far. */
  programs: number;
  /** Of those, compiled after the load's warm-up (null until it is done): each one was a pause in play. */
  compiledInPlay: number | null;
  /** Those programs, each as its material type and a hash of its variant ("LineMaterial#1x2y"), to find what the warm-up missed. */
  inPlay: string[];
  /** The last drawn frame's draw calls and triangles. */
  drawCalls: number;
  triangles: number;
}

let renderProbe: (() => RenderStats) | null = null;

/** Called by the table's program keeper when it mounts (and with null when it unmounts). */
export function registerRenderProbe(next: (() => RenderStats) | null): void {
  renderProbe = next;
}

/** A die as the 3D tray shows it. */
export interface DieShown {
  kind: string;
  sides: number;
  rolled: number;
  /** The label of the face that is up ("5", "HIT", "MISFIRE"). */
  shown: string;
  /** The value of that face. */
  shownValue: number;
  /** How level the face lies: the y of its world normal (1 is flat). */
  up: number;
}

/** Where the dice tray is with the current roll: loading rapier and simulating, playing the recording, done. */
export interface DiceTrayStatus {
  state: 'idle' | 'loading' | 'playing' | 'done';
  dice: number;
  /** Physics steps in the recording (120 a second). */
  steps: number;
  /** Milliseconds from the roll's arrival to the recording (rapier's first load included), and the simulation alone. */
  readyMs: number;
  simulateMs: number;
  /** Skip jumped the playback to its last frame. */
  skipped: boolean;
}

/** Hooks the dice tray provides once it is mounted. */
export interface DiceProbe {
  status: () => DiceTrayStatus;
  shown: () => DieShown[] | null;
  view: () => void;
}

let diceProbe: DiceProbe | null = null;

/** Called by the dice tray when it mounts (and with null when it unmounts). */
export function registerDiceProbe(next: DiceProbe | null): void {
  diceProbe = next;
}

/** The state snapshot `snapshot()` returns. */
export interface TabletopSnapshot {
  scene: Scene;
  sceneFile: string;
  sceneVersion: number;
  selectedId: string | null;
  view: { cameraMode: CameraMode; showGrid: boolean; showRulers: boolean };
  lastError: { message: string; issues: { code: string; path: string; value: string; message: string }[] } | null;
  /** The current tool and the tape's ends. */
  tool: Tool;
  tape: TabletopState['tape'];
  /** Models a hovered or armed choice rings on the table. */
  highlight: readonly string[];
}

/** Hooks the scene provides once it is mounted (camera projection, frame counting). */
export interface SceneProbe {
  project: (point: [number, number, number]) => ScreenPoint;
  /** Frames drawn since the scene of this store version appeared (0 while it is not on screen yet); asks for a frame. */
  framesSinceLoad: (sceneVersion: number) => number;
  /** Where the scene last drew a model (null when it draws none of that id). */
  drawnPosition: (id: string) => [number, number, number] | null;
  /** The point the camera orbits about (null without orbit controls). */
  cameraTarget: () => [number, number, number] | null;
}

let probe: SceneProbe | null = null;

/** Called by the scene when it mounts (and with null when it unmounts). */
export function registerSceneProbe(next: SceneProbe | null): void {
  probe = next;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function answer(result: Result<unknown, SceneError>): AutomationResult {
  return result.ok ? { ok: true } : { ok: false, error: result.error.message, issues: copy(result.error.issues) };
}

/** A result with its reason in words (the API answers in the shown language). */
function rendered(r: { ok: boolean; id?: string; reason?: Text }): { ok: boolean; id?: string; reason?: string } {
  const { reason, ...rest } = r;
  return reason === undefined ? rest : { ...rest, reason: render(reason) };
}

/** Builds the API over a store (and, for table actions, the geometry service). */
export function createAutomationApi(
  store: TabletopStore,
  read: ByteReader,
  geo: GeometryService = new GeometryService(store),
  play: PlayController = new PlayController(store, read),
  autosave: Autosave | null = null,
): TabletopApi {
  return {
    async loadScene(scene, fileName = 'automation.json') {
      const result =
        typeof scene === 'string'
          ? await loadSceneText(store, scene, fileName, read)
          : await loadSceneObject(store, scene, fileName, read);
      return answer(result);
    },
    getScene: () => copy(store.getState().scene),
    selectModel: (id) => store.getState().select(id),
    async setTableSize(width, depth) {
      return answer(await resizeTable(store, width, depth, read));
    },
    setLabelsHidden: (hidden) => {
      if (typeof document !== 'undefined') document.documentElement.classList.toggle('labels-hidden', hidden);
    },
    setCameraMode: (mode) => store.getState().setCameraMode(mode),
    setGrid: (on) => store.getState().setShowGrid(on),
    snapshot() {
      const s = store.getState();
      return copy({
        scene: s.scene,
        sceneFile: s.sceneFile,
        sceneVersion: s.sceneVersion,
        selectedId: s.selectedId,
        view: { cameraMode: s.cameraMode, showGrid: s.showGrid, showRulers: s.showRulers },
        lastError: s.lastError ? { message: s.lastError.message, issues: s.lastError.issues } : null,
        tool: s.tool,
        tape: s.tape,
        highlight: s.highlight,
      });
    },
    projectToScreen: (point) => (probe ? probe.project(point) : null),
    framesSinceLoad: () => (probe ? probe.framesSinceLoad(store.getState().sceneVersion) : 0),
    drawnPosition: (id) => (probe ? probe.drawnPosition(id) : null),
    cameraTarget: () => (probe ? probe.cameraTarget() : null),
    moveModel(id, x, z) {
      const r = geo.moveModel(id, x, z);
      return r.ok ? { ok: true, length: r.path?.length } : { ok: false, reason: render(r.reason) };
    },
    measure: (a, b) => geo.tapeLength({ kind: 'model', id: a }, { kind: 'model', id: b }),
    losFacts: (v, t) => copy(geo.facts(v, t)),
    placeSmoke: (x, z) => rendered(geo.placeSmoke(x, z)),
    removeSmoke: (id) => rendered(geo.removeSmoke(id)),
    undo: () => store.getState().undo(),
    redo: () => store.getState().redo(),
    setTool: (tool) => store.getState().setTool(tool),
    notice: () => ((n) => (n === null ? null : render(n)))(store.getState().notice),
    playEvents: (events) => store.getState().pushEvents(copy(events)),
    words: (text) => render(text),
    eventLog: () => ({
      lines: store.getState().eventLog.map((e) => render(e.text)),
      queued: store.getState().eventQueue.length,
    }),
    meshWorker: () => meshWorkerStats(),
    startMatch: (options) => play.start(options ? copy(options) : {}),
    playView: () => copy(store.getState().play),
    submitMove: (move) => play.submit(copy(move)),
    clickTable: (x, y, z) => play.clickTable(x, y, z),
    engineIdle: () => play.idle(),
    saveGame: () => play.saveText(),
    loadGame: (text, fileName = 'automation.json') => play.loadText(text, fileName),
    stateHash: () => {
      const { play: view, online } = store.getState();
      if (!view?.match) return null;
      // Online, the public hash of this page's own copy (the server's hash for the same action is
      // `online.hash`): pages that hold different matches give different hashes.
      return online ? publicHash(loadedRulesetOf(view.rules).play, view.match) : stateHash(view.match);
    },
    online: {
      create: (options) => play.createOnline(copy(options)),
      join: (code, seat, password) => play.joinOnline(code, seat, password),
      status: () => copy(play.onlineStatus()),
    },
    autosaved: () => autosave?.flush() ?? Promise.resolve(),
    injectRenderFault: (part) => store.setState({ renderFault: part }),
    injectRulesFault(fault) {
      if (!(FAULTS as readonly unknown[]).includes(fault))
        return { ok: false, reason: `fault must be one of ${FAULTS.join(', ')} (got ${JSON.stringify(fault)})` };
      play.injectRulesFault(fault);
      return { ok: true };
    },
    rulesFailure: () => copy(store.getState().failure),
    diceShown: () => (diceProbe ? copy(diceProbe.shown()) : null),
    viewDiceTray: () => diceProbe?.view(),
    diceTrayStatus: () => (diceProbe ? copy(diceProbe.status()) : null),
    renderStats: () => (renderProbe ? renderProbe() : null),
    currentRoll: () => copy(currentDice(store.getState().eventLog, store.getState().eventBatch)),
  };
}
