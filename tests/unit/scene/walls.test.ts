import { describe, expect, it } from 'vitest';
import { wallGeometry } from '../../../src/scene/Walls';

describe('the dice tray walls in one geometry', () => {
  it('are four boxes round the floor: the outer edge t past it, h + 0.3 tall, from 0.45 below the floor top (as the tray always stood)', () => {
    const g = wallGeometry(10, 6, 0.3, 1.5);
    // Four boxes of 24 vertices and 36 indices each.
    expect(g.getAttribute('position').count).toBe(96);
    expect(g.getIndex()!.count).toBe(144);
    g.computeBoundingBox();
    const b = g.boundingBox!;
    expect([b.min.x, b.max.x, b.min.z, b.max.z].map((v) => Math.round(v * 100) / 100)).toEqual([-5.3, 5.3, -3.3, 3.3]);
    expect(b.min.y).toBeCloseTo(-0.45);
    expect(b.max.y).toBeCloseTo(1.35);
  });
});
