/**
 * The `counterblast` ruleset as one value: Counterblast (../../../../shared/rules/counterblast.en.txt). This file composes the folder (the engine's rules, the
 * forces, the play descriptor, the bot in ai/, the words in words/); src/rulesets.ts lists it. See README.md
 * in this folder for the clause-by-clause trace to code and tests.
 */
import { defineRuleset } from '../engine/define';
import { card } from './card';
import { ruleset } from './engine';
import { counterblastForces } from './forces';
import { effectOf } from './effects';
import { HOW_TO_PLAY } from './howToPlay';
import { counterblastInvariants } from './invariants';
import { counterblastLevers } from './levers';
import { standing } from './standing';
import { counterblastPlay } from './play';
import { sightVerdict } from './sight';
import { counterblastMove } from './ai';
import en from './words/en.json';
import ko from './words/ko.json';
import ru from './words/ru.json';

export default defineRuleset({
  ...card,
  ruleText: 'counterblast.en.txt',
  howToPlay: HOW_TO_PLAY,
  engine: ruleset,
  forces: counterblastForces,
  play: counterblastPlay,
  scenario: 'assets/scenarios/default.json',
  bot: counterblastMove,
  words: { en, ko, ru },
  effectOf,
  invariants: counterblastInvariants,
  levers: counterblastLevers,
  standing,
  // Counterblast plays turns: `rounds` is the turn the battle ended in (`turns` too, as before).
  summary: (s) => ({ score: s.score, rounds: s.turn, turns: s.turn, result: s.result ?? null }),
  cli: {
    verdict: (q, viewer, target, models) =>
      sightVerdict(q.sight(viewer, target), models.find((m) => m.id === target)?.prone === true),
  },
});

export { ruleset } from './engine';
export type { CbAction } from './actions';
export type { CbState, CbOptions } from './game';
