import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeometryService } from '../../../src/state/geometryService';
import { terrainSolids } from '../../../src/geometry/solids';
import { createTabletopStore } from '../../../src/state/store';
import { en } from '../../support/words';
import type { Scene } from '../../../src/io/sceneSchema';

const scene: Scene = {
  format: 'tabletop-scene/1',
  table: { width: 24, depth: 24 },
  terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 1.5, 12], size: [0.5, 3, 8] }],
  models: [
    {
      id: 'a',
      side: 'A',
      position: [8, 0, 12],
      base: { shape: 'round', diameterMm: 25 },
      height: 1.2,
      leanOut: [8, 0, 10],
    },
    { id: 'b', side: 'B', position: [16, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1.2 },
  ],
};

describe('geometry service and table edits', () => {
  it('moves a model along its measured path within the allowance, clears its lean-out marker, and undoes', () => {
    const store = createTabletopStore(scene);
    const geo = new GeometryService(store);
    const terrainBefore = store.getState().scene.terrain;
    const r = geo.moveModel('a', 8, 16);
    expect(r.ok).toBe(true);
    const moved = store.getState().scene.models![0]!;
    expect(moved.position).toEqual([8, 0, 16]);
    expect(moved.leanOut).toBeNull();
    // The terrain array is untouched, so the BVH is reused.
    expect(store.getState().scene.terrain).toBe(terrainBefore);
    expect(store.getState().sceneVersion).toBe(1);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().scene.models![0]!.position).toEqual([8, 0, 12]);
    expect(store.getState().redo()).toBe(true);
    expect(store.getState().scene.models![0]!.position).toEqual([8, 0, 16]);
  });

  it('refuses a move beyond the allowance or through the wall, leaving the table as it was', () => {
    const store = createTabletopStore(scene);
    const geo = new GeometryService(store);
    const far = geo.moveModel('a', 15, 12);
    expect(far.ok).toBe(false);
    if (!far.ok) expect(en(far.reason)).toMatch(/more than the 6" allowance/);
    expect(store.getState().scene).toBe(scene);
    store.getState().setAllowance(20);
    expect(geo.moveModel('a', 12, 12).ok).toBe(false);
    expect(store.getState().past).toHaveLength(0);
  });

  it('gives the route a model took round the wall, for the scene to glide it along; none once it has moved on', () => {
    // 'b' stands at the end of a move that began west of the 8"-long wall at x = 12 (beside 'a'): the route goes round it.
    const store = createTabletopStore(scene);
    const geo = new GeometryService(store);
    const route = geo.routeFrom('b', [8, 0, 14], [16, 0, 12])!;
    expect(route.length).toBeGreaterThan(2);
    expect(route[0]![0]).toBeCloseTo(8, 6);
    expect(route[0]![2]).toBeCloseTo(14, 6);
    expect(route.at(-1)![0]).toBeCloseTo(16, 6);
    // Round an end of the wall (z from 8 to 16), never through it.
    const atWall = route.filter((p) => Math.abs(p[0] - 12) < 0.3);
    expect(atWall.every((p) => p[2] <= 8 || p[2] >= 16)).toBe(true);
    // Not where the move ended (another change of place moved it since): no route.
    expect(geo.routeFrom('b', [8, 0, 14], [16, 0, 14])).toBeNull();
    // A clear straight move needs no route: it glides straight.
    expect(geo.routeFrom('b', [16, 0, 16], [16, 0, 12])).toBeNull();
  });

  it('places and removes smoke; LOS through it goes to none', () => {
    const store = createTabletopStore({ ...scene, terrain: [] });
    const geo = new GeometryService(store);
    expect(geo.facts('a', 'b').visibleFraction).toBe(1);
    const placed = geo.placeSmoke(12, 12);
    expect(placed).toEqual({ ok: true, id: 'smoke-1' });
    expect(geo.facts('a', 'b')).toMatchObject({ visibleFraction: 0, hasLos: false, smokeBlocked: true });
    expect(geo.removeSmoke('smoke-1').ok).toBe(true);
    expect(geo.facts('a', 'b').visibleFraction).toBe(1);
  });

  it('measures the tape base to base, base to point and point to point', () => {
    const geo = new GeometryService(createTabletopStore(scene));
    const r = 25 / 25.4 / 2;
    expect(geo.tapeLength({ kind: 'model', id: 'a' }, { kind: 'model', id: 'b' })).toBeCloseTo(8 - 2 * r, 6);
    expect(geo.tapeLength({ kind: 'model', id: 'a' }, { kind: 'point', point: [8, 3, 12] })).toBeCloseTo(3, 6);
    expect(geo.tapeLength({ kind: 'point', point: [0, 0, 0] }, { kind: 'point', point: [3, 4, 0] })).toBe(5);
  });
});

