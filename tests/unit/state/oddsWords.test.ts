/** The hover hint's odds line in the app's words, in each language: each fact the ruleset gave, in order. */
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/i18n/i18n';
import { needWords, oddsWords, percent } from '../../../src/state/oddsWords';

describe('oddsWords', () => {
  it('says the score, the chance, the share hidden, the dice and the ruleset words, joined by dots', () => {
    const line = oddsWords({ need: { score: 5, die: 6 }, chance: 1 / 3, hidden: 0.4167, dice: 2, cover: 'light' });
    expect(render(line!, 'en')).toBe('5+ on d6 · 33 % to hit · 42 % hidden · 2 dice · light');
    expect(render(line!, 'ru')).toBe('5+ на d6 · попадание 33 % · скрыто 42 % · 2 кубика · light');
    expect(render(line!, 'ko')).toBe('d6에서 5+ · 명중 33% · 42% 가려짐 · 주사위 2개 · light');
  });
  it('leaves out what the ruleset left out, and a target in the open is not "0 % hidden"', () => {
    expect(render(oddsWords({ dice: 1, hidden: 0 })!, 'en')).toBe('1 die');
    expect(oddsWords({})).toBeNull();
    expect(oddsWords(undefined)).toBeNull();
  });
  it.each([
    [{ score: 4, die: 6, atMost: true }, '4 or less on d6'],
    [{ score: 6, die: 6, atMost: true }, 'any roll of d6'],
    [{ score: 0, die: 6, atMost: true }, 'no roll of d6 is enough'],
    [{ score: 1, die: 6 }, 'any roll of d6'],
    [{ score: 2, die: 6 }, '2+ on d6'],
    [{ score: 6, die: 6 }, '6+ on d6'],
    [{ score: 7, die: 6 }, 'no roll of d6 is enough'],
  ])('need %j: %s', (n, words) => {
    expect(render(needWords(n), 'en')).toBe(words);
  });
  it('a share rounds to whole percent, but never to 0 above nothing nor 100 below all', () => {
    expect([percent(0), percent(0.001), percent(0.4167), percent(0.999), percent(1)]).toEqual([0, 1, 42, 99, 100]);
  });
});
