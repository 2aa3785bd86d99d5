/**
 * The `fiveparsecs` ruleset as one value: Five Parsecs From Home's battle round (../../../../shared/rules/five-parsecs.en.txt): the crew (A) against one enemy type (B). This file composes the folder (the engine's rules, the
 * forces, the play descriptor, the bot in ai/, the words in words/); src/rulesets.ts lists it. See README.md
 * in this folder for the clause-by-clause trace to code and tests.
 */
import { defineRuleset } from '../engine/define';
import { card } from './card';
import { ruleset } from './engine';
import { fiveparsecsForces } from './forces';
import { effectOf } from './effects';
import { HOW_TO_PLAY } from './howToPlay';
import { fiveparsecsInvariants } from './invariants';
import { fiveparsecsLevers } from './levers';
import { standing } from './standing';
import { fiveparsecsPlay, FIVEPARSECS_TABLE } from './play';
import { summary, verdict } from './summary';
import { fiveparsecsMove } from './ai';
import en from './words/en.json';
import ko from './words/ko.json';
import ru from './words/ru.json';

export default defineRuleset({
  ...card,
  ruleText: 'five-parsecs.en.txt',
  howToPlay: HOW_TO_PLAY,
  engine: ruleset,
  forces: fiveparsecsForces,
  play: fiveparsecsPlay,
  scenario: FIVEPARSECS_TABLE.file,
  bot: fiveparsecsMove,
  words: { en, ko, ru },
  effectOf,
  invariants: fiveparsecsInvariants,
  levers: fiveparsecsLevers,
  standing,
  summary: (s) => ({ ...summary(s) }),
  cli: {
    // geo los --skill N --weapon-range R: the firer's Combat Skill and the weapon's range.
    verdict: (q, viewer, target, _models, flags) =>
      verdict(q, viewer, target, { skill: flags['skill'], range: flags['weapon-range'] }),
    verdictFlags: { skill: 'whole', 'weapon-range': 'positive' },
  },
});

export { ruleset } from './engine';
export type { FpAction } from './actions';
export type { FpState, FpOptions } from './game';
