import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { boone, matchOf, midGame, play, raid, refuse, un3 } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { layoutOf } from '../../../../src/rules/blkout/game';
import { canSee } from '../../../../src/rules/blkout/situation';

const bTurn = (s: BlkoutState): BlkoutState => ({ ...s, turn: 'B', initiative: 'B' });

describe('blkout battle drills (1 CP before a force unit activates)', () => {
  it('Stims: 2" more Move this activation; the CP is spent and that unit activates next; one drill per activation; not for the Handler', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'A0.0': [2, 2], 'B1.0': [34, 34] }));
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'drill', unit: 'A1', drill: 'stims' });
    expect(
      refuse(
        m,
        'A',
        { type: 'drill', unit: 'A0', drill: 'stims' },
        q,
        'Handler (A) has no battle drill "stims" (Handler and BLKLIST units have none)',
      ).message,
    ).toMatch(/no battle drill/);
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'stims' }, q).match;
    expect(m.state.cp.A).toBe(2);
    expect(
      refuse(m, 'A', { type: 'drill', unit: 'A1', drill: 'assaulters' }, q, 'blkout:error.oneDrill').message,
    ).toMatch(/one battle drill/);
    expect(
      refuse(m, 'A', { type: 'activate', unit: 'A0' }, q, ' was played on Assault Team: it activates next').error,
    ).toBe('illegal-action');
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(
      refuse(m, 'A', { type: 'move', model: 'A1.0', x: 18.2, y: 0, z: 10 }, q, 'blkout:error.moveTooFar').error,
    ).toBe('out-of-range');
    expect(
      play(m, 'A', { type: 'move', model: 'A1.0', x: 17.9, y: 0, z: 10 }, q).match.state.models['A1.0']!.pos,
    ).toEqual([17.9, 0, 10]);
  });

  it('Assaulters: no Overwatch against its Reposition moves', () => {
    const q = fakeTable();
    const place = { 'A1.0': [10, 10], 'B1.0': [10, 20], 'B2.0': [34, 34] } as Record<string, [number, number]>;
    let plain = matchOf(midGame(place));
    plain = play(plain, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(
      play(plain, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match.window?.options.map((o) => o.type),
    ).toContain('overwatch');
    let m = matchOf(midGame(place));
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'assaulters' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(play(m, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match.window).toBeNull();
  });

  it('Thorax Shields: the unit rolls one more armour die this activation (an overwatch shot at it)', () => {
    const q = fakeTable();
    // B1.0 (Bratva, Armour 1/4) runs 5" in sight of A1.0, who overwatches.
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [20, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] }, bTurn));
    m = play(m, 'B', { type: 'drill', unit: 'B1', drill: 'thorax-shields' }, q).match;
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    m = play(m, 'B', { type: 'move', model: 'B1.0', x: 15, y: 0, z: 20 }, q).match;
    m = play(m, 'A', { type: 'overwatch', model: 'A1.0', weapon: 0 }, q).match;
    // Overwatch: 5, 5, 1 (CQB within 12": the 1 re-rolled, 1) = 2 hits; armour 2 dice: 4, 1.
    const r = play(m, 'A', { type: 'pass' }, q, [5, 5, 1, 1, 4, 1]);
    expect(r.events.find((e) => e.type === 'armour-check')?.rolls).toEqual([4, 1]);
  });

  it('Tactical Positioning: overwatch at the unit rolls one die fewer', () => {
    const q = fakeTable();
    // A1 is Task Force Boone's Recon Team; A1.0 runs in sight of B1.0 (AKMZ-2, Medium: no re-roll in reactions).
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B1.0': [10, 22], 'A2.0': [2, 2], 'B2.0': [34, 34] }, undefined, boone()),
    );
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'tactical-positioning' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match;
    // Nobody else can overwatch, so the shot resolves at once: 2 dice instead of 3 in the open.
    const r = play(m, 'B', { type: 'overwatch', model: 'B1.0', weapon: 0 }, q, [1, 1]);
    expect(r.events.find((e) => e.type === 'skill-check')?.rolls).toEqual([1, 1]);
  });

  it('Cross Fire: a second model of the unit shooting the same enemy deals 1 more damage', () => {
    const q = fakeTable();
    // A1.0 and A1.1 (Harlow, FAL-32C 1 damage, CQB) both shoot B1.0 (Bratva, track 0 but 1/4 armour).
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'A1.1': [12, 10], 'B1.0': [11, 30], 'B2.0': [34, 34] }, (s) => ({
        ...s,
        drills: {
          ...s.drills,
          harlow: [...(s.drills?.harlow ?? []), { id: 'cross-fire', name: 'Cross Fire', text: 'test' }],
        },
      })),
    );
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'cross-fire' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    m = play(m, 'B', { type: 'pass' }, q, [1, 1, 1]).match;
    if (m.window) m = play(m, 'B', { type: 'pass' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.1', weapon: 0, target: 'B1.0' }, q).match;
    const r = play(m, 'B', { type: 'pass' }, q, [5, 1, 1, 9]);
    expect(en(r.events.find((e) => e.type === 'armour-check')!.text)).toMatch(/: 1 save: 1 of 2 damage blocked$/);
  });

  it('Arsenal: one armoury item without marking a combat load; Linked: a Ready token for a model that has acted', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.1': [12, 10], 'B1.0': [34, 34] }, undefined, un3()));
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'arsenal' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'armoury', model: 'A1.0', item: 'shotgun' }, q).match;
    expect(m.state.units.A1!.loadsUsed).toBe(0);
    m = play(m, 'A', { type: 'armoury', model: 'A1.1', item: 'boost-jump' }, q).match;
    expect(m.state.units.A1!.loadsUsed).toBe(1);

    let l = matchOf(midGame({ 'B1.0': [10, 20], 'B1.1': [12, 20], 'A1.0': [1, 1] }, bTurn));
    l = play(l, 'B', { type: 'drill', unit: 'B1', drill: 'linked' }, q).match;
    l = play(l, 'B', { type: 'activate', unit: 'B1' }, q).match;
    l = play(l, 'B', { type: 'end-reposition' }, q).match;
    l = play(l, 'B', { type: 'hold', model: 'B1.0' }, q).match;
    const r = play(l, 'B', { type: 'ready', model: 'B1.1', to: 'B1.0' }, q);
    expect(r.match.state.models['B1.0']!.ready).toBe(true);
  });

  it('Overwhelming Fire: Return Fire at a model of the unit that carries a Cyclic weapon rolls one die at most', () => {
    const q = fakeTable();
    // A1.3: Task Force Boone SAW Gunner (LMG: Cyclic, Heavy). B1.0 returns fire with its AKMZ-2.
    let m = matchOf(
      midGame({ 'A1.3': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] }, undefined, boone()),
    );
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'overwhelming-fire' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.3', weapon: 0, target: 'B1.0' }, q).match;
    // LMG unmoved: 4 dice; return fire: 1 die; no successes either way, equal highest dice: a roll-off 2-3.
    const r = play(m, 'B', { type: 'return-fire', model: 'B1.0', weapon: 0 }, q, [1, 1, 1, 1, 1, 2, 3]);
    expect(r.events.filter((e) => e.type === 'skill-check').map((e) => (e.rolls as number[]).length)).toEqual([4, 1]);
  });

  it('Chaff: a smoke token within 6" of a model of the unit before it activates; chaff clears only on a 10', () => {
    const q = fakeTable();
    // Every other unit has activated: when A1 is done, round 2's Operations roll for the smoke.
    const lastUnit = (st: BlkoutState): BlkoutState => ({
      ...st,
      units: Object.fromEntries(Object.entries(st.units).map(([id, u]) => [id, { ...u, activated: id !== 'A1' }])),
    });
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [34, 34] }, lastUnit));
    expect(
      refuse(m, 'A', { type: 'drill', unit: 'A1', drill: 'chaff', x: 10, z: 17 }, q, 'blkout:error.drillSmokeReach')
        .error,
    ).toBe('out-of-range');
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'chaff', x: 10, z: 16 }, q).match;
    expect(m.state.smoke).toEqual([{ id: 'smoke-1', x: 10, z: 16, light: false, owner: 'A', chaff: true }]);
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // Round 2: the chaff rolls 9 (smoke would go on a 6+; chaff thins to light smoke); initiative 3-7.
    const r = play(m, 'A', { type: 'hold', model: 'A1.0' }, q, [9, 3, 7]);
    expect(r.match.state.round).toBe(2);
    expect(r.match.state.smoke).toEqual([{ id: 'smoke-1', x: 10, z: 16, light: true, owner: 'A', chaff: true }]);
  });

  it('Switchback: each model may move up to 2" before the Reposition, then it goes on as usual', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.1': [12, 10], 'B1.0': [34, 34] }, undefined, raid()));
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'switchback', x: 10, z: 13 }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(
      refuse(m, 'A', { type: 'pre-move', model: 'A1.0', x: 10, y: 0, z: 7.5 }, q, 'blkout:error.shortMove').error,
    ).toBe('out-of-range');
    m = play(m, 'A', { type: 'pre-move', model: 'A1.0', x: 10, y: 0, z: 8 }, q).match;
    expect(m.state.models['A1.0']!.pos).toEqual([10, 0, 8]);
    expect(m.state.activation?.moved['A1.0'] ?? 0).toBe(0);
    // Reposition begins: no more Switchback moves.
    m = play(m, 'A', { type: 'move', model: 'A1.1', x: 13, y: 0, z: 10 }, q).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'pre-move', model: 'A1.0', x: 10, y: 0, z: 9 },
        q,
        "A1.0 may not make a Switchback move now (before the unit's Reposition, once per model)",
      ).message,
    ).toMatch(/Switchback/);
  });

  it('Peel Back: as the activation ends, infantry models may move up to 2"; Close Assault: only into base contact, then CQC', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [34, 34] }, undefined, un3()));
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'peel-back' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(m.state.activation?.endMoves).toEqual(['A1.0']);
    expect(
      refuse(m, 'A', { type: 'end-move', model: 'A1.0', x: 10, y: 0, z: 12.5 }, q, 'blkout:error.shortMove').error,
    ).toBe('out-of-range');
    const r = play(m, 'A', { type: 'end-move', model: 'A1.0', x: 10, y: 0, z: 12 }, q);
    expect(r.match.state.models['A1.0']!.pos).toEqual([10, 0, 12]);
    expect(r.match.state.activation?.stage ?? 'ended').not.toBe('actions');

    const rfa = raid();
    const R0 = 25 / 25.4;
    let c = matchOf(
      midGame(
        { 'A1.0': [10, 10], 'B1.0': [10, 10 + R0 + 1.5], 'B2.0': [34, 34] },
        (st) => ({ ...st, models: { ...st.models, 'B1.0': { ...st.models['B1.0']!, engaged: true } } }),
        rfa,
      ),
    );
    c = play(c, 'A', { type: 'drill', unit: 'A1', drill: 'close-assault' }, q).match;
    c = play(c, 'A', { type: 'activate', unit: 'A1' }, q).match;
    c = play(c, 'A', { type: 'end-reposition' }, q).match;
    c = play(c, 'A', { type: 'hold', model: 'A1.0' }, q).match;
    expect(
      refuse(c, 'A', { type: 'end-move', model: 'A1.0', x: 8.5, y: 0, z: 10 }, q, 'blkout:error.closeAssault').message,
    ).toMatch(/base contact/);
    // Into contact: CQC. UTG Assaulters roll one more die (force rule): 10, 10, 1 against 1, 1.
    const cq = play(c, 'A', { type: 'end-move', model: 'A1.0', x: 10, y: 0, z: 11.5 }, q, [10, 10, 1, 1, 1]);
    expect(cq.events.some((e) => e.type === 'cqc')).toBe(true);
    expect(cq.match.state.models['B1.0']!.destroyed).toBe(true);
  });

  it('Targeting Smoke: a smoke token within 6" that the unit sees through during its activation; everyone else does not', () => {
    // The fake table: any smoke on the table blocks every line.
    let q = fakeTable({
      sight: (_v, _t, layout) =>
        layout.smoke.length
          ? {
              hasLos: false,
              visibleFraction: 0,
              smokeBlocked: true,
              hidden: { terrain: 0, vehicles: 0, models: 0, smoke: 1 },
            }
          : {},
    });
    let m = matchOf(midGame({ 'B1.0': [10, 20], 'A1.0': [10, 10], 'A2.0': [2, 2], 'B2.0': [34, 34] }, bTurn));
    m = play(m, 'B', { type: 'drill', unit: 'B1', drill: 'targeting-smoke', x: 10, z: 15 }, q).match;
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    q = q.at(layoutOf(m.state));
    expect(canSee(m.state, q, 'B1.0', 'A1.0')).toBe(true);
    expect(canSee(m.state, q, 'A1.0', 'B1.0')).toBe(false);
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    const done = play(m, 'B', { type: 'hold', model: 'B1.0' }, q).match;
    expect(done.state.smoke[0]!.seenThroughBy).toBeUndefined();
  });

  it('Small Unit Tactics: up to half the unit (rounded up) shoots in the Reposition step; that is their action; the rest reposition and act', () => {
    const q = fakeTable();
    // Task Force Boone Recon: A1.0, A1.1 and A1.3 on the table (3 models: 2 may shoot early). B1.0, B1.1 far off but in range.
    let m = matchOf(
      midGame(
        { 'A1.0': [10, 10], 'A1.1': [12, 10], 'A1.3': [14, 10], 'B1.0': [10, 30], 'B1.1': [14, 30], 'B2.0': [34, 34] },
        (st) => ({ ...st, units: { ...st.units, B1: { ...st.units.B1!, activated: true } } }),
        boone(),
      ),
    );
    m = play(m, 'A', { type: 'drill', unit: 'A1', drill: 'small-unit-tactics' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(legalActions(m.state, 'A', q).some((x) => x.type === 'shoot')).toBe(true);
    // A1.0 (Heavy Rifle, AP (1)) shoots B1.0 now: B1's models have activated, so no reactions; 1, 1, 1 miss.
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q, [1, 1, 1]).match;
    expect(m.state.activation).toMatchObject({ stage: 'reposition', acted: ['A1.0'] });
    expect(
      refuse(m, 'A', { type: 'move', model: 'A1.0', x: 10, y: 0, z: 12 }, q, 'blkout:error.alreadyRepositioned')
        .message,
    ).toMatch(/already repositioned/);
    m = play(m, 'A', { type: 'shoot', model: 'A1.1', weapon: 0, target: 'B1.1' }, q, [1, 1, 1]).match;
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A1.3', weapon: 0, target: 'B1.1' },
        q,
        "Small Unit Tactics: up to 2 of the unit's models shoot in Reposition",
      ).message,
    ).toMatch(/up to 2/);
    m = play(m, 'A', { type: 'move', model: 'A1.3', x: 14, y: 0, z: 12 }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // Only A1.3 still has an action.
    const actors = new Set(
      legalActions(m.state, 'A', q)
        .filter((x) => 'model' in x)
        .map((x) => (x as { model: string }).model),
    );
    expect([...actors]).toEqual(['A1.3']);
  });
});
