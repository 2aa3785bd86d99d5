/**
 * The catalogue checks, over any set of catalogues: every key in every language, every message parses in
 * its language and uses no argument English is not given, every id the code names is in the catalogues and
 * every key is named in the code. The catalogue test runs them on the app's catalogues (every ruleset of
 * the list); the toy ruleset's test on a list with the toy added.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import type { Catalogue, Language } from '../../src/i18n/catalogues';
import { LANGUAGES } from '../../src/i18n/catalogues';
import { renderStrict } from '../../src/i18n/i18n';
import { msg } from '../../src/rules/engine/message';

type Element = { type: number; value: string; options?: Record<string, { value: Element[] }> };

/** The arguments a message uses, with how: 'plain', 'number' (number or plural) or 'select'. */
export function argsOf(source: string, lang: Language): Map<string, 'plain' | 'number' | 'select'> {
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
export function idsIn(
  dir: string,
  namespaces: readonly string[],
  out = new Map<string, string>(),
): Map<string, string> {
  const literal = new RegExp(`['"\`]((?:${namespaces.join('|')}):[A-Za-z0-9_.\\-]+)['"\`]`, 'g');
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) idsIn(path, namespaces, out);
    else if (/\.tsx?$/.test(name))
      for (const m of readFileSync(path, 'utf8').matchAll(literal)) if (!out.has(m[1]!)) out.set(m[1]!, path);
  }
  return out;
}

/** Catalogues by language and namespace. */
export type Catalogues = Record<Language, Record<string, Catalogue | undefined>>;

/** The keys of a namespace missing from a language, or there but not in English. */
export function keyProblems(c: Catalogues, ns: string): string[] {
  const en = Object.keys(c.en[ns] ?? {});
  return LANGUAGES.flatMap((lang) => {
    const keys = Object.keys(c[lang][ns] ?? {});
    return [
      ...en.filter((k) => !keys.includes(k)).map((k) => `${ns}:${k} is missing from ${lang}`),
      ...keys.filter((k) => !en.includes(k)).map((k) => `${ns}:${k} is in ${lang} but not in English`),
    ];
  });
}

/** The messages of a namespace that do not parse, use an argument English is not given, or do not render. */
export function messageProblems(c: Catalogues, ns: string): string[] {
  const problems: string[] = [];
  for (const [key, source] of Object.entries(c.en[ns] ?? {})) {
    const enArgs = argsOf(source, 'en');
    const sample = Object.fromEntries(
      [...enArgs].map(([a, how]) => [a, how === 'number' ? 2 : how === 'select' ? 'other' : 'X']),
    );
    for (const lang of LANGUAGES) {
      const text = c[lang][ns]?.[key];
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
  return problems;
}

/** The ids the code under `dirs` names that no catalogue has, and the keys of `namespaces` no code names. */
export function usage(
  c: Catalogues,
  namespaces: readonly string[],
  dirs: readonly string[],
): { missing: string[]; unused: string[] } {
  const used = new Map<string, string>();
  for (const d of dirs) idsIn(d, namespaces, used);
  const missing = [...used]
    .filter(([id]) => c.en[id.slice(0, id.indexOf(':'))]?.[id.slice(id.indexOf(':') + 1)] === undefined)
    .map(([id, file]) => `${id} (${file})`);
  const unused = namespaces
    .flatMap((ns) => Object.keys(c.en[ns] ?? {}).map((k) => `${ns}:${k}`))
    .filter((id) => !used.has(id));
  return { missing, unused };
}
