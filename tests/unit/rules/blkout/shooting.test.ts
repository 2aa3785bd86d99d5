import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { fresh, matchOf, midGame, play, refuse } from './fixture';
import { damageFromHits, markDamage, shotCheck } from '../../../../src/rules/blkout/combat';
import { skillDice } from '../../../../src/rules/dice/mechanics';
import { scriptedDice } from '../../../../src/rules/dice/source';

// A1.0: Harlow Assault Team grunt (Skill 4, FAL-32C 24"/1 CQB, Armour 1/6). B1.0: Bratva grunt
// (AKMZ-2 24"/1 Medium, Armour 1/4, no track). A2.0 and B2.0 stand far apart so the round does not
// end and nobody else is in range.
const spread = { 'A1.0': [10, 10], 'B1.0': [10, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
  string,
  [number, number]
>;

/** A1 activated, repositioned, and A1.0's shot at B1.0 declared. */
function declared(q = fakeTable()) {
  let m = matchOf(midGame(spread));
  m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
  m = play(m, 'A', { type: 'end-reposition' }, q).match;
  return play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
}

describe('blkout shooting: the six steps', () => {
  it('no cover: 3D10, CQB re-rolls failed shots within half range, an ace is two successes; armour without aces; unblocked damage destroys a model without a track', () => {
    const q = fakeTable();
    const m = declared(q);
    // B may return fire or juke; it passes.
    expect(m.window?.player).toBe('B');
    // (A grunt with a combat load left may also return fire with a Manticor armoury weapon in range.)
    expect(m.window?.options).toEqual([
      { type: 'return-fire', model: 'B1.0', weapon: 0 },
      { type: 'return-fire', model: 'B1.0', weapon: 1, item: 'air-burst-rifle' },
      { type: 'juke', model: 'B1.0' },
    ]);
    // Shots 10, 3, 5; the 3 is re-rolled (CQB, 9" of 24"): 2. Successes 2 + 0 + 1 = 3. Armour 1/4: a 6 blocks 1.
    const r = play(m, 'B', { type: 'pass' }, q, [10, 3, 5, 2, 6]);
    expect(r.events.find((e) => e.type === 'skill-check')?.successes).toBe(3);
    expect(r.events.find((e) => e.type === 'armour-check')?.blocked).toBe(1);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(true);
    expect(r.events.map((e) => e.type)).toContain('removed');
  });

  describe('dice for cover: none 3, partial 2, full 1; Seeking ignores full; juke one fewer; never fewer than one; Heavy +1 unmoved or in reactions; Deployed moved: one', () => {
    const s = fresh();
    const grunt = s.models['A1.0']!, // FAL-32C: CQB
      gunner = s.models['A1.2']!, // P34: Heavy
      hmg = s.models['B1.3']!, // Deployed
      bratva = s.models['B1.0']!; // AKMZ-2: Medium
    const seeking = { ...grunt, weapons: [{ ...grunt.weapons[0]!, rules: [{ name: 'Seeking' as const, x: 0 }] }] };
    const base = { distance: 20, reaction: false, moved: false, juked: false, extraDie: false, buddyReroll: false };
    type Situation = Partial<typeof base> & { cover: 'none' | 'partial' | 'full' };
    const check = (m: typeof grunt, o: Situation) => shotCheck(m, m.weapons[0]!, { ...base, ...o });
    it.each<[string, typeof grunt, Situation, number]>([
      ['the open', grunt, { cover: 'none' }, 3],
      ['partial cover', grunt, { cover: 'partial' }, 2],
      ['full cover', grunt, { cover: 'full' }, 1],
      ['full cover and a juke (never fewer than one)', grunt, { cover: 'full', juked: true }, 1],
      ['partial cover and a juke', grunt, { cover: 'partial', juked: true }, 1],
      ['Seeking in full cover', seeking, { cover: 'full' }, 2],
      ['Seeking in the open', seeking, { cover: 'none' }, 3],
      ['Heavy, unmoved', gunner, { cover: 'partial' }, 3],
      ['Heavy, moved', gunner, { cover: 'partial', moved: true }, 2],
      ['Heavy, moved, in a reaction', gunner, { cover: 'partial', moved: true, reaction: true }, 3],
      ['Deployed, moved', hmg, { cover: 'none', moved: true }, 1],
      ['Deployed, moved, in a reaction', hmg, { cover: 'none', moved: true, reaction: true }, 3],
    ])('%s', (_what, m, situation, dice) => {
      expect(skillDice(check(m, situation))).toBe(dice);
    });
    // CQB re-rolls failed shots only within half its maximum range; Medium re-rolls one, in Shoot actions only.
    it.each<[string, typeof grunt, Situation, 'failed' | 'one' | undefined]>([
      ['CQB within half range re-rolls failed shots', grunt, { cover: 'none', distance: 12 }, 'failed'],
      ['CQB beyond half range does not', grunt, { cover: 'none', distance: 12.5 }, undefined],
      ['Medium in a Shoot action re-rolls one', bratva, { cover: 'none' }, 'one'],
      ['Medium in a reaction does not', bratva, { cover: 'none', reaction: true }, undefined],
    ])('%s', (_what, m, situation, reroll) => {
      expect(check(m, situation).reroll).toBe(reroll);
    });
  });

  it('AP (2) turns Armour 2/4 into 2/6; Sustained (2) re-rolls a successful armour die up to twice; EMP only harms AI, ignoring armour', () => {
    const s = fresh();
    const cyka = s.models['B3.0']!; // Armour 2/4, track 2
    const ap = { name: 'AT', min: 0, max: 32, damage: 1, rules: [{ name: 'AP' as const, x: 2 }] };
    // Two hits; armour dice 5 and 6: against 6+ only the 6 blocks.
    expect(damageFromHits(scriptedDice([5, 6]), cyka, ap, 2)).toMatchObject({ incoming: 2, blocked: 1, taken: 1 });
    const grunt = s.models['A1.0']!; // Armour 1/6
    const sustained = { name: 'FPR', min: 0, max: 24, damage: 1, rules: [{ name: 'Sustained' as const, x: 2 }] };
    // The armour die shows 6 (a save) and is re-rolled: 6 again, re-rolled again: 2. The last result stands.
    expect(damageFromHits(scriptedDice([6, 6, 2]), grunt, sustained, 1)).toMatchObject({ blocked: 0, taken: 1 });
    const emp = { name: 'Surge', min: 0, max: 16, damage: 2, rules: [{ name: 'EMP' as const, x: 0 }] };
    expect(damageFromHits(scriptedDice([]), s.models['A3.0']!, emp, 1)).toMatchObject({ taken: 2 });
    expect(damageFromHits(scriptedDice([]), grunt, emp, 1)).toMatchObject({ taken: 0 });
  });

  it('a damage track fills box by box; the model is destroyed when it is full', () => {
    const cyka = fresh().models['B3.0']!;
    const once = markDamage(cyka, 1);
    expect(once).toMatchObject({ destroyed: false, model: { damage: 1 } });
    expect(markDamage(once.model, 1).destroyed).toBe(true);
  });

  it('refuses a target out of range, out of sight, and a friendly target', () => {
    const q = fakeTable({
      sight: (v, t) => (v === 'A1.0' && t === 'B2.0' ? { hasLos: false, visibleFraction: 0 } : {}),
    });
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [10, 35.5], 'B2.0': [14, 14], 'A2.0': [2, 2] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    expect(
      refuse(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q, 'blkout:error.shotRange').error,
    ).toBe('out-of-range');
    expect(
      refuse(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B2.0' }, q, 'blkout:error.noSight').error,
    ).toBe('no-los');
    expect(
      refuse(
        m,
        'A',
        { type: 'shoot', model: 'A1.0', weapon: 0, target: 'A2.0' },
        q,
        'A2.0 is not an enemy model on the table',
      ).error,
    ).toBe('illegal-action');
  });
});

describe('blkout Cyclic', () => {
  it('after a Shoot action with a Cyclic weapon the model shoots again with it or takes Ready; the follow-up does not repeat', () => {
    const q = fakeTable();
    // A1.2: Machine Gunner, P34 24"/1 Cyclic Heavy (unmoved: +1 die). B1.0 in the open, B1.1 beside it.
    let m = matchOf(
      midGame({ 'A1.2': [10, 10], 'B1.0': [10, 20], 'B1.1': [13, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] }, (s) => ({
        ...s,
        units: { ...s.units, B1: { ...s.units.B1!, activated: true } },
      })),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // 4 dice (2 + no cover + Heavy): 1, 1, 1, 1, no re-roll (P34 has no CQB): a miss. B cannot react (activated).
    m = play(m, 'A', { type: 'shoot', model: 'A1.2', weapon: 0, target: 'B1.0' }, q, [1, 1, 1, 1]).match;
    expect(m.state.activation?.cyclic).toEqual({ model: 'A1.2', weapon: 0 });
    expect(refuse(m, 'A', { type: 'end-activation' }, q, 'blkout:error.cyclicFirst').message).toMatch(
      /Cyclic follow-up/,
    );
    // The follow-up: 10, 1, 1, 1 = 2 hits on B1.1; armour 1/4 rolls 1: destroyed. Then the activation ends.
    const r = play(m, 'A', { type: 'shoot', model: 'A1.2', weapon: 0, target: 'B1.1' }, q, [10, 1, 1, 1, 1]);
    expect(r.match.state.models['B1.1']!.destroyed).toBe(true);
    expect(r.match.state.activation?.cyclic ?? null).toBeNull();
    expect(r.events.some((e) => e.type === 'activation-end')).toBe(true);
  });
});

describe('blkout reactions', () => {
  it('Return Fire is simultaneous: more successes lands first, and a destroyed shooter deals nothing', () => {
    const q = fakeTable();
    // A: 4, 1, 1 with CQB re-rolls 1, 1 = 1 success. B (Medium does not re-roll in reactions): 5, 5, 1 = 2.
    // B lands first: 2 damage, A's armour 1/6 rolls 2; A1.0 is destroyed and its shot does nothing.
    const r = play(declared(q), 'B', { type: 'return-fire', model: 'B1.0', weapon: 0 }, q, [4, 1, 1, 1, 1, 5, 5, 1, 2]);
    const m = r.match;
    expect(m.state.models['B1.0']).toMatchObject({ engaged: true, destroyed: false, damage: 0 });
    expect(m.state.models['A1.0']!.destroyed).toBe(true);
    expect(r.events.some((e) => e.type === 'shot-lost')).toBe(true);
    // The activation is over; A may chain another unit for 1 CP or end its turn.
    expect(m.window).toBeNull();
    expect(m.state.activation?.stage).toBe('after');
  });

  it('Return Fire ties: the highest single die lands first; equal again, a D10 roll-off', () => {
    const q = fakeTable();
    // A: 9, 1, 1 (re-rolls 2, 3) = 1; B: 4, 1, 1 = 1. Tie; A's highest die 9 beats 4: A lands first.
    // B1.0's armour 1/4 rolls 1: destroyed, so B's success does nothing.
    const r = play(declared(q), 'B', { type: 'return-fire', model: 'B1.0', weapon: 0 }, q, [9, 1, 1, 2, 3, 4, 1, 1, 1]);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(true);
    expect(r.match.state.models['A1.0']!.destroyed).toBe(false);
    // B's highest is also 9: a roll-off 3 vs 8 puts B first; A's armour rolls 1.
    const r2 = play(
      declared(q),
      'B',
      { type: 'return-fire', model: 'B1.0', weapon: 0 },
      q,
      [9, 1, 1, 2, 3, 9, 1, 1, 3, 8, 1],
    );
    expect(r2.match.state.models['A1.0']!.destroyed).toBe(true);
    expect(r2.match.state.models['B1.0']!.destroyed).toBe(false);
  });

  it('Juke: the shot rolls one die fewer, and a surviving target may move up to half its Move afterwards', () => {
    const q = fakeTable();
    // Juke: 2 dice instead of 3 (no cover). 1 and 2, re-rolled 1 and 3: no success.
    let m = play(declared(q), 'B', { type: 'juke', model: 'B1.0' }, q, [1, 2, 1, 3]).match;
    expect(m.state.models['B1.0']!.engaged).toBe(true);
    expect(m.window?.options).toEqual([{ type: 'juke-move', model: 'B1.0', open: true }]);
    expect(
      refuse(m, 'B', { type: 'juke-move', model: 'B1.0', x: 10, y: 0, z: 24 }, q, 'blkout:error.jukeTooFar').error,
    ).toBe('out-of-range');
    m = play(m, 'B', { type: 'juke-move', model: 'B1.0', x: 13, y: 0, z: 20 }, q).match;
    expect(m.state.models['B1.0']!.pos).toEqual([13, 0, 20]);
  });

  it('Overwatch: a 4" Move model moving 3" can be overwatched, 2" cannot; a lean-out in Reposition cannot', () => {
    const q = fakeTable();
    const slow = (s: ReturnType<typeof midGame>) => ({
      ...s,
      models: { ...s.models, 'A1.0': { ...s.models['A1.0']!, move: 4 } },
    });
    let m = matchOf(midGame(spread, slow));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(play(m, 'A', { type: 'move', model: 'A1.0', x: 12, y: 0, z: 10 }, q).match.window).toBeNull();
    expect(play(m, 'A', { type: 'lean-out', model: 'A1.0', x: 11, y: 0, z: 10 }, q).match.window).toBeNull();
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 13, y: 0, z: 10 }, q).match;
    expect(m.window).toMatchObject({
      player: 'B',
      options: [
        { type: 'overwatch', model: 'B1.0', weapon: 0 },
        { type: 'overwatch', model: 'B1.0', weapon: 1, item: 'air-burst-rifle' },
      ],
    });
    // B overwatches in the open: 3 dice 6, 6, 1 = 2; A's armour 1/6: a 6 blocks 1, 1 gets through.
    // Nobody else can declare, so the declaration closes the window and the shot resolves.
    const r = play(m, 'B', { type: 'overwatch', model: 'B1.0', weapon: 0 }, q, [6, 6, 1, 6]);
    expect(r.match.state.models['A1.0']!.destroyed).toBe(true);
    expect(r.match.state.models['B1.0']).toMatchObject({ engaged: true });
  });

  it('Overwatch by several models: declared together (the window stays open), resolved in order; a target destroyed first wastes the rest', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B1.0': [10, 20], 'B1.1': [14, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] }),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match;
    m = play(m, 'B', { type: 'overwatch', model: 'B1.0', weapon: 0 }, q).match;
    expect(m.window?.options).toEqual([
      { type: 'overwatch', model: 'B1.1', weapon: 0 },
      { type: 'overwatch', model: 'B1.1', weapon: 1, item: 'air-burst-rifle' },
    ]);
    // Both declared: B1.0 rolls 6, 6, 6 = 3 hits, A's armour 1/6 rolls 1; A1.0 is destroyed; B1.1's shot is lost.
    const r = play(m, 'B', { type: 'overwatch', model: 'B1.1', weapon: 0 }, q, [6, 6, 6, 1]);
    expect(r.match.state.models['A1.0']!.destroyed).toBe(true);
    expect(r.events.filter((e) => e.type === 'shot-lost')).toHaveLength(1);
    expect(r.match.state.models['B1.1']!.engaged).toBe(true);
  });

  it('Sprint is an action: overwatch whatever the distance; a Ready token lets an activated unit react and turns into Engaged', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame(spread, (s) => ({
        ...s,
        units: { ...s.units, B1: { ...s.units.B1!, activated: true } },
        models: { ...s.models, 'B1.0': { ...s.models['B1.0']!, ready: true } },
      })),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'sprint', model: 'A1.0', x: 11, y: 0, z: 10 }, q).match;
    expect(m.window?.options).toEqual([
      { type: 'overwatch', model: 'B1.0', weapon: 0 },
      { type: 'overwatch', model: 'B1.0', weapon: 1, item: 'air-burst-rifle' },
    ]);
    m = play(m, 'B', { type: 'overwatch', model: 'B1.0', weapon: 0 }, q, [1, 1, 1]).match;
    expect(m.state.models['B1.0']).toMatchObject({ ready: false, engaged: true });
  });
});

