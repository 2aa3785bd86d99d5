/** Playing a ruleset in rule tests: one move with scripted dice, a refusal, a whole random game. */
import { randomMove } from '../../src/ai/randomBot';
import { rngState } from '../../src/rules/dice/rng';
import { scriptedDice } from '../../src/rules/dice/source';
import { act, decider, newMatch, type Match, type Move } from '../../src/rules/engine/match';
import type { Table } from '../../src/rules/engine/queries';
import { isError, type Action, type Ruleset } from '../../src/rules/engine/types';

/** `play` (one move with scripted dice; throws on a refusal or leftover dice) and `refuse` (the refusal, or throws) for a ruleset. */
export function movesFor<S, A extends Action>(ruleset: Ruleset<S, A>) {
  return {
    play(m: Match<S, A>, player: string, action: A | { type: 'pass' }, q: Table, dice: number[] = []) {
      const src = scriptedDice(dice);
      const r = act(ruleset, m, player, action as Move<A>, q, src);
      if (isError(r)) throw new Error(`${r.error}: ${r.message}`);
      if (src.remaining !== 0) throw new Error(`${src.remaining} scripted dice left unused`);
      return r;
    },
    refuse(m: Match<S, A>, player: string, action: A | { type: 'pass' }, q: Table) {
      const r = act(ruleset, m, player, action as Move<A>, q, scriptedDice([]));
      if (!isError(r)) throw new Error(`expected ${action.type} to be refused`);
      return r;
    },
  };
}

/** A whole game between random-move bots (game seed, bot seed); throws on a dead end or a refused move. */
export function randomGame<S, A extends Action>(
  ruleset: Ruleset<S, A>,
  start: S,
  seed: number,
  botSeed: number,
  q: Table,
  each?: (m: Match<S, A>, i: number) => void,
): Match<S, A> {
  let m = newMatch(ruleset, start, seed);
  let rng = rngState(botSeed);
  for (let i = 0; i < 5000 && decider(ruleset, m); i++) {
    const who = decider(ruleset, m)!;
    const pick = randomMove(ruleset, m, who, rng, q);
    rng = pick.rng;
    if (!pick.move) throw new Error(`${who} has no move`);
    const r = act(ruleset, m, who, pick.move, q);
    if (isError(r)) throw new Error(`${who} ${JSON.stringify(pick.move)}: ${r.message}`);
    m = r.match;
    each?.(m, i);
  }
  return m;
}
