import { en } from '../../../support/words';
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { boone, matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import type { BlkoutState } from '../../../../src/rules/blkout';
import { layoutOf } from '../../../../src/rules/blkout/game';
import { coverOf, weaponsAt } from '../../../../src/rules/blkout/situation';

// A2.3: Harlow Control Team Grenadier (Skill 4, Grenade Launcher 0-24" / 2, Blast (1)).
// B1.0, B1.1: Bratva grunts (Armour 1/4); A1.0: Harlow Assault Team grunt (Armour 1/6).
const blastTable = {
  'A2.3': [10, 10],
  'B1.0': [10, 20],
  'B1.1': [11.5, 20],
  'B1.2': [20, 20],
  'A1.0': [9, 21],
  'A2.0': [2, 2],
} as Record<string, [number, number]>;

function grenadierActs(q = fakeTable(), patch?: (s: BlkoutState) => BlkoutState) {
  let m = matchOf(midGame(blastTable, patch));
  m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
  return play(m, 'A', { type: 'end-reposition' }, q).match;
}

describe('blkout Blast (X): HE marker against infantry, AP against vehicles', () => {
  it('HE: 2D10 without cover dice; every infantry model within X" of the marker, friend or foe, rolls armour with as many D10 as successes; each failed die is 1 damage (Manticor Borz ignore the first point)', () => {
    const q = fakeTable();
    const m = grenadierActs(q);
    // Skill 7 and an ace: 3 successes. Armour in id order: A1.0 (1/6) 6, 2, 9 -> one fails: destroyed;
    // B1.0 (1/4) 4, 5, 1 -> one fails, which Manticor Borz ignore (force rule); B1.1 1, 1, 10 -> two
    // fail, one ignored: destroyed. B1.2 is 10" away: untouched.
    const fired = play(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q);
    expect(fired.events.find((e) => e.type === 'blast')).toMatchObject({ at: [10.75, 0, 21.2], radius: 1 });
    // B may Return Fire at the HE shot first (it passes).
    const r = play(fired.match, 'B', { type: 'pass' }, q, [7, 10, 6, 2, 9, 4, 5, 1, 1, 1, 10]);
    const s = r.match.state;
    expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ rolls: [7, 10], successes: 3 });
    expect(s.models['A1.0']!.destroyed).toBe(true);
    expect(s.models['B1.0']!.destroyed).toBe(false);
    expect(s.models['B1.1']!.destroyed).toBe(true);
    expect(r.events.filter((e) => e.type === 'force-rule').map((e) => e.model)).toEqual(['B1.0', 'B1.1']);
    expect(s.models['B1.2']!.destroyed).toBe(false);
    expect(r.events.filter((e) => e.type === 'armour-check').map((e) => e.model)).toEqual(['A1.0', 'B1.0', 'B1.1']);
    // The action is complete: B's unactivated models that see the grenadier may overwatch it.
    expect(r.match.window?.player).toBe('B');
    expect(r.match.window?.options.filter((o) => !('item' in o && o.item)).map((o) => o.type)).toEqual([
      'overwatch',
      'overwatch',
    ]);
  });

  it('HE is a Shoot action: Return Fire answers it (any enemy model, in the blast or not; no Juke), simultaneous, more successes first, and a model destroyed first does no damage', () => {
    const q = fakeTable();
    const fired = play(grenadierActs(q), 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q);
    expect(fired.match.window?.player).toBe('B');
    const offered = fired.match.window!.options.filter((o) => !('item' in o && o.item));
    expect(offered).toContainEqual({ type: 'return-fire', model: 'B1.2', weapon: 0 });
    expect(offered).toContainEqual({ type: 'return-fire', model: 'B1.1', weapon: 0 });
    expect(offered.some((o) => o.type === 'juke')).toBe(false);
    // B1.2 (outside the blast) returns fire: HE 7, 3 (1 success) against 10, 5, 1 (3): B1.2 first;
    // the grenadier's armour 2 fails: destroyed, so its blast does no damage.
    const rf = play(fired.match, 'B', { type: 'return-fire', model: 'B1.2', weapon: 0 }, q, [7, 3, 10, 5, 1, 2]);
    expect(rf.match.state.models['A2.3']!.destroyed).toBe(true);
    expect(rf.match.state.models['B1.2']!.engaged).toBe(true);
    expect(rf.events.filter((e) => e.type === 'armour-check').map((e) => e.model)).toEqual(['A2.3']);
    expect(rf.events.find((e) => e.type === 'shot-lost')?.model).toBe('A2.3');
    for (const id of ['A1.0', 'B1.0', 'B1.1']) expect(rf.match.state.models[id]!.destroyed).toBe(false);
    // B1.1 (inside the blast) returns fire: HE 7, 10 (3 successes) against 5, 1, 1 (1): the blast first;
    // B1.1 fails two armour dice (one shrugged off): destroyed, so its shot does nothing.
    const caught = play(
      fired.match,
      'B',
      { type: 'return-fire', model: 'B1.1', weapon: 0 },
      q,
      [7, 10, 5, 1, 1, 6, 2, 9, 4, 5, 1, 1, 1, 10],
    );
    expect(caught.match.state.models['B1.1']!.destroyed).toBe(true);
    expect(caught.match.state.models['A2.3']!.destroyed).toBe(false);
    expect(caught.events.find((e) => e.type === 'shot-lost')?.model).toBe('B1.1');
  });

  it('no successes: nobody rolls armour', () => {
    const q = fakeTable();
    const fired = play(grenadierActs(q), 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q);
    const r = play(fired.match, 'B', { type: 'pass' }, q, [1, 3]);
    expect(r.events.filter((e) => e.type === 'armour-check')).toEqual([]);
    expect(Object.values(r.match.state.models).every((x) => !x.destroyed || !blastTable[x.id])).toBe(true);
  });

  it('refusals: a Blast weapon cannot shoot infantry directly; the marker must be within range, seen by the shooter, and on clear level ground', () => {
    const q = fakeTable({
      sight: (v, t, layout) =>
        v === 'A2.3' && t === 'he-marker' && layout.models['he-marker']!.position[0] > 30
          ? { hasLos: false, visibleFraction: 0 }
          : {},
    });
    const m = grenadierActs(q);
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A2.3', weapon: 0, target: 'B1.0' },
        q,
        'Grenade Launcher is a Blast weapon: it cannot shoot infantry or drones directly (place an HE marker instead)',
      ),
    ).toMatchObject({
      error: 'illegal-action',
      message: expect.stringMatching(/Blast.*cannot shoot infantry.*HE marker/),
    });
    expect(
      refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10, y: 0, z: 35.4 }, q, 'blkout:error.heRange'),
    ).toMatchObject({
      error: 'out-of-range',
    });
    expect(
      refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 31, y: 0, z: 12 }, q, 'blkout:error.heNoSight'),
    ).toMatchObject({
      error: 'no-los',
    });
    expect(
      refuse(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10, y: 0, z: 20 }, q, 'blkout:error.heNoRoom'),
    ).toMatchObject({
      error: 'illegal-action',
      message: expect.stringMatching(/no room/),
    });
    // A weapon without Blast places no marker.
    let m2 = matchOf(midGame(blastTable));
    m2 = play(m2, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m2 = play(m2, 'A', { type: 'end-reposition' }, q).match;
    expect(
      refuse(
        m2,
        'A',
        { type: 'blast', model: 'A1.0', weapon: 0, x: 10.75, y: 0, z: 21.2 },
        q,
        'FAL-32C has no Blast rule: it places no HE marker',
      ),
    ).toMatchObject({
      error: 'illegal-action',
    });
  });

  it('legal actions offer HE markers beside enemy infantry in range and sight, and no direct shot at infantry with the Blast weapon', () => {
    const q = fakeTable();
    const m = grenadierActs(q);
    const legal = legalActions(m.state, 'A', q);
    const blasts = legal.filter((a) => a.type === 'blast');
    expect(blasts.length).toBeGreaterThan(0);
    expect(blasts.every((a) => a.type === 'blast' && a.model === 'A2.3' && a.weapon === 0)).toBe(true);
    expect(legal.some((a) => a.type === 'shoot' && a.model === 'A2.3' && a.weapon === 0)).toBe(false);
  });
});

