/** Shooting and damage on the table: to-hit by distance and cover, the 3" rule, sight, range, traits, Hits, push-back, saves. */
import { describe, expect, it } from 'vitest';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { COVER_SHARE, isCovered } from '../../../../src/rules/fiveparsecs/cover';
import { forces, fresh, matchOf, midRound, play, refuse, set } from './fixture';
import { legalActions } from '../../../../src/rules/fiveparsecs/legal';
import type { FpState } from '../../../../src/rules/fiveparsecs';
import { en } from '../../../support/words';

const q = fakeTable();
const fire = (figure: string, weapon: string, target: string) => ({ type: 'shoot' as const, figure, weapon, target });
/** The captain (Combat Skill 1, military rifle 24") 7.02" from Ganger 1 (edge to edge), and whoever else is listed. */
const duel = (more: Record<string, [number, number]> = {}, patch?: (s: FpState) => FpState) =>
  matchOf(midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 10], ...more }, 'quick', patch));

describe('to hit: 1D6 + Combat Skill', () => {
  it('an open target in range (7.02"): 4 + 1 = 5 hits 5+, 3 + 1 = 4 misses', () => {
    const hit = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [4, 1]);
    expect(hit.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true });
    expect(en(hit.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 5\+: open target in range \(7\.0"\)/);
    const miss = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [3]);
    expect(miss.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false });
    expect(miss.match.state.figures['A.captain']!.acted).toBe(true);
  });
  it('an open target within 6" (3.02"): 2 + 1 = 3 hits 3+, 1 + 1 misses (after a move: no aim)', () => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 18], 'B.gangers-1': [18, 14] }, 'quick', set('A.captain', { moved: true })),
    );
    const hit = play(m, 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [2, 1]);
    expect(hit.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true });
    expect(en(hit.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 3\+: open target within 6"/);
    const miss = play(m, 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [1]);
    expect(miss.events.find((e) => e.type === 'shot')).toMatchObject({ hit: false });
  });
  it('a covered target (a wall hides 30%, 0.5" from it): 5 + 1 = 6 hits, 4 + 1 misses', () => {
    const wall = fakeTable({
      sight: () => ({ coverPieces: [{ id: 'wall', kind: 'wall', share: 0.3, distance: 0.5 }] }),
    });
    const hit = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), wall, [5, 1]);
    expect(en(hit.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 6\+: covered target in range/);
    play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), wall, [4]);
  });
  it('terrain within 1" of the firer gives no cover: 4 + 1 = 5 hits the open 5+', () => {
    const own = fakeTable({
      sight: () => ({ coverPieces: [{ id: 'wall', kind: 'wall', share: 0.5, distance: 6.5 }] }),
    });
    const r = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), own, [4, 1]);
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ hit: true });
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 5\+: open target in range/);
  });
  it('Heavy: the hunting rifle is -1 after a move (5 - 1 misses 5+), not without one (5 hits)', () => {
    const m = matchOf(midRound({ 'A.hunter': [18, 19], 'B.gangers-1': [18, 10] }));
    const moved = play(m, 'A', { type: 'move', figure: 'A.hunter', x: 18, y: 0, z: 18 }, q).match;
    const r = play(moved, 'A', fire('A.hunter', 'hunting-rifle', 'B.gangers-1'), q, [5]);
    expect(en(r.events.find((e) => e.type === 'shot')!.text)).toMatch(/5 \+ 0 - 1, needing 5\+/);
    const still = matchOf(midRound({ 'A.hunter': [18, 18], 'B.gangers-1': [18, 10] }));
    play(still, 'A', fire('A.hunter', 'hunting-rifle', 'B.gangers-1'), q, [5, 1]);
  });
  it('a shotgun fires 2 shots; Hits on a figure already slain are lost', () => {
    const m = matchOf(midRound({ 'A.mechanic': [18, 18], 'B.gangers-1': [18, 10] }));
    // 5 and 6 hit (5+); the first Hit: 2 + Damage 1 = 3 >= Toughness 3 slays it; the second is not rolled.
    const r = play(m, 'A', fire('A.mechanic', 'shotgun', 'B.gangers-1'), q, [5, 6, 2]);
    expect(r.match.state.figures['B.gangers-1']!.out).toBe('slain');
  });
});

