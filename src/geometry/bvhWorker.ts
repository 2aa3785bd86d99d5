/**
 * BVHs built off the main thread: three-mesh-bvh's GenerateMeshBVHWorker (one worker, loaded on first
 * need, one geometry at a time). The geometry's arrays travel to the worker and back (the BVH's triangle
 * order comes back as its index), so a geometry being drawn is given as a copy (scene/bvhLater.ts).
 * Where there are no workers (Node: the CLIs and tests) the answer is null and the caller builds here.
 */
import type { BufferGeometry } from 'three';
import type { MeshBVH } from 'three-mesh-bvh';

type Generator = { generate(g: BufferGeometry): Promise<MeshBVH> };

let generator: Promise<Generator | null> | null = null;
let chain: Promise<unknown> = Promise.resolve();

function worker(): Promise<Generator | null> {
  generator ??=
    typeof Worker === 'undefined'
      ? Promise.resolve(null)
      : import('three-mesh-bvh/worker').then(
          ({ GenerateMeshBVHWorker }) => new GenerateMeshBVHWorker() as unknown as Generator,
          () => null,
        );
  return generator;
}

/** The BVH of `g` built in the worker (its arrays replaced by the ones that come back), or null without one. */
export function bvhInWorker(g: BufferGeometry): Promise<MeshBVH | null> {
  const next = chain.then(async () => {
    const w = await worker();
    return w ? w.generate(g) : null;
  });
  chain = next.catch(() => undefined);
  return next;
}
