/**
 * One result shape for everything that can be refused instead of thrown (a scene file, a forces
 * file, a start): a value, or the error. A leaf module every folder may import.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps a failure. */
export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
