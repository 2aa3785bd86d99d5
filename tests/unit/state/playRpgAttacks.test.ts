/**
 * rpg-attacks through the app's PlayController: solo on the colony outpost, initiative by its button and
 * a Move by a click; hotseat, where a grenade's Dodge window hands the decision to the caught character's
 * player behind the curtain.
 */
import { describe, expect, it } from 'vitest';
import type { RpgState } from '../../../src/rules/rpg-attacks/game';
import { movePicks } from '../../../src/state/playView';
import { newMatch } from '../../../src/rules/engine/match';
import { ruleset as rpgAttacks } from '../../../src/rules/rpg-attacks';
import { placed } from '../rules/rpg-attacks/fixture';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';

const setup = () => playSession<RpgState>('rpg-attacks');

describe('playing rpg-attacks in the app (PlayController)', () => {
  it('solo (seed 2): the outpost table; Roll initiative; the first character to act moves by a click; Undo takes it back', async () => {
    const { store, play, view, press } = setup();
    expect(await play.start({ rules: 'rpg-attacks', seed: 2 })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/rpg-attacks-36.json');
    expect(en(view().status)).toBe('Before round 1: roll initiative');
    await press(/^Roll initiative/);
    const s = view().match.state;
    expect(s.order.length).toBe(Object.keys(s.chars).length);
    // Player A's first character (the AI may have acted before it) moves 2" north by its pick.
    for (let i = 0; i < 200 && view().decider !== 'A'; i++) await new Promise((r) => setTimeout(r, 5));
    const pick = view().picks.find((p) => en(p.label).startsWith('Move '))!;
    const c = view().match.state.chars[pick.model!]!;
    play.choosePick(pick);
    expect(await play.clickTable(c.pos[0], 0, c.pos[2] - 2)).toEqual({ ok: true });
    expect(view().match.state.chars[c.id]!.pos).toEqual([c.pos[0], c.pos[1], c.pos[2] - 2]);
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().match.state.chars[c.id]!.pos).toEqual(c.pos);
    play.stop();
  });

  it('hotseat (seed 5): László throws a grenade at two acolytes; Player B takes the mouse for the Dodge prompt', async () => {
    const { play, view, press } = setup();
    expect(await play.start({ rules: 'rpg-attacks', seed: 5, seats: { A: 'human', B: 'human' } })).toEqual({
      ok: true,
    });
    // The battle as saved, with László quickest and 10" from two acolytes standing side by side.
    const save = JSON.parse(play.saveText()!) as { initial: { state: RpgState }; hash?: string };
    // A position edited by hand: its hash no longer holds, so it is dropped (a save that keeps one is held to it).
    delete save.hash;
    const chars = save.initial.state.chars;
    chars['A.laszlo']!.pos = [18, 0, 30];
    chars['A.laszlo']!.stats.speed = 40;
    chars['B.acolyte-1']!.pos = [18, 0, 20];
    chars['B.acolyte-2']!.pos = [16.5, 0, 20];
    expect(await play.loadText(JSON.stringify(save), 'close.json')).toEqual({ ok: true });
    await press(/^Roll initiative/);
    expect(view().match.state.turn?.model).toBe('A.laszlo');
    await press(/^Projectiles vs 10 — László Weber: throw Frag grenade 10"/);
    // The Dodge window: Player B decides now, behind the curtain.
    expect(view().decider).toBe('B');
    expect(view().curtain).toBe('B');
    const labels = view().choices.map((c) => c.label);
    expect(labels.some((l) => /^Acolyte \w+: Dodge the grenade \(1 AP of 2; Defense vs 12/.test(en(l)))).toBe(true);
    expect(labels.some((l) => /: do not Dodge$/.test(en(l)))).toBe(true);
    expect(
      view()
        .markers.filter((m) => m.id.startsWith('blast-'))
        .map((m) => m.radius),
    ).toEqual([1, 3]);
    play.reveal();
    await press(/: Dodge the grenade/);
    // One window each, in id order: Silt is asked next and holds; then the blast resolves and Marrow's Dodge spent 1 AP.
    expect(en(view().status)).toMatch(/Acolyte Silt: Dodge the grenade\?$/);
    await press(/^Acolyte Silt: do not Dodge$/);
    expect(view().match.state.pending).toBeNull();
    expect(view().match.state.chars['B.acolyte-1']!.ap).toBe(1);
    expect(view().match.state.chars['B.acolyte-2']!.ap).toBe(2);
    play.stop();
  });

  it('hotseat (seed 5): with László selected (a frag grenade in hand), a click on the table past his Speed is a refused Move, never a throw', async () => {
    const { play, view } = setup();
    // László's turn, 10" from an acolyte in the open: his throw reaches it, his Move (4") does not.
    const start = placed({ 'A.laszlo': [18, 30], 'B.acolyte-1': [18, 20] });
    expect(await play.resume({ initial: newMatch(rpgAttacks, start, 5).initial }, { A: 'human', B: 'human' })).toEqual({
      ok: true,
    });
    // The throw is a pick of its own (its button, then the table), not a kind of move a click plays.
    expect(view().picks.map((p) => p.type)).toEqual(['move', 'grenade']);
    expect(movePicks(view(), 'A.laszlo').map((p) => p.type)).toEqual(['move']);
    const log = view().match.log.length;
    const r = await play.clickTable(18, 0, 24, 'A.laszlo');
    expect(r.ok).toBe(false);
    expect(view().match.log).toHaveLength(log);
    expect(view().match.state.chars['A.laszlo']!.ammo['frag-grenade']).toBe(2);
    // Within his Speed the same click is his Move.
    expect(await play.clickTable(18, 0, 27, 'A.laszlo')).toEqual({ ok: true });
    expect(view().match.log.at(-1)!.action).toMatchObject({ type: 'move', model: 'A.laszlo' });
    play.stop();
  });
});
