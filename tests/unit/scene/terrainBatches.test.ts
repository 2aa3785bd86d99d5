import { BufferGeometry, Color, CylinderGeometry } from 'three';
import { outlineOf, type MeshPart } from '../../../src/io/meshParts';
import { describe, expect, it } from 'vitest';
import type { TerrainPiece } from '../../../src/geometry/sceneTypes';
import { terrainGeometry } from '../../../src/geometry/terrainGeometry';
import { TERRAIN_LOOK } from '../../../src/scene/palette';
import { OUTLINE, terrainBatches, terrainBatchesBetweenTasks } from '../../../src/scene/terrainBatches';

const none = () => undefined;
const pieces: TerrainPiece[] = [
  { id: 'wall1', kind: 'obstacle', shape: 'box', center: [5, 0.5, 5], size: [4, 1, 0.5] },
  { id: 'wall2', kind: 'obstacle', shape: 'box', center: [15, 0.5, 5], size: [4, 1, 0.5], rotationY: 30 },
  { id: 'woods', kind: 'area', shape: 'cylinder', center: [10, 1.5, 15], radius: 3, height: 3 },
  { id: 'hut', kind: 'structure', shape: 'box', center: [20, 1.5, 20], size: [5, 3, 5] },
];
const colourOf = (p: TerrainPiece) => (p.kind === 'area' ? '#00ff00' : p.kind === 'structure' ? '#0000ff' : '#888888');
const triangles = (p: TerrainPiece) => {
  const g = terrainGeometry(p, none);
  return (g.index ? g.index.count : g.getAttribute('position').count) / 3;
};

