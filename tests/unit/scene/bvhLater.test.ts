import { describe, expect, it } from 'vitest';
import { BoxGeometry, BufferAttribute, BufferGeometry } from 'three';
import { boundsTreeLater, copyBetweenTasks } from '../../../src/scene/bvhLater';

describe('a terrain batch BVH after the commit that draws it (bvhLater.ts)', () => {
  it('copies a batch a chunk at a time, letting the page run between slices; the copy is exact', async () => {
    const src = new Float32Array((1 << 18) * 3 + 5).map((_, i) => i * 0.5 - 7);
    let pauses = 0;
    // A slice of no time at all: a pause before every chunk of 2^18 (four chunks).
    const copy = await copyBetweenTasks(src, -1, async () => {
      pauses += 1;
    });
    expect(copy).toBeInstanceOf(Float32Array);
    expect(copy).not.toBe(src);
    expect(copy).toEqual(src);
    expect(pauses).toBe(4);
    // A long slice: no pause at all.
    pauses = 0;
    const index = new Uint32Array(1000).map((_, i) => 999 - i);
    const same = await copyBetweenTasks(index, 1e9, async () => {
      pauses += 1;
    });
    expect(same).toBeInstanceOf(Uint32Array);
    expect(same).toEqual(index);
    expect(pauses).toBe(0);
  });

  it('gives a small batch its BVH in the next task, not in the caller’s; none to a batch no longer drawn', async () => {
    const box = new BoxGeometry(2, 2, 2).toNonIndexed();
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(box.getAttribute('position').array, 3));
    const done = boundsTreeLater(g, () => true);
    expect(g.boundsTree).toBeUndefined();
    await done;
    expect(g.boundsTree).toBeDefined();
    const gone = new BufferGeometry();
    gone.setAttribute('position', new BufferAttribute(box.getAttribute('position').array, 3));
    await boundsTreeLater(gone, () => false);
    expect(gone.boundsTree).toBeUndefined();
  });
});
