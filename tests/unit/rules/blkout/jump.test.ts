import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { boone, matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';

// A2: TF Boone VAT (Move 6, Jump (4)); A2.0 a VAT grunt. A1.0 a Recon grunt (no Jump).
const place = { 'A2.0': [10, 10], 'A1.0': [20, 10], 'B1.0': [30, 30], 'B2.0': [34, 34] } as Record<
  string,
  [number, number]
>;
// A 3" tall block covers x 12-16 (its top is a place to stand); everything else is ground.
const ground = (x: number, z: number) => (x > 12 && x < 16 && z > 6 && z < 14 ? 3 : 0);

function vatRepositions(q = fakeTable({ ground })) {
  let m = matchOf(midGame(place, undefined, boone()));
  m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
  return m;
}

describe('blkout Jump (X)', () => {
  it('a Jump model is placed anywhere within X" across and X" up or down, over what it can clear; the jump counts as its move', () => {
    const q = fakeTable({ ground });
    const m = vatRepositions(q);
    // Onto the 3" block, 4" away: within reach both ways.
    const r = play(m, 'A', { type: 'jump', model: 'A2.0', x: 14, y: 3, z: 10 }, q);
    expect(r.match.state.models['A2.0']!.pos).toEqual([14, 3, 10]);
    expect(r.match.state.activation!.moved['A2.0']).toBeCloseTo(4, 6);
    expect(en(r.events.find((e) => e.type === 'moved')!.text)).toMatch(/jumps 4"/);
  });

  it('refusals: beyond X" across, more than X" up, a model without Jump, and a jump something stops', () => {
    const high = fakeTable({ ground: (x, z) => (x > 12 && x < 16 && z > 6 && z < 14 ? 5 : 0) });
    const m = vatRepositions(high);
    expect(
      refuse(m, 'A', { type: 'jump', model: 'A2.0', x: 14.5, y: 0, z: 10 }, high, 'blkout:error.jumpAcross'),
    ).toMatchObject({
      error: 'out-of-range',
      message: expect.stringMatching(/4"/),
    });
    expect(
      refuse(m, 'A', { type: 'jump', model: 'A2.0', x: 13, y: 5, z: 10 }, high, 'blkout:error.jumpUp'),
    ).toMatchObject({
      error: 'out-of-range',
      message: expect.stringMatching(/5" up/),
    });
    const walled = fakeTable({ jumpBlocked: () => 'bunker' });
    const w = vatRepositions(walled);
    expect(
      refuse(w, 'A', { type: 'jump', model: 'A2.0', x: 13, y: 0, z: 10 }, walled, 'blkout:error.jumpBlocked'),
    ).toMatchObject({
      error: 'illegal-action',
      message: expect.stringMatching(/bunker/),
    });
    let recon = matchOf(midGame(place, undefined, boone()));
    recon = play(recon, 'A', { type: 'activate', unit: 'A1' }, walled).match;
    expect(
      refuse(recon, 'A', { type: 'jump', model: 'A1.0', x: 22, y: 0, z: 10 }, walled, 'blkout:error.noJump'),
    ).toMatchObject({
      error: 'illegal-action',
      message: expect.stringMatching(/no Jump/),
    });
  });

  it('legal actions offer jumps only to Jump models, onto higher ground too', () => {
    const q = fakeTable({ ground });
    const legal = legalActions(vatRepositions(q).state, 'A', q);
    const jumps = legal.filter((a) => a.type === 'jump');
    expect(jumps.length).toBeGreaterThan(0);
    expect(jumps.some((a) => a.type === 'jump' && a.y === 3)).toBe(true);
    expect(jumps.every((a) => a.type === 'jump' && a.model.startsWith('A2.'))).toBe(true);
  });
});

describe("blkout Jump stopped: the movement core's stop in words", () => {
  it.each([
    ['table edge', 'the table edge'],
    ['no room to land', 'no room to land'],
    ['B1.0', 'B1.0 by name'],
  ] as const)('stopped by %s: "%s" (route.stopEdge, route.stopNoRoom, a model named)', (by, _words) => {
    const walled = fakeTable({ jumpBlocked: () => by });
    const m = vatRepositions(walled);
    const name = (id: string) => m.state.models[id]!.name;
    const said = by === 'B1.0' ? name('B1.0') : by === 'table edge' ? 'the table edge' : 'no room to land';
    expect(
      refuse(m, 'A', { type: 'jump', model: 'A2.0', x: 13, y: 0, z: 10 }, walled, 'blkout:error.jumpBlocked').message,
    ).toBe(`${name('A2.0')}'s jump is stopped by ${said}`);
  });
});
