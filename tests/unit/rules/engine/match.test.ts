import { describe, expect, it } from 'vitest';
import { randomMove } from '../../../../src/ai/randomBot';
import { rngState } from '../../../../src/rules/dice/rng';
import { scriptedDice } from '../../../../src/rules/dice/source';
import {
  act,
  canUndo,
  decider,
  legalMoves,
  newMatch,
  PASS,
  redo,
  replay,
  stateHash,
  undo,
  type Match,
} from '../../../../src/rules/engine/match';
import type { Queries } from '../../../../src/rules/engine/queries';
import { isError } from '../../../../src/rules/engine/types';
import { RULESETS } from '../../../../src/rulesetsLoaded';
import { fakeTable, openSight } from '../../../support/fakeTable';
import { duel, duelSetup, type DuelAction, type DuelState } from './duel';
import { en } from '../../../support/words';

/** A fake table: fixed distance and LOS. */
function table(distance = 12, hasLos = true): Queries {
  return fakeTable({
    override: () => ({
      distance: () => distance,
      sight: () => openSight({ hasLos, visibleFraction: hasLos ? 1 : 0 }),
    }),
  });
}

type M = Match<DuelState, DuelAction>;

function ok(r: ReturnType<typeof act<DuelState, DuelAction>>): M {
  if (isError(r)) throw new Error(en(r.message));
  return r.match;
}

/** Plays random legal moves until the game ends (or 200 moves), checking JSON after each. */
function randomGame(gameSeed: number, botSeed: number, casualUndo = false): M {
  let m: M = newMatch(duel, duelSetup(), gameSeed, { casualUndo });
  let rng = rngState(botSeed);
  for (let i = 0; i < 200; i++) {
    const who = decider(duel, m);
    if (!who) break;
    const pick = randomMove(duel, m, who, rng, table());
    rng = pick.rng;
    if (!pick.move) break;
    m = ok(act(duel, m, who, pick.move, table()));
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  }
  return m;
}

describe('engine: reaction windows and scripted dice', () => {
  it('a shot opens a window for the target; dodging on a 5 makes it miss', () => {
    let m: M = newMatch(duel, duelSetup(), 1);
    m = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    expect(m.window?.player).toBe('blue');
    expect(decider(duel, m)).toBe('blue');
    expect(legalMoves(duel, m, 'blue', table())).toEqual([{ type: 'dodge' }, PASS]);
    const wrong = act(duel, m, 'red', { type: 'wait' }, table());
    expect(isError(wrong) && wrong.error).toBe('wrong-player');
    const r = act(duel, m, 'blue', { type: 'dodge' }, table(), scriptedDice([5]));
    if (isError(r)) throw new Error(en(r.message));
    expect(r.events.map((e) => e.type)).toEqual(['dodge', 'dice-rolled']);
    expect({ ...r.events[1], text: en(r.events[1]!.text) }).toMatchObject({
      text: 'blue rolled 5 (d6)',
      dice: [[6, 5]],
      player: 'blue',
    });
    expect(r.match.state.hp.blue).toBe(2);
    expect(r.match.window).toBeNull();
    expect(decider(duel, r.match)).toBe('blue');
  });

  it('passing lets the shot resolve: a 4 hits for one damage', () => {
    let m: M = newMatch(duel, duelSetup(), 1);
    m = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    const r = act(duel, m, 'blue', PASS, table(), scriptedDice([4]));
    if (isError(r)) throw new Error(en(r.message));
    expect(r.match.state.hp.blue).toBe(1);
    expect(r.events.find((e) => e.type === 'hit')?.text).toBe('red hits blue (4)');
  });

  it('each dice line names who rolled and follows the event that used the dice (blue passes: red rolled the 4)', () => {
    let m: M = newMatch(duel, duelSetup(), 1);
    m = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    const passed = act(duel, m, 'blue', PASS, table(), scriptedDice([4]));
    if (isError(passed)) throw new Error(en(passed.message));
    expect(passed.events.map((e) => en(e.text))).toEqual(['red hits blue (4)', 'red rolled 4 (d6)']);
    // A failed dodge: blue's die, then red's, each after its own event.
    const dodged = act(duel, m, 'blue', { type: 'dodge' }, table(), scriptedDice([2, 6]));
    if (isError(dodged)) throw new Error(en(dodged.message));
    expect(dodged.events.map((e) => en(e.text))).toEqual([
      'blue dodges (2)',
      'blue rolled 2 (d6)',
      'red hits blue (6)',
      'red rolled 6 (d6)',
    ]);
  });

  it('dice a ruleset leaves unshown are listed once, after its events, under the acting player', () => {
    // The same duel with its dice lines taken out: the engine lists the rolls itself.
    const quiet: typeof duel = {
      ...duel,
      apply: (s, a, ctx) => {
        const r = duel.apply(s, a, ctx);
        return isError(r) ? r : { ...r, events: r.events.filter((e) => e.type !== 'dice-rolled') };
      },
    };
    let m: M = newMatch(quiet, duelSetup(), 1);
    m = ok(act(quiet, m, 'red', { type: 'shoot' }, table()));
    const r = act(quiet, m, 'blue', { type: 'dodge' }, table(), scriptedDice([2, 6]));
    if (isError(r)) throw new Error(en(r.message));
    expect(r.events.map((e) => en(e.text))).toEqual(['blue dodges (2)', 'red hits blue (6)', 'blue rolled 2, 6 (2d6)']);
    expect(r.events.at(-1)).toMatchObject({
      type: 'dice-rolled',
      dice: [
        [6, 2],
        [6, 6],
      ],
    });
  });

  it('errors are values with stable codes, and leave the match as it was', () => {
    const m: M = newMatch(duel, duelSetup(), 1);
    for (const [q, code] of [
      [table(30), 'out-of-range'],
      [table(12, false), 'no-los'],
    ] as const) {
      const r = act(duel, m, 'red', { type: 'shoot' }, q);
      expect(isError(r) && r.error).toBe(code);
    }
    const early = act(duel, m, 'blue', { type: 'wait' }, table());
    expect(isError(early) && early.error).toBe('wrong-player');
    const passOutside = act(duel, m, 'red', PASS, table());
    expect(isError(passOutside) && passOutside.error).toBe('illegal-action');
    const inWindow = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    const notOffered = act(duel, inWindow, 'blue', { type: 'wait' }, table());
    expect(isError(notOffered) && notOffered.error).toBe('not-in-window');
    expect(m.log).toHaveLength(0);
  });
});

