/**
 * Dense ids for whole-number keys (an edge's two welded vertex ids folded into one number): an
 * open-addressing hash table over typed arrays, for the mesh passes that meet every edge of half a
 * million triangles (welding, coplanar patches, solids, closed surfaces), where a `Map` spends most of
 * the time allocating. Keys are whole numbers from 0 up to 2^53.
 */
export class KeyIndex {
  private readonly slots: Int32Array;
  private readonly keys: Float64Array;
  private readonly mask: number;
  /** How many distinct keys it holds; their ids are 0 to size - 1, in order of first insertion. */
  size = 0;

  /** `capacity`: the most distinct keys it will be given. */
  constructor(capacity: number) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Int32Array(slots);
    this.keys = new Float64Array(Math.max(1, capacity));
    this.mask = slots - 1;
  }

  private slotOf(key: number): number {
    let h = Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 4294967296) | 0, 0x85ebca77);
    h ^= h >>> 15;
    let slot = h & this.mask;
    for (;;) {
      const held = this.slots[slot]!;
      if (held === 0 || this.keys[held - 1] === key) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The key's id, or -1 when it was never added. */
  get(key: number): number {
    return this.slots[this.slotOf(key)]! - 1;
  }

  /** The key's id, added (as the next id) when new. */
  add(key: number): number {
    const slot = this.slotOf(key);
    const held = this.slots[slot]!;
    if (held !== 0) return held - 1;
    if (this.size >= this.keys.length) throw new Error(`KeyIndex: more than ${this.keys.length} keys`);
    this.keys[this.size] = key;
    this.slots[slot] = ++this.size;
    return this.size - 1;
  }
}
