/**
 * The `skirmish-ru` ruleset as one value: the Russian-language skirmish ruleset (../../../../shared/rules/skirmish-ru.ru.txt): two gangs in alternating activations. This file composes the folder (the engine's rules, the
 * forces, the play descriptor, the bot in ai/, the words in words/); src/rulesets.ts lists it. See README.md
 * in this folder for the clause-by-clause trace to code and tests.
 */
import { defineRuleset } from '../engine/define';
import { card } from './card';
import { ruleset } from './engine';
import { skirmishRuForces } from './forces';
import { effectOf } from './effects';
import { HOW_TO_PLAY } from './howToPlay';
import { skirmishRuInvariants } from './invariants';
import { skirmishRuLevers } from './levers';
import { standing } from './standing';
import { skirmishRuPlay, SKIRMISH_RU_TABLE } from './play';
import { summary, verdict } from './summary';
import { skirmishRuMove } from './ai';
import en from './words/en.json';
import ko from './words/ko.json';
import ru from './words/ru.json';

export default defineRuleset({
  ...card,
  ruleText: 'skirmish-ru.ru.txt',
  howToPlay: HOW_TO_PLAY,
  engine: ruleset,
  forces: skirmishRuForces,
  play: skirmishRuPlay,
  scenario: SKIRMISH_RU_TABLE.file,
  bot: skirmishRuMove,
  words: { en, ko, ru },
  effectOf,
  invariants: skirmishRuInvariants,
  levers: skirmishRuLevers,
  standing,
  summary: (s) => ({ ...summary(s) }),
  cli: { verdict: (q, viewer, target, models) => verdict(q, viewer, target, models) },
});

export { ruleset } from './engine';
export type { SkAction } from './actions';
export type { SkState, SkOptions } from './game';
