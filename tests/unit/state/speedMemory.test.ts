/** The animation speed is remembered over a reload (issue 34: it went back to 1x), as the language is. */
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/io/sceneSchema';
import { createTabletopStore } from '../../../src/state/store';
import {
  AI_PACE_KEY,
  keepAnimationSpeed,
  rememberedSpeed,
  SPEED_KEY,
  type SpeedStorage,
} from '../../../src/state/speedMemory';
import { AI_PACE } from '../../../src/state/eventQueue';

const scene: Scene = { format: 'tabletop-scene/1', table: { width: 24, depth: 24 } };

/** A storage in memory. */
function memory(init: Record<string, string> = {}): SpeedStorage & { data: Record<string, string> } {
  const data = { ...init };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('the remembered animation speed', () => {
  it('a chosen speed is stored, and a new page (a reload) starts at it', () => {
    const storage = memory();
    const first = createTabletopStore(scene);
    keepAnimationSpeed(first, storage);
    expect(first.getState().animationSpeed).toBe(1);
    first.getState().setAnimationSpeed(4);
    expect(storage.data[SPEED_KEY]).toBe('4');
    const reloaded = createTabletopStore(scene);
    keepAnimationSpeed(reloaded, storage);
    expect(reloaded.getState().animationSpeed).toBe(4);
  });

  it('the AI turn pace starts at 2x, and a chosen one is stored and comes back after a reload', () => {
    const storage = memory();
    const first = createTabletopStore(scene);
    keepAnimationSpeed(first, storage);
    expect(first.getState().aiPace).toBe(AI_PACE);
    expect(AI_PACE).toBe(2);
    first.getState().setAiPace(1);
    expect(storage.data[AI_PACE_KEY]).toBe('1');
    const reloaded = createTabletopStore(scene);
    keepAnimationSpeed(reloaded, storage);
    expect(reloaded.getState().aiPace).toBe(1);
    // A pace the menu does not offer (0.5 is a speed, not a pace) is ignored.
    const odd = createTabletopStore(scene);
    keepAnimationSpeed(odd, memory({ [AI_PACE_KEY]: '0.5' }));
    expect(odd.getState().aiPace).toBe(AI_PACE);
  });

  it('a stored value the menu does not offer is ignored; a storage that refuses leaves 1x', () => {
    expect(rememberedSpeed(memory({ [SPEED_KEY]: '3' }))).toBeUndefined();
    expect(rememberedSpeed(memory({ [SPEED_KEY]: 'fast' }))).toBeUndefined();
    expect(rememberedSpeed(memory({ [SPEED_KEY]: '0.5' }))).toBe(0.5);
    const refusing: SpeedStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createTabletopStore(scene);
    keepAnimationSpeed(store, refusing);
    store.getState().setAnimationSpeed(2);
    expect(store.getState().animationSpeed).toBe(2);
  });
});
