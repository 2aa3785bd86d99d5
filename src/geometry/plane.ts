/**
 * Plane geometry (x, z seen from above) for movement: distances between points, segments and convex
 * polygons, and 2D convex hulls. Small pure functions; no three.js.
 */

/** A point seen from above. */
export type P2 = readonly [number, number];

/** Distance from point p to segment a-b. */
export function pointSegment(px: number, pz: number, ax: number, az: number, bx: number, bz: number): number {
  const vx = bx - ax,
    vz = bz - az;
  const len2 = vx * vx + vz * vz;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * vx + (pz - az) * vz) / len2)) : 0;
  const ox = ax + vx * t - px,
    oz = az + vz * t - pz;
  return Math.sqrt(ox * ox + oz * oz);
}

function orient(ax: number, az: number, bx: number, bz: number, cx: number, cz: number): number {
  return (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
}

/** Whether segments a-b and c-d cross (touching counts). */
export function segmentsCross(
  ax: number,
  az: number,
  bx: number,
  bz: number,
  cx: number,
  cz: number,
  dx: number,
  dz: number,
): boolean {
  const o1 = orient(ax, az, bx, bz, cx, cz),
    o2 = orient(ax, az, bx, bz, dx, dz);
  const o3 = orient(cx, cz, dx, dz, ax, az),
    o4 = orient(cx, cz, dx, dz, bx, bz);
  return (
    o1 * o2 <= 0 &&
    o3 * o4 <= 0 &&
    !(o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0 && !overlap1d(ax, bx, cx, dx, az, bz, cz, dz))
  );
}

function overlap1d(
  ax: number,
  bx: number,
  cx: number,
  dx: number,
  az: number,
  bz: number,
  cz: number,
  dz: number,
): boolean {
  return (
    Math.max(Math.min(ax, bx), Math.min(cx, dx)) <= Math.min(Math.max(ax, bx), Math.max(cx, dx)) &&
    Math.max(Math.min(az, bz), Math.min(cz, dz)) <= Math.min(Math.max(az, bz), Math.max(cz, dz))
  );
}

/** Distance between segments a-b and c-d. */
export function segmentSegment(
  ax: number,
  az: number,
  bx: number,
  bz: number,
  cx: number,
  cz: number,
  dx: number,
  dz: number,
): number {
  if (segmentsCross(ax, az, bx, bz, cx, cz, dx, dz)) return 0;
  return Math.min(
    pointSegment(ax, az, cx, cz, dx, dz),
    pointSegment(bx, bz, cx, cz, dx, dz),
    pointSegment(cx, cz, ax, az, bx, bz),
    pointSegment(dx, dz, ax, az, bx, bz),
  );
}

/** Whether p is inside the convex polygon (counter-clockwise x/z pairs), boundary included. */
export function inConvex(poly: Float64Array, px: number, pz: number): boolean {
  const n = poly.length / 2;
  let sign = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const o = orient(poly[2 * j]!, poly[2 * j + 1]!, poly[2 * i]!, poly[2 * i + 1]!, px, pz);
    if (o !== 0) {
      const s = o > 0 ? 1 : -1;
      if (sign === 0) sign = s;
      else if (s !== sign) return false;
    }
  }
  return true;
}

/** Distance from point p to a convex polygon (0 inside). */
export function pointConvex(poly: Float64Array, px: number, pz: number): number {
  if (inConvex(poly, px, pz)) return 0;
  const n = poly.length / 2;
  let best = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++)
    best = Math.min(best, pointSegment(px, pz, poly[2 * j]!, poly[2 * j + 1]!, poly[2 * i]!, poly[2 * i + 1]!));
  return best;
}

/** Distance from segment a-b to a convex polygon (0 when they meet). */
export function segmentConvex(poly: Float64Array, ax: number, az: number, bx: number, bz: number): number {
  if (inConvex(poly, ax, az) || inConvex(poly, bx, bz)) return 0;
  const n = poly.length / 2;
  let best = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    best = Math.min(
      best,
      segmentSegment(ax, az, bx, bz, poly[2 * j]!, poly[2 * j + 1]!, poly[2 * i]!, poly[2 * i + 1]!),
    );
    if (best === 0) return 0;
  }
  return best;
}

