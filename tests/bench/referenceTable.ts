/**
 * The deterministic reference table for benchmarks: 48" x 36", about 200k triangles (ruins with
 * upper floors, long walls, rubble piles, boulders and a structure, all finely tessellated as scanned
 * or sculpted terrain meshes are), and 40 models, 20 a side. Seeded; the same every run.
 */
import { BoxGeometry, IcosahedronGeometry, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { Model, Scene, TerrainPiece } from '../../src/io/sceneSchema';
import type { MeshLookup } from '../../src/geometry/terrainGeometry';
import { mulberry32 } from '../support/rng';

/** Tessellation density: segments per inch on box faces. */
const DENSITY = 6;

function slab(w: number, h: number, d: number, x: number, y: number, z: number): BufferGeometry {
  const seg = (n: number) => Math.max(1, Math.round(n * DENSITY));
  return new BoxGeometry(w, h, d, seg(w), seg(h), seg(d))
    .translate(x, y + h / 2, z)
    .toNonIndexed()
    .deleteAttribute('uv')
    .deleteAttribute('normal');
}

function merged(parts: BufferGeometry[]): BufferGeometry {
  const g = mergeGeometries(parts);
  if (!g) throw new Error('reference table: merge failed');
  return g;
}

/** A 6" x 6" ruin: three broken walls with windows and a half upper floor at 3". */
export function ruin(rnd: () => number): BufferGeometry {
  const h = 4 + rnd() * 2;
  return merged([
    slab(6, h, 0.4, 0, 0, -2.8),
    slab(0.4, h * 0.8, 5.2, -2.8, 0, 0.2),
    slab(2, 1.2, 0.4, 2, 0, 2.8),
    slab(1, h * 0.6, 0.4, -1, 0, 2.8),
    slab(6, 0.25, 3, 0, 3, -1.3),
    slab(0.4, 3, 0.4, 2.6, 0, 0),
  ]);
}

export function wall(len: number, h: number): BufferGeometry {
  return slab(len, h, 0.4, 0, 0, 0);
}

export function rubble(rnd: () => number, stones = 320): BufferGeometry {
  const parts: BufferGeometry[] = [];
  for (let i = 0; i < stones; i++) {
    const s = 0.1 + rnd() * 0.35;
    const r = rnd() * 2.5,
      a = rnd() * Math.PI * 2;
    parts.push(
      new BoxGeometry(s, s * (0.5 + rnd()), s)
        .rotateY(rnd() * 3)
        .translate(Math.cos(a) * r, s / 2, Math.sin(a) * r)
        .toNonIndexed()
        .deleteAttribute('uv')
        .deleteAttribute('normal'),
    );
  }
  return merged(parts);
}

export function boulder(rnd: () => number, detail = 9): BufferGeometry {
  const r = 0.6 + rnd() * 0.8;
  return new IcosahedronGeometry(r, detail)
    .scale(1, 0.7, 1)
    .translate(0, r * 0.5, 0)
    .deleteAttribute('uv')
    .deleteAttribute('normal');
}

export function structure(): BufferGeometry {
  const parts = [slab(8, 0.3, 6, 0, 3, 0)];
  for (const z of [-2.8, 2.8]) {
    parts.push(
      slab(2.5, 3, 0.4, -2.75, 0, z),
      slab(2.5, 3, 0.4, 2.75, 0, z),
      slab(3, 1.2, 0.4, 0, 0, z),
      slab(3, 0.8, 0.4, 0, 2.2, z),
    );
  }
  for (const x of [-3.8, 3.8])
    parts.push(slab(0.4, 3, 1.5, x, 0, -2.25), slab(0.4, 3, 1.5, x, 0, 2.25), slab(0.4, 0.8, 3, x, 2.2, 0));
  return merged(parts);
}

/** The reference table: its scene file and the lookup that serves its generated meshes. */
export function referenceTable(seed = 20261129): { scene: Scene; lookup: MeshLookup } {
  const rnd = mulberry32(seed);
  const meshes = new Map<string, BufferGeometry>();
  const terrain: TerrainPiece[] = [];
  const add = (
    id: string,
    kind: TerrainPiece['kind'],
    g: BufferGeometry,
    x: number,
    z: number,
    rot: number,
    extra: Partial<TerrainPiece> = {},
  ) => {
    const src = `bench/${id}.glb`;
    meshes.set(src, g);
    terrain.push({ id, kind, shape: 'mesh', src, position: [x, 0, z], rotationY: rot, ...extra } as TerrainPiece);
  };
  const ruinSpots: [number, number][] = [
    [8, 9],
    [40, 27],
    [20, 26],
    [28, 10],
    [8, 27],
    [40, 9],
  ];
  ruinSpots.forEach(([x, z], i) => add(`ruin-${i}`, 'ruin', ruin(rnd), x, z, Math.floor(rnd() * 4) * 90));
  for (let i = 0; i < 10; i++)
    add(`wall-${i}`, 'obstacle', wall(3 + rnd() * 5, 0.8 + rnd() * 2.4), 4 + rnd() * 40, 4 + rnd() * 28, rnd() * 180);
  for (let i = 0; i < 8; i++) add(`rubble-${i}`, 'obstacle', rubble(rnd), 5 + rnd() * 38, 5 + rnd() * 26, 0);
  for (let i = 0; i < 12; i++)
    add(`boulder-${i}`, 'obstacle', boulder(rnd), 3 + rnd() * 42, 3 + rnd() * 30, rnd() * 360);
  add('structure', 'structure', structure(), 24, 18, 0);
  const models: Model[] = [];
  const diam = [25, 32, 40];
  for (let i = 0; i < 40; i++) {
    const side = i < 20 ? 'A' : 'B';
    const d = diam[i % 3]!;
    const x = 2 + ((i % 20) * 44) / 19;
    const z = side === 'A' ? 1.5 + rnd() * 6 : 28.5 + rnd() * 6;
    models.push({
      id: `${side.toLowerCase()}${i % 20}`,
      side,
      position: [x, 0, z],
      base: { shape: 'round', diameterMm: d },
      height: 1.1 + rnd() * 0.6,
      facingDeg: side === 'A' ? 270 : 90,
    });
  }
  const scene: Scene = {
    format: 'tabletop-scene/1',
    name: 'Benchmark reference table',
    table: { width: 48, depth: 36 },
    terrain,
    models,
    smoke: [{ id: 'smoke-1', position: [16, 0, 18], radius: 3 }],
  };
  return { scene, lookup: (src) => meshes.get(src) };
}
