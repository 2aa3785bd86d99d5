/**
 * Leaning out (BLKOUT 5a, 5b): "그 마커에서 시야와 거리를 잰다" (sight and range from the marker), and a
 * Sprint may end leaning out ("질주 중에 내밀면 행동을 마친 것이므로" Overwatch may answer it).
 */
import { describe, expect, it } from 'vitest';
import { blkoutMove } from '../../../../src/rules/blkout/ai';
import { fakeTable } from '../../../support/fakeTable';
import type { Queries } from '../../../../src/rules/engine/queries';
import { matchOf, midGame, play, refuse } from './fixture';
import { legalActions } from '../../../../src/rules/blkout/legal';
import { picksOf, pickAction } from '../../../../src/rules/blkout/describe';
import { layoutOf, radiusOf, type BlkoutState } from '../../../../src/rules/blkout/game';
import { HE_MARKER } from '../../../../src/rules/blkout/blast';
import { weaponsAt } from '../../../../src/rules/blkout/situation';
import { MARKER_25MM_RADIUS } from '../../../../src/rules/engine/units';

// A1.0: Harlow Assault Team grunt (Move 6, FAL-32C 0-24" / 1, CQB; Harlow sprints +2"). A2.3: Harlow
// Control Team Grenadier (Grenade Launcher 0-24", Blast (1)). B1.0: Bratva grunt (Armour 1/4).
// B1.3: Bratva HMG Gunner (HMG 4-24"). A2.0 and B2.0 stand far off so the round goes on.
const spread = { 'A1.0': [10, 10], 'A2.3': [10, 4], 'B1.0': [10, 30], 'B1.3': [30, 30], 'A2.0': [2, 2] } as Record<
  string,
  [number, number]
>;

/**
 * The table for one pair: `viewer`'s body does not see `target` (its lean-out marker does) unless
 * `bodySees`; `body` and `marker` are the two distances the table answers for the pair.
 */
function peek(viewer: string, target: string, body: number, marker: number, bodySees = false): Queries {
  const pair = (a: string, b: string) => (a === viewer && b === target) || (a === target && b === viewer);
  return fakeTable({
    sight: (v, t) => (v === viewer && t === target && !bodySees ? { fromViewerMarker: true } : {}),
    override: (q) => ({
      distance: (a, b) => (pair(a, b) ? body : q.distance(a, b)),
      markerDistance: (a, b) => (a === viewer && b === target ? marker : q.markerDistance(a, b)),
    }),
  });
}

/** Beside a base at (x, z), towards +x: where a lean-out marker touches it. */
const beside = (s: BlkoutState, id: string): [number, number] => {
  const [x, , z] = s.models[id]!.pos!;
  return [x + radiusOf(s.models[id]!) + MARKER_25MM_RADIUS + 0.01, z];
};

/** `unit` activated; `model` leans out in Reposition; on to the Actions step. */
function leaned(q: Queries, unit: string, model: string) {
  let m = matchOf(midGame(spread));
  m = play(m, 'A', { type: 'activate', unit }, q).match;
  const [x, z] = beside(m.state, model);
  m = play(m, 'A', { type: 'lean-out', model, x, y: 0, z }, q).match;
  expect(m.state.models[model]!.leanOut).toEqual([x, 0, z]);
  return play(m, 'A', { type: 'end-reposition' }, q).match;
}