describe('what may be shot', () => {
  it('"Must fire at a target within 3"": the farther Ganger is refused while Ganger 2 is 2.02" away', () => {
    const m = duel({ 'B.gangers-2': [21, 18] });
    expect(
      en(
        refuse(m, 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, 'fiveparsecs:refuse.mustFireClose')
          .message,
      ),
    ).toMatch(/within 3"/);
    play(m, 'A', fire('A.captain', 'military-rifle', 'B.gangers-2'), q, [1, 1]);
  });
  it('a close enemy out of sight does not bind the shot', () => {
    const blind = fakeTable({ sight: (_v, t) => (t === 'B.gangers-2' ? { hasLos: false, visibleFraction: 0 } : {}) });
    const r = play(
      duel({ 'B.gangers-2': [21, 18] }),
      'A',
      fire('A.captain', 'military-rifle', 'B.gangers-1'),
      blind,
      [1, 1],
    );
    expect(r.events.find((e) => e.type === 'shot')).toMatchObject({ target: 'B.gangers-1', hit: false });
  });
  it('no line of sight (other figures block sight lines too): refused as no-los', () => {
    const blind = fakeTable({ sight: () => ({ hasLos: false, visibleFraction: 0 }) });
    expect(
      refuse(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), blind, 'fiveparsecs:refuse.cannotSee')
        .error,
    ).toBe('no-los');
  });
  it('out of range: the hand gun reaches 12", the Ganger is 12.02" away; at 11.52" it may fire', () => {
    const far = matchOf(midRound({ 'A.pilot': [18, 23], 'B.gangers-1': [18, 10] }));
    expect(refuse(far, 'A', fire('A.pilot', 'hand-gun', 'B.gangers-1'), q, 'fiveparsecs:refuse.outOfRange').error).toBe(
      'out-of-range',
    );
    const near = matchOf(midRound({ 'A.pilot': [18, 22.5], 'B.gangers-1': [18, 10] }));
    play(near, 'A', fire('A.pilot', 'hand-gun', 'B.gangers-1'), q, [1, 1]);
  });
  it('a blade does not shoot; a friend is no target; a single-use grenade is used up', () => {
    expect(
      en(refuse(duel(), 'A', fire('A.captain', 'blade', 'B.gangers-1'), q, 'fiveparsecs:refuse.brawlOnly').message),
    ).toBe('the Blade is only used in a Brawl');
    expect(
      en(
        refuse(
          duel({ 'A.pilot': [10, 18] }),
          'A',
          fire('A.captain', 'military-rifle', 'A.pilot'),
          q,
          'fiveparsecs:refuse.notEnemy',
        ).message,
      ),
    ).toBe('A.pilot is not an enemy figure on the table');
    // The captain carries a frakk grenade (in the battle's weapons; 6", the Ganger 3.02" off); thrown once, it is used up.
    const grenade = forces().weapons.find((w) => w.id === 'frakk-grenade')!;
    const carried = (spent: string[]) =>
      duel({ 'B.gangers-1': [18, 14] }, (s) => ({
        ...set('A.captain', { weapons: ['frakk-grenade'], spent })(s),
        weapons: { ...s.weapons, 'frakk-grenade': grenade },
      }));
    const used = refuse(
      carried(['frakk-grenade']),
      'A',
      fire('A.captain', 'frakk-grenade', 'B.gangers-1'),
      q,
      'fiveparsecs:refuse.usedUp',
    );
    expect(en(used.message)).toBe('the Frakk grenade is used up');
    expect(legalActions(carried([]).state, 'A', q)).toContainEqual(fire('A.captain', 'frakk-grenade', 'B.gangers-1'));
  });
});

