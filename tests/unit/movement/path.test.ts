import { describe, expect, it } from 'vitest';
import { measuredPath } from '../../../src/movement/path';
import { shortestPath2d } from '../../../src/movement/tangentPath';
import { box, model, world } from '../../support/scenes';

const TABLE = { width: 48, depth: 36 };
const R = 25 / 25.4 / 2;

describe('measured paths on open ground and around walls', () => {
  it('a straight open move is its straight length', () => {
    const w = world({ table: TABLE, models: [model('m', 10, 10)] });
    const p = measuredPath(w, 'm', [16, 0, 18]);
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(10, 9);
    expect(p.points).toEqual([
      [10, 0, 10],
      [16, 0, 18],
    ]);
  });

  it('goes round the end of a wall: tangent, arc at base-radius clearance, along, arc, tangent', () => {
    // Wall x 9.75..10.25, z 7..13; from (8, 10) to (12, 10).
    const w = world({ table: TABLE, terrain: [box('wall', [10, 0.5, 10], [0.5, 1, 6])], models: [model('m', 8, 10)] });
    const p = measuredPath(w, 'm', [12, 0, 10]);
    const sa = Math.hypot(1.75, 3);
    const tangent = Math.sqrt(sa * sa - R * R);
    const turn = Math.atan2(3, 1.75) + Math.asin(R / sa);
    const expected = 2 * tangent + 0.5 + 2 * R * turn;
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(expected, 6);
    // Every point of the route keeps the base clear of the wall.
    for (const [x, , z] of p.points) {
      const dx = Math.max(9.75 - x, 0, x - 10.25);
      const dz = Math.max(7 - z, 0, z - 13);
      expect(Math.hypot(dx, dz)).toBeGreaterThanOrEqual(R - 1e-6);
    }
  });

  it('keeps the whole base on the table: a wall from edge to edge of a 20" table has no way round', () => {
    // 20" x 36" table; a wall across it at z 18 from x 0.4 to x 19.6 (a gap of 0.4" at each edge, less than a base).
    const t = { width: 20, depth: 36 };
    const wall = box('wall', [10, 0.5, 18], [19.2, 1, 0.5]);
    const w = world({ table: t, terrain: [wall], models: [model('m', 10, 14)] });
    const p = measuredPath(w, 'm', [10, 0, 22]);
    expect(p.reachable).toBe(false);
    expect(p.problem).toEqual({ kind: 'no-route', baseMm: 25 });
    // A gap at the east edge a base fits through (the wall ends at x 18.4: 1.6" to the edge): the route takes it,
    // its base on the table all the way.
    const gap = world({
      table: t,
      terrain: [box('wall', [9.2, 0.5, 18], [18.4, 1, 0.5])],
      models: [model('m', 10, 14)],
    });
    const q = measuredPath(gap, 'm', [10, 0, 22]);
    expect(q.reachable).toBe(true);
    for (const [x, , z] of q.points) {
      expect(x).toBeLessThanOrEqual(20 - R + 1e-6);
      expect(z).toBeGreaterThanOrEqual(R - 1e-6);
    }
  });

  it('a destination whose base would hang over an edge is off the table: centre R from the edge is on, a hair less is off', () => {
    const w = world({ table: TABLE, models: [model('m', 10, 10)] });
    expect(measuredPath(w, 'm', [R, 0, 10]).reachable).toBe(true);
    expect(measuredPath(w, 'm', [R - 0.01, 0, 10]).problem).toEqual({ kind: 'off-table', edge: 'west' });
    expect(measuredPath(w, 'm', [10, 0, TABLE.depth - R + 0.01]).problem).toEqual({ kind: 'off-table', edge: 'south' });
  });

  it('a model boxed in by a ring of bases cannot get out; friends may be passed when the rules allow', () => {
    const ring = Array.from({ length: 8 }, (_, k) =>
      model(`r${k}`, 20 + Math.cos((k * Math.PI) / 4) * 1.4, 20 + Math.sin((k * Math.PI) / 4) * 1.4, {
        side: 'A',
        base: { shape: 'round', diameterMm: 40 },
      }),
    );
    const w = world({ table: TABLE, models: [model('m', 20, 20, { side: 'A' }), ...ring] });
    const p = measuredPath(w, 'm', [26, 0, 20]);
    expect(p.reachable).toBe(false);
    expect(p.reason).toContain('no route');
    const q = measuredPath(w, 'm', [26, 0, 20], { passFriends: true });
    expect(q.reachable).toBe(true);
    expect(q.length).toBeCloseTo(6, 9);
  });

  it('cannot end inside a wall or on another base', () => {
    const w = world({
      table: TABLE,
      terrain: [box('wall', [10, 0.5, 10], [0.5, 1, 6])],
      models: [model('m', 8, 10), model('o', 14, 10)],
    });
    expect(measuredPath(w, 'm', [10, 0, 10]).reason).toContain('does not fit');
    expect(measuredPath(w, 'm', [14.3, 0, 10]).reachable).toBe(false);
  });
});

