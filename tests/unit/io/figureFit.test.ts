import { describe, expect, it } from 'vitest';
import {
  CROUCH,
  LYING_THICKNESS,
  figurePlacement,
  placedBounds,
  placePoint,
  poseColour,
  uniformFit,
  type Bounds,
} from '../../../src/io/figureFit';

const UNIT: Bounds = { min: [-0.5, 0, -0.5], max: [0.5, 1, 0.5] };
const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));

// A 32 mm round base (half extent 0.63") under a 1.25" figure, base top at 0.125".
const R = 0.63;
const H = 1.125;
const TOP = 0.125;

describe('figure placement on the base', () => {
  it('standing: the unit box becomes the base footprint and the height above the base top', () => {
    const b = placedBounds(figurePlacement(R, R, H, TOP, null, true), UNIT);
    close(b.min, [-R, TOP, -R]);
    close(b.max, [R, TOP + H, R]);
  });

  it('an oval base stretches the figure along its facing (x) and across it (z)', () => {
    const b = placedBounds(figurePlacement(1.2, 0.7, 2, TOP, null, false), UNIT);
    close(b.min, [-1.2, TOP, -0.7]);
    close(b.max, [1.2, TOP + 2, 0.7]);
  });

  it('pinned infantry crouches to CROUCH of its height; pinned vehicles stand', () => {
    expect(placedBounds(figurePlacement(R, R, H, TOP, 'pinned', true), UNIT).max[1]).toBeCloseTo(TOP + H * CROUCH, 9);
    expect(placedBounds(figurePlacement(R, R, H, TOP, 'pinned', false), UNIT).max[1]).toBeCloseTo(TOP + H, 9);
  });

  it('prone infantry lies face down along its base, head forward, LYING_THICKNESS of the base thick', () => {
    const t = figurePlacement(R, R, H, TOP, 'prone', true);
    const b = placedBounds(t, UNIT);
    expect(b.min[1]).toBeCloseTo(TOP, 9);
    expect(b.max[1] - b.min[1]).toBeCloseTo(2 * R * LYING_THICKNESS, 9);
    expect(b.max[0] - b.min[0]).toBeCloseTo(2 * R * 0.95, 9);
    // A low prone body (Counterblast's prone height) lies just as long.
    expect(placedBounds(figurePlacement(R, R, 0.3, TOP, 'prone', true), UNIT).max[0]).toBeCloseTo(b.max[0], 9);
    expect(b.min[0]).toBeGreaterThanOrEqual(-R - 1e-9);
    expect(b.max[0]).toBeLessThanOrEqual(R + 1e-9);
    const head = placePoint(t, [0, 1, 0]);
    const feet = placePoint(t, [0, 0, 0]);
    expect(head[0]).toBeGreaterThan(feet[0]); // head towards the facing
    // Its front (+x, the visor side) faces the table: lower than its back.
    expect(placePoint(t, [0.5, 0.5, 0])[1]).toBeLessThan(placePoint(t, [-0.5, 0.5, 0])[1]);
  });

  it('down infantry lies on its back, head away from the facing, front up', () => {
    const t = figurePlacement(R, R, H, TOP, 'down', true);
    expect(placedBounds(t, UNIT).min[1]).toBeCloseTo(TOP, 9);
    expect(placePoint(t, [0, 1, 0])[0]).toBeLessThan(placePoint(t, [0, 0, 0])[0]);
    expect(placePoint(t, [0.5, 0.5, 0])[1]).toBeGreaterThan(placePoint(t, [-0.5, 0.5, 0])[1]);
  });

  it('a down vehicle sinks and tilts but stays on its base top', () => {
    const t = figurePlacement(1.2, 1.2, 2, TOP, 'down', false);
    expect(t.rotationZ).not.toBe(0);
    expect(placePoint(t, [0, 1, 0])[1]).toBeLessThan(TOP + 2);
    expect(placePoint(t, [0, 0, 0])).toEqual([0, TOP, 0]);
  });
});

describe('a player mesh fitted into its base and height', () => {
  it('one scale, the tightest of footprint and height; centred; lowest point on the base top', () => {
    const scan: Bounds = { min: [3, -2, 10], max: [5, 2, 11] }; // 2 wide, 4 tall, 1 deep, off-centre
    const t = uniformFit(scan, R, R, H, TOP);
    const s = Math.min((2 * R) / 2, H / 4, (2 * R) / 1);
    expect(t.scale).toEqual([s, s, s]);
    const b = placedBounds(t, scan);
    close(b.min, [-1 * s, TOP, -0.5 * s]);
    close(b.max, [1 * s, TOP + H, 0.5 * s]);
  });

  it('a wide, flat scan is limited by its footprint, and a flat axis does not limit it', () => {
    const tile: Bounds = { min: [-5, 0, -5], max: [5, 0, 5] };
    const t = uniformFit(tile, R, R, H, TOP);
    expect(t.scale[0]).toBeCloseTo((2 * R) / 10, 12);
    const b = placedBounds(t, tile);
    expect(b.max[0]).toBeCloseTo(R, 9);
    expect(b.min[1]).toBeCloseTo(TOP, 9);
  });
});

describe('pose colours', () => {
  it('down greys every part; pinned tints the team part only; prone and standing keep the colour', () => {
    expect(poseColour('#ff0000', null, true)).toBe('#ff0000');
    expect(poseColour('#ff0000', 'prone', true)).toBe('#ff0000');
    const down = poseColour('#ff0000', 'down', true);
    expect(down).not.toBe('#ff0000');
    // Mostly grey: the channels end up close together.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(down.slice(i, i + 2), 16));
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(80);
    expect(poseColour('#202020', 'down', false)).not.toBe('#202020');
    expect(poseColour('#3060ff', 'pinned', true)).not.toBe('#3060ff');
    expect(poseColour('#202020', 'pinned', false)).toBe('#202020');
  });
});