/** Convex hull (counter-clockwise, no repeated points) of x/z pairs. */
export function convexHull2d(points: readonly number[]): Float64Array {
  const idx: number[] = [];
  for (let i = 0; i < points.length / 2; i++) idx.push(i);
  idx.sort((a, b) => points[2 * a]! - points[2 * b]! || points[2 * a + 1]! - points[2 * b + 1]!);
  const cross = (o: number, a: number, b: number) =>
    orient(points[2 * o]!, points[2 * o + 1]!, points[2 * a]!, points[2 * a + 1]!, points[2 * b]!, points[2 * b + 1]!);
  const lower: number[] = [];
  for (const i of idx) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, i) <= 1e-12) lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = idx.length - 1; k >= 0; k--) {
    const i = idx[k]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, i) <= 1e-12) upper.pop();
    upper.push(i);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  const out = new Float64Array(hull.length * 2);
  hull.forEach((i, k) => {
    out[2 * k] = points[2 * i]!;
    out[2 * k + 1] = points[2 * i + 1]!;
  });
  return out;
}

/** Distance between two convex polygons (0 when they touch or overlap). */
export function convexConvex(a: Float64Array, b: Float64Array): number {
  if (inConvex(a, b[0]!, b[1]!) || inConvex(b, a[0]!, a[1]!)) return 0;
  let best = Infinity;
  const na = a.length / 2,
    nb = b.length / 2;
  for (let i = 0, j = na - 1; i < na; j = i++) {
    for (let k = 0, l = nb - 1; k < nb; l = k++) {
      best = Math.min(
        best,
        segmentSegment(
          a[2 * j]!,
          a[2 * j + 1]!,
          a[2 * i]!,
          a[2 * i + 1]!,
          b[2 * l]!,
          b[2 * l + 1]!,
          b[2 * k]!,
          b[2 * k + 1]!,
        ),
      );
      if (best === 0) return 0;
    }
  }
  return best;
}

/**
 * An outer k-gon around a convex polygon (intersection of k supporting half-planes at evenly spaced
 * directions): contains the polygon, so using it as an obstacle is conservative.
 */
export function outerPolygon(poly: Float64Array, k: number): Float64Array {
  const n = poly.length / 2;
  if (n <= k) return poly;
  const h = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    const a = (2 * Math.PI * i) / k;
    const nx = Math.cos(a),
      nz = Math.sin(a);
    let m = -Infinity;
    for (let v = 0; v < n; v++) m = Math.max(m, poly[2 * v]! * nx + poly[2 * v + 1]! * nz);
    h[i] = m;
  }
  const out = new Float64Array(2 * k);
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    const a1 = (2 * Math.PI * i) / k,
      a2 = (2 * Math.PI * j) / k;
    const c1 = Math.cos(a1),
      s1 = Math.sin(a1),
      c2 = Math.cos(a2),
      s2 = Math.sin(a2);
    const det = c1 * s2 - s1 * c2;
    out[2 * i] = (h[i]! * s2 - s1 * h[j]!) / det;
    out[2 * i + 1] = (c1 * h[j]! - h[i]! * c2) / det;
  }
  return out;
}

/** Bounding box of x/z pairs: [minX, maxX, minZ, maxZ]. */
export function polygonBounds(poly: Float64Array): [number, number, number, number] {
  let minX = Infinity,
    maxX = -Infinity,
    minZ = Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < poly.length; i += 2) {
    minX = Math.min(minX, poly[i]!);
    maxX = Math.max(maxX, poly[i]!);
    minZ = Math.min(minZ, poly[i + 1]!);
    maxZ = Math.max(maxZ, poly[i + 1]!);
  }
  return [minX, maxX, minZ, maxZ];
}
