/** A value or an error, returned instead of thrown so callers must handle both. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps a success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps a failure. */
export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
