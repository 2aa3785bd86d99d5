/** Hotseat co-op: who plays the crew, and how its figures are shared out. */
import { describe, expect, it } from 'vitest';
import { crewPlayersOf, ownerOf, ownerTag, shareOut } from '../../../../src/rules/fiveparsecs/coop';
import { fresh } from './fixture';
import { en } from '../../../support/words';

describe('hotseat co-op: the crew split between Player 1 and Player 2', () => {
  it('the option: missing, empty or "one" is one player; "two" is co-op; anything else is refused by name', () => {
    expect(crewPlayersOf(undefined)).toBe('one');
    expect(crewPlayersOf('')).toBe('one');
    expect(crewPlayersOf('one')).toBe('one');
    expect(crewPlayersOf('two')).toBe('two');
    expect(() => crewPlayersOf('three')).toThrow('crew must be one of "one", "two" (got "three")');
  });
  it('alternately down the list, Player 1 first; one player shares nothing out', () => {
    expect(shareOut(['a', 'b', 'c'], 'two')).toEqual({ a: 1, b: 2, c: 1 });
    expect(shareOut(['a', 'b', 'c'], 'one')).toBeNull();
  });
  it('the words: "Player 2" and " (Player 2)" for a co-op figure; nothing for one player or an enemy', () => {
    const s = { ...fresh(), owners: { 'A.pilot': 2 as const } };
    expect(en(ownerOf(s, 'A.pilot')!)).toBe('Player 2');
    expect(en(ownerTag(s, 'A.pilot'))).toBe(' (Player 2)');
    expect(ownerOf(s, 'B.gangers-1')).toBeNull();
    expect(ownerTag(s, 'B.gangers-1')).toBe('');
    expect(ownerTag(fresh(), 'A.pilot')).toBe('');
  });
});