describe('terrain merged into a few draws', () => {
  it('puts the pieces of one look in one batch and keeps every triangle where the sight core has it', () => {
    const { batches } = terrainBatches(pieces, none, colourOf);
    expect(batches.map((b) => b.ids)).toEqual([['wall1', 'wall2'], ['woods'], ['hut']]);
    const walls = batches[0]!;
    expect(walls.geometry.getAttribute('position').count / 3).toBe(triangles(pieces[0]!) + triangles(pieces[1]!));
    expect(Object.keys(walls.geometry.attributes).sort()).toEqual(['normal', 'position']);
    walls.geometry.computeBoundingBox();
    const box = walls.geometry.boundingBox!;
    // The first wall's near corner and the rotated second wall's far reach are both inside.
    expect(box.min.x).toBeCloseTo(3);
    expect(box.max.y).toBeCloseTo(1);
    expect(box.max.x).toBeGreaterThan(16.7);
    expect(batches[1]).toMatchObject({ surface: 'foliage', opacity: TERRAIN_LOOK.area.opacity, colour: '#00ff00' });
    expect(walls.geometry.boundsTree).toBeDefined();
  });

  it('outlines every piece in one line geometry, see-through pieces in their own colour', () => {
    const { outline } = terrainBatches(pieces, none, colourOf);
    const colour = outline!.getAttribute('color');
    const seen = new Set<string>();
    for (let i = 0; i < colour.count; i++)
      seen.add(new Color(colour.getX(i), colour.getY(i), colour.getZ(i)).getHexString());
    expect([...seen].sort()).toEqual(
      [new Color(OUTLINE.solid).getHexString(), new Color(OUTLINE.seeThrough).getHexString()].sort(),
    );
    // A box has 12 edges: two segment ends each.
    const one = terrainBatches([pieces[3]!], none, colourOf).outline!;
    expect(one.getAttribute('position').count).toBe(24);
    // Corner by corner: each piece's segment ends in its own ink (the woods see-through, the rest solid).
    let at = 0;
    for (const p of pieces) {
      const n = terrainBatches([p], none, colourOf).outline!.getAttribute('position').count;
      const ink = new Color(p.kind === 'area' ? OUTLINE.seeThrough : OUTLINE.solid).getHexString();
      for (let i = at; i < at + n; i++)
        expect(new Color(colour.getX(i), colour.getY(i), colour.getZ(i)).getHexString(), `${p.id} ${i}`).toBe(ink);
      at += n;
    }
    expect(at).toBe(colour.count);
    // Its bounding sphere comes with it, as three computes it.
    const sphere = outline!.boundingSphere!.clone();
    outline!.computeBoundingSphere();
    expect(sphere).toEqual(outline!.boundingSphere);
  });

  it('builds the same batches between tasks, pausing after each piece and each placed part when its slice is spent', async () => {
    const at = terrainBatches(pieces, none, colourOf, { bvh: false });
    let pauses = 0;
    const later = await terrainBatchesBetweenTasks(pieces, none, colourOf, { bvh: false }, -1, async () => {
      pauses += 1;
    });
    expect(later.batches.map((b) => b.ids)).toEqual(at.batches.map((b) => b.ids));
    later.batches.forEach((b, i) => {
      const them = at.batches[i]!.geometry;
      expect(b.geometry.getAttribute('position').array).toEqual(them.getAttribute('position').array);
      expect(b.geometry.getAttribute('normal').array).toEqual(them.getAttribute('normal').array);
      expect(b.geometry.boundingSphere).toEqual(them.boundingSphere);
    });
    expect(later.outline!.getAttribute('position').array).toEqual(at.outline!.getAttribute('position').array);
    expect(later.outline!.getAttribute('color').array).toEqual(at.outline!.getAttribute('color').array);
    // Four pieces, then four parts placed into their three batches.
    expect(pauses).toBe(8);
  });

  it('draws nothing for an empty table', () => {
    expect(terrainBatches([], none, colourOf)).toEqual({ batches: [], outline: null });
  });

  it("draws a mesh piece's outline from the one the mesh worker sent (in the file's space, placed as the piece is): the same segments three would draw", () => {
    // A tower-like mesh, turned, scaled and moved.
    const file = new CylinderGeometry(1, 1.5, 2, 8).toNonIndexed();
    const part = { positions: file.getAttribute('position').array as Float32Array, indices: null } as MeshPart;
    const rock: TerrainPiece = {
      id: 'rock',
      kind: 'obstacle',
      shape: 'mesh',
      src: 'rock.stl',
      position: [12, 0, 7],
      rotationY: 37,
      scale: 1.5,
    } as TerrainPiece;
    const plain = file.clone();
    const sent = file.clone();
    sent.userData.outline = outlineOf(part);
    const segments = (g: BufferGeometry | null) => {
      const p = g!.getAttribute('position');
      const out: string[] = [];
      for (let i = 0; i < p.count; i += 2) {
        const a = [p.getX(i), p.getY(i), p.getZ(i)].map((x) => x.toFixed(3)).join(',');
        const b = [p.getX(i + 1), p.getY(i + 1), p.getZ(i + 1)].map((x) => x.toFixed(3)).join(',');
        out.push(a < b ? `${a}|${b}` : `${b}|${a}`);
      }
      return out.sort();
    };
    const drawnHere = terrainBatches([rock], () => plain, colourOf).outline;
    const fromWorker = terrainBatches([rock], () => sent, colourOf).outline;
    expect(segments(fromWorker).length).toBeGreaterThan(20);
    expect(segments(fromWorker)).toEqual(segments(drawnHere));
  });

  it('writes mesh files straight into their batch: the same floats, in scene order, as each placed piece; no normals', () => {
    // Flat triangles with normals, as the mesh reader leaves a file: placed without a per-piece copy.
    const file = new CylinderGeometry(1, 1.5, 2, 8).toNonIndexed();
    file.deleteAttribute('uv');
    const rock = (id: string, position: [number, number, number], rotationY: number, scale?: number) =>
      ({ id, kind: 'obstacle', shape: 'mesh', src: 'rock.stl', position, rotationY, scale }) as TerrainPiece;
    const scene = [rock('a', [12, 0, 7], 37, 1.5), pieces[0]!, rock('b', [3, 0.5, 20], 270)];
    const { batches } = terrainBatches(scene, () => file, colourOf);
    const rocks = batches.find((b) => b.ids.includes('a'))!;
    expect(rocks.ids).toEqual(['a', 'b']);
    const expected = (name: string) => {
      const arrays = ['a', 'b'].map((id) =>
        Array.from(
          terrainGeometry(
            scene.find((p) => p.id === id)!,
            () => file,
          ).getAttribute(name).array,
        ),
      );
      return [...arrays[0]!, ...arrays[1]!];
    };
    expect(Array.from(rocks.geometry.getAttribute('position').array)).toEqual(expected('position'));
    // Mesh files' normals are flat: the batch carries none, its material derives them (flat shading).
    expect(rocks.flat).toBe(true);
    expect(rocks.geometry.getAttribute('normal')).toBeUndefined();
    const walls = batches.find((b) => b.ids.includes(pieces[0]!.id))!;
    expect(walls.flat).toBe(false);
    expect(Array.from(walls.geometry.getAttribute('normal').array)).toEqual(
      Array.from(
        terrainGeometry(pieces[0]!, () => file)
          .toNonIndexed()
          .getAttribute('normal').array,
      ),
    );
  });

  it('draws exactly the outline the mesh worker sent for a mesh file, placed as the piece is, not one of its own', () => {
    const file = new CylinderGeometry(1, 1.5, 2, 8).toNonIndexed();
    file.deleteAttribute('uv');
    // One segment, from (1, 0, 0) to (1, 2, 0) in the file's space.
    file.userData.outline = new Float32Array([1, 0, 0, 1, 2, 0]);
    const rock = {
      id: 'r',
      kind: 'obstacle',
      shape: 'mesh',
      src: 'r.stl',
      position: [10, 0, 5],
      rotationY: 90,
    } as TerrainPiece;
    const p = terrainBatches([rock], () => file, colourOf).outline!.getAttribute('position');
    expect(p.count).toBe(2);
    // Turned 90° about y (x -> -z), then moved.
    expect([p.getX(0), p.getY(0), p.getZ(0)].map((v) => +v.toFixed(5))).toEqual([10, 0, 4]);
    expect([p.getX(1), p.getY(1), p.getZ(1)].map((v) => +v.toFixed(5))).toEqual([10, 2, 4]);
  });
});
