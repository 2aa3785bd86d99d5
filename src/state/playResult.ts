/** What the play controller answers for a start, a move or a click, and what a refusal tells the player. */
import type { Text } from '../rules/engine/message';

/** What a start or a move answered; `failed`: the rules failed on it (the failure banner says so, not a notice). */
export type PlayResult = { ok: true } | { ok: false; reason: Text; failed?: true };

/** What a refusal tells the player as a notice: nothing for a dropped answer or a rules failure (its banner says it). */
export function noticeOf(r: PlayResult): Text | null {
  return r.ok || r.failed || r.reason === STALE ? null : r.reason;
}

/** Why an engine's answer was not used: the match it was for is no longer the one on the table. */
export const STALE = 'the game changed while the engine was answering (a new game, an undo, a load or another move)';
