/**
 * A dense terrain batch's BVH (for the pointer's raycasts) built off the main thread: three-mesh-bvh's
 * GenerateMeshBVHWorker builds it, one batch at a time, and hands it back serialised. The worker is given a
 * copy of the batch's positions, made a slice at a time after the commit that draws the table (the arrays
 * it is given travel there and back, and the drawn ones must stay);
 * the BVH's triangle order comes back as an index, which the batch takes. Until then the pointer's ray tests
 * the batch triangle by triangle. A small batch gets its BVH here, in the next task (a worker's start costs more).
 */
import { BufferAttribute, BufferGeometry } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { bvhInWorker } from '../geometry/bvhWorker';

/** Batches up to this many triangles get their BVH on the page, at once. */
export const BVH_HERE_MAX_TRIANGLES = 50_000;

const trianglesOf = (g: BufferGeometry) => (g.index ? g.index.count : g.getAttribute('position').count) / 3;

/** How long a copy works before it lets the page draw, ms. */
const SLICE_MS = 12;
/** Elements copied between two looks at the clock. */
const CHUNK = 1 << 18;

/** The next task (the caller's task, a React commit or a frame, ends first). */
export const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * A copy of `src` made a chunk at a time, letting the page run between slices of `sliceMs` (a dense
 * batch's positions are 18 MB: copied at once, 100 ms of the commit that first draws the table).
 */
export async function copyBetweenTasks<T extends Float32Array | Uint32Array>(
  src: T,
  sliceMs = SLICE_MS,
  pause: () => Promise<void> = nextTask,
): Promise<T> {
  const out = new (src.constructor as new (n: number) => T)(src.length);
  let slice = performance.now();
  for (let at = 0; at < src.length; at += CHUNK) {
    if (performance.now() - slice > sliceMs) {
      await pause();
      slice = performance.now();
    }
    out.set(src.subarray(at, Math.min(src.length, at + CHUNK)), at);
  }
  return out;
}

/**
 * Gives `g` its BVH, from the next task on: here for a small one, else in the worker; `alive` says whether
 * `g` is still drawn.
 */
export async function boundsTreeLater(g: BufferGeometry, alive: () => boolean): Promise<void> {
  await nextTask();
  if (!alive()) return;
  if (trianglesOf(g) <= BVH_HERE_MAX_TRIANGLES) {
    g.boundsTree = new MeshBVH(g);
    return;
  }
  try {
    const copy = new BufferGeometry();
    const positions = await copyBetweenTasks(g.getAttribute('position').array as Float32Array);
    copy.setAttribute('position', new BufferAttribute(positions, 3));
    if (g.index) copy.setIndex(new BufferAttribute(await copyBetweenTasks(g.index.array as Uint32Array), 1));
    if (!alive()) return;
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
}
