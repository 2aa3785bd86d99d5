/**
 * The animation speed a player chose, remembered over a reload in localStorage (as the language is,
 * src/i18n/language.ts). The functions take the storage as a parameter (the unit tests give their own);
 * a storage that refuses (a private window) is ignored: the choice holds for this visit.
 */
import { SPEEDS } from './eventQueue';
import type { TabletopStore } from './store';

/** The localStorage key of the remembered speed. */
export const SPEED_KEY = 'tabletop.animationSpeed';

/** The part of Storage this needs. */
export type SpeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered speed, if one is stored and is one the log's menu offers. */
export function rememberedSpeed(storage: SpeedStorage | undefined): number | undefined {
  try {
    const n = Number(storage?.getItem(SPEED_KEY) ?? NaN);
    return (SPEEDS as readonly number[]).includes(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a speed. */
export function rememberSpeed(storage: SpeedStorage | undefined, speed: number): void {
  try {
    storage?.setItem(SPEED_KEY, String(speed));
  } catch {
    // nothing to do: the next visit starts at 1x
  }
}

/** Starts the store at the remembered speed and remembers every change from now on; returns the unsubscribe. */
export function keepAnimationSpeed(store: TabletopStore, storage: SpeedStorage | undefined): () => void {
  const speed = rememberedSpeed(storage);
  if (speed !== undefined) store.getState().setAnimationSpeed(speed);
  return store.subscribe((s, before) => {
    if (s.animationSpeed !== before.animationSpeed) rememberSpeed(storage, s.animationSpeed);
  });
}

/** The page's localStorage, or undefined where it cannot be reached. */
export function pageStorage(): SpeedStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