describe('engine: determinism, replay, undo', () => {
  it('same seeds and the same moves give the same state hash (game seed 42, bot seed 7)', () => {
    const a = randomGame(42, 7);
    const b = randomGame(42, 7);
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
    expect(duel.outcome(a.state)).not.toBeNull();
    // A different game seed gives a different battle.
    expect(stateHash(randomGame(43, 7))).not.toBe(stateHash(a));
  });

  it('replay of the log equals the live match (game seed 5, bot seed 9)', () => {
    const live = randomGame(5, 9);
    const again = replay(duel, live, live.log, table());
    expect(stateHash(again)).toBe(stateHash(live));
    expect(again.state).toEqual(live.state);
  });

  it('undo then redo is the identity (casual undo on, game seed 11)', () => {
    let m: M = newMatch(duel, duelSetup(), 11, { casualUndo: true });
    m = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    m = ok(act(duel, m, 'blue', PASS, table()));
    const before = stateHash(m);
    const back = undo(duel, m, 'blue', table());
    if (isError(back)) throw new Error(en(back.message));
    expect(back.window?.player).toBe('blue');
    const fwd = redo(duel, back, table());
    if (isError(fwd)) throw new Error(en(fwd.message));
    expect(stateHash(fwd.match)).toBe(before);
  });

  it('dice already rolled cannot be undone unless casual undo is on; a wait can be', () => {
    let m: M = newMatch(duel, duelSetup(), 11);
    m = ok(act(duel, m, 'red', { type: 'shoot' }, table()));
    m = ok(act(duel, m, 'blue', PASS, table()));
    const refused = undo(duel, m, 'blue', table());
    expect(isError(refused) && refused.error).toBe('dice-rolled');
    // The message names no setting the table does not have (there is no casual-undo switch in the app).
    expect(isError(refused) && en(refused.message)).toBe(
      'dice were rolled since then, and a roll cannot be taken back',
    );
    expect(canUndo(m, 'blue')).toBe(false);
    m = ok(act(duel, m, 'blue', { type: 'wait' }, table()));
    expect(canUndo(m, 'blue')).toBe(true);
    const back = undo(duel, m, 'blue', table());
    expect(isError(back)).toBe(false);
    if (!isError(back)) expect(back.log).toHaveLength(2);
    const none = undo(duel, newMatch(duel, duelSetup(), 1), 'red', table());
    expect(isError(none) && none.error).toBe('nothing-to-undo');
    expect(canUndo(newMatch(duel, duelSetup(), 1), 'red')).toBe(false);
  });
});

describe('ruleset ids', () => {
  it('every ruleset names its rule text', () => {
    expect(RULESETS.map((r) => r.ruleText)).toEqual([
      'blkout-2e.ko.txt',
      'counterblast.en.txt',
      'five-parsecs.en.txt',
      'skirmish-ru.ru.txt',
      'rpg-attacks.en.txt',
    ]);
  });
});
