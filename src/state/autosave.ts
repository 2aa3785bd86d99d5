/**
 * Autosave: the match being played and the scene being edited are kept in the browser (IndexedDB
 * through idb-keyval), so a reload or a crash loses nothing. Storage sits behind a small key-value
 * interface: the app uses IndexedDB, unit tests a Map.
 *
 * What is kept, and when:
 * - The match: after every accepted move (the match's log changes: a move, an AI move, an undo, a
 *   start, a load), its saved-game text (saveFile.ts, the current version) under MATCH_KEY.
 * - A match that ends (an outcome) or that the player leaves (Leave, or opening a scene over it) is
 *   removed: there is nothing to resume. Save game keeps a finished battle.
 * - The scene: while no match is played, every change of the table (a move, smoke, a loaded scene
 *   file, a resize, undo and redo) under SCENE_KEY, as a scene file with its name. A match's own
 *   table is never stored as the edited scene.
 * Writes go one at a time, in order, and only the newest pending value of a key is written.
 */
import { createStore as idbStore, del, get, set } from 'idb-keyval';
import { serializeScene } from '../io/sceneFile';
import { readSave, saveText, type SaveSummary } from './saveFile';
import type { TabletopState, TabletopStore } from './store';

/** Where autosaves are kept: a string per key. */
export interface KeyValue {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
}

/** The key of the autosaved match (saved-game text). */
export const MATCH_KEY = 'match';
/** The key of the autosaved scene (SceneAutosave as JSON). */
export const SCENE_KEY = 'scene';
/** The layout of the scene autosave. */
export const SCENE_AUTOSAVE_FORMAT = 'tabletop-scene-autosave/1';

/** The scene autosave: the scene file's text, its name, and when it was kept. */
export interface SceneAutosave {
  format: typeof SCENE_AUTOSAVE_FORMAT;
  file: string;
  savedAt: string;
  text: string;
}

/** IndexedDB through idb-keyval: database "tabletop", object store "autosave". */
export function indexedDbKeyValue(): KeyValue {
  const store = idbStore('tabletop', 'autosave');
  return {
    get: async (key) => {
      const v: unknown = await get(key, store);
      return typeof v === 'string' ? v : undefined;
    },
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

/** A Map as the key-value store (unit tests, and a page where IndexedDB is refused). */
export function memoryKeyValue(map = new Map<string, string>()): KeyValue & { map: Map<string, string> } {
  return {
    map,
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => {
      map.set(key, value);
      return Promise.resolve();
    },
    del: (key) => {
      map.delete(key);
      return Promise.resolve();
    },
  };
}

/** A running autosave. */
export interface Autosave {
  /** Resolves once every change seen so far is written. */
  flush(): Promise<void>;
  /** Stops watching the store (pending writes still finish). */
  stop(): void;
}

/** A value to write (null: delete), or a function that gives it when its turn comes. */
type Pending = string | null | (() => string | null);

/**
 * Resolves when the page is next idle (at most a second on), or at once where there is no
 * `requestIdleCallback` (Node). The saved-game text and IndexedDB's copy of it (10–15 ms for a
 * late game) then run beside no answer of the engine and no frame.
 */
function whenIdle(): Promise<void> {
  if (typeof requestIdleCallback === 'undefined') return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 }));
}

/**
 * Writes to a key-value store one at a time, in order, coalescing each key to its newest value (null:
 * delete). A value given as a function is only made when written, so a burst of moves (the AI's) costs
 * one saved-game text, not one per move.
 */
class Writer {
  private readonly pending = new Map<string, Pending>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly kv: KeyValue,
    private readonly onError: (e: unknown) => void,
  ) {}

  put(key: string, value: Pending): void {
    // Re-inserting moves the key to the end, so writes keep the order of the changes.
    this.pending.delete(key);
    this.pending.set(key, value);
    this.running ??= whenIdle().then(() => this.drain());
  }

  private async drain(): Promise<void> {
    for (let next = this.pending.entries().next(); !next.done; next = this.pending.entries().next()) {
      const [key, given] = next.value;
      this.pending.delete(key);
      try {
        const value = typeof given === 'function' ? given() : given;
        await (value === null ? this.kv.del(key) : this.kv.set(key, value));
      } catch (e) {
        this.onError(e);
      }
    }
    this.running = null;
  }

  async flush(): Promise<void> {
    while (this.running) await this.running;
  }
}