describe('BLKOUT 5a: a model seen from its lean-out marker measures range from the marker', () => {
  it.each([
    // [from the marker, from the base, the body sees too, in range]
    [24, 25, false, true],
    [23.99, 25, false, true],
    [24.01, 23, false, false],
    // The body sees: sight and range from the base (the marker plays no part).
    [10, 24, true, true],
    [10, 24.01, true, false],
    [30, 23.99, true, true],
  ] as const)('%s" from the marker, %s" from the base (body sees: %s): in range %s', (marker, body, bodySees, ok) => {
    let q = peek('A1.0', 'B1.0', body, marker, bodySees);
    const m = leaned(q, 'A1', 'A1.0');
    q = q.at(layoutOf(m.state));
    expect(weaponsAt(m.state, q, 'A1.0', 'B1.0')).toEqual(ok ? [0] : []);
    const shot = { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' } as const;
    if (!ok) {
      expect(refuse(m, 'A', shot, q, 'blkout:error.shotRange')).toMatchObject({
        error: 'out-of-range',
        message: expect.stringContaining(`is ${bodySees ? body : marker}" away`),
      });
      return;
    }
    // The shot resolves with scripted dice: three misses (no CQB re-roll past 12"), nothing to armour.
    const declared = play(m, 'A', shot, q).match;
    const r = play(declared, 'B', { type: 'pass' }, q, [1, 2, 3]);
    expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ rolls: [1, 2, 3], successes: 0 });
  });

  it.each([
    // CQB re-rolls failed shots within half range (12"), measured from the marker.
    [12, 13, [1, 2, 3, 1, 1, 1]],
    [12.01, 11, [1, 2, 3]],
  ] as const)('CQB: %s" from the marker (%s" from the base) re-rolls %j', (marker, body, dice) => {
    const q = peek('A1.0', 'B1.0', body, marker);
    const m = leaned(q, 'A1', 'A1.0');
    const declared = play(m, 'A', { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' }, q).match;
    // play() throws when a scripted die is left over, so the re-roll is exactly as listed.
    const r = play(declared, 'B', { type: 'pass' }, q, [...dice]);
    expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ successes: 0 });
  });

  it.each([
    [24, 25, true],
    [23.99, 25, true],
    [24.01, 23, false],
  ] as const)(
    'a target seen only by its own marker (taken as the model): %s" to that marker (%s" to its base) in range %s',
    (marker, body, ok) => {
      const pair = (a: string, b: string) => [a, b].sort().join() === 'A1.0,B1.0';
      const q: Queries = fakeTable({
        sight: (v, t) => (v === 'A1.0' && t === 'B1.0' ? { targetOnlyViaMarker: true } : {}),
        override: (base) => ({
          distance: (a, b) => (pair(a, b) ? body : base.distance(a, b)),
          markerDistance: (a, b) => (a === 'B1.0' && b === 'A1.0' ? marker : base.markerDistance(a, b)),
        }),
      });
      const s = midGame(spread, (s0) => ({
        ...s0,
        models: { ...s0.models, 'B1.0': { ...s0.models['B1.0']!, leanOut: [11, 0, 30] } },
      }));
      let m = matchOf(s);
      m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
      m = play(m, 'A', { type: 'end-reposition' }, q).match;
      const shot = { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' } as const;
      if (!ok) {
        expect(refuse(m, 'A', shot, q, 'blkout:error.shotRange')).toMatchObject({
          error: 'out-of-range',
          message: expect.stringContaining('24.01'),
        });
        return;
      }
      // Only its marker seen: partial cover, 2 dice (both miss).
      const r = play(play(m, 'A', shot, q).match, 'B', { type: 'pass' }, q, [1, 2]);
      expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ rolls: [1, 2], successes: 0 });
    },
  );

  it.each([
    // Minimum range too: the HMG's 4" from the marker's edge.
    [4, 3, true],
    [3.99, 5, false],
  ] as const)('HMG 4-24": %s" from the marker (%s" from the base): in range %s', (marker, body, ok) => {
    let q = peek('B1.3', 'A1.0', body, marker);
    const s = midGame(spread, (s0) => ({
      ...s0,
      models: { ...s0.models, 'B1.3': { ...s0.models['B1.3']!, leanOut: [31, 0, 30] } },
    }));
    q = q.at(layoutOf(s));
    expect(weaponsAt(s, q, 'B1.3', 'A1.0')).toEqual(ok ? [0] : []);
  });

  it.each([
    [24, 25, true],
    [24.01, 23, false],
  ] as const)(
    'an HE marker seen from the lean-out marker: %s" from it (%s" from the base) in range %s',
    (marker, body, ok) => {
      const q = peek('A2.3', HE_MARKER, body, marker);
      const m = leaned(q, 'A2', 'A2.3');
      const blast = { type: 'blast', model: 'A2.3', weapon: 0, x: 30, y: 0, z: 12 } as const;
      if (!ok) {
        expect(refuse(m, 'A', blast, q, 'blkout:error.heRange')).toMatchObject({
          error: 'out-of-range',
          message: expect.stringContaining('24.01'),
        });
        return;
      }
      // The HE check: 2D10, both miss (nobody may Return Fire, and nobody is within 1" of the marker).
      const r = play(m, 'A', blast, q, [1, 2]);
      expect(r.events.find((e) => e.type === 'skill-check')).toMatchObject({ rolls: [1, 2], successes: 0 });
    },
  );
});

