/**
 * The cinematic camera's choice of shot, as plain data: during an attack at the head of the event
 * queue it frames the attacker and the target; during a move it follows the mover; otherwise it
 * follows the directed target (the active model, the host's selection, or the whole table) and the
 * camera drifts in a slow orbit.
 */
import { attackOf } from '../rules/engine/effects';
import { effectOf, motionOf, type TimedEvent } from '../state/motionTiming';
import { framePoints, tableShot, viewDirection, type Pose, type V3 } from './framing';
import type { CameraTarget } from './channel';

/** What the camera needs of a model: where it stands and how tall it is. */
export interface ShotModel {
  id: string;
  position: V3;
  height: number;
}

/** A chosen shot: the pose, whether the camera drifts around it, and a key that changes when the shot does. */
export interface Shot {
  pose: Pose;
  orbit: boolean;
  key: string;
}

/**
 * The two ends of an attack (its table effect a shot, a strike or a blast: attacker first; a blast's far end
 * is its spot), or null for any other effect.
 */
export function attackEnds(event: TimedEvent, models: readonly ShotModel[]): [V3, V3] | null {
  const at = (id: string | null): V3 | null => {
    const m = id === null ? undefined : models.find((x) => x.id === id);
    return m ? [m.position[0], m.position[1] + m.height * 0.6, m.position[2]] : null;
  };
  const ends = attackOf(effectOf(event));
  if (!ends) return null;
  const a = at(ends.from);
  const b: V3 | null = typeof ends.to === 'string' ? at(ends.to) : [ends.to[0], ends.to[1], ends.to[2]];
  if (a && b) return [a, b];
  const one = a ?? b;
  return one ? [one, one] : null;
}

/** Inputs of the shot choice. */
export interface ShotInput {
  head: TimedEvent | null;
  models: readonly ShotModel[];
  target: CameraTarget;
  activeId: string | null;
  selectedId: string | null;
  table: { width: number; depth: number };
  aspect: number;
  /** The camera's current azimuth (degrees, 0 = the +z side): a new shot keeps the side the camera is on. */
  azimuthDeg: number;
}

/** How far a followed model is framed around it, inches (a few bases each way). */
const FOLLOW_RADIUS = 12;

function around(p: V3, r: number): V3[] {
  return [
    [p[0] - r, p[1], p[2] - r],
    [p[0] + r, p[1] + 1.5, p[2] + r],
  ];
}

/** The shot for this moment. */
export function chooseShot(i: ShotInput): Shot {
  const attack = i.head ? attackEnds(i.head, i.models) : null;
  if (attack) {
    const [a, b] = attack;
    const back = viewDirection(sideOn(a, b, i.azimuthDeg), 35);
    return {
      pose: framePoints([...around(a, 4), ...around(b, 4)], back, i.aspect, 1.1, 14),
      orbit: false,
      key: `attack:${a.join(',')}>${b.join(',')}`,
    };
  }
  const motion = i.head ? motionOf(i.head) : null;
  if (motion?.kind === 'move') {
    const to: V3 = [motion.to[0], motion.to[1], motion.to[2]];
    const from: V3 = motion.from ? [motion.from[0], motion.from[1], motion.from[2]] : to;
    const back = viewDirection(i.azimuthDeg, 45);
    return {
      pose: framePoints([...around(from, 7), ...around(to, 7)], back, i.aspect, 1.1, 16),
      orbit: false,
      key: `move:${from.join(',')}>${to.join(',')}`,
    };
  }
  const id = i.target === 'active' ? i.activeId : i.target === 'selected' ? i.selectedId : null;
  const m = id ? i.models.find((x) => x.id === id) : undefined;
  if (m) {
    return {
      pose: framePoints(around(m.position, FOLLOW_RADIUS), viewDirection(i.azimuthDeg, 50), i.aspect, 1.1, 12),
      orbit: true,
      key: `follow:${m.id}:${m.position.join(',')}`,
    };
  }
  return {
    pose: tableShot(i.table.width, i.table.depth, i.aspect),
    orbit: i.target !== 'fixed',
    key: `table:${i.table.width}x${i.table.depth}:${i.aspect.toFixed(3)}`,
  };
}

/**
 * An azimuth from which the attacker and the target are seen side by side (the camera looks across
 * the line between them): of the two such sides, the one nearer the camera's current azimuth.
 */
export function sideOn(a: V3, b: V3, currentDeg: number): number {
  const dx = b[0] - a[0],
    dz = b[2] - a[2];
  if (Math.hypot(dx, dz) < 1e-6) return currentDeg;
  // The line's own azimuth (0 = +z); a camera at +-90 degrees from it sees both ends side by side.
  const line = (Math.atan2(dx, dz) * 180) / Math.PI;
  const options = [line + 90, line - 90];
  const gap = (x: number) => Math.abs(((((x - currentDeg) % 360) + 540) % 360) - 180);
  return gap(options[0]!) <= gap(options[1]!) ? options[0]! : options[1]!;
}
