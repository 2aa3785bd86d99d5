/** The round: set-up and deployment, Seize the Initiative, the Reaction Roll, the phases, morale, the battle's end. */
import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { legalMoves } from '../../../../src/rules/engine/match';
import { ruleset } from '../../../../src/rules/fiveparsecs';
import { DEPLOY_DEPTH, setupState, standing, TABLE } from '../../../../src/rules/fiveparsecs/game';
import { shortestWayOff } from '../../../../src/rules/fiveparsecs/round';
import { radiusInches } from '../../../../src/rules/engine/units';
import { forces, fresh, matchOf, midRound, play, refuse, set } from './fixture';
import { en } from '../../../support/words';

const q = fakeTable();

describe('set-up and deployment on 36" x 36"', () => {
  it('the crew deploys along the south edge and the enemy along the north edge, each within 6"', () => {
    const s = fresh();
    expect(s.table).toEqual(TABLE);
    expect(s.phase).toBe('seize');
    expect(s.round).toBe(0);
    expect(s.mission.id).toBe('fight-off');
    const crew = standing(s, 'A'),
      enemy = standing(s, 'B');
    expect(crew).toHaveLength(6);
    // Numbers: crew 6 + Gangers' +2.
    expect(enemy).toHaveLength(8);
    const r = radiusInches(25);
    for (const f of crew) expect(TABLE.depth - f.pos[2] + r).toBeLessThanOrEqual(DEPLOY_DEPTH);
    for (const f of enemy) expect(f.pos[2] + r).toBeLessThanOrEqual(DEPLOY_DEPTH);
    expect(s.figures['A.captain']!.pos).toEqual([5.14, 0, 33]);
    expect(s.figures['B.gangers-1']!.pos).toEqual([4, 0, 3]);
    expect(new Set(enemy.map((f) => f.pos[0])).size).toBe(8);
  });
  it('the enemy count can be given; an unknown crew or enemy is refused by name', () => {
    expect(standing(fresh({ count: 3 }), 'B')).toHaveLength(3);
    expect(standing(fresh({ enemy: 'black-ops-team' }), 'B')).toHaveLength(6);
    expect(() => fresh({ crew: 'nobody' })).toThrow(/no crew "nobody"/);
    expect(() => fresh({ enemy: 'ghosts' })).toThrow(/no enemy type "ghosts"/);
  });
  it('the set-up takes the forces file, the crew and the enemy type', () => {
    const s = setupState(TABLE, { data: forces(), crew: 'dusty-comet', enemy: 'raiders' });
    expect(standing(s, 'B').map((f) => f.id)).toEqual([...Array(7).keys()].map((i) => `B.raiders-${i + 1}`));
  });
  it('only the crew may act before the battle: seize or skip', () => {
    expect(ruleset.currentPlayer(fresh())).toBe('A');
    expect(legalMoves(ruleset, matchOf(fresh()), 'A', q)).toEqual([{ type: 'seize' }, { type: 'skip-seize' }]);
  });
});

describe('Seize the Initiative: 2D6 + highest Savvy (1) + outnumbered (8 Gangers to 6: +1)', () => {
  it('4 + 4 + 2 = 10 seizes: every crew figure may Move or fire before round 1', () => {
    const r = play(matchOf(fresh()), 'A', { type: 'seize' }, q, [4, 4]);
    expect(r.match.state.phase).toBe('seized');
    expect(r.match.state.seize).toEqual({ rolls: [4, 4], total: 10, seized: true });
    expect(en(r.events[0]!.text)).toMatch(/^Seize the Initiative: 4 \+ 4 \+ 2 = 10: seized!/);
    expect(r.match.state.round).toBe(0);
  });
  it('4 + 3 + 2 = 9 does not: round 1 starts with the Reaction Roll, one die per crew figure', () => {
    const r = play(matchOf(fresh()), 'A', { type: 'seize' }, q, [4, 3, 1, 2, 3, 4, 5, 6]);
    expect(r.match.state.phase).toBe('reaction');
    expect(r.match.state.round).toBe(1);
    expect(r.match.state.reaction).toEqual({ dice: [1, 2, 3, 4, 5, 6], assigned: {} });
  });
  it('skipping goes straight to round 1; a second try is refused', () => {
    const r = play(matchOf(fresh()), 'A', { type: 'skip-seize' }, q, [6, 6, 6, 6, 6, 6]);
    expect(r.match.state.phase).toBe('reaction');
    refuse(r.match, 'A', { type: 'seize' }, q, 'fiveparsecs:refuse.seizeOnce');
  });
  it('not outnumbered against 6 Gangers: 4 + 4 + 1 = 9 fails', () => {
    const r = play(matchOf(fresh({ count: 6 })), 'A', { type: 'seize' }, q, [4, 4, 1, 1, 1, 1, 1, 1]);
    expect(r.match.state.seize).toEqual({ rolls: [4, 4], total: 9, seized: false });
  });
  it('after seizing, once every crew figure has moved or fired (or passed), round 1 starts', () => {
    let m = play(matchOf(fresh()), 'A', { type: 'seize' }, q, [6, 6]).match;
    const crew = standing(m.state, 'A');
    for (const f of crew.slice(0, -1)) m = play(m, 'A', { type: 'done', figure: f.id }, q).match;
    expect(m.state.phase).toBe('seized');
    m = play(m, 'A', { type: 'done', figure: crew.at(-1)!.id }, q, [2, 2, 2, 2, 2, 2]).match;
    expect(m.state.phase).toBe('reaction');
    expect(m.state.round).toBe(1);
  });
});

