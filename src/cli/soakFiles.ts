/**
 * Mutated files, for the property tests and `npm run soak -- --cases N`: a valid scene, save or forces
 * file with one thing changed (a field deleted, replaced by another JSON value or a hostile number, an
 * unknown field added, the text cut short or one character garbled). Each must load or be refused with a
 * clear error: one that starts with the file's name and says what is wrong; nothing may throw, and a
 * refused save leaves the current game exactly as it was.
 */
import fc from 'fast-check';
import { stateHash } from '../rules/engine/match';
import { walk } from '../rules/engine/walk';
import type { AnyRuleset } from '../rulesets';
import type { PlayController } from '../state/play';
import { loadSceneText } from '../state/sceneLoader';
import type { TabletopStore } from '../state/store';
import type { BattleTable } from './soakGames';
import { render } from '../i18n/i18n';

/** A path into a JSON value. */
type Path = (string | number)[];

/** Every path in a JSON value, the root first (capped: a big file's later paths are as good as its first). */
function pathsOf(v: unknown, at: Path = [], out: Path[] = [], cap = 4000): Path[] {
  if (out.length >= cap) return out;
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out, cap));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out, cap);
  return out;
}

/** One mutation of a file's text, and what it did (for a failure's report). */
export interface Mutated {
  text: string;
  what: string;
}

/** Hostile values for a field: wrong types, out of range, huge, empty (the text form, so 1e999 is an infinity on parse). */
const HOSTILE = ['-1', '0', '1e999', '-1e999', '0.5', '""', '"x"', 'null', 'true', '[]', '{}', '[[[]]]', '"__proto__"'];

/**
 * Mutations of a valid JSON value's text: fast-check picks the path (among up to 4,000), the kind and
 * the new value.
 */
export function mutations(valid: unknown): fc.Arbitrary<Mutated> {
  const paths = pathsOf(valid);
  const base = JSON.stringify(valid, null, 2);
  const at = (p: Path) => p.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('') || '(root)';
  const edit = (p: Path, f: (parent: Record<string | number, unknown>, key: string | number) => void): unknown => {
    const copy = JSON.parse(base) as unknown;
    if (p.length === 0) return copy;
    let parent = copy as Record<string | number, unknown>;
    for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    f(parent, p[p.length - 1]!);
    return copy;
  };
  const index = fc.nat({ max: paths.length - 1 });
  const value = fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  );
  const RAW = '\u0000@@RAW@@\u0000';
  // A replacement is spliced in as text, so `1e999` reaches the parser as written.
  const withRaw = (v: unknown, raw: string) => JSON.stringify(v, null, 2).replace(JSON.stringify(RAW), raw);
  return fc.oneof(
    index.map((i) => {
      const p = paths[i]!;
      const v = edit(p, (o, k) => (Array.isArray(o) ? o.splice(Number(k), 1) : delete o[k]));
      return { text: p.length ? JSON.stringify(v, null, 2) : '', what: `deleted ${at(p)}` };
    }),
    fc.tuple(index, value).map(([i, raw]) => {
      const p = paths[i]!;
      if (p.length === 0) return { text: raw, what: `the whole file replaced by ${raw}` };
      return {
        text: withRaw(
          edit(p, (o, k) => (o[k] = RAW)),
          raw,
        ),
        what: `${at(p)} set to ${raw}`,
      };
    }),
    fc.tuple(index, fc.constantFrom('extra', '__proto__', 'constructor', 'id'), value).map(([i, key, raw]) => {
      const p = paths[i]!;
      const target = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], JSON.parse(base));
      if (!target || typeof target !== 'object' || Array.isArray(target))
        return { text: base.replace(/\s*$/, ' '), what: 'trailing space added' };
      const v = edit([...p, key], (o) => Object.defineProperty(o, key, { value: RAW, enumerable: true }));
      return { text: withRaw(v, raw), what: `field ${at([...p, key])} = ${raw} added` };
    }),
    fc
      .nat({ max: Math.max(0, base.length - 1) })
      .map((n) => ({ text: base.slice(0, n), what: `cut to ${n} characters` })),
    fc
      .tuple(fc.nat({ max: Math.max(0, base.length - 1) }), fc.constantFrom('"', '}', ']', ',', '0', 'x', ' ', '\\'))
      .map(([n, c]) => ({ text: base.slice(0, n) + c + base.slice(n + 1), what: `character ${n} set to ${c}` })),
  );
}

/** What one mutated file did: loaded, refused clearly, or a problem (thrown, unclear, the game touched). */
export type FileVerdict =
  { kind: 'loaded' } | { kind: 'refused'; message: string } | { kind: 'problem'; problem: string };

/** Runs `f`; an exception is a problem naming the mutation. */
async function guarded(what: string, f: () => Promise<FileVerdict> | FileVerdict): Promise<FileVerdict> {
  try {
    return await f();
  } catch (e) {
    return { kind: 'problem', problem: `${what}: threw ${(e as Error).stack ?? String(e)}` };
  }
}

