import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/rules/engine/match';
import {
  MATCH_KEY,
  memoryKeyValue,
  offerOf,
  readOffer,
  SCENE_AUTOSAVE_FORMAT,
  SCENE_KEY,
  startAutosave,
  type KeyValue,
} from '../../../src/state/autosave';
import { readSave } from '../../../src/state/saveFile';
import { playSession, sandbox } from '../../support/playSetup';

/** A hotseat BLKOUT session (seed 7) with autosave into a Map. */
function session() {
  const s = playSession('blkout');
  const kv = memoryKeyValue();
  const auto = startAutosave(s.store, kv);
  const saved = async () => {
    await auto.flush();
    const text = kv.map.get(MATCH_KEY);
    return text === undefined ? null : readSave(text, 'autosave');
  };
  return { ...s, kv, auto, saved };
}

const moved = (x: number) => ({
  ...sandbox,
  models: [{ ...sandbox.models![0]!, position: [x, 0, 5] as [number, number, number] }],
});

describe('autosave (autosave.ts) into a key-value store', () => {
  it('after every accepted move, an undo included, the match is stored; it resumes to the same hash and log', async () => {
    const { play, store, kv, auto, saved } = session();
    expect(await play.start({ seed: 7, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    const started = await saved();
    expect(started?.ok && started.value.saved.log).toEqual([]);
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    const one = await saved();
    expect(one?.ok && one.value.saved.log.length).toBe(1);
    expect(await play.undo()).toEqual({ ok: true });
    const undone = await saved();
    expect(undone?.ok && undone.value.saved.log).toEqual([]);
    expect(await play.clickTable(12, 0, 10)).toEqual({ ok: true });
    expect(await play.clickTable(26, 0, 26)).toEqual({ ok: true });
    const two = await saved();
    expect(two?.ok && two.value.saved.log.length).toBe(2);
    expect(two?.ok && two.value.saved.hash).toBe(stateHash(store.getState().play!.match));
    // Arming a pick or taking the mouse changes the view, not the log: nothing new is written.
    const before = kv.map.get(MATCH_KEY);
    play.choosePick(null);
    await auto.flush();
    expect(kv.map.get(MATCH_KEY)).toBe(before);

    const other = playSession('blkout');
    expect(await other.play.loadText(kv.map.get(MATCH_KEY)!, 'autosaved match')).toEqual({ ok: true });
    expect(stateHash(other.store.getState().play!.match)).toBe(stateHash(store.getState().play!.match));
    expect(other.store.getState().play!.match.log).toEqual(store.getState().play!.match.log);
    play.stop();
    other.play.stop();
    auto.stop();
  });

  it("the AI's moves are stored too (solo, seed 3)", async () => {
    const { play, store, saved, auto } = session();
    expect(await play.start({ seed: 3 })).toEqual({ ok: true });
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    for (let i = 0; i < 600 && store.getState().play!.match.log.length < 2; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(store.getState().play!.match.log[1]?.player).toBe('B');
    const r = await saved();
    expect(r?.ok && r.value.saved.log.length).toBe(store.getState().play!.match.log.length);
    play.stop();
    auto.stop();
  });

  it('leaving a match or its end removes the match autosave; the scene is kept only while no match is played', async () => {
    const { play, store, kv, auto } = session();
    // The sandbox edited: a model moved.
    store.getState().editScene(moved(9));
    await auto.flush();
    const scene = JSON.parse(kv.map.get(SCENE_KEY)!) as { format: string; file: string; text: string };
    expect(scene.format).toBe(SCENE_AUTOSAVE_FORMAT);
    expect(scene.file).toBe('sandbox.json');
    expect(JSON.parse(scene.text).models[0].position).toEqual([9, 0, 5]);

    // A match's own table is not the edited scene.
    expect(await play.start({ seed: 7, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    await auto.flush();
    expect(kv.map.get(SCENE_KEY)).toBe(JSON.stringify(scene));
    expect(kv.map.has(MATCH_KEY)).toBe(true);

    play.stop();
    await auto.flush();
    expect(kv.map.has(MATCH_KEY)).toBe(false);
    expect(kv.map.get(SCENE_KEY)).toBe(JSON.stringify(scene));
    // After Leave, the table left behind is edited: that is the scene now.
    const table = store.getState().scene;
    store.getState().editScene({ ...table, smoke: [{ id: 's1', position: [5, 0, 5], radius: 3 }] });
    await auto.flush();
    const after = JSON.parse(kv.map.get(SCENE_KEY)!) as { file: string; text: string };
    expect(after.file).toBe('assets/scenarios/blkout-36.json');
    expect(JSON.parse(after.text).smoke).toHaveLength(1);

    // A match that has ended: nothing to resume.
    expect(await play.start({ seed: 7, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    await auto.flush();
    expect(kv.map.has(MATCH_KEY)).toBe(true);
    const view = store.getState().play!;
    store.setState({
      play: { ...view, outcome: { winner: 'A', score: { A: 1, B: 0 } }, match: { ...view.match, log: [] } },
    });
    await auto.flush();
    expect(kv.map.has(MATCH_KEY)).toBe(false);
    play.stop();
    auto.stop();
  });

  it('writes go in order, one at a time, each key coalesced to its newest value; a failed write is reported and later ones go on', async () => {
    const { store, auto: first } = session();
    first.stop();
    const writes: string[] = [];
    const errors: string[] = [];
    let release: () => void = () => {};
    let fail = true;
    const slow: KeyValue = {
      get: () => Promise.resolve(undefined),
      set: async (key, value) => {
        await new Promise<void>((r) => (release = r));
        if (fail) {
          fail = false;
          throw new Error('QuotaExceededError');
        }
        writes.push(
          `${key}=${(JSON.parse(JSON.parse(value).text) as { models: { position: number[] }[] }).models[0]!.position[0]}`,
        );
      },
      del: (key) => {
        writes.push(`del ${key}`);
        return Promise.resolve();
      },
    };
    const auto = startAutosave(store, slow, (e) => errors.push((e as Error).message));
    store.getState().editScene(moved(6));
    await Promise.resolve();
    await Promise.resolve();
    // The first write is under way; three more changes come while it waits.
    store.getState().editScene(moved(7));
    await Promise.resolve();
    store.getState().editScene(moved(8));
    await Promise.resolve();
    store.getState().editScene(moved(9));
    await Promise.resolve();
    release();
    for (let i = 0; i < 20 && writes.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 0));
      release();
    }
    await auto.flush();
    expect(errors).toEqual(['QuotaExceededError']);
    expect(writes).toEqual([`${SCENE_KEY}=9`]);
    auto.stop();
  });

  it('the opening offer: a match with its ruleset and round; a corrupt or newer autosave gives the reason', async () => {
    const { play, kv, auto } = session();
    expect(await readOffer(kv)).toEqual({ match: null, scene: null });
    expect(await play.start({ rules: 'counterblast', seed: 2, seats: { A: 'human', B: 'human' } })).toEqual({
      ok: true,
    });
    await auto.flush();
    const offer = await readOffer(kv);
    expect(offer.match && 'summary' in offer.match && offer.match.summary).toMatchObject({
      rules: 'counterblast',
      name: 'Counterblast',
      round: 0,
      moves: 0,
    });
    const text = kv.map.get(MATCH_KEY)!;
    kv.map.set(MATCH_KEY, text.slice(0, 200));
    const corrupt = await readOffer(kv);
    expect(corrupt.match && 'error' in corrupt.match && corrupt.match.error).toMatch(/^autosaved match: not JSON/);
    kv.map.set(MATCH_KEY, text.replace('"version":2', '"version":3'));
    expect((await readOffer(kv)).match).toEqual({
      error: 'autosaved match: saved by version 3; this app reads up to 2',
    });
    kv.map.set(SCENE_KEY, '{"format":"tabletop-scene-autosave/9"}');
    expect((await readOffer(kv)).scene).toEqual({
      error: 'autosaved scene: format must be "tabletop-scene-autosave/1" (got "tabletop-scene-autosave/9")',
    });
    kv.map.set(SCENE_KEY, JSON.stringify({ format: SCENE_AUTOSAVE_FORMAT, file: 'a.json', savedAt: 'x', text: 5 }));
    expect((await readOffer(kv)).scene).toEqual({ error: 'autosaved scene: text must be text (got 5)' });
    play.stop();
    auto.stop();
  });

  it('the offer read while the page loads: storage that refuses the read is said as the match error, never thrown', async () => {
    const refusing = {
      ...memoryKeyValue(),
      get: () => Promise.reject(new Error('IndexedDB is blocked')),
    };
    expect(await offerOf(refusing)).toEqual({ match: { error: 'autosave: IndexedDB is blocked' }, scene: null });
    const kv = memoryKeyValue(new Map([[SCENE_KEY, 'not json']]));
    expect((await offerOf(kv)).scene).toMatchObject({ error: expect.stringMatching(/^autosaved scene: not JSON/) });
  });
});
