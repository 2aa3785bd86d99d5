import { describe, expect, it } from 'vitest';
import { actsOn, spotsAround } from '../../../src/state/tableClicks';
import type { PlayView } from '../../../src/state/playView';

describe('spotsAround: where a marker aimed at a model may go', () => {
  it('starts at the model itself, then three rings of eight at 0.3", 1" and 2" past the base edge', () => {
    const spots = spotsAround([10, 1, 20], 0.5);
    expect(spots).toHaveLength(25);
    expect(spots[0]).toEqual([10, 1, 20]);
    const out = spots.slice(1).map(([x, y, z]) => {
      expect(y).toBe(1);
      return Math.round(Math.hypot(x - 10, z - 20) * 100) / 100;
    });
    expect(out).toEqual([...Array(8).fill(0.8), ...Array(8).fill(1.5), ...Array(8).fill(2.5)]);
    // Nearest first: no spot is nearer than the one before it.
    for (let i = 1; i < out.length; i++) expect(out[i]).toBeGreaterThanOrEqual(out[i - 1]!);
  });
});

describe('actsOn: a press on a model plays rather than selects', () => {
  const target = { label: 'Shoot', move: { type: 'shoot' }, models: ['A1'], targets: ['B1'], fold: null };
  const base = {
    seats: { A: 'human', B: 'ai' },
    decider: 'A',
    pick: null,
    curtain: null,
    choices: [target],
  } as unknown as PlayView;

  it("plays the selected model's action on a target it names, and selects anything else", () => {
    expect(actsOn(base, 'B1', 'A1')).toBe(true);
    expect(actsOn(base, 'B2', 'A1')).toBe(false);
    expect(actsOn(base, 'B1', null)).toBe(false);
    expect(actsOn(base, 'A1', 'A1')).toBe(false);
  });

  it('never for an AI decider, behind the curtain, or with no match', () => {
    expect(actsOn({ ...base, seats: { A: 'ai', B: 'ai' } } as PlayView, 'B1', 'A1')).toBe(false);
    expect(actsOn({ ...base, curtain: 'A' } as PlayView, 'B1', 'A1')).toBe(false);
    expect(actsOn(null, 'B1', 'A1')).toBe(false);
  });

  it('with a pick armed that places a marker, a press on another model answers it; a move pick does not', () => {
    const marker = { ...base, pick: { model: 'A1', allowance: null } } as unknown as PlayView;
    expect(actsOn(marker, 'B2', 'A1')).toBe(true);
    expect(actsOn(marker, 'A1', 'A1')).toBe(false);
    const move = { ...base, pick: { model: 'A1', allowance: 6 } } as unknown as PlayView;
    expect(actsOn(move, 'B1', 'A1')).toBe(false);
  });
});