describe('BLKOUT 5b: a Sprint may end leaning out, and Overwatch answers the completed action', () => {
  /** A1 activated and on to its Actions step; B1.0 10" off, in sight and range. */
  function acting(q: Queries) {
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'B1.0': [15, 20], 'A2.0': [2, 2], 'B2.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    return play(m, 'A', { type: 'end-reposition' }, q).match;
  }

  it('sprints its 8" less half its Move (5"), then places the marker; Overwatch comes after the marker', () => {
    const q = fakeTable();
    const m = acting(q);
    // The pick: Sprint and lean out, 5"; a click makes the sprint that leans.
    const pick = picksOf(m.state, legalActions(m.state, 'A', q)).find((p) => p.type === 'sprint-lean');
    expect(pick).toMatchObject({ model: 'A1.0', allowance: 5 });
    expect(pickAction(pick!, 15, 0, 10)).toEqual({ type: 'sprint', model: 'A1.0', x: 15, y: 0, z: 10, lean: true });
    // 5" is the most: 5.01" is refused, 4.99" and 5" are taken.
    const sprint = (x: number) => ({ type: 'sprint', model: 'A1.0', x, y: 0, z: 10, lean: true }) as const;
    expect(refuse(m, 'A', sprint(15.01), q, 'blkout:error.sprintLeanTooFar')).toMatchObject({
      error: 'out-of-range',
      message: expect.stringContaining('sprints up to 5" (8" less half its Move to lean out)'),
    });
    expect(play(m, 'A', sprint(14.99), q).match.state.activation?.leaning).toBe('A1.0');
    const sprinted = play(m, 'A', sprint(15), q).match;
    // Not complete yet: no Overwatch, and the marker is all A may do.
    expect(sprinted.window).toBeNull();
    expect(sprinted.state.models['A1.0']!.pos).toEqual([15, 0, 10]);
    const legal = legalActions(sprinted.state, 'A', q);
    expect(legal.length).toBe(8);
    expect(legal.every((a) => a.type === 'lean-out' && a.model === 'A1.0')).toBe(true);
    expect(refuse(sprinted, 'A', { type: 'end-activation' }, q, 'blkout:error.leanFirst').message).toMatch(
      /places its lean-out marker first/,
    );
    expect(
      refuse(sprinted, 'A', { type: 'lean-out', model: 'A1.0', x: 17, y: 0, z: 10 }, q, 'blkout:error.leanBeside')
        .error,
    ).toBe('out-of-range');
    const [x, z] = beside(sprinted.state, 'A1.0');
    const r = play(sprinted, 'A', { type: 'lean-out', model: 'A1.0', x, y: 0, z }, q);
    expect(r.match.state.models['A1.0']!.leanOut).toEqual([x, 0, z]);
    expect(r.match.state.activation?.leaning).toBeNull();
    // The Sprint is complete: B1.0 may overwatch it (a Sprint in sight, whatever the distance).
    expect(r.match.window?.player).toBe('B');
    expect(r.match.window?.options).toContainEqual({ type: 'overwatch', model: 'B1.0', weapon: 0 });
  });

  it('the AI, left with a Sprint that leans out, places the marker (the only legal action)', () => {
    const q = fakeTable();
    // A second model of the unit has yet to act: the marker still comes first.
    let m = matchOf(midGame({ 'A1.0': [10, 10], 'A1.1': [8, 8], 'B1.0': [15, 20], 'B2.0': [34, 34] }));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'end-reposition' }, q).match;
    const sprinted = play(m, 'A', { type: 'sprint', model: 'A1.0', x: 15, y: 0, z: 10, lean: true }, q).match;
    const move = blkoutMove(sprinted, 'A', q);
    expect(move).toMatchObject({ type: 'lean-out', model: 'A1.0' });
    expect(legalActions(sprinted.state, 'A', q)).toContainEqual(move);
  });

  it('a Sprint that leans out needs room for the marker where it ends (else it is refused, not left stuck)', () => {
    // Nothing may stand in the ring around [15, 10] where a marker would touch the base.
    const q: Queries = fakeTable({
      override: (base) => ({
        standHeight: (mm, h, x, z, y, ignore) => {
          const d = Math.hypot(x - 15, z - 10);
          return d > 0.5 && d < 1.5 ? null : base.standHeight(mm, h, x, z, y, ignore);
        },
      }),
    });
    const m = acting(q);
    expect(
      refuse(
        m,
        'A',
        { type: 'sprint', model: 'A1.0', x: 15, y: 0, z: 10, lean: true },
        q,
        'blkout:error.leanNoRoomBeside',
      ).message,
    ).toMatch(/no room for a lean-out marker beside/);
    expect(
      play(m, 'A', { type: 'sprint', model: 'A1.0', x: 15, y: 0, z: 10 }, q).match.state.models['A1.0']!.pos,
    ).toEqual([15, 0, 10]);
  });

  it('a Sprint without leaning out still goes its full 8"', () => {
    const q = fakeTable();
    const m = acting(q);
    const r = play(m, 'A', { type: 'sprint', model: 'A1.0', x: 18, y: 0, z: 10 }, q);
    expect(r.match.state.activation?.leaning).toBeUndefined();
    expect(r.match.window?.player).toBe('B');
  });
});