describe('blkout Blast (X) and drones', () => {
  it('drones are infantry models: an HE marker catches a drone (one armour die per success), the legal actions offer HE markers beside it, and a Blast weapon cannot shoot it directly', () => {
    const q = fakeTable();
    // B3.0: Cyka Team (Grenade Launcher 0-24" / 2, Blast (1)) against A3.0, TF Boone's Razorback (drone, Armour 3/4, track 4).
    let m = matchOf(
      midGame(
        { 'B3.0': [10, 30], 'A3.0': [10, 20], 'A0.0': [1, 1] },
        (s) => ({ ...s, turn: 'B', initiative: 'B' }),
        boone(),
      ),
    );
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    const legal = legalActions(m.state, 'B', q);
    expect(legal).toContainEqual({ type: 'blast', model: 'B3.0', weapon: 1, x: 10, y: 0, z: 21.33 });
    expect(
      refuse(
        m,
        'B',
        { type: 'shoot', model: 'B3.0', weapon: 1, target: 'A3.0' },
        q,
        'Grenade Launcher is a Blast weapon: it cannot shoot infantry or drones directly (place an HE marker instead)',
      ).message,
    ).toMatch(/Blast weapon.*HE marker/);
    m = play(m, 'B', { type: 'blast', model: 'B3.0', weapon: 1, x: 10, y: 0, z: 21.33 }, q).match;
    // A passes on Return Fire. 7, 10: 3 successes; the Razorback rolls 3 dice: 1, 1, 5 -> 2 damage.
    const r = play(m, 'A', { type: 'pass' }, q, [7, 10, 1, 1, 5]);
    expect(r.events.filter((e) => e.type === 'armour-check').map((e) => e.model)).toEqual(['A3.0']);
    expect(r.match.state.models['A3.0']).toMatchObject({ damage: 2, destroyed: false });
  });
});