/** Round 1's Reaction Roll with these dice. */
const reactionWith = (dice: number[]) => play(matchOf(fresh()), 'A', { type: 'skip-seize' }, q, dice).match;

describe('the Reaction Roll: the player gives each crew figure one die', () => {
  it('die at or under Reactions: Quick; over: Slow; the Quick Actions phase starts after the last die', () => {
    let m = reactionWith([1, 2, 3, 4, 5, 6]);
    const give: [string, number][] = [
      ['A.captain', 1], // 2 against Reactions 2: Quick
      ['A.pilot', 2], // 3 against 2: Slow
      ['A.mechanic', 3],
      ['A.merc', 4],
      ['A.hunter', 5],
      ['A.feral', 0], // the single 1: to the Feral, Quick
    ];
    for (const [figure, die] of give) m = play(m, 'A', { type: 'assign', figure, die }, q).match;
    expect(m.state.phase).toBe('quick');
    const phase = (id: string) => m.state.figures[id]!.phase;
    expect([phase('A.captain'), phase('A.feral'), phase('A.pilot'), phase('A.hunter')]).toEqual([
      'quick',
      'quick',
      'slow',
      'slow',
    ]);
  });
  it('die 1 against Reactions 1 is Quick, die 2 Slow', () => {
    let m = reactionWith([2, 1, 3, 3, 3, 3]);
    m = play(m, 'A', { type: 'assign', figure: 'A.feral', die: 1 }, q).match;
    m = play(m, 'A', { type: 'assign', figure: 'A.merc', die: 0 }, q).match;
    for (const [figure, die] of [
      ['A.captain', 2],
      ['A.pilot', 3],
      ['A.mechanic', 4],
      ['A.hunter', 5],
    ] as const)
      m = play(m, 'A', { type: 'assign', figure, die }, q).match;
    expect(m.state.figures['A.merc']!.phase).toBe('slow');
    expect(m.state.figures['A.feral']!.phase).toBe('quick');
  });
  it('Feral Impetuous Actions: the single 1 goes to the Feral, and the Feral may not take another die while it waits', () => {
    const m = reactionWith([1, 2, 3, 4, 5, 6]);
    expect(
      en(refuse(m, 'A', { type: 'assign', figure: 'A.captain', die: 0 }, q, 'fiveparsecs:refuse.oneToFeral').message),
    ).toMatch(/single 1/);
    expect(
      en(refuse(m, 'A', { type: 'assign', figure: 'A.feral', die: 1 }, q, 'fiveparsecs:refuse.lastFeral').message),
    ).toMatch(/single 1/);
    const offered = legalMoves(ruleset, m, 'A', q);
    expect(offered).toContainEqual({ type: 'assign', figure: 'A.feral', die: 0 });
    expect(offered).not.toContainEqual({ type: 'assign', figure: 'A.captain', die: 0 });
    expect(offered.filter((a) => a.type === 'assign' && a.figure === 'A.feral')).toHaveLength(1);
  });
  it('with two 1s either may go anywhere; a die already given or a second die for a figure is refused', () => {
    let m = reactionWith([1, 1, 3, 4, 5, 6]);
    m = play(m, 'A', { type: 'assign', figure: 'A.captain', die: 0 }, q).match;
    const why = (a: { type: 'assign'; figure: string; die: number }, reason: string) =>
      en(refuse(m, 'A', a, q, reason).message);
    expect(why({ type: 'assign', figure: 'A.pilot', die: 0 }, 'fiveparsecs:refuse.dieGiven')).toBe(
      'die #0 is already given',
    );
    expect(why({ type: 'assign', figure: 'A.captain', die: 2 }, 'fiveparsecs:refuse.hasDie')).toBe(
      'Captain Mira Voss already has a die',
    );
    expect(why({ type: 'assign', figure: 'A.pilot', die: 9 }, 'fiveparsecs:refuse.noDie')).toBe('there is no die #9');
  });
  it('the offer is each figure without a die times each distinct value left', () => {
    const offered = legalMoves(ruleset, reactionWith([3, 3, 3, 4, 4, 6]), 'A', q);
    // Six figures, three values each (the Feral rule does not apply: no 1).
    expect(offered).toHaveLength(18);
    expect(offered).toContainEqual({ type: 'assign', figure: 'A.pilot', die: 3 });
  });
});

