/**
 * The table tools' controller (state/tableTools.ts) with no React: a drag of a model measured and
 * played, the tape's two ends, the derived geometry kept for the scene it was asked on, and in a match
 * a click on the table that moves the selected model with no button pressed first (the cheapest kind
 * of move that reaches the spot), a click on an enemy that plays the selected model's attack on it.
 */
import { describe, expect, it, vi } from 'vitest';
import { GeometryService } from '../../../src/state/geometryService';
import { createTabletopStore } from '../../../src/state/store';
import { TableTools } from '../../../src/state/tableTools';
import { actionsOn, movePicks } from '../../../src/state/playView';
import type { Scene } from '../../../src/io/sceneSchema';
import type { SkState } from '../../../src/rules/skirmish-ru/game';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { allowanceOf } from '../../../src/rules/skirmish-ru/activation';
import { ruleset as blkout } from '../../../src/rules/blkout';
import { newMatch } from '../../../src/rules/engine/match';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';
import { midGame } from '../rules/blkout/fixture';

const scene: Scene = {
  format: 'tabletop-scene/1',
  table: { width: 24, depth: 24 },
  terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 1.5, 12], size: [0.5, 3, 8] }],
  models: [
    { id: 'a', side: 'A', position: [8, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.2 },
    { id: 'b', side: 'B', position: [16, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.2 },
  ],
};

function sandbox() {
  const store = createTabletopStore(scene);
  const geo = new GeometryService(store);
  return { store, geo, tools: new TableTools(store, geo, null) };
}

const posOf = (store: ReturnType<typeof createTabletopStore>, id: string) =>
  store.getState().scene.models!.find((m) => m.id === id)!.position;

describe('the table tools (no match)', () => {
  it('a press on a model selects it and starts a drag; the pointer measures the path; the release moves it', () => {
    const { store, tools } = sandbox();
    expect(tools.modelDown('a')).toBe(true);
    expect(store.getState().selectedId).toBe('a');
    expect(tools.pointer.getState().dragId).toBe('a');
    tools.surfaceMove([8, 0, 16]);
    const { path, ghost } = tools.pointer.getState();
    expect(path?.reachable).toBe(true);
    expect(path?.length).toBeCloseTo(4, 6);
    // The ghost's badges: b is seen past the wall's end from (8, 16).
    expect(ghost.map((g) => g.model.id)).toEqual(['b']);
    tools.release();
    expect(tools.pointer.getState().dragId).toBeNull();
    expect(posOf(store, 'a')).toEqual([8, 0, 16]);
  });

  it('a release where the model already stands moves nothing; the drag past the allowance is refused with the reason', () => {
    const { store, tools } = sandbox();
    tools.modelDown('a');
    tools.release();
    expect(store.getState().past).toHaveLength(0);
    store.getState().setAllowance(2);
    tools.modelDown('a');
    tools.surfaceMove([8, 0, 17]);
    tools.release();
    expect(posOf(store, 'a')).toEqual([8, 0, 12]);
    expect(en(store.getState().notice ?? '')).toMatch(/^a did not move: /);
  });

  it('the tape: a click on a model and one on the table lay it, with the length between the base edge and the point', () => {
    const { store, tools } = sandbox();
    store.getState().setTool('tape');
    tools.modelDown('a');
    expect(store.getState().tape).toEqual({ a: { kind: 'model', id: 'a' }, b: null });
    const loose = tools.looseTape(store.getState().tape!.a, [8, 0, 6]);
    expect(loose?.length).toBeCloseTo(6 - 0.4921, 3);
    tools.surfaceClick([8, 0, 6], { delta: 0, throughCover: false });
    const laid = tools.tape(store.getState());
    expect(laid?.length).toBeCloseTo(6 - 0.4921, 3);
    // Asked again of the same state: the same value (a selector that redraws nothing).
    expect(tools.tape(store.getState())).toBe(laid);
  });

  it('derived geometry is kept for its scene: the same badges until a model moves, then new ones', () => {
    const { store, geo, tools } = sandbox();
    store.getState().select('a');
    const first = tools.badges(store.getState());
    expect(first.map((b) => [b.model.id, b.facts?.hasLos])).toEqual([['b', false]]);
    store.getState().setNotice('unrelated');
    expect(tools.badges(store.getState())).toBe(first);
    store.getState().setAllowance(12);
    // From (8, 22) the line to b passes the wall's north end (z 16) at z 17.
    expect(geo.moveModel('a', 8, 22).ok).toBe(true);
    const after = tools.badges(store.getState());
    expect(after).not.toBe(first);
    expect(after[0]!.facts?.hasLos).toBe(true);
  });

  it('the threat view (H): the enemies that can see the selected model, with what each sees of it; none with it off or behind the wall', () => {
    const { store, geo, tools } = sandbox();
    store.getState().select('a');
    store.getState().setShowThreats(true);
    // Behind the wall: b cannot see a.
    expect(tools.threats(store.getState())).toEqual([]);
    store.getState().setAllowance(12);
    expect(geo.moveModel('a', 8, 22).ok).toBe(true);
    const seen = tools.threats(store.getState());
    expect(seen.map((t) => t.model.id)).toEqual(['b']);
    expect(seen[0]!.facts).toEqual(expect.objectContaining({ hasLos: true }));
    expect(seen[0]!.facts!.visibleFraction).toBe(geo.facts('b', 'a').visibleFraction);
    store.getState().setShowThreats(false);
    expect(tools.threats(store.getState())).toEqual([]);
  });

  it('an orbit that ends over the table is not a click; a click on nothing clears the selection and the rays', () => {
    const { store, tools } = sandbox();
    store.getState().setTool('smoke');
    expect(tools.surfaceClick([4, 0, 4], { delta: 0, throughCover: false })).toBe(true);
    expect(store.getState().scene.smoke).toHaveLength(1);
    store.getState().setTool('select');
    tools.modelDown('a');
    tools.release();
    tools.modelDown('b');
    expect(store.getState().rayTargetId).toBe('b');
    tools.missed();
    expect(store.getState().selectedId).toBeNull();
    expect(store.getState().rayTargetId).toBeNull();
  });
});

describe('the table tools in a match: select, point, act', () => {
  it('skirmish-ru (seed 2): with Вожак Гром selected, a click 3″ east is its Move, 6″ east its Run (said in words), 30″ away is refused with the Sprint refusal', async () => {
    const { store, play, view } = playSession<SkState>('skirmish-ru');
    expect(await play.start({ rules: 'skirmish-ru', seed: 2 })).toEqual({ ok: true });
    const geo = new GeometryService(store);
    const tools = new TableTools(store, geo, play);
    const id = view().picks.find((p) => en(p.label) === 'Move Вожак Гром (up to 4")')!.model!;
    const f = view().match.state.fighters[id]!;
    expect(view().pick).toBeNull();
    // A press on the fighter selects it; the kinds of move a click may play, cheapest first.
    tools.modelDown(id);
    tools.release();
    expect(store.getState().selectedId).toBe(id);
    expect(movePicks(view(), id).map((p) => p.allowance)).toEqual([
      allowanceOf(f, 'move'),
      allowanceOf(f, 'run'),
      allowanceOf(f, 'sprint'),
    ]);
    // The hovered route is measured against the farthest move, and its kind is named.
    tools.surfaceMove([f.pos[0] + 3, 0, f.pos[2]]);
    const hovered = tools.pointer.getState().path!;
    expect(hovered.length).toBeCloseTo(3, 6);
    expect(en(tools.moveKind(store.getState(), id, hovered.length)!.label)).toBe('Move Вожак Гром (up to 4")');
    expect(tools.moveKind(store.getState(), id, 5)!.allowance).toBe(allowanceOf(f, 'run'));
    expect(tools.surfaceClick([f.pos[0] + 3, 0, f.pos[2]], { delta: 0, throughCover: false })).toBe(true);
    await play.idle();
    expect(view().match.state.fighters[id]!.pos).toEqual([f.pos[0] + 3, 0, f.pos[2]]);
    expect(view().match.log.at(-1)!.action).toMatchObject({ type: 'move', mode: 'move' });
    expect(await play.undo()).toEqual({ ok: true });

    // Past its Move (4″) but within its Run: the click plays the Run, and says so.
    expect(f.stats.movement).toBe(4);
    const run = allowanceOf(f, 'run');
    expect(run).toBeGreaterThan(5);
    expect(await play.clickTable(f.pos[0] + 5, 0, f.pos[2], id)).toEqual({ ok: true });
    expect(view().match.log.at(-1)!.action).toMatchObject({ type: 'move', mode: 'run' });
    expect(en(store.getState().notice!)).toMatch(/^Played: Run Вожак Гром/);
    expect(await play.undo()).toEqual({ ok: true });

    // Beyond every kind: refused, with the farthest kind's reason.
    const far = await play.clickTable(f.pos[0] + 30, 0, f.pos[2], id);
    expect(far.ok).toBe(false);
    expect(en(store.getState().notice!)).toMatch(/sprint/i);
    expect(view().match.state.fighters[id]!.pos).toEqual(f.pos);
    play.stop();
  });

  it('with no model selected a click says to select one; an enemy fighter selected says it cannot move now', async () => {
    const { store, play, view } = playSession<SkState>('skirmish-ru');
    expect(await play.start({ rules: 'skirmish-ru', seed: 2 })).toEqual({ ok: true });
    store.getState().select(null);
    const r = await play.clickTable(10, 0, 10);
    expect(r.ok).toBe(false);
    expect(en(store.getState().notice!)).toMatch(/^select one of your models, then click where it goes/);
    const models = store.getState().scene.models!;
    const mover = models.find((m) => m.id === view().picks[0]!.model)!;
    const enemy = models.find((m) => m.side !== mover.side)!;
    store.getState().select(enemy.id);
    await play.clickTable(10, 0, 10);
    expect(en(store.getState().notice!)).toMatch(new RegExp(`^${enemy.name} cannot move now`));
    play.stop();
  });

  it('BLKOUT (seed 5, hotseat): with A1.0 selected, a press on B1.0 plays its shot (the first choice naming both), not a selection', async () => {
    const { store, play, view } = playSession<BlkoutState>('blkout');
    const start = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });
    expect(await play.resume({ initial: newMatch(blkout, start, 5).initial }, { A: 'human', B: 'human' })).toEqual({
      ok: true,
    });
    // A loaded hotseat game opens behind A's curtain: A takes the mouse.
    expect(view().curtain).toBe('A');
    play.reveal();
    const geo = new GeometryService(store);
    const tools = new TableTools(store, geo, play);
    const press = async (pattern: RegExp) => {
      const c = view().choices.find((x) => pattern.test(en(x.label)))!;
      expect(await play.submit(c.move)).toEqual({ ok: true });
    };
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    store.getState().select('A1.0');
    // The Sprint that ends leaning out is left to its button: a click on the table is the plain Sprint.
    expect(view().picks.map((p) => p.type)).toEqual(expect.arrayContaining(['sprint', 'sprint-lean']));
    expect(movePicks(view(), 'A1.0').map((p) => p.type)).toEqual(['sprint']);
    expect(play.actsOn('B1.0', 'A1.0')).toBe(true);
    // What hovering B1.0 lists: every choice of A1.0 naming it, the shot first (what the click plays).
    const listed = actionsOn(view(), 'A1.0', 'B1.0');
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]!.move).toMatchObject({ type: 'shoot', model: 'A1.0', target: 'B1.0' });
    expect(actionsOn(view(), 'A1.0', 'A2.0')).toEqual([]);
    expect(play.actsOn('A2.0', 'A1.0')).toBe(false);
    tools.modelDown('B1.0');
    await play.idle();
    expect(store.getState().selectedId).toBe('A1.0');
    expect(view().match.log.at(-1)!.action).toMatchObject({ type: 'shoot', model: 'A1.0', target: 'B1.0' });
    // The notice follows the engine's answer (the press does not wait for it).
    await vi.waitFor(() => expect(en(store.getState().notice ?? '')).toMatch(/^Played: .*shoots Bratva/));
    // B's reaction window: B decides now.
    expect(view().decider).toBe('B');
    play.stop();
  });
});
