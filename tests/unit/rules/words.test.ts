/**
 * Words that agree with each other, over whole seeded games of both rulesets (issue 15): every
 * roll shown by the ruleset in a dice line after the check that used it, naming a player; and no
 * sentence a player reads (log lines, choice labels, table picks, the status line) with a doubled
 * word, raw coordinates, or more damage stopped or blocked than came in.
 */
import { describe, expect, it } from 'vitest';
import { randomMove } from '../../../src/ai/randomBot';
import { rngState } from '../../../src/rules/dice/rng';
import { seededDice } from '../../../src/rules/dice/source';
import { diceShown } from '../../../src/rules/engine/diceLog';
import { act, decider, legalMoves, newMatch, stateView, type Match } from '../../../src/rules/engine/match';
import type { Queries } from '../../../src/rules/engine/queries';
import { isError, type Action, type RuleEvent, type Ruleset } from '../../../src/rules/engine/types';
import { ruleset as blkout } from '../../../src/rules/blkout';
import * as blkoutWords from '../../../src/rules/blkout/describe';
import { ruleset as counterblast } from '../../../src/rules/counterblast';
import * as cbWords from '../../../src/rules/counterblast/describe';
import { fakeTable } from '../../support/fakeTable';
import { fresh as blkoutFresh } from './blkout/fixture';
import { fresh as cbFresh } from './counterblast/fixture';
import { en } from '../../support/words';
import type { Text } from '../../../src/rules/engine/message';

/** What is wrong with a sentence, or null. */
export function wordProblem(text: string): string | null {
  // A word said twice, a plural aside ("Team Team", "Engineers Engineer"); numbers may repeat ("1, 1" aside, "rolls 1 1" never occurs).
  const doubled = /\b(\w+) \1\b|\b(\w{3,})s \2\b|\b(\w{3,}) \3s\b/i.exec(text);
  if (doubled && !/^\d+$/.test(doubled[1] ?? '')) return `doubled word "${doubled[0]}"`;
  if (/\[\s*-?\d+(\.\d+)?\s*,\s*-?\d/.test(text)) return 'raw coordinates';
  for (const [, a, b] of text.matchAll(/(\d+) of (?:the )?(\d+) (?:raw )?damage (?:stopped|blocked)/g))
    if (Number(a) > Number(b)) return `${a} of ${b} stopped`;
  return null;
}

interface Words<S, A extends Action> {
  describe(s: S, q: Queries, a: A | { type: 'pass' }): Text;
  picks(s: S, legal: readonly { type: string }[]): { label: Text }[];
  phase(s: S): Text;
}

/**
 * A random game (game seed, bot seed) checked at every step: the ruleset's own dice lines account
 * for every roll it made, and every sentence passes `wordProblem` (choices are described every
 * `every` steps, to keep it quick).
 */
function checkedGame<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  start: S,
  seed: number,
  q: Queries,
  words: Words<S, A>,
  every = 3,
): { events: RuleEvent[]; problems: string[] } {
  let m: Match<S, A> = newMatch(ruleset, start, seed);
  let rng = rngState(seed * 10);
  const events: RuleEvent[] = [];
  const problems: string[] = [];
  const check = (where: string, words: Text) => {
    const text = en(words);
    const p = wordProblem(text);
    if (p) problems.push(`${where}: ${p}: ${text}`);
  };
  for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    check('status line', words.phase(m.state));
    if (i % every === 0) {
      const legal = legalMoves(ruleset, m, who, q);
      // The words of a choice are asked of the view of the state it is chosen in.
      const here = stateView(ruleset, m.state, q);
      for (const a of legal) check('choice', words.describe(m.state, here, a as A));
      for (const p of words.picks(m.state, legal)) check('pick', p.label);
    }
    const pick = randomMove(ruleset, m, who, rng, q);
    rng = pick.rng;
    // The ruleset alone: its dice lines show every roll it made.
    const src = seededDice(m.rng);
    const alone = ruleset.apply(m.state, pick.move!, { dice: src, queries: q, window: m.window });
    if (!isError(alone) && diceShown(alone.events) !== src.rolled.length)
      problems.push(
        `step ${i}: ${src.rolled.length} dice rolled, ${diceShown(alone.events)} shown (${JSON.stringify(pick.move)})`,
      );
    const r = act(ruleset, m, who, pick.move!, q);
    if (isError(r)) throw new Error(en(r.message));
    r.events.forEach((e, k) => {
      check(e.type, e.text);
      if (e.type === 'dice-rolled' && (k === 0 || r.events[k - 1]!.type === 'reaction-window'))
        problems.push(`a dice line before its check: ${en(e.text)}`);
    });
    events.push(...r.events);
    m = r.match;
  }
  return { events, problems };
}

describe('words over whole games', () => {
  it('the word checks catch what the play-tester saw', () => {
    expect(wordProblem('Handler and Operator Operator: data attack on Bratva Team')).toMatch(/doubled/);
    expect(wordProblem('Assault Team Team Leader holds')).toMatch(/doubled/);
    expect(wordProblem('Engineers Engineer holds')).toMatch(/doubled/);
    expect(wordProblem('Doc Ruiz and Scout drone activate as a group')).toBeNull();
    expect(wordProblem('A1.0 deploys at [1.5, 3.46]')).toBe('raw coordinates');
    expect(wordProblem('Syndicate thug 1 Defense 9, 8, 2: 3 of 2 raw damage stopped')).toBe('3 of 2 stopped');
    expect(wordProblem('Assault Team 1 shoots: 10, 4 against 4+: 3 successes, the 10 counts twice')).toBeNull();
  });

  it('BLKOUT, random play on open ground (game seeds 4 and 5): every roll in a dice line after its check, no doubled words, coordinates or impossible blocks', () => {
    for (const seed of [4, 5]) {
      const { events, problems } = checkedGame(blkout, blkoutFresh(), seed, fakeTable(), {
        describe: blkoutWords.describeAction,
        picks: blkoutWords.picksOf,
        phase: blkoutWords.phaseLine,
      });
      expect(problems).toEqual([]);
      const dice = events.filter((e) => e.type === 'dice-rolled');
      expect(dice.length).toBeGreaterThan(20);
      expect(dice.every((e) => e.player === 'A' || e.player === 'B')).toBe(true);
    }
  });

  it('Counterblast, random play on open ground (game seeds 4 and 5): the same checks', () => {
    for (const seed of [4, 5]) {
      const { events, problems } = checkedGame(counterblast, cbFresh(), seed, fakeTable({ size: 48 }), {
        describe: cbWords.describeAction,
        picks: cbWords.picksOf,
        phase: cbWords.phaseLine,
      });
      expect(problems).toEqual([]);
      const dice = events.filter((e) => e.type === 'dice-rolled');
      expect(dice.length).toBeGreaterThan(20);
      expect(dice.every((e) => e.player === 'A' || e.player === 'B')).toBe(true);
    }
  });
});
