/** Skirmish-ru pinned fighters fall back to the nearest cover from the nearest enemy (or only away, when none is in reach). */
import { describe, expect, it } from 'vitest';
import type { SightFacts } from '../../../../src/rules/engine/queries';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { layoutOf } from '../../../../src/rules/skirmish-ru/game';
import { matchOf, placed, play, refuse, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром (A, Movement 4) pinned at (20, 30); Батя (B) at (20, 20), 10" north. The samples: 3.95" and 1.95".
const V = 'A.vozhak-grom';
const B = 'B.batya';
const pinned = () => set(V, { pinned: true })(placed({ [V]: [20, 30], [B]: [20, 20] }));
/** East of x = 21.5 Вожак is behind something: `east` is what Батя sees of him there. */
const coverEast = (east: Partial<SightFacts>) =>
  table({ sight: (v, t, l) => (v === B && t === V && l.models[V]!.position[0] > 21.5 ? east : {}) });
const moveTo = (x: number, z: number) => ({ type: 'move', fighter: V, mode: 'move', x, y: 0, z }) as const;

describe('skirmish-ru the pinned walk to the nearest cover', () => {
  it.each([
    ['out of sight', { hasLos: false }],
    ['30 % hidden', { visibleFraction: 0.7 }],
    ['50 % hidden', { visibleFraction: 0.5 }],
  ] as const)('cover east (%s): only the nearest cover spot (1.95" east) is offered', (_w, east) => {
    const q = coverEast(east);
    const s = pinned();
    // It must move: ending the activation is not offered while a fall-back move is.
    expect(legalActions(s, 'A', q)).toEqual([moveTo(21.95, 30)]);
    // The views asked of spots leave the real state's view as it is (views are immutable).
    const here = q.at(layoutOf(s));
    expect(legalActions(s, 'A', here)).toEqual([moveTo(21.95, 30)]);
    expect(here.layout.models[V]!.position).toEqual([20, 0, 30]);
  });

  it('29 % hidden is no cover: every sampled move away is offered, as without cover', () => {
    const moves = legalActions(pinned(), 'A', coverEast({ visibleFraction: 0.71 })).filter((a) => a.type === 'move');
    expect(moves).toHaveLength(10);
  });

  it('a spot out of cover is refused while cover is in reach; so is a farther cover spot; the nearest is taken', () => {
    const q = coverEast({ visibleFraction: 0.5 });
    const m = matchOf(pinned());
    expect(en(refuse(m, 'A', moveTo(20, 33), q, 'skirmish-ru:refuse.fallback.cover').message)).toBe(
      'Вожак Гром is pinned: it must fall back to the nearest cover from Батя (1.95" away, 22" from the west edge, 18" from the south edge)',
    );
    expect(en(refuse(m, 'A', moveTo(23.95, 30), q, 'skirmish-ru:refuse.fallback.nearer').message)).toContain(
      'that cover is 3.95" away; the nearest cover',
    );
    const s = play(m, 'A', moveTo(21.95, 30), q).match.state;
    expect(s.fighters[V]!.pos).toEqual([21.95, 0, 30]);
    expect([s.fighters[V]!.pinned, s.fighters[V]!.activated, s.turn]).toEqual([false, true, 'B']);
  });

  it('a spot in cover as near as the sampled one is accepted too (apply takes any legal spot)', () => {
    const s = play(matchOf(pinned()), 'A', moveTo(21.9, 30.3), coverEast({ hasLos: false })).match.state;
    expect(s.fighters[V]!.pos).toEqual([21.9, 0, 30.3]);
  });
});