describe('climbing', () => {
  // A 2"-high, 4"-deep block: its top holds a base.
  const scene = () =>
    world({ table: TABLE, terrain: [box('block', [14, 1, 10], [4, 2, 4])], models: [model('m', 8, 10)] });

  it.each([
    ['measured', 2, 8],
    ['double', 4, 10],
  ] as const)('climbing a 2" wall to its top (climb: %s) counts %s" more: %s" in all', (climb, extra, length) => {
    const p = measuredPath(scene(), 'm', [14, 2, 10], { climb });
    expect(p.reachable).toBe(true);
    expect(p.horizontal).toBeCloseTo(6, 9);
    expect(p.climb).toBeCloseTo(extra, 9);
    expect(p.length).toBeCloseTo(length, 9);
  });

  it('is refused without climbing, or beyond a per-move height limit', () => {
    expect(measuredPath(scene(), 'm', [14, 2, 10]).reachable).toBe(false);
    const p = measuredPath(scene(), 'm', [14, 2, 10], { climb: 'measured', maxClimb: 1.5 });
    expect(p.reachable).toBe(false);
  });

  it('goes over a low wall when that is shorter than going round, and round it when not', () => {
    const w = world({
      table: TABLE,
      terrain: [box('low', [10, 0.25, 10], [0.5, 0.5, 20])],
      models: [model('m', 8, 10)],
    });
    const over = measuredPath(w, 'm', [12, 0, 10], { climb: 'measured' });
    expect(over.length).toBeCloseTo(4 + 1, 9); // up 0.5 and down 0.5
    const tall = world({ table: TABLE, terrain: [box('tall', [10, 3, 10], [0.5, 6, 2])], models: [model('m', 8, 10)] });
    const round = measuredPath(tall, 'm', [12, 0, 10], { climb: 'measured' });
    expect(round.climb).toBe(0);
    // Round the 2"-long end of the wall (z 9..11), as in the first test.
    const sa = Math.hypot(1.75, 1);
    const expected = 2 * Math.sqrt(sa * sa - R * R) + 0.5 + 2 * R * (Math.atan2(1, 1.75) + Math.asin(R / sa));
    expect(round.length).toBeCloseTo(expected, 6);
  });

  it('a model on a tower top cannot end on a thin wall top it climbs onto', () => {
    const w = world({ table: TABLE, terrain: [box('thin', [12, 1, 10], [0.5, 2, 6])], models: [model('m', 8, 10)] });
    const p = measuredPath(w, 'm', [12, 2, 10], { climb: 'measured' });
    expect(p.reachable).toBe(false);
    expect(p.reason).toContain('cannot stand');
  });
});

