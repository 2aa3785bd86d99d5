/**
 * The asynchronous engine (src/state/engine.ts): the in-process LocalEngine answers as the
 * synchronous rules do, and the play controller drops an answer for a match the player has left.
 */
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/geometry/sceneTypes';
import { act, newMatch, stateHash, type Move } from '../../../src/rules/engine/match';
import { isError, type Action } from '../../../src/rules/engine/types';
import { rulesetEntry, type AnyRuleset } from '../../../src/rulesetsLoaded';
import { validateScene } from '../../../src/io/sceneFile';
import { cachedMesh } from '../../../src/io/meshCache';
import { LocalEngine, type Engine, type Seating } from '../../../src/state/engine';
import { PlayController, STALE } from '../../../src/state/play';
import { createTabletopStore } from '../../../src/state/store';
import { worldQueries } from '../../../src/state/worldQueries';
import { fromDisk, sandbox } from '../../support/playSetup';
import { en, english } from '../../support/words';

const blkout = rulesetEntry('blkout') as AnyRuleset;
const table = blkout.play.tables[0]!;
const terrain = (): Scene => {
  const r = validateScene({ ...(table.scene as object), models: [], smoke: [] }, table.file);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const seating: Seating = {
  rules: 'blkout',
  forces: { A: blkout.play.forces.defaults.A, B: blkout.play.forces.defaults.B },
  options: {},
  seats: { A: 'human', B: 'human' },
};

/** A started BLKOUT match on a prepared LocalEngine. */
async function started() {
  const engine = new LocalEngine();
  expect(await engine.prepare(table.file, terrain(), fromDisk)).toEqual({ ok: true });
  const data = blkout.play.forces.defaultData();
  const forces = {
    A: blkout.play.forces.preset(data, blkout.play.forces.defaults.A as string),
    B: blkout.play.forces.preset(data, blkout.play.forces.defaults.B as string),
  };
  const s = { ...seating, forces };
  const r = await engine.start(
    table.file,
    s,
    { data, options: Object.fromEntries(blkout.play.options.map((o) => [o.id, o.choices[0]!.value])) },
    3,
  );
  if (!r.ok) throw new Error(en(r.reason));
  return { engine, seating: s, view: r.view };
}

describe('LocalEngine', () => {
  it('starts a match (seed 3) and plays a move exactly as the synchronous act does, with the new view', async () => {
    const { engine, seating: s, view } = await started();
    expect(view.decider).toBe('A');
    expect(view.curtain).toBeNull();
    const move: Move<Action> = blkout.play.pickAction(view.pick!, 10, 0, 10);
    const r = await engine.act(table.file, s, view.match, 'A', move);
    if (!r.ok) throw new Error(en(r.reason));
    const direct = act(blkout.engine, view.match, 'A', move, worldQueries(terrain(), cachedMesh));
    if (isError(direct)) throw new Error(en(direct.message));
    expect(stateHash(r.match)).toBe(stateHash(direct.match));
    expect(r.events).toEqual(direct.events);
    expect(r.view.match).toEqual(r.match);
    expect(r.view.decider).toBe('B');
    expect(r.match.state).toEqual(JSON.parse(JSON.stringify(r.match.state)));
  });

  it('refuses an illegal move with the rules’ reason and a move by the wrong player', async () => {
    const { engine, seating: s, view } = await started();
    const r = await engine.act(table.file, s, view.match, 'A', blkout.play.pickAction(view.pick!, 2, 0, 2));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(en(r.reason)).toMatch(/edge/);
    const wrong = await engine.act(table.file, s, view.match, 'B', blkout.play.pickAction(view.pick!, 10, 0, 10));
    expect(english(wrong)).toEqual({ ok: false, reason: "it is A's decision, not B's" });
  });

  it('the bot plays a legal move for the decider; undo takes back the human’s move; replay rebuilds the same match', async () => {
    const { engine, seating: s, view } = await started();
    const a = await engine.act(table.file, s, view.match, 'A', blkout.play.pickAction(view.pick!, 10, 0, 10));
    if (!a.ok) throw new Error(en(a.reason));
    const b = await engine.bot(table.file, s, a.match, 'B');
    if (b.ok !== true) throw new Error(`the bot did not move: ${JSON.stringify(b)}`);
    expect(b.match.log.map((e) => e.player)).toEqual(['A', 'B']);
    expect(b.match.log[1]!.action).toEqual(b.move);
    const back = await engine.undo(table.file, s, a.match, 'A');
    if (!back.ok) throw new Error(en(back.reason));
    expect(back.match.log).toEqual([]);
    expect(stateHash(back.match)).toBe(stateHash(view.match));
    const again = await engine.replay(table.file, s, { initial: b.match.initial, casualUndo: false, log: b.match.log });
    if (!again.ok) throw new Error(en(again.reason));
    expect(stateHash(again.match)).toBe(stateHash(b.match));
    expect(again.steps.map((x) => x.entry)).toEqual([0, 1]);
    const corrupt = await engine.replay(table.file, s, {
      initial: b.match.initial,
      casualUndo: false,
      log: [{ ...b.match.log[0]!, player: 'B' }],
    });
    expect(english(corrupt)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^log entry 0 \(B: place-hardpoint\) is refused on replay/) as unknown as string,
    });
  });

  it('a request for a table it has not prepared is an error naming it; a mesh it cannot read refuses the table', async () => {
    const engine = new LocalEngine();
    const m = newMatch(blkout.engine, null, 1);
    await expect(engine.view('nowhere.json', seating, m)).rejects.toThrow(
      'the engine has not prepared the table "nowhere.json"',
    );
    const meshy: Scene = {
      ...terrain(),
      terrain: [
        { id: 'hut', kind: 'structure', shape: 'mesh', src: 'assets/terrain/no-such.glb', position: [5, 0, 5] },
      ],
    } as Scene;
    const r = await engine.prepare('meshy.json', meshy, fromDisk);
    expect(r).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^meshy\.json: assets\/terrain\/no-such\.glb: could not be read/,
      ) as unknown as string,
    });
    await expect(engine.view('meshy.json', seating, m)).rejects.toThrow(/has not prepared/);
  });
});

