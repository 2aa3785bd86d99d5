import { readFileSync } from 'node:fs';
import { Box3 } from 'three';
import { describe, expect, it } from 'vitest';
import { buildFigure, FIGURE_NAMES, PART_NAMES } from '../../../src/cli/miniatureFigures';
import { Color } from 'three';
import {
  mergeFigure,
  paintedFigure,
  parseFigure,
  TEAM_PART,
  triangleCount,
  type FigurePart,
} from '../../../src/io/figureImport';
import { writeGlbParts } from '../../../src/io/meshWrite';

/** A figure is a miniature on a table: a few hundred triangles, a few tens of KB. */
const TRIANGLE_CAP = 800;
const BYTES_CAP = 48 * 1024;

function shipped(name: string): Uint8Array {
  return new Uint8Array(readFileSync(`assets/miniatures/${name}.glb`));
}

const buffer = (u: Uint8Array): ArrayBuffer => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

function boundsOf(parts: FigurePart[], only?: string): Box3 {
  const box = new Box3();
  for (const p of parts) if (!only || p.name === only) box.union(p.geometry.boundingBox!);
  return box;
}

describe('the project miniatures (npm run make-miniatures)', () => {
  for (const name of FIGURE_NAMES) {
    it(`${name}.glb is what the generator writes today, parses, and has the team part`, async () => {
      const bytes = shipped(name);
      expect(bytes.length).toBeLessThan(BYTES_CAP);
      // A stale asset (the generator changed, the file was not rewritten) fails here.
      expect(Buffer.from(bytes).equals(Buffer.from(writeGlbParts(buildFigure(name))))).toBe(true);
      const parts = await parseFigure(buffer(bytes), `${name}.glb`);
      expect(parts.map((p) => p.name)).toContain(TEAM_PART);
      for (const p of parts) expect(PART_NAMES).toContain(p.name);
      const triangles = parts.reduce((n, p) => n + triangleCount(p.geometry), 0);
      expect(triangles).toBeGreaterThan(50);
      expect(triangles).toBeLessThan(TRIANGLE_CAP);
      // Fixed colours survive: the metal part is dark, not the team part's neutral grey.
      expect(parts.find((p) => p.name === 'metal')?.colour).not.toBe(parts.find((p) => p.name === TEAM_PART)?.colour);
    });

    it(`${name} fits a unit base and height (x, z in [-0.5, 0.5], y in [0, 1]) and fills the height`, async () => {
      const parts = await parseFigure(buffer(shipped(name)), `${name}.glb`);
      const box = boundsOf(parts);
      const eps = 1e-6;
      expect(box.min.x).toBeGreaterThanOrEqual(-0.5 - eps);
      expect(box.max.x).toBeLessThanOrEqual(0.5 + eps);
      expect(box.min.z).toBeGreaterThanOrEqual(-0.5 - eps);
      expect(box.max.z).toBeLessThanOrEqual(0.5 + eps);
      expect(box.min.y).toBeGreaterThanOrEqual(-eps);
      expect(box.max.y).toBeLessThanOrEqual(1 + eps);
      expect(box.max.y).toBeGreaterThan(0.9);
    });
  }

  it('each figure faces +x: the visor and the weapon are ahead of the centre', async () => {
    for (const name of FIGURE_NAMES) {
      const parts = await parseFigure(buffer(shipped(name)), `${name}.glb`);
      const visor = boundsOf(parts, 'visor');
      expect(visor.min.x, `${name} visor`).toBeGreaterThan(0.05);
    }
    const infantry = await parseFigure(buffer(shipped('infantry')), 'infantry.glb');
    const rifle = boundsOf(infantry, 'metal');
    expect(rifle.max.x).toBeGreaterThan(0.45);
    const pack = boundsOf(infantry, 'gear');
    expect(pack.min.x).toBeLessThan(-0.2); // the backpack is behind
    const vehicle = await parseFigure(buffer(shipped('vehicle')), 'vehicle.glb');
    expect(boundsOf(vehicle, 'metal').max.x).toBeGreaterThan(0.45); // the gun points forward
  });

  it('merges each figure into two meshes to draw (team, fixed with vertex colours), keeping every triangle', async () => {
    for (const name of FIGURE_NAMES) {
      const parts = await parseFigure(buffer(shipped(name)), `${name}.glb`);
      const { team, fixed } = mergeFigure(parts);
      const total = parts.reduce((n, p) => n + triangleCount(p.geometry), 0);
      expect(triangleCount(team!) + triangleCount(fixed!)).toBe(total);
      expect(triangleCount(team!)).toBe(triangleCount(parts.find((p) => p.name === TEAM_PART)!.geometry));
      expect(team!.getAttribute('color')).toBeUndefined();
      const colours = fixed!.getAttribute('color');
      expect(colours.count).toBe(fixed!.getAttribute('position').count);
      // The visor's cyan survives the merge: some vertex is much bluer than it is red.
      let cyan = false;
      for (let i = 0; i < colours.count; i++) if (colours.getZ(i) > 0.9 && colours.getX(i) < 0.3) cyan = true;
      expect(cyan).toBe(true);
    }
  });

  it('paints a figure into one mesh: the team part in the side colour, the fixed parts tinted, every triangle kept', async () => {
    const parts = await parseFigure(buffer(shipped('infantry')), 'infantry.glb');
    const merged = mergeFigure(parts);
    const g = paintedFigure(merged, '#ff0000', '#808080')!;
    expect(triangleCount(g)).toBe(triangleCount(merged.team!) + triangleCount(merged.fixed!));
    const colours = g.getAttribute('color');
    const teamCount = merged.team!.getAttribute('position').count;
    // The team part's vertices come first, in the side colour (linear red).
    for (let i = 0; i < teamCount; i++) expect([colours.getX(i), colours.getY(i), colours.getZ(i)]).toEqual([1, 0, 0]);
    // The fixed parts keep their colours times the tint (mid grey: about a fifth in linear light).
    const grey = new Color('#808080').r;
    const fixed = merged.fixed!.getAttribute('color');
    expect(colours.getX(teamCount)).toBeCloseTo(fixed.getX(0) * grey, 6);
    expect(colours.getZ(colours.count - 1)).toBeCloseTo(fixed.getZ(fixed.count - 1) * grey, 6);
    // Kept per colour pair: the same pair gives the same geometry, another pair another one.
    expect(paintedFigure(merged, '#ff0000', '#808080')).toBe(g);
    expect(paintedFigure(merged, '#0000ff', '#808080')).not.toBe(g);
  });

  it('rejects bytes that are not a glTF figure, naming the file', async () => {
    await expect(parseFigure(new TextEncoder().encode('not a glb').buffer, 'bad.glb')).rejects.toThrow(/^bad\.glb: /);
  });
});