describe("blkout HE damage goes through the rules of a shot's damage", () => {
  it('EMP in an HE blast (a Pulse Grenade: EMP, Blast (1)): non-AI models take nothing and roll no armour; AI models take 1 damage per success, armour ignored', () => {
    const q = fakeTable();
    // The grenadier's launcher made EMP; B1.0 (Bratva, not AI) and A3.0 (Springbok AI, track 2) in the blast.
    const emp = (s: BlkoutState): BlkoutState => {
      const g = s.models['A2.3']!;
      const weapons = g.weapons.map((w, i) =>
        i === 0 ? { ...w, rules: [...w.rules, { name: 'EMP' as const, x: 0 }] } : w,
      );
      return { ...s, models: { ...s.models, 'A2.3': { ...g, weapons } } };
    };
    let m = matchOf(midGame({ 'A2.3': [10, 10], 'B1.0': [10, 20], 'A3.0': [11.5, 20], 'A2.0': [2, 2] }, emp));
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'blast', model: 'A2.3', weapon: 0, x: 10.75, y: 0, z: 21.2 }, q).match;
    // B passes on Return Fire. 7, 10: 3 successes; no armour dice at all.
    const r = play(m, 'B', { type: 'pass' }, q, [7, 10]);
    expect(r.events.filter((e) => e.type === 'armour-check')).toEqual([]);
    expect(r.match.state.models['B1.0']).toMatchObject({ damage: 0, destroyed: false });
    expect(r.match.state.models['A3.0']!.destroyed).toBe(true);
    expect(r.events.filter((e) => e.type === 'emp').map((e) => e.model)).toEqual(['A3.0', 'B1.0']);
  });

  it('Thorax Shields in an HE blast: a model of the drilled unit rolls one more armour die than the successes', () => {
    const q = fakeTable();
    // B3 (Cyka Team, Armour 2/4) with Thorax Shields; B3.0's grenade catches A1.0 (1/6) and its own B3.1.
    let m = matchOf(
      midGame({ 'B3.0': [10, 30], 'B3.1': [10, 21.5], 'A1.0': [10, 18.5], 'A2.0': [2, 2] }, (s) => ({
        ...s,
        turn: 'B',
        initiative: 'B',
      })),
    );
    m = play(m, 'B', { type: 'drill', unit: 'B3', drill: 'thorax-shields' }, q).match;
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    m = play(m, 'B', { type: 'blast', model: 'B3.0', weapon: 1, x: 10, y: 0, z: 20 }, q).match;
    // A passes on Return Fire. 7, 10: 3 successes. A1.0 rolls 3 dice: 1, 1, 1 (destroyed); B3.1 rolls
    // 3 + 1: 4, 4, 4, 1 -> three saves block all 3 damage.
    const r = play(m, 'A', { type: 'pass' }, q, [7, 10, 1, 1, 1, 4, 4, 4, 1]);
    const checks = r.events.filter((e) => e.type === 'armour-check');
    expect(checks.map((e) => [e.model, (e.rolls as number[]).length])).toEqual([
      ['A1.0', 3],
      ['B3.1', 4],
    ]);
    expect(en(checks[1]!.text)).toMatch(
      /3 dice \(one per success\) and 1 more: 4, 4, 4, 1 against 4\+: 3 saves: all 3 damage blocked/,
    );
    expect(r.match.state.models['B3.1']).toMatchObject({ damage: 0, destroyed: false });
    expect(r.match.state.models['A1.0']!.destroyed).toBe(true);
  });
});

