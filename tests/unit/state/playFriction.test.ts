/**
 * The friction a new player met in a match (issue 15), at the controller: undo that is offered only
 * when it can work and takes its log lines with it, pick buttons that stay armed, a table click with
 * nothing armed that says what to press, and a loaded game that shows its battle log.
 */
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../../src/rules/blkout';
import { newMatch } from '../../../src/rules/engine/match';
import { isSavedGame, type PlayView } from '../../../src/state/play';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { playOnSandbox, until } from '../../support/playSetup';
import { midGame } from '../rules/blkout/fixture';
import { en } from '../../support/words';

function setup() {
  const { store, play } = playOnSandbox();
  const view = (): PlayView<BlkoutState> => {
    const v = store.getState().play;
    if (v?.rules !== 'blkout') throw new Error('no BLKOUT match');
    return v as PlayView<BlkoutState>;
  };
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
  return { store, play, view, press };
}

const duel = () => midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });

describe('friction in a match (seed 5, hotseat duel)', () => {
  it('undo is offered only when it can work; it takes back the activation and its log lines; once dice are rolled it is not offered', async () => {
    const { store, play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    expect(view().undoable).toBe(false);
    const before = store.getState().eventLog.map((e) => e.text);
    await press(/^Activate Assault Team/);
    expect(view().undoable).toBe(true);
    const activated = store.getState().eventLog.map((e) => e.text);
    expect(activated.length).toBeGreaterThan(before.length);
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().match.log).toHaveLength(0);
    expect(store.getState().eventLog.map((e) => e.text)).toEqual(before);
    expect(view().undoable).toBe(false);
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    await press(/shoots Bratva/);
    // B is asked to react; the shot has rolled nothing yet. B passes: the shot is rolled, and a roll
    // cannot be taken back.
    expect(view().decider).toBe('B');
    await press(/^Pass/);
    expect(view().match.log[view().match.log.length - 1]!.rolled).toBeGreaterThan(0);
    expect(view().undoable).toBe(false);
    const r = await play.undo();
    expect(r.ok).toBe(false);
    expect(!r.ok && en(r.reason)).not.toMatch(/casual/);
  });

  it("hotseat: Undo pressed while the other player is asked to react takes back the mover's move, not the reacting player's", async () => {
    const { play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    await press(/shoots Bratva/);
    // B is asked to react; nothing is rolled until B answers, so A may still take the shot back.
    expect(view().decider).toBe('B');
    expect(view().reacting).toBe(true);
    expect(view().undoable).toBe(true);
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().match.log.map((e) => e.action.type)).toEqual(['activate', 'end-reposition']);
    expect(view().decider).toBe('A');
    expect(view().reacting).toBe(false);
  });

  it('hotseat: after A ends the turn and B has it (no move of B yet), Undo gives A the activation back', async () => {
    const { play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    await press(/: no action$/);
    while (view().reacting) await press(/^Pass/);
    await press(/^End the turn/);
    expect(view().decider).toBe('B');
    expect(view().reacting).toBe(false);
    const ended = view().match.log.length;
    expect(view().undoable).toBe(true);
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().decider).toBe('A');
    expect(view().match.log).toHaveLength(ended - 1);
    expect(view().choices.some((c) => /^End the turn/.test(en(c.label)))).toBe(true);
  });

  it("solo: a loaded game's confirmation stays while the AI moves", async () => {
    const { store, play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    await press(/shoots Bratva/);
    // B (the AI in the loaded game) is to react: it moves as soon as the game is loaded.
    const text = play.saveText()!.replace('"B":"human"', '"B":"ai"');
    const other = setup();
    expect(await other.play.loadText(text, 'solo.json')).toEqual({ ok: true });
    await until(() => other.view().match.log.length > view().match.log.length, "the AI's reaction");
    expect(en(other.store.getState().notice!)).toMatch(/^Loaded solo\.json: 3 moves replayed; /);
    expect(store.getState().notice).toBeNull();
  });

  it("a Return Fire with an armoury weapon names the item after the weapon, not between 'at' and the target", async () => {
    const { play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    await press(/shoots Bratva/);
    const armoury = view()
      .choices.map((c) => c.label)
      .filter((l) => /armoury/.test(en(l)) && /returns fire/.test(en(l)));
    expect(armoury.length).toBeGreaterThan(0);
    for (const l of armoury)
      expect(en(l)).toMatch(
        /^Bratva Team 1 returns fire at Assault Team 1 with [\w -]+ \(armoury, marks a combat load\): /,
      );
  });

  it('a pick pressed twice stays armed; a table click with nothing armed and no model selected says to select one; with one selected it moves there', async () => {
    const { store, play, view, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    const move = view().picks.find((p) => p.type === 'move')!;
    play.choosePick(null);
    store.getState().select(null);
    const r = await play.clickTable(8, 0, 30);
    expect(r.ok).toBe(false);
    expect(en(store.getState().notice!)).toBe(
      `select one of your models, then click where it goes (or press a dashed button: ${view()
        .picks.map((p) => en(p.label))
        .join(', ')})`,
    );
    // The enemy's model selected: it cannot move now.
    store.getState().select('B1.0');
    expect((await play.clickTable(8, 0, 30)).ok).toBe(false);
    expect(en(store.getState().notice!)).toMatch(/^Bratva.* cannot move now: select a model that can/);
    play.choosePick(move);
    play.choosePick(move);
    expect(view().pick).toEqual(move);
    expect(await play.clickTable(8, 0, 31)).toEqual({ ok: true });
    expect(view().match.state.models['A1.0']!.pos).toEqual([8, 0, 31]);
    // Undone, and played again with no pick armed: the selected model's Move is the click.
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().pick).toBeNull();
    store.getState().select('A1.0');
    expect(await play.clickTable(8, 0, 31)).toEqual({ ok: true });
    expect(view().match.state.models['A1.0']!.pos).toEqual([8, 0, 31]);
  });

  it('a loaded game shows a confirmation and its whole battle log; Open… knows a saved game from a scene', async () => {
    const { store, play, press } = setup();
    await play.resume({ initial: newMatch(ruleset, duel(), 5).initial }, { A: 'human', B: 'human' });
    await press(/^Activate Assault Team/);
    await press(/^Done repositioning/);
    const lines = store.getState().eventLog.map((e) => e.text);
    const text = play.saveText()!;
    expect(isSavedGame(text)).toBe(true);
    expect(isSavedGame('{"format":"tabletop-scene/1","table":{"width":24,"depth":24}}')).toBe(false);
    expect(isSavedGame('not json')).toBe(false);

    const other = setup();
    expect(await other.play.loadText(text, 'duel.json')).toEqual({ ok: true });
    expect(en(other.store.getState().notice!)).toMatch(/^Loaded duel\.json: 2 moves replayed; /);
    expect(other.store.getState().eventLog.map((e) => e.text)).toEqual(lines);
    expect(other.store.getState().eventQueue).toEqual([]);
  });
});
