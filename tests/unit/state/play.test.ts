import { describe, expect, it } from 'vitest';
import { SAVE_FORMAT, type PlayView } from '../../../src/state/play';
import { facingTowardEnemy, sceneOf } from '../../../src/state/playView';
import { rulesetOf } from '../../../src/rulesetsLoaded';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { playOnSandbox, sandbox, until } from '../../support/playSetup';
import { act, newMatch } from '../../../src/rules/engine/match';
import { isError } from '../../../src/rules/engine/types';
import { fakeTable } from '../../support/fakeTable';
import { ruleset } from '../../../src/rules/blkout';
import { midGame } from '../rules/blkout/fixture';
import { quadrants } from '../../../src/rules/blkout/score';
import { en, english } from '../../support/words';

const blkoutPlay = rulesetOf('blkout').play;

function setup() {
  const { store, play } = playOnSandbox();
  const view = (): PlayView<BlkoutState> => {
    const v = store.getState().play;
    if (v?.rules !== 'blkout') throw new Error('no BLKOUT match');
    return v as PlayView<BlkoutState>;
  };
  return { store, play, view };
}

// A1.0 (Harlow Assault Team, FAL-32C) and B1.0 (Bratva, AKMZ-2) 10" apart in the open (the south strip, nearest the player) of the
// Dockside table; A2.0 and B2.0 far away in corners so the round goes on.
const duel = () => midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });

