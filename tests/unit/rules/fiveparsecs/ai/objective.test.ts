/** The bots and the mission: the crew's runners (the item, the carrier, Move Through), the enemy's pull, whole battles won by the objective. */
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../../../src/rules/engine/match';
import { radiusInches } from '../../../../../src/rules/engine/units';
import { ruleset, type FpAction, type FpState } from '../../../../../src/rules/fiveparsecs';
import { newMission, type MissionId } from '../../../../../src/rules/fiveparsecs/missions';
import { objectivePull, OBJECTIVE_PULL, runners } from '../../../../../src/rules/fiveparsecs/ai/objective';
import { fresh, midRound, wallsTable } from '../fixture';
import { botBattle, botMove, enemyTurn, woods } from './table';

const R = radiusInches(25) + 1e-6;
const G1 = 'B.gangers-1';

/** Round 1 with the figures placed and the mission `id` (and a patch). */
const on = (
  id: MissionId,
  place: Record<string, [number, number]>,
  phase: 'quick' | 'enemy' = 'quick',
  patch: (s: FpState) => FpState = (s) => s,
) => midRound(place, phase, (s) => patch({ ...s, mission: newMission(id, s.table) }));
const carrying = (s: FpState): FpState => ({
  ...s,
  mission: { ...s.mission, item: { pos: null, carrier: 'A.captain', off: null } },
});

describe('the runners: the crew figures the objective sends', () => {
  it('Acquire: the figure nearest the lying item, then its carrier; Move Through: the two nearest the far edge', () => {
    const a = on('acquire', { 'A.captain': [18, 30], 'A.pilot': [16, 22], [G1]: [18, 6] });
    expect(runners(a).map((f) => f.id)).toEqual(['A.pilot']);
    expect(runners(carrying(a)).map((f) => f.id)).toEqual(['A.captain']);
    const t = on('move-through', { 'A.captain': [18, 30], 'A.pilot': [16, 22], 'A.feral': [5, 25], [G1]: [18, 6] });
    expect(runners(t).map((f) => f.id)).toEqual(['A.pilot', 'A.feral']);
    expect(runners({ ...t, mission: { ...t.mission, exits: { north: ['A.merc'], south: [] } } })).toHaveLength(1);
    expect(runners(on('fight-off', { 'A.captain': [18, 30], [G1]: [18, 6] }))).toEqual([]);
  });
});

describe('the crew bot fights for the objective', () => {
  it('the runner within reach of the item moves onto it (and so picks it up)', () => {
    const s = on('acquire', { 'A.captain': [18, 22], [G1]: [18, 2] });
    expect(botMove(s, 'A', woods())).toEqual({ type: 'move', figure: 'A.captain', x: 18, y: 0, z: 18 });
  });
  it('the carrier that reaches its own edge leaves by it, rather than shoot', () => {
    const s = carrying(on('acquire', { 'A.captain': [18, 36 - R - 5], [G1]: [18, 24] }));
    expect(botMove(s, 'A', woods())).toEqual({ type: 'leave', figure: 'A.captain', edge: 'south' });
  });
  it('a Move Through runner out of reach of the far edge heads north (a dash: more than 1" further than a walk)', () => {
    const s = on('move-through', { 'A.captain': [4, 14], [G1]: [30, 30] });
    const a = botMove(s, 'A', woods()) as Extract<FpAction, { type: 'move' }>;
    expect(a).toMatchObject({ type: 'move', figure: 'A.captain', dash: true });
    expect(a.z).toBeCloseTo(14 - 5.95, 3);
  });
  it('in Fight Off the same carrier spot is no reason to leave: it shoots', () => {
    const s = on('fight-off', { 'A.captain': [18, 36 - R - 5], [G1]: [18, 24] });
    expect(botMove(s, 'A', woods())).toMatchObject({ type: 'shoot', figure: 'A.captain' });
  });
});

describe('the enemy is drawn to the objective, by its type', () => {
  it('a small per-inch pull: Aggressive 0.5, Guardian none; towards the item, the carrier or the lead runner', () => {
    const s = on('acquire', { 'A.captain': [18, 30], [G1]: [18, 6] });
    expect(objectivePull(s, 'aggressive', [18, 0, 6], [18, 0, 10])).toBeCloseTo(2, 9);
    expect(objectivePull(s, 'guardian', [18, 0, 6], [18, 0, 10])).toBe(0);
    expect(objectivePull(carrying(s), 'tactical', [18, 0, 26], [18, 0, 28])).toBeCloseTo(2 * OBJECTIVE_PULL.tactical);
    expect(objectivePull(on('fight-off', { 'A.captain': [18, 30] }), 'aggressive', [0, 0, 0], [5, 0, 5])).toBe(0);
  });
  it('a Cautious Ganger out of range, with cover all round, dashes the way that gains most towards the item', () => {
    // Cover everywhere but the strip it stands in; no shot (hand gun 12", the captain 27" off): every covered spot scores the same but for the pull.
    const q = woods((_x, z) => z <= 4 || z >= 8);
    const place = { 'A.captain': [18, 33] as [number, number], [G1]: [18, 6] as [number, number] };
    const s = enemyTurn(place, 'cautious', (x) => ({ ...x, mission: newMission('acquire', x.table) }));
    const a = botMove(s, 'B', q) as Extract<FpAction, { type: 'move' }>;
    expect(a).toMatchObject({ type: 'move', figure: G1, dash: true, x: 18 });
    expect(a.z).toBeCloseTo(6 + 5.95, 3);
  });
});

describe('whole battles: the crew bot wins the objective', () => {
  // On open ground the crew's aimed shots clear five Gangers before an objective is done: ten make a battle of it.
  it('Acquire, ten Gangers, seed 1: the item is carried off the south edge in round 5; the crew Holds the Field', () => {
    const m = botBattle(1, fresh({ mission: 'acquire', count: 10 }));
    expect(m.state.mission.item).toMatchObject({ off: 'south' });
    expect(m.state.mission.wonRound).toBe(5);
    expect(m.state.result!.heldField).toBe(true);
    expect(ruleset.outcome(m.state)!.winner).toBe('A');
    expect(stateHash(botBattle(1, fresh({ mission: 'acquire', count: 10 })))).toBe(stateHash(m));
  }, 60000);
  it('Acquire on the real table among three walls, seed 8: carried off the south edge in round 7 (the leave measured by the movement core), and the Gangers give up; its replay equals live play', async () => {
    const m = botBattle(8, fresh({ mission: 'acquire' }), await wallsTable());
    expect(m.state.mission).toMatchObject({ wonRound: 7, item: { off: 'south', carrier: 'A.pilot' } });
    expect(m.state.figures['A.pilot']!.out).toBe('left');
    expect(m.state.result).toEqual({
      heldField: true,
      reason: 'Gangers gave up and withdrew once the objective was won',
    });
    expect(stateHash(replay(ruleset, m, m.log, await wallsTable()))).toBe(stateHash(m));
  }, 120000);
  it('Move Through, ten Gangers, seed 1: two crew figures off the far edge in round 6', () => {
    const m = botBattle(1, fresh({ mission: 'move-through', count: 10 }));
    expect(m.state.mission.exits.north).toHaveLength(2);
    expect(m.state.mission.wonRound).toBe(6);
    expect(m.state.phase).toBe('over');
  }, 60000);
});
