import { describe, expect, it } from 'vitest';
import { modelBody } from '../../../src/geometry/bodies';
import { pairFacts } from '../../../src/geometry/facts';
import { referenceVisibility } from '../../../src/geometry/reference';
import { addBodyToMask, computeVisibility, countVisible, newTrace, popcount } from '../../../src/geometry/visibility';
import { buildWorld, updateModel } from '../../../src/geometry/world';
import { box, model, randomScene, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };

describe('visible fraction: known answers', () => {
  it.each([4, 10, 23])(
    'a wall as high as the eye, right in front of a target twice that tall, hides half (viewer %s" away)',
    (gap) => {
      // Eye at 1"; target 2" tall; wall 1" tall just in front of the target, wide enough.
      const w = world({
        table: TABLE,
        terrain: [box('wall', [24 - 0.9, 0.5, 18], [0.2, 1, 8])],
        models: [model('v', 24 - gap, 18, { height: 1, eyeHeight: 1 }), model('t', 24, 18, { height: 2 })],
      });
      const f = pairFacts(w, 'v', 't');
      expect(f.visibleFraction).toBeCloseTo(0.5, 2);
      expect(f.hidden.terrain).toBeCloseTo(0.5, 2);
      expect(f.coverPieces).toEqual([
        { id: 'wall', kind: 'obstacle', share: f.hidden.terrain, distance: expect.closeTo(0.3079, 3) },
      ]);
      expect(f.hasLos).toBe(true);
    },
  );

  it('a wall taller than both blocks everything, and there is no LOS from any point', () => {
    const w = world({
      table: TABLE,
      terrain: [box('wall', [20, 2, 18], [0.5, 4, 10])],
      models: [model('v', 16, 18, { height: 1.5 }), model('t', 24, 18, { height: 1.5 })],
    });
    const f = pairFacts(w, 'v', 't');
    expect(f).toMatchObject({ visibleFraction: 0, hasLos: false, hidden: { terrain: 1 } });
  });

  it('open ground sees everything', () => {
    const w = world({ table: TABLE, models: [model('v', 5, 5), model('t', 40, 30, { height: 2 })] });
    expect(pairFacts(w, 'v', 't')).toMatchObject({
      visibleFraction: 1,
      hasLos: true,
      coverPieces: [],
      hidden: { terrain: 0, models: 0, smoke: 0 },
    });
  });

  it('area terrain that does not block sight hides nothing', () => {
    const w = world({
      table: TABLE,
      terrain: [{ id: 'woods', kind: 'area', shape: 'cylinder', center: [20, 1.5, 18], radius: 3, height: 3 }],
      models: [model('v', 10, 18), model('t', 30, 18)],
    });
    expect(pairFacts(w, 'v', 't').visibleFraction).toBe(1);
  });

  it('a model whose eye is blocked but whose head shows still has LOS (any point to any point)', () => {
    // Wall 1.2" tall: the eye at 0.9" cannot see a prone target behind it; the top of the 1.8" body can.
    const w = world({
      table: TABLE,
      terrain: [box('wall', [20, 0.6, 18], [0.3, 1.2, 10])],
      models: [model('v', 19, 18, { height: 1.8, eyeHeight: 0.9 }), model('t', 21.5, 18, { height: 1, prone: true })],
    });
    const f = pairFacts(w, 'v', 't');
    expect(f.visibleFraction).toBe(0);
    expect(f.hasLos).toBe(true);
  });

  it('other models hide what is behind them, and vehicles are counted apart', () => {
    const w = world({
      table: TABLE,
      models: [
        model('v', 10, 18, { height: 1 }),
        model('screen', 14, 18, { height: 3, base: { shape: 'round', diameterMm: 80 } }),
        model('t', 20, 18, { height: 1 }),
        model('tank', 30, 18, { height: 3, kind: 'vehicle', base: { shape: 'oval', lengthMm: 120, widthMm: 90 } }),
        model('t2', 36, 18, { height: 1 }),
      ],
    });
    expect(pairFacts(w, 'v', 't')).toMatchObject({ visibleFraction: 0, hidden: { models: 1, vehicles: 0 } });
    // From a viewer beyond the tank.
    const f = pairFacts(w, 't2', 't');
    expect(f.hidden.vehicles).toBe(1);
  });

  it('a smoke cylinder between two models blocks them, and does not block a model inside it', () => {
    const w = world({
      table: TABLE,
      models: [model('v', 10, 18), model('t', 30, 18), model('inside', 20, 18)],
      smoke: [{ id: 's', position: [20, 0, 18], radius: 3 }],
    });
    const f = pairFacts(w, 'v', 't');
    expect(f).toMatchObject({ visibleFraction: 0, smokeBlocked: true, hasLos: false, hidden: { smoke: 1 } });
    const g = pairFacts(w, 'v', 'inside');
    expect(g.visibleFraction).toBe(1);
    expect(g.smokeBlocked).toBe(false);
    expect(g.baseInSmoke).toEqual({ viewer: 0, target: 1 });
    expect(pairFacts(w, 'inside', 't').visibleFraction).toBe(1);
  });

  it('smoke of limited height blocks only the lines that pass through it', () => {
    const scene = (height: number) =>
      world({
        table: TABLE,
        terrain: [box('tower', [10, 3, 18], [2, 6, 2])],
        models: [model('v', 10, 18, { position: [10, 6, 18] }), model('t', 30, 18)],
        smoke: [{ id: 's', position: [27.8, 0, 18], radius: 1.5, height }],
      });
    // Lines from the tower top to the target's lower part dip into 0.5"-high smoke just before it.
    const low = pairFacts(scene(0.5), 'v', 't');
    expect(low.hidden.smoke).toBeGreaterThan(0.05);
    expect(low.hidden.smoke).toBeLessThan(0.9);
    expect(low.smokeBlocked).toBe(false);
    // Unlimited height: every line passes through it.
    expect(pairFacts(scene(100), 'v', 't')).toMatchObject({ visibleFraction: 0, smokeBlocked: true });
  });
});

