/**
 * The one play panel's pieces, for any ruleset: the registry's play descriptors (force builders,
 * options, score boards, secrets, folds), the start checks, the hotseat curtain and whose secrets show.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf, RULESETS } from '../../../src/rulesetsLoaded';
import { secretsShown } from '../../../src/state/playView';
import type { PlayView } from '../../../src/state/play';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import { playOnSandbox } from '../../support/playSetup';
import { midGame } from '../rules/blkout/fixture';
import { midBattle } from '../rules/counterblast/fixture';
import { en, english } from '../../support/words';

const blkout = rulesetOf('blkout').play;
const counterblast = rulesetOf('counterblast').play;

describe('every ruleset describes itself to the one panel', () => {
  it.each(RULESETS.map((r) => [r.id, r] as const))(
    '%s: tables, options, legal default forces, a board for both sides',
    (_id, entry) => {
      const p = entry.play;
      expect(p.tables.length).toBeGreaterThan(0);
      for (const o of p.options) expect(o.choices.length).toBeGreaterThan(1);
      const data = p.forces.defaultData();
      const forces = { A: p.forces.preset(data, p.forces.defaults.A), B: p.forces.preset(data, p.forces.defaults.B) };
      expect(p.forces.problem(data, forces.A)).toBeNull();
      expect(p.forces.problem(data, forces.B)).toBeNull();
      const table = (p.tables[0]!.scene as { table: { width: number; depth: number } }).table;
      const s = p.setup(table, data, forces, {});
      expect((s as { ruleset: string }).ruleset).toBe(entry.id);
      expect(p.tableOf(s).id).toBe(p.tables[0]!.id);
      const board = p.board(s);
      expect(board.rows.A.length).toBe(board.rows.B.length);
      expect(board.result).toBeNull();
    },
  );
});

describe('the one force builder', () => {
  it('BLKOUT: a faction group; taking a unit out says why it is not legal, and the handler slot offers handlers', () => {
    const b = blkout.forces;
    const data = b.defaultData();
    const g = b.preset(data, 'harlow');
    expect(b.presetOf(data, g)).toBe('harlow');
    expect(b.members(data, g).map((c) => c.id)).toEqual([
      'handler',
      'hfr-assault-team',
      'hfr-control-team',
      'hfr-springbok',
    ]);
    expect(b.points(data, g)).toBeNull();
    const short = b.remove(data, g, 3);
    expect(b.presetOf(data, short)).toBeNull();
    expect(en(b.problem(data, short)!)).toBe('a group has exactly three units besides its handler (got 2)');
    expect(
      b
        .addable(data, short)
        .every((c) => en(c.subtitle).startsWith('force') || /strikeforce|blklist|duster/.test(en(c.subtitle))),
    ).toBe(true);
    expect(b.problem(data, b.add(data, short, 'hfr-springbok'))).toBeNull();
    const headless = b.remove(data, g, 0);
    expect(en(b.problem(data, headless)!)).toBe('"" is not a handler card');
    expect(new Set(b.addable(data, headless).map((c) => en(c.subtitle)))).toEqual(new Set(['handler']));
  });

  it('Counterblast: a sample crew at 500 of 500 points; one more card is over the limit with the reason', () => {
    const b = counterblast.forces;
    const data = b.defaultData();
    const crew = b.preset(data, 'rustwater-salvagers');
    expect(en(b.points(data, crew)!)).toBe('500 / 500 pts');
    const more = b.add(data, crew, 'gunner');
    expect(en(b.points(data, more)!)).toBe('560 / 500 pts');
    expect(en(b.problem(data, more)!)).toMatch(/is 560 points: over the game's 500$/);
    expect(b.presetOf(data, more)).toBeNull();
    const back = b.remove(data, more, b.members(data, more).length - 1);
    expect(b.problem(data, back)).toBeNull();
    expect(b.fileOf(data, { A: back, B: back })).toMatchObject({ format: 'counterblast-crews/1' });
  });
});

describe('choices organised for a person', () => {
  it('BLKOUT: an activation names its unit models; drills, armoury and BURN cards sit under their folds', () => {
    const s = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33] });
    expect(blkout.choiceInfo(s, { type: 'activate', unit: 'A1' })).toEqual({
      models: ['A1.0'],
      targets: [],
      fold: null,
    });
    expect(blkout.choiceInfo(s, { type: 'drill', unit: 'A1', drill: 'linked' }).fold).toBe('Battle drills');
    expect(blkout.choiceInfo(s, { type: 'armoury', model: 'A1.0', item: 'x' }).fold).toBe('Armoury');
    expect(blkout.choiceInfo(s, { type: 'burn', card: 'amped' }).fold).toBe('BURN cards');
    expect(blkout.choiceInfo(s, { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' })).toEqual({
      models: ['A1.0'],
      targets: ['B1.0'],
      fold: null,
    });
  });

  it('Counterblast: a split attack goes under "Split fire" and names every target', () => {
    const s = midBattle({});
    const split = {
      type: 'shoot',
      model: 'A.gunner-1',
      weapon: 0,
      target: 'B.boss',
      split: [
        { target: 'B.boss', dice: 2 },
        { target: 'B.hound', dice: 1 },
      ],
    };
    expect(counterblast.choiceInfo(s, split)).toEqual({
      models: ['A.gunner-1'],
      targets: ['B.boss', 'B.hound'],
      fold: 'Split fire',
      foldWords: { id: 'counterblast:fold.split-fire' },
    });
    expect(en(counterblast.choiceInfo(s, split).foldWords!)).toBe('Split fire');
    expect(
      counterblast.choiceInfo(s, { type: 'shoot', model: 'A.gunner-1', weapon: 0, target: 'B.boss' }).fold,
    ).toBeNull();
  });
});

describe('hidden information at one screen', () => {
  const v = (seats: PlayView['seats'], decider: 'A' | 'B' | null, curtain: 'A' | 'B' | null) => ({
    seats,
    decider,
    curtain,
  });
  it.each([
    ['solo: the human sees their own always', v({ A: 'human', B: 'ai' }, 'B', null), [true, false]],
    ['hotseat: only the decider', v({ A: 'human', B: 'human' }, 'A', null), [true, false]],
    ['hotseat: nobody behind the curtain', v({ A: 'human', B: 'human' }, 'B', 'B'), [false, false]],
    ['AI against AI: nobody', v({ A: 'ai', B: 'ai' }, 'A', null), [false, false]],
  ] as const)('%s', (_what, view, shown) => {
    expect([secretsShown(view, 'A'), secretsShown(view, 'B')]).toEqual(shown);
  });

  it('BLKOUT declares each hand as a secret: its cards for its owner, a count for everyone else', () => {
    const s: BlkoutState = { ...midGame({}), burn: { ...midGame({}).burn, hands: { A: ['amped', 'rewind'], B: [] } } };
    const words = (x: ReturnType<typeof blkout.secrets>) =>
      x.map((w) => ({ label: en(w.label), shown: en(w.shown), hidden: en(w.hidden) }));
    expect(words(blkout.secrets(s, 'A'))).toEqual([{ label: 'BURN', shown: 'Amped, Rewind', hidden: '2 cards' }]);
    expect(words(blkout.secrets(s, 'B'))).toEqual([{ label: 'BURN', shown: 'none', hidden: '0 cards' }]);
  });

  it('hotseat: the curtain comes down when the decision passes to the other human, and lifts when they take the mouse; never in solo', async () => {
    const { play, store } = playOnSandbox();
    await play.start({ seats: { A: 'human', B: 'human' }, seed: 3 });
    expect(store.getState().play!.curtain).toBeNull();
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    expect(store.getState().play!.decider).toBe('B');
    expect(store.getState().play!.curtain).toBe('B');
    play.reveal();
    expect(store.getState().play!.curtain).toBeNull();
    expect(await play.clickTable(26, 0, 26)).toEqual({ ok: true });
    expect(store.getState().play!.curtain).toBe(store.getState().play!.decider);
    await play.start({ seats: { A: 'human', B: 'ai' }, seed: 3 });
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    expect(store.getState().play!.curtain).toBeNull();
    play.stop();
  });

  it("hotseat: a loaded game (Resume after a reload) opens behind the decider's curtain, so no hand shows to whoever is at the screen; solo does not", async () => {
    const { play, store } = playOnSandbox();
    await play.start({ seats: { A: 'human', B: 'human' }, seed: 3 });
    expect(await play.clickTable(10, 0, 10)).toEqual({ ok: true });
    play.reveal();
    expect(store.getState().play!.curtain).toBeNull();
    const saved = play.saveText()!;
    expect(await play.loadText(saved, 'hotseat.json')).toEqual({ ok: true });
    expect(store.getState().play!.decider).toBe('B');
    expect(store.getState().play!.curtain).toBe('B');
    play.reveal();
    expect(store.getState().play!.curtain).toBeNull();
    await play.start({ seats: { A: 'human', B: 'ai' }, seed: 3 });
    expect(await play.loadText(play.saveText()!, 'solo.json')).toEqual({ ok: true });
    expect(store.getState().play!.curtain).toBeNull();
    play.stop();
  });
});

describe('starting a match checks what it is given', () => {
  it.each([
    [
      { rules: 'chess' },
      'rules must be one of "blkout", "counterblast", "fiveparsecs", "skirmish-ru", "rpg-attacks" (got "chess")',
    ],
    [
      { options: { special: 'lasers' } },
      'special must be one of "", "dome-shields", "scrambling", "drone-swarms" (got "lasers")',
    ],
    [{ options: { weather: 'rain' } }, 'BLKOUT has no option "weather" (has: "special", "burnWindows")'],
    [{ rules: 'counterblast', options: { special: 'scrambling' } }, 'Counterblast has no option "special" (has: none)'],
    [
      { forces: { B: 'nobody' } },
      'group B: no group "nobody" in the Unit cards file (have: harlow, manticor-borz, un-3rd-battalion, task-force-boone, un-raid-force-alpha)',
    ],
  ] as const)('%j is refused: %s', async (opts, reason) => {
    const { play, store } = playOnSandbox();
    expect(english(await play.start(opts))).toEqual({ ok: false, reason });
    expect(store.getState().play).toBeNull();
  });
});
