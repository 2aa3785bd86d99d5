/**
 * Checking how a match is asked to start: the ruleset (one of the ruleset list, src/rulesets.ts), each side's
 * force (a preset id or a built force) and the ruleset's declared options, each refused with what is
 * wrong. Pure; the play controller (play.ts) calls it before anything on the table changes.
 */
import { msg, type Text } from '../rules/engine/message';
import { cardOf, loadRuleset, RULESET_IDS, type AnyRuleset } from '../rulesets';
import type { Seat, Side } from './playView';
import type { Level } from '../rules/engine/strength';

/** A ruleset by id, its code loaded (fetched the first time), or why not. */
export async function playable(id: unknown, where: string): Promise<AnyRuleset | string> {
  if (typeof id !== 'string' || !cardOf(id))
    return `${where} must be one of ${RULESET_IDS.map((r) => JSON.stringify(r)).join(', ')} (got ${JSON.stringify(id)})`;
  try {
    return await loadRuleset(id);
  } catch (e) {
    return `${where}: the ${id} rules could not be loaded (${(e as Error).message})`;
  }
}

export const words = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(', ');

const refused = (...m: Parameters<typeof msg>) => ({ refused: msg(...m) });

/** Each side's force from the options (a preset id or a built force), checked; or why not. */
export function forcesFrom(
  entry: AnyRuleset,
  data: unknown,
  given: Partial<Record<Side, unknown>>,
): Record<Side, unknown> | { refused: Text } {
  const b = entry.play.forces;
  const out = {} as Record<Side, unknown>;
  for (const p of ['A', 'B'] as const) {
    const f = given[p] ?? b.defaults[p];
    let force: unknown;
    if (typeof f === 'string') {
      force = b.preset(data, f);
      if (force === null)
        return refused('ui:setup.no-preset', {
          noun: b.noun,
          side: p,
          id: f,
          file: b.fileLabel,
          have: b.presets(data).map((x: { id: string }) => x.id),
        });
    } else force = f;
    let problem: Text | null;
    try {
      problem = b.problem(data, force);
    } catch (e) {
      problem = msg('ui:setup.not-a-force', { noun: b.noun, error: (e as Error).message });
    }
    if (problem) return refused('ui:setup.side-problem', { noun: b.noun, side: p, problem });
    out[p] = force;
  }
  return out;
}

/** The declared options with their defaults, each value checked; or why not. */
export function optionsFrom(entry: AnyRuleset, given: Record<string, string> = {}): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const k of Object.keys(given)) {
    if (!entry.play.options.some((o) => o.id === k))
      return `${entry.name} has no option "${k}" (has: ${words(entry.play.options.map((o) => o.id)) || 'none'})`;
  }
  for (const o of entry.play.options) {
    const v = given[o.id] ?? o.choices[0]!.value;
    if (!o.choices.some((c) => c.value === v))
      return `${o.id} must be one of ${words(o.choices.map((c) => c.value))} (got ${JSON.stringify(v)})`;
    out[o.id] = v;
  }
  return out;
}

/** How to start a match. */
export interface StartOptions {
  /** The ruleset's id (default: the list's first). */
  rules?: string;
  seats?: Partial<Record<Side, Seat>>;
  seed?: number;
  /** Each side's force: a preset's id (a BLKOUT faction, a Counterblast crew) or a force as built. */
  forces?: Partial<Record<Side, unknown>>;
  /** The table's id (BLKOUT: "36" or "24"); the ruleset's first table by default. */
  table?: string;
  /** The ruleset's declared options (BLKOUT: special). */
  options?: Record<string, string>;
  /** A forces file as JSON (defaults to the ruleset's own data). */
  data?: unknown;
  /** The AI seats' strength (default Normal). */
  level?: Level;
}