describe('lean-out markers and what a dragged model would see', () => {
  const behindWall: Scene = {
    format: 'tabletop-scene/1',
    table: { width: 24, depth: 24 },
    // A wall along x from 4" to 12"; a stands behind it near its end, b in front.
    terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [8, 1.5, 8], size: [8, 3, 0.5] }],
    models: [
      { id: 'a', side: 'A', position: [11, 0, 9.5], base: { shape: 'round', diameterMm: 25 }, height: 1.2 },
      { id: 'b', side: 'B', position: [11, 0, 2], base: { shape: 'round', diameterMm: 25 }, height: 1.2 },
    ],
  };

  it('places a lean-out marker within 1" of the base, refuses it farther or on the base, and LOS uses it', () => {
    const store = createTabletopStore(behindWall);
    const geo = new GeometryService(store);
    expect(geo.facts('a', 'b').visibleFraction).toBe(0);
    const far = geo.placeLeanOut('a', 14, 9.5);
    expect(far.ok).toBe(false);
    if (!far.ok) expect(en(far.reason)).toMatch(/within 1"/);
    expect(geo.placeLeanOut('a', 11.2, 9.5).ok).toBe(false);
    // Beside the base, past the wall's end (x = 12).
    const r = 25 / 25.4 / 2;
    expect(geo.placeLeanOut('a', 11 + 2 * r + 0.6, 9.5).ok).toBe(true);
    expect(store.getState().scene.models![0]!.leanOut).toEqual([11 + 2 * r + 0.6, 0, 9.5]);
    expect(geo.facts('a', 'b').viaLeanOut?.fromViewerMarker?.visibleFraction).toBe(1);
    // Moving clears it.
    expect(geo.moveModel('a', 10, 10.5).ok).toBe(true);
    expect(store.getState().scene.models![0]!.leanOut).toBeNull();
  });

  it('answers what the dragged model would see from its ghost, without moving it', () => {
    const store = createTabletopStore(behindWall);
    const geo = new GeometryService(store);
    const [here] = geo.ifMovedTo('a', [11, 0, 9.5], ['b']);
    const [there] = geo.ifMovedTo('a', [13.5, 0, 9.5], ['b']);
    expect(here!.facts.visibleFraction).toBe(0);
    expect(there!.facts.visibleFraction).toBe(1);
    expect(there!.distance).toBeCloseTo(Math.hypot(2.5, 7.5) - 2 * (25 / 25.4 / 2), 6);
    expect(store.getState().scene).toBe(behindWall);
  });
});

describe('fall preview', () => {
  it('a model on a 4" ledge stepping off it falls 4" and lands within 3"; on its own level there is no fall', () => {
    const ledge: Scene = {
      format: 'tabletop-scene/1',
      table: { width: 24, depth: 24 },
      terrain: [{ id: 'ledge', kind: 'obstacle', shape: 'box', center: [10, 2, 10], size: [4, 4, 4] }],
      models: [{ id: 'm', side: 'A', position: [11, 4, 10], base: { shape: 'round', diameterMm: 25 }, height: 1.1 }],
    };
    const geo = new GeometryService(createTabletopStore(ledge));
    const f = geo.fallAt('m', 12.5, 10);
    expect(f?.height).toBeCloseTo(4, 6);
    expect(f?.landing?.offset).toBeLessThanOrEqual(3);
    expect(f?.landing?.position[1]).toBeCloseTo(0, 6);
    expect(geo.fallAt('m', 10, 10)).toBeNull();
  });
});

