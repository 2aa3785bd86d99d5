/**
 * The dice as solids: vertices, faces (found as the supporting planes of the vertex set, so every
 * face is exactly a face of the convex hull the physics uses), outward face normals, the value each
 * face carries and its label, and the rotation group of the solid (the turns that map the solid onto
 * itself), which is what lets a die's mesh be turned so the rolled value's face lies where the
 * simulated body landed. Plain numbers only: no three, no rapier.
 */

/** Die kinds the 3D tray throws: plain dice, and the named d6s a ruleset reads as a scatter or an artillery die. */
export const DIE_KINDS = ['d6', 'd8', 'd10', 'd12', 'd20', 'scatter', 'artillery'] as const;
/** A die kind. */
export type DieKind = (typeof DIE_KINDS)[number];

/** A vector as [x, y, z]. */
export type Vec3 = [number, number, number];
/** A unit quaternion as [x, y, z, w]. */
export type Quat = [number, number, number, number];

/** One face: its vertex indices counter-clockwise seen from outside, outward unit normal, value and label. */
export interface Face {
  vertices: number[];
  normal: Vec3;
  /** The value the rules read from this face (1..sides). */
  value: number;
  /** What is printed on it ("7", "HIT", "MISFIRE", "\u2192" for an arrow). */
  label: string;
}

/** A die's solid, sized in inches, centred on its centre of mass. */
export interface Solid {
  kind: DieKind;
  sides: number;
  vertices: Vec3[];
  faces: Face[];
  /** Every proper rotation that maps the solid onto itself (the identity first). */
  rotations: Quat[];
  /** `turn[g][f]`: index into `rotations` of a rotation that carries face g onto face f. */
  turn: number[][];
}

const PHI = (1 + Math.sqrt(5)) / 2;
const EPS = 1e-6;

/** Vector maths for the solids (and the scene's face labels). */
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];

/** Rotates a vector by a unit quaternion. */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  // v + 2w (q x v) + 2 q x (q x v)
  const tx = 2 * (y * v[2] - z * v[1]),
    ty = 2 * (z * v[0] - x * v[2]),
    tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** The product a * b (b applied first). */
