import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  fitDistance,
  framePoints,
  SPECTATOR_FOV,
  tableShot,
  viewDirection,
  type Pose,
  type V3,
} from '../../../src/spectator/framing';

/** Normalised device coordinates of points seen from a pose at an aspect (three's own projection). */
function ndc(pose: Pose, aspect: number, points: readonly V3[]): Vector3[] {
  const cam = new PerspectiveCamera(SPECTATOR_FOV, aspect, 0.1, 1000);
  cam.position.set(...pose.position);
  cam.lookAt(...pose.target);
  cam.updateMatrixWorld();
  return points.map((p) => new Vector3(...p).project(cam));
}

const corners = (w: number, d: number): V3[] => [
  [-2, 0, -2],
  [w + 2, 0, -2],
  [-2, 0, d + 2],
  [w + 2, 0, d + 2],
];

describe('spectator framing', () => {
  it.each([
    ['16:9', 16 / 9],
    ['1:1', 1],
    ['9:16', 9 / 16],
  ])('fits the whole 48x36 table into a %s view, filling it to within 10%%', (_label, aspect) => {
    const pose = tableShot(48, 36, aspect);
    const seen = ndc(pose, aspect, corners(48, 36));
    for (const p of seen) {
      expect(Math.abs(p.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.y)).toBeLessThanOrEqual(1);
      expect(p.z).toBeLessThan(1);
    }
    const widest = Math.max(...seen.flatMap((p) => [Math.abs(p.x), Math.abs(p.y)]));
    expect(widest).toBeGreaterThan(0.9);
  });

  it('stands further back for a tall shape than for a wide one (the table is wider than deep)', () => {
    const wide = tableShot(48, 36, 16 / 9);
    const tall = tableShot(48, 36, 9 / 16);
    const dist = (p: Pose) => Math.hypot(...p.position.map((x, i) => x - p.target[i]!));
    expect(dist(tall)).toBeGreaterThan(dist(wide) * 1.8);
  });

  it('puts a point exactly on the edge of the view at the fitted distance', () => {
    const back = viewDirection(30, 45);
    const target: V3 = [0, 0, 0];
    const p: V3 = [10, 0, 0];
    const d = fitDistance([p], target, back, 1.5);
    const pose: Pose = { position: [back[0] * d, back[1] * d, back[2] * d], target };
    const [q] = ndc(pose, 1.5, [p]);
    expect(Math.max(Math.abs(q!.x), Math.abs(q!.y))).toBeCloseTo(1, 5);
  });

  it('frames two distant points with both inside the view from the asked side', () => {
    const a: V3 = [5, 1, 5];
    const b: V3 = [30, 1, 20];
    const back = viewDirection(90, 35);
    const pose = framePoints([a, b], back, 16 / 9, 1.1, 8);
    for (const q of ndc(pose, 16 / 9, [a, b])) {
      expect(Math.abs(q.x)).toBeLessThan(1);
      expect(Math.abs(q.y)).toBeLessThan(1);
    }
    // From the +x side: the camera's x is beyond both points.
    expect(pose.position[0]).toBeGreaterThan(30);
  });
});