describe('route planning prepared in idle time', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /**
   * Stubs requestIdleCallback: the callbacks queue until `runAll`, which runs them (and any they queue),
   * each with `idleMs` of idle time left.
   */
  function idleQueue(idleMs = 50) {
    const queued: ((deadline: IdleDeadline) => void)[] = [];
    let cancelled = 0;
    const deadline = { didTimeout: false, timeRemaining: () => idleMs } as IdleDeadline;
    vi.stubGlobal('requestIdleCallback', (f: (deadline: IdleDeadline) => void) => queued.push(f));
    vi.stubGlobal('cancelIdleCallback', () => cancelled++);
    return {
      runAll(): number {
        let ran = 0;
        while (queued.length) {
          queued.shift()!(deadline);
          ran++;
        }
        return ran;
      },
      cancelled: () => cancelled,
    };
  }

  it('takes one step per kind of model (base, height, level), then stops', () => {
    const idle = idleQueue();
    const third = {
      id: 'c',
      side: 'B',
      position: [16, 0, 4] as [number, number, number],
      base: { shape: 'round' as const, diameterMm: 40 },
      height: 1.2,
    };
    const store = createTabletopStore({ ...scene, models: [...scene.models!, third] });
    const geo = new GeometryService(store);
    geo.world();
    geo.warmRoutes();
    // 'a' and 'b' are one kind (25 mm, 1.2"), 'c' another (40 mm): two measuring steps and the last, empty one.
    expect(idle.runAll()).toBe(3);
  });

  it("waits for the table's terrain index: nothing before it is ready, then the steps once the store says it is", async () => {
    const idle = idleQueue();
    const store = createTabletopStore(scene);
    const geo = new GeometryService(store);
    geo.warmRoutes();
    expect(idle.runAll()).toBe(0);
    // The index is built off the main thread (here, where there is no worker, after a task), then the store says so.
    await vi.waitFor(() => expect(store.getState().terrainIndexed).toBe(1));
    geo.warmRoutes();
    expect(idle.runAll()).toBe(2);
  });

  it("finds a dense table's solids a piece per idle period when the page has no time to spare, then measures", () => {
    // Idle periods with no time left: one piece each (four walls; the last period goes on to measure the one
    // kind of model), then the last, empty step.
    const idle = idleQueue(0);
    const walls = [0, 1, 2, 3].map((i) => ({
      id: `w${i}`,
      kind: 'obstacle' as const,
      shape: 'box' as const,
      center: [6 + 4 * i, 1.5, 12] as [number, number, number],
      size: [0.5, 3, 3] as [number, number, number],
    }));
    const store = createTabletopStore({ ...scene, terrain: walls });
    const geo = new GeometryService(store);
    const world = geo.world();
    geo.warmRoutes();
    expect(idle.runAll()).toBe(4 + 1);
    expect(terrainSolids(world).map((s) => s.pieceId)).toEqual(['w0', 'w1', 'w2', 'w3']);
  });

  it('stops when asked, and does nothing where the page has no idle callbacks', () => {
    const idle = idleQueue();
    const geo = new GeometryService(createTabletopStore(scene));
    geo.world();
    const stop = geo.warmRoutes();
    stop();
    expect(idle.cancelled()).toBe(1);
    vi.unstubAllGlobals();
    vi.stubGlobal('requestIdleCallback', undefined);
    expect(() => new GeometryService(createTabletopStore(scene)).warmRoutes()()).not.toThrow();
  });
});