describe('visible fraction: fast method against the 4096-ray brute-force reference', () => {
  it.each([11, 202, 3003, 40004])('random table, seed %s: p95 error <= 0.02 and the same first occluders', (seed) => {
    const scene = randomScene(seed);
    const w = buildWorld(scene, () => undefined);
    const errors: number[] = [];
    let pairs = 0;
    for (let i = 0; i < w.bodies.length; i++) {
      for (let j = 0; j < w.bodies.length; j++) {
        if (i === j) continue;
        const v = w.bodies[i]!;
        const t = w.bodies[j]!;
        const skip = (k: number) => k === i;
        const fast = computeVisibility(w, v.eye, t, skip);
        const ref = referenceVisibility(w, v.eye, t, skip, 64);
        errors.push(Math.abs(fast.visible / fast.samples - ref.visible / ref.samples));
        pairs++;
        // Hidden shares by kind agree too.
        for (const kind of ['terrain', 'model', 'smoke'] as const) {
          const share = (x: typeof fast) =>
            x.blocked.filter((b) => b.kind === kind).reduce((s, b) => s + b.cells, 0) / x.samples;
          expect(Math.abs(share(fast) - share(ref)), `${v.id}->${t.id} ${kind}`).toBeLessThan(0.08);
        }
      }
    }
    errors.sort((a, b) => a - b);
    const p95 = errors[Math.floor(errors.length * 0.95)]!;
    expect(pairs).toBe(90);
    expect(p95).toBeLessThanOrEqual(0.02);
    expect(errors[errors.length - 1]!).toBeLessThan(0.08);
  });
});

describe('counting with a kept mask', () => {
  it.each([11, 202])(
    'random table, seed %s: countVisible counts as computeVisibility does, and a body added to its mask counts as one drawn',
    (seed) => {
      const w = buildWorld(randomScene(seed), () => undefined);
      const n = w.bodies.length;
      let added = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          if (i === j) continue;
          const v = w.bodies[i]!,
            t = w.bodies[j]!;
          const counted = countVisible(w, v.eye, t, (k) => k === i);
          const credited = computeVisibility(w, v.eye, t, (k) => k === i);
          expect(counted.visible, `${i}->${j}`).toBe(credited.visible);
          expect(counted.mask.length).toBe(32);
          expect(counted.mask.reduce((sum, row) => sum + popcount(row), 0)).toBe(counted.samples - counted.visible);
          // Leave out one other body, then add it to the kept mask: the same count as drawing it.
          for (let k = 0; k < n; k++) {
            if (k === i || k === j) continue;
            const without = countVisible(w, v.eye, t, (q) => q === i || q === k);
            const into = without.mask;
            const trace = newTrace();
            const sum = addBodyToMask(w, v.eye, t, 32, into, k, trace);
            expect(sum.visible, `${i}->${j} + ${k}`).toBe(counted.visible);
            expect(sum.mask).toBe(into);
            expect([...sum.mask]).toEqual([...counted.mask]);
            if (sum.visible < without.visible) {
              expect(trace.candidates.has(k)).toBe(true);
              added++;
            }
          }
        }
      }
      // Some added bodies did hide more (the check above is not empty).
      expect(added).toBeGreaterThan(0);
    },
  );
});

