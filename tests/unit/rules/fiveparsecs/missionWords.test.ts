/** The missions in words and in the battle CLI's summary: the leave button, the item marker, the objective line and keys. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { radiusInches } from '../../../../src/rules/engine/units';
import { layoutOf, type FpState } from '../../../../src/rules/fiveparsecs/game';
import { newMission } from '../../../../src/rules/fiveparsecs/missions';
import { summary } from '../../../../src/rules/fiveparsecs/summary';
import { board, describeAction, markers, phaseLine } from '../../../../src/rules/fiveparsecs/describe';
import { fresh, inEnglish, midRound, set } from './fixture';
import { en } from '../../../support/words';

const R = radiusInches(25) + 1e-6;
/** A fake table arranged with the state's figures. */
function tableOf(s: FpState) {
  let q = fakeTable();
  q = q.at(layoutOf(s));
  return q;
}
/** The captain carrying the item 2" from the south edge, or (lying) the item at the centre. */
function acquire(carried: boolean): FpState {
  const s = midRound({ 'A.captain': [18, 36 - R - 2], 'B.gangers-1': [18, 6] }, 'quick', (x) => ({
    ...x,
    mission: newMission('acquire', x.table),
  }));
  return carried ? { ...s, mission: { ...s.mission, item: { pos: null, carrier: 'A.captain', off: null } } } : s;
}

describe('the leave button, the item marker, the phase line and the board', () => {
  it('"leave the table by the south edge" with the inches and what it does for the objective', () => {
    const s = acquire(true);
    expect(en(describeAction(s, tableOf(s), { type: 'leave', figure: 'A.captain', edge: 'south' }))).toBe(
      'Captain Mira Voss: leave the table by the south edge (2.0", carrying the item home)',
    );
    const t = acquire(false);
    const onto = { type: 'move' as const, figure: 'A.captain', x: 18, y: 0, z: 19 };
    expect(en(describeAction(t, tableOf(t), onto))).toBe(
      'Captain Mira Voss: move 14.5" to (18.0, 19.0), picking up the item',
    );
    expect(en(describeAction(t, tableOf(t), { ...onto, z: 20 }))).toBe('Captain Mira Voss: move 13.5" to (18.0, 20.0)');
    expect(en(describeAction(t, tableOf(t), { type: 'leave', figure: 'A.captain', edge: 'south' }))).toBe(
      'Captain Mira Voss: leave the table by the south edge (2.0")',
    );
  });
  it('the item shows where it lies (an objective marker), or as a token on its carrier', () => {
    expect(inEnglish(markers(acquire(false)))).toEqual([
      { id: 'item', kind: 'objective', label: 'Item', at: [18, 0, 18], side: null },
    ]);
    expect(inEnglish(markers(acquire(true)))).toEqual([
      { id: 'item', kind: 'token', label: 'Item', at: [18, 0, 36 - R - 2], side: 'A' },
    ]);
    expect(markers(fresh())).toEqual([]);
  });
  it('the phase line and the board say the objective; Fight Off says nothing more', () => {
    expect(en(phaseLine(acquire(false)))).toBe('Round 1 · Quick Actions · Acquire: the item lies at (18.0, 18.0)');
    expect(en(phaseLine(acquire(true)))).toBe(
      'Round 1 · Quick Actions · Acquire: Captain Mira Voss carries the item to the south edge',
    );
    const through = { ...fresh({ mission: 'move-through' }), phase: 'quick' as const, round: 2 };
    const won = {
      ...through,
      mission: { ...through.mission, exits: { north: ['A.pilot', 'A.feral'], south: [] }, wonRound: 2 },
    };
    expect(en(phaseLine(won))).toBe(
      'Round 2 · Quick Actions · Move Through: 2/2 off the north edge — objective won in round 2',
    );
    expect(inEnglish(board(through).lines)).toEqual([
      { id: 'mission', text: 'Mission: Move Through' },
      { id: 'objective', text: 'Move Through: 0/2 off the north edge' },
      { id: 'panic', text: 'Gangers: Panic 1-2, AI aggressive' },
    ]);
    expect(board(fresh()).lines.map((l) => l.id)).toEqual(['mission', 'panic']);
    const over = { ...won, phase: 'over' as const, result: { heldField: false, reason: 'all gone' } };
    expect(en(phaseLine(over))).toBe(
      'Battle over after round 2: did not Hold the Field (all gone) · Move Through: 2/2 off the north edge — objective won in round 2',
    );
    expect(en(board(over).result!.footer)).toBe('The crew did not Hold the Field and won the objective');
  });
});

describe('summary(): the objective state (rounds, score, heldField, objective, mission)', () => {
  it('Fight Off: objective null; the keys are exactly these five', () => {
    expect(Object.keys(summary(fresh())).sort()).toEqual(['heldField', 'mission', 'objective', 'rounds', 'score']);
    expect(summary(fresh()).objective).toBeNull();
  });
  it('Acquire: won, the round, where the item is, its carrier, the edge and where it lies', () => {
    expect(summary(fresh({ mission: 'acquire' }))).toEqual({
      rounds: 0,
      score: { A: 0, B: 0 },
      heldField: null,
      objective: { won: false, round: null, item: 'lying', carrier: null, edge: null, at: [18, 0, 18] },
      mission: 'acquire',
    });
    expect(summary(acquire(true)).objective).toMatchObject({ item: 'carried', carrier: 'A.captain', at: null });
    const home = acquire(true);
    const done = {
      ...home,
      mission: { ...home.mission, item: { pos: null, carrier: 'A.captain', off: 'south' as const }, wonRound: 3 },
    };
    expect(summary(done).objective).toEqual({
      won: true,
      round: 3,
      item: 'off',
      carrier: 'A.captain',
      edge: 'south',
      at: null,
    });
  });
  it('Move Through: won, the round, who got through and how many must; a figure that left is not in the score', () => {
    const s = set('A.pilot', { out: 'left' })(fresh({ mission: 'move-through' }));
    const one = { ...s, mission: { ...s.mission, exits: { north: ['A.pilot'], south: [] } } };
    expect(summary(one)).toMatchObject({
      score: { A: 0, B: 0 },
      objective: { won: false, round: null, through: ['A.pilot'], need: 2 },
      mission: 'move-through',
    });
  });
});
