import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../src/state/eventQueue';
import { activeModel, lastLines, rollInWords, scoreText, statusWords } from '../../../src/spectator/words';
import { attackEnds, chooseShot, sideOn } from '../../../src/spectator/shots';

const ev = (batch: number, type: string, text: string, more: Record<string, unknown> = {}): LoggedEvent => ({
  type,
  text,
  batch,
  ...more,
});

describe('overlay words', () => {
  it('gives the last roll with the result of the check that used it', () => {
    const log = [
      ev(1, 'moved', 'Handler moves 5"', { model: 'a1' }),
      ev(2, 'shot', 'Handler shoots Cyka 1 (in the open)', { shooter: 'a1', target: 'b1' }),
      ev(2, 'skill-check', 'Handler shoots: 8, 3 against 4+: 1 success'),
      ev(2, 'dice-rolled', 'A rolled 8, 3 (2d10)', {
        dice: [
          [10, 8],
          [10, 3],
        ],
      }),
      ev(3, 'moved', 'Cyka 1 moves 3"', { model: 'b1' }),
    ];
    expect(rollInWords(log)).toBe('A rolled 8, 3 (2d10) — 1 success');
  });

  it('says hit or miss when the check carries a hit flag', () => {
    const log = [ev(4, 'shot', 'B shoots A', { hit: false }), ev(4, 'dice-rolled', 'B rolled 2 (d6)')];
    expect(rollInWords(log)).toBe('B rolled 2 (d6) — miss');
  });

  it('shows a roll alone when nothing before it in its push used it, and nothing before any roll', () => {
    expect(rollInWords([ev(1, 'moved', 'x'), ev(2, 'dice-rolled', 'A rolled 4 (d10)')])).toBe('A rolled 4 (d10)');
    expect(rollInWords([ev(1, 'moved', 'x')])).toBeNull();
    expect(rollInWords([])).toBeNull();
  });

  it('keeps the last three lines, oldest first', () => {
    const log = ['a', 'b', 'c', 'd'].map((t, i) => ev(i, 'x', t));
    expect(lastLines(log)).toEqual(['b', 'c', 'd']);
    expect(lastLines(log.slice(0, 1))).toEqual(['a']);
  });

  it("finds the active model in the view's actors first, then in the newest event that names one", () => {
    const onTable = (id: string) => ['a1', 'b1', 'b2'].includes(id);
    expect(activeModel({ actors: ['gone', 'b2'] }, [], onTable)).toBe('b2');
    const log = [ev(1, 'moved', '', { model: 'a1' }), ev(2, 'cqc', '', { a: 'b1', b: 'a1' }), ev(3, 'round', '')];
    expect(activeModel({ actors: [] }, log, onTable)).toBe('b1');
    expect(activeModel(null, [], onTable)).toBeNull();
  });

  it('puts the main score first with its unit, and names whose turn it is', () => {
    const board = {
      rows: {
        A: [
          { text: '3 CP', title: 'Command Points' },
          { text: '2', title: 'Victory Points', points: true },
        ],
        B: [{ text: '1 taken out', points: true }],
      },
      lines: [],
      result: null,
    };
    expect(scoreText({ board }, 'A')).toBe('2 Victory Points · 3 CP');
    expect(scoreText({ board }, 'B')).toBe('1 taken out');
    const play = {
      name: 'BLKOUT',
      status: 'Round 2',
      decider: 'B' as const,
      forceNames: { A: 'Red', B: 'Blue' },
      outcome: null,
    };
    expect(statusWords(play)).toEqual({ rules: 'BLKOUT', status: 'Round 2', turn: 'B to play (Blue)' });
    expect(statusWords({ ...play, decider: null, outcome: { winner: 'A', score: { A: 1, B: 0 } } }).turn).toBe(
      'game over',
    );
  });
});

describe('cinematic shots', () => {
  const models = [
    { id: 'a1', position: [5, 0, 5] as [number, number, number], height: 1 },
    { id: 'b1', position: [25, 0, 20] as [number, number, number], height: 1 },
  ];
  const base = {
    models,
    target: 'active' as const,
    activeId: 'a1',
    selectedId: 'b1',
    table: { width: 48, depth: 36 },
    aspect: 16 / 9,
    azimuthDeg: 0,
  };

  it('frames the attacker and the target of an attack at the head of the queue', () => {
    const head = { type: 'shot', text: '', shooter: 'a1', target: 'b1' };
    expect(attackEnds(head, models)).toEqual([
      [5, 0.6, 5],
      [25, 0.6, 20],
    ]);
    const shot = chooseShot({ ...base, head });
    expect(shot.orbit).toBe(false);
    expect(shot.pose.target[0]).toBeCloseTo(15);
    expect(shot.pose.target[2]).toBeCloseTo(12.5);
    // A ruleset's own event (BLKOUT's cqc) frames as the strike its ruleset maps it to when it was pushed.
    const cqc = { type: 'cqc', text: '', a: 'b1', b: 'a1' };
    expect(attackEnds(cqc, models)).toBeNull();
    expect(attackEnds({ ...cqc, effect: { kind: 'strike', a: 'b1', b: 'a1' } }, models)![0]).toEqual([25, 0.6, 20]);
    expect(attackEnds({ type: 'blast', text: '', shooter: 'a1', at: [10, 0, 10] }, models)![1]).toEqual([10, 0, 10]);
    expect(attackEnds({ type: 'moved', text: '' }, models)).toBeNull();
  });

  it('follows a mover along its move, and the directed model when idle (with an orbit)', () => {
    const moved = chooseShot({
      ...base,
      head: { type: 'moved', text: '', model: 'a1', from: [5, 0, 5], to: [9, 0, 5] },
    });
    expect(moved.pose.target[0]).toBeCloseTo(7);
    expect(moved.orbit).toBe(false);
    const active = chooseShot({ ...base, head: null });
    expect(active.pose.target[0]).toBeCloseTo(5);
    expect(active.orbit).toBe(true);
    const selected = chooseShot({ ...base, head: null, target: 'selected' });
    expect(selected.pose.target[0]).toBeCloseTo(25);
    const fixed = chooseShot({ ...base, head: null, target: 'fixed' });
    expect(fixed.orbit).toBe(false);
    expect(fixed.pose.target[0]).toBeCloseTo(24);
  });

  it('looks across the line of an attack from the side nearer the camera', () => {
    // Attacker west of the target: the camera stands north (180) or south (0) of the line.
    expect(sideOn([0, 0, 0], [10, 0, 0], 10)).toBeCloseTo(0);
    expect(sideOn([0, 0, 0], [10, 0, 0], 170)).toBeCloseTo(180);
  });
});
