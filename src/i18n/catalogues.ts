/**
 * The message catalogues: the app's and the engine's under locales/, each ruleset's in its folder's words/
 * (added when that ruleset loads: `addRulesetWords`), one JSON file per language and namespace, flat keys, ICU
 * MessageFormat values (`{n, plural, one {# Hit} other {# Hits}}`, `{d, number}`). English is the source;
 * a ruleset translated from its rulebook's language uses that rulebook's own terms.
 */
import type { Words } from '../rules/engine/define';
import { RULESET_IDS } from '../rulesets';
import enEngine from './locales/en/engine.json';
import enUi from './locales/en/ui.json';
import koEngine from './locales/ko/engine.json';
import koUi from './locales/ko/ui.json';
import ruEngine from './locales/ru/engine.json';
import ruUi from './locales/ru/ui.json';

/** The languages the table speaks, English first (the fallback). */
export const LANGUAGES = ['en', 'ko', 'ru'] as const;
/** A language. */
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name (the language menu lists them so). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어', ru: 'Русский' };

/** The namespaces: the app's words, the engine's shared words, and one per ruleset (its id, from the list). */
export const NAMESPACES: readonly string[] = ['ui', 'engine', ...RULESET_IDS];
/** A namespace. */
export type Namespace = string;

/** A catalogue: key to ICU message. */
export type Catalogue = Words;

const APP: Record<Language, { ui: Catalogue; engine: Catalogue }> = {
  en: { ui: enUi, engine: enEngine },
  ko: { ui: koUi, engine: koEngine },
  ru: { ui: ruUi, engine: ruEngine },
};

/**
 * Every catalogue at hand, by language and namespace: the app's and the engine's from the start, a
 * ruleset's (src/rules/<id>/words/<lang>.json) once that ruleset has loaded (i18n.ts adds them).
 */
export const CATALOGUES: Record<Language, Record<Namespace, Catalogue>> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { ...APP[lang] }]),
) as unknown as Record<Language, Record<Namespace, Catalogue>>;

/** Puts a ruleset's words, every language, into the catalogues (its id is the namespace). */
export function addRulesetWords(id: string, words: Record<Language, Catalogue>): void {
  if (!NAMESPACES.includes(id)) throw new Error(`no ruleset "${id}" in the list: its words have no namespace`);
  for (const lang of LANGUAGES) CATALOGUES[lang][id] = words[lang];
}

/** Whether a string names a language the table speaks. */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}
