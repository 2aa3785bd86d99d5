import { describe, expect, it } from 'vitest';
import { BufferAttribute, BufferGeometry, Matrix4, TorusKnotGeometry } from 'three';
import { scaleTable } from '../../bench/scaleTable';
import {
  boundingSphereOf,
  flatNormals,
  terrainGeometry,
  terrainPositions,
} from '../../../src/geometry/terrainGeometry';
import type { TerrainPiece } from '../../../src/geometry/sceneTypes';
import { partGeometry } from '../../../src/io/meshImport';
import { boulder, ruin } from '../../bench/referenceTable';
import { mulberry32 } from '../../support/rng';

type MeshPiece = Extract<TerrainPiece, { shape: 'mesh' }>;

/** Where two float arrays first differ (-1: same length, same floats); toEqual on a million floats takes seconds. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** A loaded terrain mesh as the mesh reader leaves it: flat positions and normals, bounds computed. */
function loaded(g: BufferGeometry): BufferGeometry {
  const flat = g.index ? g.toNonIndexed() : g;
  flat.computeVertexNormals();
  const positions = flat.getAttribute('position').array as Float32Array;
  const normals = flat.getAttribute('normal').array as Float32Array;
  return partGeometry({
    name: 'terrain',
    positions,
    normals,
    indices: null,
    colour: '#ccc',
    metalness: 0,
    roughness: 1,
  });
}

const piece = (position: [number, number, number], rotationY: number, scale?: number): MeshPiece => ({
  id: 'p',
  kind: 'ruin',
  shape: 'mesh',
  src: 'a.stl',
  position,
  rotationY,
  ...(scale === undefined ? {} : { scale }),
});

/** three's own placement, the reference: clone the loaded mesh, then applyMatrix4. */
function threePlaced(source: BufferGeometry, p: MeshPiece): BufferGeometry {
  const s = p.scale ?? 1;
  const m = new Matrix4()
    .makeTranslation(...p.position)
    .multiply(new Matrix4().makeRotationY(((p.rotationY ?? 0) * Math.PI) / 180))
    .multiply(new Matrix4().makeScale(s, s, s));
  return source.clone().applyMatrix4(m);
}

describe('mesh pieces placed without a clone: the same floats as three', () => {
  const rnd = mulberry32(41); // seed 41
  const sources = [loaded(ruin(rnd)), loaded(boulder(rnd))];
  const placements = [
    piece([0, 0, 0], 0),
    piece([12.5, 0.25, -3], 90),
    piece([30.1, 0, 17.7], 37, 1.6),
    piece([-4, 2, 9], 271.5, 0.3),
  ];

  it.each(placements.map((p, i) => [i, p] as const))('placement %i: positions, normals and bounds equal', (_, p) => {
    for (const source of sources) {
      const lookup = () => source;
      const ours = terrainGeometry(p, lookup);
      const theirs = threePlaced(source, p);
      expect(firstDifference(ours.getAttribute('position').array, theirs.getAttribute('position').array)).toBe(-1);
      expect(firstDifference(ours.getAttribute('normal').array, theirs.getAttribute('normal').array)).toBe(-1);
      expect(ours.boundingBox).toEqual(theirs.boundingBox);
      expect(firstDifference(terrainPositions(p, lookup), theirs.getAttribute('position').array)).toBe(-1);
      // The mesh worker's outline travels with the placed geometry, shared as clone shares it.
      expect(ours.userData).toBe(source.userData);
    }
  });

  it('moves a point exactly: a turn of 90° and a move', () => {
    const source = loaded(
      new BufferGeometry().setAttribute(
        'position',
        new BufferAttribute(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), 3),
      ),
    );
    const out = terrainPositions(piece([10, 0, 5], 90), () => source);
    // rotationY 90°: x -> -z; then the move.
    expect(out[0]).toBeCloseTo(10, 6);
    expect(out[2]).toBeCloseTo(4, 6);
    expect(out[4]).toBeCloseTo(1, 6);
    expect(out[6]).toBeCloseTo(11, 6);
  });

  it('falls back to three for a mesh with more than positions and normals (an index and uvs)', () => {
    const knot = new TorusKnotGeometry(2, 0.5, 32, 6);
    const p = piece([1, 2, 3], 45, 2);
    const ours = terrainGeometry(p, () => knot);
    expect(ours.getAttribute('uv')).toBeDefined();
    expect(ours.getAttribute('position').array).toEqual(threePlaced(knot, p).getAttribute('position').array);
    expect(terrainPositions(p, () => knot)).toEqual(threePlaced(knot, p).toNonIndexed().getAttribute('position').array);
  });
});

describe('flat normals without the accessors: the same floats as three', () => {
  it("equals computeVertexNormals on the big table's generated terrain, slivers and a triangle with no area", () => {
    const rnd = mulberry32(42); // seed 42
    const soups = [ruin(rnd), boulder(rnd)].map(
      (g) => (g.index ? g.toNonIndexed() : g).getAttribute('position').array as Float32Array,
    );
    soups.push(
      new Float32Array([0, 0, 0, 1e-7, 0, 0, 0, 1e-7, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 5, 0, 0, 0, 0, 3]),
    );
    for (const positions of soups) {
      const g = new BufferGeometry().setAttribute('position', new BufferAttribute(positions, 3));
      g.computeVertexNormals();
      expect(firstDifference(flatNormals(positions), g.getAttribute('normal').array)).toBe(-1);
    }
  });
});

describe('a bounding sphere without the accessors: the same numbers as three', () => {
  it("equals computeBoundingSphere on the big table's generated terrain, a torus knot, one point and none", () => {
    const { scene, lookup } = scaleTable();
    const meshes = (scene.terrain ?? []).filter((t) => t.shape === 'mesh').slice(0, 12);
    const arrays = [
      ...meshes.map((t) => lookup(t.src)!.getAttribute('position').array as Float32Array),
      new TorusKnotGeometry(3, 0.7, 40, 6).getAttribute('position').array as Float32Array,
      new Float32Array([1.5, -2, 7]),
      new Float32Array(0),
    ];
    for (const positions of arrays) {
      const g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(positions, 3));
      g.computeBoundingSphere();
      const ours = boundingSphereOf(positions);
      expect(ours.center).toEqual(g.boundingSphere!.center.toArray());
      expect(ours.radius).toBe(g.boundingSphere!.radius);
    }
  });
});
