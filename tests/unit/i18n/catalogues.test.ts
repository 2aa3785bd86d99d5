/**
 * The catalogues against each other and against the code: every key is in every language, every message
 * parses in its language and uses no argument the English one is not given, every id the code names is
 * in the catalogues, and every catalogue key is named somewhere in the code.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, NAMESPACES } from '../../../src/i18n/catalogues';
import { inchesText, numberText, render, renderStrict, WordsError } from '../../../src/i18n/i18n';
import { msg } from '../../../src/rules/engine/message';
import { RULESETS } from '../../../src/rulesetsLoaded';
import { keyProblems, messageProblems, usage } from '../../support/catalogueChecks';

describe('the catalogues', () => {
  it('has a namespace for the app, the engine and every ruleset of the list', () => {
    expect(NAMESPACES).toEqual(['ui', 'engine', ...RULESETS.map((r) => r.id)]);
  });

  it.each(NAMESPACES)('%s: the same keys in English, Korean and Russian', (ns) => {
    expect(keyProblems(CATALOGUES, ns)).toEqual([]);
  });

  it.each(NAMESPACES)('%s: every message parses, uses only the arguments English is given, and renders', (ns) => {
    expect(messageProblems(CATALOGUES, ns)).toEqual([]);
  });

  it('every id the code names is in the catalogues, and every key is named in the code', () => {
    const { missing, unused } = usage(CATALOGUES, NAMESPACES, ['src']);
    expect(missing).toEqual([]);
    expect(unused).toEqual([]);
  });

  it('the checks find what is wrong', () => {
    const broken = {
      en: { t: { a: 'A {n, plural, one {# x} other {# xs}}', b: 'B' } },
      ko: { t: { a: 'A {n, number}' } },
      ru: { t: { a: 'A {n, number}', b: 'B', c: 'C' } },
    };
    expect(keyProblems(broken, 't')).toEqual(['t:b is missing from ko', 't:c is in ru but not in English']);
    expect(usage(broken, ['t'], ['src']).unused).toEqual(['t:a', 't:b']);
  });
});

describe('rendering', () => {
  it('formats inches and numbers for the locale: a decimal point in English and Korean, a comma in Russian', () => {
    expect(inchesText(12.46, 'en')).toBe('12.5"');
    expect(inchesText(12.46, 'ko')).toBe('12.5"');
    expect(inchesText(12.46, 'ru')).toBe('12,5"');
    expect(inchesText(3, 'ru')).toBe('3"');
    expect(numberText(1234.5, 'en')).toBe('1,234.5');
    expect(numberText(1234.5, 'ru')).toBe('1\u00a0234,5');
  });

  it('a strict render names the id and the language of a missing key or argument; a plain one falls back', () => {
    expect(() => renderStrict(msg('ui:no.such.key'), 'ko')).toThrow(WordsError);
    expect(() => renderStrict(msg('ui:no.such.key'), 'ko')).toThrow(
      '"ui:no.such.key" is missing from the ko catalogue',
    );
    expect(() => renderStrict(msg('engine:inches'), 'ru')).toThrow(/"engine:inches" in ru: .*"n"/);
    expect(render('Bratva Team 1', 'ru')).toBe('Bratva Team 1');
    expect(render(msg('engine:mm', { n: 32 }), 'ru')).toBe('32 мм');
  });
});
