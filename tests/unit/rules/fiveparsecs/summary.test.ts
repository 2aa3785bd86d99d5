/** The battle CLI's Five Parsecs keys, and the `geo los --rules fiveparsecs` verdict at each threshold. */
import { describe, expect, it } from 'vitest';
import { fakeTable, type FakeTableOptions } from '../../../support/fakeTable';
import { summary, verdict, VERDICT_DEFAULTS } from '../../../../src/rules/fiveparsecs/summary';
import { BASE_MM, FIGURE_HEIGHT } from '../../../../src/rules/fiveparsecs/game';
import { fresh, set } from './fixture';
import type { Placement } from '../../../../src/rules/engine/queries';

describe('summary(): rounds, score, heldField, objective, mission', () => {
  it('before the battle: round 0, nobody out, heldField null, no objective (Fight Off)', () => {
    expect(summary(fresh())).toEqual({
      rounds: 0,
      score: { A: 0, B: 0 },
      heldField: null,
      objective: null,
      mission: 'fight-off',
    });
  });

  it('while playing: the score counts figures out by side, heldField stays null', () => {
    const s = set('B.gangers-2', { out: 'bailed' })(
      set('B.gangers-1', { out: 'slain' })(set('A.captain', { out: 'knocked-out' })(fresh())),
    );
    expect(summary({ ...s, phase: 'slow', round: 2 })).toEqual({
      rounds: 2,
      score: { A: 2, B: 1 },
      heldField: null,
      objective: null,
      mission: 'fight-off',
    });
  });

  it('over: heldField is the result (true when Held, false when not)', () => {
    const over = { ...fresh(), phase: 'over' as const, round: 4 };
    expect(summary({ ...over, result: { heldField: true, reason: 'no enemy left' } })).toMatchObject({
      rounds: 4,
      heldField: true,
    });
    expect(summary({ ...over, result: { heldField: false, reason: 'no crew left' } }).heldField).toBe(false);
  });
});

/** Base radius, inches: two 25 mm bases are 0.984" between centres at contact. */
const R = BASE_MM / 25.4 / 2;
/** A table with the viewer at x = 0 and the target `gap` inches away edge to edge (on z = 18). */
function pair(gap: number, options: FakeTableOptions = {}) {
  let q = fakeTable(options);
  const model = (x: number): Placement => ({
    side: 'A',
    position: [x, 0, 18] as [number, number, number],
    baseMm: BASE_MM,
    height: FIGURE_HEIGHT,
    kind: 'infantry' as const,
    leanOut: null,
  });
  q = q.at({ models: { v: model(1), t: { ...model(1 + gap + 2 * R), side: 'B' } }, smoke: [] });
  return q;
}