/**
 * Watches the store and keeps the match and the edited scene in `kv` (see the file comment).
 * `onError` hears a failed write (a full disk, a private window); the game goes on.
 */
export function startAutosave(
  store: TabletopStore,
  kv: KeyValue,
  onError: (e: unknown) => void = () => {},
  now: () => Date = () => new Date(),
): Autosave {
  const writer = new Writer(kv, onError);
  let sceneCheck = false;
  let lastScene = store.getState().scene;

  const match = (s: TabletopState, prev: TabletopState) => {
    // An online match is kept by the game server (and the page holds only its concealed copy); the local
    // match autosaved before it stays for later.
    if (s.play === prev.play || s.online) return;
    if (!s.play) {
      writer.put(MATCH_KEY, null);
      return;
    }
    if (s.play.match.log === prev.play?.match.log) return;
    const view = s.play;
    writer.put(MATCH_KEY, view.outcome ? null : () => saveText(view, now()));
  };

  // Checked after the change settles: starting or loading a match puts its table in the store a
  // moment before the match itself, and that table is not the player's edited scene.
  const scene = () => {
    sceneCheck = false;
    const s = store.getState();
    if (s.play || s.scene === lastScene) return;
    lastScene = s.scene;
    const saved: SceneAutosave = {
      format: SCENE_AUTOSAVE_FORMAT,
      file: s.sceneFile,
      savedAt: now().toISOString(),
      text: serializeScene(s.scene),
    };
    writer.put(SCENE_KEY, JSON.stringify(saved));
  };

  const unsubscribe = store.subscribe((s, prev) => {
    match(s, prev);
    if (s.scene !== prev.scene && !s.play && !sceneCheck) {
      sceneCheck = true;
      void Promise.resolve().then(scene);
    }
    // A match's table is never the edited scene: a later edit on it (after Leave) is.
    if (s.play) lastScene = s.scene;
  });
  return {
    async flush() {
      await Promise.resolve();
      await writer.flush();
    },
    stop: unsubscribe,
  };
}

/** What the page offers on opening: a match to resume (or why it cannot be), a scene to restore (or why not). */
export interface Offer {
  match: { text: string; summary: SaveSummary } | { error: string } | null;
  scene: { file: string; savedAt: string; text: string } | { error: string } | null;
}

/** The name the autosaved match is loaded (or refused) under. */
export const MATCH_FILE = 'autosaved match';
/** The name the autosaved scene is refused under. */
export const SCENE_FILE = 'autosaved scene';

/** Reads the autosaves for the opening offer, checking each (nothing is replayed or loaded yet). */
export async function readOffer(kv: KeyValue): Promise<Offer> {
  const [matchText, sceneText] = await Promise.all([kv.get(MATCH_KEY), kv.get(SCENE_KEY)]);
  let match: Offer['match'] = null;
  if (matchText !== undefined) {
    const r = readSave(matchText, MATCH_FILE);
    match = r.ok ? { text: matchText, summary: r.value.summary } : { error: r.error };
  }
  return { match, scene: sceneText === undefined ? null : sceneOffer(sceneText) };
}

/** The opening offer, a failed read said as the match's error (the page opens all the same). */
export function offerOf(kv: KeyValue): Promise<Offer> {
  return readOffer(kv).catch((e: unknown) => ({
    match: { error: `autosave: ${e instanceof Error ? e.message : String(e)}` },
    scene: null,
  }));
}

function sceneOffer(text: string): Offer['scene'] {
  const where = SCENE_FILE;
  let o: Partial<SceneAutosave> | null;
  try {
    o = JSON.parse(text) as Partial<SceneAutosave> | null;
  } catch (e) {
    return { error: `${where}: not JSON (${(e as Error).message})` };
  }
  if (!o || typeof o !== 'object') return { error: `${where}: not an object` };
  if (o.format !== SCENE_AUTOSAVE_FORMAT)
    return {
      error: `${where}: format must be "${SCENE_AUTOSAVE_FORMAT}" (got ${JSON.stringify(o.format) ?? 'undefined'})`,
    };
  for (const k of ['file', 'savedAt', 'text'] as const) {
    if (typeof o[k] !== 'string')
      return { error: `${where}: ${k} must be text (got ${JSON.stringify(o[k]) ?? 'undefined'})` };
  }
  return { file: o.file!, savedAt: o.savedAt!, text: o.text! };
}
