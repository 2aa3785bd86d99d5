/**
 * The `blkout` ruleset as one value: BLKOUT 2nd edition match play (../../../../shared/rules/blkout-2e.ko.txt). This file composes the folder (the engine's rules, the
 * forces, the play descriptor, the bot in ai/, the words in words/); src/rulesets.ts lists it. See README.md
 * in this folder for the clause-by-clause trace to code and tests.
 */
import { defineRuleset } from '../engine/define';
import { card } from './card';
import { ruleset } from './engine';
import { blkoutForces } from './forces';
import { effectOf } from './effects';
import { HOW_TO_PLAY } from './howToPlay';
import { blkoutInvariants } from './invariants';
import { blkoutLevers } from './levers';
import { standing } from './standing';
import { blkoutPlay } from './play';
import { tableVerdict } from './situation';
import { blkoutMove } from './ai';
import en from './words/en.json';
import ko from './words/ko.json';
import ru from './words/ru.json';

export default defineRuleset({
  ...card,
  ruleText: 'blkout-2e.ko.txt',
  howToPlay: HOW_TO_PLAY,
  engine: ruleset,
  forces: blkoutForces,
  play: blkoutPlay,
  scenario: 'assets/scenarios/blkout-36.json',
  bot: blkoutMove,
  words: { en, ko, ru },
  effectOf,
  invariants: blkoutInvariants,
  levers: blkoutLevers,
  standing,
  summary: (s) => ({ score: s.score, rounds: s.round }),
  cli: {
    verdict: (q, viewer, target, models) =>
      tableVerdict(q, viewer, target, Object.fromEntries(models.map((m) => [m.id, m.kind ?? 'infantry']))),
  },
});

export { ruleset } from './engine';
export type { BlkoutAction } from './actions';
export type { BlkoutState, BlkoutOptions, GroupChoice } from './game';
