import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, play } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import { describeAction } from '../../../../src/rules/blkout/describe';
import { layoutOf } from '../../../../src/rules/blkout/game';
import { en } from '../../../support/words';
import { rulesetOf } from '../../../../src/rulesetsLoaded';
import { seatEvents, seatMatch } from '../../../../src/rules/engine/secrecy';
import type { Match } from '../../../../src/rules/engine/match';
import type { RuleEvent } from '../../../../src/rules/engine/types';
import type { BlkoutAction } from '../../../../src/rules/blkout/actions';
import type { BlkoutState, BurnCard } from '../../../../src/rules/blkout/game';

// Where hands are secret (`burnWindows=always`, what every online room plays), a moment a BURN card answers
// asks its player whenever the other player cannot rule the card out of that hand: so what the other
// player is sent is the same whether the card is held or not. Without it (one screen), only a holder is
// asked, and the question itself tells the other player the card is held.

type M = Match<BlkoutState, BlkoutAction>;
type Step = { match: M; events: RuleEvent[] };

/** Hands as given (and the cards played so far), hands secret or not. */
const dealt =
  (
    hands: Partial<Record<'A' | 'B', BurnCard[]>>,
    secret: boolean,
    more: Partial<BlkoutState> = {},
    played?: BurnCard[],
  ) =>
  (s: BlkoutState): BlkoutState => ({
    ...s,
    ...more,
    ...(secret ? { secretHands: true as const } : {}),
    burn: { ...s.burn, hands: { A: hands.A ?? [], B: hands.B ?? [] }, ...(played ? { played } : {}) },
  });

/** What `side` is sent after a step (engine/secrecy.ts): the match as it may see it and the step's events. */
const sent = (r: Step, side: 'A' | 'B' | null) => {
  const play = rulesetOf('blkout').play;
  return JSON.stringify([seatMatch(play, r.match, side), seatEvents(play, r.events, side)]);
};