describe('cover from the sight facts', () => {
  const open = fakeTable();
  const facts = (share: number, distance: number) =>
    openSight({ coverPieces: [{ id: 'wall', kind: 'wall', share, distance }] });
  it.each([
    [COVER_SHARE, 0, 5, true],
    [0.09, 0, 5, false],
    [0.3, 3.9, 5, true],
    [0.3, 4, 5, false],
  ])('a piece hiding %s, %s" from the target, the firer %s" away: covered %s', (share, d, gap, out) => {
    expect(isCovered(open, 'v', 't', facts(share, d), gap)).toBe(out);
  });
  it('a target inside a feature (a structure, or area terrain that does not block sight) is covered; open ground is not', () => {
    expect(isCovered(open, 'v', 't', openSight({ targetInStructure: 'ruin' }), 10)).toBe(true);
    expect(isCovered(open, 'v', 't', openSight(), 10)).toBe(false);
    const scrub = fakeTable({ concealment: (_v, t) => ({ inside: t === 't' ? 'scrub' : null, through: null }) });
    expect(isCovered(scrub, 'v', 't', openSight(), 10)).toBe(true);
    expect(isCovered(scrub, 't', 'v', openSight(), 10)).toBe(false);
  });
});

describe('a Hit: 1D6 + Damage against Toughness, a natural 6 eliminates, else Stunned and pushed 1"', () => {
  it('a survivor is Stunned and pushed 1" straight away from the shooter', () => {
    const r = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [4, 2]);
    const g = r.match.state.figures['B.gangers-1']!;
    expect(g.stun).toBe(1);
    expect(g.pos).toEqual([18, 0, 9]);
    expect(r.match.state.casualties).toBe(0);
  });
  it('with no room behind it, it stays where it is (and the state says so)', () => {
    const r = play(
      duel({ 'B.gangers-2': [18, 8.2] }),
      'A',
      fire('A.captain', 'military-rifle', 'B.gangers-1'),
      q,
      [4, 2],
    );
    const g = r.match.state.figures['B.gangers-1']!;
    expect(g.pos).toEqual([18, 0, 10]);
    expect(g.pushBlocked).toBe(true);
  });
  it('a third Stun marker knocks the figure out: an enemy casualty for morale', () => {
    const m = duel({}, set('B.gangers-1', { stun: 2 }));
    const r = play(m, 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), q, [4, 2]);
    expect(r.match.state.figures['B.gangers-1']!.out).toBe('knocked-out');
    expect(r.match.state.casualties).toBe(1);
  });
  it('armour: a War Bot saves on 5 (no damage die), not on 4', () => {
    const bots = fresh({ enemy: 'war-bots', count: 1 });
    const withBot = (s: FpState): FpState => ({
      ...s,
      enemy: bots.enemy,
      weapons: { ...s.weapons, ...bots.weapons },
      figures: { ...s.figures, 'B.war-bots-1': { ...bots.figures['B.war-bots-1']!, pos: [18, 0, 10] } },
    });
    const m = matchOf(midRound({ 'A.captain': [18, 18] }, 'quick', withBot));
    const saved = play(m, 'A', fire('A.captain', 'military-rifle', 'B.war-bots-1'), q, [4, 5]);
    expect(saved.events.some((e) => e.type === 'saved')).toBe(true);
    expect(saved.match.state.figures['B.war-bots-1']!.stun).toBe(0);
    // Save 4 fails; damage 3 + 0 against Toughness 4: Stunned.
    const hurt = play(m, 'A', fire('A.captain', 'military-rifle', 'B.war-bots-1'), q, [4, 4, 3]);
    expect(hurt.match.state.figures['B.war-bots-1']!.stun).toBe(1);
  });
});

describe('cover on the real table (the geometry core)', () => {
  it('a 0.8" wall 0.16" in front of the Ganger hides 72%: covered (6+); a 1" wall at the firer\'s feet hides it all and is the firer\'s own: open (5+)', async () => {
    const { worldQueries } = await import('../../../../src/state/worldQueries');
    const { box } = await import('../../../support/scenes');
    const table = (z: number, h = 0.8) =>
      worldQueries(
        {
          format: 'tabletop-scene/1',
          table: { width: 36, depth: 36 },
          terrain: [box('wall', [18, h / 2, z], [4, h, 0.3])],
        },
        () => undefined,
      );
    const near = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), table(10.8), [5, 1]);
    expect(en(near.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 6\+: covered target/);
    const own = play(duel(), 'A', fire('A.captain', 'military-rifle', 'B.gangers-1'), table(17.2, 1), [4, 1]);
    expect(en(own.events.find((e) => e.type === 'shot')!.text)).toMatch(/needing 5\+: open target/);
  });
});