describe('BLKOUT 5: "after moving, half its Move": a model that moved up to half its Move in Reposition may lean out', () => {
  it.each([
    [2.99, true],
    [3, true],
    [3.01, false],
  ] as const)('A1.0 (Move 6) moves %s" then leans out: %s', (d, ok) => {
    const q = fakeTable();
    let m = matchOf(midGame(spread));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    m = play(m, 'A', { type: 'move', model: 'A1.0', x: 10 + d, y: 0, z: 10 }, q).match;
    // More than half its Move: B1.0 may overwatch the move first (it passes).
    expect(m.window?.player ?? null).toBe(ok ? null : 'B');
    if (m.window) m = play(m, 'B', { type: 'pass' }, q).match;
    const picks = picksOf(m.state, legalActions(m.state, 'A', q)).filter((p) => p.model === 'A1.0');
    expect(picks.map((p) => p.type)).toEqual(ok ? ['lean-out'] : []);
    // The legal list offers its marker spots too (the AI and Hard's look-ahead choose from it): 8 round an open base.
    const leans = legalActions(m.state, 'A', q).filter((l) => l.type === 'lean-out' && l.model === 'A1.0');
    expect(leans).toHaveLength(ok ? 8 : 0);
    const [x, z] = beside(m.state, 'A1.0');
    const lean = { type: 'lean-out', model: 'A1.0', x, y: 0, z } as const;
    if (!ok) {
      expect(refuse(m, 'A', lean, q, 'blkout:error.leanCost')).toMatchObject({
        error: 'out-of-range',
        message: `leaning out costs half its Move: Assault Team 1 has moved ${d}" of 6"`,
      });
      return;
    }
    m = play(m, 'A', lean, q).match;
    // No Overwatch against a lean-out in Reposition; once leaned, neither another marker nor a move.
    expect(m.window).toBeNull();
    expect(m.state.models['A1.0']!.leanOut).toEqual([x, 0, z]);
    expect(refuse(m, 'A', lean, q, 'blkout:error.alreadyRepositioned').message).toMatch(/already repositioned/);
    expect(picksOf(m.state, legalActions(m.state, 'A', q)).filter((p) => p.model === 'A1.0')).toEqual([]);
  });
});

describe('BLKOUT 5, the AI: it leans out in Reposition where only its marker would see the enemy', () => {
  // A1.0's body sees nobody anywhere; with its marker out, the marker sees B1.0 and B1.0 sees only the marker.
  const q = fakeTable({
    sight: (v, t, layout) => {
      const marker = layout.models['A1.0']?.leanOut ?? null;
      if (v === 'A1.0' && t === 'B1.0' && marker) return { fromViewerMarker: true };
      if (v === 'B1.0' && t === 'A1.0' && marker) return { targetOnlyViaMarker: true, visibleFraction: 0.1 };
      return { hasLos: false, visibleFraction: 0 };
    },
  });

  it('offers the lean-outs before A1.0 moves, and the AI takes one for A1.0 (seed 1)', () => {
    let m = matchOf(midGame(spread));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, q).match;
    expect(legalActions(m.state, 'A', q).filter((l) => l.type === 'lean-out' && l.model === 'A1.0')).toHaveLength(8);
    const move = blkoutMove(m, 'A', q);
    expect(move).toMatchObject({ type: 'lean-out', model: 'A1.0' });
  });

  it('does not lean out where the marker would see nobody either (it ends the Reposition or moves instead)', () => {
    const blind = fakeTable({ sight: () => ({ hasLos: false, visibleFraction: 0 }) });
    let m = matchOf(midGame(spread));
    m = play(m, 'A', { type: 'activate', unit: 'A1' }, blind).match;
    expect(blkoutMove(m, 'A', blind)?.type).not.toBe('lean-out');
  });
});
