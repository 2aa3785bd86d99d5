/**
 * The app's zustand vanilla store, in slices: scene (the validated scene file and the last load
 * error), selection, and view (camera mode and overlays). Plain JSON only; no React here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SceneError } from '../io/sceneFile';
import type { Scene } from '../io/sceneSchema';

/** The scene slice: what is on the table. */
export interface SceneSlice {
  scene: Scene;
  /** File name the scene came from (used as the default name when saving). */
  sceneFile: string;
  /** Increments on every accepted load, so views can rebuild. */
  sceneVersion: number;
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

/** Camera presets the view offers. */
export const CAMERA_MODES = ['orbit', 'top'] as const;
/** A camera preset. */
export type CameraMode = (typeof CAMERA_MODES)[number];

/** The view slice: camera and overlays. */
export interface ViewSlice {
  cameraMode: CameraMode;
  showGrid: boolean;
  showRulers: boolean;
  setCameraMode: (mode: CameraMode) => void;
  setShowGrid: (on: boolean) => void;
  setShowRulers: (on: boolean) => void;
}

/** The whole store state. */
export type TabletopState = SceneSlice & SelectionSlice & ViewSlice;
/** The store. */
export type TabletopStore = StoreApi<TabletopState>;

type SliceCreator<T> = (set: StoreApi<TabletopState>['setState'], get: () => TabletopState) => T;

const sceneSlice =
  (initial: Scene, file: string): SliceCreator<SceneSlice> =>
  (set, get) => ({
    scene: initial,
    sceneFile: file,
    sceneVersion: 1,
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

const viewSlice: SliceCreator<ViewSlice> = (set) => ({
  cameraMode: 'orbit',
  showGrid: true,
  showRulers: true,
  setCameraMode: (cameraMode) => set({ cameraMode }),
  setShowGrid: (showGrid) => set({ showGrid }),
  setShowRulers: (showRulers) => set({ showRulers }),
});

/** Creates a store holding `initial` (already validated) as the current scene. */
export function createTabletopStore(initial: Scene, file = 'scene.json'): TabletopStore {
  return createStore<TabletopState>()((set, get) => ({
    ...sceneSlice(initial, file)(set, get),
    ...selectionSlice(set, get),
    ...viewSlice(set, get),
  }));
}
