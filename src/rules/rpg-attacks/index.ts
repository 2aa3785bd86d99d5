/**
 * The `rpg-attacks` ruleset as one value: an RPG's attack chapter (../../../../shared/rules/rpg-attacks.en.txt) played as a skirmish of two squads. This file composes the folder (the engine's rules, the
 * forces, the play descriptor, the bot in ai/, the words in words/); src/rulesets.ts lists it. See README.md
 * in this folder for the clause-by-clause trace to code and tests.
 */
import { defineRuleset } from '../engine/define';
import { card } from './card';
import { ruleset } from './engine';
import { rpgAttacksForces } from './forces';
import { HOW_TO_PLAY } from './howToPlay';
import { rpgAttacksInvariants } from './invariants';
import { rpgAttacksLevers } from './levers';
import { standing } from './standing';
import { rpgAttacksPlay, RPG_TABLE } from './play';
import { summary, verdict } from './summary';
import { rpgAttacksMove } from './ai';
import en from './words/en.json';
import ko from './words/ko.json';
import ru from './words/ru.json';

export default defineRuleset({
  ...card,
  ruleText: 'rpg-attacks.en.txt',
  howToPlay: HOW_TO_PLAY,
  engine: ruleset,
  forces: rpgAttacksForces,
  play: rpgAttacksPlay,
  scenario: RPG_TABLE.file,
  bot: rpgAttacksMove,
  words: { en, ko, ru },
  invariants: rpgAttacksInvariants,
  levers: rpgAttacksLevers,
  standing,
  summary: (s) => ({ ...summary(s) }),
  cli: { verdict: (q, viewer, target) => verdict(q, viewer, target) },
});

export { ruleset } from './engine';
export type { RpgAction } from './actions';
export type { RpgState, RpgOptions } from './game';
