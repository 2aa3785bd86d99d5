import { describe, expect, it } from 'vitest';
import type { RuleEvent } from '../../../src/rules/engine/types';
import { arcApex, displayPoses, facingTowards, routePose, TURN_SHARE } from '../../../src/scene/motion';
import { animationMs } from '../../../src/state/eventQueue';
import { GLIDE_MS, motionKind, SLIDE_MS } from '../../../src/state/motionTiming';

// The store's models stand where the rules left them (after every queued event).
const models = [
  { id: 'a', position: [12, 0, 10] as const, facingDeg: 90 },
  { id: 'b', position: [20, 0, 10] as const, facingDeg: 0 },
  { id: 'c', position: [5, 0, 5] as const, facingDeg: 180 },
];
const move: RuleEvent = { type: 'moved', text: 'a moves 6"', model: 'a', from: [6, 0, 10], to: [12, 0, 10] };

describe('display poses while rule events play', () => {
  it('an empty queue (nothing to play, or Skip) draws every model where the store says', () => {
    expect(displayPoses([], 0.5, models).size).toBe(0);
  });

  it('glides a move: at its start, half way at the midpoint (eased), at its end when done', () => {
    expect(displayPoses([move], 0, models).get('a')!.position).toEqual([6, 0, 10]);
    expect(displayPoses([move], 0.5, models).get('a')!.position).toEqual([9, 0, 10]);
    expect(displayPoses([move], 0.25, models).get('a')!.position[0]).toBeCloseTo(6.75, 6);
    expect(displayPoses([move], 1, models).get('a')!.position).toEqual([12, 0, 10]);
    // It faces its way of travel (+x: 0 degrees) mid-glide and turns back to its facing at the end.
    expect(displayPoses([move], 0.5, models).get('a')!.facingDeg).toBeCloseTo(0, 6);
    expect(displayPoses([move], 1, models).get('a')!.facingDeg).toBeCloseTo(90, 6);
  });

  it('glides along a measured route when one is given: the corner at half its length, facing along each leg', () => {
    // North 6", east 6", south 6": a route of three legs to where the store's 'a' stands, (12, 0, 10).
    const route = [
      [6, 0, 10],
      [6, 0, 4],
      [12, 0, 4],
      [12, 0, 10],
    ] as const;
    const routed = (e: unknown) => (e === move ? route : null);
    // Eased half way = 9" of 18": the middle of the second leg.
    const mid = displayPoses([move], 0.5, models, routed).get('a')!;
    expect(mid.position[0]).toBeCloseTo(9, 6);
    expect(mid.position[2]).toBeCloseTo(4, 6);
    expect(mid.facingDeg).toBeCloseTo(0, 6);
    // A quarter through (eased 1/8 of 18" = 2.25"): on the first leg, heading north (-z is 90 degrees).
    const early = routePose(route, 0.25, 90);
    expect(early.position[0]).toBeCloseTo(6, 6);
    expect(early.position[2]).toBeCloseTo(10 - 2.25, 6);
    expect(early.facingDeg).toBeCloseTo(90, 6);
    // The end of the route, back to the model's own facing.
    expect(routePose(route, 1, 90).position).toEqual([12, 0, 10]);
    expect(routePose(route, 1, 90).facingDeg).toBeCloseTo(90, 6);
    // It takes the route's 18" at the glide's pace (3 s, clamped to 2.5 s), where the straight 6" takes 1 s.
    expect(animationMs(move, 1)).toBe(1000);
    expect(animationMs(move, 1, 12)).toBe(2000);
    expect(animationMs(move, 2, 12)).toBe(1000);
    expect(animationMs(move, 1, 18)).toBe(2500);
    // Without a route (or a two-point one) it glides straight, as before.
    expect(displayPoses([move], 0.5, models, () => null).get('a')!.position).toEqual([9, 0, 10]);
  });

  it('leaves models without events untouched', () => {
    const poses = displayPoses([move], 0.5, models);
    expect(poses.has('b')).toBe(false);
    expect(poses.has('c')).toBe(false);
  });

  it('draws a model whose move is queued but not started at that move`s start', () => {
    const shot: RuleEvent = { type: 'shot', text: 'b shoots c', shooter: 'b', target: 'c', hit: false };
    const later: RuleEvent = { type: 'moved', text: 'c moves', model: 'c', from: [1, 0, 5], to: [5, 0, 5] };
    const poses = displayPoses([shot, later], 0.9, models);
    expect(poses.get('c')!.position).toEqual([1, 0, 5]);
    // Its second queued move starts where its first one does not matter: the first decides.
    const again: RuleEvent = { type: 'moved', text: 'c moves on', model: 'c', from: [5, 0, 5], to: [5, 0, 9] };
    expect(displayPoses([shot, later, again], 0.2, models).get('c')!.position).toEqual([1, 0, 5]);
  });

  it('arcs a jump: highest at its middle, by the apex for its length', () => {
    const jump: RuleEvent = { type: 'jump', text: 'a leaps', model: 'a', from: [8, 2, 10], to: [12, 2, 10] };
    expect(motionKind(jump)).toBe('arc');
    const mid = displayPoses([jump], 0.5, models).get('a')!;
    expect(mid.position[0]).toBeCloseTo(10, 6);
    expect(mid.position[1]).toBeCloseTo(2 + arcApex(4), 6);
    expect(displayPoses([jump], 0.25, models).get('a')!.position[1]).toBeLessThan(mid.position[1]);
    // A move the rules tag as a jump arcs too.
    expect(motionKind({ type: 'moved', how: 'jump', model: 'a', to: [1, 0, 1] })).toBe('arc');
  });

  it('drops a fall under gravity from straight above its landing when it carries no start', () => {
    const fall: RuleEvent = { type: 'fall', text: 'a falls 4"', model: 'a', to: [12, 0, 10], height: 4 };
    expect(motionKind(fall)).toBe('drop');
    expect(displayPoses([fall], 0, models).get('a')!.position).toEqual([12, 4, 10]);
    // Past the first fifth it falls: after 0.6 it has covered (0.4/0.8)^2 = a quarter of the height.
    expect(displayPoses([fall], 0.6, models).get('a')!.position[1]).toBeCloseTo(3, 6);
    expect(displayPoses([fall], 1, models).get('a')!.position[1]).toBeCloseTo(0, 6);
  });

  it('slides a push-back fast and low, keeping the facing and leaning back', () => {
    const push: RuleEvent = {
      type: 'moved',
      text: 'b is pushed back 1"',
      model: 'b',
      from: [19, 0, 10],
      to: [20, 0, 10],
      how: 'push',
    };
    expect(motionKind(push)).toBe('slide');
    const mid = displayPoses([push], 0.5, models).get('b')!;
    expect(mid.position[0]).toBeCloseTo(19.75, 6);
    expect(mid.position[1]).toBe(0);
    expect(mid.facingDeg).toBe(0);
    expect(mid.tilt).toBeLessThan(0);
    expect(animationMs(push, 1)).toBe(SLIDE_MS);
  });

  it('turns a shooter to face its target in the first part of the shot, then holds it', () => {
    // b at (20, 10) faces +x (0 deg); c at (5, 5) is behind it and towards -z.
    const shot: RuleEvent = { type: 'shot', text: 'b shoots c', shooter: 'b', target: 'c', hit: true };
    const want = facingTowards([20, 0, 10], [5, 0, 5]);
    expect(want).toBeCloseTo((Math.atan2(5, -15) * 180) / Math.PI, 6);
    expect(displayPoses([shot], 0, models).get('b')!.facingDeg).toBeCloseTo(0, 6);
    const half = displayPoses([shot], TURN_SHARE / 2, models).get('b')!.facingDeg;
    expect(half).toBeCloseTo(want / 2, 6);
    expect(displayPoses([shot], TURN_SHARE, models).get('b')!.facingDeg).toBeCloseTo(want, 6);
    expect(displayPoses([shot], 0.9, models).get('b')!.facingDeg).toBeCloseTo(want, 6);
    // The shooter stays where it stands; the target does not move.
    expect(displayPoses([shot], 0.9, models).get('b')!.position).toEqual([20, 0, 10]);
    expect(displayPoses([shot], 0.9, models).has('c')).toBe(false);
  });

  it('turns the short way round', () => {
    const m = [
      { id: 's', position: [0, 0, 0] as const, facingDeg: 170 },
      { id: 't', position: [-10, 0, 1] as const, facingDeg: 0 },
    ];
    const shot: RuleEvent = { type: 'shot', text: 's shoots t', shooter: 's', target: 't' };
    const want = facingTowards([0, 0, 0], [-10, 0, 1]); // about -174 degrees, 16 degrees from 170 the short way
    const half = displayPoses([shot], TURN_SHARE / 2, m).get('s')!.facingDeg;
    expect(Math.abs(half - 170)).toBeLessThan(10);
    expect(displayPoses([shot], TURN_SHARE, m).get('s')!.facingDeg).toBeCloseTo(want + 360, 6);
  });

  it('times a glide by its length at a readable pace, clamped, and scaled by the speed', () => {
    expect(animationMs(move, 1)).toBe(1000); // 6" at 6"/s
    expect(animationMs(move, 2)).toBe(500);
    expect(animationMs({ ...move, to: [6.5, 0, 10] }, 1)).toBe(GLIDE_MS[0]);
    expect(animationMs({ ...move, to: [60, 0, 10] }, 1)).toBe(GLIDE_MS[1]);
  });
});
