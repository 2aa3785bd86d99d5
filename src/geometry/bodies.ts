/**
 * Model bodies as the geometry contract defines them: a vertical prism of the base footprint (a
 * circle or a turned ellipse), from the base underside up to the model's height (a prone model is
 * its base alone). Lean-out markers are bodies too. Analytic tests only; no allocation in hot paths.
 */
import type { Model, ModelKind } from './sceneTypes';
import { baseHalfExtents, bodyHeight, eyeHeight, facingRadians, LEAN_OUT_DIAMETER_MM, mmToInches } from './units';

/** Thickness of a base in inches: the body of a prone model. */
export const BASE_HEIGHT = 0.125;

/** A prism body in table coordinates. */
export interface Body {
  /** Model id; a lean-out marker's id is `<model id>#lean`. */
  id: string;
  modelId: string;
  kind: ModelKind;
  isMarker: boolean;
  cx: number;
  cz: number;
  /** Base underside and body top. */
  y0: number;
  y1: number;
  /** Half extents along the facing (a) and across it (b). */
  a: number;
  b: number;
  /** cos/sin of the facing angle (counter-clockwise from +x seen from above). */
  cos: number;
  sin: number;
  /** Eye point. */
  eye: [number, number, number];
  /** Radius of the circle around the footprint. */
  radius: number;
  /** Its outline corners (`rimPoints`), kept once worked out (a body is never changed, only replaced); null until then. */
  rim: Float64Array | null;
}

/** The body of a model (its own, not its marker). */
export function modelBody(model: Model): Body {
  const [a, b] = baseHalfExtents(model.base);
  const theta = facingRadians(model);
  const [x, y, z] = model.position;
  const h = Math.max(bodyHeight(model), BASE_HEIGHT);
  return {
    id: model.id,
    modelId: model.id,
    kind: model.kind ?? 'infantry',
    isMarker: false,
    cx: x,
    cz: z,
    y0: y,
    y1: y + h,
    a,
    b,
    cos: Math.cos(theta),
    sin: Math.sin(theta),
    eye: [x, y + (model.prone ? BASE_HEIGHT : eyeHeight(model)), z],
    radius: Math.max(a, b),
    rim: null,
  };
}

/** The body of a model's 25 mm lean-out marker (same height and eye as the model), or null. */
export function leanOutBody(model: Model): Body | null {
  if (!model.leanOut) return null;
  const r = mmToInches(LEAN_OUT_DIAMETER_MM) / 2;
  const [x, y, z] = model.leanOut;
  const h = Math.max(bodyHeight(model), BASE_HEIGHT);
  return {
    id: `${model.id}#lean`,
    modelId: model.id,
    kind: model.kind ?? 'infantry',
    isMarker: true,
    cx: x,
    cz: z,
    y0: y,
    y1: y + h,
    a: r,
    b: r,
    cos: 1,
    sin: 0,
    eye: [x, y + (model.prone ? BASE_HEIGHT : eyeHeight(model)), z],
    radius: r,
    rim: null,
  };
}

/** Footprint-local coordinates of a table point (u along the facing, v across), scaled to a unit circle. */
function toUnit(body: Body, x: number, z: number): [number, number] {
  const dx = x - body.cx;
  const dz = z - body.cz;
  // Facing is counter-clockwise seen from above: +x turns towards -z.
  const u = dx * body.cos - dz * body.sin;
  const v = dx * body.sin + dz * body.cos;
  return [u / body.a, v / body.b];
}

/** Whether a table point is inside the body (footprint and height range, boundary included). */
export function pointInBody(body: Body, x: number, y: number, z: number): boolean {
  if (y < body.y0 - 1e-9 || y > body.y1 + 1e-9) return false;
  const [u, v] = toUnit(body, x, z);
  return u * u + v * v <= 1 + 1e-9;
}

/**
 * Where a ray (origin o, direction d, not necessarily unit) first enters the body: the parameter t
 * (point = o + t d) of entry, or Infinity when it misses. A ray starting inside returns 0.
 */
export function rayEntersBody(
  body: Body,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const r = scratchRay;
  r[0] = ox;
  r[1] = oy;
  r[2] = oz;
  r[3] = dx;
  r[4] = dy;
  r[5] = dz;
  rayEntry(body, r);
  return r[6]!;
}

