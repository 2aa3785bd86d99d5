/** Shared set-up for the play controller tests: a sandbox table, meshes read from disk, a store and a controller, and a wait for the AI. */
import { readFileSync } from 'node:fs';
import type { Scene } from '../../src/io/sceneSchema';
import { expect } from 'vitest';
import { PlayController, type PlayView } from '../../src/state/play';
import { createTabletopStore } from '../../src/state/store';
import { en } from './words';

/** A small table with one model: what the app shows before a match. */
export const sandbox: Scene = {
  format: 'tabletop-scene/1',
  name: 'sandbox',
  table: { width: 48, depth: 36 },
  models: [{ id: 'x', side: 'A', position: [5, 0, 5], base: { shape: 'round', diameterMm: 25 }, height: 1 }],
};

/** Reads terrain meshes from the repository, as the app fetches them. */
export const fromDisk = async (src: string): Promise<ArrayBuffer> => {
  const b = readFileSync(src);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/** A store on the sandbox and a play controller with no AI delay and no waiting for animations. */
export function playOnSandbox() {
  const store = createTabletopStore(sandbox, 'sandbox.json');
  const play = new PlayController(store, fromDisk, { aiDelayMs: 0, waitForAnimations: false });
  return { store, play };
}

/** Waits (real timers) until the AI has played up to a condition. */
export async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A play session of one ruleset on the sandbox: the store, the controller, the match panel's view (throws
 * unless a battle of `rules` is on) and a press of the choice whose label matches (it must be there and accepted).
 */
export function playSession<S>(rules: string) {
  const { store, play } = playOnSandbox();
  const view = (): PlayView<S> => {
    const v = store.getState().play;
    if (v?.rules !== rules) throw new Error(`no ${rules} battle`);
    return v as PlayView<S>;
  };
  const press = async (label: RegExp) => {
    const c = view().choices.find((x) => label.test(en(x.label)));
    if (!c)
      throw new Error(
        `no choice ${label} in ${view()
          .choices.map((x) => x.label)
          .join(' | ')}`,
      );
    expect(await play.submit(c.move)).toEqual({ ok: true });
  };
  return { store, play, view, press };
}
