/** Five Parsecs in the app's words: each action's button, the phase line, the score board, Stun markers and the Move / Dash picks. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { layoutOf, type FpState } from '../../../../src/rules/fiveparsecs/game';
import {
  board,
  describeAction,
  markers,
  needsPoint,
  phaseLine,
  pickAction,
  picksOf,
} from '../../../../src/rules/fiveparsecs/describe';
import { fresh, inEnglish, midRound, set } from './fixture';
import { en } from '../../../support/words';

/** A fake table arranged with the state's figures. */
function tableOf(s: FpState, sight?: Parameters<typeof fakeTable>[0]) {
  let q = fakeTable(sight);
  q = q.at(layoutOf(s));
  return q;
}
const shoot = (figure: string, weapon: string, target: string) => ({ type: 'shoot' as const, figure, weapon, target });
/** The captain (Combat Skill 1, military rifle 24") 7.02" from Ganger 1, edge to edge. */
const duel = (phase: 'quick' | 'seized' = 'quick') =>
  midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 10] }, phase);

describe('describeAction: the button words', () => {
  it('a shot gives its number and why first: "5+: open target in range (7.0")"', () => {
    const s = duel();
    expect(en(describeAction(s, tableOf(s), shoot('A.captain', 'military-rifle', 'B.gangers-1')))).toBe(
      '5+: open target in range (7.0") — Captain Mira Voss: shoot Gangers 1 with the Military rifle, 1 shot (1D6 +1)',
    );
  });

  it('within 6" it is 3+, a covered target 6+, and a Heavy weapon after a move says -1', () => {
    const close = midRound({ 'A.mechanic': [18, 18], 'B.gangers-1': [18, 14] });
    expect(en(describeAction(close, tableOf(close), shoot('A.mechanic', 'shotgun', 'B.gangers-1')))).toBe(
      '3+: open target within 6" (3.0") — Tovi Brand: shoot Gangers 1 with the Shotgun, 2 shots (1D6 +0)',
    );
    const s = duel();
    const wall = tableOf(s, { sight: () => ({ coverPieces: [{ id: 'w', kind: 'wall', share: 0.3, distance: 0.5 }] }) });
    expect(en(describeAction(s, wall, shoot('A.captain', 'military-rifle', 'B.gangers-1')))).toMatch(
      /^6\+: covered target in range \(7\.0"\) — /,
    );
    const moved = midRound(
      { 'A.hunter': [18, 18], 'B.gangers-1': [18, 10] },
      'quick',
      set('A.hunter', { moved: true }),
    );
    expect(en(describeAction(moved, tableOf(moved), shoot('A.hunter', 'hunting-rifle', 'B.gangers-1')))).toBe(
      '5+: open target in range (7.0") — Old Dag: shoot Gangers 1 with the Hunting rifle, 1 shot (1D6 +0 -1 trait)',
    );
  });

  it('after Seizing the Initiative a shot hits on a natural 6 only; out of range says why', () => {
    const s = duel('seized');
    expect(en(describeAction(s, tableOf(s), shoot('A.captain', 'military-rifle', 'B.gangers-1')))).toBe(
      'natural 6 only (Seize the Initiative, 7.0") — Captain Mira Voss: shoot Gangers 1 with the Military rifle, 1 shot (1D6 +1)',
    );
    const far = midRound({ 'A.pilot': [18, 30], 'B.gangers-1': [18, 10] });
    expect(en(describeAction(far, tableOf(far), shoot('A.pilot', 'hand-gun', 'B.gangers-1')))).toBe(
      'Jax Orrin: shoot Gangers 1 with the Hand gun (Gangers 1 is 19.02" away, out of the Hand gun\'s 12")',
    );
  });

  it('Seize, skip, a Reaction die, a move, a dash, a brawl, done and pass', () => {
    const s = fresh();
    const q = tableOf(s);
    // Savvy 1, outnumbered (8 Gangers against 6) +1: +2.
    expect(en(describeAction(s, q, { type: 'seize' }))).toBe(
      'Roll to Seize the Initiative: 2D6 +2, 10+ to move or fire before round 1',
    );
    expect(en(describeAction(s, q, { type: 'skip-seize' }))).toBe('Do not try to Seize the Initiative');
    const r = { ...s, phase: 'reaction' as const, round: 1, reaction: { dice: [2, 5, 1], assigned: {} } };
    expect(en(describeAction(r, q, { type: 'assign', figure: 'A.pilot', die: 0 }))).toBe(
      'Die 2 to Jax Orrin: Quick (Reactions 2)',
    );
    expect(en(describeAction(r, q, { type: 'assign', figure: 'A.pilot', die: 1 }))).toBe(
      'Die 5 to Jax Orrin: Slow (Reactions 2)',
    );
    const m = duel();
    expect(en(describeAction(m, q, { type: 'move', figure: 'A.captain', x: 18, y: 0, z: 14 }))).toBe(
      'Captain Mira Voss: move 4.0" to (18.0, 14.0)',
    );
    expect(en(describeAction(m, q, { type: 'move', figure: 'A.captain', x: 21, y: 0, z: 14, dash: true }))).toBe(
      'Captain Mira Voss: dash 5.0" to (21.0, 14.0)',
    );
    // Combat Skill 1 + Blade (Melee) +2 against Combat Skill 0 + Blade +2.
    expect(en(describeAction(m, q, { type: 'brawl', figure: 'A.captain', target: 'B.gangers-1' }))).toBe(
      'Captain Mira Voss: brawl Gangers 1 (1D6 +3 against 1D6 +2)',
    );
    expect(en(describeAction(m, q, { type: 'done', figure: 'A.captain' }))).toBe(
      'Captain Mira Voss: do nothing this phase',
    );
    const acting = { ...m, activation: { figure: 'A.captain', stunAtStart: 0 } };
    expect(en(describeAction(acting, q, { type: 'done', figure: 'A.captain' }))).toBe(
      'Captain Mira Voss: end the activation',
    );
    expect(en(describeAction(m, q, { type: 'pass' }))).toBe('Pass');
  });
});

describe('phaseLine', () => {
  it('before the battle, in the Reaction Roll with the dice left, acting, and over', () => {
    expect(en(phaseLine(fresh()))).toBe('Before the battle: Seize the Initiative');
    expect(en(phaseLine({ ...fresh(), phase: 'seized' }))).toBe('Initiative seized: each figure may move or fire');
    const r = {
      ...fresh(),
      phase: 'reaction' as const,
      round: 1,
      reaction: { dice: [2, 5, 1], assigned: { 'A.pilot': 1 } },
    };
    expect(en(phaseLine(r))).toBe('Round 1 · Reaction Roll · dice 2 5 1; 2 to assign');
    const acting = { ...duel(), round: 3, activation: { figure: 'A.captain', stunAtStart: 0 } };
    expect(en(phaseLine(acting))).toBe('Round 3 · Quick Actions · Captain Mira Voss acting');
    expect(en(phaseLine({ ...duel(), phase: 'enemy' }))).toBe('Round 1 · Enemy Actions');
    const over = { ...duel(), phase: 'over' as const, round: 4, result: { heldField: true, reason: 'no enemy left' } };
    expect(en(phaseLine(over))).toBe('Battle over after round 4: Held the Field (no enemy left)');
  });
});

describe('board and markers', () => {
  it('rows: figures standing, Stunned, taken out; lines: mission and Panic; the result once over', () => {
    const s = set('A.pilot', { stun: 2 })(set('B.gangers-1', { out: 'slain' })(fresh()));
    const b = board(s);
    expect(b.rows.A.map((c) => en(c.text))).toEqual(['own 6/6 up', '1 Stunned', '1 enemy taken out']);
    expect(b.rows.B.map((c) => en(c.text))).toEqual(['own 7/8 up', '0 Stunned', '0 enemies taken out']);
    expect(inEnglish(b.lines)).toEqual([
      { id: 'mission', text: 'Mission: Fight Off' },
      { id: 'panic', text: 'Gangers: Panic 1-2, AI aggressive' },
    ]);
    expect(b.result).toBeNull();
    const over = board({ ...s, phase: 'over', result: { heldField: false, reason: 'no crew left' } });
    expect(inEnglish(over.result)).toEqual({
      columns: ['Taken out'],
      rows: { A: ['1'], B: ['0'] },
      footer: 'The crew did not Hold the Field',
    });
  });

  it('a Stun marker beside each Stunned figure on the table', () => {
    const s = set('A.pilot', { stun: 2, pos: [5, 0, 33] })(set('B.gangers-3', { stun: 1, out: 'slain' })(fresh()));
    expect(inEnglish(markers(s))).toEqual([
      { id: 'token-A.pilot', kind: 'token', label: 'Stun 2', at: [5, 0, 33], side: 'A' },
    ]);
  });

  it("each crew figure's Reaction die and phase beside it once given (Reactions 2: a 2 is Quick, a 3 Slow), then 'acted'", () => {
    const rolled = {
      ...set('A.pilot', { pos: [5, 0, 33] })(set('A.captain', { pos: [9, 0, 33], stun: 1 })(fresh())),
      phase: 'reaction' as const,
      round: 1,
      reaction: { dice: [2, 3, 4, 4, 5, 6], assigned: { 'A.pilot': 0, 'A.captain': 1 } },
    };
    const tokens = markers(rolled).filter((m) => m.side === 'A');
    expect(tokens.map((m) => [m.id, en(m.label)])).toEqual([
      ['token-A.captain', 'Slow 3 · Stun 1'],
      ['token-A.pilot', 'Quick 2'],
    ]);
    const acting = set('A.pilot', { acted: true, phase: 'quick' })({ ...rolled, phase: 'quick' as const });
    expect(en(markers(acting).find((m) => m.id === 'token-A.pilot')!.label)).toBe('acted');
    // The battle over: the dice and phases go; Stun markers stay.
    const over = { ...rolled, phase: 'over' as const, result: { heldField: true, reason: 'all gone' } };
    expect(markers(over).map((m) => [m.id, en(m.label)])).toEqual([['token-A.captain', 'Stun 1']]);
  });
});

describe('picks: Move and Dash by clicking the table', () => {
  it('one Move and one Dash pick per figure with moves; the click makes the action', () => {
    const s = duel();
    const legal = [
      { type: 'move' as const, figure: 'A.captain', x: 18, y: 0, z: 16 },
      { type: 'move' as const, figure: 'A.captain', x: 18, y: 0, z: 15 },
      { type: 'move' as const, figure: 'A.captain', x: 18, y: 0, z: 13, dash: true },
      { type: 'done' as const, figure: 'A.captain' },
    ];
    const picks = picksOf(s, legal);
    expect(inEnglish(picks)).toEqual([
      { type: 'move', model: 'A.captain', dash: false, label: 'Move Captain Mira Voss (up to 4")', allowance: 4 },
      { type: 'move', model: 'A.captain', dash: true, label: 'Dash Captain Mira Voss (up to 6")', allowance: 6 },
    ]);
    expect(needsPoint(legal[0]!)).toBe(true);
    expect(needsPoint(legal[3]!)).toBe(false);
    expect(pickAction(picks[0]!, 18.00041, 0, 15.5)).toEqual({
      type: 'move',
      figure: 'A.captain',
      x: 18,
      y: 0,
      z: 15.5,
    });
    expect(pickAction(picks[1]!, 18, 0, 13)).toEqual({
      type: 'move',
      figure: 'A.captain',
      x: 18,
      y: 0,
      z: 13,
      dash: true,
    });
  });
});
