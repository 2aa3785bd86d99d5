/** Start states of every playable ruleset as the battle CLI sets them up (default forces file, forces and options), on a given table. */
import { readFileSync } from 'node:fs';
import { RULESETS, type AnyRuleset } from '../../src/rulesetsLoaded';

/** Every playable registry entry. */
export const PLAYABLE: readonly AnyRuleset[] = RULESETS;

/** The entry of an id (it must be playable). */
export function playableEntry(id: string): AnyRuleset {
  const e = PLAYABLE.find((r) => r.id === id);
  if (!e) throw new Error(`no playable ruleset ${id}`);
  return e;
}

/** The set-up state of a ruleset with its default forces and options (no geometry needed). */
export function startState(entry: AnyRuleset, table = { width: 36, depth: 36 }): unknown {
  const parsed = entry.forces.parse(readFileSync(entry.forces.file, 'utf8'), entry.forces.file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const options = Object.fromEntries(entry.play.options.map((o) => [o.id, o.choices[0]!.value]));
  return entry.setupByIds(table, parsed.value, entry.forces.defaults, options);
}
