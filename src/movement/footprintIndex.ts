/** A uniform grid over convex footprints (seen from above), for finding the few near a point or segment. */
import { polygonBounds } from '../geometry/plane';

/** Grid cell size, inches. */
const BUCKET = 2;

/** A uniform grid over footprints, for finding the few near a segment. */
export class FootprintIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly stamp: Uint32Array;
  private tick = 0;
  readonly boxes: Float64Array;
  /** Bounding circle of each footprint: x, z, radius. */
  readonly discs: Float64Array;

  constructor(
    readonly polys: Float64Array[],
    pad: number,
  ) {
    this.stamp = new Uint32Array(polys.length);
    this.boxes = new Float64Array(polys.length * 4);
    this.discs = new Float64Array(polys.length * 3);
    polys.forEach((p, i) => {
      let cx = 0,
        cz = 0;
      for (let k = 0; k < p.length; k += 2) {
        cx += p[k]!;
        cz += p[k + 1]!;
      }
      cx /= p.length / 2;
      cz /= p.length / 2;
      let rr = 0;
      for (let k = 0; k < p.length; k += 2) rr = Math.max(rr, Math.hypot(p[k]! - cx, p[k + 1]! - cz));
      this.discs.set([cx, cz, rr], i * 3);
      const [a, b, c, d] = polygonBounds(p);
      this.boxes.set([a - pad, b + pad, c - pad, d + pad], i * 4);
      for (let x = Math.floor((a - pad) / BUCKET); x <= Math.floor((b + pad) / BUCKET); x++) {
        for (let z = Math.floor((c - pad) / BUCKET); z <= Math.floor((d + pad) / BUCKET); z++) {
          const key = x * 100003 + z;
          const list = this.cells.get(key);
          if (list) list.push(i);
          else this.cells.set(key, [i]);
        }
      }
    });
  }

  /** Calls `fn` once for each footprint whose padded box meets the given box; stops when it returns true. */
  some(minX: number, maxX: number, minZ: number, maxZ: number, fn: (i: number) => boolean): boolean {
    const t = ++this.tick;
    for (let x = Math.floor(minX / BUCKET); x <= Math.floor(maxX / BUCKET); x++) {
      for (let z = Math.floor(minZ / BUCKET); z <= Math.floor(maxZ / BUCKET); z++) {
        const list = this.cells.get(x * 100003 + z);
        if (!list) continue;
        for (const i of list) {
          if (this.stamp[i] === t) continue;
          this.stamp[i] = t;
          const o = i * 4;
          if (
            this.boxes[o + 1]! < minX ||
            this.boxes[o]! > maxX ||
            this.boxes[o + 3]! < minZ ||
            this.boxes[o + 2]! > maxZ
          )
            continue;
          if (fn(i)) return true;
        }
      }
    }
    return false;
  }
}
