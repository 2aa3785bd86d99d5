import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { both, matchOf, midBattle, play, refuse, set } from './fixture';
import type { ModelCard } from '../../../../src/rules/counterblast/data';

const gear = (id: string, g: ModelCard['gear']) => set(id, (m) => ({ card: { ...m.card, gear: g } }));

describe('counterblast skills: Hack, Heal, Boost', () => {
  it('Hack with a scanner: an enemy in sight within 12"; Knack/7; a success Marks it; it Spends the scanner', () => {
    const q = fakeTable({ size: 48 });
    // The scout drone (Knack 3) 10" from thug-1.
    const place = { 'A.scout': [10, 10], 'B.thug-1': [10, 20], 'B.thug-2': [10, 23.5] } as Record<
      string,
      [number, number]
    >;
    let m = matchOf(midBattle(place, 4, gear('A.scout', ['scanner'])));
    m = play(m, 'A', { type: 'activate', model: 'A.scout' }, q).match;
    const r = play(m, 'A', { type: 'hack', model: 'A.scout', target: 'B.thug-1' }, q, [7, 1, 1]);
    expect(r.match.state.models['B.thug-1']!.conditions).toEqual(['marked']);
    expect(r.match.state.models['A.scout']!.spent).toBe(true);
    expect(
      play(m, 'A', { type: 'hack', model: 'A.scout', target: 'B.thug-1' }, q, [6, 1, 1]).match.state.models['B.thug-1']!
        .conditions ?? [],
    ).toEqual([]);
    expect(
      refuse(m, 'A', { type: 'hack', model: 'A.scout', target: 'B.thug-2' }, q, 'counterblast:err.hackRange').error,
    ).toBe('out-of-range');
    let none = matchOf(midBattle(place, 4, gear('A.scout', [])));
    none = play(none, 'A', { type: 'activate', model: 'A.scout' }, q).match;
    expect(
      refuse(none, 'A', { type: 'hack', model: 'A.scout', target: 'B.thug-1' }, q, 'counterblast:err.noScanner')
        .message,
    ).toMatch(/no scanner/);
  });

  // Doc Ruiz (Knack 6) beside gunner-1 (Mettle 3).
  const place = { 'A.medic': [10, 10], 'A.gunner-1': [11.4, 10], 'B.thug-1': [40, 30] } as Record<
    string,
    [number, number]
  >;
  /** The medic (with a medkit) activated beside gunner-1 with `damage` tokens (Down from 3). */
  const start = (damage: number) => {
    const m = matchOf(
      midBattle(
        place,
        4,
        both(gear('A.medic', ['medkit']), set('A.gunner-1', { damage, down: damage >= 3, prone: damage >= 3 })),
      ),
    );
    return play(m, 'A', { type: 'activate', model: 'A.medic' }, fakeTable({ size: 48 })).match;
  };
  const healGunner = { type: 'treat', model: 'A.medic', target: 'A.gunner-1', heal: true } as const;

  it.each([
    [
      '3 tokens, 2 successes: 1 token, up again (still Prone)',
      3,
      [7, 7, 1, 1, 1, 1],
      { damage: 1, down: false, prone: true },
    ],
    [
      '6 tokens, 2 successes: 4 tokens, still Down, and Stable',
      6,
      [7, 7, 1, 1, 1, 1],
      { damage: 4, down: true, stable: true },
    ],
    ['2 tokens, 6 successes: never below one', 2, [7, 7, 7, 7, 7, 7], { damage: 1 }],
  ])(
    'Heal with a medkit: a token off per success, never below one; fewer tokens than Mettle: no longer Down; still Down: Stable (%s)',
    (_case, damage, dice, gunner) => {
      const q = fakeTable({ size: 48 });
      expect(play(start(damage), 'A', healGunner, q, dice).match.state.models['A.gunner-1']!).toMatchObject(gunner);
    },
  );

  it('Heal leaves at least one token, and needs the right gear', () => {
    const q = fakeTable({ size: 48 });
    expect(refuse(start(1), 'A', healGunner, q, 'counterblast:err.healLeavesOne').message).toMatch(
      /leaves at least one/,
    );
    let bare = matchOf(midBattle(place, 4, both(gear('A.medic', []), set('A.gunner-1', { damage: 2 }))));
    bare = play(bare, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(
        bare,
        'A',
        { type: 'treat', model: 'A.medic', target: 'A.gunner-1', heal: true },
        q,
        'counterblast:err.noMedkit',
      ).message,
    ).toMatch(/no medkit/);
  });

  it('Boost: in a group step a friend within 1" adds 1D to the medic\'s Treat (several stack); a Boost fits only a skill step', () => {
    const q = fakeTable({ size: 48 });
    // The group: Doc Ruiz, gunner-1 and the scout side by side; gunner-2 Down and unstable beside the medic.
    const place = {
      'A.medic': [10, 10],
      'A.gunner-1': [11.4, 10],
      'A.scout': [8.6, 10],
      'A.gunner-2': [10, 11.4],
      'B.thug-1': [40, 30],
    } as Record<string, [number, number]>;
    let m = matchOf(midBattle(place, 4, set('A.gunner-2', { damage: 3, down: true, prone: true })));
    m = play(m, 'A', { type: 'activate-group', hero: 'A.medic', lackeys: ['A.gunner-1', 'A.scout'] }, q).match;
    m = play(m, 'A', { type: 'boost', model: 'A.gunner-1', friend: 'A.medic' }, q).match;
    // The step is now a skill step: no shooting in it.
    expect(refuse(m, 'A', { type: 'aim', model: 'A.scout' }, q, 'counterblast:err.groupUsing').message).toMatch(
      /using skill in this step/,
    );
    m = play(m, 'A', { type: 'boost', model: 'A.scout', friend: 'A.medic' }, q).match;
    // Knack 6 + 2 Boosts = 8 dice: only the eighth succeeds.
    const r = play(m, 'A', { type: 'treat', model: 'A.medic', target: 'A.gunner-2' }, q, [1, 1, 1, 1, 1, 1, 1, 7]);
    expect(r.events.find((e) => e.type === 'stabilize')!.text).toMatch(
      /Knack \(\+2D Boost\) 1, 1, 1, 1, 1, 1, 1, 7 against 7\+: 1 success$/,
    );
    expect(r.match.state.models['A.gunner-2']!.stable).toBe(true);
    expect(r.match.state.activation!.boosted!['A.medic']).toBe(0);
  });
});
