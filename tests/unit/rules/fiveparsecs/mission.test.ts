/** The missions: set-up option, leaving the table (at the reach and just past it), Acquire's item, each objective's win. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { legalMoves } from '../../../../src/rules/engine/match';
import { radiusInches } from '../../../../src/rules/engine/units';
import { ruleset, type FpState } from '../../../../src/rules/fiveparsecs';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import { TABLE } from '../../../../src/rules/fiveparsecs/game';
import { missionOf, newMission, type MissionId } from '../../../../src/rules/fiveparsecs/missions';
import { fiveparsecsPlay } from '../../../../src/rules/fiveparsecs/play';
import { forces, fresh, inEnglish, matchOf, midRound, play, refuse } from './fixture';
import { en } from '../../../support/words';

const q = fakeTable();
/** Base radius (25 mm) plus the hair `edgeSpot` keeps inside the table. */
const R = radiusInches(25) + 1e-6;
const G1 = 'B.gangers-1';

/** Round 1 in `phase` with these figures placed and the mission `id`. */
const on = (id: MissionId, place: Record<string, [number, number]>, phase: 'quick' | 'enemy' | 'slow' = 'quick') =>
  midRound(place, phase, (s) => ({ ...s, mission: newMission(id, s.table) }));

describe('the mission set-up option', () => {
  it('Fight Off by default; Acquire puts the item at the table centre; Move Through needs two off the far edge', () => {
    expect(fresh().mission).toEqual({
      id: 'fight-off',
      name: 'Fight Off',
      item: null,
      need: 0,
      exits: { north: [], south: [] },
      wonRound: null,
    });
    expect(fresh({ mission: 'acquire' }).mission.item).toEqual({ pos: [18, 0, 18], carrier: null, off: null });
    expect(fresh({ mission: 'move-through' }).mission).toMatchObject({ name: 'Move Through', need: 2 });
  });
  it('the option reaches set-up from the app (play.ts) and the battle CLI (ForcesDescriptor.setup); a bad value is refused', () => {
    expect(inEnglish(fiveparsecsPlay.options)).toEqual([
      {
        id: 'mission',
        label: 'Mission',
        choices: [
          { value: 'fight-off', label: 'Fight Off' },
          { value: 'acquire', label: 'Acquire' },
          { value: 'move-through', label: 'Move Through' },
        ],
      },
      {
        id: 'crew',
        label: 'Crew',
        choices: [
          { value: 'one', label: 'One player' },
          { value: 'two', label: 'Two players share the crew (hotseat co-op)' },
        ],
        // It seats the players: the bench's seeded games keep its default.
        seats: true,
      },
    ]);
    const sides = { A: { kind: 'crew' as const, id: 'dusty-comet' }, B: { kind: 'enemy' as const, id: 'gangers' } };
    expect(fiveparsecsPlay.setup(TABLE, forces(), sides, { mission: 'acquire' }).mission.id).toBe('acquire');
    const ids = { A: 'dusty-comet', B: 'gangers' };
    expect(fiveparsecs.setupByIds(TABLE, forces(), ids, { mission: 'move-through' }).mission.id).toBe('move-through');
    expect(fiveparsecs.setupByIds(TABLE, forces(), ids).mission.id).toBe('fight-off');
    expect(missionOf('')).toBe('fight-off');
    expect(() => missionOf('escort')).toThrow(/mission must be one of fight-off, acquire, move-through/);
  });
});

