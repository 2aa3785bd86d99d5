/** Playing a ruleset in rule tests: one move with scripted dice, a refusal, a whole random game. */
import { randomMove } from '../../src/ai/randomBot';
import { rngState } from '../../src/rules/dice/rng';
import { scriptedDice } from '../../src/rules/dice/source';
import { act, decider, newMatch, type Match, type Move } from '../../src/rules/engine/match';
import type { Table } from '../../src/rules/engine/queries';
import { isError, type Action, type Ruleset } from '../../src/rules/engine/types';
import { debugText, isMsg } from '../../src/rules/engine/message';
import { appendFileSync } from 'node:fs';

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
    /**
     * The refusal of `action`, which must be refused for `reason` (the message's id, such as
     * 'fiveparsecs:refuse.usedUp', or the text of a plain-string message). A crash (`rules-failed`, as when
     * scripted dice run out) is no refusal and throws, as does an accepted action or another reason.
     */
    refuse(m: Match<S, A>, player: string, action: A | { type: 'pass' }, q: Table, reason: string) {
      const r = act(ruleset, m, player, action as Move<A>, q, scriptedDice([]));
      if (!isError(r)) throw new Error(`expected ${action.type} to be refused`);
      if (r.error === 'rules-failed') throw new Error(`expected a refusal, the rules failed: ${debugText(r.message)}`);
      const id = isMsg(r.message) ? r.message.id : r.message;
      const log = process.env['REFUSAL_LOG'];
      if (log) {
        const site = (new Error().stack ?? '').split('\n').find((l) => l.includes('.test.ts'));
        appendFileSync(log, `${JSON.stringify({ site, id })}\n`);
      }
      if (id !== reason)
        throw new Error(`expected ${action.type} to be refused for ${reason}, got ${id}: ${debugText(r.message)}`);
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
