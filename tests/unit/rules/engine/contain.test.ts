/**
 * The engine's boundary against a ruleset's own bugs: an exception inside apply, legalActions,
 * reactionWindow or a bot comes back as a `rules-failed` value naming the stage, the action, the
 * player and the stack, and the match it was given is left exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { randomMove } from '../../../../src/ai/randomBot';
import { rngState } from '../../../../src/rules/dice/rng';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  ArmedFault,
  botMove,
  botWithFault,
  faultMessage,
  isRulesFailure,
  withFault,
} from '../../../../src/rules/engine/contain';
import {
  act,
  decider,
  legalMoves,
  newMatch,
  PASS,
  replay,
  ReplayError,
  stateHash,
  tryLegalMoves,
  undo,
  type LogEntry,
  type Match,
  type Move,
} from '../../../../src/rules/engine/match';
import type { Queries, Table } from '../../../../src/rules/engine/queries';
import { isError, type RuleError } from '../../../../src/rules/engine/types';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { breakHook } from '../../../support/faults';
import { duel, duelSetup, type DuelAction, type DuelState } from './duel';
import { en } from '../../../support/words';

type M = Match<DuelState, DuelAction>;
const table = (): Queries => fakeTable({ override: () => ({ distance: () => 12, sight: () => openSight() }) });

function ok(r: { match: M } | RuleError): M {
  if (isError(r)) throw new Error(en(r.message));
  return r.match;
}

/** A deep copy, to prove later that a failed call left the match untouched. */
const frozen = (m: M): M => JSON.parse(JSON.stringify(m)) as M;

/** Plays `n` random legal moves of the duel (seed 5 for the dice, seed 9 for the bot). */
function playedDuel(n: number): M {
  let m: M = newMatch(duel, duelSetup(), 5);
  let rng = rngState(9);
  for (let i = 0; i < n; i++) {
    const who = decider(duel, m)!;
    const pick = randomMove(duel, m, who, rng, table());
    rng = pick.rng;
    m = ok(act(duel, m, who, pick.move!, table()));
  }
  return m;
}

describe('engine containment: a ruleset that throws', () => {
  it('apply throws: a rules-failed value with the stage, action, player, message and stack; the match is unchanged', () => {
    const m = playedDuel(3);
    const before = frozen(m);
    const who = decider(duel, m)!;
    const move = legalMoves(duel, m, who, table())[0]!;
    const r = act(withFault(duel, 'apply'), m, who, move, table());
    expect(isRulesFailure(r)).toBe(true);
    if (!isRulesFailure(r)) return;
    expect(r.error).toBe('rules-failed');
    expect(r.failure).toMatchObject({
      stage: 'apply',
      rules: 'duel',
      player: who,
      action: move,
      message: faultMessage('apply'),
    });
    expect(r.failure.stack).toContain(faultMessage('apply'));
    expect(en(r.message)).toBe(`the rules failed on ${who}'s ${move.type} (apply): ${faultMessage('apply')}`);
    // Plain JSON, so it crosses a worker and goes into a bug report as it is.
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(m).toEqual(before);
    // The same choice with the ruleset working goes on from the last good state, as if nothing had failed.
    const good = ok(act(duel, m, who, move, table()));
    const direct = ok(act(duel, before, who, move, table()));
    expect(stateHash(good)).toBe(stateHash(direct));
    expect(good.log).toHaveLength(4);
  });

  it('apply throws something that is not an Error: its text is the message, the stack is empty', () => {
    const m = newMatch(duel, duelSetup(), 1);
    const r = act(
      breakHook(duel, 'apply', () => true, 'just a string'),
      m,
      'red',
      { type: 'wait' },
      table(),
    );
    expect(isRulesFailure(r) && r.failure).toMatchObject({ stage: 'apply', message: 'just a string', stack: '' });
  });

  it('reactionWindow throws after apply succeeded: contained, the state apply made is dropped', () => {
    const m = newMatch(duel, duelSetup(), 1);
    const r = act(withFault(duel, 'reactionWindow'), m, 'red', { type: 'shoot' }, table());
    expect(isRulesFailure(r) && r.failure).toMatchObject({
      stage: 'reactionWindow',
      player: 'red',
      action: { type: 'shoot' },
    });
    expect(m).toEqual(newMatch(duel, duelSetup(), 1));
  });

  it('outcome and currentPlayer throwing are contained with their stage', () => {
    const m = newMatch(duel, duelSetup(), 1);
    const o = act(breakHook(duel, 'outcome'), m, 'red', { type: 'wait' }, table());
    expect(isRulesFailure(o) && o.failure.stage).toBe('outcome');
    const c = act(breakHook(duel, 'currentPlayer'), m, 'red', { type: 'wait' }, table());
    expect(isRulesFailure(c) && c.failure.stage).toBe('currentPlayer');
  });

  it('a reaction (a pass in a window) that throws is contained too, and the window stays open', () => {
    const m = ok(act(duel, newMatch(duel, duelSetup(), 1), 'red', { type: 'shoot' }, table()));
    const before = frozen(m);
    const r = act(withFault(duel, 'apply'), m, 'blue', PASS, table(), scriptedDice([4]));
    expect(isRulesFailure(r) && r.failure).toMatchObject({ stage: 'apply', player: 'blue', action: PASS });
    expect(m).toEqual(before);
    expect(m.window?.player).toBe('blue');
  });

  it('refusals are still refusals: a wrong player is not a rules failure', () => {
    const r = act(withFault(duel, 'apply'), newMatch(duel, duelSetup(), 1), 'blue', { type: 'wait' }, table());
    expect(isError(r) && r.error).toBe('wrong-player');
    expect(isRulesFailure(r)).toBe(false);
  });

  it('legalActions throws: legalMoves throws, tryLegalMoves answers a rules-failed value', () => {
    const m = newMatch(duel, duelSetup(), 1);
    const broken = withFault(duel, 'legalActions');
    expect(() => legalMoves(broken, m, 'red', table())).toThrow(faultMessage('legalActions'));
    const r = tryLegalMoves(broken, m, 'red', table());
    expect(isRulesFailure(r) && r.failure).toMatchObject({ stage: 'legalActions', player: 'red', action: null });
    expect(tryLegalMoves(duel, m, 'red', table())).toEqual([{ type: 'shoot' }, { type: 'wait' }]);
  });
});

