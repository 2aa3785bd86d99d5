/**
 * Outlines of model bodies in the image: the target's silhouette, and each model body drawn as an
 * occluder. A body is a vertical prism over a rim of `RIM` points; its outline is read straight
 * from the prism's faces where it can be (`prismOutline`), else it is the convex hull of the
 * projected rims, or, where part of the body is level with or behind the eye, of its part in front
 * of the near plane.
 */
import { bodyRim, type Body } from '../bodies';
import * as camera from './camera';
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { toCamera } = camera;
const { NEAR, RIM } = scratch;

/**
 * Outlines a body in the image: fills s.polyX/polyY with its convex silhouette and sets
 * s.outlineZMin/outlineZMax; returns the vertex count (0: nothing of it in front of the eye).
 * Where part of the body is behind the eye the outline is that of its part in front of the near
 * plane: the corners there and the points where its edges cross the plane (`s.outlineClipped`).
 */
export function bodyPolygon(s: VisibilityScratch, body: Body): number {
  const rim = bodyRim(body, RIM);
  const { camX, camY, camZ, cx, cy, cz, proj } = s;
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 0; i < 2 * RIM; i++) {
    toCamera(s, rim[3 * i]!, rim[3 * i + 1]!, rim[3 * i + 2]!, 0);
    const z = cz[0]!;
    if (z < zmin) zmin = z;
    if (z > zmax) zmax = z;
    camX[i] = cx[0]!;
    camY[i] = cy[0]!;
    camZ[i] = z;
  }
  s.outlineZMin = zmin;
  s.outlineZMax = zmax;
  const clipped = zmin <= NEAR;
  s.outlineClipped = clipped;
  let n: number;
  if (!clipped) {
    const prism = prismOutline(s, body, rim);
    if (prism > 0) return prism;
    for (let i = 0; i < 2 * RIM; i++) {
      proj[2 * i] = camX[i]! / camZ[i]!;
      proj[2 * i + 1] = camY[i]! / camZ[i]!;
    }
    n = convexHull(s, 2 * RIM, true);
  } else {
    if (zmax <= NEAR) return 0;
    let m = 0;
    for (let i = 0; i < 2 * RIM; i++) {
      if (camZ[i]! <= NEAR) continue;
      proj[2 * m] = camX[i]! / camZ[i]!;
      proj[2 * m + 1] = camY[i]! / camZ[i]!;
      m++;
    }
    // Edges: round the bottom rim, round the top rim, and the verticals.
    for (let e = 0; e < 3 * RIM; e++) {
      const j = e % RIM,
        next = (j + 1) % RIM;
      const p = e < RIM ? 2 * j : e < 2 * RIM ? 2 * j + 1 : 2 * j;
      const q = e < RIM ? 2 * next : e < 2 * RIM ? 2 * next + 1 : 2 * j + 1;
      const zp = camZ[p]!,
        zq = camZ[q]!;
      if (zp > NEAR === zq > NEAR) continue;
      const t = (NEAR - zp) / (zq - zp);
      proj[2 * m] = (camX[p]! + t * (camX[q]! - camX[p]!)) / NEAR;
      proj[2 * m + 1] = (camY[p]! + t * (camY[q]! - camY[p]!)) / NEAR;
      m++;
    }
    if (m < 3) return 0;
    n = convexHull(s, m, false);
  }
  const { polyX, polyY, hull } = s;
  for (let i = 0; i < n; i++) {
    polyX[i] = hull[2 * i]!;
    polyY[i] = hull[2 * i + 1]!;
  }
  return n;
}

/**
 * The silhouette of the rim prism straight from its faces (the rims in camera space from
 * `bodyPolygon`, bottom rim at even and top rim at odd indices) into s.polyX/polyY: a side face
 * turned towards the eye meets a turned-away one at the two vertical edges of the outline; between
 * them the outline follows the top rim's near side (eye below the top) or far side (eye above it),
 * and the bottom rim's near side (eye above the bottom). Returns the vertex count, or 0 where the
 * general hull must decide (the eye level with a rim, or above the footprint).
 */
function prismOutline(s: VisibilityScratch, body: Body, rim: Float64Array): number {
  const ex = s.ex,
    ey = s.ey,
    ez = s.ez;
  if (Math.abs(ey - body.y1) < 1e-9 || Math.abs(ey - body.y0) < 1e-9) return 0;
  const sideFront = s.sideFront;
  // Orientation of the rim polygon seen from above, and each side's facing.
  let area = 0;
  for (let i = 0, j = RIM - 1; i < RIM; j = i++) area += rim[6 * j]! * rim[6 * i + 2]! - rim[6 * i]! * rim[6 * j + 2]!;
  let fronts = 0;
  for (let i = 0; i < RIM; i++) {
    const j = i + 1 === RIM ? 0 : i + 1;
    const ax = rim[6 * i]!,
      az = rim[6 * i + 2]!;
    const cross = (rim[6 * j]! - ax) * (ez - az) - (rim[6 * j + 2]! - az) * (ex - ax);
    const front = cross * area < 0 ? 1 : 0;
    sideFront[i] = front;
    fronts += front;
  }
  if (fronts === 0 || fronts === RIM) return 0;
  let turns = 0;
  for (let i = 0; i < RIM; i++) if (sideFront[i] !== sideFront[i === 0 ? RIM - 1 : i - 1]) turns++;
  if (turns !== 2) return 0;
  // The front run of edges p..q: its first edge follows a back one.
  let p = 0;
  while (!(sideFront[p] === 1 && sideFront[(p + RIM - 1) % RIM] === 0)) p++;
  const a = p,
    b = (p + fronts) % RIM; // tangent vertices: near arc a..b, far arc b..a
  const topNear = ey < body.y1;
  const bottomNear = ey > body.y0;
  let n = 0;
  // Top arc from its first tangent vertex to its last, then the bottom arc back round.
  const topFrom = topNear ? a : b,
    topLen = topNear ? fronts : RIM - fronts;
  for (let k = 0; k <= topLen; k++) n = put(s, n, (topFrom + k) % RIM, true);
  const end = (topFrom + topLen) % RIM;
  const botLen = bottomNear ? fronts : RIM - fronts;
  const botFrom = bottomNear ? a : b;
  if (botFrom === end) for (let k = 0; k <= botLen; k++) n = put(s, n, (botFrom + k) % RIM, false);
  else for (let k = botLen; k >= 0; k--) n = put(s, n, (botFrom + k) % RIM, false);
  return n;
}

