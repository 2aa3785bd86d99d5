/**
 * Reading and writing scene files. Every problem is reported with the file name, the path of the
 * bad field (`models[2].position[0]`) and the offending value, and the caller's current scene is
 * never touched: these functions only return values.
 */
import type { z } from 'zod';
import { err, ok, type Result } from '../result';
import { sceneSchema, type Scene } from './sceneSchema';

/** Stable codes for scene-file problems. */
export const SCENE_ERROR_CODES = ['not-json', 'schema', 'duplicate-id', 'outside-table', 'mesh-load'] as const;
/** A scene-file problem code. */
export type SceneErrorCode = (typeof SCENE_ERROR_CODES)[number];

/** One problem found in a scene file. */
export interface SceneIssue {
  code: SceneErrorCode;
  /** Field path such as `models[2].position[0]`; empty for the file as a whole. */
  path: string;
  /** The offending value, rendered for display (JSON, truncated). */
  value: string;
  message: string;
}

/** Why a scene file was rejected: the file and every problem found in it. */
export interface SceneError {
  file: string;
  issues: SceneIssue[];
  /** One line per issue, `file: path: message (value)`, for display and logs. */
  message: string;
}

/** Renders a field path the way a player reads it: `models[2].position[0]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Shows a value compactly; NaN and Infinity survive (JSON.stringify would print null). */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'number') return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function issueFromZod(root: unknown, issue: z.core.$ZodIssue): SceneIssue {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const path = [...issue.path, key];
    return {
      code: 'schema',
      path: formatPath(path),
      value: formatValue(valueAt(root, path)),
      message: `unknown field "${issue.keys.join('", "')}"`,
    };
  }
  const value = valueAt(root, issue.path);
  return { code: 'schema', path: formatPath(issue.path), value: formatValue(value), message: issue.message };
}

/** Builds the error for `file` from its issues (with a readable multi-line message). */
export function sceneError(file: string, issues: SceneIssue[]): SceneError {
  const lines = issues.map((i) => `${file}: ${i.path || '(file)'}: ${i.message} (value: ${i.value})`);
  return { file, issues, message: lines.join('\n') };
}

function semanticIssues(scene: Scene): SceneIssue[] {
  const issues: SceneIssue[] = [];
  const seen = new Map<string, string>();
  const claim = (id: string, path: string): void => {
    const first = seen.get(id);
    if (first !== undefined) {
      issues.push({
        code: 'duplicate-id',
        path,
        value: formatValue(id),
        message: `id "${id}" is already used at ${first}`,
      });
    } else {
      seen.set(id, path);
    }
  };
  scene.terrain?.forEach((t, i) => claim(t.id, `terrain[${i}].id`));
  scene.models?.forEach((m, i) => claim(m.id, `models[${i}].id`));
  scene.smoke?.forEach((s, i) => claim(s.id, `smoke[${i}].id`));

  const { width, depth } = scene.table;
  const onTable = (p: readonly number[]): boolean => {
    const [x = NaN, y = NaN, z = NaN] = p;
    return x >= 0 && x <= width && z >= 0 && z <= depth && y >= 0;
  };
  const outside = (path: string, p: readonly number[], what: string): void => {
    issues.push({
      code: 'outside-table',
      path,
      value: formatValue(p),
      message: `${what} is outside the ${width}x${depth} table (x must be 0..${width}, z 0..${depth}, y >= 0)`,
    });
  };
  scene.models?.forEach((m, i) => {
    if (!onTable(m.position)) outside(`models[${i}].position`, m.position, `model "${m.id}"`);
    if (m.leanOut && !onTable(m.leanOut)) outside(`models[${i}].leanOut`, m.leanOut, `lean-out marker of "${m.id}"`);
    if (m.eyeHeight !== undefined && m.eyeHeight > m.height) {
      issues.push({
        code: 'schema',
        path: `models[${i}].eyeHeight`,
        value: formatValue(m.eyeHeight),
        message: `eye height must not exceed the model's height (${m.height})`,
      });
    }
  });
  scene.smoke?.forEach((s, i) => {
    if (!onTable(s.position)) outside(`smoke[${i}].position`, s.position, `smoke "${s.id}"`);
  });
  return issues;
}

/** Validates an already-parsed value (an object from JSON or from the automation API). */
export function validateScene(value: unknown, file = 'scene'): Result<Scene, SceneError> {
  const parsed = sceneSchema.safeParse(value);
  if (!parsed.success) {
    return err(
      sceneError(
        file,
        parsed.error.issues.map((i) => issueFromZod(value, i)),
      ),
    );
  }
  const issues = semanticIssues(parsed.data);
  if (issues.length > 0) return err(sceneError(file, issues));
  return ok(parsed.data);
}

/** Parses and validates the text of a scene file. */
export function parseSceneText(text: string, file = 'scene.json'): Result<Scene, SceneError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return err(
      sceneError(file, [
        { code: 'not-json', path: '', value: formatValue(text.slice(0, 40)), message: `not valid JSON: ${reason}` },
      ]),
    );
  }
  return validateScene(value, file);
}

/** Writes a scene as the text of a scene file (stable key order as given, two-space indent). */
export function serializeScene(scene: Scene): string {
  return `${JSON.stringify(scene, null, 2)}\n`;
}