describe('difficult ground', () => {
  it('adds 1" per full 2" moved in it (Five Parsecs)', () => {
    const w = world({
      table: TABLE,
      terrain: [
        {
          id: 'rubble',
          kind: 'area',
          shape: 'box',
          center: [15, 0.2, 10],
          size: [5, 0.4, 20],
          difficult: true,
          blocksLos: false,
        },
      ],
      models: [model('m', 10, 10)],
    });
    // 12.5..17.5 in x: 5" inside rubble on a straight 10" move -> +2".
    const p = measuredPath(w, 'm', [20, 0, 10], { difficultEvery: 2 });
    expect(p.horizontal).toBeCloseTo(10, 9);
    expect(p.difficultExtra).toBe(2);
    expect(p.length).toBeCloseTo(12, 9);
    expect(measuredPath(w, 'm', [20, 0, 10]).length).toBeCloseTo(10, 9);
  });

  it('goes round a small patch when that is cheaper than the +1" through it (and through a long one)', () => {
    // Scrub x 14..16, z 8.5..11.5: straight through is 10" + 1" (2" inside); round one end about 10.5".
    const patch = (long: number) =>
      world({
        table: TABLE,
        terrain: [
          {
            id: 'scrub',
            kind: 'area',
            shape: 'box',
            center: [15, 0.2, 10],
            size: [2, 0.4, long],
            difficult: true,
            blocksLos: false,
          },
        ],
        models: [model('m', 10, 10)],
      });
    const round = measuredPath(patch(3), 'm', [20, 0, 10], { difficultEvery: 2 });
    expect(round.difficultExtra).toBe(0);
    expect(round.length).toBeLessThan(11);
    // Round a corner of the patch, its centre a hair outside (the corners are arcs at base-radius clearance).
    expect(round.length).toBeGreaterThan(10.45);
    expect(round.points.some(([, , z]) => z < 8.5 || z > 11.5)).toBe(true);
    // 12" long: round it is more than 11", so straight through it is.
    const through = measuredPath(patch(12), 'm', [20, 0, 10], { difficultEvery: 2 });
    expect(through.difficultExtra).toBe(1);
    expect(through.length).toBeCloseTo(11, 9);
  });
});

describe('tangent planner', () => {
  it('finds no path out of a closed pen and the straight line when nothing is in the way', () => {
    const pen = [
      new Float64Array([0, 0, 10, 0, 10, 0.5, 0, 0.5]),
      new Float64Array([0, 9.5, 10, 9.5, 10, 10, 0, 10]),
      new Float64Array([0, 0, 0.5, 0, 0.5, 10, 0, 10]),
      new Float64Array([9.5, 0, 10, 0, 10, 10, 9.5, 10]),
    ];
    expect(shortestPath2d({ polys: pen, circles: [] }, 0.5, 5, 5, 20, 5)).toBeNull();
    expect(shortestPath2d({ polys: [], circles: [] }, 0.5, 5, 5, 20, 5)?.length).toBe(15);
  });
});

