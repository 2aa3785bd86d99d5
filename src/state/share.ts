/**
 * Structural sharing for answers from the engine worker. Each answer arrives as a fresh copy (the
 * worker's message is cloned), so every part of it is a new object even where nothing changed, and
 * every panel and table piece that reads a part would render again. `shareEqual(previous, next)`
 * returns `next` with each part that equals the previous answer's replaced by the previous object:
 * a part that did not change keeps its identity, so what reads only that part does not render.
 * Plain JSON only (objects, arrays, primitives), as the store holds; nothing is mutated.
 */
export function shareEqual<T>(previous: unknown, next: T): T {
  return share(previous, next) as T;
}

function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function share(a: unknown, b: unknown): unknown {
  if (Object.is(a, b)) return a;
  if (Array.isArray(a) && Array.isArray(b)) {
    let same = a.length === b.length;
    const out = b.map((item, i) => {
      const shared = share(a[i], item);
      if (!Object.is(shared, a[i])) same = false;
      return shared;
    });
    return same ? a : out;
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(b);
    let same = keys.length === Object.keys(a).length;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const shared = Object.prototype.hasOwnProperty.call(a, k) ? share(a[k], b[k]) : b[k];
      if (!Object.is(shared, a[k]) || !Object.prototype.hasOwnProperty.call(a, k)) same = false;
      out[k] = shared;
    }
    return same ? a : out;
  }
  return b;
}
