import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { matchOf, midGame, options, play, refuse } from './fixture';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { layoutOf, type BlkoutOptions } from '../../../../src/rules/blkout/game';
import { canSee, coverOf, situation } from '../../../../src/rules/blkout/situation';
import { legalActions } from '../../../../src/rules/blkout/legal';

/** B fields a Duster (B3: Caber, Armour 3/4, chassis 4, mobility 3, 60 mm base); A may too. */
function withDusters(aToo = false): BlkoutOptions {
  const o = options();
  return {
    ...o,
    groups: {
      A: aToo
        ? { faction: 'harlow', handler: 'handler', units: ['hfr-assault-team', 'hfr-control-team', 'duster-caber'] }
        : o.groups.A,
      B: { faction: 'manticor-borz', handler: 'handler', units: ['mb-bratva', 'mb-insertion', 'duster-caber'] },
    },
  };
}
const facing =
  (id: string, deg: number) =>
  (s: BlkoutState): BlkoutState => ({ ...s, models: { ...s.models, [id]: { ...s.models[id]!, facing: deg } } });

/** A1.0 (FAL-32C 24" / 1, CQB) declares a shot at the Duster B3.0 and B passes. */
function shotAtDuster(
  track: 'mobility' | 'chassis' | undefined,
  dice: number[],
  q = fakeTable(),
  face = 90,
  at: [number, number] = [10, 22],
) {
  let m = matchOf(
    midGame({ 'A1.0': [10, 10], 'B3.0': at, 'A2.0': [2, 2], 'B2.0': [34, 34] }, facing('B3.0', face), withDusters()),
  );
  m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
  m = play(m, 'A', { type: 'end-reposition' }, q).match;
  m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', ...(track ? { track } : {}) }, q).match;
  return play(m, 'B', { type: 'pass' }, q, dice);
}

describe('blkout Dusters', () => {
  it('set-up: a Duster has a chassis track and a mobility track', () => {
    const s = midGame({ 'B3.0': [10, 22], 'A1.0': [10, 10] }, undefined, withDusters());
    expect(s.models['B3.0']).toMatchObject({ kind: 'vehicle', track: 4, mobility: { track: 3, damage: 0 } });
  });

  it('the shooter picks the track: the chassis by default (3D10 in the open)', () => {
    // Facing away from the shooter would be the rear; facing it (90: towards -z... see arcs test) is the front.
    const r = shotAtDuster(undefined, [5, 5, 1, 1, 1, 1, 1], fakeTable(), 270);
    // 5, 5, 1 (the 1 re-rolled by CQB: 1): two successes x 1 damage = 2; armour 3/4: 1, 1, 1 block none.
    expect(r.match.state.models['B3.0']).toMatchObject({ damage: 2, mobility: { track: 3, damage: 0 } });
  });

  it('a Mobility shot is Hard (one die), needs the whole Duster in view and no smoke on the line; a full mobility track destroys it', () => {
    const r = shotAtDuster('mobility', [10, 1, 1, 1], fakeTable(), 270);
    // One die: an ace, 2 hits; armour 1, 1, 1 blocks none: mobility 2 of 3.
    expect(r.events.find((e) => e.type === 'skill-check')?.rolls).toEqual([10]);
    expect(r.match.state.models['B3.0']).toMatchObject({ damage: 0, mobility: { damage: 2 } });
    const partly = fakeTable({
      sight: (v, t) =>
        t === 'B3.0' ? { visibleFraction: 0.8, hidden: { terrain: 0.2, vehicles: 0, models: 0, smoke: 0 } } : {},
    });
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B3.0': [10, 22], 'A2.0': [2, 2], 'B2.0': [34, 34] }, undefined, withDusters()),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, partly).match;
    m = play(m, 'A', { type: 'end-reposition' }, partly).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', track: 'mobility' },
        partly,
        'a Mobility shot needs the whole of Caber Chassis in view (80% is)',
      ).message,
    ).toMatch(/whole/);
    const smoky = fakeTable({
      sight: (v, t) =>
        t === 'B3.0' ? { visibleFraction: 1, hidden: { terrain: 0, vehicles: 0, models: 0, smoke: 0.1 } } : {},
    });
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', track: 'mobility' },
        smoky,
        'blkout:error.mobilitySmoke',
      ).message,
    ).toMatch(/smoke/);
    // Mobility 2 of 3 already: one more destroys the Duster.
    const q = fakeTable();
    let w = matchOf(
      midGame(
        { 'A1.0': [10, 10], 'B3.0': [10, 22], 'A2.0': [2, 2], 'B2.0': [34, 34] },
        (st) => ({
          ...st,
          models: { ...st.models, 'B3.0': { ...st.models['B3.0']!, facing: 270, mobility: { track: 3, damage: 2 } } },
        }),
        withDusters(),
      ),
    );
    w = play(w, 'A', { type: 'activate', unit: 'A1' }, q).match;
    w = play(w, 'A', { type: 'end-reposition' }, q).match;
    w = play(w, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B3.0', track: 'mobility' }, q).match;
    const wrecked = play(w, 'B', { type: 'pass' }, q, [5, 1, 1, 1]);
    expect(wrecked.match.state.models['B3.0']).toMatchObject({ destroyed: true, damage: 0, mobility: { damage: 3 } });
  });

  it('arcs: a shot from behind the Duster deals +1 damage (before armour)', () => {
    // Facing 90 degrees is +z (away from A1.0 at z 10): A1.0 is behind it.
    // 5, 1, 1 and the two 1s re-rolled (1, 1): one success; armour 1, 1, 1.
    const rear = shotAtDuster(undefined, [5, 1, 1, 1, 1, 1, 1, 1], fakeTable(), 90);
    expect(en(rear.events.find((e) => e.type === 'armour-check')!.text)).toBe(
      'Caber Chassis armour 3/4: 1, 1, 1 against 4+: 0 saves: none of the 2 damage blocked',
    );
    const front = shotAtDuster(undefined, [5, 1, 1, 1, 1, 1, 1, 1], fakeTable(), 270);
    expect(en(front.events.find((e) => e.type === 'armour-check')!.text)).toBe(
      'Caber Chassis armour 3/4: 1, 1, 1 against 4+: 0 saves: none of the 1 damage blocked',
    );
  });

  it('a Duster faces the way it moves unless told otherwise; turning is free', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame(
        { 'B3.0': [10, 22], 'A1.0': [30, 2], 'A2.0': [2, 2], 'B2.0': [34, 34] },
        (s) => facing('B3.0', 0)({ ...s, turn: 'B', initiative: 'B' }),
        withDusters(),
      ),
    );
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    const moved = play(m, 'B', { type: 'move', model: 'B3.0', x: 10, y: 0, z: 28 }, q).match;
    expect(moved.state.models['B3.0']!.facing).toBeCloseTo(90, 6);
    const turned = play(m, 'B', { type: 'move', model: 'B3.0', x: 10, y: 0, z: 28, facingDeg: 180 }, q).match;
    expect(turned.state.models['B3.0']!.facing).toBe(180);
  });

  it('Dusters fight Dusters in close quarters', () => {
    const q = fakeTable();
    const r60 = 60 / 25.4;
    let m = matchOf(
      midGame(
        { 'A3.0': [10, 10], 'B3.0': [10, 10 + r60], 'A2.0': [2, 2], 'B2.0': [34, 34] },
        (s) => ({ ...s, models: { ...s.models, 'B3.0': { ...s.models['B3.0']!, engaged: true } } }),
        withDusters(true),
      ),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // A3.0 takes Ready; B3.0 is Engaged (no overwatch); CQC: A 10, 10 (4 successes) vs B 1, 1.
    const r = play(m, 'A', { type: 'ready', model: 'A3.0' }, q, [10, 10, 1, 1]);
    expect(r.events.some((e) => e.type === 'cqc')).toBe(true);
    expect(r.match.state.models['B3.0']!.damage).toBe(4);
    expect(r.match.state.models['B3.0']!.destroyed).toBe(true);
  });
});

