/**
 * Framing for the spectator's camera, as plain math (no three.js): how far back a camera looking
 * from a given direction must stand so that some points all fall inside its view at an aspect.
 */

/** A point or vector in inches. */
export type V3 = [number, number, number];

/** Vertical field of view of the spectator camera, degrees (the host's table camera uses 40). */
export const SPECTATOR_FOV = 40;

/** Unit vector from the aimed point towards the camera: `azimuthDeg` 0 is the +z side (the host's seat), 90 the +x side. */
export function viewDirection(azimuthDeg: number, elevationDeg: number): V3 {
  const a = (azimuthDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  return [Math.cos(e) * Math.sin(a), Math.sin(e), Math.cos(e) * Math.cos(a)];
}

const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * The least distance from `target` along `back` (unit, towards the camera) at which every point is
 * inside the view: a point p (relative to the target) is at depth d - p·back in front of the camera,
 * and fits when |p·right| <= depth·tan(hfov/2) and |p·up| <= depth·tan(vfov/2).
 */
export function fitDistance(
  points: readonly V3[],
  target: V3,
  back: V3,
  aspect: number,
  fovDeg = SPECTATOR_FOV,
): number {
  const tanV = Math.tan(((fovDeg / 2) * Math.PI) / 180);
  const tanH = tanV * aspect;
  const b = norm(back);
  const right = norm(cross([0, 1, 0], b));
  const up = cross(b, right);
  let d = 0;
  for (const q of points) {
    const p: V3 = [q[0] - target[0], q[1] - target[1], q[2] - target[2]];
    const along = dot(p, b);
    d = Math.max(d, along + Math.abs(dot(p, right)) / tanH, along + Math.abs(dot(p, up)) / tanV);
  }
  return d;
}

/** A camera pose: where it stands and what it looks at. */
export interface Pose {
  position: V3;
  target: V3;
}

/** The pose that frames `points` around their box's centre from `back`, with a margin (1.1 = 10% spare). */
export function framePoints(points: readonly V3[], back: V3, aspect: number, margin = 1.1, minDistance = 6): Pose {
  const lo: V3 = [Infinity, Infinity, Infinity];
  const hi: V3 = [-Infinity, -Infinity, -Infinity];
  for (const p of points)
    for (let i = 0; i < 3; i++) {
      lo[i] = Math.min(lo[i]!, p[i]!);
      hi[i] = Math.max(hi[i]!, p[i]!);
    }
  const target: V3 = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  const d = Math.max(minDistance, fitDistance(points, target, back, aspect) * margin);
  const b = norm(back);
  return { position: [target[0] + b[0] * d, target[1] + b[1] * d, target[2] + b[2] * d], target };
}

/** The whole table (with its 1.75" frame and rulers) from the host's seat, 50 degrees up, at an aspect. */
export function tableShot(width: number, depth: number, aspect: number, azimuthDeg = 0, elevationDeg = 50): Pose {
  const m = 2;
  const corners: V3[] = [];
  for (const x of [-m, width + m]) for (const z of [-m, depth + m]) for (const y of [0, 1.5]) corners.push([x, y, z]);
  return framePoints(corners, viewDirection(azimuthDeg, elevationDeg), aspect, 1.04);
}
