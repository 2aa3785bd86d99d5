/**
 * The app's zustand vanilla store, in slices: scene (the validated scene file and the last load
 * error), selection, and view (camera mode and overlays). Plain JSON only; no React here.
 */
import type { Text } from '../rules/engine/message';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SceneError } from '../io/sceneFile';
import type { Scene } from '../geometry/sceneTypes';
import { eventSlice, type EventSlice } from './eventQueue';
import type { OnlineSlice, PlaySlice } from './play';
import type { FailureSlice } from './rulesFailure';

/** The scene slice: what is on the table. */
export interface SceneSlice {
  scene: Scene;
  /** File name the scene came from (used as the default name when saving). */
  sceneFile: string;
  /** Increments on every accepted load, so views can rebuild. */
  sceneVersion: number;
  /** Increments when a terrain index built off the main thread is ready (geometryService.ts), so views ask again. */
  terrainIndexed: number;
  /** Why the last load was refused, until dismissed or a load succeeds. */
  lastError: SceneError | null;
  /** Replaces the scene with one that has already been validated (and its meshes loaded). */
  acceptScene: (scene: Scene, file: string) => void;
  /** Records a refused load; the scene itself is not touched. */
  rejectScene: (error: SceneError) => void;
  dismissError: () => void;
}

/** The selection slice. */
export interface SelectionSlice {
  selectedId: string | null;
  /** Selects a model by id (null clears); returns false when no model has that id. */
  select: (id: string | null) => boolean;
}

/** Camera presets the view offers: free orbit, straight down, or from the selected model's eye. */
export const CAMERA_MODES = ['orbit', 'top', 'eye'] as const;
/** A camera preset. */
export type CameraMode = (typeof CAMERA_MODES)[number];

/** The panels that fold to their title bars. */
export const PANELS = ['play', 'roster', 'card', 'log'] as const;
/** A panel that folds. */
export type PanelId = (typeof PANELS)[number];

/** A box on the canvas the interface takes (CSS pixels from the canvas's top left): a docked panel's column or title bar. */
export interface TakenBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The view slice: camera and overlays. */
export interface ViewSlice {
  cameraMode: CameraMode;
  showGrid: boolean;
  showRulers: boolean;
  /** Range rings (3", 6", 8", 12") around the selected base. */
  showRings: boolean;
  setShowRings: (on: boolean) => void;
  setCameraMode: (mode: CameraMode) => void;
  setShowGrid: (on: boolean) => void;
  setShowRulers: (on: boolean) => void;
  /** Distance and LOS badges over every model (B); off: only over the hovered and targeted ones. */
  showAllBadges: boolean;
  setShowAllBadges: (on: boolean) => void;
  /** The threat view: over each enemy that can see the selected model, what it sees of it (H). */
  showThreats: boolean;
  setShowThreats: (on: boolean) => void;
  /** The model under the pointer, or null. */
  hoveredId: string | null;
  setHoveredId: (id: string | null) => void;
  /** A part the next render should fail in (fault injection for the browser tests of the error guards), or null. */
  renderFault: string | null;
  /** The panels folded to their title bars. */
  folded: Record<PanelId, boolean>;
  setFolded: (panel: PanelId, on: boolean) => void;
  /** What the docked panels take of the canvas (the camera frames the table in the rest), and the canvas's size then. */
  taken: { canvas: { w: number; h: number }; boxes: readonly TakenBox[] };
  setTaken: (taken: { canvas: { w: number; h: number }; boxes: readonly TakenBox[] }) => void;
  /** A point the camera should turn to (the roster's model), numbered so the same point asked again is a new ask. */
  cameraFocus: { at: [number, number, number]; n: number } | null;
  focusCamera: (at: [number, number, number]) => void;
}

/** Table tools a click can use. */
export const TOOLS = ['select', 'tape', 'smoke', 'lean'] as const;
/** A table tool. */
export type Tool = (typeof TOOLS)[number];

/** A point or a model's base, as one end of the tape. */
export type TapeEnd = { kind: 'point'; point: [number, number, number] } | { kind: 'model'; id: string };

/** The edit slice: changes made at the table (moves, smoke), with undo and redo. */
export interface EditSlice {
  past: Scene[];
  future: Scene[];
  /** Applies a change to the table (already valid), undoable; the view keeps its camera. */
  editScene: (scene: Scene) => void;
  undo: () => boolean;
  redo: () => boolean;
  tool: Tool;
  setTool: (tool: Tool) => void;
  /** Move allowance for the reach preview and for moves, inches. */
  allowance: number;
  setAllowance: (inches: number) => void;
  /** A message for the player (why a move was refused), or null. */
  notice: Text | null;
  setNotice: (text: Text | null) => void;
  /** The tape: first end, then second end. */
  tape: { a: TapeEnd; b: TapeEnd | null } | null;
  setTape: (tape: { a: TapeEnd; b: TapeEnd | null } | null) => void;
  /** The target whose sight rays are drawn from the selected model. */
  rayTargetId: string | null;
  setRayTarget: (id: string | null) => void;
  /** Whether the help overlay shows. */
  showHelp: boolean;
  setShowHelp: (on: boolean) => void;
  /** Models a hovered or armed choice names (ringed on the table). */
  highlight: readonly string[];
  setHighlight: (ids: readonly string[]) => void;
}

