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

/** Every ruleset, in the order the set-up panel lists them. */
export const RULESETS: readonly AnyRuleset[] = [blkout, counterblast, fiveparsecs, skirmishRu, rpgAttacks];

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

export type { AnyRuleset, RulesetDef } from './rules/engine/define';
