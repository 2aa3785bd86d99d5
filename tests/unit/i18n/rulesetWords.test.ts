/**
 * Every ruleset speaks through the catalogues: over two whole games on its default table (seeds 1 and 2:
 * its AI against random moves), every event and every word of the play view renders in English, Korean and
 * Russian with every argument it uses, and no English is written inline; the same for its set-up and help.
 */
import { describe, expect, it } from 'vitest';
import { PLAYABLE } from '../../support/startStates';
import { gameWords, inlineWords, setupWords, unrenderable } from '../../support/wordsCheck';

describe.each(PLAYABLE.map((e) => [e.id, e] as const))('%s speaks English, Korean and Russian', (_id, entry) => {
  it.each([1, 2])(
    'game seed %i: every event and every word of the play view',
    async (seed) => {
      const words = await gameWords(entry, seed);
      expect(words.eventTypes.size).toBeGreaterThan(3);
      expect(unrenderable(words)).toEqual([]);
      expect(inlineWords(words)).toEqual([]);
    },
    120_000,
  );

  it('the set-up, the forces and the help', () => {
    const words = setupWords(entry);
    expect(unrenderable(words)).toEqual([]);
    expect(inlineWords(words)).toEqual([]);
  });
});
