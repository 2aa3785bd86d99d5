/**
 * A match as one seat may see it, for a client that must not hold what its player may not know (an
 * online player's or spectator's page): the seed is taken out (the PRNG is counter-based, so the seed
 * and the counter tell every future roll), another side's secrets are concealed by the ruleset's
 * `conceal`, another player's reaction window keeps its player but not its options (which would tell
 * what that player holds), and each event passes the ruleset's `concealEvent`. The referee keeps the
 * whole match; the state hash is always the whole match's, sent beside this view.
 */
import { msg } from './message';
import { stateHash, type LogEntry, type Match } from './match';
import type { PlayDescriptor } from './play';
import type { Action, PlayerId, RuleEvent } from './types';

/** The seed a concealed match carries (the counter is kept: how many dice have been rolled is public). */
export const HIDDEN_SEED = 0;

/** What of a ruleset the concealment uses. */
type Concealing<S> = Pick<PlayDescriptor<S, Action, unknown, unknown>, 'conceal' | 'concealEvent'>;

/** The match as `side` may see it (null: a spectator). */
export function seatMatch<S, A extends Action>(
  play: Concealing<S>,
  m: Match<S, A>,
  side: PlayerId | null,
): Match<S, A> {
  const window = m.window && m.window.player !== side ? { ...m.window, options: [] } : m.window;
  return {
    rulesetId: m.rulesetId,
    initial: { state: play.conceal(m.initial.state, side), rng: { seed: HIDDEN_SEED, n: m.initial.rng.n } },
    state: play.conceal(m.state, side),
    rng: { seed: HIDDEN_SEED, n: m.rng.n },
    window,
    log: m.log.map((e): LogEntry<A> => ({ ...e })),
    undone: [],
    casualUndo: m.casualUndo,
  };
}

/**
 * Events as `side` may see them: each through the ruleset's `concealEvent`, a shuffle's draws taken out
 * (they tell the deck's order, which no side may see), and another player's reaction window named
 * without its options ("B may react", not "B may react with Perimeter Defense").
 */
export function seatEvents<S>(play: Concealing<S>, events: readonly RuleEvent[], side: PlayerId | null): RuleEvent[] {
  return events.map((e) => {
    const { shuffled: _deck, ...rest } = play.concealEvent(e, side);
    const out: RuleEvent = rest;
    if (out.type === 'reaction-window' && typeof out.player === 'string' && out.player !== side)
      return { ...out, text: msg('engine:window.react', { player: out.player }) };
    return out;
  });
}

/**
 * The state hash every client of an online match is given (the same for each player and a spectator): the
 * hash of the match as no side sees it. The whole match's hash would name the seed: a 32-bit hash of a
 * state that differs from a client's copy only in the seed (31 bits) can be searched back to it, and the
 * seed tells every roll to come. The battle CLI's game reaches the same one (`publicHash` of its match).
 */
export function publicHash<S, A extends Action>(play: Concealing<S>, m: Match<S, A>): string {
  return stateHash(seatMatch(play, m, null));
}
