/** Base contact (melee, close combat) and the shortest move that brings a base into contact. */
import { baseDistance } from '../geometry/measure';
import { modelIndexOf, type GeometryWorld } from '../geometry/world';
import { measuredPath, type MoveOptions, type MovePath, type RouteProblem } from './path';

/** Bases closer than this (inches) are in contact: the thickness of a hair on a real table. */
export const CONTACT_TOLERANCE = 0.02;

/** Whether two models' bases touch (edge to edge within the tolerance, in 3D). */
export function inBaseContact(world: GeometryWorld, aId: string, bId: string, tolerance = CONTACT_TOLERANCE): boolean {
  const a = world.bodies[modelIndexOf(world, aId)]!;
  const b = world.bodies[modelIndexOf(world, bId)]!;
  return baseDistance(a, b) <= tolerance;
}

/**
 * The shortest measured move that puts `moverId`'s base in contact with `targetId`'s: the best of
 * 72 spots around the target's base (every 5 degrees, bases touching), tried nearest first and
 * stopping once no untried spot can be shorter in a straight line.
 */
export function pathToContact(
  world: GeometryWorld,
  moverId: string,
  targetId: string,
  options: MoveOptions = {},
): MovePath & { contactPoint?: [number, number, number] } {
  const m = world.bodies[modelIndexOf(world, moverId)]!;
  const t = world.bodies[modelIndexOf(world, targetId)]!;
  const ring = t.radius + m.radius + CONTACT_TOLERANCE / 4;
  const spots: [number, number, number][] = [];
  for (let k = 0; k < 72; k++) {
    const a = (k * Math.PI) / 36;
    spots.push([t.cx + Math.cos(a) * ring, t.y0, t.cz + Math.sin(a) * ring]);
  }
  spots.sort((p, q) => Math.hypot(p[0] - m.cx, p[2] - m.cz) - Math.hypot(q[0] - m.cx, q[2] - m.cz));
  let best: (MovePath & { contactPoint?: [number, number, number] }) | null = null;
  let lastReason = 'no spot around the target fits the base';
  let lastProblem: RouteProblem = { kind: 'no-fit' };
  for (const spot of spots) {
    if (best && Math.hypot(spot[0] - m.cx, spot[2] - m.cz) >= best.length) break;
    const { width, depth } = world.scene.table;
    if (spot[0] < 0 || spot[0] > width || spot[2] < 0 || spot[2] > depth) continue;
    const p = measuredPath(world, moverId, spot, options);
    if (!p.reachable) {
      lastReason = p.reason ?? lastReason;
      lastProblem = p.problem ?? lastProblem;
      continue;
    }
    if (!best || p.length < best.length) best = { ...p, contactPoint: spot };
  }
  return (
    best ?? {
      reachable: false,
      reason: `${moverId} cannot reach base contact with ${targetId}: ${lastReason}`,
      problem: lastProblem,
      length: Infinity,
      horizontal: Infinity,
      climb: 0,
      difficultExtra: 0,
      points: [],
    }
  );
}