describe('leaving the table: the route to the edge within Speed + 2" (a dash)', () => {
  // The captain: Speed 4, so 6" to the spot where its base touches the edge.
  const at = (z: number) => on('fight-off', { 'A.captain': [10, z], [G1]: [30, 18] });
  const leaves = (s: FpState) =>
    legalMoves(ruleset, matchOf(s), 'A', q).filter((a) => a.type === 'leave' && a.figure === 'A.captain');
  it('exactly 6" from the north edge: offered and taken; 0.01" short: offered; 0.01" past: refused', () => {
    expect(leaves(at(R + 6))).toEqual([{ type: 'leave', figure: 'A.captain', edge: 'north' }]);
    expect(leaves(at(R + 5.99))).toHaveLength(1);
    expect(leaves(at(R + 6.01))).toEqual([]);
    const far = refuse(
      matchOf(at(R + 6.01)),
      'A',
      { type: 'leave', figure: 'A.captain', edge: 'north' },
      q,
      'fiveparsecs:refuse.leaveFarAt',
    );
    expect(far.error).toBe('out-of-range');
    expect(en(far.message)).toMatch(/moves up to 6" \(dashing\) and cannot reach the north edge \(6\.01"\)/);
  });
  it('the south edge the same: at 6" offered, 6.01" not', () => {
    expect(leaves(at(36 - R - 6))).toEqual([{ type: 'leave', figure: 'A.captain', edge: 'south' }]);
    expect(leaves(at(36 - R - 6.01))).toEqual([]);
  });
  it('a figure that left is out with reason "left", not a casualty; its activation is over', () => {
    const r = play(matchOf(at(R + 6)), 'A', { type: 'leave', figure: 'A.captain', edge: 'north' }, q);
    const s = r.match.state;
    expect(s.figures['A.captain']!.out).toBe('left');
    expect(s.mission.exits.north).toEqual(['A.captain']);
    expect(en(r.events[0]!.text)).toBe('Captain Mira Voss leaves the table by the north edge (6")');
  });
  it('refused for an enemy, after the figure has moved, and before round 1', () => {
    const e = on('fight-off', { 'A.captain': [10, 30], [G1]: [30, R + 1] }, 'enemy');
    expect(
      en(
        refuse(matchOf(e), 'B', { type: 'leave', figure: G1, edge: 'north' }, q, 'fiveparsecs:refuse.leaveCrewOnly')
          .message,
      ),
    ).toMatch(/only crew/);
    const moved = { ...at(R + 6), activation: { figure: 'A.captain', stunAtStart: 0 } };
    expect(
      en(
        refuse(
          matchOf(moved),
          'A',
          { type: 'leave', figure: 'A.captain', edge: 'north' },
          q,
          'fiveparsecs:refuse.leaveMoved',
        ).message,
      ),
    ).toMatch(/has moved already/);
    const seized = midRound({ 'A.captain': [10, R + 2], [G1]: [30, 18] }, 'seized');
    expect(
      en(
        refuse(
          matchOf(seized),
          'A',
          { type: 'leave', figure: 'A.captain', edge: 'north' },
          q,
          'fiveparsecs:refuse.seizedLeave',
        ).message,
      ),
    ).toMatch(/before round 1/);
  });
  it('all crew off the table without the objective: the battle ends, not Held, and the enemy wins', () => {
    const r = play(matchOf(at(R + 6)), 'A', { type: 'leave', figure: 'A.captain', edge: 'north' }, q);
    expect(r.match.state.result).toEqual({ heldField: false, reason: 'all crew figures are casualties or gone' });
    // B's 5 are the figures the fixture left off the table (slain); the captain walked off and is not counted.
    expect(ruleset.outcome(r.match.state)).toEqual({ winner: 'B', score: { A: 7, B: 5 } });
  });
});

describe('Move Through: two crew figures off the far (north) edge', () => {
  const start = () =>
    on('move-through', { 'A.captain': [10, R + 2], 'A.pilot': [20, R + 3], 'A.mechanic': [18, 30], [G1]: [30, 18] });
  it('the second one off wins the objective in this round; the battle goes on while crew remain', () => {
    let m = play(matchOf(start()), 'A', { type: 'leave', figure: 'A.captain', edge: 'north' }, q).match;
    expect(m.state.mission.wonRound).toBeNull();
    const r = play(m, 'A', { type: 'leave', figure: 'A.pilot', edge: 'north' }, q);
    m = r.match;
    expect(m.state.mission.wonRound).toBe(1);
    expect(r.events.map((e) => en(e.text))).toContain(
      'Jax Orrin is the second crew figure off the far edge: the Move Through objective is won',
    );
    expect(m.state.phase).toBe('quick');
  });
  it('leaving by the south edge does not count', () => {
    const s = on('move-through', { 'A.captain': [10, 36 - R - 1], 'A.pilot': [20, R + 3], [G1]: [30, 18] });
    const m = play(matchOf(s), 'A', { type: 'leave', figure: 'A.captain', edge: 'south' }, q).match;
    expect(m.state.mission.exits).toEqual({ north: [], south: ['A.captain'] });
    const r = play(m, 'A', { type: 'leave', figure: 'A.pilot', edge: 'north' }, q);
    expect(r.match.state.mission.wonRound).toBeNull();
  });
  it('all crew left, having achieved the objective: the battle is over, not Held; the crew wins by its objective', () => {
    const s = on('move-through', { 'A.captain': [10, R + 2], 'A.pilot': [20, R + 3], [G1]: [30, 18] });
    let m = play(matchOf(s), 'A', { type: 'leave', figure: 'A.captain', edge: 'north' }, q).match;
    m = play(m, 'A', { type: 'leave', figure: 'A.pilot', edge: 'north' }, q).match;
    expect(m.state.phase).toBe('over');
    expect(m.state.result).toEqual({
      heldField: false,
      reason: 'all crew figures have left the battlefield, having achieved the objective',
    });
    // B's 4: the fixture's figures off the table; the two who left are not counted.
    expect(ruleset.outcome(m.state)).toEqual({ winner: 'A', score: { A: 7, B: 4 } });
  });
});

