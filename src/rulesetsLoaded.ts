/**
 * Every ruleset of the list (src/rulesets.ts), loaded before anything that imports this module runs (a
 * top-level await): the command-line tools, the benches and the tests read rulesets synchronously from
 * here. The page never imports it (ESLint enforces it): it loads a ruleset when one is chosen.
 */
import { loadAll, type AnyRuleset } from './rulesets';

/** Every ruleset, in the list's order. */
export const RULESETS: readonly AnyRuleset[] = await loadAll();
/** The rulesets' ids, in the list's order. */
export const RULESET_IDS: readonly string[] = RULESETS.map((r) => r.id);

/** The ruleset of an id, or null when none has it. */
export function rulesetEntry(id: string): AnyRuleset | null {
  return RULESETS.find((r) => r.id === id) ?? null;
}

/** The ruleset of an id; throws naming the id and the choices when none has it. */
export function rulesetOf(id: string): AnyRuleset {
  const r = rulesetEntry(id);
  if (!r) throw new Error(`no ruleset "${id}" (have: ${RULESET_IDS.join(', ')})`);
  return r;
}

export type { AnyRuleset, RulesetDef } from './rulesets';
