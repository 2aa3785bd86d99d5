import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { fresh, matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import { legalMoves } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/blkout';
import { BURN_CARDS, type BlkoutState, type BurnCard } from '../../../../src/rules/blkout/game';

/** A mid-game state where the players hold these cards. */
const holding =
  (hands: Partial<Record<'A' | 'B', BurnCard[]>>) =>
  (s: BlkoutState): BlkoutState => ({ ...s, burn: { ...s.burn, hands: { A: hands.A ?? [], B: hands.B ?? [] } } });

// A1.0 Harlow Assault Team grunt (FAL-32C 24" / 1, CQB) against B1.0 Bratva grunt (Armour 1/4).
const duel = { 'A1.0': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
  string,
  [number, number]
>;

describe('blkout BURN cards', () => {
  it('the 8-card deck is shuffled at the deployment roll-off (D8 down to D2) and each player draws 3', () => {
    const q = fakeTable();
    let m = matchOf(fresh());
    m = play(m, 'A', { type: 'place-hardpoint', x: 12, z: 18 }, q).match;
    // Roll-off 3-7 (B first); shuffle: each die picks the card swapped into the last open place.
    const r = play(m, 'B', { type: 'place-hardpoint', x: 24, z: 18 }, q, [3, 7, 1, 1, 1, 1, 1, 1, 1]);
    // Swapping place 0 into 7, 6, ..., 1 in turn rotates the deck by one: [phase-out, blade-runner, ..., amped].
    const deck = [...BURN_CARDS.slice(1), BURN_CARDS[0]];
    expect(r.match.state.burn.hands).toEqual({ A: deck.slice(0, 3), B: deck.slice(3, 6) });
    // The shuffle is said as a shuffle, not as dice (issue 34: "B rolled 1 (d8), 1 (d7)…" became the featured roll):
    // its seven draws ride on the deal's line, and the only dice line is the roll-off's.
    const deal = r.events.find((e) => e.type === 'burn-deal')!;
    expect(en(deal.text)).toBe('B shuffles the BURN deck: each player draws 3 cards');
    expect(deal.shuffled).toEqual([8, 7, 6, 5, 4, 3, 2].map((sides) => [sides, 1]));
    expect(r.events.filter((e) => e.type === 'dice-rolled').map((e) => e.dice)).toEqual([
      [
        [10, 3],
        [10, 7],
      ],
    ]);
  });

  it('Amped before a unit activates: that unit must activate next, and its weapons deal +1 damage for the activation', () => {
    const q = fakeTable();
    let m = matchOf(midGame(duel, holding({ A: ['amped'] })));
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'burn', card: 'amped', unit: 'A1' });
    m = play(m, 'A', { type: 'burn', card: 'amped', unit: 'A1' }, q).match;
    expect(m.state.burn.hands.A).toEqual([]);
    expect(
      refuse(m, 'A', { type: 'activate', unit: 'A2' }, q, 'Amped was played on Assault Team: it activates next')
        .message,
    ).toMatch(/Amped.*A1|Assault Team/);
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    // 5, 1, 1 -> one success (the 1s are re-rolled by CQB within 12": 1, 1); 2 damage; armour 1/4: a 1 blocks nothing.
    const r = play(m, 'B', { type: 'pass' }, q, [5, 1, 1, 1, 1, 1]);
    expect(en(r.events.find((e) => e.type === 'armour-check')!.text)).toBe(
      'Bratva Team 1 armour 1/4: 1 against 4+: 0 saves: none of the 2 damage blocked',
    );
  });

  it('Perimeter Defense: when an enemy unit activates, the other player may pin it (it removes the marker instead of repositioning)', () => {
    const q = fakeTable();
    let m = matchOf(midGame(duel, holding({ B: ['perimeter-defense'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(m.window?.player).toBe('B');
    expect(m.window?.options).toEqual([{ type: 'burn', card: 'perimeter-defense', unit: 'A1' }]);
    const r = play(m, 'B', { type: 'burn', card: 'perimeter-defense', unit: 'A1' }, q);
    expect(r.match.state.burn.hands.B).toEqual([]);
    expect(r.match.state.activation?.repositioned).toEqual(['A1.0']);
    expect(
      refuse(r.match, 'A', { type: 'move', model: 'A1.0', x: 12, y: 0, z: 10 }, q, 'blkout:error.alreadyRepositioned')
        .message,
    ).toMatch(/already repositioned|Pinned/);
    // Without the card nothing is offered.
    const plain = play(matchOf(midGame(duel)), 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(plain.window).toBeNull();
  });

  it('Blade Runner when a unit moves: +2" and straight past obstacles', () => {
    // A wall makes every route around it 20" long; Blade Runner goes straight.
    const walled = fakeTable({ override: () => ({ routeLength: () => 20 }) });
    let m = matchOf(midGame(duel, holding({ A: ['blade-runner'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, walled).match;
    expect(
      refuse(m, 'A', { type: 'move', model: 'A1.0', x: 17.9, y: 0, z: 10 }, walled, 'blkout:error.moveTooFar').error,
    ).toBe('out-of-range');
    m = play(m, 'A', { type: 'burn', card: 'blade-runner' }, walled).match;
    const r = play(m, 'A', { type: 'move', model: 'A1.0', x: 17.9, y: 0, z: 10 }, walled);
    expect(r.match.state.models['A1.0']!.pos).toEqual([17.9, 0, 10]);
    expect(
      refuse(m, 'A', { type: 'move', model: 'A1.0', x: 18.2, y: 0, z: 10 }, walled, 'blkout:error.moveTooFar').error,
    ).toBe('out-of-range');
  });

  it('Blade Runner widens the Reposition moves offered: out to the raised Move (8"), not the base Move (6")', () => {
    const q = fakeTable();
    const reach = (m: ReturnType<typeof matchOf>) => {
      const from = m.state.models['A1.0']!.pos!;
      const moves = legalMoves(ruleset, m, 'A', q).filter(
        (a): a is Extract<typeof a, { type: 'move' }> => a.type === 'move' && 'model' in a && a.model === 'A1.0',
      );
      return Math.max(...moves.map((a) => Math.hypot(a.x - from[0], a.z - from[2])));
    };
    let m = matchOf(midGame(duel, holding({ A: ['blade-runner'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    // Before the card: the farthest spot offered is just inside 6".
    expect(reach(m)).toBeGreaterThan(5.9);
    expect(reach(m)).toBeLessThanOrEqual(6);
    m = play(m, 'A', { type: 'burn', card: 'blade-runner' }, q).match;
    expect(reach(m)).toBeGreaterThan(7.9);
    expect(reach(m)).toBeLessThanOrEqual(8);
  });

  it('Blade Runner raises the Move: Overwatch needs more than half the raised Move (8": 4"), and a Sprint goes 2" further', () => {
    const q = fakeTable();
    let m = matchOf(midGame(duel, holding({ A: ['blade-runner'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'burn', card: 'blade-runner' }, q).match;
    // A1.0 (Move 6) moves 3.5" in B1.0's sight: more than half of 6", not of the raised 8": no Overwatch.
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 13.5, y: 0, z: 10 }, q).match;
    expect(m.window).toBeNull();
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // Sprint: 6" + 2" (Harlow) + 2" (Blade Runner) = 10".
    const r = play(m, 'A', { type: 'sprint', model: 'A1.0', x: 23.4, y: 0, z: 10 }, q);
    expect(r.match.state.models['A1.0']!.pos).toEqual([23.4, 0, 10]);
  });

  it('Phase Out before a unit activates: its models may be placed within 2" first (not a move: no overwatch, not counted)', () => {
    const q = fakeTable();
    let m = matchOf(midGame(duel, holding({ A: ['phase-out'] })));
    m = play(m, 'A', { type: 'burn', card: 'phase-out', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(
      refuse(m, 'A', { type: 'phase-out', model: 'A1.0', x: 12.5, y: 0, z: 10 }, q, 'blkout:error.phaseOut').error,
    ).toBe('out-of-range');
    const r = play(m, 'A', { type: 'phase-out', model: 'A1.0', x: 11.9, y: 0, z: 10 }, q);
    expect(r.match.state.models['A1.0']!.pos).toEqual([11.9, 0, 10]);
    expect(r.match.state.activation?.moved['A1.0'] ?? 0).toBe(0);
    expect(r.match.window).toBeNull();
    // Then the usual Reposition follows; once it starts, Phase Out placements are over.
    const moved = play(r.match, 'A', { type: 'move', model: 'A1.0', x: 13.9, y: 0, z: 10 }, q).match;
    expect(moved.state.activation?.moved['A1.0']).toBeCloseTo(2, 6);
  });

  it('Rewind after an activation: another unit activates at once, no CP, even after the chained activation was used', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame(duel, (s) =>
        holding({ A: ['rewind'] })({ ...s, used: { ...s.used, A: { chained: true, handler: false } } }),
      ),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(m.state.activation?.stage).toBe('after');
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'burn', card: 'rewind', unit: 'A2' });
    const r = play(m, 'A', { type: 'burn', card: 'rewind', unit: 'A2' }, q);
    expect(r.match.state.activation).toMatchObject({ unit: 'A2', via: 'rewind', stage: 'reposition' });
    expect(r.match.state.cp.A).toBe(3);
  });

  it('a card not in hand, or played at the wrong time, is refused', () => {
    const q = fakeTable();
    const m = matchOf(midGame(duel, holding({ A: ['amped'] })));
    expect(
      refuse(m, 'A', { type: 'burn', card: 'rewind', unit: 'A2' }, q, "Rewind is not in A's hand").message,
    ).toMatch(/not in A's hand/);
    expect(refuse(m, 'A', { type: 'burn', card: 'amped', unit: 'B1' }, q, 'blkout:error.notYourUnit').message).toMatch(
      /not one of A's units/,
    );
  });

  it('Rewind with its free battle drill: the drill applies to the unit it activates and costs no CP', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame(duel, (s) =>
        holding({ A: ['rewind'] })({ ...s, used: { ...s.used, A: { chained: true, handler: false } } }),
      ),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'burn', card: 'rewind', unit: 'A2', drill: 'stims' });
    const r = play(m, 'A', { type: 'burn', card: 'rewind', unit: 'A2', drill: 'stims' }, q);
    expect(r.match.state.activation).toMatchObject({ unit: 'A2', via: 'rewind', drill: 'stims' });
    expect(r.match.state.cp.A).toBe(3);
  });
});

describe('blkout BURN cards at the moment damage is suffered', () => {
  it('Juiced: the shot pauses as B1.0 is about to take damage; B plays Juiced and it takes none; the dice are not rolled again', () => {
    const q = fakeTable();
    let m = matchOf(midGame(duel, holding({ B: ['juiced'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    // 5, 5, 1 (the 1 re-rolled by CQB: 1): two hits; armour 1/4: 1 blocks none. Two damage to come: pause.
    const paused = play(m, 'B', { type: 'pass' }, q, [5, 5, 1, 1, 1]);
    expect(paused.match.window?.player).toBe('B');
    expect(paused.match.window?.options).toEqual([{ type: 'burn', card: 'juiced', unit: 'B1.0' }]);
    expect(paused.match.state.models['B1.0']!.destroyed).toBe(false);
    expect(paused.events.map((e) => e.type)).toContain('damage-moment');
    // The dice were shown before the pause, each after its check; the replay shows them no more.
    expect(paused.events.filter((e) => e.type === 'dice-rolled').map((e) => en(e.text))).toEqual([
      'A rolled 5, 5, 1, 1 (4d10)',
      'B rolled 1 (d10)',
    ]);
    // B plays Juiced: the shot is replayed with the same dice (none are rolled now) and B1.0 ignores the damage.
    const r = play(paused.match, 'B', { type: 'burn', card: 'juiced', unit: 'B1.0' }, q, []);
    expect(r.match.state.models['B1.0']).toMatchObject({ destroyed: false, damage: 0 });
    expect(r.match.state.burn.hands.B).toEqual([]);
    expect(r.events.filter((e) => e.type === 'skill-check' || e.type === 'dice-rolled')).toEqual([]);
    expect(r.events.some((e) => e.type === 'burn' && e.card === 'juiced')).toBe(true);
    // Passing instead lets the damage through.
    const taken = play(paused.match, 'B', { type: 'pass' }, q, []);
    expect(taken.match.state.models['B1.0']!.destroyed).toBe(true);
    expect(taken.match.state.burn.hands.B).toEqual(['juiced']);
  });

  it('Personal Shielding is played when the damage is suffered (step ④), before the armour check, and its 2 dice count in that check and for the rest of the activation', () => {
    const q = fakeTable();
    // B3: Cyka Team (Armour 2/4, track 2). B3.0 runs into the open; A1.0 and A2.0 overwatch from beyond 12" (no CQB re-rolls).
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'A2.0': [14, 10], 'B3.0': [10, 30], 'B2.0': [34, 34] }, (s) =>
        holding({ B: ['personal-shielding'] })({ ...s, turn: 'B', initiative: 'B' }),
      ),
    );
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    m = play(m, 'B', { type: 'move', model: 'B3.0', x: 10, y: 0, z: 24 }, q).match;
    m = play(m, 'A', { type: 'overwatch', model: 'A1.0', weapon: 0 }, q).match;
    // The second declaration resolves both: A1.0 5, 1, 1 = 1 hit: B3.0 suffers 1 damage -> pause, before any armour die.
    const paused = play(m, 'A', { type: 'overwatch', model: 'A2.0', weapon: 0 }, q, [5, 1, 1]);
    expect(paused.match.window?.options).toEqual([{ type: 'burn', card: 'personal-shielding', unit: 'B3' }]);
    expect(paused.events.filter((e) => e.type === 'armour-check')).toEqual([]);
    expect(en(paused.events.find((e) => e.type === 'damage-moment')!.text)).toMatch(/before its armour check/);
    // With Personal Shielding this very check rolls 4 dice (2 + 2): 4, 1, 1, 1 blocks the damage. A2.0's
    // shot (5, 1, 1: 1 hit) meets 4 dice too (the card is not offered again): 1, 1, 1, 1, 1 damage of 2.
    const r = play(
      paused.match,
      'B',
      { type: 'burn', card: 'personal-shielding', unit: 'B3' },
      q,
      [4, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1],
    );
    const checks = r.events.filter((e) => e.type === 'armour-check');
    expect(checks.map((e) => (e.rolls as number[]).length)).toEqual([4, 4]);
    expect(en(checks[0]!.text)).toBe(
      'Cyka Team 1 armour 2/4 with 2 more dice: 4, 1, 1, 1 against 4+: 1 save: all 1 damage blocked',
    );
    expect(r.match.state.models['B3.0']).toMatchObject({ destroyed: false, damage: 1 });
    expect(r.match.state.burn.hands.B).toEqual([]);
    // Declining it: the check rolls the armour's 2 dice (1, 1: 1 damage); the card is offered again when
    // A2.0's hit (5, 1, 1) is suffered, before its check; declined again, 1, 1 destroys B3.0.
    const declined = play(paused.match, 'B', { type: 'pass' }, q, [1, 1, 5, 1, 1]);
    expect(declined.match.window?.options).toEqual([{ type: 'burn', card: 'personal-shielding', unit: 'B3' }]);
    const taken = play(declined.match, 'B', { type: 'pass' }, q, [1, 1]);
    expect(
      [...declined.events, ...taken.events]
        .filter((e) => e.type === 'armour-check')
        .map((e) => (e.rolls as number[]).length),
    ).toEqual([2, 2]);
    expect(taken.match.state.models['B3.0']!.destroyed).toBe(true);
    expect(taken.match.state.burn.hands.B).toEqual(['personal-shielding']);
  });

  it("an HE blast hurting A's model and then B's: only the moment where B may answer counts, so Juiced saves B's model and not A's", () => {
    const q = fakeTable();
    // A2.3 (Grenade Launcher, Blast (1)) hits A1.0 (1/6), B1.0 and B1.1 (Manticor Borz, 1/4); B holds Juiced.
    const place: Record<string, [number, number]> = {
      'A2.3': [10, 10],
      'B1.0': [10, 20],
      'B1.1': [11.5, 20],
      'A1.0': [9, 21],
      'A2.0': [2, 2],
    };
    let m = matchOf(midGame(place, holding({ B: ['juiced'] })));
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // 7, 10: 3 successes. A1.0 6, 2, 9: 1 damage (A holds nothing: no moment). B1.0 4, 5, 1: 1, shrugged.
    // B1.1 1, 1, 10: 2, one shrugged: 1 damage -> B may answer.
    m = play(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q).match;
    // (B passes on Return Fire.)
    const paused = play(m, 'B', { type: 'pass' }, q, [7, 10, 6, 2, 9, 4, 5, 1, 1, 1, 10]);
    expect(paused.match.window?.options).toEqual([{ type: 'burn', card: 'juiced', unit: 'B1.1' }]);
    const r = play(paused.match, 'B', { type: 'burn', card: 'juiced', unit: 'B1.1' }, q, []);
    expect(r.match.state.models['A1.0']!.destroyed).toBe(true);
    expect(r.match.state.models['B1.1']).toMatchObject({ destroyed: false, damage: 0 });
    expect(r.match.state.burn.hands).toEqual({ A: [], B: [] });
  });
});
