/**
 * A proof of "no LOS at all" between two bodies from what stands between them, seen from above.
 *
 * A part is a model body or an exact terrain prism (`losCertificate.ts`) that stands on or below
 * both bases and rises above both bodies: any straight line from a point of one body to a point of
 * the other stays between the two bases' lowest and the bodies' highest point, so where it crosses
 * a part's footprint it is inside the part. If, seen from above, every line from one footprint to
 * the other crosses some part between them, there is no line of sight at all. Unlike the barrier
 * certificate, the parts need not touch: a row of models standing shoulder to shoulder, or two
 * offset walls, can cut every line without forming one wall.
 *
 * Lines are taken by direction: for a direction u, the lines meeting both footprints form an
 * interval of offsets along the normal n; a part that lies wholly between the two footprints along
 * u blocks the interval of its own offsets. A range of directions is checked at its middle with
 * every interval widened (or, for parts, narrowed) by as much as anything can move within the
 * range (distance from the centre times the angle), so the answer holds for every direction in it;
 * a range that fails is halved, down to a limit. A fixed margin on top keeps the lines inside the
 * outlines the sight raster draws (24-gons of the same area).
 */
import type { Body } from './bodies';
import { barrierDisks, barrierSolids } from './losCertificate';
import type { GeometryWorld } from './world';

/**
 * Inches: how far inside a part every line must pass (and outside a footprint it may start). The
 * raster's 24-gons of equal area stray from the true outline by under 0.6% of the radius, so the
 * margin grows with the largest body involved.
 */
const MARGIN = 0.01;
const MARGIN_PER_RADIUS = 0.008;
/** More direction checks than this: not worth proving (the search decides). */
const MAX_CHECKS = 400;
/** Height margin (inches): a part must rise this much above both bodies. */
const ABOVE = 1e-3;

interface Part {
  /** Body index, or -1 for a terrain prism. */
  body: number;
  cx: number;
  cz: number;
  /** Ellipse half extents and turn (bodies), or the footprint hull relative to (cx, cz) (terrain). */
  a: number;
  b: number;
  cos: number;
  sin: number;
  hull: Float64Array | null;
  /** Radius of a circle about (cx, cz) holding the footprint. */
  reach: number;
}

function bodyPart(body: Body, index: number): Part {
  return {
    body: index,
    cx: body.cx,
    cz: body.cz,
    a: body.a,
    b: body.b,
    cos: body.cos,
    sin: body.sin,
    hull: null,
    reach: body.radius,
  };
}

/** Largest value of p . (nx, nz) over the part's footprint, less the centre's. */
function support(p: Part, nx: number, nz: number): number {
  if (!p.hull) {
    const su = p.a * (p.cos * nx - p.sin * nz),
      sv = p.b * (p.sin * nx + p.cos * nz);
    return Math.sqrt(su * su + sv * sv);
  }
  let best = -Infinity;
  for (let i = 0; i < p.hull.length; i += 2) best = Math.max(best, p.hull[i]! * nx + p.hull[i + 1]! * nz);
  return best;
}

/**
 * The model bodies (indices) of a proof that no line joins bodies `a` and `b`, or null when the
 * parts between them do not cut every line (or the proof would need too many directions).
 * `skip(i)`: bodies that do not block sight here (see-through kinds).
 */