describe('reach preview', () => {
  it('matches the measured path length at every reachable cell behind a wall, and is a disc in the open', async () => {
    const { reach } = await import('../../../src/movement/reach');
    const w = world({ table: TABLE, terrain: [box('wall', [10, 0.5, 10], [0.5, 1, 6])], models: [model('m', 8, 10)] });
    const g = reach(w, 'm', 6, { cell: 0.5 });
    let checked = 0;
    for (let j = 0; j < g.rows; j += 3) {
      for (let i = 0; i < g.cols; i += 3) {
        const cost = g.costs[j * g.cols + i]!;
        const x = g.x0 + (i + 0.5) * g.cell,
          z = g.z0 + (j + 0.5) * g.cell;
        const p = measuredPath(w, 'm', [x, 0, z]);
        if (cost < 0) {
          expect(!p.reachable || p.length > 6 - 1e-6 || !Number.isFinite(p.length), `cell ${x},${z}`).toBe(true);
        } else {
          expect(p.horizontal, `cell ${x},${z}`).toBeCloseTo(cost, 2);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    const open = reach(world({ table: TABLE, models: [model('m', 20, 20)] }), 'm', 3, { cell: 0.5 });
    const inside = open.costs.filter((c) => c >= 0).length;
    // A 3"-radius disc of 0.5" cells: about pi * 36 = 113 cells.
    expect(Math.abs(inside - Math.PI * 36)).toBeLessThan(12);
  });
});

describe('moving between levels', () => {
  const scene = () =>
    world({
      table: TABLE,
      terrain: [
        box('platform', [10, 2, 10], [6, 4, 6]),
        box('floor', [24, 3.125, 10], [6, 0.25, 6]),
        box('pillar', [21.5, 1.5, 7.5], [0.5, 3, 0.5]),
      ],
      models: [model('up', 10, 10, { position: [10, 4, 10] }), model('ground', 18, 10)],
    });

  it('walking off a 4" platform is refused without climbing, and counts the 4" down with it', () => {
    const none = measuredPath(scene(), 'up', [16, 0, 10]);
    expect(none.reachable).toBe(false);
    expect(none.reason).toContain('steps down 4.00"');
    const p = measuredPath(scene(), 'up', [16, 0, 10], { climb: 'measured' });
    expect(p.reachable).toBe(true);
    expect(p.horizontal).toBeCloseTo(6, 9);
    expect(p.climb).toBeCloseTo(4, 9);
    expect(p.points[0]![1]).toBe(4);
    expect(p.points[p.points.length - 1]![1]).toBe(0);
  });

  it('a model on the ground walks under an upper floor without being lifted onto it', () => {
    const p = measuredPath(scene(), 'ground', [30, 0, 10]);
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(12, 9);
    expect(p.climb).toBe(0);
  });

  it('moves about on the platform top and cannot end off its edge in the air', () => {
    const p = measuredPath(scene(), 'up', [12, 4, 11]);
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(Math.hypot(2, 1), 9);
    expect(measuredPath(scene(), 'up', [16, 4, 10]).reachable).toBe(false);
  });
});

describe('the shipped bunker (glTF): doors and walls', () => {
  it('a 25 mm base walks out through the 1.5" door; a 40 mm base does not fit through it', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseMesh } = await import('../../../src/io/meshImport');
    const { buildWorld } = await import('../../../src/geometry/world');
    const { validateScene } = await import('../../../src/io/sceneFile');
    const bytes = readFileSync('assets/terrain/bunker.glb');
    const geometry = await parseMesh(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      'bunker.glb',
    );
    const make = (diameterMm: number) => {
      const r = validateScene({
        format: 'tabletop-scene/1',
        table: TABLE,
        terrain: [{ id: 'bunker', kind: 'structure', shape: 'mesh', src: 'bunker.glb', position: [38, 0, 10] }],
        models: [model('in', 38, 10, { base: { shape: 'round', diameterMm }, height: 1.6 })],
      });
      if (!r.ok) throw new Error(r.error.message);
      return buildWorld(r.value, () => geometry);
    };
    const small = measuredPath(make(25), 'in', [32, 0, 10]);
    expect(small.reachable).toBe(true);
    expect(small.length).toBeCloseTo(6, 9);
    // Out of the door and round the corner to the north side.
    const round = measuredPath(make(25), 'in', [38, 0, 5]);
    expect(round.reachable).toBe(true);
    // Round the door's jamb (34.5, 9.25) and the bunker's corner (34.5, 7.5): tangent, arc, 1.75" along the wall, arc, tangent.
    const l1 = Math.hypot(3.5, 0.75),
      l2 = Math.hypot(3.5, 2.5);
    const turn =
      Math.PI / 2 - Math.atan2(0.75, 3.5) + Math.asin(R / l1) + Math.PI / 2 - Math.atan2(2.5, 3.5) + Math.asin(R / l2);
    expect(round.length).toBeCloseTo(Math.sqrt(l1 * l1 - R * R) + 1.75 + Math.sqrt(l2 * l2 - R * R) + R * turn, 6);
    const big = measuredPath(make(40), 'in', [32, 0, 10]);
    expect(big.reachable).toBe(false);
  });
});

describe('height-aware reach', () => {
  it('lists the cells on a block it can climb onto, priced like the measured path', async () => {
    const { reach } = await import('../../../src/movement/reach');
    const w = world({ table: TABLE, terrain: [box('block', [14, 1, 10], [4, 2, 4])], models: [model('m', 8, 10)] });
    expect(reach(w, 'm', 9).upper).toEqual([]);
    const g = reach(w, 'm', 9, { climb: 'measured', cell: 0.5 });
    expect(g.upper.map((u) => [u.pieceId, u.y])).toEqual([['block', 2]]);
    const cells = g.upper[0]!.cells;
    expect(cells.length).toBeGreaterThan(6);
    for (let k = 0; k < cells.length; k += 3) {
      const x = g.x0 + (cells[k]! + 0.5) * g.cell,
        z = g.z0 + (cells[k + 1]! + 0.5) * g.cell;
      const p = measuredPath(w, 'm', [x, 2, z], { climb: 'measured' });
      expect(p.reachable).toBe(true);
      // The grid's entry points are 0.25" apart round the block: within that of the exact route.
      expect(Math.abs(p.length - cells[k + 2]!)).toBeLessThan(0.15);
    }
  });
});

describe('climbing onto an upper floor', () => {
  it('climbs at the floor edge: horizontal route plus the 3.25" rise; refused without climbing', () => {
    // A ruin-like floor 3"-3.25" high on two pillars, open underneath.
    const w = world({
      table: TABLE,
      terrain: [
        box('floor', [20, 3.125, 10], [4, 0.25, 4]),
        box('p1', [18.25, 1.5, 8.25], [0.5, 3, 0.5]),
        box('p2', [21.75, 1.5, 11.75], [0.5, 3, 0.5]),
      ],
      models: [model('m', 12, 10)],
    });
    const p = measuredPath(w, 'm', [20, 3.25, 10], { climb: 'measured' });
    expect(p.reachable).toBe(true);
    expect(p.horizontal).toBeCloseTo(8, 9);
    expect(p.climb).toBeCloseTo(3.25, 9);
    expect(p.points[p.points.length - 1]).toEqual([20, 3.25, 10]);
    expect(measuredPath(w, 'm', [20, 3.25, 10]).reachable).toBe(false);
    expect(measuredPath(w, 'm', [20, 3.25, 10], { climb: 'measured', maxClimb: 3 }).reachable).toBe(false);
    // Walking under it stays on the ground.
    expect(measuredPath(w, 'm', [28, 0, 10], { climb: 'measured' }).climb).toBe(0);
  });
});

describe('area terrain', () => {
  it('a base walks into woods and may end there (area terrain is not solid)', () => {
    const w = world({
      table: TABLE,
      terrain: [
        { id: 'woods', kind: 'area', shape: 'cylinder', center: [14, 1.5, 10], radius: 3, height: 3, blocksLos: false },
        box('wall', [14, 1, 20], [2, 2, 2]),
      ],
      models: [model('m', 8, 10)],
    });
    const p = measuredPath(w, 'm', [14, 0, 10]);
    expect(p.reachable).toBe(true);
    expect(p.length).toBeCloseTo(6, 9);
  });
});

describe('crossing places where a base cannot stand', () => {
  it('is allowed by default and refused when the ruleset says every step must be standable', () => {
    // Over a 0.5"-thick, 0.4"-high kerb: the base can climb over it but cannot stand on its top.
    const w = world({
      table: TABLE,
      terrain: [box('kerb', [10, 0.2, 10], [0.5, 0.4, 20])],
      models: [model('m', 8, 10)],
    });
    expect(measuredPath(w, 'm', [12, 0, 10], { climb: 'measured' }).reachable).toBe(true);
    const strict = measuredPath(w, 'm', [12, 0, 10], { climb: 'measured', standAlongRoute: true });
    expect(strict.reachable).toBe(false);
    expect(strict.reason).toContain('cannot stand');
  });
});

describe('refusals in words', () => {
  it('name the spot as a player reads it off the rulers (x 60", z 10"), never as raw coordinates', () => {
    const w = world({ table: TABLE, terrain: [box('block', [20, 1, 20], [4, 2, 4])], models: [model('m', 10, 10)] });
    const off = measuredPath(w, 'm', [60, 0, 10]);
    expect(off.reachable).toBe(false);
    expect(off.reason).toBe('destination x 60", z 10" is off the 48x36 table');
    const inside = measuredPath(w, 'm', [20, 0, 20.04]);
    expect(inside.reachable).toBe(false);
    expect(inside.reason).toMatch(/x 20", z 20"/);
    expect(inside.reason).not.toMatch(/\[/);
  });
});
