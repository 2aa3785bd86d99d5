/**
 * skirmish-ru through the app's PlayController (the panel's model): solo on the Boiler Yard with a
 * Move by a click; hotseat, where an enemy moving in front of a reserved fighter hands the decision to
 * that fighter's player (the curtain goes up) with the reserved shot at -1 and "Hold fire".
 */
import { describe, expect, it } from 'vitest';
import type { SkState } from '../../../src/rules/skirmish-ru/game';
import type { Action } from '../../../src/rules/engine/types';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';

const setup = () => playSession<SkState>('skirmish-ru');

describe('playing skirmish-ru in the app (PlayController)', () => {
  it('solo (seed 2): the Boiler Yard; a Move by a click turns the fighter the way it went; Undo takes it back', async () => {
    const { store, play, view } = setup();
    expect(await play.start({ rules: 'skirmish-ru', seed: 2 })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/skirmish-ru-48.json');
    expect(en(view().status)).toBe('Round 1 of 8 · Ржавые Волки (A) to activate');
    const pick = view().picks.find((p) => en(p.label) === 'Move Вожак Гром (up to 4")')!;
    const f = view().match.state.fighters[pick.model!]!;
    play.choosePick(pick);
    // 3" east: it now faces east (0 in the rules, 0 in the scene).
    expect(await play.clickTable(f.pos[0] + 3, 0, f.pos[2])).toEqual({ ok: true });
    const g = view().match.state.fighters[f.id]!;
    expect([g.pos[0], g.facing]).toEqual([f.pos[0] + 3, 0]);
    expect(view().markers.find((m) => m.id === `arc-${f.id}`)).toMatchObject({ facingDeg: 0, radius: 5 });
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().match.state.fighters[f.id]!.pos).toEqual(f.pos);
    play.stop();
  });

  it('hotseat (seed 5): Шило reserves; Сёма Клык moves into its front; Player B takes the mouse for the reserved shot at -1', async () => {
    const { play, view, press } = setup();
    expect(await play.start({ rules: 'skirmish-ru', seed: 5, seats: { A: 'human', B: 'human' } })).toEqual({
      ok: true,
    });
    // The battle as saved, with Шило and Сёма Клык moved onto the open ground west of the pump shed.
    const save = JSON.parse(play.saveText()!) as { initial: { state: SkState }; hash?: string };
    // A position edited by hand: its hash no longer holds, so it is dropped (a save that keeps one is held to it).
    delete save.hash;
    const fighters = save.initial.state.fighters;
    fighters['B.shilo']!.pos = [10, 0, 14];
    fighters['A.sema-klyk']!.pos = [10, 0, 26];
    expect(await play.loadText(JSON.stringify(save), 'close.json')).toEqual({ ok: true });
    await press(/^Вожак Гром: end the activation$/);
    expect(view().decider).toBe('B');
    await press(/^Шило: reserve the action/);
    expect(en(view().markers.find((m) => m.id === 'token-B.shilo')!.label)).toBe('activated · reserved');
    expect(
      await play.submit({ type: 'move', fighter: 'A.sema-klyk', mode: 'move', x: 10, y: 0, z: 24 } as Action),
    ).toEqual({
      ok: true,
    });
    // The window: Player B decides now, behind the curtain, between the reserved shot and holding fire.
    expect(view().decider).toBe('B');
    expect(view().curtain).toBe('B');
    expect(en(view().status)).toMatch(/Дети Котельной: fire a reserved shot at Сёма Клык\?$/);
    const labels = view().choices.map((c) => en(c.label));
    expect(labels).toContain('Hold fire: no reserved shot at Сёма Клык');
    expect(
      labels.some((l) => /^Reserved shot at -1: \d or less on d6 — Шило: shoot Сёма Клык with Винтовка/.test(en(l))),
    ).toBe(true);
    play.reveal();
    await press(/^Reserved shot at -1: .* with Винтовка/);
    // The shot is fired (its log line) and the reserve spent; Сёма Клык's activation goes on with its attack.
    expect(view().match.state.fighters['B.shilo']!.reserved).toBe(false);
    expect(view().decider).toBe('A');
    expect(view().match.state.activation?.fighter ?? null).toBe(
      view().match.state.fighters['A.sema-klyk']!.wounds.condition === 'active' ? 'A.sema-klyk' : null,
    );
    play.stop();
  });
});