describe('engine containment: a bot that throws', () => {
  const bot = (m: M, who: string, q: Table): Move<DuelAction> | null => legalMoves(duel, m, who, q)[0] ?? null;

  it('botMove answers the bot move, or a rules-failed value at stage bot when it throws', () => {
    const m = playedDuel(2);
    const before = frozen(m);
    const who = decider(duel, m)!;
    expect(botMove(bot, m, who, table())).toEqual(legalMoves(duel, m, who, table())[0]);
    const r = botMove(botWithFault(bot, 'bot'), m, who, table());
    expect(isRulesFailure(r) && r.failure).toMatchObject({
      stage: 'bot',
      rules: 'duel',
      player: who,
      action: null,
      message: faultMessage('bot'),
    });
    expect(m).toEqual(before);
  });

  it('a bot whose legal-move query throws inside the ruleset is contained at stage bot', () => {
    const broken = withFault(duel, 'legalActions');
    const throughRules = (m: M, who: string, q: Table) => legalMoves(broken, m, who, q)[0] ?? null;
    const r = botMove(throughRules, newMatch(duel, duelSetup(), 1), 'red', table());
    expect(isRulesFailure(r) && r.failure.message).toBe(faultMessage('legalActions'));
  });

  it('botWithFault with another fault (or none) is the bot itself', () => {
    expect(botWithFault(bot, 'apply')).toBe(bot);
    expect(botWithFault(bot, null)).toBe(bot);
    expect(withFault(duel, 'bot')).toBe(duel);
  });
});

describe('engine containment: replay', () => {
  const log = playedDuel(6).log;

  it('replay through a ruleset that throws on one entry names that entry and the failure', () => {
    // The fifth apply call is log entry 4.
    const broken = breakHook(duel, 'apply', (call) => call === 4);
    let caught: unknown = null;
    try {
      replay(broken, newMatch(duel, duelSetup(), 5), log, table());
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ReplayError);
    const e = caught as ReplayError;
    const entry = log[4] as LogEntry<DuelAction>;
    expect(e.entry).toBe(4);
    expect(en(e.words)).toMatch(
      new RegExp(`^log entry 4 \\(${entry.player}: ${entry.action.type}\\): the rules failed`),
    );
    expect(e.failure).toMatchObject({ stage: 'apply', entry: 4, player: entry.player, action: entry.action });
    expect(e.failure?.message).toBe('a bug in apply');
  });

  it('a refused entry is a ReplayError with no failure (a corrupt log, not a bug)', () => {
    const bad = [...log.slice(0, 2), { player: 'nobody', action: { type: 'wait' as const }, rolled: 0 }];
    expect(() => replay(duel, newMatch(duel, duelSetup(), 5), bad, table())).toThrow(ReplayError);
    try {
      replay(duel, newMatch(duel, duelSetup(), 5), bad, table());
    } catch (e) {
      expect(e).toMatchObject({ entry: 2, failure: null });
      expect(en((e as ReplayError).words)).toMatch(/^log entry 2 \(nobody: wait\) is refused on replay/);
    }
  });

  it('undo over a ruleset that throws on the replay answers rules-failed and keeps the match', () => {
    let m: M = newMatch(duel, duelSetup(), 1, { casualUndo: true });
    m = ok(act(duel, m, 'red', { type: 'wait' }, table()));
    m = ok(act(duel, m, 'blue', { type: 'wait' }, table()));
    m = ok(act(duel, m, 'red', { type: 'wait' }, table()));
    const before = frozen(m);
    // Undoing red's last wait replays entries 0 and 1; the ruleset throws on the second of them.
    const r = undo(
      breakHook(duel, 'apply', (call) => call === 1),
      m,
      'red',
      table(),
    );
    expect(isRulesFailure(r) && r.failure).toMatchObject({ stage: 'apply', entry: 1, player: 'blue' });
    expect(m).toEqual(before);
  });
});

describe('an armed fault (test injection)', () => {
  it("fires once, and only for its side: a rules fault for the next action, 'bot' for the bot's next choice", () => {
    const armed = new ArmedFault();
    expect(armed.take(false)).toBeNull();
    armed.arm('apply');
    expect(armed.take(true)).toBeNull();
    expect(armed.take(false)).toBe('apply');
    expect(armed.take(false)).toBeNull();
    armed.arm('bot');
    expect(armed.take(false)).toBeNull();
    expect(armed.take(true)).toBe('bot');
    expect(armed.take(true)).toBeNull();
  });
});