describe('blkout CQC', () => {
  it('after an infantry action in base contact: both roll, more successes first; a destroyed loser deals nothing', () => {
    const q = fakeTable();
    const r0 = 25 / 25.4;
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B1.0': [10, 10 + r0], 'A2.0': [2, 2], 'B2.0': [34, 34] }, (s) => ({
        ...s,
        models: { ...s.models, 'B1.0': { ...s.models['B1.0']!, engaged: true } },
      })),
    );
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    // A1.0 takes Ready (an action); nobody can overwatch (B1.0 is Engaged); then CQC: A 4, 10 = 3; B 2, 9 = 1.
    const r = play(m, 'A', { type: 'ready', model: 'A1.0' }, q, [4, 10, 2, 9]);
    expect(r.events.some((e) => e.type === 'cqc')).toBe(true);
    expect(r.match.state.models['B1.0']!.destroyed).toBe(true);
    expect(r.match.state.models['A1.0']).toMatchObject({ destroyed: false, damage: 0 });
  });
});

describe('blkout Melee: the target returns fire only with a Melee weapon; the rest of its side as usual', () => {
  // A1.0's FAL-32C made a Melee weapon (range 0-2"); B1.0 (AKMZ-2, not Melee) is its target, B1.1 its unit-mate 4" away.
  const meleeA = (s: ReturnType<typeof fresh>) => {
    const a = s.models['A1.0']!;
    const w = { ...a.weapons[0]!, range: [0, 2] as [number, number], rules: [{ name: 'Melee' as const, x: 0 }] };
    return { ...s, models: { ...s.models, 'A1.0': { ...a, weapons: [w] } } };
  };
  const place = { 'A1.0': [10, 18.5], 'B1.0': [10, 20], 'B1.1': [14, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] } as Record<
    string,
    [number, number]
  >;

  it('B1.0, the target, has no Melee weapon: it may only Juke; B1.1 may return fire with its rifle', () => {
    const q = fakeTable();
    let m = matchOf(midGame(place, meleeA));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    const options = m.window?.options ?? [];
    expect(options.filter((o) => o.type === 'return-fire' && o.model === 'B1.0')).toEqual([]);
    expect(options).toContainEqual({ type: 'juke', model: 'B1.0' });
    expect(options).toContainEqual({ type: 'return-fire', model: 'B1.1', weapon: 0 });
  });
});