/** A refusal is clear when it starts with the file's name and goes on to say something. */
const clear = (message: string, file: string, what: string): FileVerdict =>
  message.startsWith(`${file}: `) && message.length > file.length + 4
    ? { kind: 'refused', message }
    : { kind: 'problem', problem: `${what}: unclear refusal (must start with "${file}: "): ${message.slice(0, 300)}` };

/**
 * A mutated scene file through the scene loader (`loadSceneText`: parse, validate, load its meshes) into
 * `store`: a refusal must leave the store's scene as it was.
 */
export function checkScene(
  m: Mutated,
  store: TabletopStore,
  read: (src: string) => Promise<ArrayBuffer>,
  file = 'mutated-scene.json',
): Promise<FileVerdict> {
  return guarded(m.what, async () => {
    const before = store.getState().scene;
    const r = await loadSceneText(store, m.text, file, read);
    if (r.ok) return { kind: 'loaded' };
    if (store.getState().scene !== before)
      return { kind: 'problem', problem: `${m.what}: refused, but the table's scene changed` };
    const v = clear(r.error.message, file, m.what);
    if (v.kind !== 'refused') return v;
    const root = (() => {
      try {
        return JSON.parse(m.text) as unknown;
      } catch {
        return null;
      }
    })();
    // A file that is a JSON object must be refused naming the field.
    if (root && typeof root === 'object' && !Array.isArray(root) && r.error.issues.every((i) => i.path === ''))
      return { kind: 'problem', problem: `${m.what}: the refusal names no field: ${r.error.message}` };
    return v;
  });
}

/**
 * A mutated forces file through the ruleset's parser; a file that parses must set up a battle with each
 * side's default force (or say why that force cannot be fielded) without throwing.
 */
export function checkForces(entry: AnyRuleset, m: Mutated, file = 'mutated-forces.json'): Promise<FileVerdict> {
  return guarded(m.what, () => {
    const r = entry.forces.parse(m.text, file);
    if (!r.ok) return clear(r.error.message, file, m.what);
    const forces = entry.forces.defaults;
    if ((['A', 'B'] as const).some((p) => entry.forces.problem(r.value, forces[p], p) !== null))
      return { kind: 'refused', message: `${file}: a default force cannot be fielded` };
    const options = Object.fromEntries(entry.play.options.map((o) => [o.id, o.choices[0]!.value]));
    entry.setupByIds({ width: 36, depth: 36 }, r.value, forces, options);
    return { kind: 'loaded' };
  });
}

/** A play session holding a current game: its controller and store. */
export interface SaveSession {
  play: PlayController;
  store: TabletopStore;
}

/**
 * A mutated save through the controller's Load game: refused clearly with the current game untouched (its
 * save text and state), or loaded (then `restore` puts the current game back).
 */
export function checkSave(
  s: SaveSession,
  m: Mutated,
  restore: () => Promise<void>,
  file = 'mutated-save.json',
): Promise<FileVerdict> {
  return guarded(m.what, async () => {
    // The game in progress: its match (state, dice, log) and its setup; a save's `savedAt` is left out.
    const before = JSON.stringify(s.play.match());
    const state = JSON.stringify(s.store.getState().play?.match.state);
    const r = await s.play.loadText(m.text, file);
    if (r.ok) {
      await restore();
      return { kind: 'loaded' };
    }
    if (JSON.stringify(s.play.match()) !== before || JSON.stringify(s.store.getState().play?.match.state) !== state)
      return { kind: 'problem', problem: `${m.what}: refused, but the current game changed` };
    return clear(render(r.reason, 'en'), file, m.what);
  });
}

/**
 * A save to mutate: `t`'s ruleset started in the session's controller (both seats human, so no AI runs)
 * and played `moves` legal moves (the `i * 7 + 3`-th of each decision, the same every run).
 */
export async function battleSave(s: SaveSession, t: BattleTable, moves: number, seed = 1): Promise<string> {
  const entry = t.entry;
  const started = await s.play.start({ rules: entry.id, seats: { A: 'human', B: 'human' }, seed });
  if (!started.ok) throw new Error(render(started.reason, 'en'));
  const empty = JSON.parse(s.play.saveText()!) as { initial: { state: unknown }; log: unknown[] };
  const picks = Array.from({ length: moves }, (_, i) => i * 7 + 3);
  const r = walk(entry.engine, entry.invariants, empty.initial.state, seed, t.queries(), picks);
  if (r.violations.length) throw new Error(`${entry.id}: ${r.violations[0]!.problem}`);
  // The save's hash is the walked game's (the save was made before the walk, at its start).
  return `${JSON.stringify({ ...empty, log: r.match.log, hash: stateHash(r.match) })}\n`;
}
