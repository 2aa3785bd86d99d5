/**
 * Hotseat co-op (issue 18, "two people split the crew"): the crew's figures are shared out between
 * Player 1 and Player 2, alternately in the crew's order (the first figure Player 1's, the second
 * Player 2's, ...). The rules do not change: each person gives the Reaction dice to, and acts with,
 * their own figures, and the words say whose each figure is. Plain data in the state, so a saved
 * game keeps the split.
 */
import type { FpState } from './game';
import { msg, type Msg } from '../engine/message';

/** Who plays the crew: one person, or two sharing it. */
export const CREW_PLAYERS = ['one', 'two'] as const;
export type CrewPlayers = (typeof CREW_PLAYERS)[number];

/** The set-up option's choices, as the panel shows them. */
export const CREW_PLAYER_LABELS: Record<CrewPlayers, Msg> = {
  one: msg('fiveparsecs:crewPlayers.one'),
  two: msg('fiveparsecs:crewPlayers.two'),
};

/** The set-up option's value, checked (missing: one player). */
export function crewPlayersOf(value: string | undefined): CrewPlayers {
  if (value === undefined || value === '' || value === 'one') return 'one';
  if (value === 'two') return 'two';
  throw new Error(`crew must be one of "one", "two" (got "${value}")`);
}

/** Each crew figure's player, 1 or 2, alternately in the crew's order; null for one player. */
export function shareOut(figureIds: readonly string[], players: CrewPlayers): Record<string, 1 | 2> | null {
  if (players === 'one') return null;
  return Object.fromEntries(figureIds.map((id, i) => [id, i % 2 === 0 ? 1 : 2] as const));
}

/** Whose a figure is in co-op ("Player 1"), or null (one player, or an enemy). */
export function ownerOf(s: FpState, id: string): Msg | null {
  const p = s.owners?.[id];
  return p ? msg('fiveparsecs:player', { player: p }) : null;
}

/** " (Player 1)" after a crew figure's name in co-op, else ''. */
export const ownerTag = (s: FpState, id: string): Msg | '' => {
  const p = s.owners?.[id];
  return p ? msg('fiveparsecs:playerTag', { player: p }) : '';
};
