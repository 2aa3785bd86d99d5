/**
 * The animation speed (and the AI turn pace) a player chose, remembered over a reload in localStorage (as the language is,
 * src/i18n/language.ts). The functions take the storage as a parameter (the unit tests give their own);
 * a storage that refuses (a private window) is ignored: the choice holds for this visit.
 */
import { AI_PACES, SPEEDS } from './eventQueue';
import type { TabletopStore } from './store';

/** The localStorage key of the remembered speed. */
export const SPEED_KEY = 'tabletop.animationSpeed';
/** The localStorage key of the remembered AI turn pace. */
export const AI_PACE_KEY = 'tabletop.aiPace';

/** The part of Storage this needs. */
export type SpeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered speed (or, with `AI_PACE_KEY`, AI turn pace), if one is stored and is one the log's menu offers. */
export function rememberedSpeed(
  storage: SpeedStorage | undefined,
  key = SPEED_KEY,
  offered: readonly number[] = SPEEDS,
): number | undefined {
  try {
    const n = Number(storage?.getItem(key) ?? NaN);
    return offered.includes(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a speed (or, with `AI_PACE_KEY`, an AI turn pace). */
export function rememberSpeed(storage: SpeedStorage | undefined, speed: number, key = SPEED_KEY): void {
  try {
    storage?.setItem(key, String(speed));
  } catch {
    // nothing to do: the next visit starts at the default
  }
}

/** Starts the store at the remembered speed and AI turn pace and remembers every change from now on; returns the unsubscribe. */
export function keepAnimationSpeed(store: TabletopStore, storage: SpeedStorage | undefined): () => void {
  const speed = rememberedSpeed(storage);
  if (speed !== undefined) store.getState().setAnimationSpeed(speed);
  const pace = rememberedSpeed(storage, AI_PACE_KEY, AI_PACES);
  if (pace !== undefined) store.getState().setAiPace(pace);
  return store.subscribe((s, before) => {
    if (s.animationSpeed !== before.animationSpeed) rememberSpeed(storage, s.animationSpeed);
    if (s.aiPace !== before.aiPace) rememberSpeed(storage, s.aiPace, AI_PACE_KEY);
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