// A3.0: TF Boone Razorback (Skill 4, drone; Gauss SAW 0-32" / 1, Cyclic, AP (2), Auto (2)).
// B1.0, B1.1, B1.2 Bratva (Armour 1/4) close together; B2.0 far from them.
const autoTable = {
  'A3.0': [10, 10],
  'A0.0': [1, 1],
  'B1.0': [10, 20],
  'B1.1': [12, 20],
  'B1.2': [13.5, 21.5],
  'B2.0': [30, 30],
} as Record<string, [number, number]>;

/** The Razorback's first Gauss SAW shot at B1.0 (missed), and B's overwatch declined. */
function autoWaiting(q = fakeTable()) {
  let m = matchOf(midGame(autoTable, undefined, boone()));
  m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
  m = play(m, 'A', { type: 'end-reposition' }, q).match;
  m = play(m, 'A', { type: 'shoot', model: 'A3.0', weapon: 0, target: 'B1.0' }, q).match;
  expect(m.window?.options.map((o) => o.type)).toContain('return-fire');
  m = play(m, 'B', { type: 'pass' }, q, [1, 1, 1]).match;
  // The shot action is complete: B may overwatch the Razorback first (step 2 of the sequence).
  expect(m.window?.options.map((o) => o.type)).toContain('overwatch');
  return play(m, 'B', { type: 'pass' }, q).match;
}

describe('blkout Auto (X), with the Cyclic sequence', () => {
  it('after the shot and its overwatch: up to X more shots with the weapon at different models within 4" of the first target, in range; nobody may react to them', () => {
    const q = fakeTable();
    const m = autoWaiting(q);
    expect(m.window).toBeNull();
    const legal = legalActions(m.state, 'A', q);
    expect(legal.filter((a) => a.type === 'auto-shot')).toEqual([
      { type: 'auto-shot', model: 'A3.0', target: 'B1.1' },
      { type: 'auto-shot', model: 'A3.0', target: 'B1.2' },
    ]);
    expect(legal).toContainEqual({ type: 'end-auto' });
    // B1.0 was the first target; B2.0 is more than 4" from it.
    expect(
      refuse(
        m,
        'A',
        { type: 'auto-shot', model: 'A3.0', target: 'B1.0' },
        q,
        'each Auto shot must be at a different model (Bratva Team 1 has been shot at)',
      ).message,
    ).toMatch(/different model/);
    expect(
      refuse(
        m,
        'A',
        { type: 'auto-shot', model: 'A3.0', target: 'B2.0' },
        q,
        'Auto shots go at models within 4" of the first target (Insertion Team 1 is 21.38" away)',
      ).message,
    ).toMatch(/within 4"/);
    expect(refuse(m, 'A', { type: 'end-activation' }, q, 'blkout:error.autoFirst').error).toBe('illegal-action');
    // 10 (ace), 1, 1: 2 hits of 1; armour 1/4 with AP (2): one die, 6 blocks 1. B1.1 takes 1 and is destroyed. No window.
    const r = play(m, 'A', { type: 'auto-shot', model: 'A3.0', target: 'B1.1' }, q, [10, 1, 1, 6]);
    expect(r.match.state.models['B1.1']!.destroyed).toBe(true);
    expect(r.match.window).toBeNull();
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/Auto/);
    // One more Auto shot is left (X = 2); declining it leaves the Cyclic follow-up: shoot again or Ready.
    expect(legalActions(r.match.state, 'A', q).filter((a) => a.type === 'auto-shot')).toEqual([
      { type: 'auto-shot', model: 'A3.0', target: 'B1.2' },
    ]);
    const done = play(r.match, 'A', { type: 'end-auto' }, q).match;
    const next = legalActions(done.state, 'A', q);
    expect(next.some((a) => a.type === 'auto-shot')).toBe(false);
    expect(next).toContainEqual({ type: 'ready', model: 'A3.0' });
    const again = next.filter((a) => a.type === 'shoot');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((a) => a.type === 'shoot' && a.model === 'A3.0' && a.weapon === 0)).toBe(true);
  });

  it('X shots at most, then the sequence moves on by itself', () => {
    const q = fakeTable();
    let m = autoWaiting(q);
    m = play(m, 'A', { type: 'auto-shot', model: 'A3.0', target: 'B1.1' }, q, [1, 1, 1]).match;
    m = play(m, 'A', { type: 'auto-shot', model: 'A3.0', target: 'B1.2' }, q, [1, 1, 1]).match;
    expect(m.state.activation?.auto ?? null).toBeNull();
    expect(legalActions(m.state, 'A', q)).toContainEqual({ type: 'ready', model: 'A3.0' });
  });
});

