/**
 * The rulesets in React: a component reads the ones whose code has arrived and re-renders as more
 * arrive (src/rulesets.ts loads a ruleset's chunk when it is first asked for).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { loadedRulesets, loadRuleset, onLoaded, type AnyRuleset } from '../rulesets';

/** Every ruleset loaded so far, in the list's order. */
export function useLoadedRulesets(): readonly AnyRuleset[] {
  return useSyncExternalStore(onLoaded, loadedRulesets, loadedRulesets);
}

/**
 * Asks for the rulesets `ids` (while `wanted`) and returns those that have arrived; a fetch that fails
 * is logged and asked again on the next render that wants it.
 */
export function useRulesets(ids: readonly string[], wanted = true): readonly AnyRuleset[] {
  const loaded = useLoadedRulesets();
  const key = ids.join(' ');
  useEffect(() => {
    if (!wanted) return;
    for (const id of key.split(' '))
      if (id) loadRuleset(id).catch((e: unknown) => console.error(`the ${id} rules could not be loaded`, e));
  }, [key, wanted]);
  return loaded.filter((r) => ids.includes(r.id));
}
