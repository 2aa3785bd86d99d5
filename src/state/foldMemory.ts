/**
 * Which panels a player folded to their title bars, remembered over a reload in localStorage (as the
 * animation speed is, speedMemory.ts). The functions take the storage as a parameter (the unit tests give
 * their own); a storage that refuses (a private window) is ignored: the folds hold for this visit.
 */
import type { SpeedStorage } from './speedMemory';
import { PANELS, type PanelId, type TabletopStore } from './store';

/** The localStorage key of the folded panels. */
export const FOLDS_KEY = 'tabletop.foldedPanels';

/** The panels remembered as folded (unknown names and a broken value are dropped). */
export function rememberedFolds(storage: SpeedStorage | undefined): PanelId[] {
  try {
    const v: unknown = JSON.parse(storage?.getItem(FOLDS_KEY) ?? '[]');
    return Array.isArray(v) ? PANELS.filter((p) => v.includes(p)) : [];
  } catch {
    return [];
  }
}

/** Remembers the folded panels. */
export function rememberFolds(storage: SpeedStorage | undefined, folded: Record<PanelId, boolean>): void {
  try {
    storage?.setItem(FOLDS_KEY, JSON.stringify(PANELS.filter((p) => folded[p])));
  } catch {
    // nothing to do: the next visit starts with every panel open
  }
}

/** Starts the store with the remembered folds and remembers every change from now on; returns the unsubscribe. */
export function keepFolds(store: TabletopStore, storage: SpeedStorage | undefined): () => void {
  for (const p of rememberedFolds(storage)) store.getState().setFolded(p, true);
  return store.subscribe((s, before) => {
    if (s.folded !== before.folded) rememberFolds(storage, s.folded);
  });
}
