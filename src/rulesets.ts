/**
 * The one list of rulesets. Each line is a ruleset's card (its folder's card.ts: id, title, short name)
 * and the dynamic import of its folder's index.ts (`defineRuleset`: engine, forces, play descriptor, bot,
 * words, summary, invariants, CLI parts). The page fetches a ruleset's code, data and words only when
 * that ruleset is chosen (a match starts, a save loads, the set-up panel shows its forces), so the first
 * frame waits on none of them. This module sits above the rules and their bots; the app (state, ui,
 * scene, i18n) reads rulesets only through it, and the CLIs and tests through rulesetsLoaded.ts, which
 * loads them all (ESLint enforces both). Adding a ruleset is its folder and one line below.
 */
import type { AnyRuleset, RulesetCard } from './rules/engine/define';
import { card as blkout } from './rules/blkout/card';
import { card as counterblast } from './rules/counterblast/card';
import { card as fiveparsecs } from './rules/fiveparsecs/card';
import { card as skirmishRu } from './rules/skirmish-ru/card';
import { card as rpgAttacks } from './rules/rpg-attacks/card';

/** A line of the list: the card, and how its ruleset's code arrives (a dynamic import in the app). */
export interface ListedRuleset extends RulesetCard {
  load(): Promise<AnyRuleset>;
}

/** A list of rulesets and the look-ups over it. */
export interface RulesetList {
  /** Every ruleset's card, in the order the set-up panel lists them. */
  CARDS: readonly ListedRuleset[];
  /** The rulesets' ids, in the list's order. */
  RULESET_IDS: readonly string[];
  /** The card of an id, or null when none has it. */
  cardOf(id: string): RulesetCard | null;
  /**
   * The ruleset of an id, its code fetched the first time (and its words handed to `onLoaded`'s
   * listeners); rejects naming the id and the choices when none has it.
   */
  loadRuleset(id: string): Promise<AnyRuleset>;
  /** Every ruleset, loaded, in the list's order. */
  loadAll(): Promise<readonly AnyRuleset[]>;
  /** The ruleset of an id if its code has arrived, else null (a match's ruleset always has: it loads first). */
  loadedRuleset(id: string): AnyRuleset | null;
  /** The loaded ruleset of an id; throws naming the id when it has not been loaded (a caller's bug). */
  loadedRulesetOf(id: string): AnyRuleset;
  /** The rulesets loaded so far, in the list's order (the same array until another loads). */
  loadedRulesets(): readonly AnyRuleset[];
  /** Calls `listener` with each ruleset as it loads, and at once with those already loaded; returns the unsubscribe. */
  onLoaded(listener: (r: AnyRuleset) => void): () => void;
}

/** A listed ruleset whose value is at hand (a test's toy, a tool that imports one directly). */
export function listed(r: AnyRuleset): ListedRuleset {
  return { id: r.id, title: r.title, name: r.name, load: () => Promise.resolve(r) };
}

/** A card and the dynamic import of its folder's index.ts. */
function lazy(card: RulesetCard, load: () => Promise<{ default: AnyRuleset }>): ListedRuleset {
  return { ...card, load: () => load().then((m) => m.default) };
}

/** The list of `rulesets` (ids must differ: a repeated id throws naming it). */
export function listOf(rulesets: readonly ListedRuleset[]): RulesetList {
  const ids = rulesets.map((r) => r.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new Error(`two rulesets have the id "${twice}"`);
  const loaded = new Map<string, AnyRuleset>();
  // The loaded rulesets in the list's order, a new array only when one arrives (a stable snapshot for React).
  let inOrder: readonly AnyRuleset[] = [];
  const loading = new Map<string, Promise<AnyRuleset>>();
  const listeners = new Set<(r: AnyRuleset) => void>();
  const lineOf = (id: string) => rulesets.find((r) => r.id === id) ?? null;
  const unknown = (id: string) => new Error(`no ruleset "${id}" (have: ${ids.join(', ')})`);
  const loadRuleset = (id: string): Promise<AnyRuleset> => {
    const line = lineOf(id);
    if (!line) return Promise.reject(unknown(id));
    let p = loading.get(id);
    if (!p) {
      p = line.load().then((r) => {
        if (r.id !== id) throw new Error(`the list's line "${id}" loaded the ruleset "${r.id}"`);
        if (!loaded.has(id)) {
          loaded.set(id, r);
          inOrder = ids.flatMap((i) => loaded.get(i) ?? []);
          for (const l of listeners) l(r);
        }
        return r;
      });
      // A failed fetch (the network dropped) may be tried again.
      p.catch(() => loading.delete(id));
      loading.set(id, p);
    }
    return p;
  };
  const loadedRuleset = (id: string) => loaded.get(id) ?? null;
  return {
    CARDS: rulesets,
    RULESET_IDS: ids,
    cardOf: (id) => {
      const line = lineOf(id);
      return line && { id: line.id, title: line.title, name: line.name };
    },
    loadRuleset,
    loadAll: () => Promise.all(ids.map(loadRuleset)),
    loadedRuleset,
    loadedRulesetOf(id) {
      const r = loadedRuleset(id);
      if (r) return r;
      throw lineOf(id) ? new Error(`the ruleset "${id}" has not been loaded (await loadRuleset first)`) : unknown(id);
    },
    loadedRulesets: () => inOrder,
    onLoaded(listener) {
      listeners.add(listener);
      for (const id of ids) {
        const r = loaded.get(id);
        if (r) listener(r);
      }
      return () => listeners.delete(listener);
    },
  };
}

/** The tabletop's rulesets: adding one is its folder and one line here. */
export const {
  CARDS,
  RULESET_IDS,
  cardOf,
  loadRuleset,
  loadAll,
  loadedRuleset,
  loadedRulesetOf,
  loadedRulesets,
  onLoaded,
} = listOf([
  lazy(blkout, () => import('./rules/blkout')),
  lazy(counterblast, () => import('./rules/counterblast')),
  lazy(fiveparsecs, () => import('./rules/fiveparsecs')),
  lazy(skirmishRu, () => import('./rules/skirmish-ru')),
  lazy(rpgAttacks, () => import('./rules/rpg-attacks')),
]);

export type { AnyRuleset, RulesetCard, RulesetDef } from './rules/engine/define';
