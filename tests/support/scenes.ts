/** Scene builders for geometry tests. */
import type { Model, Scene, TerrainPiece } from '../../src/io/sceneSchema';
import { validateScene } from '../../src/io/sceneFile';
import { buildWorld, type GeometryWorld } from '../../src/geometry/world';
import { mulberry32 } from './rng';

/** A model on a round base; `diameterMm` 25 by default. */
export function model(id: string, x: number, z: number, opts: Partial<Model> = {}): Model {
  return {
    id,
    side: opts.side ?? 'A',
    position: [x, 0, z],
    base: { shape: 'round', diameterMm: 25 },
    height: 1,
    ...opts,
  } as Model;
}

/** A box wall from its centre and size. */
export function box(
  id: string,
  center: [number, number, number],
  size: [number, number, number],
  extra: Partial<TerrainPiece> = {},
): TerrainPiece {
  return { id, kind: 'obstacle', shape: 'box', center, size, ...extra } as TerrainPiece;
}

/** Validates and builds a world (no mesh terrain). */
export function world(scene: Omit<Scene, 'format'> & { format?: string }): GeometryWorld {
  const r = validateScene({ format: 'tabletop-scene/1', ...scene });
  if (!r.ok) throw new Error(r.error.message);
  return buildWorld(r.value, () => undefined);
}

/**
 * A random table for differential tests: `walls` boxes of random size, height and turn, and
 * `models` models of mixed base sizes and heights, some prone, standing clear of the walls' centres.
 */
export function randomScene(seed: number, walls = 12, models = 10): Scene {
  const rnd = mulberry32(seed);
  const terrain: TerrainPiece[] = [];
  for (let i = 0; i < walls; i++) {
    const h = 0.3 + rnd() * 3;
    terrain.push({
      id: `w${i}`,
      kind: rnd() < 0.2 ? 'ruin' : 'obstacle',
      shape: 'box',
      center: [2 + rnd() * 20, h / 2 + (rnd() < 0.15 ? 1 + rnd() * 2 : 0), 2 + rnd() * 20],
      size: [0.3 + rnd() * 5, h, 0.3 + rnd() * 1.2],
      rotationY: rnd() * 180,
    } as TerrainPiece);
  }
  const ms: Model[] = [];
  const diam = [25, 32, 40, 50];
  // Keeps a base (radius r) clear of every wall's footprint and of other bases.
  const clear = (x: number, z: number, r: number): boolean =>
    terrain.every((t) => {
      if (t.shape !== 'box') return true;
      const a = ((t.rotationY ?? 0) * Math.PI) / 180;
      const qx = x - t.center[0],
        qz = z - t.center[2];
      const u = Math.abs(qx * Math.cos(a) - qz * Math.sin(a)) - t.size[0] / 2;
      const v = Math.abs(qx * Math.sin(a) + qz * Math.cos(a)) - t.size[2] / 2;
      return Math.hypot(Math.max(u, 0), Math.max(v, 0)) > r + 0.05;
    }) && ms.every((m) => Math.hypot(m.position[0] - x, m.position[2] - z) > r + 1.1);
  for (let i = 0; i < models; i++) {
    const d = diam[Math.floor(rnd() * diam.length)]!;
    const h = 0.8 + rnd() * 1.2;
    let x = 0,
      z = 0;
    for (let tries = 0; tries < 200; tries++) {
      x = 1.5 + rnd() * 21;
      z = 1.5 + rnd() * 21;
      if (clear(x, z, (d + 20) / 25.4 / 2)) break;
    }
    ms.push({
      id: `m${i}`,
      side: i % 2 ? 'B' : 'A',
      position: [x, 0, z],
      base: rnd() < 0.2 ? { shape: 'oval', lengthMm: d + 20, widthMm: d } : { shape: 'round', diameterMm: d },
      height: h,
      facingDeg: rnd() * 360,
      prone: rnd() < 0.1,
      kind: rnd() < 0.1 ? 'vehicle' : 'infantry',
    });
  }
  const smoke =
    rnd() < 0.5
      ? [{ id: 's0', position: [4 + rnd() * 16, 0, 4 + rnd() * 16] as [number, number, number], radius: 1 + rnd() * 2 }]
      : [];
  return { format: 'tabletop-scene/1', table: { width: 24, depth: 24 }, terrain, models: ms, smoke };
}