describe('verdict(): {los, inRange, cover, targetNumber} with skill +0 and range 24 by default', () => {
  it('the defaults are skill +0 and range 24', () => {
    expect(VERDICT_DEFAULTS).toEqual({ skill: 0, range: 24 });
  });

  it('an open target: 3 within 6" (5.99"), 5 past it (6.01", 24"), null past 24" (24.01")', () => {
    expect(verdict(pair(5.99), 'v', 't')).toEqual({ los: true, inRange: true, cover: false, targetNumber: 3 });
    expect(verdict(pair(6.01), 'v', 't')).toEqual({ los: true, inRange: true, cover: false, targetNumber: 5 });
    expect(verdict(pair(23.99), 'v', 't')).toEqual({ los: true, inRange: true, cover: false, targetNumber: 5 });
    expect(verdict(pair(24.01), 'v', 't')).toEqual({ los: true, inRange: false, cover: false, targetNumber: null });
  });

  it('a weapon range: 12" makes 12.01" out of range; 30" brings 24.01" in', () => {
    expect(verdict(pair(11.99), 'v', 't', { range: 12 }).targetNumber).toBe(5);
    expect(verdict(pair(12.01), 'v', 't', { range: 12 })).toMatchObject({ inRange: false, targetNumber: null });
    expect(verdict(pair(24.01), 'v', 't', { range: 30 })).toMatchObject({ inRange: true, targetNumber: 5 });
  });

  it('a covered target is 5 within 6" and 6 beyond, in range: a wall 0.5" from it hiding 30%', () => {
    const wall = { sight: () => ({ coverPieces: [{ id: 'w', kind: 'wall', share: 0.3, distance: 0.5 }] }) };
    expect(verdict(pair(2, wall), 'v', 't')).toEqual({ los: true, inRange: true, cover: true, targetNumber: 5 });
    expect(verdict(pair(6, wall), 'v', 't').targetNumber).toBe(5);
    expect(verdict(pair(6.01, wall), 'v', 't').targetNumber).toBe(6);
    expect(verdict(pair(20, wall), 'v', 't').targetNumber).toBe(6);
    expect(verdict(pair(24.01, wall), 'v', 't')).toEqual({
      los: true,
      inRange: false,
      cover: true,
      targetNumber: null,
    });
  });

  it('the cover thresholds: a piece hiding 9% gives none; a piece within 1" of the firer gives none; inside a feature does', () => {
    const thin = { sight: () => ({ coverPieces: [{ id: 'w', kind: 'wall', share: 0.09, distance: 0.5 }] }) };
    expect(verdict(pair(8, thin), 'v', 't')).toMatchObject({ cover: false, targetNumber: 5 });
    // 8" gap: a piece 7" or more from the target stands within 1" of the firer.
    const own = { sight: () => ({ coverPieces: [{ id: 'w', kind: 'wall', share: 0.5, distance: 7 }] }) };
    expect(verdict(pair(8, own), 'v', 't')).toMatchObject({ cover: false, targetNumber: 5 });
    const near = { sight: () => ({ coverPieces: [{ id: 'w', kind: 'wall', share: 0.5, distance: 6.99 }] }) };
    expect(verdict(pair(8, near), 'v', 't')).toMatchObject({ cover: true, targetNumber: 6 });
    const wood = { sight: () => ({ targetInStructure: 'wood' }) };
    expect(verdict(pair(3, wood), 'v', 't')).toEqual({ los: true, inRange: true, cover: true, targetNumber: 5 });
  });

  it('a target standing inside area terrain (scrub, sight not blocked) is in cover, whatever it hides of it', () => {
    const scrub = { concealment: (_v: string, t: string) => ({ inside: t === 't' ? 'scrub' : null, through: null }) };
    expect(verdict(pair(8, scrub), 'v', 't')).toEqual({ los: true, inRange: true, cover: true, targetNumber: 6 });
    expect(verdict(pair(4, scrub), 'v', 't').targetNumber).toBe(5);
    // The firer inside it, the target outside: no cover from it.
    const own = { concealment: (v: string) => ({ inside: v === 't' ? 'scrub' : null, through: null }) };
    expect(verdict(pair(8, own), 'v', 't')).toMatchObject({ cover: false, targetNumber: 5 });
    // The line crossing a patch neither stands in: no cover from standing inside.
    const across = { concealment: () => ({ inside: null, through: 'scrub' }) };
    expect(verdict(pair(8, across), 'v', 't')).toMatchObject({ cover: false, targetNumber: 5 });
  });

  it('out of sight: los false and no number, in range or not', () => {
    const blind = { sight: () => ({ hasLos: false, visibleFraction: 0 }) };
    expect(verdict(pair(4, blind), 'v', 't')).toEqual({ los: false, inRange: true, cover: false, targetNumber: null });
    expect(verdict(pair(30, blind), 'v', 't')).toEqual({
      los: false,
      inRange: false,
      cover: false,
      targetNumber: null,
    });
  });

  it('the skill does not move the number (it is what 1D6 + skill must reach); a bad skill or range throws', () => {
    expect(verdict(pair(8), 'v', 't', { skill: 2 }).targetNumber).toBe(5);
    expect(() => verdict(pair(8), 'v', 't', { skill: -1 })).toThrow(/skill must be a whole number from 0 \(got -1\)/);
    expect(() => verdict(pair(8), 'v', 't', { range: 0 })).toThrow(/range must be a positive number/);
  });
});
