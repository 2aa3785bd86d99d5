/**
 * Five Parsecs through the app's PlayController (the panel's model): solo with the Reaction dice and
 * a Move by a click, undo, save and load; AI against AI to the battle's end; hotseat co-op, where two
 * people split the crew and the words say whose each figure is.
 */
import { describe, expect, it } from 'vitest';
import type { FpState } from '../../../src/rules/fiveparsecs/game';
import { rulesetOf } from '../../../src/rulesetsLoaded';
import type { PlayView } from '../../../src/state/play';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';

const setup = () => playSession<FpState>('fiveparsecs');

/** A figure's card as the model panel shows it. */
const cardOf = (view: () => PlayView<FpState>, id: string) =>
  rulesetOf('fiveparsecs').play.card(view().match.state, id);

/** Waits (real timers, up to about a minute) until the AI has played up to a condition. */
async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 12_000; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('playing Five Parsecs in the app (PlayController)', () => {
  it('solo (seed 3): its own table; the Reaction dice one by one; a Move by a click, taken back by Undo; save and load keep the battle', async () => {
    const { store, play, view, press } = setup();
    expect(await play.start({ rules: 'fiveparsecs', seed: 3 })).toEqual({ ok: true });
    expect(store.getState().sceneFile).toBe('assets/scenarios/fiveparsecs-36.json');
    expect(en(view().status)).toBe('Before the battle: Seize the Initiative');
    await press(/^Do not try/);
    expect(en(view().status)).toMatch(/^Round 1 · Reaction Roll · dice( \d){6}; 6 to assign$/);
    // The six figures without a die are the actors; each is given its first die.
    expect(view().actors).toHaveLength(6);
    for (let left = 6; left > 0; left--) {
      const first = view().actors[0]!;
      const die = view().choices.find((c) => c.models.includes(first))!;
      expect(await play.submit(die.move)).toEqual({ ok: true });
      if (left > 1) expect(view().actors).toHaveLength(left - 1);
    }
    await waitFor(() => view().decider === 'A' && !view().thinking && !view().reacting, "the crew's turn");
    const s = view().match.state;
    expect(['quick', 'slow']).toContain(s.phase);
    // A Move: the pick, then a click 2" north of the figure.
    const pick = view().picks.find((p) => /^Move /.test(en(p.label)))!;
    const f = s.figures[pick.model!]!;
    play.choosePick(pick);
    expect(await play.clickTable(f.pos[0], 0, f.pos[2] - 2)).toEqual({ ok: true });
    expect(view().match.state.figures[f.id]!.pos[2]).toBeCloseTo(f.pos[2] - 2, 3);
    expect(en(view().status)).toContain(`${f.name} acting`);
    expect(view().undoable).toBe(true);
    expect(await play.undo()).toEqual({ ok: true });
    expect(view().match.state.figures[f.id]!.pos).toEqual(f.pos);
    play.choosePick(pick);
    expect(await play.clickTable(f.pos[0], 0, f.pos[2] - 2)).toEqual({ ok: true });
    const text = play.saveText()!;
    expect(view().saveName).toBe('fiveparsecs-round1.json');
    const before = JSON.stringify(view().match.state);
    expect(await play.loadText(text, 'fiveparsecs-round1.json')).toEqual({ ok: true });
    expect(JSON.stringify(view().match.state)).toBe(before);
    play.stop();
  });

  it('AI against AI (seed 2): the battle plays to its end; the board gives the verdict', async () => {
    const { play, view } = setup();
    expect(await play.start({ rules: 'fiveparsecs', seed: 2, seats: { A: 'ai', B: 'ai' } })).toEqual({ ok: true });
    await waitFor(() => view().outcome !== null, 'the end of the battle');
    const s = view().match.state;
    expect(s.phase).toBe('over');
    expect(view().outcome!.winner).toBe(s.result!.heldField ? 'A' : 'B');
    expect(en(view().board.result!.footer)).toBe(
      s.result!.heldField ? 'The crew Held the Field' : 'The crew did not Hold the Field',
    );
    play.stop();
  }, 120_000);

  it('hotseat co-op (seed 3): the crew is split, Player 1 and Player 2 in turn down its list; cards, dice, tokens and the acting line say whose', async () => {
    const { play, view, press } = setup();
    expect(await play.start({ rules: 'fiveparsecs', seed: 3, options: { crew: 'two' } })).toEqual({ ok: true });
    const s = view().match.state;
    expect(s.owners).toEqual({
      'A.captain': 1,
      'A.pilot': 2,
      'A.mechanic': 1,
      'A.merc': 2,
      'A.hunter': 1,
      'A.feral': 2,
    });
    expect(en(cardOf(view, 'A.pilot')!.subtitle)).toBe("The Dusty Comet (sample), Reactions 2, Player 2's figure");
    expect(en(cardOf(view, 'B.gangers-1')!.subtitle)).toBe('Gangers, AI aggressive');
    await press(/^Do not try/);
    expect(view().choices.some((c) => /^Die \d to Jax Orrin \(Player 2\): /.test(en(c.label)))).toBe(true);
    expect(view().choices.some((c) => /^Die \d to Captain Mira Voss \(Player 1\): /.test(en(c.label)))).toBe(true);
    const die = view().choices.find((c) => c.models.includes('A.pilot'))!;
    await play.submit(die.move);
    expect(en(view().markers.find((m) => m.id === 'token-A.pilot')!.label)).toMatch(/^P2 · (Quick|Slow) \d$/);
    while (view().match.state.phase === 'reaction') await play.submit(view().choices[0]!.move);
    await waitFor(() => view().decider === 'A' && !view().thinking && !view().reacting, "the crew's turn");
    const pick = view().picks.find((p) => /^Move /.test(en(p.label)))!;
    const f = view().match.state.figures[pick.model!]!;
    play.choosePick(pick);
    expect(await play.clickTable(f.pos[0], 0, f.pos[2] - 2)).toEqual({ ok: true });
    expect(en(view().status)).toContain(`${f.name} (Player ${view().match.state.owners![f.id]}) acting`);
    // One player: no owners, and the words as before.
    const solo = setup();
    expect(await solo.play.start({ rules: 'fiveparsecs', seed: 3 })).toEqual({ ok: true });
    expect('owners' in solo.view().match.state).toBe(false);
    expect(en(cardOf(solo.view, 'A.pilot')!.subtitle)).toBe('The Dusty Comet (sample), Reactions 2');
    expect(await solo.play.start({ rules: 'fiveparsecs', seed: 3, options: { crew: 'three' } })).toMatchObject({
      ok: false,
    });
    play.stop();
    solo.play.stop();
  });
});