describe('blkout Indirect', () => {
  // A3.0 Razorback cannot see B1.0; its friends A1.0 (behind cover, full) and A1.1 (in the open) can.
  const place = { 'A3.0': [10, 10], 'A1.0': [20, 10], 'A1.1': [22, 10], 'B1.0': [20, 25], 'B2.0': [30, 30] } as Record<
    string,
    [number, number]
  >;
  const indirectSaw = (s: BlkoutState): BlkoutState => {
    const r = s.models['A3.0']!;
    return {
      ...s,
      models: {
        ...s.models,
        'A3.0': { ...r, weapons: [{ ...r.weapons[0]!, rules: [{ name: 'Indirect', x: 0 }] }, r.weapons[1]!] },
      },
    };
  };
  const table = (spotters: string[]) =>
    fakeTable({
      sight: (v, t) => {
        if (t !== 'B1.0' && v !== 'B1.0') return {};
        const other = v === 'B1.0' ? t : v;
        if (!spotters.includes(other))
          return { hasLos: false, visibleFraction: 0, hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 } };
        if (other === 'A1.0')
          return {
            visibleFraction: 0.3,
            hidden: { terrain: 0.7, vehicles: 0, models: 0, smoke: 0 },
            coverPieces: [{ id: 'wall', kind: 'obstacle', share: 0.7, distance: 0.4 }],
          };
        return {};
      },
    });

  it('shoots a model a friend sees, range from the shooter, cover from the friend with the clearest view', () => {
    let q = table(['A1.0', 'A1.1']);
    let m = matchOf(midGame(place, indirectSaw, boone()));
    q = q.at(layoutOf(m.state));
    expect(weaponsAt(m.state, q, 'A3.0', 'B1.0')).toEqual([0]);
    m = play(m, 'A', { type: 'activate', unit: 'A3' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    const r = play(m, 'A', { type: 'shoot', model: 'A3.0', weapon: 0, target: 'B1.0' }, q);
    // B1.0 cannot see the Razorback to return fire; it may juke.
    expect(r.match.window?.options).toEqual([{ type: 'juke', model: 'B1.0' }]);
    const done = play(r.match, 'B', { type: 'pass' }, q, [1, 1, 1]);
    expect(done.events.find((e) => e.type === 'skill-check')?.rolls).toEqual([1, 1, 1]);
    expect(en(done.events.find((e) => e.type === 'shot')!.text)).toMatch(/no cover/);
  });

  it('only full cover when the only friend that sees it sees it in full cover; no friend, no shot; never at Low Tech units; no HE through Indirect', () => {
    let q = table(['A1.0']);
    const m = matchOf(midGame(place, indirectSaw, boone()));
    q = q.at(layoutOf(m.state));
    expect(coverOf(m.state, q, 'A3.0', 'B1.0').cover).toBe('full');
    let blind = table([]);
    blind = blind.at(layoutOf(m.state));
    expect(weaponsAt(m.state, blind, 'A3.0', 'B1.0')).toEqual([]);
    const lowTech = midGame(
      place,
      (s) => {
        const t = indirectSaw(s);
        return {
          ...t,
          models: {
            ...t.models,
            'B1.0': { ...t.models['B1.0']!, rules: [...t.models['B1.0']!.rules, { name: 'Low Tech', x: 0 }] },
          },
        };
      },
      boone(),
    );
    q = q.at(layoutOf(lowTech));
    expect(weaponsAt(lowTech, q, 'A3.0', 'B1.0')).toEqual([]);
    // The ATGM (Blast (1), Indirect) is never offered against infantry directly.
    expect(weaponsAt(m.state, q, 'A3.0', 'B1.0')).not.toContain(1);
    // "Low Tech 유닛은 대상으로 삼을 수 없다": not even when the shooter sees the Low Tech model itself.
    let sees = table(['A3.0']);
    sees = sees.at(layoutOf(lowTech));
    expect(weaponsAt(m.state, sees, 'A3.0', 'B1.0')).toEqual([0]);
    expect(weaponsAt(lowTech, sees, 'A3.0', 'B1.0')).toEqual([]);
  });
});

describe('blkout Overwatch needs the reacting model\'s own sight ("내 시야 안에서")', () => {
  // The Indirect set-up above: the Razorback A3.0 cannot see B1.0; A1.0 and A1.1 can. B1.0 takes a Ready action.
  const place = { 'A3.0': [10, 10], 'A1.0': [20, 10], 'A1.1': [22, 10], 'B1.0': [20, 25], 'B2.0': [30, 30] } as Record<
    string,
    [number, number]
  >;
  it('an Indirect weapon does not overwatch through a friend that sees: only the models that see it may', () => {
    const indirect = (s: BlkoutState): BlkoutState => {
      const r = s.models['A3.0']!;
      return {
        ...s,
        turn: 'B',
        models: {
          ...s.models,
          'A3.0': { ...r, weapons: [{ ...r.weapons[0]!, rules: [{ name: 'Indirect', x: 0 }] }, r.weapons[1]!] },
        },
      };
    };
    const q = fakeTable({
      sight: (v, t) =>
        (v === 'A3.0' && t === 'B1.0') || (t === 'A3.0' && v === 'B1.0')
          ? { hasLos: false, visibleFraction: 0, hidden: { terrain: 1, vehicles: 0, models: 0, smoke: 0 } }
          : {},
    });
    let m = matchOf(midGame(place, indirect, boone()));
    const at = q.at(layoutOf(m.state));
    expect(weaponsAt(m.state, at, 'A3.0', 'B1.0')).toEqual([0]);
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    m = play(m, 'B', { type: 'ready', model: 'B1.0' }, q).match;
    const options = m.window?.options ?? [];
    expect(options.filter((o) => o.type === 'overwatch' && o.model === 'A3.0')).toEqual([]);
    expect(options.some((o) => o.type === 'overwatch' && o.model === 'A1.1')).toBe(true);
  });
});

describe('blkout One Use', () => {
  it('a One Use weapon fires once in the game: afterwards it is neither offered nor accepted, in actions or reactions', () => {
    let q = fakeTable();
    const oneUse = (s: BlkoutState): BlkoutState => {
      const g = s.models['A1.0']!;
      return {
        ...s,
        models: {
          ...s.models,
          'A1.0': {
            ...g,
            weapons: [{ ...g.weapons[0]!, name: 'Thermite Launcher', rules: [{ name: 'One Use', x: 0 }] }],
          },
        },
      };
    };
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B2.0': [30, 30], 'A2.0': [2, 2] }, oneUse));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(weaponsAt(m.state, q.at(layoutOf(m.state)), 'A1.0', 'B1.0')).toEqual([0]);
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    expect(m.state.models['A1.0']!.spent).toEqual([0]);
    m = play(m, 'B', { type: 'pass' }, q, [1, 1, 1]).match;
    q = q.at(layoutOf(m.state));
    expect(weaponsAt(m.state, q, 'A1.0', 'B1.0')).toEqual([]);
    // B's activation: A1.0 (already activated, no Ready token) could not react anyway; give it Ready to check reactions too.
    const ready = { ...m.state, models: { ...m.state.models, 'A1.0': { ...m.state.models['A1.0']!, ready: true } } };
    expect(weaponsAt(ready, q, 'A1.0', 'B1.0')).toEqual([]);
  });
});
