/**
 * The big table for the scale benchmark (issue 40): a 6' x 4' table (72" x 48") dense with terrain,
 * about half a million triangles from the reference table's generators (ruins with upper floors, long
 * walls, rubble piles, boulders, two structures), and 100 models, 50 a side, in deployment zones 7"
 * deep along the long edges. Seeded; the same every run.
 */
import type { BufferGeometry } from 'three';
import type { Model, Scene, TerrainPiece } from '../../src/io/sceneSchema';
import type { MeshLookup } from '../../src/geometry/terrainGeometry';
import { mulberry32 } from '../support/rng';
import { boulder, rubble, ruin, structure, wall } from './referenceTable';

export const SCALE_WIDTH = 72;
export const SCALE_DEPTH = 48;
export const SCALE_MODELS = 100;

/** The big table: its scene file and the lookup that serves its generated meshes. */
export function scaleTable(seed = 20261206): { scene: Scene; lookup: MeshLookup } {
  const rnd = mulberry32(seed);
  const meshes = new Map<string, BufferGeometry>();
  const terrain: TerrainPiece[] = [];
  const add = (id: string, kind: TerrainPiece['kind'], g: BufferGeometry, x: number, z: number, rot: number) => {
    const src = `bench/${id}.stl`;
    meshes.set(src, g);
    terrain.push({ id, kind, shape: 'mesh', src, position: [x, 0, z], rotationY: rot } as TerrainPiece);
  };
  // Terrain stands between the deployment zones (z 9 to 39), on a jittered grid so pieces do not pile up.
  const cells: [number, number][] = [];
  for (let i = 0; i < 9; i++) for (let j = 0; j < 4; j++) cells.push([5 + i * 7.75, 12 + j * 8]);
  for (let i = cells.length - 1; i > 0; i--) {
    const k = Math.floor(rnd() * (i + 1));
    [cells[i], cells[k]] = [cells[k]!, cells[i]!];
  }
  const spot = (): [number, number] => {
    const [x, z] = cells.pop()!;
    return [x + (rnd() - 0.5) * 1.5, z + (rnd() - 0.5) * 1.5];
  };
  // Scanned or sculpted pieces are dense: rubble of 1,200 stones, boulders of about 8,800 triangles.
  for (let i = 0; i < 16; i++) add(`ruin-${i}`, 'ruin', ruin(rnd), ...spot(), Math.floor(rnd() * 4) * 90);
  for (let i = 0; i < 4; i++) add(`structure-${i}`, 'structure', structure(), ...spot(), 0);
  for (let i = 0; i < 8; i++) add(`rubble-${i}`, 'obstacle', rubble(rnd, 1200), ...spot(), 0);
  for (let i = 0; i < 8; i++) add(`boulder-${i}`, 'obstacle', boulder(rnd, 20), ...spot(), rnd() * 360);
  // Walls anywhere between the zones.
  for (let i = 0; i < 16; i++)
    add(`wall-${i}`, 'obstacle', wall(3 + rnd() * 5, 0.8 + rnd() * 2.4), 5 + rnd() * 62, 11 + rnd() * 26, rnd() * 180);
  const models: Model[] = [];
  const diam = [25, 32, 40];
  const perSide = SCALE_MODELS / 2;
  for (let i = 0; i < SCALE_MODELS; i++) {
    const side = i < perSide ? 'A' : 'B';
    const k = i % perSide;
    // Two staggered rows of 25 along each long edge.
    const x = 2 + ((k % 25) * 68) / 24;
    const row = Math.floor(k / 25);
    const z = side === 'A' ? 1.5 + row * 3 + rnd() * 2 : 46.5 - row * 3 - rnd() * 2;
    models.push({
      id: `${side.toLowerCase()}${k}`,
      side,
      position: [x, 0, z],
      base: { shape: 'round', diameterMm: diam[i % 3]! },
      height: 1.1 + rnd() * 0.6,
      facingDeg: side === 'A' ? 270 : 90,
    });
  }
  const scene: Scene = {
    format: 'tabletop-scene/1',
    name: 'Scale benchmark table (6 x 4 feet)',
    table: { width: SCALE_WIDTH, depth: SCALE_DEPTH },
    terrain,
    models,
    smoke: [{ id: 'smoke-1', position: [36, 0, 24], radius: 3 }],
  };
  return { scene, lookup: (src) => meshes.get(src) };
}