/** The whole store state. */
export type TabletopState = SceneSlice &
  SelectionSlice &
  ViewSlice &
  EditSlice &
  EventSlice &
  PlaySlice &
  OnlineSlice &
  FailureSlice;
/** The store. */
export type TabletopStore = StoreApi<TabletopState>;

type SliceCreator<T> = (set: StoreApi<TabletopState>['setState'], get: () => TabletopState) => T;

const sceneSlice =
  (initial: Scene, file: string): SliceCreator<SceneSlice> =>
  (set, get) => ({
    scene: initial,
    sceneFile: file,
    sceneVersion: 1,
    terrainIndexed: 0,
    lastError: null,
    acceptScene: (scene, sceneFile) => {
      const selected = get().selectedId;
      const stillThere = selected !== null && (scene.models ?? []).some((m) => m.id === selected);
      set({
        scene,
        sceneFile,
        sceneVersion: get().sceneVersion + 1,
        lastError: null,
        selectedId: stillThere ? selected : null,
        past: [],
        future: [],
        tape: null,
        rayTargetId: null,
        // A new table ends any match being played on the old one.
        play: null,
      });
    },
    rejectScene: (error) => set({ lastError: error }),
    dismissError: () => set({ lastError: null }),
  });

const selectionSlice: SliceCreator<SelectionSlice> = (set, get) => ({
  selectedId: null,
  select: (id) => {
    if (id !== null && !(get().scene.models ?? []).some((m) => m.id === id)) return false;
    set({ selectedId: id });
    return true;
  },
});

const viewSlice: SliceCreator<ViewSlice> = (set, get) => ({
  cameraMode: 'orbit',
  showGrid: true,
  showRulers: true,
  showRings: false,
  setShowRings: (showRings) => set({ showRings }),
  setCameraMode: (cameraMode) => set({ cameraMode }),
  setShowGrid: (showGrid) => set({ showGrid }),
  setShowRulers: (showRulers) => set({ showRulers }),
  showAllBadges: false,
  setShowAllBadges: (showAllBadges) => set({ showAllBadges }),
  showThreats: false,
  setShowThreats: (showThreats) => set({ showThreats }),
  hoveredId: null,
  setHoveredId: (hoveredId) => set({ hoveredId }),
  renderFault: null,
  folded: { play: false, roster: false, card: false, log: false },
  setFolded: (panel, on) => set({ folded: { ...get().folded, [panel]: on } }),
  taken: { canvas: { w: 0, h: 0 }, boxes: [] },
  setTaken: (taken) => set({ taken }),
  cameraFocus: null,
  focusCamera: (at) => set({ cameraFocus: { at, n: (get().cameraFocus?.n ?? 0) + 1 } }),
});

/** Most undo steps kept. */
export const UNDO_DEPTH = 100;

const editSlice: SliceCreator<EditSlice> = (set, get) => ({
  past: [],
  future: [],
  editScene: (scene) => {
    const { scene: before, past } = get();
    set({ scene, past: [...past.slice(-(UNDO_DEPTH - 1)), before], future: [], notice: null });
  },
  undo: () => {
    const { past, future, scene } = get();
    const prev = past[past.length - 1];
    if (!prev) return false;
    set({ scene: prev, past: past.slice(0, -1), future: [scene, ...future], notice: null });
    return true;
  },
  redo: () => {
    const { past, future, scene } = get();
    const next = future[0];
    if (!next) return false;
    set({ scene: next, past: [...past, scene], future: future.slice(1), notice: null });
    return true;
  },
  tool: 'select',
  // A change of tool ends what the old one was saying.
  setTool: (tool) => set({ tool, tape: null, notice: null }),
  allowance: 6,
  setAllowance: (allowance) => set({ allowance }),
  notice: null,
  setNotice: (notice) => set({ notice }),
  tape: null,
  setTape: (tape) => set({ tape }),
  rayTargetId: null,
  setRayTarget: (rayTargetId) => set({ rayTargetId }),
  showHelp: false,
  setShowHelp: (showHelp) => set({ showHelp }),
  highlight: [],
  setHighlight: (highlight) => set({ highlight }),
});

/** Creates a store holding `initial` (already validated) as the current scene. */
export function createTabletopStore(initial: Scene, file = 'scene.json'): TabletopStore {
  return createStore<TabletopState>()((set, get) => ({
    ...sceneSlice(initial, file)(set, get),
    ...selectionSlice(set, get),
    ...viewSlice(set, get),
    ...editSlice(set, get),
    ...eventSlice(set, get),
    play: null,
    online: null,
    failure: null,
  }));
}
