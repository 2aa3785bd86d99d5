import { describe, expect, it } from 'vitest';
import {
  browserLanguage,
  LANGUAGE_KEY,
  rememberLanguage,
  rememberedLanguage,
  startingLanguage,
  type LanguageStorage,
} from '../../../src/i18n/language';

function memory(initial: Record<string, string> = {}): LanguageStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('the starting language', () => {
  it('follows the browser on the first visit: ko-KR → ko, ru → ru, fr → en', () => {
    expect(startingLanguage(memory(), ['ko-KR', 'en-US'])).toBe('ko');
    expect(startingLanguage(memory(), ['ru'])).toBe('ru');
    expect(startingLanguage(memory(), ['fr-FR', 'fr'])).toBe('en');
    expect(startingLanguage(memory(), [])).toBe('en');
    expect(browserLanguage(['de', 'ru-RU'])).toBe('ru');
    expect(browserLanguage(['en-GB', 'ko'])).toBe('en');
  });

  it('a remembered choice beats the browser, and is read back after it is stored', () => {
    expect(startingLanguage(memory({ [LANGUAGE_KEY]: 'ru' }), ['ko-KR'])).toBe('ru');
    const storage = memory();
    rememberLanguage(storage, 'ko');
    expect(storage.data[LANGUAGE_KEY]).toBe('ko');
    expect(startingLanguage(storage, ['en-US'])).toBe('ko');
  });

  it('ignores a bad stored value, a missing storage and a storage that throws', () => {
    expect(startingLanguage(memory({ [LANGUAGE_KEY]: 'klingon' }), ['ru-RU'])).toBe('ru');
    expect(startingLanguage(undefined, ['ko'])).toBe('ko');
    const refusing: LanguageStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedLanguage(refusing)).toBeUndefined();
    expect(() => rememberLanguage(refusing, 'ru')).not.toThrow();
    expect(startingLanguage(refusing, ['ko'])).toBe('ko');
  });
});