describe('the phases: Quick (crew), Enemy, Slow (crew), then the end of the round', () => {
  it('each phase passes when its last figure has acted; the next round rolls new Reaction dice', () => {
    let m = reactionWith([2, 2, 6, 6, 6, 6]);
    const crew = ['A.captain', 'A.pilot', 'A.mechanic', 'A.merc', 'A.hunter', 'A.feral'];
    crew.forEach((figure, die) => (m = play(m, 'A', { type: 'assign', figure, die }, q).match));
    expect(m.state.phase).toBe('quick');
    expect(en(refuse(m, 'A', { type: 'done', figure: 'A.merc' }, q, 'fiveparsecs:refuse.notNow').message)).toMatch(
      /may not act now/,
    );
    m = play(m, 'A', { type: 'done', figure: 'A.pilot' }, q).match;
    m = play(m, 'A', { type: 'done', figure: 'A.captain' }, q).match;
    expect(m.state.phase).toBe('enemy');
    expect(ruleset.currentPlayer(m.state)).toBe('B');
    for (let i = 1; i <= 8; i++) m = play(m, 'B', { type: 'done', figure: `B.gangers-${i}` }, q).match;
    expect(m.state.phase).toBe('slow');
    for (const f of ['A.mechanic', 'A.merc', 'A.hunter']) m = play(m, 'A', { type: 'done', figure: f }, q).match;
    // No enemy casualties: no morale dice; round 2's six Reaction dice.
    m = play(m, 'A', { type: 'done', figure: 'A.feral' }, q, [1, 2, 3, 4, 5, 6]).match;
    expect(m.state.round).toBe(2);
    expect(m.state.phase).toBe('reaction');
    expect(Object.values(m.state.figures).every((f) => !f.acted && !f.moved && f.phase === null)).toBe(true);
  });
  it('a phase with nobody in it is skipped (all crew Slow: the Enemy Actions phase follows the Reaction Roll)', () => {
    let m = reactionWith([6, 6, 6, 6, 6, 6]);
    ['A.captain', 'A.pilot', 'A.mechanic', 'A.merc', 'A.hunter', 'A.feral'].forEach(
      (figure, die) => (m = play(m, 'A', { type: 'assign', figure, die }, q).match),
    );
    expect(m.state.phase).toBe('enemy');
  });
});

