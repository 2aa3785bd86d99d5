/**
 * Contained rules failures in the app (PlayController and the store's failure slice): a fault injected
 * into the ruleset or the bot shows as a failure with the save at the last good state, the match does
 * not move, the bug report carries the save and the failing action, and play goes on from there.
 */
import { describe, expect, it } from 'vitest';
import { faultMessage } from '../../../src/rules/engine/contain';
import { stateHash } from '../../../src/rules/engine/match';
import type { RpgState } from '../../../src/rules/rpg-attacks/game';
import { createAutomationApi } from '../../../src/state/automation';
import {
  APP_VERSION,
  BUG_REPORT_FORMAT,
  bugReport,
  bugReportName,
  bugReportText,
  failureWords,
} from '../../../src/state/rulesFailure';
import { fromDisk, playSession, until } from '../../support/playSetup';
import pkg from '../../../package.json';
import { en, english } from '../../support/words';

/** A save without its `savedAt` (the one field that differs between two saves of one position). */
const timeless = (save: unknown) => ({ ...(save as object), savedAt: null });

const setup = () => playSession<RpgState>('rpg-attacks');
const AT = new Date('2026-01-02T03:04:05.000Z');

describe('a rules failure in the app', () => {
  it("a fault in apply on a person's choice: the failure is kept with the save, nothing moves, the same choice then plays", async () => {
    const { store, play, view } = setup();
    expect(await play.start({ rules: 'rpg-attacks', seed: 2 })).toEqual({ ok: true });
    const before = view();
    const hash = stateHash(before.match);
    const lines = store.getState().eventLog.length;
    const roll = before.choices.find((c) => /^Roll initiative/.test(en(c.label)))!;
    play.injectRulesFault('apply');
    const r = await play.submit(roll.move);
    expect(english(r)).toEqual({
      ok: false,
      reason: `the rules failed on A's ${roll.move.type} (apply): ${faultMessage('apply')}`,
      failed: true,
    });
    const record = store.getState().failure!;
    expect(record.by).toBe('human');
    expect(record.failure).toMatchObject({ stage: 'apply', rules: 'rpg-attacks', player: 'A', action: roll.move });
    expect(timeless(record.save)).toEqual(timeless(JSON.parse(play.saveText()!)));
    expect(store.getState().play).toBe(before);
    expect(stateHash(view().match)).toBe(hash);
    expect(store.getState().eventLog).toHaveLength(lines);
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);

    play.dismissFailure();
    expect(store.getState().failure).toBeNull();
    // The fault fired once: the same choice now plays, from the last good state.
    expect(await play.submit(roll.move)).toEqual({ ok: true });
    expect(view().match.log).toEqual([{ player: 'A', action: roll.move, rolled: view().match.log[0]!.rolled }]);
    play.stop();
  });

  it('a fault in legalActions, met while building the next view: nothing of the action is shown', async () => {
    const { store, play, view } = setup();
    expect(await play.start({ rules: 'rpg-attacks', seed: 2, seats: { A: 'human', B: 'human' } })).toEqual({
      ok: true,
    });
    const before = view();
    const roll = before.choices.find((c) => /^Roll initiative/.test(en(c.label)))!;
    play.injectRulesFault('legalActions');
    expect((await play.submit(roll.move)).ok).toBe(false);
    expect(store.getState().failure?.failure).toMatchObject({ stage: 'view', player: 'A', action: roll.move });
    expect(store.getState().failure?.failure.message).toBe(faultMessage('legalActions'));
    expect(store.getState().play).toBe(before);
    expect(store.getState().eventLog).toEqual([]);
    expect(await play.submit(roll.move)).toEqual({ ok: true });
    play.stop();
  });

  it("the AI's bot throws: shown as the AI's failure, not retried until dismissed, then the AI plays", async () => {
    const { store, play, view } = setup();
    play.injectRulesFault('bot');
    expect(await play.start({ rules: 'rpg-attacks', seed: 2, seats: { A: 'ai', B: 'human' } })).toEqual({ ok: true });
    await until(() => store.getState().failure !== null, "the AI's failure");
    expect(store.getState().failure).toMatchObject({
      by: 'ai',
      failure: { stage: 'bot', player: 'A', action: null, message: faultMessage('bot') },
    });
    // The fault fired once; an AI that retried would have played by now.
    await new Promise((r) => setTimeout(r, 60));
    expect(view().match.log).toEqual([]);
    expect(view().thinking).toBe(true);
    play.dismissFailure();
    await until(() => view().match.log.length > 0, "the AI's move after the dismissal");
    expect(store.getState().failure).toBeNull();
    play.stop();
  });

  it("the rules fail on the AI's move: the AI's failure at stage apply, the match unchanged", async () => {
    const { store, play, view } = setup();
    play.injectRulesFault('apply');
    expect(await play.start({ rules: 'rpg-attacks', seed: 2, seats: { A: 'ai', B: 'human' } })).toEqual({ ok: true });
    await until(() => store.getState().failure !== null, "the AI's failure");
    expect(store.getState().failure).toMatchObject({ by: 'ai', failure: { stage: 'apply', player: 'A' } });
    expect(store.getState().failure?.failure.action).not.toBeNull();
    expect(store.getState().notice).toBeNull();
    expect(view().match.log).toEqual([]);
    play.stop();
  });

  it('window.tabletop.injectRulesFault refuses a part it does not know, and reads the failure back', async () => {
    const { store, play } = setup();
    const api = createAutomationApi(store, fromDisk, undefined, play);
    expect(api.injectRulesFault('setup' as never)).toEqual({
      ok: false,
      reason: 'fault must be one of apply, legalActions, reactionWindow, bot (got "setup")',
    });
    expect(await play.start({ rules: 'rpg-attacks', seed: 2, seats: { A: 'human', B: 'human' } })).toEqual({
      ok: true,
    });
    expect(api.rulesFailure()).toBeNull();
    expect(api.injectRulesFault('apply')).toEqual({ ok: true });
    const move = api.playView()!.choices[0]!.move;
    expect((await api.submitMove(move)).ok).toBe(false);
    expect(api.rulesFailure()?.failure.stage).toBe('apply');
    play.stop();
  });
});

