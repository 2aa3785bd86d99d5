/** Sight inside an area feature: figures in the same one see each other within 3", and not beyond if it blocks sight. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { SAME_AREA_SIGHT, sightOf } from '../../../../src/rules/fiveparsecs/sight';
import type { Layout, Placement } from '../../../../src/rules/engine/queries';
import { matchOf, midRound, play, refuse } from './fixture';
import { en } from '../../../support/words';

/** Two 25 mm bases: centres this much farther apart than their edges. */
const BASES = 25 / 25.4;
const C = 'A.captain';
const G = 'B.gangers-1';
/** The captain at (18, 18) and Ganger 1 `gap` inches (edge to edge) north of him. */
const apart = (gap: number) => midRound({ [C]: [18, 18], [G]: [18, 18 - BASES - gap] }, 'quick');
const figure = (side: string, z: number): Placement => ({
  side,
  position: [18, 0, z],
  baseMm: 25,
  height: 1.1,
  kind: 'infantry',
  leanOut: null,
});
const layoutOf = (gap: number): Layout => ({
  models: { v: figure('A', 18), t: figure('B', 18 - BASES - gap) },
  smoke: [],
});

/** Both stand in one area piece; the geometry's own line of sight is `los` (dense woods hide everything beyond its edge). */
const inArea = (blocksLos: boolean, los: boolean, where: (id: string) => string | null = () => 'woods') =>
  fakeTable({
    area: (id) => {
      const piece = where(id);
      return piece ? { id: piece, blocksLos } : null;
    },
    sight: () =>
      los
        ? {}
        : {
            hasLos: false,
            visibleFraction: 0,
            hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 },
            coverPieces: [{ id: where('v') ?? 'woods', kind: 'area', share: 1, distance: 0 }],
          },
  });

describe('fiveparsecs sight inside the same area feature (3")', () => {
  it.each([
    [SAME_AREA_SIGHT - 0.01, true],
    [SAME_AREA_SIGHT, true],
    [SAME_AREA_SIGHT + 0.01, false],
  ])('in woods that block sight, %s" apart: seen %s (the geometry sees nothing through them)', (gap, out) => {
    const f = sightOf(inArea(true, false).at(layoutOf(gap)), 'v', 't');
    expect(f.hasLos).toBe(out);
    if (out) expect([f.visibleFraction, f.hidden.terrain, f.coverPieces]).toEqual([1, 0, []]);
  });

  it('in woods that block sight, 3.01" apart: not seen even where the geometry finds a gap', () => {
    expect(sightOf(inArea(true, true).at(layoutOf(3.01)), 'v', 't').hasLos).toBe(false);
  });

  it('in scrub (it does not block sight), 5" apart: the geometry decides (seen through it)', () => {
    expect(sightOf(inArea(false, true).at(layoutOf(5)), 'v', 't').hasLos).toBe(true);
    expect(sightOf(inArea(false, false).at(layoutOf(2)), 'v', 't').hasLos).toBe(true);
  });

  it('in two different woods, or one figure outside: the geometry decides, 2" apart or not', () => {
    const split = inArea(true, false, (id) => (id === 'v' ? 'woods-1' : 'woods-2'));
    expect(sightOf(split.at(layoutOf(2)), 'v', 't').hasLos).toBe(false);
    const outside = inArea(true, false, (id) => (id === 'v' ? 'woods' : null));
    expect(sightOf(outside.at(layoutOf(2)), 'v', 't').hasLos).toBe(false);
  });

  it('a wall between them inside the woods still blocks, 2" apart: only the woods\' own share is dropped', () => {
    const walled = fakeTable({
      area: () => ({ id: 'woods', blocksLos: true }),
      sight: () => ({
        hasLos: false,
        visibleFraction: 0,
        hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 },
        coverPieces: [{ id: 'wall', kind: 'obstacle', share: 1, distance: 0.5 }],
      }),
    });
    expect(sightOf(walled.at(layoutOf(2)), 'v', 't').hasLos).toBe(false);
    // The woods hide 60 %, a wall 40 %: within 3" the wall's 40 % still hides, the woods' 60 % is seen.
    const both = fakeTable({
      area: () => ({ id: 'woods', blocksLos: true }),
      sight: () => ({
        hasLos: false,
        visibleFraction: 0,
        hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 },
        coverPieces: [
          { id: 'woods', kind: 'area', share: 0.6, distance: 0 },
          { id: 'wall', kind: 'obstacle', share: 0.4, distance: 0.5 },
        ],
      }),
    });
    const f = sightOf(both.at(layoutOf(2)), 'v', 't');
    expect([f.hasLos, f.visibleFraction, f.hidden.terrain, f.coverPieces.map((p) => p.id)]).toEqual([
      true,
      0.6,
      0.4,
      ['wall'],
    ]);
  });

  it('smoke that blocks the line still blocks it inside the woods', () => {
    const smoky = fakeTable({
      area: () => ({ id: 'woods', blocksLos: true }),
      sight: () => ({ hasLos: false, smokeBlocked: true }),
    });
    expect(sightOf(smoky.at(layoutOf(2)), 'v', 't').hasLos).toBe(false);
  });
});

describe('fiveparsecs firing inside the same woods', () => {
  const woods = () => inArea(true, false, (id) => (id === C || id === G ? 'woods' : null));
  const shot = { type: 'shoot', figure: C, weapon: 'military-rifle', target: G } as const;

  it('3" apart: the captain sees Ganger 1 and fires; the target is inside an area feature, so covered within 6": 4 + 1 = 5 hits 5+', () => {
    const r = play(matchOf(apart(3)), 'A', shot, woods(), [4, 1]);
    const e = r.events.find((x) => x.type === 'shot')!;
    expect(e).toMatchObject({ hit: true });
    expect(en(e.text)).toMatch(/needing 5\+: covered target within 6"/);
  });

  it('3.01" apart: he cannot see Ganger 1 through the woods; the shot is refused', () => {
    const r = refuse(matchOf(apart(3.01)), 'A', shot, woods(), 'fiveparsecs:refuse.cannotSee');
    expect(r.error).toBe('no-los');
  });
});
