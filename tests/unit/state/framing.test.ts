/**
 * Framing the table in the space the panels leave free (state/framing.ts, scene/CameraRig.tsx
 * cameraPose): the free box beside the docked panels, the view offset that puts the view's centre in
 * its middle, and a pose that fits the table and the dice tray inside it (checked by projecting their
 * corners through a real three camera).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { CAMERA_FOV, cameraPose, framedAspect, TRAY_REACH } from '../../../src/scene/CameraRig';
import { framingOf, freeBox, reservation } from '../../../src/state/framing';

const canvas = { w: 1400, h: 770 };
const left = reservation(canvas, 'left', { x: 12, y: 12, w: 368, h: 600 }, false);
const right = reservation(canvas, 'right', { x: 1068, y: 12, w: 320, h: 200 }, false);

describe('the free box beside the panels', () => {
  it('no panels: the whole canvas', () => {
    expect(freeBox(canvas, [], 1.5)).toEqual({ x: 0, y: 0, w: 1400, h: 770 });
  });

  it('an open panel takes its whole column; a folded one its title bar', () => {
    expect(left).toEqual({ x: 0, y: 0, w: 380, h: 770 });
    expect(right).toEqual({ x: 1068, y: 0, w: 332, h: 770 });
    const bar = { x: 12, y: 12, w: 368, h: 40 };
    expect(reservation(canvas, 'left', bar, true)).toEqual(bar);
  });

  it('between the left and right columns, top to bottom', () => {
    expect(freeBox(canvas, [left, right], 1.5)).toEqual({ x: 380, y: 0, w: 688, h: 770 });
  });

  it('with the play panel folded to its title bar, the box under the bar wins for a wide table, the column beside it for a tall one', () => {
    const bar = { x: 12, y: 12, w: 368, h: 40 };
    // Wide: min(w / 1.5, h) is 712 under the bar (1068 x 718), 459 beside it (688 x 770).
    expect(freeBox(canvas, [bar, right], 1.5)).toEqual({ x: 0, y: 52, w: 1068, h: 718 });
    // Tall (0.8): 718 under the bar, 770 beside it (688 / 0.8 = 860).
    expect(freeBox(canvas, [bar, right], 0.8)).toEqual({ x: 380, y: 0, w: 688, h: 770 });
  });

  it('a sliver is no place to frame: under a third of the canvas either way, the whole canvas', () => {
    const wide = { x: 0, y: 0, w: 1100, h: 770 };
    expect(freeBox(canvas, [wide], 1.5)).toEqual({ x: 0, y: 0, w: 1400, h: 770 });
  });
});

describe('the framing of a free box', () => {
  it("the view offset moves the view's centre onto the box's centre; the fill is its share of the height", () => {
    const box = { x: 380, y: 0, w: 688, h: 770 };
    const f = framingOf(canvas, box);
    expect(f.offset).toEqual({ x: 700 - 724, y: 0 });
    expect(f.aspect).toBeCloseTo(688 / 770);
    expect(f.fill).toBe(1);
  });

  const layouts = {
    'both columns': [left, right, { x: 0, y: 0, w: 1400, h: 30 }],
    'the left column alone': [left],
  };
  for (const [layout, taken] of Object.entries(layouts))
    for (const mode of ['orbit', 'top'] as const)
      for (const [w, d] of [
        [48, 48],
        [36, 36],
        [48, 36],
      ] as const)
        it(`${layout}, ${mode}, a ${w}" x ${d}" table: its corners and the dice tray's fall inside the free box, and the table's centre near the box's middle`, () => {
          const box = freeBox(canvas, taken, framedAspect(mode, w, d));
          const f = framingOf(canvas, box);
          const pose = cameraPose(mode, w, d, f.aspect, f.fill, TRAY_REACH);
          const cam = new PerspectiveCamera(CAMERA_FOV, canvas.w / canvas.h, 0.1, 600);
          cam.setViewOffset(canvas.w, canvas.h, f.offset.x, f.offset.y, canvas.w, canvas.h);
          cam.position.set(...pose.position);
          cam.lookAt(new Vector3(...pose.target));
          cam.updateMatrixWorld();
          cam.updateProjectionMatrix();
          const screen = (x: number, z: number) => {
            const v = new Vector3(x, 0, z).project(cam);
            return { x: ((v.x + 1) / 2) * canvas.w, y: ((1 - v.y) / 2) * canvas.h };
          };
          const trayFar = w + 1.5 + TRAY_REACH;
          for (const [x, z] of [
            [0, 0],
            [w, 0],
            [0, d],
            [w, d],
            [trayFar, d / 2 - 5.5],
            [trayFar, d / 2 + 5.5],
          ] as const) {
            const p = screen(x, z);
            expect(p.x, `${x},${z}`).toBeGreaterThanOrEqual(box.x);
            expect(p.x, `${x},${z}`).toBeLessThanOrEqual(box.x + box.w);
            expect(p.y, `${x},${z}`).toBeGreaterThanOrEqual(box.y);
            expect(p.y, `${x},${z}`).toBeLessThanOrEqual(box.y + box.h);
          }
          const c = screen(w / 2, d / 2);
          expect(Math.abs(c.x - (box.x + box.w / 2))).toBeLessThan(box.w * 0.12);
          expect(Math.abs(c.y - (box.y + box.h / 2))).toBeLessThan(box.h * 0.15);
          // The table fills a fair part of the box: not framed as if the panels were not there.
          const a = screen(0, d);
          const b = screen(w, d);
          expect(Math.abs(b.x - a.x)).toBeGreaterThan(box.w * 0.45);
        });
});