describe('the bug report', () => {
  async function failed() {
    const { store, play, view } = setup();
    await play.start({ rules: 'rpg-attacks', seed: 4, seats: { A: 'human', B: 'human' } });
    await play.submit(view().choices.find((c) => /^Roll initiative/.test(en(c.label)))!.move);
    const next = view().choices[0]!;
    play.injectRulesFault('apply');
    await play.submit(next.move);
    return { record: store.getState().failure!, save: JSON.parse(play.saveText()!) as unknown, next, play };
  }

  it('holds the save (initial state and log), the failing action and player, the error and stack, the ruleset, the version and the time', async () => {
    const { record, save, next, play } = await failed();
    const r = bugReport(record, AT);
    expect(r).toMatchObject({
      format: BUG_REPORT_FORMAT,
      app: { name: 'tabletop', version: pkg.version },
      at: '2026-01-02T03:04:05.000Z',
      rules: 'rpg-attacks',
      stage: 'apply',
      by: 'human',
      action: next.move,
      entry: null,
      error: { message: faultMessage('apply') },
      moves: 1,
    });
    expect(r.player).toBe(record.failure.player);
    expect(r.error.stack).toContain(faultMessage('apply'));
    expect(timeless(r.save)).toEqual(timeless(save));
    expect(r.save).toMatchObject({ format: 'tabletop-match', version: 2 });
    expect((r.save as { log: unknown[] }).log).toHaveLength(1);
    expect(APP_VERSION).toBe(pkg.version);
    play.stop();
  });

  it('is deterministic apart from the time; its file is JSON and named for the ruleset and the move', async () => {
    const { record, play } = await failed();
    expect(bugReportText(record, AT)).toBe(bugReportText(record, AT));
    const later = bugReportText(record, new Date('2027-01-01T00:00:00.000Z'));
    expect(later.replace(/"at": "[^"]+"/, '')).toBe(bugReportText(record, AT).replace(/"at": "[^"]+"/, ''));
    expect(JSON.parse(bugReportText(record, AT))).toEqual(bugReport(record, AT));
    expect(bugReportName(record)).toBe('tabletop-bug-rpg-attacks-move-2.json');
    expect(en(failureWords(record).head)).toBe(`The rules failed on this action (A's ${record.failure.action!.type}).`);
    expect(en(failureWords({ ...record, by: 'ai' }).head)).toMatch(/^The rules failed on the AI's move \(A, /);
    expect(failureWords(record).detail).toBe(`rpg-attacks, apply: ${faultMessage('apply')}`);
    play.stop();
  });
});
