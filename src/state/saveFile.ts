/**
 * The saved-game file, with a version. A save is the initial state and the log (load replays the log),
 * plus what a "Resume" offer shows without replaying (the ruleset's name, the round, when it was saved)
 * and the state hash at save time, which the replayed game must match.
 *
 * Versions:
 * - 1: `{ "format": "tabletop-match/1", rules, seats, forces (or `groups`, before the one panel), options,
 *   casualUndo, initial, log }`. Read and migrated: `groups` becomes `forces`; there is no hash to check.
 * - 2: `{ "format": "tabletop-match", "version": 2, rules, name, round, savedAt, hash, seats, forces,
 *   options, casualUndo, initial, log }`. Written now. `hash` may be dropped (or null) by someone who
 *   edits a save's position by hand; when present, the replayed game must match it.
 * A save of a newer version is refused with the version it names; a malformed version is refused with
 * the field and its value.
 */
import { DEFAULT_LEVEL, isLevel, LEVELS, type Level } from '../rules/engine/strength';
import type { Result } from '../result';
import { stateHash, type Match } from '../rules/engine/match';
import type { Action } from '../rules/engine/types';
import { msg, type Msg } from '../rules/engine/message';
import { cardOf, loadedRuleset, RULESET_IDS } from '../rulesets';
import type { PlayView, Seat, Side } from './playView';

/** The saved-game format's name (the version is its own field since version 2). */
export const SAVE_FORMAT = 'tabletop-match';
/** The save version this app writes and the newest it reads. */
export const SAVE_VERSION = 2;
/** Version 1's format field (the version was part of the name). */
export const SAVE_FORMAT_V1 = 'tabletop-match/1';

/** The initial state and the log a load replays. */
export interface SavedGame {
  initial: Match<unknown, Action>['initial'];
  log: Match<unknown, Action>['log'];
  casualUndo: boolean;
  /** The state hash the replayed game must have, or null (version 1 saves carry none; a hand-edited one may drop it). */
  hash: string | null;
}

/** What a "Resume" offer shows, read without replaying. */
export interface SaveSummary {
  rules: string;
  /** The ruleset's short name ("BLKOUT"). */
  name: string;
  /** The round (or turn) the match was in; 0 before the first; null when the save does not say (version 1). */
  round: number | null;
  /** When it was saved (ISO 8601), or null (version 1). */
  savedAt: string | null;
  /** How many moves its log holds. */
  moves: number;
}

/** A save read and migrated to the current version, ready to replay. */
export interface ReadSave {
  /** The version the file was written in. */
  version: number;
  summary: SaveSummary;
  seats: Record<Side, Seat>;
  forces: Partial<Record<Side, unknown>>;
  options: Record<string, string>;
  /** The AI seats' strength (a save from before strengths: Normal). */
  level: Level;
  saved: SavedGame;
}

const json = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/** The round a state is in, from its ruleset's battle summary (every playable ruleset declares `rounds`). */
export function roundOf(rules: string, state: unknown): number | null {
  const entry = loadedRuleset(rules);
  if (!entry) return null;
  const r = entry.summary(state).rounds;
  return Number.isInteger(r) ? r : null;
}

/** The saved-game text of a match being played (version 2); `now` is when it is saved. */
export function saveText(view: PlayView, now: Date = new Date()): string {
  const m = view.match;
  const { rules, name, seats, forces, options, level } = view;
  return `${JSON.stringify({
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    rules,
    name,
    round: roundOf(rules, m.state),
    savedAt: now.toISOString(),
    hash: stateHash(m),
    seats,
    ...(level && level !== DEFAULT_LEVEL ? { level } : {}),
    forces,
    options,
    casualUndo: m.casualUndo,
    initial: m.initial,
    log: m.log,
  })}\n`;
}

/** Whether a file's text is a saved game of any version (so Open… hands it to Load game, which may refuse it with the reason). */
export function isSavedGame(text: string): boolean {
  try {
    const o = JSON.parse(text) as { format?: unknown } | null;
    return (
      typeof o === 'object' && o !== null && typeof o.format === 'string' && /^tabletop-match(\/|$)/.test(o.format)
    );
  } catch {
    return false;
  }
}

/** The version a save declares, or why it cannot be read (a newer version, a malformed one, another format). */
function versionOf(o: Record<string, unknown>, file: string): Result<number, string> {
  const legacy = typeof o.format === 'string' ? /^tabletop-match\/(\d+)$/.exec(o.format) : null;
  let version: unknown;
  if (legacy) version = Number(legacy[1]);
  else if (o.format === SAVE_FORMAT) version = o.version;
  else return { ok: false, error: `${file}: format must be "${SAVE_FORMAT}" (got ${json(o.format)})` };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, error: `${file}: version must be a whole number from 1 up (got ${json(version)})` };
  if (version > SAVE_VERSION)
    return { ok: false, error: `${file}: saved by version ${version}; this app reads up to ${SAVE_VERSION}` };
  return { ok: true, value: version };
}

