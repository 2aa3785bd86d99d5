import { describe, expect, it } from 'vitest';
import { fakeTable } from '../../../support/fakeTable';
import { fresh, matchOf, midGame, play, refuse } from './fixture';
import { quadrantControl, quadrants } from '../../../../src/rules/blkout/score';
import { ruleset, type BlkoutState } from '../../../../src/rules/blkout';
import { legalMoves } from '../../../../src/rules/engine/match';

describe('blkout set-up', () => {
  it('hardpoints alternate, more than 4" from the edges and each other; a D10 roll-off (ties re-rolled) picks the first deployer, who picks an edge', () => {
    const q = fakeTable();
    let m = matchOf(fresh());
    expect(refuse(m, 'A', { type: 'place-hardpoint', x: 4, z: 18 }, q, 'blkout:error.hardpointEdge').error).toBe(
      'out-of-range',
    );
    m = play(m, 'A', { type: 'place-hardpoint', x: 12, z: 18 }, q).match;
    expect(refuse(m, 'B', { type: 'place-hardpoint', x: 15, z: 20 }, q, 'blkout:error.hardpointApart').message).toBe(
      'a hardpoint must be more than 4" from hardpoint 1 (edge to edge this spot is 2.03" from it)',
    );
    // Edge to edge (40 mm discs): 4.5" from an edge and 4.5" between centres are too close.
    expect(refuse(m, 'B', { type: 'place-hardpoint', x: 4.5, z: 18 }, q, 'blkout:error.hardpointEdge').message).toMatch(
      /edge is 3.71"/,
    );
    expect(
      refuse(m, 'B', { type: 'place-hardpoint', x: 16.5, z: 18 }, q, 'blkout:error.hardpointApart').message,
    ).toMatch(/2.93" from it/);
    // Roll-off 5-5 (re-roll), then 3-7: B deploys first; then seven dice shuffle the BURN deck.
    m = play(m, 'B', { type: 'place-hardpoint', x: 24, z: 18 }, q, [5, 5, 3, 7, 1, 1, 1, 1, 1, 1, 1]).match;
    expect(m.state).toMatchObject({ phase: 'edge', firstDeployer: 'B', turn: 'B' });
    m = play(m, 'B', { type: 'choose-edge', edge: 'north' }, q).match;
    expect(m.state.edges).toEqual({ B: 'north', A: 'south' });
  });

  it('deployment within 4" of the own edge, one unit may be held back to infiltrate; the first deployer has round 1 initiative', () => {
    const q = fakeTable();
    let s: BlkoutState = {
      ...fresh(),
      phase: 'deploy',
      firstDeployer: 'B',
      turn: 'B',
      edges: { B: 'north', A: 'south' },
    };
    let m = matchOf(s);
    expect(
      refuse(m, 'B', { type: 'deploy', model: 'B1.0', x: 10, y: 0, z: 5 }, q, 'blkout:error.deployDepth').error,
    ).toBe('out-of-range');
    m = play(m, 'B', { type: 'hold-back', unit: 'B3' }, q).match;
    expect(refuse(m, 'B', { type: 'hold-back', unit: 'B2' }, q, 'blkout:error.oneHeldBack').message).toMatch(
      /only one unit/,
    );
    // Deploy the rest of B along the north edge (z = 0, the far side), then all of A along the south (nearest the player).
    s = m.state;
    let x = 1;
    for (const id of Object.keys(s.models).filter((k) => k.startsWith('B') && !k.startsWith('B3'))) {
      m = play(m, 'B', { type: 'deploy', model: id, x: (x += 1.1), y: 0, z: 2 }, q).match;
    }
    expect(m.state.turn).toBe('A');
    x = 1;
    const aModels = Object.keys(s.models).filter((k) => k.startsWith('A'));
    for (const [i, id] of aModels.entries()) {
      const r = play(m, 'A', { type: 'deploy', model: id, x: (x += 1.1), y: 0, z: 34 }, q);
      m = r.match;
      if (i === aModels.length - 1) expect(r.events.map((e) => e.type)).toContain('round');
    }
    expect(m.state).toMatchObject({ phase: 'execution', round: 1, initiative: 'B', turn: 'B' });
    expect(m.state.units.B3!.offTable).toBe(true);
    // The held-back unit enters from its edge in its Reposition, measured from the edge.
    m = play(m, 'B', { type: 'activate', unit: 'B3' }, q).match;
    expect(
      refuse(m, 'B', { type: 'move', model: 'B3.0', x: 20, y: 0, z: 6.5 }, q, 'blkout:error.moveTooFar').error,
    ).toBe('out-of-range');
    m = play(m, 'B', { type: 'move', model: 'B3.0', x: 20, y: 0, z: 5.5 }, q).match;
    expect(m.state.models['B3.0']!.pos).toEqual([20, 0, 5.5]);
  });
});

describe('blkout rounds', () => {
  it('Operations: markers and tokens cleared; smoke 6+ removed, else light smoke; light smoke cleared; initiative roll-off from round 2', () => {
    const q = fakeTable();
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B1.0': [34, 34] }, (s) => ({
        ...s,
        smoke: [
          { id: 'smoke-1', x: 18, z: 18, light: false, owner: 'A' },
          { id: 'smoke-2', x: 8, z: 28, light: false, owner: 'B' },
          { id: 'smoke-3', x: 28, z: 8, light: true, owner: 'B' },
        ],
        models: { ...s.models, 'A1.0': { ...s.models['A1.0']!, ready: true } },
      })),
    );
    // A's unit activates and ends; B's unit too: the round ends. Smoke rolls 6 and 2, initiative 4-9.
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'end-activation' }, q).match;
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    const r = play(m, 'B', { type: 'end-activation' }, q, [6, 2, 4, 9]);
    const s = r.match.state;
    expect(s.round).toBe(2);
    expect(s.smoke).toEqual([{ id: 'smoke-2', x: 8, z: 28, light: true, owner: 'B' }]);
    expect(s.initiative).toBe('B');
    expect(s.turn).toBe('B');
    expect(s.units.A1!.activated).toBe(false);
    expect(s.models['A1.0']!.ready).toBe(false);
  });

  it('a chained activation costs 1 CP, once per round; a handler activation removes the marker for 1 CP', () => {
    const q = fakeTable();
    let m = matchOf(midGame({ 'A0.0': [5, 5], 'A1.0': [10, 10], 'A2.0': [14, 10], 'B1.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'end-activation' }, q).match;
    expect(m.state.activation?.stage).toBe('after');
    m = play(m, 'A', { type: 'chain', unit: 'A2' }, q).match;
    expect(m.state.cp.A).toBe(2);
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'end-activation' }, q).match;
    // No second chain this round; the Control Team is a Controller: a free activation is offered. A declines.
    expect(legalMoves(ruleset, m, 'A', q)).toEqual([{ type: 'controller', unit: 'A0' }, { type: 'end-turn' }]);
    m = play(m, 'A', { type: 'end-turn' }, q).match;
    expect(m.state.turn).toBe('B');
    m = play(m, 'B', { type: 'activate', unit: 'B1' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    m = play(m, 'B', { type: 'end-activation' }, q).match;
    m = play(m, 'A', { type: 'activate', unit: 'A0' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'end-activation' }, q).match;
    expect(m.state.activation?.stage).toBe('after');
    m = play(m, 'A', { type: 'handler-again' }, q).match;
    expect(m.state.cp.A).toBe(1);
    expect(m.state.units.A0!.activated).toBe(false);
    expect(m.state.turn).toBe('A');
  });

  it('a Data Spike pins an enemy unit; a Pinned unit removes the marker instead of moving; Counter EWAR with more successes cancels it', () => {
    const q = fakeTable();
    // A2.2 is Harlow's Data Spike specialist; B1.2 is Bratva's (it may counter).
    let m = matchOf(midGame({ 'A2.2': [10, 10], 'B2.0': [30, 34], 'B1.2': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A2' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    m = play(m, 'A', { type: 'data-attack', model: 'A2.2', target: 'B2' }, q).match;
    expect(m.window?.options).toEqual([{ type: 'counter-ewar', model: 'B1.2' }]);
    // Attack 4, 1 = 1 success; B passes (no counter): pinned. Then overwatch: B1.2 and B2.0 are out of range.
    const pinned = play(m, 'B', { type: 'pass' }, q, [4, 1]).match;
    expect(pinned.state.units.B2!.pinned).toBe(true);
    // Counter: attack 4, 1 = 1; counter 5, 6 = 2: cancelled.
    const countered = play(m, 'B', { type: 'counter-ewar', model: 'B1.2' }, q, [4, 1, 5, 6]).match;
    expect(countered.state.units.B2!.pinned).toBe(false);
    expect(countered.state.models['B1.2']!.engaged).toBe(false);
    // The pinned unit activates: no model may reposition, the marker comes off.
    let p = pinned;
    p = play(p, 'B', { type: 'activate', unit: 'B2' }, q).match;
    expect(p.state.units.B2!.pinned).toBe(false);
    expect(
      refuse(p, 'B', { type: 'move', model: 'B2.0', x: 30, y: 0, z: 32 }, q, 'blkout:error.alreadyRepositioned')
        .message,
    ).toMatch(/already repositioned \(or its unit is Pinned\)/);
  });
});

describe('blkout scoring', () => {
  it('quadrants are inset 8" on a 36" table and 6" on 24"; models entirely inside count, a tracked model once per box', () => {
    expect(quadrants({ width: 36, depth: 36 })[0]).toEqual([8, 8, 18, 18]);
    expect(quadrants({ width: 24, depth: 24 })[3]).toEqual([12, 12, 18, 18]);
    // Quadrant 1: two Harlow grunts against a Springbok (track 2) and... B's Cyka (track 2) alone: 2-2 is a tie.
    const s = midGame({ 'A1.0': [10, 10], 'A1.1': [12, 12], 'B3.0': [14, 14], 'A2.0': [8.2, 8.2] });
    const q1 = quadrantControl(s)[0]!;
    // A2.0's base pokes outside the box (centre 8.2" from the edge, radius 0.49").
    expect(q1.counts).toEqual({ A: 2, B: 2 });
    expect(q1.controller).toBeNull();
  });

  it('rounds 3 and 5 score 2 per quadrant; at the end a destroyed unit is 1 point, a unit more than half destroyed rolls D10 (6+)', () => {
    const q = fakeTable();
    // Round 5, last activation: A holds quadrant 1; B's Insertion Team has 3 of 4 models destroyed.
    let m = matchOf(
      midGame({ 'A1.0': [10, 10], 'B2.0': [34, 34] }, (s) => ({
        ...s,
        round: 5,
        units: { ...s.units, A1: { ...s.units.A1!, activated: true } },
        models: { ...s.models, 'B2.1': { ...s.models['B2.1']!, destroyed: true } },
      })),
    );
    m = { ...m, state: { ...m.state, turn: 'B' } };
    m = play(m, 'B', { type: 'activate', unit: 'B2' }, q).match;
    m = play(m, 'B', { type: 'end-reposition' }, q).match;
    // End: quadrant 1 to A (2). Units: A's handler, control team and springbok are gone (3 to B); A's assault
    // team has 3 of 4 destroyed: rolls 7, counts. B's handler, bratva, cyka gone (3 to A); insertion rolls 5.
    const r = play(m, 'B', { type: 'end-activation' }, q, [7, 5]);
    expect(r.match.state.phase).toBe('over');
    expect(r.match.state.score).toEqual({ A: 2 + 3, B: 4 });
    expect(r.events.at(-1)).toMatchObject({ type: 'game-over', winner: 'A' });
  });
});