// A1.0 Harlow Assault Team grunt (FAL-32C 24" / 1, CQB) against B1.0 Bratva grunt (Armour 1/4).
const duel = { 'A1.0': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
  string,
  [number, number]
>;

describe('blkout: BURN moments where hands are secret (burnWindows=always)', () => {
  it('Perimeter Defense: B is asked as A1 activates whether or not B holds it; A is sent the same either way', () => {
    const q = fakeTable();
    const activate = (hand: BurnCard[], secret: boolean, handA: BurnCard[] = []) =>
      play(matchOf(midGame(duel, dealt({ A: handA, B: hand }, secret))), 'A', { type: 'activate', unit: 'A1' }, q);
    const held = activate(['perimeter-defense', 'amped'], true);
    const not = activate(['rewind', 'amped'], true);
    expect(held.match.window).toMatchObject({
      player: 'B',
      options: [{ type: 'burn', card: 'perimeter-defense', unit: 'A1' }],
    });
    // Not held: the question is asked all the same, and only a pass answers it.
    expect(not.match.window).toMatchObject({ player: 'B', options: [] });
    expect(legalActions(not.match.state, 'B', q)).toEqual([]);
    // The pass says why a player without the card is asked.
    expect(en(describeAction(not.match.state, q.at(layoutOf(not.match.state)), { type: 'pass' }))).toBe(
      'Pass (no card for this: asked anyway, so your hand stays secret)',
    );
    for (const side of ['A', null] as const) expect(sent(held, side)).toBe(sent(not, side));
    const passed = play(not.match, 'B', { type: 'pass' }, q);
    expect(passed.match.state.activation).toMatchObject({ unit: 'A1', stage: 'reposition', repositioned: [] });
    // One screen (the default): only a holder is asked, and A can tell.
    const openHeld = activate(['perimeter-defense', 'amped'], false);
    const openNot = activate(['rewind', 'amped'], false);
    expect(openNot.match.window).toBeNull();
    expect(sent(openHeld, 'A')).not.toBe(sent(openNot, 'A'));
  });

  it('Perimeter Defense is asked from public facts only: whatever A holds (B learns nothing of A), not once it was played or while B holds no card', () => {
    const q = fakeTable();
    const activated = (hands: Partial<Record<'A' | 'B', BurnCard[]>>, played?: BurnCard[]) =>
      play(matchOf(midGame(duel, dealt(hands, true, {}, played))), 'A', { type: 'activate', unit: 'A1' }, q);
    // A holds it or not: B (who holds cards but not this one) is asked either way, and B and a spectator
    // are sent the same. (Leaving the question out when A holds the card would tell B that A holds it.)
    const aHolds = activated({ A: ['perimeter-defense', 'juiced'], B: ['amped'] });
    const aNot = activated({ A: ['rewind', 'juiced'], B: ['amped'] });
    expect(aHolds.match.window).toMatchObject({ player: 'B', options: [] });
    for (const side of ['B', null] as const) expect(sent(aHolds, side)).toBe(sent(aNot, side));
    // Public facts rule it out: B holds no card, or the card was played.
    expect(activated({ A: ['juiced'], B: [] }).match.window).toBeNull();
    expect(activated({ B: ['amped'] }, ['perimeter-defense']).match.window).toBeNull();
    expect(activated({ B: ['amped'] }, ['juiced']).match.window).not.toBeNull();
    // Played cards are kept where hands are secret: B plays Perimeter Defense, and it is not asked again.
    const s = midGame(duel, dealt({ B: ['perimeter-defense', 'amped'] }, true));
    let m = play(matchOf(s), 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'B', { type: 'burn', card: 'perimeter-defense', unit: 'A1' }, q).match;
    expect(m.state.burn.played).toEqual(['perimeter-defense']);
    expect(m.state.burn.hands.B).toEqual(['amped']);
    const again = play(matchOf({ ...m.state, activation: null, turn: 'A' }), 'A', { type: 'activate', unit: 'A2' }, q);
    expect(again.match.window).toBeNull();
    // One screen keeps no list of played cards (its saves and hashes are as before).
    const open = play(
      matchOf(midGame(duel, dealt({ B: ['perimeter-defense'] }, false))),
      'A',
      { type: 'activate', unit: 'A1' },
      q,
    );
    expect(
      play(open.match, 'B', { type: 'burn', card: 'perimeter-defense', unit: 'A1' }, q).match.state.burn.played,
    ).toBeUndefined();
  });

  it('damage moments: B1.0 is asked before its armour check (Personal Shielding) and after it (Juiced) whatever B holds; A is sent the same', () => {
    const q = fakeTable();
    const shot = (hand: BurnCard[], secret: boolean, handA: BurnCard[] = []) => {
      let m = matchOf(midGame(duel, dealt({ A: handA, B: hand }, secret)));
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      // Where hands are secret, B is asked about Perimeter Defense first (B holds cards; A does not hold it).
      if (secret) m = play(m, 'B', { type: 'pass' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      return play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q);
    };
    // B passes the Return Fire / Juke window; A rolls 5, 5, 1 and CQB's re-roll 1: two hits, two damage coming.
    const steps = (hand: BurnCard[], handA: BurnCard[] = []): Step[] => {
      const out: Step[] = [shot(hand, true, handA)];
      out.push(play(out.at(-1)!.match, 'B', { type: 'pass' }, q, [5, 5, 1, 1]));
      // Asked before the armour check; passing rolls the armour die (1: nothing blocked), then asked again.
      out.push(play(out.at(-1)!.match, 'B', { type: 'pass' }, q, [1]));
      out.push(play(out.at(-1)!.match, 'B', { type: 'pass' }, q, []));
      return out;
    };
    const withJuiced = steps(['juiced', 'amped']);
    const without = steps(['rewind', 'amped']);
    expect(withJuiced[1]!.match.window).toMatchObject({ player: 'B', options: [] });
    expect(withJuiced[2]!.match.window).toMatchObject({
      player: 'B',
      options: [{ type: 'burn', card: 'juiced', unit: 'B1.0' }],
    });
    expect(without[1]!.match.window).toMatchObject({ player: 'B', options: [] });
    expect(without[2]!.match.window).toMatchObject({ player: 'B', options: [] });
    expect(without[3]!.match.state.models['B1.0']!.destroyed).toBe(true);
    withJuiced.forEach((r, i) => {
      for (const side of ['A', null] as const)
        expect(sent(r, side), `step ${i}, ${side}`).toBe(sent(without[i]!, side));
    });
    // What A holds changes nothing B or a spectator is sent (A holding Juiced does not spare B the question).
    const aJuiced = steps(['rewind', 'amped'], ['juiced', 'personal-shielding']);
    const aOther = steps(['rewind', 'amped'], ['amped', 'extras']);
    aJuiced.forEach((r, i) => {
      for (const side of ['B', null] as const) expect(sent(r, side), `step ${i}, ${side}`).toBe(sent(aOther[i]!, side));
    });
    // One screen: without a card for it, the shot resolves without a question.
    const open = play(shot(['rewind', 'amped'], false).match, 'B', { type: 'pass' }, q, [5, 5, 1, 1, 1]);
    expect(open.match.window).toBeNull();
    expect(open.match.state.models['B1.0']!.destroyed).toBe(true);
  });

  it("after A1's activation: the moment for Rewind or Extras! is kept while public facts leave them possible (End turn only, if A holds neither), whatever either hand holds", () => {
    const q = fakeTable();
    const ended = (hand: BurnCard[], secret: boolean) => {
      let m = matchOf(
        midGame(
          duel,
          dealt({ A: hand }, secret, {
            used: { A: { chained: true, handler: false }, B: { chained: false, handler: false } },
          }),
        ),
      );
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      return play(m, 'A', { type: 'hold', model: 'A1.0' }, q);
    };
    const rewind = ended(['rewind', 'amped'], true);
    const none = ended(['phase-out', 'amped'], true);
    expect(none.match.state.activation?.stage).toBe('after');
    expect(legalActions(none.match.state, 'A', q)).toEqual([{ type: 'end-turn' }]);
    expect(legalActions(rewind.match.state, 'A', q)).toContainEqual({ type: 'burn', card: 'rewind', unit: 'A2' });
    for (const side of ['B', null] as const) expect(sent(rewind, side)).toBe(sent(none, side));
    // What B holds changes nothing either (A learns nothing of B's hand): B holds Rewind or not, A's moment is kept.
    const withB = (handB: BurnCard[]) => {
      let m = matchOf(
        midGame(
          duel,
          dealt({ A: ['amped'], B: handB }, true, {
            used: { A: { chained: true, handler: false }, B: { chained: false, handler: false } },
          }),
        ),
      );
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'B', { type: 'pass' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      return play(m, 'A', { type: 'hold', model: 'A1.0' }, q);
    };
    const bRewind = withB(['rewind']);
    const bOther = withB(['juiced']);
    expect(bRewind.match.state.activation?.stage).toBe('after');
    for (const side of ['A', null] as const) expect(sent(bRewind, side)).toBe(sent(bOther, side));
    // Rewind played: the moment is kept only for Extras!, and only after the unit used a combat load.
    const afterRewind = (loadsUsed: number) => {
      let m = matchOf(
        midGame(duel, (s) =>
          dealt(
            { A: ['amped'] },
            true,
            {
              used: { A: { chained: true, handler: false }, B: { chained: false, handler: false } },
              units: { ...s.units, A1: { ...s.units.A1!, loadsUsed } },
            },
            ['rewind'],
          )(s),
        ),
      );
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      return play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match.state.activation;
    };
    expect(afterRewind(1)?.stage).toBe('after');
    expect(afterRewind(0)).toBeNull();
    // One screen: no card for the moment, no moment.
    expect(ended(['phase-out', 'amped'], false).match.state.activation).toBeNull();
  });
});