export function coveredInPlan(
  world: GeometryWorld,
  a: Body,
  b: Body,
  skip: (index: number) => boolean = () => false,
): Set<number> | null {
  const ax = b.cx - a.cx,
    az = b.cz - a.cz;
  const d = Math.sqrt(ax * ax + az * az);
  const reachAB = a.radius + b.radius;
  const bodyMargin = MARGIN_PER_RADIUS * Math.max(a.radius, b.radius);
  if (d <= reachAB + 2 * MARGIN) return null;
  const low = Math.min(a.y0, b.y0),
    high = Math.max(a.y1, b.y1) + ABOVE;
  const ox = (a.cx + b.cx) / 2,
    oz = (a.cz + b.cz) / 2;
  const near = (p: { cx: number; cz: number }, r: number): boolean => {
    const t = Math.max(0, Math.min(1, ((p.cx - a.cx) * ax + (p.cz - a.cz) * az) / (d * d)));
    const qx = a.cx + ax * t - p.cx,
      qz = a.cz + az * t - p.cz;
    return qx * qx + qz * qz <= (r + Math.max(a.radius, b.radius)) ** 2;
  };
  const parts: Part[] = [];
  for (let i = 0; i < world.bodies.length; i++) {
    const body = world.bodies[i]!;
    if (body === a || body === b || skip(i) || body.y0 > low + 1e-9 || body.y1 < high) continue;
    if (near(body, body.radius)) parts.push(bodyPart(body, i));
  }
  const solids = barrierSolids(world);
  const disks = barrierDisks(solids);
  for (let q = 0; q < solids.length; q++) {
    const s = solids[q]!;
    if (s.y1 < high) break;
    if (s.y0 > low + 1e-9) continue;
    const cx = disks[3 * q]!,
      cz = disks[3 * q + 1]!,
      reach = disks[3 * q + 2]!;
    if (near({ cx, cz }, reach)) parts.push({ body: -1, cx, cz, a: 0, b: 0, cos: 1, sin: 0, hull: s.hull, reach });
  }
  if (parts.length === 0) return null;

  const all = [bodyPart(a, -1), bodyPart(b, -1), ...parts];
  let lever = 0;
  for (const p of all) {
    p.cx -= ox;
    p.cz -= oz;
    if (p.hull) p.hull = p.hull.map((v, k) => v - (k % 2 === 0 ? ox : oz) - (k % 2 === 0 ? p.cx : p.cz));
    lever = Math.max(lever, Math.hypot(p.cx, p.cz) + p.reach);
  }
  const fixedMargin = Math.max(MARGIN, bodyMargin, ...parts.map((p) => (p.hull ? 0 : MARGIN_PER_RADIUS * p.reach)));
  const half = Math.asin(Math.min(1, reachAB / d));
  const phi = Math.atan2(az, ax);
  const used = new Set<number>();
  const m = parts.length;
  const lo = new Float64Array(m),
    hi = new Float64Array(m),
    order = new Int32Array(m);
  const [A, B] = all as [Part, Part];

  /** Whether every line in a direction within `spread` of theta is cut: checked at theta, everything widened by what can move within the spread. */
  const cut = (theta: number, spread: number): boolean => {
    const margin = fixedMargin + lever * spread;
    const ux = Math.cos(theta),
      uz = Math.sin(theta),
      nx = -uz,
      nz = ux;
    // Offsets of the lines in this direction that meet both footprints (widened by the margin).
    const acrossA = A.cx * nx + A.cz * nz,
      acrossB = B.cx * nx + B.cz * nz;
    const needLo = Math.max(acrossA - support(A, -nx, -nz), acrossB - support(B, -nx, -nz)) - margin;
    const needHi = Math.min(acrossA + support(A, nx, nz), acrossB + support(B, nx, nz)) + margin;
    if (needLo > needHi) return true;
    const endA = A.cx * ux + A.cz * uz + support(A, ux, uz) + margin;
    const startB = B.cx * ux + B.cz * uz - support(B, -ux, -uz) - margin;
    let k = 0;
    for (let q = 0; q < m; q++) {
      const p = parts[q]!;
      // Wholly between the footprints along u (with the margin): between the ends of any such line.
      const along = p.cx * ux + p.cz * uz;
      if (along - support(p, -ux, -uz) <= endA || along + support(p, ux, uz) >= startB) continue;
      const across = p.cx * nx + p.cz * nz;
      const l = across - support(p, -nx, -nz) + margin,
        h = across + support(p, nx, nz) - margin;
      if (l >= h) continue;
      // Insertion by lower end (a handful of parts).
      let at = k++;
      while (at > 0 && lo[order[at - 1]!]! > l) {
        order[at] = order[at - 1]!;
        at--;
      }
      lo[q] = l;
      hi[q] = h;
      order[at] = q;
    }
    let covered = needLo;
    for (let i = 0; i < k && covered < needHi; i++) {
      const q = order[i]!;
      if (lo[q]! > covered) return false;
      if (hi[q]! > covered) {
        covered = hi[q]!;
        const body = parts[q]!.body;
        if (body >= 0) used.add(body);
      }
    }
    return covered >= needHi;
  };

  // The directions that can join the footprints, halved until each part is cut with room to
  // spare, or too fine to be worth it (then the search decides).
  const stack = [phi - half, phi + half];
  let checks = 0;
  while (stack.length > 0) {
    const t1 = stack.pop()!,
      t0 = stack.pop()!;
    const spread = (t1 - t0) / 2;
    const mid = (t0 + t1) / 2;
    if (cut(mid, spread)) continue;
    // Not cut even in that one direction: no finer range can be.
    if (lever * spread < MARGIN / 4 || ++checks > MAX_CHECKS || !cut(mid, 0)) return null;
    stack.push(t0, mid, mid, t1);
  }
  return used;
}