describe('morale at the end of the round: a die per enemy casualty, at or under Panic 1-2 Bails', () => {
  const lastSlow = (casualties: number, enemy?: string) =>
    matchOf(
      midRound(
        { 'A.captain': [18, 30], 'B.gangers-1': [10, 5], 'B.gangers-2': [20, 3], 'B.gangers-3': [30, 8] },
        'slow',
        (s) => ({
          ...s,
          casualties,
          ...(enemy ? { enemy: { ...s.enemy, panic: 0 } } : {}),
        }),
      ),
    );
  it('two casualties, dice 1 and 4: one Bails, the one nearest its own edge', () => {
    const r = play(lastSlow(2), 'A', { type: 'done', figure: 'A.captain' }, q, [1, 4, 5]);
    expect(r.match.state.figures['B.gangers-2']!.out).toBe('bailed');
    expect(standing(r.match.state, 'B').map((f) => f.id)).toEqual(['B.gangers-1', 'B.gangers-3']);
    expect(en(r.events.find((e) => e.type === 'morale')!.text)).toBe('Morale: 1, 4 against Panic 1-2: 1 Bail');
    // Gangers 2 at (20, 3): 3" from the north edge, its shortest way off.
    expect(en(r.events.find((e) => e.type === 'removed')!.text)).toBe(
      'Gangers 2 Bails and leaves by the north edge (3.0" away)',
    );
    expect(r.match.state.round).toBe(2);
  });
  it('the shortest way off: the nearest edge, ties north, east, south, west', () => {
    const table = { width: 36, depth: 36 };
    expect(shortestWayOff(table, [20, 0, 3])).toEqual({ edge: 'north', inches: 3 });
    expect(shortestWayOff(table, [34, 0, 10])).toEqual({ edge: 'east', inches: 2 });
    expect(shortestWayOff(table, [10, 0, 35])).toEqual({ edge: 'south', inches: 1 });
    expect(shortestWayOff(table, [0.5, 0, 20])).toEqual({ edge: 'west', inches: 0.5 });
    expect(shortestWayOff(table, [2, 0, 2])).toEqual({ edge: 'north', inches: 2 });
  });
  it('dice 2 and 3: 2 is in the range, 3 is not', () => {
    const r = play(lastSlow(2), 'A', { type: 'done', figure: 'A.captain' }, q, [3, 2, 5]);
    expect(standing(r.match.state, 'B')).toHaveLength(2);
  });
  it('no casualties, or no Panic range: no dice', () => {
    // The one die is the next round's Reaction Roll; no morale test is rolled.
    for (const s of [lastSlow(0), lastSlow(2, 'fearless')]) {
      const r = play(s, 'A', { type: 'done', figure: 'A.captain' }, q, [5]);
      expect(r.events.filter((e) => e.type === 'morale')).toEqual([]);
    }
  });
  it('Fearless War Bots never Bail: no morale dice', () => {
    const s = midRound({ 'A.captain': [18, 30] }, 'slow');
    const bots = fresh({ enemy: 'war-bots', count: 1 });
    const withBot = set('B.war-bots-1', { pos: [18, 0, 3] })({
      ...s,
      enemy: bots.enemy,
      weapons: { ...s.weapons, ...bots.weapons },
      figures: { ...s.figures, 'B.war-bots-1': bots.figures['B.war-bots-1']! },
      casualties: 3,
    });
    const r = play(matchOf(withBot), 'A', { type: 'done', figure: 'A.captain' }, q, [5]);
    expect(r.events.filter((e) => e.type === 'morale')).toEqual([]);
    expect(r.match.state.figures['B.war-bots-1']!.out).toBeNull();
  });
  it('every enemy Bailing ends the battle: the crew Held the Field', () => {
    const m = matchOf(
      midRound({ 'A.captain': [18, 30], 'B.gangers-1': [10, 5] }, 'slow', (s) => ({ ...s, casualties: 1 })),
    );
    const r = play(m, 'A', { type: 'done', figure: 'A.captain' }, q, [2]);
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.result).toEqual({
      heldField: true,
      reason: 'all enemy figures have been slain or have Bailed',
    });
    expect(ruleset.outcome(r.match.state)).toEqual({ winner: 'A', score: { A: 8, B: 5 } });
  });
});

describe('the end of the battle (Fight Off)', () => {
  it('the last enemy slain: Held the Field at once', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 10], 'B.gangers-1': [18, 6] }));
    // 3.02" away: open within 6", 3+; 2 + Combat Skill 1 = 3 hits; damage 3 + 0 >= Toughness 3.
    const r = play(
      m,
      'A',
      { type: 'shoot', figure: 'A.captain', weapon: 'military-rifle', target: 'B.gangers-1' },
      q,
      [2, 3],
    );
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.result!.heldField).toBe(true);
    expect(ruleset.currentPlayer(r.match.state)).toBeNull();
  });
  it('the last crew figure down: the crew does not Hold the Field', () => {
    const m = matchOf(midRound({ 'A.captain': [18, 10], 'B.gangers-1': [18, 6] }, 'enemy'));
    // A natural 6 on the damage die eliminates whatever the Toughness.
    const r = play(
      m,
      'B',
      { type: 'shoot', figure: 'B.gangers-1', weapon: 'hand-gun', target: 'A.captain' },
      q,
      [3, 6],
    );
    expect(r.match.state.result).toEqual({ heldField: false, reason: 'all crew figures are casualties or gone' });
    expect(ruleset.outcome(r.match.state)!.winner).toBe('B');
  });
});
