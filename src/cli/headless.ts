/**
 * One headless game between bots, for the battle CLI and the battle benchmark: `ai` is the
 * ruleset's own opponent, `random` a random legal move (its own seeded stream). Forced dice come
 * first when given (battle --dice), then the match's PRNG.
 */
import { randomMove } from '../ai/randomBot';
import { rngState } from '../rules/dice/rng';
import { prefixedDice, seededDice } from '../rules/dice/source';
import { act, decider, legalMoves, newMatch, type Match, type Move } from '../rules/engine/match';
import type { LeverStep } from '../rules/engine/levers';
import { botAt, DEFAULT_LEVEL, type HardBudget, type Level } from '../rules/engine/strength';
import type { Table } from '../rules/engine/queries';
import { isError, type Action, type RuleEvent } from '../rules/engine/types';
import type { AnyRuleset } from '../rulesets';
import { render } from '../i18n/i18n';

/** A game that has not ended after this many moves is a bug, not a long game. */
export const MAX_MOVES = 50_000;

/** Who plays a side. */
export type Player = 'ai' | 'random';

/** How to play one game. */
export interface GameOptions {
  seed: number;
  players: readonly [Player, Player];
  /** Each side's strength when it is `ai` (absent: Normal for both). */
  levels?: readonly [Level, Level];
  /** Hears how long each AI decision took (wall-clock milliseconds). */
  onDecision?: (ms: number, who: string) => void;
  /** Hard's search budget (absent: `HARD_BUDGET`). */
  hardBudget?: HardBudget;
  /** The first dice of the game (taken as they are rolled); refused values throw `fail`'s error. */
  forced?: number[];
  fail?: (message: string) => Error;
  /** Hears each accepted move's events. */
  onEvents?: (move: number, player: string, events: RuleEvent[]) => void;
  /** Hears each accepted step with what the player could have done instead (its legal moves: costly, so only when asked). */
  onStep?: (step: LeverStep<unknown>, by: Player) => void;
}

/** Plays a game from a set-up state to its end; returns the final match and how many moves were made. */
export function playGame(
  entry: AnyRuleset,
  initial: unknown,
  q: Table,
  o: GameOptions,
): { match: Match<unknown, Action>; moves: number } {
  const rules = entry.engine;
  let m: Match<unknown, Action> = newMatch(rules, initial, o.seed);
  let botRng = rngState(o.seed ^ 0x5eed);
  const forced = o.forced ?? [];
  let moves = 0;
  const [la, lb] = o.levels ?? [DEFAULT_LEVEL, DEFAULT_LEVEL];
  const bots = { A: botAt(entry, la, o.hardBudget), B: botAt(entry, lb, o.hardBudget) };
  for (;;) {
    const who = decider(rules, m);
    if (!who) break;
    if (++moves > MAX_MOVES) throw new Error(`no result after ${MAX_MOVES} moves: stopping (a bug)`);
    let move: Move<Action> | null;
    if (o.players[who === 'A' ? 0 : 1] === 'random') {
      const r = randomMove(rules, m, who, botRng, q);
      botRng = r.rng;
      move = r.move;
    } else {
      const t0 = o.onDecision ? performance.now() : 0;
      move = bots[who === 'A' ? 'A' : 'B'](m, who, q);
      o.onDecision?.(performance.now() - t0, who);
    }
    if (!move) throw new Error(`${who} has no legal move (a bug)`);
    const legal = o.onStep ? legalMoves(rules, m, who, q) : [];
    const seeded = seededDice(m.rng);
    const dice = forced.length ? prefixedDice(forced, seeded, o.fail) : undefined;
    const r = act(rules, m, who, move, q, dice);
    if (isError(r)) throw new Error(`${who}'s move ${JSON.stringify(move)} was refused: ${render(r.message, 'en')}`);
    if (dice) forced.splice(0, dice.used);
    const before = m.state;
    m = dice ? { ...r.match, rng: seeded.state } : r.match;
    o.onEvents?.(moves, who, r.events);
    o.onStep?.(
      { before, player: who, action: move, after: m.state, events: r.events, legal },
      o.players[who === 'A' ? 0 : 1]!,
    );
  }
  return { match: m, moves };
}
