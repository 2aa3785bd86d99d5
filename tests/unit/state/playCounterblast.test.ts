import { describe, expect, it, vi } from 'vitest';
import type { PlayView } from '../../../src/state/play';
import type { CbState } from '../../../src/rules/counterblast/game';
import { playOnSandbox, until } from '../../support/playSetup';
import { pickAction, type Pick } from '../../../src/rules/counterblast/describe';
import { movePicks } from '../../../src/state/playView';
import { en, english } from '../../support/words';

function setup() {
  const { store, play } = playOnSandbox();
  const view = (): PlayView<CbState> => {
    const v = store.getState().play;
    if (v?.rules !== 'counterblast') throw new Error('no Counterblast battle');
    return v as PlayView<CbState>;
  };
  return { store, play, view };
}

describe('playing Counterblast in the app (PlayController)', () => {
  it('solo (seed 4): the 48" x 36" table with the mission markers; deploying by clicking (a spot outside the strip refused); the AI deploys and plays; the human gets activation choices with their odds', async () => {
    const { store, play, view } = setup();
    expect(await play.start({ rules: 'counterblast', seed: 4 })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/default.json');
    expect(store.getState().scene.models).toEqual([]);
    expect(view().forces).toMatchObject({ A: { id: 'rustwater-salvagers' }, B: { id: 'vey-syndicate' } });
    expect(
      view()
        .markers.filter((m) => m.kind === 'objective')
        .map((m) => en(m.label)),
    ).toEqual(['Objective 1', 'Objective 2', 'Objective 3', 'Evac A', 'Evac B']);
    expect(
      view()
        .markers.filter((m) => m.kind === 'zone')
        .map((m) => m.rect),
    ).toEqual([
      [0, 30, 48, 36],
      [0, 0, 48, 6],
    ]);
    expect(en(view().status)).toBe('Deployment: A deploys Boss Kade');
    // Deploying is the only thing to do: the click is armed.
    expect(view().pick?.type).toBe('deploy');
    // A deploys along the south edge (z = 36, drawn nearest the player).
    expect((await play.clickTable(10, 0, 12)).ok).toBe(false);
    expect(en(store.getState().notice!)).toMatch(/within 6" of A's edge/);
    for (const x of [4, 8, 12, 16, 20, 36]) {
      await until(() => view().decider === 'A' || view().match.state.phase !== 'deploy', 'A to deploy');
      expect(await play.clickTable(x, 0, 33)).toEqual({ ok: true });
    }
    await until(
      () => view().match.state.phase !== 'deploy' && (view().decider === 'A' || view().outcome !== null),
      "A's first decision",
    );
    const s = view().match.state;
    expect(Object.values(s.models).filter((m) => m.pos).length).toBe(12);
    expect(store.getState().scene.models?.length).toBe(12);
    expect(store.getState().scene.models?.find((m) => m.id === 'A.boss')?.name).toBe('Boss Kade');
    // A's choices: activations (1 Moxie), groups (2), pass.
    // The AI's moves may open reaction prompts for A on the way (a Snapshot, or an Action-roll picked on the table): A lets them go.
    while (view().reacting) {
      const snapshot = view().choices.some((c) =>
        /^Snapshot \(1 Moxie, then Stunned\): .* shoots .* with .*: \dD Zap against \d\+/.test(en(c.label)),
      );
      expect(snapshot || view().picks.some((p) => p.type === 'action-roll')).toBe(true);
      await play.submit(view().choices.find((c) => en(c.label) === 'No reaction')!.move);
      await until(() => view().decider === 'A' || view().outcome !== null, "A's next decision");
    }
    const labels = view().choices.map((c) => en(c.label));
    expect(
      labels.some((l) => /^Activate Boss Kade \(1 Moxie, two actions\)$/.test(en(l))) || s.models['A.boss']!.spent,
    ).toBe(true);
    expect(labels).toContain('Pass for the rest of the turn');
    const activate = view().choices.find((c) => c.move.type === 'activate')!;
    expect(await play.submit(activate.move)).toEqual({ ok: true });
    // The active model's actions: moves are picks (one ending Prone), the rest are buttons.
    const model = activate.models[0]!;
    // The active model's point choices: a Move (and one ending Prone), and a Jump whose direction is clicked.
    const picks = view().picks.filter((p) => p.model === model);
    expect(picks.map((p) => [p.type, 'prone' in p])).toEqual([
      ['move', false],
      ['move', true],
      ['jump', false],
    ]);
    const at = view().match.state.models[model]!.pos!;
    expect(pickAction(picks[2] as Pick, at[0], 0, at[2] + 5)).toEqual({ type: 'jump', model, directionDeg: 90 });
    expect(pickAction(picks[2] as Pick, at[0] - 3, 0, at[2] - 3)).toEqual({ type: 'jump', model, directionDeg: 225 });
    expect(en(view().status)).toMatch(/A acts with .* \(2 left\)/);
    // What it cannot do is listed greyed, with the reason.
    const blocked = view().blocked.filter((b) =>
      en(b.label).startsWith(`${view().match.state.models[model]!.card.name}:`),
    );
    expect(en(blocked.find((b) => en(b.label).endsWith(': Rush'))!.reason)).toBe('only after a Move');
    expect(en(blocked.find((b) => en(b.label).endsWith(': Recover'))!.reason)).toBe('neither Stunned nor Pinned');
    expect(en(blocked.find((b) => en(b.label).endsWith(': Rally'))!.reason)).toBe('not Panicked');
    play.stop();
  });

  it('a shot in the menu shows its pool, Difficulty, cover and damage; the target crew gets the reaction prompt (hotseat, seed 2)', async () => {
    const { store, play, view } = setup();
    const { midBattle } = await import('../rules/counterblast/fixture');
    const { newMatch } = await import('../../../src/rules/engine/match');
    const { ruleset } = await import('../../../src/rules/counterblast');
    // In the open between the high wall and the woods: the gunner (Zap 4, rifle 24" / 1) 6" from a thug.
    const start = midBattle({ 'A.gunner-1': [30, 25], 'B.thug-1': [30, 31], 'B.thug-2': [46, 3] });
    expect(await play.resume({ initial: newMatch(ruleset, start, 2).initial }, { A: 'human', B: 'human' })).toEqual({
      ok: true,
    });
    await play.submit(view().choices.find((c) => en(c.label).startsWith('Activate Salvager gunner 1'))!.move);
    const shot = view().choices.find((c) => c.move.type === 'shoot')!;
    expect(en(shot.label)).toMatch(
      /^Salvager gunner 1 shoots Syndicate thug 1 with .*: 4D Zap against 7\+, no cover, 1 damage per success, 4\.8"$/,
    );
    expect(await play.submit(shot.move)).toEqual({ ok: true });
    expect(view().decider).toBe('B');
    expect(view().reacting).toBe(true);
    expect(view().choices.map((c) => en(c.label))).toContain('No reaction');
    expect(
      view().choices.some((c) => /^Return-fire \(1 Moxie, then Stunned\): Syndicate thug 1 /.test(en(c.label))),
    ).toBe(true);
    expect(view().picks.map((p) => p.type)).toEqual(['action-roll']);
    // The Action Roll (1 Moxie, then Stunned) is left to its button: a click on the table with the thug
    // selected plays nothing (it used to play the roll there).
    expect(movePicks(view(), 'B.thug-1')).toEqual([]);
    play.reveal();
    store.getState().select('B.thug-1');
    const moves = view().match.log.length;
    expect((await play.clickTable(32, 0, 33)).ok).toBe(false);
    expect(view().match.log.length).toBe(moves);
    play.stop();
  });

  it('a bad crews file or an unknown crew is refused with the reason and the game in progress stays; a save loads back to the same state', async () => {
    const { play, view } = setup();
    await play.start({ rules: 'counterblast', seats: { A: 'human', B: 'human' }, seed: 9 });
    await play.clickTable(4, 0, 3);
    const hash = JSON.stringify(view().match.state);
    const bad = await play.start({
      rules: 'counterblast',
      data: { format: 'counterblast-crews/1', crews: [{ id: 'x', name: 'X', models: [] }] },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/crews\[0\]\.models/);
    expect(english(await play.start({ rules: 'counterblast', forces: { A: 'nobody' } }))).toEqual({
      ok: false,
      reason: 'crew A: no crew "nobody" in the Crews file (have: rustwater-salvagers, vey-syndicate, hollow-sun-coven)',
    });
    expect(JSON.stringify(view().match.state)).toBe(hash);
    const text = play.saveText()!;
    expect(JSON.parse(text)).toMatchObject({
      rules: 'counterblast',
      forces: { A: { id: 'rustwater-salvagers' }, B: { id: 'vey-syndicate' } },
    });
    const other = setup();
    expect(await other.play.loadText(text, 'battle.json')).toEqual({ ok: true });
    expect(JSON.stringify(other.view().match.state)).toBe(hash);
    expect(await other.play.loadText(text.replace('"rules":"counterblast"', '"rules":"blkout"'), 'mixed.json')).toEqual(
      { ok: false, reason: 'mixed.json: initial.state is not a blkout state' },
    );
    play.stop();
  });

  it('hotseat (seed 2): with Boss Kade activated, a click on the table is his plain Move and never goes Prone; a click past his 5" is refused once, not tried again as the Move ending Prone', async () => {
    const { play, view } = setup();
    const { midBattle } = await import('../rules/counterblast/fixture');
    const { newMatch } = await import('../../../src/rules/engine/match');
    const { ruleset } = await import('../../../src/rules/counterblast');
    // In the open north of A's edge, 13" from a thug.
    const start = midBattle({ 'A.boss': [14, 30], 'B.thug-1': [27, 30] });
    expect(await play.resume({ initial: newMatch(ruleset, start, 2).initial }, { A: 'human', B: 'human' })).toEqual({
      ok: true,
    });
    await play.submit(view().choices.find((c) => en(c.label).startsWith('Activate Boss Kade'))!.move);
    // Both Moves reach 5"; the one ending Prone is left to its button.
    const moves = view().picks.filter((p) => p.type === 'move');
    expect(moves.map((p) => [en(p.label), p.allowance, !!p.explicit])).toEqual([
      ['Move Boss Kade (up to 5")', 5, false],
      ['Move Boss Kade and go Prone', 5, true],
    ]);
    expect(movePicks(view(), 'A.boss')).toEqual([moves[0]]);
    // 7" east: past his Move, refused with the Move's reason, and only the Move was tried.
    const submit = vi.spyOn(play, 'submit');
    const log = view().match.log.length;
    const far = await play.clickTable(21, 0, 30, 'A.boss');
    expect(far.ok).toBe(false);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![0]).not.toHaveProperty('prone');
    expect(view().match.log).toHaveLength(log);
    // 3" east: the plain Move, standing.
    expect(await play.clickTable(17, 0, 30, 'A.boss')).toEqual({ ok: true });
    expect(view().match.log.at(-1)!.action).toEqual({ type: 'move', model: 'A.boss', x: 17, y: 0, z: 30 });
    expect(view().match.state.models['A.boss']!.prone).toBe(false);
    submit.mockRestore();
    play.stop();
  });
});