const scratchRay = new Float64Array(7);

/**
 * `rayEntersBody` for hot loops: the ray is ray[0..6) (origin, direction) and the answer goes to
 * ray[6], so no number is passed or returned (numbers crossing a call that is not inlined are boxed).
 */
export function rayEntry(body: Body, ray: Float64Array): void {
  const ox = ray[0]!,
    oy = ray[1]!,
    oz = ray[2]!,
    dx = ray[3]!,
    dy = ray[4]!,
    dz = ray[5]!;
  // Work in the footprint's unit-circle frame: the prism becomes a unit cylinder (inlined: hot path).
  const qx = ox - body.cx,
    qz = oz - body.cz;
  const u0 = (qx * body.cos - qz * body.sin) / body.a;
  const v0 = (qx * body.sin + qz * body.cos) / body.b;
  const du = (dx * body.cos - dz * body.sin) / body.a;
  const dv = (dx * body.sin + dz * body.cos) / body.b;
  let tMin = 0;
  let tMax = Infinity;
  // Slab in y.
  if (Math.abs(dy) < 1e-12) {
    if (oy < body.y0 || oy > body.y1) {
      ray[6] = Infinity;
      return;
    }
  } else {
    const ta = (body.y0 - oy) / dy;
    const tb = (body.y1 - oy) / dy;
    tMin = Math.max(tMin, Math.min(ta, tb));
    tMax = Math.min(tMax, Math.max(ta, tb));
  }
  // Infinite cylinder u^2 + v^2 <= 1.
  const A = du * du + dv * dv;
  const B = 2 * (u0 * du + v0 * dv);
  const C = u0 * u0 + v0 * v0 - 1;
  if (A < 1e-18) {
    if (C > 0) {
      ray[6] = Infinity;
      return;
    }
  } else {
    const disc = B * B - 4 * A * C;
    if (disc < 0) {
      ray[6] = Infinity;
      return;
    }
    const s = Math.sqrt(disc);
    tMin = Math.max(tMin, (-B - s) / (2 * A));
    tMax = Math.min(tMax, (-B + s) / (2 * A));
  }
  ray[6] = tMin <= tMax ? tMin : Infinity;
}

const circles = new Map<number, Float64Array>();

/** cos and sin of k angles round the circle, scaled so the k-gon has the unit circle's area. */
function rimCircle(k: number): Float64Array {
  let c = circles.get(k);
  if (!c) {
    const grow = Math.sqrt((2 * Math.PI) / (k * Math.sin((2 * Math.PI) / k)));
    c = new Float64Array(2 * k);
    for (let i = 0; i < k; i++) {
      c[2 * i] = Math.cos((2 * Math.PI * i) / k) * grow;
      c[2 * i + 1] = Math.sin((2 * Math.PI * i) / k) * grow;
    }
    circles.set(k, c);
  }
  return c;
}

/**
 * Points on the body's outline (top and bottom rims, `k` each) in table coordinates. The k-gon is
 * scaled to the ellipse's area, so the polygon's silhouette has the true silhouette's area to well
 * under 1% for k >= 16.
 */
export function rimPoints(body: Body, k: number, out: Float64Array): Float64Array {
  const unit = rimCircle(k);
  for (let i = 0; i < k; i++) {
    const u = unit[2 * i]! * body.a;
    const v = unit[2 * i + 1]! * body.b;
    // Inverse of toUnit's rotation.
    const x = body.cx + u * body.cos + v * body.sin;
    const z = body.cz - u * body.sin + v * body.cos;
    out[i * 6] = x;
    out[i * 6 + 1] = body.y0;
    out[i * 6 + 2] = z;
    out[i * 6 + 3] = x;
    out[i * 6 + 4] = body.y1;
    out[i * 6 + 5] = z;
  }
  return out;
}

/** The body's outline corners for `k` points per rim, worked out once per body. */
export function bodyRim(body: Body, k: number): Float64Array {
  if (body.rim?.length !== 6 * k) body.rim = rimPoints(body, k, new Float64Array(6 * k));
  return body.rim;
}
