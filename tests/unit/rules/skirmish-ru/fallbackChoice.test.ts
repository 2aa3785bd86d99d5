/**
 * A pinned skirmish-ru fighter's fall-back as one button: the play panel lists the one move fallback.ts
 * offers (the nearest cover, else the move that ends farthest from the nearest enemy), in words with its
 * length; pressing it plays that legal move. The legal list (and so the bot's choices) is as before.
 */
import { describe, expect, it } from 'vitest';
import type { SightFacts } from '../../../../src/rules/engine/queries';
import type { AnyRuleset } from '../../../../src/rules/engine/define';
import type { Action } from '../../../../src/rules/engine/types';
import skirmishRu from '../../../../src/rules/skirmish-ru';
import { legalActions } from '../../../../src/rules/skirmish-ru/legal';
import { fallbackMoves } from '../../../../src/rules/skirmish-ru/fallback';
import { layoutOf, type SkState } from '../../../../src/rules/skirmish-ru/game';
import { viewOf } from '../../../../src/state/playView';
import { render } from '../../../../src/i18n/i18n';
import { matchOf, placed, play, set, table } from './fixture';
import { en } from '../../../support/words';

// Вожак Гром (A, Movement 4) pinned at (20, 30); Батя (B) at (20, 20), 10" north. The samples: 3.95" and 1.95".
const V = 'A.vozhak-grom';
const B = 'B.batya';
const pinned = () => set(V, { pinned: true })(placed({ [V]: [20, 30], [B]: [20, 20] }));
/** East of x = 21.5 Вожак is behind something: `east` is what Батя sees of him there. */
const coverEast = (east: Partial<SightFacts>) =>
  table({ sight: (v, t, l) => (v === B && t === V && l.models[V]!.position[0] > 21.5 ? east : {}) });
const moveTo = (x: number, z: number) => ({ type: 'move', fighter: V, mode: 'move', x, y: 0, z }) as const;

/** The play panel's buttons for player A (a human) in `s`. */
function buttons(s: SkState, q: ReturnType<typeof table>) {
  const setup = { rules: 'skirmish-ru', forces: { A: { id: 'a' }, B: { id: 'b' } }, options: {} };
  const v = viewOf(
    skirmishRu as unknown as AnyRuleset,
    setup,
    matchOf(s) as never,
    { A: 'human', B: 'ai' },
    q.at(layoutOf(s)),
    null,
  );
  return v.choices;
}

describe('skirmish-ru: the pinned fall-back is one button', () => {
  it('cover in reach: "fall back to the nearest cover" (1.95" east), the legal move; pressing it plays it', () => {
    const q = coverEast({ visibleFraction: 0.5 });
    const s = pinned();
    const choices = buttons(s, q);
    const moves = choices.filter((c) => (c.move as Action).type === 'move');
    expect(moves.map((c) => c.move)).toEqual([moveTo(21.95, 30)]);
    expect(en(moves[0]!.label)).toBe('Вожак Гром: fall back to the nearest cover from Батя (1.95" east)');
    expect(render(moves[0]!.label, 'ko')).toBe('Вожак Гром: Батя에게서 가장 가까운 엄폐물로 후퇴 (동쪽으로 1.95")');
    expect(render(moves[0]!.label, 'ru')).toBe(
      'Вожак Гром: отойти к ближайшему укрытию от противника Батя (1,95" на восток)',
    );
    expect(moves[0]!.models).toEqual([V]);
    // The button's move is the rule's own: the legal list's, accepted by apply.
    expect(legalActions(s, 'A', q)).toContainEqual(moves[0]!.move);
    const after = play(matchOf(s), 'A', moves[0]!.move as never, q).match.state;
    expect(after.fighters[V]!.pos).toEqual([21.95, 0, 30]);
    expect(after.fighters[V]!.pinned).toBe(false);
  });

  it('no cover in reach: one button, the listed move that ends farthest from Батя (3.95" south)', () => {
    const q = coverEast({ visibleFraction: 0.71 });
    const s = pinned();
    // The legal list is every sampled move away, as before.
    expect(legalActions(s, 'A', q).filter((a) => a.type === 'move')).toHaveLength(10);
    const moves = buttons(s, q).filter((c) => (c.move as Action).type === 'move');
    expect(moves.map((c) => c.move)).toEqual([moveTo(20, 33.95)]);
    expect(en(moves[0]!.label)).toBe('Вожак Гром: fall back 3.95" south, away from Батя (no cover in reach)');
    expect(play(matchOf(s), 'A', moves[0]!.move as never, q).match.state.fighters[V]!.pos).toEqual([20, 0, 33.95]);
  });

  it('a fighter that is not pinned gets no fall-back button: its moves stay clicks (a charge is a button)', () => {
    const q = coverEast({ visibleFraction: 0.5 });
    const s = placed({ [V]: [20, 30], [B]: [20, 20] });
    const labels = buttons(s, q).map((c) => en(c.label));
    expect(labels.some((l) => /fall back/.test(l))).toBe(false);
    const moves = buttons(s, q).filter((c) => (c.move as Action).type === 'move');
    expect(moves.map((c) => en(c.label))).toEqual(['Вожак Гром: charge Батя (sprint 9", then strike at once)']);
    // fallbackMoves is the list legal gives a pinned fighter; the button is one of them.
    expect(fallbackMoves(pinned(), q.at(layoutOf(pinned())), pinned().fighters[V]!)).toEqual([moveTo(21.95, 30)]);
  });
});
