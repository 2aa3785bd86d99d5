/**
 * A checked walk through a game: whoever decides plays the legal move a chooser picks (by index into
 * `legalMoves`), and after every accepted move the ruleset's invariants run, together with the engine's
 * own: the match stays JSON, and a copy of the match that started from the JSON text of the initial
 * state (as a save is reloaded) and played the same log has the same state hash and the same events. At
 * the end the whole log is replayed from that text and must reach the same hash. The property tests pick
 * with fast-check; `npm run soak` too.
 */
import { debugText } from './message';
import { jsonProblems, type Invariant } from './invariants';
import { act, decider, legalMoves, newMatch, replay, stableJson, stateHash, type Match } from './match';
import type { Table } from './queries';
import { isError, type Action, type Ruleset } from './types';
import { isRulesFailure } from './contain';

/** A violation found on a walk: the move it came after (0: before any) and what is wrong. */
export interface WalkViolation {
  move: number;
  player: string | null;
  action: string | null;
  problem: string;
}

/** What a walk did. */
export interface WalkResult<S, A extends Action> {
  match: Match<S, A>;
  /** Moves accepted. */
  moves: number;
  violations: WalkViolation[];
}

/** The initial state as a save would carry it: its JSON text, parsed. */
const throughJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * Plays up to `picks.length` moves from `start` (game seed `seed`): move i is legal move number
 * `picks[i] % n` of the `n` the decider has. Stops early when the game ends, or at the first violation.
 */
export function walk<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  invariants: Invariant<S>,
  start: S,
  seed: number,
  table: Table,
  picks: readonly number[],
): WalkResult<S, A> {
  const violations: WalkViolation[] = [];
  const fail = (move: number, player: string | null, action: string | null, problems: readonly string[]) => {
    for (const problem of problems) violations.push({ move, player, action, problem });
  };
  let m = newMatch(ruleset, start, seed);
  let copy = newMatch(ruleset, throughJson(start), seed);
  fail(0, null, null, jsonProblems(start, 'initial state'));
  let moves = 0;
  for (const pick of picks) {
    if (violations.length) break;
    const who = decider(ruleset, m);
    if (!who) break;
    let legal: ReturnType<typeof legalMoves<S, A>>;
    try {
      legal = legalMoves(ruleset, m, who, table);
    } catch (e) {
      fail(moves, who, null, [`listing ${who}'s legal moves threw: ${(e as Error).message}`]);
      break;
    }
    if (legal.length === 0) {
      fail(moves, who, null, [`${who} decides but has no legal move (a dead end)`]);
      break;
    }
    const move = legal[pick % legal.length]!;
    let r: ReturnType<typeof act<S, A>>;
    try {
      r = act(ruleset, m, who, move, table);
    } catch (e) {
      fail(moves + 1, who, move.type, [`the ruleset threw on a legal move: ${(e as Error).message}`]);
      break;
    }
    moves++;
    // The engine contains a ruleset's exception (contain.ts): it comes back as a rules-failed value.
    if (isRulesFailure(r)) {
      fail(moves, who, move.type, [`the ruleset threw on a legal move: ${r.failure.message}`]);
      break;
    }
    if (isError(r)) {
      fail(moves, who, move.type, [`a legal move was refused: ${debugText(r.message)}`]);
      break;
    }
    const problems = invariants({ before: m.state, player: who, action: move, after: r.match.state, events: r.events });
    problems.push(...jsonProblems(r.match.window, 'window'));
    const again = act(ruleset, copy, who, throughJson(move), table);
    if (isError(again)) problems.push(`the reloaded copy refused the move: ${debugText(again.message)}`);
    else {
      if (stateHash(again.match) !== stateHash(r.match))
        problems.push(`the reloaded copy's state hash is ${stateHash(again.match)}, not ${stateHash(r.match)}`);
      if (stableJson(again.events) !== stableJson(r.events)) problems.push('the reloaded copy told different events');
      copy = again.match;
    }
    fail(moves, who, move.type, problems);
    m = r.match;
  }
  if (!violations.length) {
    try {
      const back = replay(ruleset, { initial: throughJson(m.initial), casualUndo: m.casualUndo }, m.log, table);
      if (stateHash(back) !== stateHash(m))
        fail(moves, null, null, [`replaying the log gives state hash ${stateHash(back)}, not ${stateHash(m)}`]);
    } catch (e) {
      fail(moves, null, null, [`replaying the log failed: ${(e as Error).message}`]);
    }
  }
  return { match: m, moves, violations };
}
