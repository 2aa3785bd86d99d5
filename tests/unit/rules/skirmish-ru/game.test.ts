/** Skirmish-ru set-up and deployment, the layout, the front arc, the turn order and the end of the battle. */
import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { ruleset } from '../../../../src/rules/skirmish-ru';
import { headingOf, inFrontArc } from '../../../../src/rules/skirmish-ru/facing';
import {
  BASE_RADIUS,
  DEPLOY_DEPTH,
  layoutOf,
  MAX_ROUNDS,
  setupState,
  TABLE,
} from '../../../../src/rules/skirmish-ru/game';
import { fresh, gangs, matchOf, placed, play, refuse, set, table } from './fixture';

describe('skirmish-ru set-up', () => {
  it('two gangs on 48" x 48": A along the south edge facing north, B along the north edge facing south, evenly spread', () => {
    const s = fresh();
    expect(s.table).toEqual(TABLE);
    expect(s.round).toBe(1);
    expect(s.maxRounds).toBe(MAX_ROUNDS);
    expect(s.turn).toBe('A');
    const a = Object.values(s.fighters).filter((f) => f.side === 'A');
    const b = Object.values(s.fighters).filter((f) => f.side === 'B');
    expect(a.map((f) => f.pos[0])).toEqual([6.86, 13.71, 20.57, 27.43, 34.29, 41.14]);
    expect(b.map((f) => f.pos[0])).toEqual([6.86, 13.71, 20.57, 27.43, 34.29, 41.14]);
    for (const f of a) expect([TABLE.depth - f.pos[2] <= DEPLOY_DEPTH, f.facing]).toEqual([true, 270]);
    for (const f of b) expect([f.pos[2] <= DEPLOY_DEPTH, f.facing]).toEqual([true, 90]);
  });

  it('each fighter: its statline, full wounds, no flags, each weapon unjammed with full ammunition (melee: none)', () => {
    const f = fresh().fighters['A.vozhak-grom']!;
    const src = gangs().gangs[0]!.fighters[0]!;
    expect(f.stats.movement).toBe(src.movement);
    expect(f.wounds).toEqual({ wounds: 3, excess: 0, condition: 'active' });
    expect([f.prone, f.pinned, f.hidden, f.reserved, f.fatigue, f.lastMove]).toEqual([
      false,
      false,
      false,
      false,
      0,
      'none',
    ]);
    expect(f.arms).toEqual({
      avtomat: { jammed: false, ammo: 10 },
      pistolet: { jammed: false, ammo: 8 },
      nozh: { jammed: false, ammo: null },
    });
  });

  it('an unknown gang is refused by name', () => {
    expect(() => setupState(TABLE, { data: gangs(), gangs: ['nope', 'deti-kotelnoy'] })).toThrow(/no gang "nope"/);
  });

  it('the layout: 25 mm bases 1.1" tall; the seriously wounded lie on the table, the dead are off it', () => {
    let s = fresh();
    s = set('A.kosoy', { wounds: { wounds: 0, excess: 0, condition: 'seriously-wounded' } })(s);
    s = set('A.maloy', { wounds: { wounds: 0, excess: 5, condition: 'dead' } })(s);
    const l = layoutOf(s);
    expect(l.models['A.kosoy']).toMatchObject({ baseMm: 25, height: 1.1, kind: 'infantry', side: 'A' });
    expect(l.models['A.maloy']).toBeUndefined();
    expect(Object.keys(l.models)).toHaveLength(11);
  });
});

