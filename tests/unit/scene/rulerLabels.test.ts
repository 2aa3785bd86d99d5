import { describe, expect, it } from 'vitest';
import { atlasCell, ATLAS_COLUMNS } from '../../../src/scene/labelTexture';
import { RULER_LABEL_SIZE, RULER_LABEL_TILT, rulerLabelGeometry, rulerTexts } from '../../../src/scene/rulerLabels';

describe("the rulers' numbers in one mesh", () => {
  it('numbers every 6" along both edges (0 to the far end) and the four compass letters', () => {
    const texts = rulerTexts(48, 36, 1.2, -0.04);
    expect(texts.map((t) => t.text)).toEqual([
      ...['0"', '6"', '12"', '18"', '24"', '30"', '36"', '42"', '48"'],
      ...['0"', '6"', '12"', '18"', '24"', '30"', '36"'],
      ...['N', 'S', 'W', 'E'],
    ]);
    expect(texts[1]!.at).toEqual([6, -0.04, 37.2]);
    expect(texts[10]!.at).toEqual([-1.2, -0.04, 6]);
    expect(texts.find((t) => t.text === 'E')!.at).toEqual([49.2, -0.04, 18]);
  });

  it('gives each label its own atlas cell, row by row, none overlapping', () => {
    const n = 20;
    const cells = Array.from({ length: n }, (_, i) => atlasCell(i, n));
    const near = (c: { u0: number; u1: number; v0: number; v1: number }, want: number[]) =>
      [c.u0, c.u1, c.v0, c.v1].forEach((v, k) => expect(v).toBeCloseTo(want[k]!));
    near(cells[0]!, [0, 1 / ATLAS_COLUMNS, 2 / 3, 1]);
    near(cells[ATLAS_COLUMNS]!, [0, 1 / ATLAS_COLUMNS, 1 / 3, 2 / 3]);
    const keys = new Set(cells.map((c) => `${c.u0},${c.v0}`));
    expect(keys.size).toBe(n);
  });

  it('is one quad per label, standing on the frame at it, leaning back to face the south seat, showing its own cell', () => {
    const texts = rulerTexts(24, 24, 1.2, -0.04);
    const g = rulerLabelGeometry(texts);
    expect(g.getIndex()!.count).toBe(texts.length * 6);
    const pos = g.getAttribute('position');
    const uv = g.getAttribute('uv');
    const normal = g.getAttribute('normal');
    texts.forEach((t, i) => {
      const xs = [0, 1, 2, 3].map((k) => pos.getX(i * 4 + k));
      const zs = [0, 1, 2, 3].map((k) => pos.getZ(i * 4 + k));
      expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(t.at[0]);
      expect((Math.min(...zs) + Math.max(...zs)) / 2).toBeCloseTo(t.at[2]);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(RULER_LABEL_SIZE.w);
      // The bottom edge on the frame, the top raised by the tilt; the face towards the camera's seat
      // (50 degrees up from the south: the normal leans 40 degrees from straight up towards +z).
      expect(pos.getY(i * 4)).toBeCloseTo(-0.04);
      expect(pos.getY(i * 4 + 1)).toBeCloseTo(-0.04);
      expect(pos.getY(i * 4 + 3) - pos.getY(i * 4)).toBeCloseTo(Math.sin(RULER_LABEL_TILT) * RULER_LABEL_SIZE.d);
      for (let k = 0; k < 4; k++) {
        expect(normal.getY(i * 4 + k)).toBeCloseTo(Math.cos(RULER_LABEL_TILT));
        expect(normal.getZ(i * 4 + k)).toBeCloseTo(Math.sin(RULER_LABEL_TILT));
      }
      const c = atlasCell(i, texts.length);
      // The text's top (the cell's top, v1) is towards the far edge (smaller z).
      expect(uv.getY(i * 4 + 3)).toBeCloseTo(c.v1);
      expect(pos.getZ(i * 4 + 3)).toBeLessThan(pos.getZ(i * 4));
    });
  });
});
