/**
 * The catalogues against each other and against the code: every key is in every language, every message
 * parses in its language and uses no argument the English one is not given, every id the code names is
 * in the catalogues, and every catalogue key is named somewhere in the code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, NAMESPACES, type Language } from '../../../src/i18n/catalogues';
import { inchesText, numberText, render, renderStrict, WordsError } from '../../../src/i18n/i18n';
import { msg } from '../../../src/rules/engine/message';

type Element = { type: number; value: string; options?: Record<string, { value: Element[] }> };

/** The arguments a message uses, with how: 'plain', 'number' (number or plural) or 'select'. */
function argsOf(source: string, lang: Language): Map<string, 'plain' | 'number' | 'select'> {
  const out = new Map<string, 'plain' | 'number' | 'select'>();
  const walk = (els: Element[]) => {
    for (const e of els) {
      if (e.type === 1) out.set(e.value, out.get(e.value) ?? 'plain');
      else if (e.type === 2 || e.type === 6) out.set(e.value, 'number');
      else if (e.type === 5) out.set(e.value, 'select');
      for (const o of Object.values(e.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(source, lang, undefined, { ignoreTag: true }).getAst() as unknown as Element[]);
  return out;
}

/** Every `'namespace:key'` literal in the source files under `dir`. */
function idsIn(dir: string, out = new Map<string, string>()): Map<string, string> {
  const literal = new RegExp(`['"\`]((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.\\-]+)['"\`]`, 'g');
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) idsIn(path, out);
    else if (/\.tsx?$/.test(name))
      for (const m of readFileSync(path, 'utf8').matchAll(literal)) if (!out.has(m[1]!)) out.set(m[1]!, path);
  }
  return out;
}

describe('the catalogues', () => {
  it.each(NAMESPACES)('%s: the same keys in English, Korean and Russian', (ns) => {
    const en = Object.keys(CATALOGUES.en[ns]!).sort();
    for (const lang of LANGUAGES) {
      const keys = Object.keys(CATALOGUES[lang][ns]!);
      expect(
        en.filter((k) => !keys.includes(k)),
        `missing from ${lang}/${ns}.json`,
      ).toEqual([]);
      expect(
        keys.filter((k) => !en.includes(k)),
        `in ${lang}/${ns}.json but not in English`,
      ).toEqual([]);
    }
  });

  it.each(NAMESPACES)('%s: every message parses, uses only the arguments English is given, and renders', (ns) => {
    const problems: string[] = [];
    for (const [key, source] of Object.entries(CATALOGUES.en[ns]!)) {
      const enArgs = argsOf(source, 'en');
      const sample = Object.fromEntries(
        [...enArgs].map(([a, how]) => [a, how === 'number' ? 2 : how === 'select' ? 'other' : 'X']),
      );
      for (const lang of LANGUAGES) {
        const text = CATALOGUES[lang][ns]?.[key];
        if (text === undefined) continue;
        try {
          for (const [a, how] of argsOf(text, lang)) {
            if (!enArgs.has(a)) problems.push(`${lang} ${ns}:${key} uses {${a}}, which English is not given`);
            else if (how === 'number' && enArgs.get(a) !== 'number')
              problems.push(`${lang} ${ns}:${key} formats {${a}} as a number; English takes it as words`);
          }
          renderStrict(msg(`${ns}:${key}`, sample), lang);
        } catch (e) {
          problems.push(`${lang} ${ns}:${key}: ${(e as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every id the code names is in the catalogues, and every key is named in the code', () => {
    const used = idsIn('src');
    const missing = [...used].filter(([id]) => {
      const [ns, key] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
      return CATALOGUES.en[ns]?.[key] === undefined;
    });
    expect(missing.map(([id, file]) => `${id} (${file})`)).toEqual([]);
    const unused = NAMESPACES.flatMap((ns) => Object.keys(CATALOGUES.en[ns]!).map((k) => `${ns}:${k}`)).filter(
      (id) => !used.has(id),
    );
    expect(unused).toEqual([]);
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