/**
 * Puts rim vertex `v` (its top or bottom point) projected as the outline's vertex `n`; returns n + 1.
 * A module function, not a closure made per outline: this runs for every body of every sight test.
 */
function put(s: VisibilityScratch, n: number, v: number, top: boolean): number {
  const k = 2 * v + (top ? 1 : 0);
  s.polyX[n] = s.camX[k]! / s.camZ[k]!;
  s.polyY[n] = s.camY[k]! / s.camZ[k]!;
  return n + 1;
}

/** Cross product of projected points (a - o) x (b - o). */
function hullCross(proj: Float64Array, o: number, a: number, b: number): number {
  return (
    (proj[2 * a]! - proj[2 * o]!) * (proj[2 * b + 1]! - proj[2 * o + 1]!) -
    (proj[2 * a + 1]! - proj[2 * o + 1]!) * (proj[2 * b]! - proj[2 * o]!)
  );
}

/** Whether projected point a comes before b in (x, y) order. */
function before(proj: Float64Array, a: number, b: number): boolean {
  const xa = proj[2 * a]!,
    xb = proj[2 * b]!;
  return xa < xb || (xa === xb && proj[2 * a + 1]! <= proj[2 * b + 1]!);
}

/**
 * Sorts one rim's points (indices first, first + 2, ... : RIM of them, in order round the rim) by
 * (x, y) into s.rimSorted[at..]: the projection of a rim is convex, so the two ways round from its
 * leftmost point are each already in order and one merge sorts them.
 */
function sortRim(s: VisibilityScratch, first: number, at: number): void {
  const { proj, rimSorted } = s;
  let lo = 0;
  for (let i = 1; i < RIM; i++) if (!before(proj, first + 2 * lo, first + 2 * i)) lo = i;
  let a = 1,
    b = 1,
    k = at;
  rimSorted[k++] = first + 2 * lo;
  while (a + b < RIM + 1) {
    const pa = first + 2 * ((lo + a) % RIM),
      pb = first + 2 * ((lo - b + RIM) % RIM);
    if (before(proj, pa, pb)) {
      rimSorted[k++] = pa;
      a++;
    } else {
      rimSorted[k++] = pb;
      b++;
    }
  }
}

/**
 * Monotone-chain convex hull of the points s.proj[0..2m) into s.hull; returns the vertex count (no
 * allocation). `rims`: the points are the two projected rims (m = 2 RIM, bottom at even indices).
 */
function convexHull(s: VisibilityScratch, m: number, rims: boolean): number {
  const { proj, hull, hullOrder, hullStack, rimSorted } = s;
  if (rims) {
    // Both rims sorted, merged, then an insertion sort that only mends what rounding left out of order.
    sortRim(s, 0, 0);
    sortRim(s, 1, RIM);
    let a = 0,
      b = RIM;
    for (let k = 0; k < m; k++)
      hullOrder[k] =
        b >= m || (a < RIM && before(proj, rimSorted[a]!, rimSorted[b]!)) ? rimSorted[a++]! : rimSorted[b++]!;
  } else {
    for (let k = 0; k < m; k++) hullOrder[k] = k;
  }
  for (let i = 1; i < m; i++) {
    const p = hullOrder[i]!;
    let k = i;
    while (k > 0 && !before(proj, hullOrder[k - 1]!, p)) {
      hullOrder[k] = hullOrder[k - 1]!;
      k--;
    }
    hullOrder[k] = p;
  }
  let top = 0;
  for (let k = 0; k < m; k++) {
    const i = hullOrder[k]!;
    while (top >= 2 && hullCross(proj, hullStack[top - 2]!, hullStack[top - 1]!, i) <= 0) top--;
    hullStack[top++] = i;
  }
  const lower = top + 1;
  for (let k = m - 2; k >= 0; k--) {
    const i = hullOrder[k]!;
    while (top >= lower && hullCross(proj, hullStack[top - 2]!, hullStack[top - 1]!, i) <= 0) top--;
    hullStack[top++] = i;
  }
  top--;
  for (let k = 0; k < top; k++) {
    hull[2 * k] = proj[2 * hullStack[k]!]!;
    hull[2 * k + 1] = proj[2 * hullStack[k]! + 1]!;
  }
  return top;
}
