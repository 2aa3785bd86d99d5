/** Which face of a die is up for an orientation: the face whose world normal is nearest +y. */
import { multiply, rotate, type Quat, type Solid } from './solids';

/** The face that is up and how level it lies (the y of its world normal: 1 is flat on the tray). */
export function topFace(solid: Solid, q: Quat): { face: number; up: number } {
  let face = 0,
    up = -Infinity;
  solid.faces.forEach((f, i) => {
    const y = rotate(q, f.normal)[1];
    if (y > up) {
      up = y;
      face = i;
    }
  });
  return { face, up };
}

/** The face up for a body orientation with the mesh turned by a symmetry rotation relative to it. */
export function shownFace(solid: Solid, body: Quat, turn: Quat): { face: number; up: number } {
  return topFace(solid, multiply(body, turn));
}