describe('blkout Dusters in group building', () => {
  it('a group that takes a Duster gives up its Command Points, unless both groups field one', () => {
    expect(midGame({}, undefined, withDusters()).cp).toEqual({ A: 3, B: 0 });
    expect(midGame({}, undefined, withDusters(true)).cp).toEqual({ A: 3, B: 3 });
  });
});

describe('blkout sight through other infantry', () => {
  it('lines to an infantry target may not pass completely through other infantry; to a Duster they may', () => {
    // The fake table hides everything behind "infantry in the way" unless the rules let sight pass through infantry.
    let q = fakeTable({
      sight: (v, t, _l, through) =>
        v === 'A1.0' && !through.includes('infantry')
          ? { hasLos: false, visibleFraction: 0, hidden: { terrain: 0, vehicles: 0, models: 1, smoke: 0 } }
          : {},
    });
    const s = midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B3.0': [14, 22] }, undefined, withDusters());
    q = q.at(layoutOf(s));
    expect(canSee(s, q, 'A1.0', 'B1.0')).toBe(false);
    expect(canSee(s, q, 'A1.0', 'B3.0')).toBe(true);
  });
});

describe('blkout Duster armoury', () => {
  it("a Duster marks a combat load for an item of the Dusters' armoury: TOW, Boost (no mobility shots, partial cover), Targeting Array (no cover for infantry)", () => {
    let q = fakeTable({
      sight: (_v, t) =>
        t === 'A1.0'
          ? {
              visibleFraction: 0.4,
              hidden: { terrain: 0.6, vehicles: 0, models: 0, smoke: 0 },
              coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.6, distance: 0.3 }],
            }
          : {},
    });
    const bTurnDuster = (s: BlkoutState): BlkoutState => ({ ...s, turn: 'B', initiative: 'B' });
    let m = matchOf(
      midGame({ 'B3.0': [10, 22], 'A1.0': [10, 10], 'A2.0': [2, 2], 'B2.0': [34, 34] }, bTurnDuster, withDusters()),
    );
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    expect(legalActions(m.state, 'B', q)).toContainEqual({ type: 'armoury', model: 'B3.0', item: 'tow' });
    // Targeting Array: A1.0 is in full cover, but the Duster ignores it (3 dice in the open, not 1).
    const arrayed = play(m, 'B', { type: 'armoury', model: 'B3.0', item: 'targeting-array' }, q).match;
    q = q.at(layoutOf(arrayed.state));
    expect(situation(arrayed.state, q, 'B3.0', 'A1.0', false, false).cover).toBe('none');
    expect(situation(m.state, q, 'B3.0', 'A1.0', false, false).cover).toBe('full');
    // Boost: its mobility cannot be targeted, and it has partial cover in the open.
    const boosted = play(m, 'B', { type: 'armoury', model: 'B3.0', item: 'boost' }, q).match;
    q = q.at(layoutOf(boosted.state));
    expect(coverOf(boosted.state, q, 'A2.0', 'B3.0').cover).toBe('partial');
    expect(boosted.state.units.B3!.loadsUsed).toBe(1);
  });
});
