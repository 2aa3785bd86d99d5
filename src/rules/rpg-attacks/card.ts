/**
 * What the app knows of this ruleset before its code loads (src/rulesets.ts lists it; the set-up panel's
 * list and a save's summary read it): its id, full title and short name. The folder's index.ts spreads it.
 */
import type { RulesetCard } from '../engine/define';

export const card: RulesetCard = { id: 'rpg-attacks', title: 'RPG combat chapter', name: 'RPG combat chapter' };