describe('Acquire: the item at the centre, picked up within 1", dropped by a carrier taken out, carried off the south edge', () => {
  // Base edge within 1" of the item (18, 18): the centre within R + 1.
  const near = () => on('acquire', { 'A.captain': [18, 22], [G1]: [30, 5] });
  it('a Move ending with the base edge exactly 1" from the item picks it up, 0.99" too; 1.01" does not', () => {
    const r = play(matchOf(near()), 'A', { type: 'move', figure: 'A.captain', x: 18, y: 0, z: 18 + R + 1 - 1e-6 }, q);
    expect(r.match.state.mission.item).toEqual({ pos: null, carrier: 'A.captain', off: null });
    expect(r.events.map((e) => en(e.text))).toContain('Captain Mira Voss picks up the item');
    const miss = play(matchOf(near()), 'A', { type: 'move', figure: 'A.captain', x: 18, y: 0, z: 18 + R + 1.01 }, q);
    expect(miss.match.state.mission.item!.carrier).toBeNull();
    const inside = play(matchOf(near()), 'A', { type: 'move', figure: 'A.captain', x: 18, y: 0, z: 18 + R + 0.99 }, q);
    expect(inside.match.state.mission.item!.carrier).toBe('A.captain');
  });
  it('a Move onto the item is among the legal moves of a crew figure that reaches it', () => {
    expect(legalMoves(ruleset, matchOf(near()), 'A', q)).toContainEqual({
      type: 'move',
      figure: 'A.captain',
      x: 18,
      y: 0,
      z: 18,
    });
  });
  it('an enemy does not pick it up', () => {
    const s = on('acquire', { 'A.captain': [18, 33], [G1]: [18, 15] }, 'enemy');
    const m = play(matchOf(s), 'B', { type: 'move', figure: G1, x: 18, y: 0, z: 18 }, q).match;
    expect(m.state.mission.item).toEqual({ pos: [18, 0, 18], carrier: null, off: null });
  });
  it('the carrier taken out drops it where it stood', () => {
    const s0 = on('acquire', { 'A.captain': [18, 10], 'A.pilot': [5, 33], [G1]: [18, 6] }, 'enemy');
    const s = { ...s0, mission: { ...s0.mission, item: { pos: null, carrier: 'A.captain', off: null } } };
    // 3.02" away: 3+ to hit; a natural 6 on the damage die eliminates; then round 2's Reaction die (the pilot).
    const shot = { type: 'shoot', figure: G1, weapon: 'hand-gun', target: 'A.captain' } as const;
    const r = play(matchOf(s), 'B', shot, q, [3, 6, 4]);
    expect(r.match.state.mission.item).toEqual({ pos: [18, 0, 10], carrier: null, off: null });
    expect(r.events.map((e) => en(e.text))).toContain('Captain Mira Voss drops the item where it stood');
  });
  it('the carrier off the south edge wins the objective; off the north edge it is lost', () => {
    const carry = (z: number) => {
      const s = on('acquire', { 'A.captain': [18, z], 'A.pilot': [5, 20], [G1]: [30, 18] });
      return { ...s, mission: { ...s.mission, item: { pos: null, carrier: 'A.captain', off: null } } };
    };
    const home = play(matchOf(carry(33)), 'A', { type: 'leave', figure: 'A.captain', edge: 'south' }, q);
    expect(home.match.state.mission).toMatchObject({
      wonRound: 1,
      item: { pos: null, carrier: 'A.captain', off: 'south' },
    });
    expect(home.events.map((e) => en(e.text))).toContain(
      "Captain Mira Voss carries the item off by the crew's own edge: the Acquire objective is won",
    );
    const away = play(matchOf(carry(3)), 'A', { type: 'leave', figure: 'A.captain', edge: 'north' }, q);
    expect(away.match.state.mission).toMatchObject({ wonRound: null, item: { off: 'north' } });
  });
});