describe('skirmish-ru front arc (180 degrees, from positions and facing)', () => {
  const r = BASE_RADIUS;
  it.each([
    ['straight ahead', [10, 0, 0], true],
    ['just ahead of the side line', [0.01, 0, 10], true],
    ['beside, the base half in front', [0, 0, 10], true],
    ['behind by more than a base radius', [-r - 0.01, 0, 10], false],
    ['behind by less than a base radius (the base pokes into the front)', [-r + 0.01, 0, 10], true],
    ['straight behind', [-10, 0, 0], false],
  ] as const)('facing +x (0°): a target %s is in the arc: %s', (_w, at, inArc) => {
    expect(inFrontArc([0, 0, 0], 0, at, r)).toBe(inArc);
  });

  it('headings: +x is 0°, +z 90°, -z 270°', () => {
    expect(headingOf([0, 0, 0], [3, 0, 0])).toBe(0);
    expect(headingOf([0, 0, 0], [0, 0, 3])).toBe(90);
    expect(headingOf([0, 0, 0], [0, 0, -3])).toBe(270);
  });
});

describe('skirmish-ru turn order: alternating activations', () => {
  const three = () => placed({ 'A.vozhak-grom': [10, 40], 'A.kosoy': [20, 40], 'B.batya': [10, 5] });

  it('the gangs alternate; a gang with nobody left passes the round; the next round begins with the other gang', () => {
    const q = table();
    let m = matchOf(three());
    m = play(m, 'A', { type: 'done', fighter: 'A.vozhak-grom' }, q).match;
    expect(m.state.turn).toBe('B');
    refuse(m, 'A', { type: 'done', fighter: 'A.kosoy' }, q, 'engine:error.wrong-player');
    m = play(m, 'B', { type: 'done', fighter: 'B.batya' }, q).match;
    expect(m.state.turn).toBe('A');
    refuse(m, 'A', { type: 'done', fighter: 'A.vozhak-grom' }, q, 'skirmish-ru:refuse.activated');
    const r = play(m, 'A', { type: 'done', fighter: 'A.kosoy' }, q);
    expect(r.match.state.round).toBe(2);
    expect(r.match.state.turn).toBe('B');
    expect(r.events.map((e) => en(e.text))).toContain('Round 2: Дети Котельной activates first');
    expect(Object.values(r.match.state.fighters).every((f) => !f.activated)).toBe(true);
  });

  it('whole-side turns (set-up option): a gang activates all its fighters, then the other; the next round the other begins', () => {
    const q = table();
    let m = matchOf({ ...three(), turnOrder: 'sides' as const });
    m = play(m, 'A', { type: 'done', fighter: 'A.vozhak-grom' }, q).match;
    expect(m.state.turn).toBe('A');
    m = play(m, 'A', { type: 'done', fighter: 'A.kosoy' }, q).match;
    expect(m.state.turn).toBe('B');
    m = play(m, 'B', { type: 'done', fighter: 'B.batya' }, q).match;
    expect([m.state.round, m.state.turn]).toEqual([2, 'B']);
    expect(fresh().turnOrder).toBe('alternating');
  });

  it(`after the last round the battle is over; the score is enemy fighters taken out, equal is a draw`, () => {
    const q = table();
    let m = matchOf({ ...three(), maxRounds: 1 });
    m = play(m, 'A', { type: 'done', fighter: 'A.vozhak-grom' }, q).match;
    m = play(m, 'B', { type: 'done', fighter: 'B.batya' }, q).match;
    const r = play(m, 'A', { type: 'done', fighter: 'A.kosoy' }, q);
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.result?.reason).toBe('1 rounds have been played');
    // placed() took out 4 of A (6) and 5 of B (6).
    expect(ruleset.outcome(r.match.state)).toEqual({ winner: 'A', score: { A: 5, B: 4 } });
    expect(ruleset.currentPlayer(r.match.state)).toBeNull();
    refuse(r.match, 'A', { type: 'done', fighter: 'A.kosoy' }, q, 'engine:error.game-over');
  });

  it('a fresh battle: both gangs whole after all rounds is a draw 0 to 0', () => {
    const s = { ...fresh(), phase: 'over' as const, result: { reason: 'test' } };
    expect(ruleset.outcome(s)).toEqual({ winner: null, score: { A: 0, B: 0 } });
    expect(ruleset.outcome(fresh())).toBeNull();
  });
});
