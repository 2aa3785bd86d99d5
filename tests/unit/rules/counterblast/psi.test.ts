import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { both, matchOf, midBattle, play, refuse, set } from './fixture';
import type { ModelCard } from '../../../../src/rules/counterblast/data';

const psifer = (id: string, psi: number, enigmas: ModelCard['enigmas']) =>
  set(id, (m) => ({ card: { ...m.card, psi, enigmas } }));
const R = 30 / 25.4;

// Doc Ruiz as a psifer (Psi 4): Mind spike (Psi Strike, 12", 2 damage, Half-blind) and Soothe (Psi Craft, 6", heal).
const doc = psifer('A.medic', 4, [
  { name: 'Mind spike', kind: 'strike', range: 12, damage: 2, inflicts: 'half-blind' },
  { name: 'Soothe', kind: 'craft', range: 6, effect: 'heal' },
]);
// Enforcer Vey as a psifer (Psi 3) with a Psi Strike of its own.
const vey = psifer('B.enforcer', 3, [{ name: 'Hex', kind: 'strike', range: 8, damage: 1 }]);

describe('counterblast Psi: Psi Strike, Psi Craft, Disperse', () => {
  it("Psi Strike: Psi/7, raw damage per success, the enigma's condition; it Spends the psifer; no enemy psifer near: no Disperse window", () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle({ 'A.medic': [10, 10], 'B.thug-1': [10, 20], 'B.enforcer': [40, 34] }, 4, both(doc, vey)),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    // Psi 7, 7, 1, 1 = 2: 4 raw; Defense 1, 1: 4 tokens (Mettle 3): Down; Half-blind.
    const r = play(
      m,
      'A',
      { type: 'psi-strike', model: 'A.medic', enigma: 0, target: 'B.thug-1' },
      q,
      [7, 7, 1, 1, 1, 1],
    );
    expect(r.events.find((e) => e.type === 'psi')!.text).toBe(
      'Doc Ruiz channels Mind spike at Syndicate thug 1: Psi 7, 7, 1, 1 against 7+: 2 successes',
    );
    expect(r.match.state.models['B.thug-1']).toMatchObject({ damage: 4, down: true, conditions: ['half-blind'] });
    expect(r.match.state.models['A.medic']!.spent).toBe(true);
    // Beyond 12": refused; a craft enigma is not a strike.
    let far = matchOf(
      midBattle({ 'A.medic': [10, 10], 'B.thug-1': [10, 24], 'B.enforcer': [40, 34] }, 4, both(doc, vey)),
    );
    far = play(far, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(
        far,
        'A',
        { type: 'psi-strike', model: 'A.medic', enigma: 0, target: 'B.thug-1' },
        q,
        'counterblast:err.beyondEnigma',
      ).error,
    ).toBe('out-of-range');
    expect(
      refuse(
        far,
        'A',
        { type: 'psi-strike', model: 'A.medic', enigma: 1, target: 'B.thug-1' },
        q,
        'counterblast:err.noStrikeEnigma',
      ).message,
    ).toMatch(/no Psi Strike enigma #1/);
  });

  it('Disperse: an enemy psifer within 12" rolls Psi; a greater result makes the psifer\'s 0 (a tie does not); the Disperser pays 1 Moxie and is Stunned', () => {
    const q = fakeTable({ size: 48 });
    const start = () => {
      let m = matchOf(
        midBattle({ 'A.medic': [10, 10], 'B.thug-1': [10, 20], 'B.enforcer': [14, 18] }, 4, both(doc, vey)),
      );
      m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
      return play(m, 'A', { type: 'psi-strike', model: 'A.medic', enigma: 0, target: 'B.thug-1' }, q).match;
    };
    const w = start();
    expect(w.window?.player).toBe('B');
    expect(w.window?.options).toEqual([{ type: 'disperse', model: 'B.enforcer' }]);
    // Psi 7, 1, 1, 1 = 1 against the Disperser's 7, 7, 1 = 2: nothing happens.
    const gone = play(w, 'B', { type: 'disperse', model: 'B.enforcer' }, q, [7, 1, 1, 1, 7, 7, 1]);
    expect(gone.events.find((e) => e.type === 'disperse')!.text).toMatch(/Mind spike comes to nothing/);
    expect(gone.match.state.models['B.thug-1']!.damage).toBe(0);
    expect(gone.match.state.models['B.enforcer']!.stunned).toBe(true);
    expect(gone.match.state.moxie.B).toBe(3);
    // A tie (1 against 1): the strike lands: 2 raw, Defense 1, 1.
    const tie = play(w, 'B', { type: 'disperse', model: 'B.enforcer' }, q, [7, 1, 1, 1, 7, 1, 1, 1, 1]);
    expect(tie.match.state.models['B.thug-1']!.damage).toBe(2);
    // Passing: the psifer rolls alone.
    expect(play(w, 'B', { type: 'pass' }, q, [7, 1, 1, 1, 1, 1]).match.state.models['B.thug-1']!.damage).toBe(2);
  });

  it('a Panicked psifer still channels at Psi/7: Panic raises only zap and grit checks (7 succeeds, 6 does not)', () => {
    const q = fakeTable({ size: 48 });
    const start = midBattle({ 'A.medic': [10, 10], 'B.thug-1': [10, 20], 'B.enforcer': [40, 34] }, 4, both(doc, vey));
    let m = matchOf(set('A.medic', () => ({ panicked: true }))(start));
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    // Knack/7 with one success: still Panicked, but may act as normal.
    m = play(m, 'A', { type: 'rally', model: 'A.medic' }, q, [7, 1, 1, 1, 1, 1]).match;
    expect(m.state.models['A.medic']!.panicked).toBe(true);
    const r = play(
      m,
      'A',
      { type: 'psi-strike', model: 'A.medic', enigma: 0, target: 'B.thug-1' },
      q,
      [7, 6, 1, 1, 1, 1],
    );
    expect(r.events.find((e) => e.type === 'psi')!.text).toBe(
      'Doc Ruiz channels Mind spike at Syndicate thug 1: Psi 7, 6, 1, 1 against 7+: 1 success',
    );
    expect(r.match.state.models['B.thug-1']!.damage).toBe(2);
  });

  it("Psi Craft (heal): a friend within the enigma's range loses a token per success, never below one; not while Engaged", () => {
    const q = fakeTable({ size: 48 });
    let m = matchOf(
      midBattle(
        { 'A.medic': [10, 10], 'A.gunner-1': [14, 10], 'B.thug-1': [40, 30] },
        4,
        both(doc, set('A.gunner-1', { damage: 3, down: true, prone: true })),
      ),
    );
    m = play(m, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    const r = play(m, 'A', { type: 'psi-craft', model: 'A.medic', enigma: 1, target: 'A.gunner-1' }, q, [7, 7, 1, 1]);
    expect(r.match.state.models['A.gunner-1']).toMatchObject({ damage: 1, down: false });
    let e = matchOf(
      midBattle(
        { 'A.medic': [10, 10], 'A.gunner-1': [14, 10], 'B.thug-1': [10, 10 + R + 0.3] },
        4,
        both(doc, set('A.gunner-1', { damage: 3, down: true, prone: true })),
      ),
    );
    e = play(e, 'A', { type: 'activate', model: 'A.medic' }, q).match;
    expect(
      refuse(
        e,
        'A',
        { type: 'psi-craft', model: 'A.medic', enigma: 1, target: 'A.gunner-1' },
        q,
        'counterblast:err.engagedNo',
      ).message,
    ).toMatch(/Engaged: no psi-craft/);
  });
});
