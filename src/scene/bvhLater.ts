/**
 * A dense terrain batch's BVH (for the pointer's raycasts) built off the main thread: three-mesh-bvh's
 * GenerateMeshBVHWorker builds it, one batch at a time, and hands it back serialised. The worker is given a
 * copy of the batch's positions (the arrays it is given travel there and back, and the drawn ones must stay);
 * the BVH's triangle order comes back as an index, which the batch takes. Until then the pointer's ray tests
 * the batch triangle by triangle. A small batch gets its BVH here at once (a worker's start costs more).
 */
import { BufferAttribute, BufferGeometry } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { bvhInWorker } from '../geometry/bvhWorker';

/** Batches up to this many triangles get their BVH on the page, at once. */
export const BVH_HERE_MAX_TRIANGLES = 50_000;

const trianglesOf = (g: BufferGeometry) => (g.index ? g.index.count : g.getAttribute('position').count) / 3;

/** Gives `g` its BVH: here for a small one, else in the worker; `alive` says whether `g` is still drawn. */
export function boundsTreeLater(g: BufferGeometry, alive: () => boolean): Promise<void> {
  if (trianglesOf(g) <= BVH_HERE_MAX_TRIANGLES) {
    g.boundsTree = new MeshBVH(g);
    return Promise.resolve();
  }
  return (async () => {
    try {
      const copy = new BufferGeometry();
      copy.setAttribute('position', new BufferAttribute((g.getAttribute('position').array as Float32Array).slice(), 3));
      if (g.index) copy.setIndex(new BufferAttribute((g.index.array as Uint32Array).slice(), 1));
      const bvh = await bvhInWorker(copy);
      if (!bvh) throw new Error('no workers here');
      if (!alive()) return;
      // The same triangles in the BVH's order: the batch takes the index, and the BVH the batch.
      g.setIndex(copy.index);
      (bvh as unknown as { geometry: BufferGeometry }).geometry = g;
      g.boundsTree = bvh;
    } catch {
      if (alive()) g.boundsTree = new MeshBVH(g);
    }
  })();
}
