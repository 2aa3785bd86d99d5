import { describe, expect, test } from 'vitest';
import { topFace } from '../../../src/dice3d/readTop';
import {
  DIE_KINDS,
  centroid,
  faceLabel,
  faceWithValue,
  kindOf,
  multiply,
  rotate,
  solidOf,
  type Quat,
} from '../../../src/dice3d/solids';

const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

describe('die solids', () => {
  test.each(DIE_KINDS)('%s: each value 1..sides on exactly one face', (kind) => {
    const s = solidOf(kind);
    expect(s.faces).toHaveLength(s.sides);
    expect(s.faces.map((f) => f.value).sort((a, b) => a - b)).toEqual(Array.from({ length: s.sides }, (_, i) => i + 1));
  });

  test('the d10 is numbered 1..10 as the rulesets read it (a 10, not a 0)', () => {
    const s = solidOf('d10');
    expect(s.faces.map((f) => f.label).sort((a, b) => Number(a) - Number(b))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });

  test.each(DIE_KINDS)('%s: normals are unit, point outwards and every vertex lies behind every face', (kind) => {
    const s = solidOf(kind);
    for (const f of s.faces) {
      expect(Math.hypot(...f.normal)).toBeCloseTo(1, 9);
      const c = centroid(s.vertices, f.vertices);
      expect(dot(c, f.normal)).toBeGreaterThan(0.1);
      const d = dot(f.normal, s.vertices[f.vertices[0]!]!);
      for (const v of f.vertices) expect(dot(f.normal, s.vertices[v]!)).toBeCloseTo(d, 9); // planar
      for (const v of s.vertices) expect(dot(f.normal, v)).toBeLessThanOrEqual(d + 1e-9);
    }
  });

  test.each(DIE_KINDS)('%s: opposite faces are parallel and sum to sides + 1, as on real dice', (kind) => {
    const s = solidOf(kind);
    for (const f of s.faces) {
      const opposite = s.faces.find((g) => dot(g.normal, f.normal) < -1 + 1e-9);
      expect(opposite).toBeDefined();
      expect(f.value + opposite!.value).toBe(s.sides + 1);
    }
  });

  test.each([
    ['d6', 24],
    ['d8', 24],
    ['d10', 10],
    ['d12', 60],
    ['d20', 60],
    ['scatter', 24],
    ['artillery', 24],
  ] as const)('%s: the rotation group has %i turns, each maps the solid onto itself', (kind, order) => {
    const s = solidOf(kind);
    expect(s.rotations).toHaveLength(order);
    for (const q of s.rotations)
      for (const v of s.vertices) {
        const r = rotate(q, v);
        expect(s.vertices.some((w) => Math.hypot(r[0] - w[0], r[1] - w[1], r[2] - w[2]) < 1e-6)).toBe(true);
      }
  });

  test.each(DIE_KINDS)('%s: for every pair of faces g, f there is a turn carrying g onto f', (kind) => {
    const s = solidOf(kind);
    s.faces.forEach((g, gi) =>
      s.faces.forEach((f, fi) => {
        const q = s.rotations[s.turn[gi]![fi]!]!;
        expect(dot(rotate(q, g.normal), f.normal)).toBeCloseTo(1, 9);
      }),
    );
  });

  test('the scatter die shows HIT on 1-2 and arrows on 3-6; the artillery die 2..10 inches and MISFIRE', () => {
    expect([1, 2, 3, 4, 5, 6].map((v) => faceLabel('scatter', v))).toEqual(['HIT', 'HIT', '→', '→', '→', '→']);
    expect([1, 2, 3, 4, 5, 6].map((v) => faceLabel('artillery', v))).toEqual(['2', '4', '6', '8', '10', 'MISFIRE']);
  });

  test("dice kinds from a dice line: sides and the rules' name", () => {
    expect(kindOf(6, null)).toBe('d6');
    expect(kindOf(6, 'scatter')).toBe('scatter');
    expect(kindOf(6, 'artillery')).toBe('artillery');
    expect(kindOf(10, 'scatter')).toBe('d10');
    expect(kindOf(20, undefined)).toBe('d20');
    expect(kindOf(360, null)).toBeNull();
    expect(kindOf(3, null)).toBeNull();
  });

  test('readTop: a face turned to +y is read as up', () => {
    const s = solidOf('d20');
    const i = faceWithValue(s, 17);
    const n = s.faces[i]!.normal;
    // The shortest rotation taking n to +y.
    const axis = [-n[2], 0, n[0]];
    const len = Math.hypot(...axis);
    const angle = Math.acos(n[1]);
    const k = Math.sin(angle / 2) / (len || 1);
    const q: Quat = [axis[0]! * k, 0, axis[2]! * k, Math.cos(angle / 2)];
    const top = topFace(s, q);
    expect(s.faces[top.face]!.value).toBe(17);
    expect(top.up).toBeCloseTo(1, 9);
    // Turned upside down about x, the opposite face (21 - 17) is up.
    const flip = multiply([1, 0, 0, 0], q);
    expect(s.faces[topFace(s, flip).face]!.value).toBe(4);
  });
});
