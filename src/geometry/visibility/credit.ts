/**
 * Crediting: each blocked silhouette cell goes to its nearest occluder (s.zown), and the cells are
 * summed per occluder. An owner is one number, kind code x 2^20 + index, so the depth buffer keeps
 * it in an Int32Array.
 */
import * as scratch from './scratch';
import type { VisibilityScratch } from './scratch';

// Bound once: read in the hot loops (see "imports read in hot loops" in scratch.ts).
const { COLUMNS } = scratch;

/** Kinds of occluder a blocked cell is credited to. */
export type OccluderKind = 'terrain' | 'model' | 'smoke';

/** Blocked cells of one occluder. */
export interface BlockedCells {
  kind: OccluderKind;
  index: number;
  cells: number;
}

const KIND_CODE: Record<OccluderKind, number> = { terrain: 0, model: 1, smoke: 2 };
const KIND_NAME: OccluderKind[] = ['terrain', 'model', 'smoke'];
const KIND_SCALE = 0x100000;

/** Owner key of an occluder: kind code x 2^20 + index (a terrain piece's key is its index). */
export const ownerKey = (kind: OccluderKind, index: number): number => KIND_CODE[kind] * KIND_SCALE + index;

/**
 * The blocked cells per occluder, most first, and how many cells are blocked in all. Cells of one
 * occluder come in runs: counted per run, added to the map when the owner changes.
 */
export function creditBlocked(s: VisibilityScratch): { blocked: BlockedCells[]; hidden: number } {
  const { hit, sil, zown } = s;
  const counts = new Map<number, number>();
  let hidden = 0;
  let runOwner = -1,
    run = 0;
  for (let r = 0; r < s.rows; r++) {
    let bits = (hit[r]! & sil[r]!) >>> 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits = (bits ^ low) >>> 0;
      const owner = zown[r * COLUMNS + (31 - Math.clz32(low))]!;
      if (owner !== runOwner) {
        if (run > 0) counts.set(runOwner, (counts.get(runOwner) ?? 0) + run);
        runOwner = owner;
        run = 0;
      }
      run++;
      hidden++;
    }
  }
  if (run > 0) counts.set(runOwner, (counts.get(runOwner) ?? 0) + run);
  const blocked: BlockedCells[] = [];
  for (const [owner, cells] of counts)
    blocked.push({ kind: KIND_NAME[Math.floor(owner / KIND_SCALE)]!, index: owner % KIND_SCALE, cells });
  blocked.sort((a, b) => b.cells - a.cells);
  return { blocked, hidden };
}