describe('playing BLKOUT in the app (PlayController)', () => {
  it('solo (seed 3): the table switches to the BLKOUT scenario; a hardpoint too near the edge is refused with the reason; a legal one is placed and the AI answers', async () => {
    const { store, play, view } = setup();
    expect(await play.start({ seed: 3 })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/blkout-36.json');
    expect(store.getState().scene.models).toEqual([]);
    expect(view().seats).toEqual({ A: 'human', B: 'ai' });
    expect(view().decider).toBe('A');
    expect(en(view().status)).toMatch(/A places a hardpoint/);
    // The only thing to do is place a hardpoint, so the click is armed at once.
    expect(view().pick?.type).toBe('place-hardpoint');
    const refused = await play.clickTable(2, 0, 2);
    expect(refused.ok).toBe(false);
    expect(en(store.getState().notice ?? '')).toMatch(/edge/);
    expect(view().match.state.hardpoints).toEqual([]);
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    expect(view().match.state.hardpoints).toHaveLength(1);
    expect(view().markers.find((m) => m.kind === 'objective')?.at).toEqual([10, 0, 10]);
    // The AI (B) places the second hardpoint by itself; the game moves on to the deployment roll.
    await until(() => view().match.state.hardpoints.length === 2, "the AI's hardpoint");
    expect(view().match.log.map((e) => e.player)).toEqual([
      'A',
      'B',
      ...view()
        .match.log.slice(2)
        .map((e) => e.player),
    ]);
    expect(store.getState().eventLog.some((e) => /hardpoint 2/.test(en(e.text)))).toBe(true);
    play.stop();
  });

  it("the AI's moves are queued at the AI turn pace, the player's own at the chosen speed (seed 3)", async () => {
    const { store, play, view } = setup();
    const paces: { entry: number | undefined; pace: number | undefined }[] = [];
    const push = store.getState().pushEvents;
    store.setState({
      aiPace: 4,
      pushEvents: (events, entry, effectOf, pace) => {
        paces.push({ entry, pace });
        push(events, entry, effectOf, pace);
      },
    });
    expect(await play.start({ seed: 3 })).toEqual({ ok: true });
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    await until(() => view().match.state.hardpoints.length === 2, "the AI's hardpoint");
    const log = view().match.log;
    expect(paces.slice(0, 2).map((p) => ({ player: log[p.entry!]?.player, pace: p.pace }))).toEqual([
      { player: 'A', pace: undefined },
      { player: 'B', pace: 4 },
    ]);
    play.stop();
  });

  it('refuses an illegal group with the reason and leaves the table as it was', async () => {
    const { store, play } = setup();
    const r = await play.start({
      forces: {
        A: { faction: 'harlow', handler: 'handler', units: ['hfr-assault-team', 'hfr-assault-team', 'hfr-springbok'] },
      },
    });
    expect(english(r)).toEqual({ ok: false, reason: 'group A: the three units must be different' });
    expect(store.getState().sceneFile).toBe('sandbox.json');
    expect(store.getState().scene.models?.map((m) => m.id)).toEqual(['x']);
    expect(store.getState().play).toBeNull();
  });

  it('hotseat: a shot opens a reaction prompt for the other player, with the cover verdict in each choice; passing resolves the shot (seed 5)', async () => {
    const { store, play, view } = setup();
    const start = duel();
    expect(await play.resume({ initial: newMatch(ruleset, start, 5).initial }, { A: 'human', B: 'human' })).toEqual({
      ok: true,
    });
    expect(
      store
        .getState()
        .scene.models?.map((m) => m.id)
        .sort(),
    ).toEqual(['A1.0', 'A2.0', 'B1.0', 'B2.0']);
    const press = async (pattern: RegExp) => {
      const c = view().choices.find((x) => pattern.test(en(x.label)));
      if (!c)
        throw new Error(
          `no choice ${pattern} among: ${view()
            .choices.map((x) => x.label)
            .join(' | ')}`,
        );
      expect(await play.submit(c.move)).toEqual({ ok: true });
    };
    await press(/^Activate Assault Team/);
    expect(view().picks.map((p) => p.type)).toEqual(['move', 'lean-out']);
    await press(/^Done repositioning/);
    await press(/shoots Bratva.*no cover.*3D10/);
    // B's decision now: return fire or juke, or pass.
    expect(view().decider).toBe('B');
    expect(view().reacting).toBe(true);
    // The table draws the shooter → target line for B; B is at the mouse only after the curtain.
    expect(view().reactionLine).toEqual(['A1.0', 'B1.0']);
    expect(view().curtain).toBe('B');
    play.reveal();
    expect(view().curtain).toBeNull();
    const labels = view().choices.map((c) => c.label);
    expect(labels.map(en)).toContain('Pass (no reaction)');
    expect(labels.some((l) => /returns fire at Assault Team.*no cover/.test(en(l)))).toBe(true);
    expect(labels.some((l) => /Juke/.test(en(l)))).toBe(true);
    // A cannot answer for B: the engine refuses A's pass in B's window (the panel's choices are B's).
    const asA = act(rulesetOf('blkout').engine, view().match, 'A', { type: 'pass' }, fakeTable());
    expect(isError(asA) && asA.error).toBe('wrong-player');
    const before = view().match.log.length;
    await press(/^Pass/);
    expect(view().match.log.length).toBe(before + 1);
    expect(store.getState().eventLog.some((e) => e.type === 'skill-check')).toBe(true);
  });

  it('an answer keeps the identity of what it did not change: the table, the models and the sides (seed 5)', async () => {
    const { store, play, view } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    const scene = store.getState().scene;
    const before = view();
    const activate = view().choices.find((c) => /^Activate Assault Team/.test(en(c.label)))!;
    expect(await play.submit(activate.move)).toEqual({ ok: true });
    const after = view();
    // The match moved on (a new log entry, a new state)...
    expect(after.match).not.toBe(before.match);
    expect(after.match.log).toHaveLength(before.match.log.length + 1);
    // ...while what an activation does not touch is the same object as before: nothing moved, so
    // the scene is the one the table drew, and the panels reading the sides or the start do not render.
    expect(store.getState().scene).toBe(scene);
    expect(after.sides).toBe(before.sides);
    play.stop();
  });

  it('saves and loads a game; a save whose log does not replay is refused and the game in progress stays', async () => {
    const { store, play, view } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'ai' });
    const activate = view().choices.find((c) => /^Activate Assault Team/.test(en(c.label)))!;
    await play.submit(activate.move);
    const text = play.saveText()!;
    const saved = JSON.parse(text) as { format: string; log: unknown[] };
    expect(saved.format).toBe(SAVE_FORMAT);
    expect(saved.log).toHaveLength(1);
    const hash = JSON.stringify(view().match.state);
    expect(await play.loadText(text, 'game.json')).toEqual({ ok: true });
    expect(JSON.stringify(view().match.state)).toBe(hash);
    expect(en(store.getState().notice ?? '')).toMatch(/^Loaded game\.json: 1 move replayed/);

    const corrupt = JSON.stringify({
      ...JSON.parse(text),
      log: [{ player: 'A', action: { type: 'activate', unit: 'B1' }, rolled: 0 }],
    });
    const r = await play.loadText(corrupt, 'corrupt.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && en(r.reason)).toMatch(/^corrupt\.json: log entry 0 \(A: activate\) is refused on replay/);
    expect(JSON.stringify(view().match.state)).toBe(hash);
    expect(
      await play.loadText(
        '{"format":"tabletop-match/1","rules":"blkout","seats":{"A":"human","B":"robot"},"log":[]}',
        'seats.json',
      ),
    ).toEqual({ ok: false, reason: 'seats.json: seats.B must be "human" or "ai" (got "robot")' });
    expect(await play.loadText('not json', 'x.json')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^x\.json: not JSON/),
    });
    // A new match says nothing more about the loaded one (issue 34: the confirmation stayed on screen).
    expect(await play.start({ seed: 2 })).toEqual({ ok: true });
    expect(store.getState().notice).toBeNull();
    play.stop();
  });

  it('the scene shows a Duster facing the way the rules say (its notch on the front arc)', () => {
    const s = midGame({ 'A1.0': [10, 10] });
    const duster = { ...s.models['A1.0']!, facing: 90 };
    const scene = sceneOf(sandbox, blkoutPlay.table({ ...s, models: { ...s.models, 'A1.0': duster } }));
    // Facing +z in the rules is 270 degrees counter-clockwise from +x seen from above.
    expect(scene.models?.find((m) => m.id === 'A1.0')?.facingDeg).toBe(270);
  });

  it('models the rules do not turn face the enemy across the table (issue 34: they deployed facing east, along their own edge)', () => {
    // Side A along the south edge (z 44), side B along the north (z 4): A looks north (90), B south (270).
    const s = midGame({ 'A1.0': [10, 44], 'A2.0': [30, 44], 'B1.0': [12, 4], 'B2.0': [34, 4] });
    const faced = (id: string) => sceneOf(sandbox, blkoutPlay.table(s)).models?.find((m) => m.id === id)?.facingDeg;
    expect([faced('A1.0'), faced('A2.0'), faced('B1.0'), faced('B2.0')]).toEqual([90, 90, 270, 270]);
    // West against east: A (x 4) looks east (0), B (x 44) west (180).
    expect(
      facingTowardEnemy([
        { side: 'A', position: [4, 0, 10] },
        { side: 'A', position: [4, 0, 30] },
        { side: 'B', position: [44, 0, 20] },
      ]),
    ).toEqual({ A: 0, B: 180 });
    // Just either side of the diagonal the nearer direction wins (44.9 degrees: east; 45.1: north).
    const at = (deg: number) => {
      const r = (deg * Math.PI) / 180;
      return facingTowardEnemy([
        { side: 'A', position: [0, 0, 0] },
        { side: 'B', position: [Math.cos(r) * 10, 0, -Math.sin(r) * 10] },
      ]).A;
    };
    expect([at(44.9), at(45.1), at(-44.9), at(-45.1)]).toEqual([0, 90, 0, 270]);
    // With no enemy on the table nobody is turned.
    expect(facingTowardEnemy([{ side: 'A', position: [4, 0, 10] }])).toEqual({});
  });

  it('a match on the 24" x 24" table: its scenario, quadrants inset 6"; a bad table size is refused', async () => {
    const { store, play, view } = setup();
    expect(await play.start({ table: '24', seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/blkout-24.json');
    expect(view().match.state.table).toEqual({ width: 24, depth: 24 });
    expect(quadrants(view().match.state.table)[0]).toEqual([6, 6, 12, 12]);
    // A saved 24" game loads on the 24" table.
    const text = play.saveText()!;
    const other = setup();
    expect(await other.play.loadText(text, 'alley.json')).toEqual({ ok: true });
    expect(other.store.getState().sceneFile).toBe('assets/scenarios/blkout-24.json');
    expect(english(await play.start({ table: '30' }))).toEqual({
      ok: false,
      reason: 'table must be one of "36", "24" (got "30")',
    });
    play.stop();
  });
});
