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

/** The app's and the engine's words of one language. */
export type AppWords = { ui: Catalogue; engine: Catalogue };

/**
 * The app's words in each language: English (the fallback) is in the page from the start, the others
 * are fetched when the page first shows them (i18n.ts `loadLanguage`).
 */
export const APP_WORDS: Record<Language, () => Promise<AppWords>> = {
  en: () => Promise.resolve({ ui: enUi, engine: enEngine }),
  ko: async () => ({
    ui: (await import('./locales/ko/ui.json')).default,
    engine: (await import('./locales/ko/engine.json')).default,
  }),
  ru: async () => ({
    ui: (await import('./locales/ru/ui.json')).default,
    engine: (await import('./locales/ru/engine.json')).default,
  }),
};

/**
 * Every catalogue at hand, by language and namespace: the app's and the engine's English from the start
 * (another language's once it is loaded), a ruleset's (src/rules/<id>/words/<lang>.json, every language)
 * once that ruleset has loaded; i18n.ts adds them.
 */
export const CATALOGUES: Record<Language, Record<Namespace, Catalogue>> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, lang === 'en' ? { ui: enUi, engine: enEngine } : {}]),
) as unknown as Record<Language, Record<Namespace, Catalogue>>;

/** Puts a ruleset's words, every language, into the catalogues (its id is the namespace). */
export function addRulesetWords(id: string, words: Readonly<Record<Language, Catalogue>>): void {
  if (!NAMESPACES.includes(id)) throw new Error(`no ruleset "${id}" in the list: its words have no namespace`);
  for (const lang of LANGUAGES) CATALOGUES[lang][id] = words[lang];
}

/** Whether a string names a language the table speaks. */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}
