/**
 * The one list of rulesets. Each is one value, its folder's index.ts (`defineRuleset`: engine, forces,
 * play descriptor, bot, words, summary, invariants, CLI parts). This module sits above the rules and
 * their bots; the app (state, ui, scene), the CLIs, the catalogues and the tests read rulesets only
 * through it (ESLint enforces it). Adding a ruleset is its folder and one line below.
 */
import type { AnyRuleset } from './rules/engine/define';
import blkout from './rules/blkout';
import counterblast from './rules/counterblast';
import fiveparsecs from './rules/fiveparsecs';
import skirmishRu from './rules/skirmish-ru';
import rpgAttacks from './rules/rpg-attacks';

/** A list of rulesets and the look-ups over it. */
export interface RulesetList {
  /** Every ruleset, in the order the set-up panel lists them. */
  RULESETS: readonly AnyRuleset[];
  /** The rulesets' ids, in the list's order. */
  RULESET_IDS: readonly string[];
  /** The ruleset of an id, or null when none has it. */
  rulesetEntry(id: string): AnyRuleset | null;
  /** The ruleset of an id; throws naming the id and the choices when none has it. */
  rulesetOf(id: string): AnyRuleset;
}

/** The list of `rulesets` (ids must differ: a repeated id throws naming it). */
export function listOf(rulesets: readonly AnyRuleset[]): RulesetList {
  const ids = rulesets.map((r) => r.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new Error(`two rulesets have the id "${twice}"`);
  const rulesetEntry = (id: string) => rulesets.find((r) => r.id === id) ?? null;
  return {
    RULESETS: rulesets,
    RULESET_IDS: ids,
    rulesetEntry,
    rulesetOf(id) {
      const r = rulesetEntry(id);
      if (!r) throw new Error(`no ruleset "${id}" (have: ${ids.join(', ')})`);
      return r;
    },
  };
}

/** The tabletop's rulesets: adding one is its folder and one line here. */
export const { RULESETS, RULESET_IDS, rulesetEntry, rulesetOf } = listOf([
  blkout,
  counterblast,
  fiveparsecs,
  skirmishRu,
  rpgAttacks,
]);

export type { AnyRuleset, RulesetDef } from './rules/engine/define';