/** A LocalEngine whose act, bot and undo answers wait until released (as a busy worker's would). */
class HeldEngine implements Engine {
  private readonly inner = new LocalEngine();
  held: (() => void)[] = [];
  holding = false;
  private async gate<T>(answer: Promise<T>): Promise<T> {
    const r = await answer;
    if (this.holding) await new Promise<void>((go) => this.held.push(go));
    return r;
  }
  release(): void {
    for (const go of this.held.splice(0)) go();
  }
  prepare: Engine['prepare'] = (...a) => this.inner.prepare(...a);
  start: Engine['start'] = (...a) => this.inner.start(...a);
  view: Engine['view'] = (...a) => this.inner.view(...a);
  replay: Engine['replay'] = (...a) => this.inner.replay(...a);
  act: Engine['act'] = (...a) => this.gate(this.inner.act(...a));
  bot: Engine['bot'] = (...a) => this.gate(this.inner.bot(...a));
  undo: Engine['undo'] = (...a) => this.gate(this.inner.undo(...a));
}

/** Waits until the held engine has an answer waiting. */
async function held(engine: HeldEngine): Promise<void> {
  for (let i = 0; i < 2000 && engine.held.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
  expect(engine.held.length).toBeGreaterThan(0);
}

describe('PlayController drops an answer for a match the player has left', () => {
  const setup = () => {
    const engine = new HeldEngine();
    const store = createTabletopStore(sandbox, 'sandbox.json');
    const play = new PlayController(store, fromDisk, { aiDelayMs: 0, waitForAnimations: false, engine });
    return { engine, store, play };
  };

  it('a move answered after a new game started is dropped; the new game is untouched (hotseat, seeds 3 and 4)', async () => {
    const { engine, store, play } = setup();
    expect(await play.start({ seed: 3, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    engine.holding = true;
    const move = play.clickTable(10, 0, 10);
    await held(engine);
    engine.holding = false;
    expect(await play.start({ seed: 4, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    const fresh = store.getState().play!;
    engine.release();
    expect(await move).toEqual({ ok: false, reason: STALE });
    expect(store.getState().play).toBe(fresh);
    expect(fresh.match.log).toEqual([]);
    expect(store.getState().eventLog).toEqual([]);
    expect(store.getState().notice).toBeNull();
  });

  it('of two moves on the same match, the second answer is dropped; an undo answered after a later move is dropped', async () => {
    const { engine, store, play } = setup();
    expect(await play.start({ seed: 3, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    engine.holding = true;
    const first = play.clickTable(10, 0, 10);
    const second = play.clickTable(20, 0, 20);
    await held(engine);
    while (engine.held.length < 2) await new Promise((r) => setTimeout(r, 1));
    engine.release();
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: false, reason: STALE });
    expect(store.getState().play!.match.log).toHaveLength(1);
    expect(store.getState().play!.match.state).toMatchObject({ hardpoints: [{ x: 10, z: 10 }] });
    // An undo in flight while B's move lands: the undo's answer is dropped, both moves stay.
    const undo = play.undo();
    await held(engine);
    engine.holding = false;
    expect(await play.clickTable(26, 0, 26)).toEqual({ ok: true });
    const afterB = store.getState().play!;
    engine.release();
    expect(await undo).toEqual({ ok: false, reason: STALE });
    expect(store.getState().play).toBe(afterB);
    expect(afterB.match.log.map((e) => e.player)).toEqual(['A', 'B']);
  });

  it("the AI's move answered after a new game started is dropped (solo, seeds 3 and 4)", async () => {
    const { engine, store, play } = setup();
    expect(await play.start({ seed: 3 })).toEqual({ ok: true });
    engine.holding = true;
    // A's hardpoint is held too; release it, then the AI's answer is held.
    const mine = play.clickTable(10, 0, 10);
    await held(engine);
    engine.release();
    expect(await mine).toEqual({ ok: true });
    await held(engine);
    engine.holding = false;
    expect(await play.start({ seed: 4 })).toEqual({ ok: true });
    const fresh = store.getState().play!;
    engine.release();
    await play.idle();
    expect(store.getState().play).toBe(fresh);
    expect(fresh.match.log).toEqual([]);
    expect(store.getState().eventLog.some((e) => /hardpoint 2/.test(en(e.text)))).toBe(false);
    play.stop();
  });
});
