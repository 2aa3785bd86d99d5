/**
 * Validating a ruleset's data file (unit cards, crews) against its zod schema: the data, or an
 * error that names the file and, for each problem, the field's path and the value found there.
 */
import type { z } from 'zod';
import { ok, type Result } from '../../result';

/** A problem in a data file: where, what value, why. */
export interface DataIssue {
  path: string;
  value: string;
  message: string;
}

/** A refused data file. */
export interface DataError {
  file: string;
  issues: DataIssue[];
  message: string;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** Parses a data file's text and checks it against a schema (text that is not JSON is refused too). */
export function parseFile<T>(schema: z.ZodType<T>, text: string, file: string): Result<T, DataError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const message = `not JSON: ${(e as Error).message}`;
    return { ok: false, error: { file, issues: [{ path: '', value: '', message }], message: `${file}: ${message}` } };
  }
  return validateFile(schema, json, file);
}

/** Checks parsed JSON against a schema. */
export function validateFile<T>(schema: z.ZodType<T>, json: unknown, file: string): Result<T, DataError> {
  const r = schema.safeParse(json);
  if (r.success) return ok(r.data);
  const issues = r.error.issues.map((i) => {
    const path = i.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('')
      .replace(/^\./, '');
    const v = valueAt(json, i.path as PropertyKey[]);
    return {
      path,
      value: v === undefined ? '(missing)' : (JSON.stringify(v)?.slice(0, 80) ?? String(v)),
      message: i.message,
    };
  });
  return {
    ok: false,
    error: {
      file,
      issues,
      message: `${file}: ${issues.map((i) => `${i.path || '(top)'} = ${i.value}: ${i.message}`).join('; ')}`,
    },
  };
}

/**
 * Flags each entry of a list whose id an earlier entry already has ("duplicate <noun> id"), at
 * `path`, i, "id" (for a schema's superRefine).
 */
export function flagDuplicateIds(
  list: readonly { id: string }[],
  path: readonly (string | number)[],
  noun: string,
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  list.forEach((x, i) => {
    if (seen.has(x.id))
      ctx.addIssue({
        code: 'custom',
        path: [...path, i, 'id'],
        message: `duplicate ${noun} id "${x.id}"`,
        input: x.id,
      });
    seen.add(x.id);
  });
}
