/**
 * The broadcast overlay's words, from the play view and the event log: plain functions, so the
 * overlay component only draws them.
 */
import type { LoggedEvent } from '../state/eventQueue';
import type { PlayView } from '../state/play';
import { render } from '../i18n/i18n';
import { msg } from '../rules/engine/message';

/** The check a roll belongs to: its result is the words after its last colon ("... against 4+: 2 successes"). */
function resultOf(e: LoggedEvent): string {
  if (typeof e.hit === 'boolean') return e.hit ? render(msg('ui:spectator.hit')) : render(msg('ui:spectator.miss'));
  const text = render(e.text);
  const i = text.lastIndexOf(': ');
  return (i >= 0 ? text.slice(i + 2) : text).trim();
}

/**
 * The last roll with its result in words, e.g. "B rolled 8, 3 (2d10) — 1 success": the newest
 * `dice-rolled` line and the event before it in the same push that used the dice; null before any roll.
 */
export function rollInWords(log: readonly LoggedEvent[]): string | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.type !== 'dice-rolled') continue;
    const before = log[i - 1];
    const text = render(e.text);
    if (!before || before.batch !== e.batch || before.type === 'dice-rolled') return text;
    const result = resultOf(before);
    return result ? render(msg('ui:spectator.roll-result', { roll: text, result })) : text;
  }
  return null;
}

/** The last `n` log lines (dice lines included), oldest first. */
export function lastLines(log: readonly LoggedEvent[], n = 3): string[] {
  return log.slice(-n).map((e) => render(e.text));
}

/** The ids an event names as acting (a mover, a shooter, a fighter), first the actor. */
function actorsOf(e: LoggedEvent): string[] {
  const ids = [e.model, e.shooter, e.a].filter((x): x is string => typeof x === 'string');
  return ids;
}

/**
 * The model acting now: the first of the play view's actors that is on the table (what the name
 * tags mark), else the last model an event named.
 */
export function activeModel(
  play: Pick<PlayView, 'actors'> | null,
  log: readonly LoggedEvent[],
  onTable: (id: string) => boolean,
): string | null {
  for (const id of play?.actors ?? []) if (onTable(id)) return id;
  for (let i = log.length - 1; i >= 0; i--) for (const id of actorsOf(log[i]!)) if (onTable(id)) return id;
  return null;
}

/** One side's line on the overlay: its force name, colour and main score. */
export interface SideLine {
  side: 'A' | 'B';
  name: string;
  colour: string;
  score: string;
}

/** The score cells of a side, the main one first ("3 Victory Points · 2 CP"); a bare number gets its title as its unit. */
export function scoreText(play: Pick<PlayView, 'board'>, side: 'A' | 'B'): string {
  const cells = play.board.rows[side];
  const ordered = [...cells.filter((c) => c.points), ...cells.filter((c) => !c.points)];
  return ordered
    .map((c) => {
      const text = render(c.text);
      return c.title && /^-?\d[\d\u00a0\u202f]*([.,]\d+)?$/.test(text) ? `${text} ${render(c.title)}` : text;
    })
    .join(' · ');
}

/** "BLKOUT · Round 2, activation phase · B to play (Bratva)": the status line's parts. */
export function statusWords(play: Pick<PlayView, 'name' | 'status' | 'decider' | 'forceNames' | 'outcome'>): {
  rules: string;
  status: string;
  turn: string;
} {
  const d = play.decider;
  return {
    rules: play.name,
    status: render(play.status),
    turn: d
      ? render(msg('ui:spectator.to-play', { side: d, force: play.forceNames[d] }))
      : play.outcome
        ? render(msg('ui:spectator.game-over'))
        : '',
  };
}