describe('popcount', () => {
  it('counts bits', () => {
    expect([0, 1, 0xff, 0x80000000, 0xffffffff, 0x12345678].map(popcount)).toEqual([0, 1, 8, 1, 32, 13]);
  });
});

describe('degenerate input', () => {
  it('a viewer whose eye is inside the target sees it all, without NaN', () => {
    const w = world({ table: TABLE, models: [model('v', 10, 18), model('t', 10.2, 18, { height: 2 })] });
    const f = pairFacts(w, 'v', 't');
    expect(f.visibleFraction).toBe(1);
    expect(f.distance).toBe(0);
    expect(Number.isNaN(modelBody(w.models[0]!).eye[1])).toBe(false);
  });
});

describe('visible fraction: an occluder partly behind the eye', () => {
  it.each([
    [52, 2.55],
    [52, 2.7],
    [56, 2.55],
  ])(
    'a 100 mm base beside the viewer (%s deg off the sight line, %s" away) hides what the 4096-ray reference says',
    (deg, dist) => {
      // The big base straddles the plane of the viewer's eye: only its part in front is outlined.
      const a = (deg * Math.PI) / 180;
      const w = world({
        table: TABLE,
        models: [
          model('v', 10, 18, { height: 1.5 }),
          model('n', 10 + dist * Math.cos(a), 18 + dist * Math.sin(a), {
            height: 2,
            base: { shape: 'round', diameterMm: 100 },
          }),
          model('t', 13, 18, { height: 1.5 }),
        ],
      });
      const v = w.bodies[0]!,
        t = w.bodies[2]!;
      const ref = referenceVisibility(w, v.eye, t, (k) => k === 0, 64);
      const credited = computeVisibility(w, v.eye, t, (k) => k === 0);
      const counted = computeVisibility(w, v.eye, t, (k) => k === 0, undefined, undefined, true);
      expect(ref.visible / ref.samples).toBeGreaterThan(0.5);
      expect(ref.visible / ref.samples).toBeLessThan(0.99);
      expect(Math.abs(credited.visible / credited.samples - ref.visible / ref.samples)).toBeLessThan(0.02);
      expect(counted.visible).toBe(credited.visible);
      expect(credited.blocked.map((b) => b.kind)).toEqual(['model']);
    },
  );
});

describe('cover-piece distances (remembered per terrain by base and piece)', () => {
  it('a target stepping back from the wall gets its new distance, the same a fresh world measures', () => {
    const scene = {
      table: TABLE,
      terrain: [box('wall', [20, 0.75, 18], [0.4, 1.5, 8])],
      models: [model('v', 12, 18, { height: 1.2 }), model('t', 21, 18, { height: 2 })],
    };
    const w = world(scene);
    const before = pairFacts(w, 'v', 't').coverPieces[0]!.distance;
    // Edge of the wall at x 20.2, base edge at 21 - 0.492.
    expect(before).toBeCloseTo(21 - 0.4921 - 20.2, 2);
    updateModel(w, model('t', 22.5, 18, { height: 2 }));
    const after = pairFacts(w, 'v', 't').coverPieces[0]!.distance;
    expect(after).toBeCloseTo(before + 1.5, 2);
    const fresh = world({
      ...scene,
      models: [model('v', 12, 18, { height: 1.2 }), model('t', 22.5, 18, { height: 2 })],
    });
    expect(pairFacts(fresh, 'v', 't').coverPieces[0]!.distance).toBe(after);
  });
});