/**
 * Reads a saved game's text (any version up to SAVE_VERSION), migrated to the current layout; or why
 * not, naming the file, the field and the value. Nothing is replayed here (PlayController.resume does,
 * and checks the hash).
 */
export function readSave(text: string, file: string): Result<ReadSave, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${file}: not JSON (${(e as Error).message})` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, error: `${file}: a saved game is a JSON object` };
  const o = parsed as Record<string, unknown>;
  const version = versionOf(o, file);
  if (!version.ok) return version;
  const entry = typeof o.rules === 'string' ? cardOf(o.rules) : null;
  if (!entry)
    return {
      ok: false,
      error: `${file}: rules must be one of ${RULESET_IDS.map((r) => json(r)).join(', ')} (got ${json(o.rules)})`,
    };
  const seats = o.seats as Record<string, unknown> | undefined;
  for (const p of ['A', 'B'] as const) {
    if (seats?.[p] !== 'human' && seats?.[p] !== 'ai')
      return { ok: false, error: `${file}: seats.${p} must be "human" or "ai" (got ${json(seats?.[p])})` };
  }
  if (o.level !== undefined && !isLevel(o.level))
    return {
      ok: false,
      error: `${file}: level must be one of ${LEVELS.map((l) => json(l)).join(', ')} (got ${json(o.level)})`,
    };
  if (!Array.isArray(o.log)) return { ok: false, error: `${file}: log must be a list of moves (got ${json(o.log)})` };
  const initial = o.initial as SavedGame['initial'] | undefined;
  if ((initial?.state as { ruleset?: unknown } | undefined)?.ruleset !== o.rules)
    return { ok: false, error: `${file}: initial.state is not a ${entry.id} state` };
  if (o.casualUndo !== undefined && typeof o.casualUndo !== 'boolean')
    return { ok: false, error: `${file}: casualUndo must be true or false (got ${json(o.casualUndo)})` };
  const v2 = version.value >= 2;
  if (v2) {
    // A hand-edited position (a test, a puzzle) may drop the hash; one that keeps it is held to it.
    if (o.hash !== undefined && o.hash !== null && (typeof o.hash !== 'string' || !/^[0-9a-f]{8}$/.test(o.hash)))
      return { ok: false, error: `${file}: hash must be 8 hex digits or null (got ${json(o.hash)})` };
    if (o.round !== null && (typeof o.round !== 'number' || !Number.isInteger(o.round) || o.round < 0))
      return { ok: false, error: `${file}: round must be a whole number from 0 up or null (got ${json(o.round)})` };
    if (typeof o.savedAt !== 'string' || Number.isNaN(Date.parse(o.savedAt)))
      return { ok: false, error: `${file}: savedAt must be a date and time (got ${json(o.savedAt)})` };
  }
  // Version 1 saves from before the one panel name BLKOUT's forces "groups".
  const forces = (o.forces ?? (v2 ? undefined : o.groups) ?? {}) as Partial<Record<Side, unknown>>;
  if (typeof forces !== 'object' || Array.isArray(forces))
    return { ok: false, error: `${file}: forces must be an object (got ${json(forces)})` };
  const options = (o.options ?? {}) as Record<string, string>;
  if (typeof options !== 'object' || Array.isArray(options))
    return { ok: false, error: `${file}: options must be an object (got ${json(options)})` };
  return {
    ok: true,
    value: {
      version: version.value,
      summary: {
        rules: entry.id,
        name: entry.name,
        round: v2 ? (o.round as number | null) : null,
        savedAt: v2 ? (o.savedAt as string) : null,
        moves: o.log.length,
      },
      seats: { A: seats!.A as Seat, B: seats!.B as Seat },
      forces,
      options,
      level: (o.level as Level | undefined) ?? DEFAULT_LEVEL,
      saved: {
        initial: initial!,
        log: o.log as SavedGame['log'],
        casualUndo: (o.casualUndo as boolean | undefined) ?? false,
        hash: v2 ? ((o.hash as string | null | undefined) ?? null) : null,
      },
    },
  };
}

/** Why a replayed game is not the one saved (its hash differs), or null when it is. */
export function hashMismatch(file: string, saved: string | null, replayed: Match<unknown, Action>): string | null {
  if (saved === null) return null;
  const got = stateHash(replayed);
  return got === saved
    ? null
    : `${file}: the replayed game does not match the save (state hash ${got}, saved ${saved}); it was saved by other rules or edited`;
}

/** The words of a resume offer: "Resume BLKOUT match, round 2". */
export function resumeLabel(s: SaveSummary): Msg {
  if (s.round === null) return msg('ui:resume.match', { name: s.name });
  if (s.round === 0) return msg('ui:resume.match.before', { name: s.name });
  return msg('ui:resume.match.round', { name: s.name, round: s.round });
}
