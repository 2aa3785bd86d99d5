/**
 * The camera of one computation: the eye looking at the target's centre, with image axes right
 * (horizontal) and up, and the camera-space transform of a point.
 */
import type { Body } from '../bodies';
import type { VisibilityScratch } from './scratch';

/** Sets the camera at `eye` looking at the centre of `body`. Returns false when they coincide. */
export function setCamera(s: VisibilityScratch, eye: readonly number[], body: Body): boolean {
  const ex = eye[0]!,
    ey = eye[1]!,
    ez = eye[2]!;
  s.ex = ex;
  s.ey = ey;
  s.ez = ez;
  let fx = body.cx - ex,
    fy = (body.y0 + body.y1) / 2 - ey,
    fz = body.cz - ez;
  const len = Math.sqrt(fx * fx + fy * fy + fz * fz);
  if (len < 1e-9) return false;
  fx /= len;
  fy /= len;
  fz /= len;
  const dx = fx,
    dy = fy,
    dz = fz;
  s.dx = dx;
  s.dy = dy;
  s.dz = dz;
  // right = d x up (up = +y), falling back to +x when looking straight up or down.
  let rx = -fz,
    rz = fx;
  const rl = Math.sqrt(rx * rx + rz * rz);
  if (rl < 1e-6) {
    rx = 1;
    rz = 0;
  } else {
    rx /= rl;
    rz /= rl;
  }
  const ux = rx,
    uy = 0,
    uz = rz;
  s.ux = ux;
  s.uy = uy;
  s.uz = uz;
  // up = right x d
  s.vx = uy * dz - uz * dy;
  s.vy = uz * dx - ux * dz;
  s.vz = ux * dy - uy * dx;
  return true;
}

/** Writes point p in camera space (right, up, depth) to s.cx/cy/cz[i]. */
export function toCamera(s: VisibilityScratch, px: number, py: number, pz: number, i: number): void {
  const qx = px - s.ex,
    qy = py - s.ey,
    qz = pz - s.ez;
  s.cx[i] = qx * s.ux + qy * s.uy + qz * s.uz;
  s.cy[i] = qx * s.vx + qy * s.vy + qz * s.vz;
  s.cz[i] = qx * s.dx + qy * s.dy + qz * s.dz;
}
