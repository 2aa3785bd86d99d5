/** The folded panels are remembered over a reload (state/foldMemory.ts), as the animation speed is. */
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/io/sceneSchema';
import { FOLDS_KEY, keepFolds, rememberedFolds } from '../../../src/state/foldMemory';
import type { SpeedStorage } from '../../../src/state/speedMemory';
import { createTabletopStore } from '../../../src/state/store';

const scene: Scene = { format: 'tabletop-scene/1', table: { width: 24, depth: 24 } };

/** A storage in memory. */
function memory(init: Record<string, string> = {}): SpeedStorage & { data: Record<string, string> } {
  const data = { ...init };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('the remembered folds', () => {
  it('a fold is stored, and a new page (a reload) starts with the same panels folded', () => {
    const storage = memory();
    const first = createTabletopStore(scene);
    keepFolds(first, storage);
    expect(first.getState().folded).toEqual({ play: false, roster: false, card: false, log: false });
    first.getState().setFolded('play', true);
    first.getState().setFolded('log', true);
    first.getState().setFolded('log', false);
    expect(JSON.parse(storage.data[FOLDS_KEY]!)).toEqual(['play']);
    const reloaded = createTabletopStore(scene);
    keepFolds(reloaded, storage);
    expect(reloaded.getState().folded).toEqual({ play: true, roster: false, card: false, log: false });
  });

  it('unknown panels and a broken value are dropped; a storage that refuses leaves every panel open', () => {
    expect(rememberedFolds(memory({ [FOLDS_KEY]: '["card","toolbar"]' }))).toEqual(['card']);
    expect(rememberedFolds(memory({ [FOLDS_KEY]: '{oops' }))).toEqual([]);
    expect(rememberedFolds(memory({ [FOLDS_KEY]: '"play"' }))).toEqual([]);
    const refusing: SpeedStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createTabletopStore(scene);
    keepFolds(store, refusing);
    store.getState().setFolded('card', true);
    expect(store.getState().folded.card).toBe(true);
  });
});
