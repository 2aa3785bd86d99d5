/**
 * A ruleset's or bot's failure as the app keeps it (plain JSON in the store's `failure` slice), and the
 * bug report a player downloads from the banner: the save as "Save game" writes it (the initial state
 * and the log, up to the last good state), the failing action and player, the error and its stack, the
 * ruleset and the app's version. Deterministic apart from the time it is made.
 */
import { version } from '../../package.json';
import type { RulesFailure } from '../rules/engine/contain';
import { msg, type Msg } from '../rules/engine/message';

/** The bug report's format. */
export const BUG_REPORT_FORMAT = 'tabletop-rules-bug-report/1';

/** The app's version (package.json), as a bug report states it. */
export const APP_VERSION: string = version;

/** A contained failure and the game as it stood at its last good state. */
export interface FailureRecord {
  failure: RulesFailure;
  /** Whose failure: the rules on a person's choice, or the AI choosing or playing its move. */
  by: 'human' | 'ai';
  /** The saved game at the last good state (the parsed "Save game" file), or null when there was no match. */
  save: unknown;
}

/** The store slice: the failure the banner shows, until dismissed. */
export interface FailureSlice {
  failure: FailureRecord | null;
}

/** The bug report's content. */
export interface BugReport {
  format: typeof BUG_REPORT_FORMAT;
  app: { name: 'tabletop'; version: string };
  /** When the report was made (ISO 8601): the one part that is not deterministic. */
  at: string;
  rules: string;
  stage: RulesFailure['stage'];
  by: FailureRecord['by'];
  player: string | null;
  action: RulesFailure['action'];
  /** On a replay, the log entry that failed. */
  entry: number | null;
  error: { message: string; stack: string };
  /** Moves played before the failing one (the save's log length). */
  moves: number;
  save: unknown;
}

/** The bug report of a failure (as data). */
export function bugReport(record: FailureRecord, at: Date): BugReport {
  const f = record.failure;
  const log = (record.save as { log?: unknown } | null)?.log;
  return {
    format: BUG_REPORT_FORMAT,
    app: { name: 'tabletop', version: APP_VERSION },
    at: at.toISOString(),
    rules: f.rules,
    stage: f.stage,
    by: record.by,
    player: f.player,
    action: f.action,
    entry: f.entry ?? null,
    error: { message: f.message, stack: f.stack },
    moves: Array.isArray(log) ? log.length : 0,
    save: record.save,
  };
}

/** The bug report as the text of a JSON file. */
export function bugReportText(record: FailureRecord, at: Date): string {
  return `${JSON.stringify(bugReport(record, at), null, 2)}\n`;
}

/** The bug report's file name: the ruleset and the number of moves it got through. */
export function bugReportName(record: FailureRecord): string {
  const log = (record.save as { log?: unknown } | null)?.log;
  return `tabletop-bug-${record.failure.rules}-move-${Array.isArray(log) ? log.length + 1 : 1}.json`;
}

/** What the banner says the failure was, in words. */
export function failureWords(record: FailureRecord): { head: Msg; detail: string } {
  const f = record.failure;
  const what = f.action
    ? f.player
      ? msg('ui:failure.whose-action', { player: f.player, type: f.action.type })
      : msg('ui:failure.a-players-action', { type: f.action.type })
    : msg('ui:failure.choosing');
  const head =
    record.by === 'ai'
      ? msg('ui:failure.ai-move', { player: f.player ?? '?', what })
      : msg('ui:failure.action', { what });
  return { head, detail: `${f.rules}, ${f.stage}: ${f.message}` };
}
