/** The play descriptor (not registered yet): the table, the preset forces, set-up by side, the table view and cards. */
import { describe, expect, it } from 'vitest';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import { fiveparsecsBuilder as b } from '../../../../src/rules/fiveparsecs/play';
import { TABLE } from '../../../../src/rules/fiveparsecs/game';
import { forces, fresh, inEnglish, set } from './fixture';
import { en } from '../../../support/words';

/** The play descriptor as the app holds it (the defaults filled). */
const play = fiveparsecs.play;

describe('Five Parsecs play descriptor', () => {
  it('one 36" x 36" table, the shipped forces as presets: the crew, then the five enemy types', () => {
    expect(play.tables.map((t) => [t.id, en(t.label)])).toEqual([['outskirts-36', '36" x 36" Colony Outskirts']]);
    expect((play.tables[0]!.scene as { table: unknown }).table).toEqual({ width: 36, depth: 36 });
    const d = b.defaultData();
    expect(b.presets(d).map((p) => en(p.label))).toEqual([
      'Crew: The Dusty Comet (sample) (6)',
      'Enemy: Gangers (aggressive)',
      'Enemy: Raiders (aggressive)',
      'Enemy: Psychos (rampaging)',
      'Enemy: Black Ops Team (tactical)',
      'Enemy: War Bots (aggressive)',
    ]);
    expect(b.defaults).toEqual({ A: 'dusty-comet', B: 'gangers' });
    expect(b.preset(d, 'gangers')).toEqual({ kind: 'enemy', id: 'gangers' });
    expect(b.preset(d, 'dusty-comet')).toEqual({ kind: 'crew', id: 'dusty-comet' });
    expect(b.preset(d, 'pirates')).toBeNull();
    expect(en(b.problem(d, { kind: 'enemy', id: 'pirates' })!)).toBe('no enemy type "pirates"');
    expect(b.points(d, { kind: 'crew', id: 'dusty-comet' })).toBeNull();
  });

  it("the crew's members are its six figures as cards", () => {
    const cards = b.members(forces(), { kind: 'crew', id: 'dusty-comet' });
    expect(cards).toHaveLength(6);
    expect(inEnglish(cards[0])).toEqual({
      id: 'captain',
      title: 'Captain Mira Voss',
      subtitle: 'Reactions 2',
      stats: 'Speed 4" · Combat +1 · Toughness 4 · Savvy 1',
      weapons: [
        { name: 'Military rifle', range: '24"', damage: '+0', notes: '1 shot' },
        { name: 'Blade', range: 'Brawl', damage: '+0', notes: 'melee' },
      ],
      notes: [],
    });
  });

  it("set-up: A a crew, B an enemy type (the same state as the tests' fresh battle); the wrong kind throws", () => {
    const d = forces();
    const s = play.setup(TABLE, d, { A: { kind: 'crew', id: 'dusty-comet' }, B: { kind: 'enemy', id: 'gangers' } }, {});
    expect(s).toEqual(fresh());
    expect(() =>
      play.setup(TABLE, d, { A: { kind: 'enemy', id: 'gangers' }, B: { kind: 'enemy', id: 'gangers' } }, {}),
    ).toThrow('side A fields a crew (got the enemy type "gangers")');
  });

  it('the table view names every figure; a card shows Stun markers and the phase; the save name has the round', () => {
    const s = set('B.gangers-1', { stun: 1 })({ ...fresh(), round: 2 });
    const view = play.table(s);
    expect(Object.keys(view.layout.models)).toHaveLength(14);
    expect(view.names['B.gangers-1']).toBe('Gangers 1');
    expect(inEnglish(play.card(s, 'B.gangers-1'))).toMatchObject({
      title: 'Gangers 1',
      subtitle: 'Gangers, AI aggressive',
      stats: 'Speed 4" · Combat +0 · Toughness 3',
      notes: ['1 Stun marker'],
    });
    expect(play.card(s, 'nobody')).toBeNull();
    expect(play.saveName(s)).toBe('fiveparsecs-round2.json');
    expect(play.forceName(s, 'B', null)).toBe('Gangers');
    expect(
      play.choiceInfo(s, { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' }),
    ).toEqual({
      models: ['A.captain'],
      targets: ['B.gangers-1'],
      fold: null,
    });
  });
});