export function multiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a,
    [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** The quaternion of a rotation matrix given by its columns (the images of x, y and z). */
function fromBasis(c0: Vec3, c1: Vec3, c2: Vec3): Quat {
  const [m00, m10, m20] = c0,
    [m01, m11, m21] = c1,
    [m02, m12, m22] = c2;
  const tr = m00 + m11 + m22;
  let q: Quat;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  const l = Math.hypot(...q);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

/** The faces of a convex vertex set: every plane through three vertices with all vertices on one side. */
function hullFaces(vertices: Vec3[]): { vertices: number[]; normal: Vec3 }[] {
  const faces: { vertices: number[]; normal: Vec3 }[] = [];
  const centre = centroid(
    vertices,
    vertices.map((_, i) => i),
  );
  const n = vertices.length;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j + 1; k < n; k++) {
        const c = cross(sub(vertices[j]!, vertices[i]!), sub(vertices[k]!, vertices[i]!));
        if (Math.hypot(...c) < EPS) continue;
        let normal = norm(c);
        if (dot(normal, sub(vertices[i]!, centre)) < 0) normal = scale(normal, -1);
        const d = dot(normal, vertices[i]!);
        if (vertices.some((v) => dot(normal, v) > d + EPS)) continue;
        if (faces.some((f) => dot(f.normal, normal) > 1 - EPS)) continue;
        const on = vertices.map((v, idx) => (Math.abs(dot(normal, v) - d) < EPS ? idx : -1)).filter((x) => x >= 0);
        faces.push({ vertices: ccw(vertices, on, normal), normal });
      }
  return faces;
}

/** Orders a face's vertices counter-clockwise seen from outside (along -normal). */
function ccw(vertices: Vec3[], on: number[], normal: Vec3): number[] {
  const mid = centroid(vertices, on);
  const u = norm(sub(vertices[on[0]!]!, mid));
  const v = cross(normal, u);
  const angle = (i: number) => {
    const d = sub(vertices[i]!, mid);
    return Math.atan2(dot(d, v), dot(d, u));
  };
  return [...on].sort((a, b) => angle(a) - angle(b));
}

/** Every proper rotation mapping the vertex set onto itself: frames of face 0 sent to each face's frames. */
function rotationGroup(vertices: Vec3[], faces: { vertices: number[]; normal: Vec3 }[]): Quat[] {
  const frame = (f: { vertices: number[]; normal: Vec3 }, start: number): [Vec3, Vec3, Vec3] => {
    const mid = centroid(vertices, f.vertices);
    const u = norm(sub(vertices[f.vertices[start]!]!, mid));
    return [f.normal, u, cross(f.normal, u)];
  };
  const f0 = faces[0]!;
  const [a0, a1, a2] = frame(f0, 0);
  const out: Quat[] = [];
  for (const f of faces) {
    if (f.vertices.length !== f0.vertices.length) continue;
    for (let s = 0; s < f.vertices.length; s++) {
      const [b0, b1, b2] = frame(f, s);
      // R = B * A^T, with A and B orthonormal frames (columns).
      const col = (e: Vec3): Vec3 => [
        b0[0] * e[0] + b1[0] * e[1] + b2[0] * e[2],
        b0[1] * e[0] + b1[1] * e[1] + b2[1] * e[2],
        b0[2] * e[0] + b1[2] * e[1] + b2[2] * e[2],
      ];
      const q = fromBasis(col([a0[0], a1[0], a2[0]]), col([a0[1], a1[1], a2[1]]), col([a0[2], a1[2], a2[2]]));
      const maps = vertices.every((v) => {
        const r = rotate(q, v);
        return vertices.some((w) => Math.hypot(r[0] - w[0], r[1] - w[1], r[2] - w[2]) < 1e-5);
      });
      if (maps) out.push(q);
    }
  }
  // The identity first (face 0 onto itself with its own start vertex is found first).
  return out;
}

/** The mean of some vertices (a face's centre). */
export function centroid(vertices: Vec3[], idx: number[]): Vec3 {
  const s: Vec3 = [0, 0, 0];
  for (const i of idx) for (let k = 0; k < 3; k++) s[k]! += vertices[i]![k]!;
  return scale(s, 1 / idx.length);
}

/** Vertices of each solid shape at unit-ish size (scaled by `SIZE` below). */
function shapeVertices(sides: 6 | 8 | 10 | 12 | 20): Vec3[] {
  const signs = [-1, 1];
  switch (sides) {
    case 6:
      return signs.flatMap((x) => signs.flatMap((y) => signs.map((z): Vec3 => [x, y, z])));
    case 8:
      return [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ];
    case 10: {
      // Pentagonal trapezohedron: a zig-zag ring at heights +-a and two poles at +-h, with h chosen so
      // each kite is planar: h = a (1 + cos 36) / (1 - cos 36).
      const a = 0.1,
        c = Math.cos(Math.PI / 5);
      const h = (a * (1 + c)) / (1 - c);
      const ring = Array.from({ length: 10 }, (_, i): Vec3 => {
        const t = (i * Math.PI) / 5;
        return [Math.cos(t), i % 2 === 0 ? a : -a, Math.sin(t)];
      });
      return [[0, h, 0], [0, -h, 0], ...ring];
    }
    case 12: {
      const out: Vec3[] = signs.flatMap((x) => signs.flatMap((y) => signs.map((z): Vec3 => [x, y, z])));
      for (const s1 of signs)
        for (const s2 of signs) out.push([0, s1 / PHI, s2 * PHI], [s1 / PHI, s2 * PHI, 0], [s2 * PHI, 0, s1 / PHI]);
      return out;
    }
    case 20: {
      const out: Vec3[] = [];
      for (const s1 of signs) for (const s2 of signs) out.push([0, s1, s2 * PHI], [s1, s2 * PHI, 0], [s2 * PHI, 0, s1]);
      return out;
    }
  }
}

/** Circumradius of each die in inches: big enough to read from the table camera, like a large real die. */
const SIZE: Record<6 | 8 | 10 | 12 | 20, number> = { 6: 0.62, 8: 0.68, 10: 0.66, 12: 0.68, 20: 0.7 };

const SIDES: Record<DieKind, 6 | 8 | 10 | 12 | 20> = {
  d6: 6,
  d8: 8,
  d10: 10,
  d12: 12,
  d20: 20,
  scatter: 6,
  artillery: 6,
};

/** The label printed on the face carrying `value` for a die kind (the rules' reading of that die). */
export function faceLabel(kind: DieKind, value: number): string {
  if (kind === 'scatter') return value <= 2 ? 'HIT' : '\u2192';
  if (kind === 'artillery') return value === 6 ? 'MISFIRE' : String(value * 2);
  return String(value);
}

/**
 * Values on faces: opposite faces (all these solids are centrally symmetric) sum to sides + 1, as on
 * real dice; pairs are numbered from the face nearest +y downwards so the layout is stable.
 */
function assignValues(faces: { normal: Vec3 }[], sides: number): number[] {
  const values = new Array<number>(faces.length).fill(0);
  const order = faces.map((_, i) => i).sort((a, b) => faces[b]!.normal[1] - faces[a]!.normal[1] || a - b);
  let next = 1;
  for (const i of order) {
    if (values[i]) continue;
    const opposite = faces.findIndex((f) => dot(f.normal, faces[i]!.normal) < -1 + 1e-6);
    if (opposite < 0) throw new Error(`face ${i} of the d${sides} has no opposite face`);
    values[i] = next;
    values[opposite] = sides + 1 - next;
    next++;
  }
  return values;
}

const cache = new Map<DieKind, Solid>();

/** The solid of a die kind (built once). */
export function solidOf(kind: DieKind): Solid {
  const hit = cache.get(kind);
  if (hit) return hit;
  const sides = SIDES[kind];
  const raw = shapeVertices(sides);
  const r = Math.max(...raw.map((v) => Math.hypot(...v)));
  const vertices = raw.map((v) => scale(v, SIZE[sides] / r));
  const hull = hullFaces(vertices);
  if (hull.length !== sides) throw new Error(`the d${sides} solid has ${hull.length} faces`);
  const values = assignValues(hull, sides);
  const faces: Face[] = hull.map((f, i) => ({ ...f, value: values[i]!, label: faceLabel(kind, values[i]!) }));
  const rotations = rotationGroup(vertices, hull);
  const turn = faces.map((g) =>
    faces.map((f) => rotations.findIndex((q) => dot(rotate(q, g.normal), f.normal) > 1 - 1e-6)),
  );
  const solid: Solid = { kind, sides, vertices, faces, rotations, turn };
  cache.set(kind, solid);
  return solid;
}

/** The die kind for a rolled die: its number of sides and the rules' optional tag; null when no solid fits. */
export function kindOf(sides: number, tag: string | null | undefined): DieKind | null {
  if (sides === 6 && (tag === 'scatter' || tag === 'artillery')) return tag;
  switch (sides) {
    case 6:
      return 'd6';
    case 8:
      return 'd8';
    case 10:
      return 'd10';
    case 12:
      return 'd12';
    case 20:
      return 'd20';
    default:
      return null;
  }
}

/** The face carrying a value. */
export function faceWithValue(solid: Solid, value: number): number {
  const i = solid.faces.findIndex((f) => f.value === value);
  if (i < 0) throw new RangeError(`the ${solid.kind} has no face ${value}`);
  return i;
}
